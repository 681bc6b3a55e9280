//! The web view's look-ups: their results, and that each is served by an
//! index.

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

/// The plan of the statement `web_boards` runs for `query`.
fn plan_of(conn: &Connection, query: BoardQuery) -> String {
    let (sql, values) = board_statement(conn, &query, 51).unwrap().unwrap();
    let mut statement = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
    let rows = statement
        .query_map(rusqlite::params_from_iter(values), |row| {
            row.get::<_, String>(3)
        })
        .unwrap();
    rows.map(Result::unwrap).collect::<Vec<_>>().join("; ")
}

#[test]
fn every_archive_filter_is_found_through_an_index_and_nothing_is_scanned() {
    let store = Store::open_in_memory().unwrap();
    let conn = store.connection();
    let key = add(conn, "chess", "alice", "bob", 1_000);
    let q = BoardQuery::default;
    let seats = plan_of(
        conn,
        BoardQuery {
            player: Some("a".into()),
            kind: Some("chess".into()),
            result: Some(ResultFilter::WhiteWon),
            since: Some(1),
            before: Some(key),
            ..q()
        },
    );
    assert!(
        seats.contains("games_by_white") && seats.contains("games_by_black"),
        "{seats}"
    );
    let dated = |since, until, before| BoardQuery {
        since,
        until,
        before,
        kind: Some("chess".into()),
        ..q()
    };
    for query in [
        dated(Some(1), Some(9), None),
        dated(None, Some(9), Some(key)),
        dated(Some(1), Some(9_000), Some(key)),
        BoardQuery {
            result: Some(ResultFilter::Drawn),
            ..dated(Some(1), None, None)
        },
    ] {
        let plan = plan_of(conn, query.clone());
        assert!(
            plan.contains("games_by_created") && !plan.contains("TEMP B-TREE"),
            "{query:?}: {plan}"
        );
    }
    let by_index = [
        (ResultFilter::Drawn, "games_by_score"),
        (ResultFilter::Running, "games_running_by_updated"),
    ];
    for (result, index) in by_index {
        let kind = Some("chess".into());
        let plan = plan_of(
            conn,
            BoardQuery {
                result: Some(result),
                kind,
                ..q()
            },
        );
        assert!(
            plan.contains(index) && !plan.contains("TEMP B-TREE"),
            "{result:?}: {plan}"
        );
    }
    let kind = plan_of(
        conn,
        BoardQuery {
            kind: Some("chess".into()),
            ..q()
        },
    );
    assert!(
        kind.contains("games_by_game") && !kind.contains("TEMP B-TREE"),
        "{kind}"
    );
    for event in [EventFilter::Ladder, EventFilter::Tournament(1)] {
        let plan = plan_of(
            conn,
            BoardQuery {
                event: Some(event),
                ..q()
            },
        );
        assert!(!plan.contains("SCAN games"), "{event:?}: {plan}");
    }
    let page = plan_of(
        conn,
        BoardQuery {
            before: Some(key),
            ..q()
        },
    );
    assert!(page.contains("PRIMARY KEY (rowid<?)"), "{page}");
}

#[test]
fn the_other_lists_of_the_web_view_are_found_through_indexes() {
    let store = Store::open_in_memory().unwrap();
    let conn = store.connection();
    let running = plan(
        conn,
        "SELECT COUNT(*) FROM games WHERE (white = 'a' COLLATE NOCASE OR black = 'a' COLLATE NOCASE)
         AND kind = 'chess' AND status = 'active'",
    );
    assert!(running.contains("games_running_by_white"), "{running}");
    for (status, index) in [
        ("finished", "games_finished_by_updated"),
        ("active", "games_running_by_updated"),
    ] {
        let recent = plan(
            conn,
            &format!(
                "SELECT id FROM games WHERE status = '{status}' AND NULL IS NULL
                 ORDER BY updated DESC, id DESC LIMIT 20"
            ),
        );
        assert!(
            recent.contains(index) && !recent.contains("TEMP B-TREE"),
            "{recent}"
        );
    }
    let ratings = plan(
        conn,
        "SELECT userid, rating, deviation, volatility, last_rated, won, lost, drawn
         FROM ratings WHERE kind = 'chess' ORDER BY rating DESC, userid",
    );
    assert!(
        ratings.contains("COVERING INDEX ratings_by_rating") && !ratings.contains("TEMP"),
        "{ratings}"
    );
    let rungs = plan(
        conn,
        "SELECT userid FROM ladder_rungs WHERE ladder_id = 1 AND rank > 100
         ORDER BY rank LIMIT 100",
    );
    assert!(
        rungs.contains("ladder_rungs_by_rank") && !rungs.contains("TEMP"),
        "{rungs}"
    );
    let feed = plan(
        conn,
        "SELECT game_id FROM ladder_games WHERE ladder_id = 1 ORDER BY game_id DESC LIMIT 50",
    );
    assert!(
        feed.contains("ladder_games_by_ladder") && !feed.contains("TEMP"),
        "{feed}"
    );
}

#[test]
fn boards_by_dates_are_paged_by_when_they_began_then_by_id() {
    let store = Store::open_in_memory().unwrap();
    let conn = store.connection();
    // Ids follow the clock but for one board stored with an earlier
    // time (a clock set back): the dates order by time, not id.
    let times = [1_000, 1_100, 1_100, 1_050, 1_200, 1_300, 5_000];
    let ids: Vec<i64> = times
        .iter()
        .map(|&at| add(conn, "chess", "alice", "bob", at))
        .collect();
    let mut expected: Vec<(i64, i64)> = times
        .iter()
        .zip(&ids)
        .map(|(&at, &id)| (at, id))
        .filter(|&(at, _)| at < 2_000)
        .collect();
    expected.sort_by(|a, b| b.cmp(a));
    let mut seen = Vec::new();
    let mut before = None;
    loop {
        let query = BoardQuery {
            since: Some(1_000),
            until: Some(2_000),
            before,
            ..BoardQuery::default()
        };
        let page = web_boards(conn, &query, 2).unwrap();
        let Some(last) = page.last() else { break };
        before = Some(last.id);
        seen.extend(page.iter().map(|row| (row.created, row.id)));
    }
    assert_eq!(seen, expected, "each board once, by time then id");
    let unknown = BoardQuery {
        since: Some(1_000),
        before: Some(99),
        ..BoardQuery::default()
    };
    assert!(web_boards(conn, &unknown, 5).unwrap().is_empty());
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
