//! What every format is and shares: the [`TournamentFormat`] trait,
//! what a format's work needs ([`Run`]) and gives ([`Begun`], [`Next`],
//! [`Standings`]), and the work each format does the same way: seeding
//! by rating, beginning a board, the pairing news on its mail.

use crate::games::GameKind;
use crate::host::competition::board::{self, NewBoard};
use crate::host::competition::{rated, CompetitionSettings};
use crate::host::model::notice::{BoardNews, Bout, Division, Event, Notice};
use crate::host::model::replays::{LiveGame, Replays};
use crate::rules::knockout::{seeding, Bracket};
use crate::rules::score::AbortRule;
use crate::rules::standings::{Played, Standing, TieBreak};
use crate::store::{self, StoreError, Tournament, TournamentBoard};
use rusqlite::Connection;

/// What a format's work needs: the store, the games replayed so far,
/// the settings, the tournament and the moment.
pub(crate) struct Run<'a> {
    pub(crate) conn: &'a Connection,
    pub(crate) replays: &'a Replays,
    pub(crate) settings: &'a CompetitionSettings,
    pub(crate) tournament: &'a Tournament,
    pub(crate) now: i64,
}

/// The start of a tournament: the notices of its first boards and what
/// its players are told, and how many boards began.
pub(crate) struct Begun {
    pub(crate) notices: Vec<Notice>,
    pub(crate) boards: usize,
    /// The players each to be mailed the bracket now that it has begun
    /// (a knockout's, by seed); none for a format without one.
    pub(crate) bracket_for: Vec<String>,
}

/// What comes after a board of a running tournament is over, or a player
/// was taken out of it.
pub(crate) enum Next {
    /// These boards began (perhaps none: the others still run).
    Boards(Vec<Notice>),
    /// Nothing more is to be played.
    Over,
}

/// What a tournament's table shows beside its players and boards.
pub(crate) enum Standings {
    /// Points and tie-breaks, best first.
    Table(Vec<Standing>),
    /// A bracket of matches, once it has begun.
    Bracket(Bracket),
}

