//! The players' clocks on each board, and the players' vacations, with
//! the moment each next needs the host (`due`), found through an index so
//! that looking for due timers costs the same with a hundred boards or a
//! hundred thousand.

use super::games::{parse_side, side_name};
use super::StoreResult;
use crate::games::Side;
use rusqlite::{params, Connection, OptionalExtension, Row};

/// One player's clock on one board, as stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct StoredClock {
    pub(crate) to_move: bool,
    pub(crate) running_since: Option<i64>,
    pub(crate) used: i64,
    pub(crate) bank: Option<i64>,
    pub(crate) nagged: Option<i64>,
}

fn clock_from_row(row: &Row<'_>) -> rusqlite::Result<StoredClock> {
    Ok(StoredClock {
        to_move: row.get::<_, i64>(0)? != 0,
        running_since: row.get(1)?,
        used: row.get(2)?,
        bank: row.get(3)?,
        nagged: row.get(4)?,
    })
}

/// A board's two clocks, White's first; `None` for a board without them
/// (one that ended before clocks ran).
pub(crate) fn load_clocks(
    conn: &Connection,
    game_id: i64,
) -> StoreResult<Option<[StoredClock; 2]>> {
    let mut clocks = [None, None];
    let mut statement = conn.prepare_cached(
        "SELECT to_move, running_since, used, bank, nagged, side FROM clocks WHERE game_id = ?1",
    )?;
    let rows = statement.query_map([game_id], |row| {
        Ok((clock_from_row(row)?, row.get::<_, String>(5)?))
    })?;
    for row in rows {
        let (clock, side) = row?;
        match parse_side(&side) {
            Some(Side::White) => clocks[0] = Some(clock),
            Some(Side::Black) => clocks[1] = Some(clock),
            None => {}
        }
    }
    Ok(match clocks {
        [Some(white), Some(black)] => Some([white, black]),
        _ => None,
    })
}

/// Stores a clock with the moment it next needs the host.
pub(crate) fn save_clock(
    conn: &Connection,
    game_id: i64,
    side: Side,
    clock: &StoredClock,
    due: Option<i64>,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO clocks (game_id, side, to_move, running_since, used, bank, nagged, due)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT (game_id, side) DO UPDATE SET to_move = ?3, running_since = ?4,
             used = ?5, bank = ?6, nagged = ?7, due = ?8",
    )?
    .execute(params![
        game_id,
        side_name(side),
        clock.to_move as i64,
        clock.running_since,
        clock.used,
        clock.bank,
        clock.nagged,
        due
    ])?;
    Ok(())
}

/// Clocks due by `now`, the earliest first.
pub(crate) fn due_clocks(conn: &Connection, now: i64, limit: u32) -> StoreResult<Vec<(i64, Side)>> {
    let mut statement = conn.prepare_cached(
        "SELECT game_id, side FROM clocks WHERE due IS NOT NULL AND due <= ?1
         ORDER BY due, game_id LIMIT ?2",
    )?;
    let rows = statement.query_map(params![now, limit], |row| {
        Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
    })?;
    let mut due = Vec::new();
    for row in rows {
        let (game_id, side) = row?;
        if let Some(side) = parse_side(&side) {
            due.push((game_id, side));
        }
    }
    Ok(due)
}

