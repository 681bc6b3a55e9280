//! Conditional moves: each player's queued lines on a board, the turns
//! he expects from his opponent and his answers, played by the host when
//! the expected turn comes.

use super::StoreResult;
use rusqlite::{params, Connection};

/// One stored line of conditional moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedLine {
    pub(crate) id: i64,
    pub(crate) userid: String,
    /// The number of moves on the board where the turn the line expects
    /// next begins.
    pub(crate) anchor: i64,
    /// Expected turn, answer, expected turn, answer...; each turn's
    /// actions joined by commas (`*` expects any turn).
    pub(crate) units: Vec<String>,
}

fn units_text(units: &[String]) -> String {
    units.join(" ")
}

pub fn insert_line(
    conn: &Connection,
    game_id: i64,
    userid: &str,
    anchor: i64,
    units: &[String],
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO queued_lines (game_id, userid, anchor, units, created)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![game_id, userid, anchor, units_text(units), now])?;
    Ok(())
}

/// The lines on a board, of one player or (`None`) of both, oldest first.
pub fn queued_lines(
    conn: &Connection,
    game_id: i64,
    userid: Option<&str>,
) -> StoreResult<Vec<QueuedLine>> {
    let mut statement = conn.prepare_cached(
        "SELECT id, userid, anchor, units FROM queued_lines
         WHERE game_id = ?1 AND (?2 IS NULL OR userid = ?2 COLLATE NOCASE)
         ORDER BY id",
    )?;
    let lines = statement
        .query_map(params![game_id, userid], |row| {
            let units: String = row.get(3)?;
            Ok(QueuedLine {
                id: row.get(0)?,
                userid: row.get(1)?,
                anchor: row.get(2)?,
                units: units.split_whitespace().map(str::to_string).collect(),
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lines)
}

/// A line moved on past a turn that matched and the answer played.
pub fn advance_line(conn: &Connection, id: i64, anchor: i64, units: &[String]) -> StoreResult<()> {
    conn.prepare_cached("UPDATE queued_lines SET anchor = ?2, units = ?3 WHERE id = ?1")?
        .execute(params![id, anchor, units_text(units)])?;
    Ok(())
}

pub fn delete_line(conn: &Connection, id: i64) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM queued_lines WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

/// Removes the lines on a board, of one player or (`None`) of both;
/// how many there were.
pub fn clear_lines(conn: &Connection, game_id: i64, userid: Option<&str>) -> StoreResult<usize> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM queued_lines
             WHERE game_id = ?1 AND (?2 IS NULL OR userid = ?2 COLLATE NOCASE)",
        )?
        .execute(params![game_id, userid])?)
}