/// A way of pairing a tournament's players.
pub(crate) trait TournamentFormat: Sync {
    /// The rules for aborted games this format allows, its own first:
    /// one the organiser did not name is replaced by it.
    fn abort_rules(&self) -> &'static [AbortRule] {
        &[AbortRule::RefuserLoses, AbortRule::Void]
    }

    /// How an aborted board of `tournament` counts: the organiser's rule
    /// (`host`'s where it has none), if this format allows it, else the
    /// format's own.
    fn abort_rule(&self, tournament: &Tournament, host: AbortRule) -> AbortRule {
        let allowed = self.abort_rules();
        let chosen = tournament.aborted.unwrap_or(host);
        match allowed.contains(&chosen) {
            true => chosen,
            false => allowed[0],
        }
    }

    /// Whether a player's boards he has not begun may be handed to
    /// another player (a knockout's places are its seeds: no).
    fn hands_over_seats(&self) -> bool {
        true
    }

    /// How many games each two players play (the crosstable's cells);
    /// 0 where they need not meet.
    fn meetings(&self) -> u32;

    /// The fewest players it can start with.
    fn fewest_players(&self, _tournament: &Tournament) -> usize {
        2
    }

    /// Begins the tournament with `players` (in the order they joined).
    fn start(&self, run: &Run<'_>, players: &[String]) -> Result<Begun, StoreError>;

    /// After a board is over or a player was taken out: the boards
    /// begun now, or `Over`.
    fn go_on(&self, run: &Run<'_>) -> Result<Next, StoreError>;

    /// The standings of `players` (seats in the order of
    /// `store::tournament_players`) after `boards`.
    fn standings(
        &self,
        conn: &Connection,
        tournament: &Tournament,
        players: &[String],
        boards: &[Played],
    ) -> Result<Standings, StoreError>;

    /// The byes: (round, seat) for each round a player sits out (a
    /// round robin of an odd number) or has the pairing's bye (a Swiss).
    fn byes(
        &self,
        _conn: &Connection,
        _tournament: &Tournament,
        _players: &[String],
    ) -> Result<Vec<(u32, usize)>, StoreError> {
        Ok(Vec::new())
    }
}

/// What a board's mail says of the tournament it is a game of (and the
/// league, if it is a division of one), `aborted` how the tournament
/// counts an aborted board.
pub(crate) fn paired(
    conn: &Connection,
    tournament: &Tournament,
    (round, bout): (u32, Option<Bout>),
    aborted: AbortRule,
) -> Result<Event, StoreError> {
    Ok(Event::Paired {
        tournament: tournament.name.clone(),
        round,
        aborted,
        note: tournament.comment.clone(),
        bout,
        rounds: tournament.rounds,
        division: division(conn, tournament)?,
    })
}

/// `players` strongest first by their current rating in the game type
/// `kind` (a newcomer's for one without), ties by userid, each with that
/// rating.
pub(crate) fn by_rating(
    conn: &Connection,
    settings: &CompetitionSettings,
    (kind, players): (&str, &[String]),
    now: i64,
) -> Result<Vec<(String, f64)>, StoreError> {
    let ratings = &settings.ratings;
    let mut rated_players = Vec::with_capacity(players.len());
    for userid in players {
        let rating = match store::load_rating(conn, kind, userid)? {
            Some(stored) => rated::current(ratings, &stored, now).rating,
            None => ratings.newcomer().rating,
        };
        rated_players.push((userid.as_str(), rating));
    }
    Ok(seeding(&rated_players)
        .into_iter()
        .map(|index| (players[index].clone(), rated_players[index].1))
        .collect())
}

/// Seeds the players by rating ([`by_rating`]) and keeps each one's seat
/// in that order with the rating he was seeded with; the players by
/// seed.
pub(super) fn seed(run: &Run<'_>, players: &[String]) -> Result<Vec<String>, StoreError> {
    let tournament = run.tournament;
    let seeded: Vec<(String, i64)> =
        by_rating(run.conn, run.settings, (&tournament.kind, players), run.now)?
            .into_iter()
            .map(|(userid, rating)| (userid, rating.round() as i64))
            .collect();
    store::set_tournament_seeds(run.conn, tournament.id, &seeded)?;
    Ok(seeded.into_iter().map(|(userid, _)| userid).collect())
}

/// The tie-breaks a tournament's table is ranked by: its organiser's,
/// or its format's own.
pub(crate) fn tiebreaks(tournament: &Tournament) -> &[TieBreak] {
    tournament.format.ranked_by(tournament.tiebreaks.as_deref())
}

/// The game type of a tournament, which its row names.
pub(crate) fn kind_of(tournament: &Tournament) -> Result<GameKind, StoreError> {
    GameKind::from_name(&tournament.kind).ok_or_else(|| {
        StoreError::Corrupt(format!(
            "tournament {} is of the unknown game {:?}",
            tournament.id, tournament.kind
        ))
    })
}

/// Begins a board of the tournament between `white` and `black` in
/// `round` (and a knockout's `bout`), under the switches every board of
/// it gets, stored as the tournament's; its new-board notice.
pub(super) fn begin_board(
    format: &dyn TournamentFormat,
    run: &Run<'_>,
    (white, black): (&str, &str),
    round: u32,
    bout: Option<Bout>,
) -> Result<Notice, StoreError> {
    let tournament = run.tournament;
    let kind = kind_of(tournament)?;
    // The stored switches: the host's options, then the game's own, both
    // checked when the rules were set.
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
    let new = NewBoard {
        kind,
        white,
        black,
        rated: tournament.rated,
        options: &options,
        switches: &switches,
    };
    let live: LiveGame = board::begin(run.conn, run.replays, &new, run.now)?;
    store::insert_tournament_board(
        run.conn,
        tournament.id,
        &TournamentBoard {
            game_id: live.record.id,
            round,
            match_no: bout.map(|bout| bout.match_no),
            white: white.to_string(),
            black: black.to_string(),
            score: None,
        },
    )?;
    Ok(Notice::Board(BoardNews {
        live,
        events: vec![paired(
            run.conn,
            tournament,
            (round, bout),
            format.abort_rule(tournament, run.settings.tournaments.aborted),
        )?],
        comment: None,
        new_game: true,
    }))
}

/// The league division a tournament is, named, if it is one.
pub(crate) fn division(
    conn: &Connection,
    tournament: &Tournament,
) -> Result<Option<Division>, StoreError> {
    let Some((league, season, division)) = store::division_of(conn, tournament.id)? else {
        return Ok(None);
    };
    let Some(league) = store::load_league(conn, league)? else {
        return Ok(None);
    };
    Ok(Some(Division {
        league: league.name,
        season,
        division,
    }))
}
