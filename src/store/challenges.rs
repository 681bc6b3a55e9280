//! Who started each board by a challenge, and to whom: what the limits on
//! open challenges, boards per day and robot boards count. Kept in the
//! board's history (`board_events`, kind `challenge`).

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// Records that `challenger` started board `game_id` against `opponent`
/// (for two robots set going, `opponent` is the board's Black).
pub fn record_challenge(
    conn: &Connection,
    game_id: i64,
    challenger: &str,
    opponent: &str,
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO board_events (game_id, after, kind, userid, partner, detail, happened)
         VALUES (?1, 0, 'challenge', ?2, ?3, '', ?4)",
    )?
    .execute(params![game_id, challenger, opponent, now])?;
    Ok(())
}

/// Who started board `game_id` by a challenge; none for a board the host
/// paired (a ladder's, a tournament's) or one started before challenges
/// were recorded.
pub fn challenger_of(conn: &Connection, game_id: i64) -> StoreResult<Option<String>> {
    let challenger = conn
        .prepare_cached(
            "SELECT userid FROM board_events WHERE game_id = ?1 AND kind = 'challenge' LIMIT 1",
        )?
        .query_row([game_id], |row| row.get(0))
        .optional()?;
    Ok(challenger)
}

/// The running boards `challenger` started that are not answered yet:
/// fewer than two moves were played on them (a board ended so is
/// aborted). Against `opponent` only, when given.
pub fn unanswered_challenges(
    conn: &Connection,
    challenger: &str,
    opponent: Option<&str>,
) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT count(*) FROM board_events e JOIN games g ON g.id = e.game_id
             WHERE e.kind = 'challenge' AND e.userid = ?1 COLLATE NOCASE
               AND (?2 IS NULL OR e.partner = ?2 COLLATE NOCASE)
               AND g.status = 'active'
               AND (SELECT count(*) FROM moves m WHERE m.game_id = g.id) < 2",
        )?
        .query_row(params![challenger, opponent], |row| row.get(0))?;
    Ok(count as usize)
}

/// How many boards `challenger` started by challenges since `since`.
pub fn challenges_since(conn: &Connection, challenger: &str, since: i64) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT count(*) FROM board_events
             WHERE kind = 'challenge' AND userid = ?1 COLLATE NOCASE AND happened >= ?2",
        )?
        .query_row(params![challenger, since], |row| row.get(0))?;
    Ok(count as usize)
}

/// The running boards `starter` set going between two robots.
pub fn running_robot_boards(conn: &Connection, starter: &str) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT count(*) FROM board_events e JOIN games g ON g.id = e.game_id
             WHERE e.kind = 'challenge' AND e.userid = ?1 COLLATE NOCASE
               AND g.status = 'active'
               AND e.userid <> g.white COLLATE NOCASE AND e.userid <> g.black COLLATE NOCASE",
        )?
        .query_row([starter], |row| row.get(0))?;
    Ok(count as usize)
}

/// The subscriptions (events or results) `userid` holds.
pub fn subscriptions_of(conn: &Connection, userid: &str) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached("SELECT count(*) FROM subscriptions WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get(0))?;
    Ok(count as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn a_challenge_is_open_until_two_moves_and_counted_per_opponent_and_day() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        for (id, black) in [(101, "bob"), (102, "bob"), (103, "carol")] {
            conn.execute(
                "INSERT INTO games (id, kind, switches, white, black, status, created, updated)
                 VALUES (?1, 'chess', '', 'alice', ?2, 'active', 0, 0)",
                params![id, black],
            )
            .unwrap();
            record_challenge(conn, id, "alice", black, 100 * id).unwrap();
        }
        assert_eq!(unanswered_challenges(conn, "alice", None).unwrap(), 3);
        assert_eq!(
            unanswered_challenges(conn, "Alice", Some("BOB")).unwrap(),
            2
        );
        for (number, side) in [(1, "white"), (2, "black")] {
            conn.execute(
                "INSERT INTO moves (game_id, number, side, notation, public_notation, played)
                 VALUES (101, ?1, ?2, 'x', 'x', 0)",
                params![number, side],
            )
            .unwrap();
        }
        assert_eq!(
            unanswered_challenges(conn, "alice", Some("bob")).unwrap(),
            1
        );
        assert_eq!(challenges_since(conn, "alice", 100 * 102).unwrap(), 2);
        assert_eq!(running_robot_boards(conn, "alice").unwrap(), 0);
    }
}
