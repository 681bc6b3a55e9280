//! Observers: who follows a board (every event, or only its result), or
//! every board of a game type from a given board on.

use super::StoreResult;
use rusqlite::{params, Connection};

/// Board number 0 in a row means every board of the type from `since` on.
const EVERY_BOARD: i64 = 0;

/// What a subscription covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watched {
    Board(i64),
    /// Every board of the type numbered `since` or later.
    Every {
        since: i64,
    },
}

/// Follows boards of `kind`; `results_only` for only their results.
pub fn subscribe(
    conn: &Connection,
    userid: &str,
    kind: &str,
    watched: Watched,
    results_only: bool,
) -> StoreResult<()> {
    let (board, since) = match watched {
        Watched::Board(board) => (board, 0),
        Watched::Every { since } => (EVERY_BOARD, since),
    };
    conn.prepare_cached(
        "INSERT INTO subscriptions (userid, kind, board, results_only, since)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (userid, kind, board) DO UPDATE SET results_only = ?4, since = ?5",
    )?
    .execute(params![userid, kind, board, results_only as i64, since])?;
    Ok(())
}

/// Stops following; `false` when there was nothing to stop.
pub fn unsubscribe(
    conn: &Connection,
    userid: &str,
    kind: &str,
    board: Option<i64>,
) -> StoreResult<bool> {
    let removed = conn
        .prepare_cached(
            "DELETE FROM subscriptions WHERE userid = ?1 COLLATE NOCASE AND kind = ?2
               AND board = ?3",
        )?
        .execute(params![userid, kind, board.unwrap_or(EVERY_BOARD)])?;
    Ok(removed > 0)
}

/// Who follows board `board` of `kind`, each once, with whether he wants
/// only its result.
pub fn observers(conn: &Connection, kind: &str, board: i64) -> StoreResult<Vec<(String, bool)>> {
    let mut statement = conn.prepare_cached(
        "SELECT userid, MIN(results_only) FROM subscriptions
         WHERE kind = ?1 AND (board = ?2 OR (board = 0 AND since <= ?2))
         GROUP BY userid COLLATE NOCASE ORDER BY userid",
    )?;
    let rows = statement
        .query_map(params![kind, board], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)? != 0))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The number the next board will get.
pub fn next_board_id(conn: &Connection) -> StoreResult<i64> {
    let id: i64 = conn
        .prepare_cached("SELECT COALESCE(MAX(id), 100) + 1 FROM games")?
        .query_row([], |row| row.get(0))?;
    Ok(id.max(101))
}
