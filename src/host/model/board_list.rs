//! A player's boards as his lists show them (`games`, `status`, the
//! digest): each with his side, his opponent and the board rebuilt.

use super::notice::BoardLine;
use super::replays::{load, Replays};
use crate::store::{self, GameRecord, StoreError};
use rusqlite::Connection;

/// A player's boards among `ids` whose stored record `keep` accepts, each
/// with his side, his opponent and the board rebuilt (or why it cannot
/// be).
pub fn board_lines(
    conn: &Connection,
    replays: &Replays,
    userid: &str,
    ids: Vec<i64>,
    keep: impl Fn(&GameRecord) -> bool,
) -> Result<Vec<BoardLine>, StoreError> {
    let mut lines = Vec::new();
    for id in ids {
        let Some(record) = store::load_game(conn, id)? else {
            continue;
        };
        let Some(side) = record.side_of(userid).filter(|_| keep(&record)) else {
            continue;
        };
        lines.push(BoardLine {
            board: id,
            side,
            opponent: record.player(side.opponent()).to_string(),
            live: load(conn, replays, id, None).map_err(|err| err.to_string()),
        });
    }
    Ok(lines)
}
