//! Knockout tournaments kept in the store: the players seeded by rating
//! at the start, and each match's next game begun as the games before it
//! end (the next round's once every match of a round is decided), from
//! whichever path ended a game: a move, a handler, a timer. The bracket
//! itself is `rules::knockout`; the stored boards are its truth.

use crate::games::GameKind;
use crate::host::competition::board::{self, NewBoard};
use crate::host::competition::{rated, RatingSettings, TournamentSettings};
use crate::host::model::notice::{BoardNews, Bout, Event, Notice};
use crate::host::model::replays::Replays;
use crate::rules::knockout::{self, Bracket, BracketGame, Match, Place};
use crate::rules::score::EventScore;
use crate::store::{self, StoreError, Tournament, TournamentBoard};
use rusqlite::Connection;

/// Seeds the players by their current rating in the game type (a player
/// without one has a newcomer's; ties by userid) and begins the first
/// games of the first round. The new boards' notices.
pub fn start(
    conn: &Connection,
    replays: &Replays,
    ratings: &RatingSettings,
    settings: &TournamentSettings,
    tournament: &Tournament,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let players = store::tournament_players(conn, tournament.id)?;
    let mut rated_players = Vec::with_capacity(players.len());
    for userid in &players {
        let rating = match store::load_rating(conn, &tournament.kind, userid)? {
            Some(stored) => rated::current(ratings, &stored, now).rating,
            None => ratings.newcomer().rating,
        };
        rated_players.push((userid.as_str(), rating));
    }
    let seeded: Vec<String> = knockout::seeding(&rated_players)
        .into_iter()
        .map(|index| players[index].clone())
        .collect();
    store::set_tournament_seeds(conn, tournament.id, &seeded)?;
    let bracket = bracket(conn, tournament.id, &seeded)?;
    begin_due(conn, replays, settings, tournament, &seeded, &bracket, now)
}

/// After a knockout board's score is stored: the games the bracket needs
/// now, begun (their notices), or `None` once the final is decided.
pub fn go_on(
    conn: &Connection,
    replays: &Replays,
    settings: &TournamentSettings,
    tournament: &Tournament,
    now: i64,
) -> Result<Option<Vec<Notice>>, StoreError> {
    let seeded = store::tournament_players(conn, tournament.id)?;
    let bracket = bracket(conn, tournament.id, &seeded)?;
    if bracket.champion().is_some() {
        return Ok(None);
    }
    begin_due(conn, replays, settings, tournament, &seeded, &bracket, now).map(Some)
}

/// The bracket from the stored boards; `seeded` are the players by seed.
pub fn bracket(conn: &Connection, id: i64, seeded: &[String]) -> Result<Bracket, StoreError> {
    let seed = |userid: &str| seeded.iter().position(|p| p.eq_ignore_ascii_case(userid));
    let games: Vec<BracketGame> = store::tournament_boards(conn, id)?
        .iter()
        .filter_map(|board| {
            Some(BracketGame {
                round: board.round,
                match_no: board.match_no?,
                white: seed(&board.white)?,
                black: seed(&board.black)?,
                score: board.score.as_deref().and_then(EventScore::from_stored),
            })
        })
        .collect();
    Ok(Bracket::new(seeded.len(), &games))
}

/// Begins every game `bracket` has due, each stored as a board of its
/// round and match, with the mail of a new board for both players.
fn begin_due(
    conn: &Connection,
    replays: &Replays,
    settings: &TournamentSettings,
    tournament: &Tournament,
    seeded: &[String],
    bracket: &Bracket,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let kind = GameKind::from_name(&tournament.kind).ok_or_else(|| {
        StoreError::Corrupt(format!(
            "tournament {} is of the unknown game {:?}",
            tournament.id, tournament.kind
        ))
    })?;
    // The stored switches: the host's options, then the game's own, both
    // checked when the tournament was created.
    let (options, game): (Vec<String>, Vec<String>) = tournament
        .switches
        .split_whitespace()
        .map(String::from)
        .partition(|switch| switch.starts_with("--"));
    let switches = kind
        .new_game(&game)
        .map_err(|err| {
            StoreError::Corrupt(format!(
                "tournament {} has switches its game refuses: {err}",
                tournament.id
            ))
        })?
        .switches();
    let mut notices = Vec::new();
    for next in bracket.due(tournament.id as u64) {
        let (white, black) = (&seeded[next.white], &seeded[next.black]);
        let new = NewBoard {
            kind,
            white,
            black,
            rated: tournament.rated,
            options: &options,
            switches: &switches,
        };
        let live = board::begin(conn, replays, &new, now)?;
        store::insert_tournament_board(
            conn,
            tournament.id,
            &TournamentBoard {
                game_id: live.record.id,
                round: next.round,
                match_no: Some(next.match_no),
                white: white.clone(),
                black: black.clone(),
                score: None,
            },
        )?;
        let played = match_of(bracket, next.round, next.match_no);
        let bout = Bout {
            match_no: next.match_no,
            game: played.map_or(0, |game| game.games.len()) as u32 + 1,
            sudden_death: played.is_some_and(|game| game.in_sudden_death()),
        };
        notices.push(Notice::Board(BoardNews {
            live,
            events: vec![Event::Paired {
                tournament: tournament.name.clone(),
                round: next.round,
                aborted: tournament.abort_rule(settings.aborted),
                note: tournament.comment.clone(),
                bout: Some(bout),
            }],
            comment: None,
            new_game: true,
        }));
    }
    Ok(notices)
}

/// Match `match_no` of round `round` as it stands.
fn match_of(bracket: &Bracket, round: u32, match_no: u32) -> Option<&Match> {
    bracket
        .rounds
        .iter()
        .filter(|r| r.number == round)
        .flat_map(|r| &r.places)
        .find_map(|place| match place {
            Place::Match { number, game, .. } if *number == match_no => Some(game),
            _ => None,
        })
}
