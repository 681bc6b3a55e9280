//! A game rebuilt from the store: the record plus the position reached by
//! replaying the move list from the start.

use crate::games::{Game, GameKind};
use crate::store::{self, GameRecord, MoveRecord, StoreError};
use rusqlite::Connection;

pub struct LiveGame {
    pub record: GameRecord,
    pub kind: GameKind,
    pub game: Box<dyn Game>,
    /// The moves replayed (all of them, or the first `after` ones).
    pub moves: Vec<MoveRecord>,
    /// How many moves the game has in all.
    pub total_moves: usize,
}

impl LiveGame {
    /// The number the next move will get (for the `#n` guard).
    pub fn next_number(&self) -> i64 {
        self.total_moves as i64 + 1
    }
}

/// Why a stored game cannot be brought back.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("there is no board {0}")]
    NoSuchBoard(i64),
    #[error("board {id} cannot be rebuilt: {reason}")]
    Unreadable { id: i64, reason: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Loads a game and replays its moves (only the first `after` when given).
pub fn load(conn: &Connection, id: i64, after: Option<usize>) -> Result<LiveGame, LoadError> {
    let record = store::load_game(conn, id)
        .map_err(|err| match err {
            StoreError::Corrupt(reason) => LoadError::Unreadable { id, reason },
            other => LoadError::Store(other),
        })?
        .ok_or(LoadError::NoSuchBoard(id))?;
    let unreadable = |reason: String| LoadError::Unreadable { id, reason };
    let kind = GameKind::from_name(&record.kind)
        .ok_or_else(|| unreadable(format!("this host has no game called {:?}", record.kind)))?;
    let mut game = kind
        .new_game(&record.switches)
        .map_err(|err| unreadable(format!("its switches are refused now: {err}")))?;
    let all_moves = store::load_moves(conn, id).map_err(|err| match err {
        StoreError::Corrupt(reason) => unreadable(reason),
        other => LoadError::Store(other),
    })?;
    let total_moves = all_moves.len();
    let take = after.unwrap_or(total_moves).min(total_moves);
    let moves: Vec<MoveRecord> = all_moves.into_iter().take(take).collect();
    for record in &moves {
        game.play(record.side, &record.notation).map_err(|err| {
            unreadable(format!(
                "stored move {} ({}) no longer plays: {err}",
                record.number, record.notation
            ))
        })?;
    }
    Ok(LiveGame {
        record,
        kind,
        game,
        moves,
        total_moves,
    })
}
