//! What a Swiss keeps beside its boards: the colour the lot gave the top
//! seed in round 1, the pairing-allocated byes of each round, and when
//! the current round's deadline passes.

use super::StoreResult;
use crate::games::Side;
use rusqlite::{params, Connection, OptionalExtension};

/// Keeps the colour the lot gave seed 1 on board 1 of round 1.
pub fn set_first_colour(conn: &Connection, id: i64, side: Side) -> StoreResult<()> {
    let name = match side {
        Side::White => "white",
        Side::Black => "black",
    };
    conn.prepare_cached("UPDATE tournaments SET first_colour = ?2 WHERE id = ?1")?
        .execute(params![id, name])?;
    Ok(())
}

/// The colour the lot gave seed 1 in round 1, once drawn.
pub fn first_colour(conn: &Connection, id: i64) -> StoreResult<Option<Side>> {
    let name: Option<String> = conn
        .prepare_cached("SELECT first_colour FROM tournaments WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()?
        .flatten();
    Ok(match name.as_deref() {
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        _ => None,
    })
}

/// Records that `userid` has the pairing-allocated bye of `round`.
pub fn insert_bye(conn: &Connection, id: i64, round: u32, userid: &str) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT OR IGNORE INTO tournament_byes (tournament_id, round, userid) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![id, round, userid])?;
    Ok(())
}

/// The pairing-allocated byes of a tournament: (round, userid), by round.
pub fn tournament_byes(conn: &Connection, id: i64) -> StoreResult<Vec<(u32, String)>> {
    let mut statement = conn.prepare_cached(
        "SELECT round, userid FROM tournament_byes WHERE tournament_id = ?1 ORDER BY round",
    )?;
    let rows = statement.query_map([id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Sets when the current round's deadline passes (`None`: no deadline
/// waits, or its director was told).
pub fn set_round_due(conn: &Connection, id: i64, due: Option<i64>) -> StoreResult<()> {
    conn.prepare_cached("UPDATE tournaments SET round_due = ?2 WHERE id = ?1")?
        .execute(params![id, due])?;
    Ok(())
}

/// The running tournaments whose round deadline has passed at `now`.
pub fn rounds_due(conn: &Connection, now: i64) -> StoreResult<Vec<i64>> {
    let mut statement = conn.prepare_cached(
        "SELECT id FROM tournaments WHERE round_due IS NOT NULL AND round_due <= ?1
         AND status = 'running' ORDER BY round_due, id",
    )?;
    let rows = statement.query_map([now], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// When the next round deadline passes, for the timers.
pub fn next_round_due(conn: &Connection) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached(
            "SELECT MIN(round_due) FROM tournaments WHERE round_due IS NOT NULL
             AND status = 'running'",
        )?
        .query_row([], |row| row.get(0))
        .optional()?
        .flatten())
}
