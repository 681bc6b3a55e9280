//! A game rebuilt from the store: the record plus the position reached by
//! replaying the move list from the start.

use crate::games::{replay, Game, GameKind, RecordedMove};
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
    let all_moves = store::load_moves(conn, id).map_err(|err| match err {
        StoreError::Corrupt(reason) => unreadable(reason),
        other => LoadError::Store(other),
    })?;
    let total_moves = all_moves.len();
    let take = after.unwrap_or(total_moves).min(total_moves);
    let moves: Vec<MoveRecord> = all_moves.into_iter().take(take).collect();
    let recorded: Vec<RecordedMove> = moves
        .iter()
        .map(|record| RecordedMove {
            side: record.side,
            notation: record.notation.clone(),
        })
        .collect();
    let game =
        replay(kind, &record.switches, &recorded).map_err(|err| unreadable(err.to_string()))?;
    Ok(LiveGame {
        record,
        kind,
        game,
        moves,
        total_moves,
    })
}
