//! The boards of a game type that are over (played to a result or
//! aborted), newest first, a page at a time.

use super::StoreResult;
use rusqlite::{params, Connection};

/// One finished board: when it began and ended, and its number of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FinishedBoard {
    pub(crate) id: i64,
    pub(crate) started: i64,
    pub(crate) ended: i64,
    pub(crate) moves: i64,
}

/// The boards of `kind` that are over, aborted ones too (of `userid`
/// only, when given), newest first: `limit` of them after `offset`, and
/// how many there are in all.
pub(crate) fn finished_boards(
    conn: &Connection,
    kind: &str,
    userid: Option<&str>,
    limit: u32,
    offset: u32,
) -> StoreResult<(u32, Vec<FinishedBoard>)> {
    let total: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM games WHERE kind = ?1 AND status != 'active'
               AND (?2 IS NULL OR white = ?2 COLLATE NOCASE OR black = ?2 COLLATE NOCASE)",
        )?
        .query_row(params![kind, userid], |row| row.get(0))?;
    let mut statement = conn.prepare_cached(
        "SELECT id, created, updated, (SELECT COUNT(*) FROM moves WHERE game_id = games.id)
         FROM games WHERE kind = ?1 AND status != 'active'
           AND (?2 IS NULL OR white = ?2 COLLATE NOCASE OR black = ?2 COLLATE NOCASE)
         ORDER BY updated DESC, id DESC LIMIT ?3 OFFSET ?4",
    )?;
    let boards = statement
        .query_map(params![kind, userid, limit, offset], |row| {
            Ok(FinishedBoard {
                id: row.get(0)?,
                started: row.get(1)?,
                ended: row.get(2)?,
                moves: row.get(3)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((u32::try_from(total).unwrap_or(u32::MAX), boards))
}
