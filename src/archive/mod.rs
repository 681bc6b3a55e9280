//! Game histories as PGN: every board of the host, finished or running,
//! written in the Portable Game Notation, and read back.
//!
//! [`pgn::write_pgn`] is pure: it takes a stored game, its moves, the
//! host's name and address and the board's time control, and knows no
//! mail and no SQL; [`archive_board`] gathers those from the store.
//!
//! What is written, and the choices where PGN has no word of its own:
//!
//! - The Seven Tag Roster: Event is the host's name, Site its address,
//!   Date the day the challenge created the board (UTC), Round "-",
//!   White and Black the userids, Result `1-0`, `0-1`, `1/2-1/2` or `*`.
//!   Further tags follow in ASCII order, as the PGN export format asks.
//! - A game of an event names it instead of the host: Event is the
//!   tournament's name, or the game type's ladder ("Chess ladder"); Round
//!   a tournament board's round (a ladder game keeps "-"); and
//!   `EventDate` the day the event began (a tournament's start, a
//!   ladder's first game).
//! - `WhiteElo` and `BlackElo`: each player's rating, rounded, when the
//!   game began: for a rated game over, the rating its change started
//!   from; else the rating as it stood when the board was created. Left
//!   out for a player who had no rating then.
//! - `Termination`: "normal" for an end by the rules, a resignation or an
//!   agreed draw; "time forfeit" for a loss on time, and for a draw on
//!   time (the player out of time, the other unable to win); "unterminated"
//!   while the game runs; "aborted" for a game stopped before each
//!   player had moved (declined, resigned or out of time before moving,
//!   voided), which has no result and is never rated: it keeps Result
//!   `*`. PGN's list has no word for it ("abandoned" is a game the
//!   players left unfinished, which an aborted game never began).
//! - `TimeControl`, for a board whose clocks run, in the PGN
//!   correspondence forms: a limit per move is `1/SECONDS` (21 days per
//!   move is `1/1814400`); a bank for the whole game is `SECONDS`, or
//!   `SECONDS+INCREMENT` with a Fischer increment (`--time=30d+1d` is
//!   `2592000+86400`). PGN has no form for a bank's cap, nor for a
//!   limit per move beside a bank; the bank, the larger allowance, is
//!   written then. A board with neither is `-`. So that nothing is lost,
//!   `TimeControlOptions` beside it gives the whole control as the
//!   challenge options that make it (`--nagtime=7d --time=10d
//!   --forfeittime=3d`).
//! - The three variants add `Variant` (the game's title, "Spherical Chess
//!   324") and `Switches` (the stored challenge switches, left out when
//!   there are none), and end the movetext with the final board from
//!   White's seat in a comment. Standard chess is plain PGN with SAN
//!   moves that chess software reads as it is.
//!
//! The movetext groups moves by the game's own turns, as the board mails
//! do: the number is [`crate::games::Game::turn_number`] when the turn's
//! first move was played. Chess and Progression Chess number full moves
//! (Progression's lists are turn 0: `0. list:nbNBrRQK list:KQRrNnBb 1. e4
//! e5`), Infinite Recursion Chess its rounds (`1. W:d4 B:c6`), Spherical
//! Chess 324 its pendulum turns (`1. h8-h7 a2+ne a2+ne 2. h7-h1 h1xb1 ...`).
//! Each move is in the game's stored notation, and belongs to the side
//! that [`crate::games::Game::canonical_mover`] names at that point, unless
//! a number token right before it says otherwise: `N.` is White's move,
//! `N...` Black's, as in PGN. Within a turn White's moves come first, as
//! the mails and the record list a turn: a Recursion round whose Black
//! move was sent first is written White first (its two sealed moves stand
//! apart, so the position is the same). The writer puts `N.` or `N...` at
//! the start of each turn, and mid-turn only where the canonical mover is
//! not the side that moved, so that [`reader::replay_read`] rebuilds the
//! stored game.
//!
//! While a Recursion round is open its sealed moves are not written: an
//! export may be published, and they are not known to the opponent yet.
//! A comment says how many are left out.

mod export;
pub(crate) mod pgn;
pub(crate) mod reader;

pub(crate) use export::{day_start, export_games};
pub(crate) use pgn::{write_pgn, ArchivedGame, PgnEvent, WriteError};
pub use reader::{read_pgn, replay_read, ReadError, ReadGame};

use crate::games::{GameKind, Side};
use crate::identity::HostIdentity;
use crate::rules::time_control::TimeControl;
use crate::store::{self, EventKind, GameRecord, StoreError};
use rusqlite::Connection;

/// Why one board could not be written.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ArchiveError {
    #[error("there is no board {0}")]
    NoSuchBoard(i64),
    #[error("board {id}: {error}")]
    Unwritable { id: i64, error: WriteError },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// One board from the store as PGN: its record, its moves, and its time
/// control when its clocks run.
pub(crate) fn archive_board(
    conn: &Connection,
    id: i64,
    host: &HostIdentity,
) -> Result<String, ArchiveError> {
    let record = store::load_game(conn, id)?.ok_or(ArchiveError::NoSuchBoard(id))?;
    let moves = store::load_moves(conn, id)?;
    let time_control =
        store::load_clocks(conn, id)?.map(|_| TimeControl::from_stored(&record.host_options));
    let ruling = store::ruling(conn, id)?;
    let game = ArchivedGame {
        record: &record,
        moves: &moves,
        host,
        time_control,
        event: event_of(conn, &record)?,
        elo: [
            rating_when_begun(conn, &record, Side::White)?,
            rating_when_begun(conn, &record, Side::Black)?,
        ],
        ruling: ruling.as_ref(),
    };
    write_pgn(&game).map_err(|error| ArchiveError::Unwritable { id, error })
}

/// The ladder or tournament a board is a game of, named as its PGN
/// names it: the tournament's name, or the game type's ladder ("Chess
/// ladder").
fn event_of(conn: &Connection, record: &GameRecord) -> Result<Option<PgnEvent>, StoreError> {
    let Some(event) = store::event_of_board(conn, record.id)? else {
        return Ok(None);
    };
    let name = match (event.kind, event.division) {
        // A division's round robin is named for its league's season.
        (_, Some((league, season, division))) => {
            format!("{league} league, season {season}, division {division}")
        }
        (EventKind::Tournament { name }, None) => name,
        (EventKind::Ladder { name }, None) if !name.is_empty() => name,
        (EventKind::Ladder { .. }, None) => {
            let title =
                GameKind::from_name(&record.kind).map_or(record.kind.as_str(), |kind| kind.title());
            format!("{title} ladder")
        }
    };
    Ok(Some(PgnEvent {
        name,
        round: event.round,
        match_no: event.match_no,
        began: event.began,
    }))
}

/// A player's rating when the board began: the rating its own rating
/// change started from once it is rated, else his rating as it stood
/// when the board was created; `None` when he had none.
fn rating_when_begun(
    conn: &Connection,
    record: &GameRecord,
    side: Side,
) -> Result<Option<f64>, StoreError> {
    let userid = record.player(side);
    let changes = store::rating_changes(conn, record.id)?;
    if let Some(change) = changes
        .iter()
        .find(|change| change.userid.eq_ignore_ascii_case(userid))
    {
        return Ok(Some(change.before));
    }
    store::rating_at(conn, &record.kind, userid, record.created)
}
