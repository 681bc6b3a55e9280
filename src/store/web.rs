//! What the read-only web view lists: boards by filter, a page at a time
//! and newest first, paged by key (the last board id shown) so a deep
//! page costs what the first does; and the few look-ups of players,
//! ladders and tournaments it needs. Only public columns are read: no
//! address, password hash, note or conditional line ever leaves here.

use super::games::GameStatus;
use super::tournaments::{Tournament, TournamentStatus};
use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension, Row};

/// The result a filter asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFilter {
    WhiteWon,
    BlackWon,
    Drawn,
    /// Boards still running.
    Running,
    /// Boards stopped before each player moved.
    Aborted,
}

impl ResultFilter {
    /// The condition on a board's stored score or status.
    fn clause(self) -> &'static str {
        match self {
            ResultFilter::WhiteWon => "+score = '1-0'",
            ResultFilter::BlackWon => "+score = '0-1'",
            ResultFilter::Drawn => "+score = '1/2-1/2'",
            ResultFilter::Running => "+status = 'active'",
            ResultFilter::Aborted => "+status = 'aborted'",
        }
    }
}

/// Which event a board belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventFilter {
    Ladder,
    Tournament(i64),
}

/// The archive's filters; each left `None` takes every board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardQuery {
    pub kind: Option<String>,
    /// A userid at either seat, in any case.
    pub player: Option<String>,
    pub result: Option<ResultFilter>,
    pub event: Option<EventFilter>,
    /// Boards created at or after this moment (seconds since the epoch).
    pub since: Option<i64>,
    /// Boards created before this moment.
    pub until: Option<i64>,
    /// Only boards with a smaller id: the key of the page after another.
    pub before: Option<i64>,
}

/// One board in a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRow {
    pub id: i64,
    pub kind: String,
    pub white: String,
    pub black: String,
    pub status: GameStatus,
    /// `1-0`, `0-1`, `1/2-1/2`, or none (running, aborted, or over
    /// before scores were stored).
    pub score: Option<String>,
    /// The words of a result stored by a version before endings.
    pub legacy_result: Option<String>,
    pub created: i64,
    pub updated: i64,
    pub moves: i64,
}

const ROW_COLUMNS: &str = "id, kind, white, black, status, score, result, created, updated,
    (SELECT COUNT(*) FROM moves WHERE game_id = games.id)";

fn board_from_row(row: &Row<'_>) -> rusqlite::Result<BoardRow> {
    let status: String = row.get(4)?;
    Ok(BoardRow {
        id: row.get(0)?,
        kind: row.get(1)?,
        white: row.get(2)?,
        black: row.get(3)?,
        status: GameStatus::parse(&status).unwrap_or(GameStatus::Finished),
        score: row.get(5)?,
        legacy_result: row.get(6)?,
        created: row.get(7)?,
        updated: row.get(8)?,
        moves: row.get(9)?,
    })
}

/// The boards `query` takes, newest (highest id) first, at most `limit`.
/// Only the filters given are in the statement, so SQLite picks the
/// index that serves them (a player's seats, the game, the score).
pub fn web_boards(conn: &Connection, query: &BoardQuery, limit: u32) -> StoreResult<Vec<BoardRow>> {
    use rusqlite::types::Value;
    let mut clauses: Vec<&str> = Vec::new();
    let mut values: Vec<Value> = Vec::new();
    let mut add = |clause: &'static str, given: &[Value]| {
        clauses.push(clause);
        values.extend_from_slice(given);
    };
    if let Some(player) = &query.player {
        let player: Value = player.clone().into();
        add(
            "(white = ? COLLATE NOCASE OR black = ? COLLATE NOCASE)",
            &[player.clone(), player],
        );
    }
    if let Some(kind) = &query.kind {
        add("+kind = ?", &[kind.clone().into()]);
    }
    if let Some(result) = query.result {
        add(result.clause(), &[]);
    }
    match query.event {
        Some(EventFilter::Ladder) => add("id IN (SELECT game_id FROM ladder_games)", &[]),
        Some(EventFilter::Tournament(id)) => add(
            "id IN (SELECT game_id FROM tournament_boards WHERE tournament_id = ?)",
            &[id.into()],
        ),
        None => {}
    }
    // A player's seats are the narrowest index: with one given, the
    // dates (a `+` keeps SQLite from an index on a column) only filter.
    let (from, to) = match query.player {
        Some(_) => ("+created >= ?", "+created < ?"),
        None => ("created >= ?", "created < ?"),
    };
    if let Some(since) = query.since {
        add(from, &[since.into()]);
    }
    if let Some(until) = query.until {
        add(to, &[until.into()]);
    }
    if let Some(before) = query.before {
        add("id < ?", &[before.into()]);
    }
    let conditions = clauses;
    let sql = format!(
        "SELECT {ROW_COLUMNS} FROM games WHERE {} ORDER BY id DESC LIMIT ?",
        if conditions.is_empty() {
            "1".to_string()
        } else {
            conditions.join(" AND ")
        }
    );
    values.push(i64::from(limit).into());
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(rusqlite::params_from_iter(values), board_from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The boards of one status, the most recently changed first.
pub fn recent_boards(
    conn: &Connection,
    status: GameStatus,
    player: Option<&str>,
    limit: u32,
) -> StoreResult<Vec<BoardRow>> {
    let status = match status {
        GameStatus::Active => "active",
        GameStatus::Finished => "finished",
        GameStatus::Aborted => "aborted",
    };
    // Through the index of the status's boards newest first (the status
    // written out, so SQLite sees the partial index serves it), or a
    // player's seat indexes (`+status` keeps SQLite from the other then).
    let sql = match player {
        Some(_) => format!(
            "SELECT {ROW_COLUMNS} FROM games
             WHERE +status = '{status}' AND (white = ?1 COLLATE NOCASE OR black = ?1 COLLATE NOCASE)
             ORDER BY updated DESC, id DESC LIMIT ?2"
        ),
        None => format!(
            "SELECT {ROW_COLUMNS} FROM games WHERE status = '{status}' AND ?1 IS NULL
             ORDER BY updated DESC, id DESC LIMIT ?2"
        ),
    };
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(params![player, limit], board_from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// A player's userid as stored (in its own case), when there is one.
pub fn player_userid(conn: &Connection, userid: &str) -> StoreResult<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT userid FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get(0))
        .optional()?)
}

