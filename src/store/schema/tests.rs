//! The schema's tests: the steps from an empty file build what new.sql
//! holds, and every older version upgrades to the same.

use super::*;

/// The head of `new.sql`, which the dump writes first.
const HEAD: &str = "\
-- The schema of a new database: what the steps of `steps.rs` build from
-- an empty file. Written by a test (`schema::tests`), never by hand:
-- after adding a step, `UPDATE_EXPECT=1 cargo test --lib schema` rewrites
-- it, and the diff shows what the step changed.
";

/// Every object of the schema as SQL text, each table followed by its
/// indexes and triggers, one column a line; SQLite's own tables left out
/// (they come with the objects that need them).
fn dump(conn: &Connection) -> String {
    let mut objects: Vec<(i64, i64, String, String)> = conn
        .prepare(
            "SELECT coalesce((SELECT owner.rowid FROM sqlite_master AS owner
                              WHERE owner.type = 'table' AND owner.name = object.tbl_name), 0),
                    object.rowid, object.type, object.sql
             FROM sqlite_master AS object
             WHERE object.sql IS NOT NULL AND object.name NOT LIKE 'sqlite_%'",
        )
        .unwrap()
        .query_map([], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    objects.sort_by_key(|(table, rowid, kind, _)| (*table, kind != "table", *rowid));
    let mut out = String::from(HEAD);
    for (_, _, kind, sql) in objects {
        // Renamed tables come back with their names quoted.
        let sql = sql.replace('"', "");
        if kind == "table" {
            out.push('\n');
        }
        out.push_str(&if kind == "table" {
            table_text(&sql)
        } else {
            one_line(&sql)
        });
        out.push_str(";\n");
    }
    out
}

fn one_line(sql: &str) -> String {
    sql.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `CREATE TABLE name (a, b) tail` with each column and constraint on a
/// line of its own, split at the commas outside parentheses.
fn table_text(sql: &str) -> String {
    let open = sql.find('(').expect("a table has columns");
    let close = sql.rfind(')').expect("a table has columns");
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, open + 1);
    for (at, c) in sql[..close].char_indices().skip(open + 1) {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(one_line(&sql[start..at]));
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(one_line(&sql[start..close]));
    let tail = one_line(&sql[close + 1..]);
    let tail = if tail.is_empty() {
        String::new()
    } else {
        format!(" {tail}")
    };
    format!(
        "{} (\n    {}\n){tail}",
        one_line(&sql[..open]),
        parts.join(",\n    ")
    )
}

/// The steps from an empty file, then the masking of old quotes the
/// daemon does once on opening (it drops the mark step 10 leaves).
fn built_by_steps() -> Connection {
    let mut conn = Connection::open_in_memory().unwrap();
    upgrade(&mut conn, 0).unwrap();
    mask_legacy_quotes(&conn, &|_| None).unwrap();
    conn
}

#[test]
fn new_sql_is_the_schema_the_steps_build() {
    let steps = built_by_steps();
    assert_eq!(version(&steps).unwrap(), SCHEMA_VERSION);
    expect_test::expect_file!["new.sql"].assert_eq(&dump(&steps));
}

#[test]
fn a_new_database_has_the_schema_of_an_upgraded_one() {
    let steps = built_by_steps();
    let mut new = Connection::open_in_memory().unwrap();
    migrate(&mut new).unwrap();
    assert_eq!(version(&new).unwrap(), SCHEMA_VERSION);
    let (new, steps_text) = (dump(&new), dump(&steps));
    let differ = new.lines().zip(steps_text.lines()).find(|(a, b)| a != b);
    assert_eq!(differ, None, "a new database against the steps' schema");
    assert_eq!(new, steps_text);
    // The steps leave no rows behind that a new file would lack.
    let tables: Vec<String> = steps
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for table in tables {
        let rows: i64 = steps
            .query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(rows, 0, "{table}");
    }
}
