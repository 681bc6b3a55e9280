//! The robots' accounts: players with a strength (their level) and no
//! address, whom no password opens; and the boards where one plays.

use super::StoreResult;
use rusqlite::{params, Connection};

/// What stands for a robot's password: no argon2 string, so no password
/// ever matches it.
const NO_PASSWORD: &str = "!robot";

/// Creates a robot's account unless the userid is taken; whether it is a
/// robot's now (a player who signed up under the name keeps it).
pub fn ensure_robot(conn: &Connection, userid: &str, level: u8, now: i64) -> StoreResult<bool> {
    conn.prepare_cached(
        "INSERT OR IGNORE INTO players (userid, password_hash, addresses, signed_off, created,
                                        robot_level)
         VALUES (?1, ?2, '', 0, ?3, ?4)",
    )?
    .execute(params![userid, NO_PASSWORD, now, level])?;
    Ok(robot_level(conn, userid)? == Some(level))
}

/// A robot's level, or none for a person.
pub fn robot_level(conn: &Connection, userid: &str) -> StoreResult<Option<u8>> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .prepare_cached("SELECT robot_level FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get::<_, Option<u8>>(0))
        .optional()?
        .flatten())
}

/// Running boards with a robot at either seat, oldest first.
pub fn boards_with_robots(conn: &Connection) -> StoreResult<Vec<i64>> {
    let mut statement = conn.prepare_cached(
        "SELECT id FROM games WHERE status = 'active' AND (
            white IN (SELECT userid FROM players WHERE robot_level IS NOT NULL)
            OR black IN (SELECT userid FROM players WHERE robot_level IS NOT NULL))
         ORDER BY id",
    )?;
    let rows = statement.query_map([], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