/// Every tournament, the newest first, at most `limit`; only those
/// `userid` plays in when given.
pub fn web_tournaments(
    conn: &Connection,
    userid: Option<&str>,
    limit: u32,
) -> StoreResult<Vec<Tournament>> {
    let rows = conn
        .prepare_cached(
            "SELECT id, kind, name, organiser, double, rated, switches, status, created
             FROM tournaments
             WHERE ?1 IS NULL OR id IN
                 (SELECT tournament_id FROM tournament_players WHERE userid = ?1)
             ORDER BY id DESC LIMIT ?2",
        )?
        .query_map(params![userid, limit], |row| {
            let status: String = row.get(7)?;
            Ok(Tournament {
                id: row.get(0)?,
                kind: row.get(1)?,
                name: row.get(2)?,
                organiser: row.get(3)?,
                double: row.get(4)?,
                rated: row.get(5)?,
                switches: row.get(6)?,
                status: TournamentStatus::parse(&status).unwrap_or(TournamentStatus::Finished),
                created: row.get(8)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// An open ladder challenge: its board and who challenged whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenChallenge {
    pub game_id: i64,
    pub challenger: String,
    pub challenged: String,
}

/// The ladder challenges of a game type not settled yet.
pub fn open_ladder_games(conn: &Connection, kind: &str) -> StoreResult<Vec<OpenChallenge>> {
    let rows = conn
        .prepare_cached(
            "SELECT game_id, challenger, challenged FROM ladder_games
             WHERE kind = ?1 AND settled = 0 ORDER BY game_id",
        )?
        .query_map([kind], |row| {
            Ok(OpenChallenge {
                game_id: row.get(0)?,
                challenger: row.get(1)?,
                challenged: row.get(2)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The latest ladder boards of a game type, newest first.
pub fn recent_ladder_games(conn: &Connection, kind: &str, limit: u32) -> StoreResult<Vec<i64>> {
    let rows = conn
        .prepare_cached(
            "SELECT game_id FROM ladder_games WHERE kind = ?1 ORDER BY game_id DESC LIMIT ?2",
        )?
        .query_map(params![kind, limit], |row| row.get(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The board's stored list row, for feeds and lists by id.
pub fn board_row(conn: &Connection, id: i64) -> StoreResult<Option<BoardRow>> {
    Ok(conn
        .prepare_cached(&format!("SELECT {ROW_COLUMNS} FROM games WHERE id = ?1"))?
        .query_row([id], board_from_row)
        .optional()?)
}

/// Stores the score of a board that ended (`1-0`, `0-1`, `1/2-1/2`), or
/// none for one that ended without a result; the archive filters by it.
pub fn set_game_score(conn: &Connection, id: i64, score: Option<&str>) -> StoreResult<()> {
    conn.prepare_cached("UPDATE games SET score = ?2 WHERE id = ?1")?
        .execute(params![id, score])?;
    Ok(())
}

/// The column version 23 adds to the games (each only where missing, as
/// a file rolled back by hand may have it).
pub(crate) const WEB_V23_COLUMNS: &[(&str, &str)] = &[("score", "TEXT")];

/// Version 23's backfill of the scores, and its indexes.
pub(crate) const WEB_V23: &str = "UPDATE games SET score = CASE
        WHEN ending IN ('resigned', 'time_forfeit') AND ending_side = 'white' THEN '0-1'
        WHEN ending IN ('resigned', 'time_forfeit') AND ending_side = 'black' THEN '1-0'
        WHEN ending IN ('draw_agreed', 'time_forfeit_drawn') THEN '1/2-1/2'
    END
    WHERE status = 'finished';
    CREATE INDEX IF NOT EXISTS games_finished_by_updated ON games (updated, id)
        WHERE status = 'finished';
    CREATE INDEX IF NOT EXISTS games_running_by_updated ON games (updated, id)
        WHERE status = 'active';
    CREATE INDEX IF NOT EXISTS games_by_created ON games (created);
    CREATE INDEX IF NOT EXISTS tournament_players_by_userid ON tournament_players (userid);
    CREATE INDEX IF NOT EXISTS games_running_by_white ON games (white COLLATE NOCASE, kind)
        WHERE status = 'active';
    CREATE INDEX IF NOT EXISTS games_running_by_black ON games (black COLLATE NOCASE, kind)
        WHERE status = 'active';";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{insert_game, NewGame, Store};

    fn add(conn: &Connection, kind: &str, white: &str, black: &str, created: i64) -> i64 {
        let game = NewGame {
            kind,
            switches: &[],
            white,
            black,
            rated: false,
            host_options: "",
        };
        insert_game(conn, &game, created).unwrap()
    }

    fn plan(conn: &Connection, sql: &str) -> String {
        let mut statement = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
        let rows = statement
            .query_map([], |row| row.get::<_, String>(3))
            .unwrap();
        rows.map(Result::unwrap).collect::<Vec<_>>().join("; ")
    }

    #[test]
    fn a_players_boards_are_found_through_his_seats_and_nothing_is_scanned() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let archive = plan(
            conn,
            &format!(
                "SELECT {ROW_COLUMNS} FROM games WHERE (white = 'a' COLLATE NOCASE OR black = 'a' COLLATE NOCASE)
                 AND +kind = 'chess' AND +score = '1-0' AND +created >= 1 AND id < 9
                 ORDER BY id DESC LIMIT 51"
            ),
        );
        assert!(
            archive.contains("games_by_white") && archive.contains("games_by_black"),
            "{archive}"
        );
        let running = plan(
            conn,
            "SELECT COUNT(*) FROM games WHERE (white = 'a' COLLATE NOCASE OR black = 'a' COLLATE NOCASE)
             AND kind = 'chess' AND status = 'active'",
        );
        assert!(running.contains("games_running_by_white"), "{running}");
        let finished = plan(
            conn,
            "SELECT id FROM games WHERE status = 'finished' AND NULL IS NULL
             ORDER BY updated DESC, id DESC LIMIT 20",
        );
        assert!(
            finished.contains("games_finished_by_updated") && !finished.contains("TEMP B-TREE"),
            "{finished}"
        );
        let dated = plan(
            conn,
            "SELECT id FROM games WHERE created >= 1 AND created < 9 ORDER BY id DESC",
        );
        assert!(dated.contains("games_by_created"), "{dated}");
    }

    #[test]
    fn boards_are_filtered_and_paged_by_key_newest_first() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let first = add(conn, "chess", "alice", "bob", 1_000);
        let second = add(conn, "spherical", "carol", "Alice", 2_000);
        let third = add(conn, "chess", "bob", "carol", 3_000);
        set_game_score(conn, first, Some("1-0")).unwrap();
        let ids = |query: BoardQuery| -> Vec<i64> {
            web_boards(conn, &query, 10)
                .unwrap()
                .iter()
                .map(|row| row.id)
                .collect()
        };
        assert_eq!(ids(BoardQuery::default()), vec![third, second, first]);
        let alice = BoardQuery {
            player: Some("ALICE".into()),
            ..BoardQuery::default()
        };
        assert_eq!(ids(alice.clone()), vec![second, first]);
        let older = BoardQuery {
            before: Some(second),
            ..alice
        };
        assert_eq!(ids(older), vec![first]);
        let won = BoardQuery {
            result: Some(ResultFilter::WhiteWon),
            ..BoardQuery::default()
        };
        assert_eq!(ids(won), vec![first]);
        let dated = BoardQuery {
            since: Some(1_500),
            until: Some(3_000),
            ..BoardQuery::default()
        };
        assert_eq!(ids(dated), vec![second]);
        let chess = BoardQuery {
            kind: Some("chess".into()),
            ..BoardQuery::default()
        };
        assert_eq!(ids(chess), vec![third, first]);
        assert_eq!(
            web_boards(conn, &BoardQuery::default(), 1).unwrap().len(),
            1
        );
    }
}
