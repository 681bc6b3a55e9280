//! Knockouts: the players seeded by rating at the start, and each
//! match's next game begun as the games before it end (the next round's
//! once every match of a round is decided), from whichever path ended a
//! game or took a player out: a move, a handler, a timer, a director.
//! The bracket itself is `rules::knockout`; the stored boards and the
//! players taken out are its truth. Every match must be decided, so an
//! aborted game is always lost by the player who would not play it.

use super::common::{self, begin_board, Begun, Next, Run, Standings, TournamentFormat};
use crate::host::model::notice::{Bout, Notice};
use crate::rules::knockout::{Bracket, BracketGame, Match, Place};
use crate::rules::score::{AbortRule, EventScore};
use crate::rules::standings::Played;
use crate::store::{self, StoreError, Tournament};
use rusqlite::Connection;

pub(super) struct Knockout;

pub(super) const KNOCKOUT: Knockout = Knockout;

impl TournamentFormat for Knockout {
    /// A player who would not play could stall his match for ever were
    /// a void game played again and again.
    fn abort_rules(&self) -> &'static [AbortRule] {
        &[AbortRule::RefuserLoses]
    }

    fn hands_over_seats(&self) -> bool {
        false
    }

    fn meetings(&self) -> u32 {
        0
    }

    /// Seeds the players by their current rating in the game type (a
    /// player without one has a newcomer's; ties by userid), begins the
    /// first games of the first round, and has every player mailed the
    /// bracket.
    fn start(&self, run: &Run<'_>, players: &[String]) -> Result<Begun, StoreError> {
        let seeded: Vec<String> = common::seed(run, players)?;
        let notices = begin_due(run)?;
        Ok(Begun {
            boards: notices.len(),
            notices,
            bracket_for: seeded,
        })
    }

    fn go_on(&self, run: &Run<'_>) -> Result<Next, StoreError> {
        if bracket(run.conn, run.tournament)?.finished() {
            return Ok(Next::Over);
        }
        begin_due(run).map(Next::Boards)
    }

    fn standings(
        &self,
        conn: &Connection,
        tournament: &Tournament,
        _players: &[String],
        _boards: &[Played],
    ) -> Result<Standings, StoreError> {
        Ok(Standings::Bracket(bracket(conn, tournament)?))
    }
}

/// The bracket from the stored boards and the players taken out; the
/// players by seed are `store::tournament_players` once seeded.
fn bracket(conn: &Connection, tournament: &Tournament) -> Result<Bracket, StoreError> {
    let seeded = store::tournament_players(conn, tournament.id)?;
    let seed = |userid: &str| seeded.iter().position(|p| p.eq_ignore_ascii_case(userid));
    let games: Vec<BracketGame> = store::tournament_boards(conn, tournament.id)?
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
    let withdrawn: Vec<usize> = store::withdrawn_players(conn, tournament.id)?
        .iter()
        .filter_map(|userid| seed(userid))
        .collect();
    Ok(Bracket::new(seeded.len(), &games, &withdrawn))
}

/// Begins every game the bracket has due, each stored as a board of its
/// round and match, with the mail of a new board for both players.
fn begin_due(run: &Run<'_>) -> Result<Vec<Notice>, StoreError> {
    let seeded = store::tournament_players(run.conn, run.tournament.id)?;
    let bracket = bracket(run.conn, run.tournament)?;
    let mut notices = Vec::new();
    for next in bracket.due(run.tournament.id as u64) {
        let (white, black) = (&seeded[next.white], &seeded[next.black]);
        let played = match_of(&bracket, next.round, next.match_no);
        let bout = Bout {
            match_no: next.match_no,
            game: played.map_or(0, |game| game.games.len()) as u32 + 1,
            sudden_death: played.is_some_and(|game| game.in_sudden_death()),
        };
        notices.push(begin_board(
            &KNOCKOUT,
            run,
            (white, black),
            next.round,
            Some(bout),
        )?);
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
