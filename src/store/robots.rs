//! The robots' accounts: players with a strength (their level) and no
//! address, whom no password opens; and the boards where one plays.

use super::StoreResult;
use rusqlite::{params, Connection};

/// What stands for a robot's password: no argon2 string, so no password
/// ever matches it.
const NO_PASSWORD: &str = "!robot";

/// Creates a robot's account unless the userid is taken; whether it is a
/// robot's now (a player who signed up under the name keeps it).
pub(crate) fn ensure_robot(
    conn: &Connection,
    userid: &str,
    level: u8,
    now: i64,
) -> StoreResult<bool> {
    conn.prepare_cached(
        "INSERT OR IGNORE INTO players (userid, password_hash, addresses, signed_off, created,
                                        robot_level)
         VALUES (?1, ?2, '', 0, ?3, ?4)",
    )?
    .execute(params![userid, NO_PASSWORD, now, level])?;
    Ok(robot_level(conn, userid)? == Some(level))
}

/// A robot's level, or none for a person.
pub(crate) fn robot_level(conn: &Connection, userid: &str) -> StoreResult<Option<u8>> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .prepare_cached("SELECT robot_level FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get::<_, Option<u8>>(0))
        .optional()?
        .flatten())
}

/// Running boards with a robot at either seat, oldest first. The robots
/// are found by their index and their boards by the seat indexes, so the
/// robots' thread never scans every game.
pub(crate) fn boards_with_robots(conn: &Connection) -> StoreResult<Vec<i64>> {
    let robots: Vec<String> = conn
        .prepare_cached("SELECT userid FROM players WHERE robot_level IS NOT NULL")?
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    let mut boards = Vec::new();
    let mut statement = conn.prepare_cached(
        "SELECT id FROM games WHERE white = ?1 COLLATE NOCASE AND status = 'active'
         UNION SELECT id FROM games WHERE black = ?1 COLLATE NOCASE AND status = 'active'",
    )?;
    for robot in &robots {
        let rows = statement.query_map([robot], |row| row.get::<_, i64>(0))?;
        for row in rows {
            boards.push(row?);
        }
    }
    boards.sort_unstable();
    boards.dedup();
    Ok(boards)
}

/// Who set two robots playing on a board: the challenge made him follow
/// it by its number, so he is among the board's own followers (not those
/// of every board of the type); the first by userid if others follow it
/// too, none if he stopped following it.
pub(crate) fn robot_board_starter(
    conn: &Connection,
    kind: &str,
    board: i64,
) -> StoreResult<Option<String>> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .prepare_cached(
            "SELECT userid FROM subscriptions WHERE kind = ?1 AND board = ?2
             ORDER BY userid COLLATE NOCASE LIMIT 1",
        )?
        .query_row(params![kind, board], |row| row.get(0))
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn the_robots_boards_are_found_through_indexes() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let plan = |sql: &str| -> String {
            let mut statement = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
            let rows = statement
                .query_map(["robot1"], |row| row.get::<_, String>(3))
                .unwrap();
            rows.map(Result::unwrap).collect::<Vec<_>>().join("; ")
        };
        let games = plan(
            "SELECT id FROM games WHERE white = ?1 COLLATE NOCASE AND status = 'active'
             UNION SELECT id FROM games WHERE black = ?1 COLLATE NOCASE AND status = 'active'",
        );
        // The seat indexes: of all boards, or (since version 23) of the
        // running ones alone.
        assert!(
            games.contains("_by_white") && games.contains("_by_black"),
            "{games}"
        );
        let robots = conn
            .prepare("EXPLAIN QUERY PLAN SELECT userid FROM players WHERE robot_level IS NOT NULL")
            .unwrap()
            .query_row([], |row| row.get::<_, String>(3))
            .unwrap();
        assert!(robots.contains("players_robots"), "{robots}");
        ensure_robot(conn, "robot1", 1, 0).unwrap();
        assert_eq!(boards_with_robots(conn).unwrap(), Vec::<i64>::new());
    }
}
