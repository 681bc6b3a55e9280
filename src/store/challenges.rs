//! Who started each board by a challenge, and to whom: what the limits on
//! open challenges, boards per day and robot boards count. Kept in the
//! board's history (`board_events`, kind `challenge`; `detail` is
//! `from-line` for a challenge its From line alone issued, empty for one
//! its challenger's password proved).

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// Which of a player's challenges a limit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counted {
    /// Every challenge issued in his name.
    All,
    /// Only those his password proved: a forged From line spends none
    /// of these.
    Proven,
}

/// The `detail` of a challenge its From line alone issued.
const FROM_LINE: &str = "from-line";

/// Records that `challenger` started board `game_id` against `opponent`
/// (for two robots set going, `opponent` is the board's Black); `proven`
/// when his password issued it.
pub(crate) fn record_challenge(
    conn: &Connection,
    game_id: i64,
    (challenger, proven): (&str, bool),
    opponent: &str,
    now: i64,
) -> StoreResult<()> {
    let detail = if proven { "" } else { FROM_LINE };
    conn.prepare_cached(
        "INSERT INTO board_events (game_id, after, kind, userid, partner, detail, happened)
         VALUES (?1, 0, 'challenge', ?2, ?3, ?4, ?5)",
    )?
    .execute(params![game_id, challenger, opponent, detail, now])?;
    Ok(())
}

/// Who started board `game_id` by a challenge; none for a board the host
/// paired (a ladder's, a tournament's) or one started before challenges
/// were recorded.
pub(crate) fn challenger_of(conn: &Connection, game_id: i64) -> StoreResult<Option<String>> {
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
pub(crate) fn unanswered_challenges(
    conn: &Connection,
    (challenger, counted): (&str, Counted),
    opponent: Option<&str>,
) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT count(*) FROM board_events e JOIN games g ON g.id = e.game_id
             WHERE e.kind = 'challenge' AND e.userid = ?1 COLLATE NOCASE
               AND (?2 IS NULL OR e.partner = ?2 COLLATE NOCASE)
               AND (?3 = 0 OR e.detail <> ?4)
               AND g.status = 'active'
               AND (SELECT count(*) FROM moves m WHERE m.game_id = g.id) < 2",
        )?
        .query_row(
            params![challenger, opponent, counted == Counted::Proven, FROM_LINE],
            |row| row.get(0),
        )?;
    Ok(count as usize)
}

/// How many boards `challenger` started by challenges since `since`.
pub(crate) fn challenges_since(
    conn: &Connection,
    (challenger, counted): (&str, Counted),
    since: i64,
) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT count(*) FROM board_events
             WHERE kind = 'challenge' AND userid = ?1 COLLATE NOCASE AND happened >= ?2
               AND (?3 = 0 OR detail <> ?4)",
        )?
        .query_row(
            params![challenger, since, counted == Counted::Proven, FROM_LINE],
            |row| row.get(0),
        )?;
    Ok(count as usize)
}

/// The running boards `starter` set going between two robots.
pub(crate) fn running_robot_boards(conn: &Connection, starter: &str) -> StoreResult<usize> {
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
pub(crate) fn subscriptions_of(conn: &Connection, userid: &str) -> StoreResult<usize> {
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
            record_challenge(conn, id, ("alice", true), black, 100 * id).unwrap();
        }
        let all = |userid| (userid, Counted::All);
        assert_eq!(unanswered_challenges(conn, all("alice"), None).unwrap(), 3);
        assert_eq!(
            unanswered_challenges(conn, all("Alice"), Some("BOB")).unwrap(),
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
            unanswered_challenges(conn, all("alice"), Some("bob")).unwrap(),
            1
        );
        assert_eq!(challenges_since(conn, all("alice"), 100 * 102).unwrap(), 2);
        assert_eq!(running_robot_boards(conn, "alice").unwrap(), 0);
    }

    #[test]
    fn challenges_a_from_line_alone_issued_count_for_all_and_not_for_the_proven() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        for (id, proven) in [(101, false), (102, false), (103, true)] {
            conn.execute(
                "INSERT INTO games (id, kind, switches, white, black, status, created, updated)
                 VALUES (?1, 'chess', '', 'alice', 'bob', 'active', 0, 0)",
                params![id],
            )
            .unwrap();
            record_challenge(conn, id, ("alice", proven), "bob", 10).unwrap();
        }
        let count = |counted| unanswered_challenges(conn, ("alice", counted), None).unwrap();
        assert_eq!((count(Counted::All), count(Counted::Proven)), (3, 1));
        let since = |counted| challenges_since(conn, ("alice", counted), 0).unwrap();
        assert_eq!((since(Counted::All), since(Counted::Proven)), (3, 1));
    }
}