/// Vacations that end by `now`, the earliest first.
pub(crate) fn ending_vacations(
    conn: &Connection,
    now: i64,
    limit: u32,
) -> StoreResult<Vec<String>> {
    let mut statement = conn.prepare_cached(
        "SELECT userid FROM players WHERE vacation_ends IS NOT NULL AND vacation_ends <= ?1
         ORDER BY vacation_ends LIMIT ?2",
    )?;
    let userids = statement
        .query_map(params![now, limit], |row| row.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(userids)
}

/// Boards that ran before clocks existed and have none yet.
pub(crate) fn boards_without_clocks(conn: &Connection, limit: u32) -> StoreResult<Vec<i64>> {
    let mut statement =
        conn.prepare_cached("SELECT game_id FROM clocks_to_start ORDER BY game_id LIMIT ?1")?;
    let ids = statement
        .query_map([limit], |row| row.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}

pub(crate) fn clocks_started(conn: &Connection, game_id: i64) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM clocks_to_start WHERE game_id = ?1")?
        .execute([game_id])?;
    Ok(())
}

/// The next moment any timer needs the host.
pub(crate) fn next_timer(conn: &Connection) -> StoreResult<Option<i64>> {
    let clock: Option<i64> = conn
        .prepare_cached("SELECT MIN(due) FROM clocks WHERE due IS NOT NULL")?
        .query_row([], |row| row.get(0))
        .optional()?
        .flatten();
    let vacation: Option<i64> = conn
        .prepare_cached("SELECT MIN(vacation_ends) FROM players WHERE vacation_ends IS NOT NULL")?
        .query_row([], |row| row.get(0))
        .optional()?
        .flatten();
    let digest: Option<i64> = conn
        .prepare_cached("SELECT MIN(digest_due) FROM players WHERE digest_due IS NOT NULL")?
        .query_row([], |row| row.get(0))
        .optional()?
        .flatten();
    let ladder = super::next_ladder_drop(conn)?;
    // Open challenges expire too (swept by the timers).
    let seek: Option<i64> = conn
        .prepare_cached("SELECT MIN(expires) FROM seeks")?
        .query_row([], |row| row.get(0))
        .optional()?
        .flatten();
    let round = super::next_round_due(conn)?;
    Ok([clock, vacation, digest, ladder, seek, round]
        .into_iter()
        .flatten()
        .min())
}

/// When a player's next daily digest is due; `None`: he takes a mail per
/// move.
pub(crate) fn digest_due(conn: &Connection, userid: &str) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT digest_due FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get(0))
        .optional()?
        .flatten())
}

pub(crate) fn set_digest_due(conn: &Connection, userid: &str, due: Option<i64>) -> StoreResult<()> {
    conn.prepare_cached("UPDATE players SET digest_due = ?2 WHERE userid = ?1 COLLATE NOCASE")?
        .execute(params![userid, due])?;
    Ok(())
}

/// Players whose digest is due by `now`, with when it was due.
pub(crate) fn due_digests(
    conn: &Connection,
    now: i64,
    limit: u32,
) -> StoreResult<Vec<(String, i64)>> {
    let mut statement = conn.prepare_cached(
        "SELECT userid, digest_due FROM players WHERE digest_due IS NOT NULL AND digest_due <= ?1
         ORDER BY digest_due LIMIT ?2",
    )?;
    let due = statement
        .query_map(params![now, limit], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<Vec<(String, i64)>, _>>()?;
    Ok(due)
}

/// A player's own reminder schedule (`3d 1d 4h`, or `off`); `None` for
/// the host's nags.
pub(crate) fn reminders(conn: &Connection, userid: &str) -> StoreResult<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT reminders FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get(0))
        .optional()?
        .flatten())
}

pub(crate) fn set_reminders(
    conn: &Connection,
    userid: &str,
    schedule: Option<&str>,
) -> StoreResult<()> {
    conn.prepare_cached("UPDATE players SET reminders = ?2 WHERE userid = ?1 COLLATE NOCASE")?
        .execute(params![userid, schedule])?;
    Ok(())
}

/// A player's vacation: since when, when it ends by itself, and the days
/// of the year's allowance used before it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Vacation {
    pub(crate) since: Option<i64>,
    pub(crate) ends: Option<i64>,
    /// The calendar year `used_days` counts in.
    pub(crate) year: i32,
    pub(crate) used_days: i64,
}

pub(crate) fn vacation(conn: &Connection, userid: &str) -> StoreResult<Vacation> {
    Ok(conn
        .prepare_cached(
            "SELECT vacation_since, vacation_ends, vacation_year, vacation_used FROM players
             WHERE userid = ?1 COLLATE NOCASE",
        )?
        .query_row([userid], |row| {
            Ok(Vacation {
                since: row.get(0)?,
                ends: row.get(1)?,
                year: row.get(2)?,
                used_days: row.get(3)?,
            })
        })
        .optional()?
        .unwrap_or_default())
}

pub(crate) fn set_vacation(
    conn: &Connection,
    userid: &str,
    vacation: &Vacation,
) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE players SET vacation_since = ?2, vacation_ends = ?3, vacation_year = ?4,
             vacation_used = ?5 WHERE userid = ?1 COLLATE NOCASE",
    )?
    .execute(params![
        userid,
        vacation.since,
        vacation.ends,
        vacation.year,
        vacation.used_days
    ])?;
    Ok(())
}
