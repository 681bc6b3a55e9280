//! Schema migrations, numbered by SQLite's `user_version`. A file of any
//! older version is upgraded in place, one step at a time, each step in its
//! own transaction.

use super::{StoreError, StoreResult};
use rusqlite::{params, Connection};

mod columns;
mod steps;

use columns::*;
use steps::*;

pub(crate) fn add_missing_columns(
    conn: &Connection,
    table: &str,
    columns: &[(&str, &str)],
) -> StoreResult<()> {
    let present: Vec<String> = conn
        .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    for (name, kind) in columns {
        if !present.iter().any(|column| column == name) {
            conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {name} {kind}"))?;
        }
    }
    Ok(())
}

/// A function that masks the passwords a stored mail's text quotes;
/// `None` when it quotes none. The host's grammar knows where they stand.
pub type QuoteMasker<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The passwords quoted in outbox bodies stored before version 10
/// masked, once, a page of rows at a time so a large outbox is never held
/// in memory; nothing to do for a file that never had such rows.
pub fn mask_legacy_quotes(conn: &Connection, mask: QuoteMasker) -> StoreResult<()> {
    let due: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'outbox_masking_due')",
        [],
        |row| row.get(0),
    )?;
    if !due {
        return Ok(());
    }
    let tx = rusqlite::Transaction::new_unchecked(conn, rusqlite::TransactionBehavior::Immediate)?;
    mask_quoted_passwords(&tx, mask)?;
    tx.execute_batch("DROP TABLE outbox_masking_due")?;
    tx.commit()?;
    Ok(())
}

fn mask_quoted_passwords(conn: &Connection, mask: QuoteMasker) -> StoreResult<()> {
    const PAGE: i64 = 500;
    let mut after = 0_i64;
    loop {
        let page: Vec<(i64, String)> = conn
            .prepare(
                "SELECT id, body FROM outbox WHERE id > ?1 AND body LIKE '%>%'
                 ORDER BY id LIMIT ?2",
            )?
            .query_map(params![after, PAGE], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let Some(&(last, _)) = page.last() else {
            return Ok(());
        };
        for (id, body) in page {
            if let Some(masked) = mask(&body) {
                conn.execute(
                    "UPDATE outbox SET body = ?1 WHERE id = ?2",
                    params![masked, id],
                )?;
            }
        }
        after = last;
    }
}

/// The version this build writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

pub fn version(conn: &Connection) -> StoreResult<i64> {
    Ok(conn.pragma_query_value(None, "user_version", |row| row.get(0))?)
}

pub fn migrate(conn: &mut Connection) -> StoreResult<()> {
    let found = version(conn)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            found,
            known: SCHEMA_VERSION,
        });
    }
    for (from, sql) in MIGRATIONS.iter().enumerate().skip(found.max(0) as usize) {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        add_columns_before(&tx, from)?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", from as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}

/// The columns a step adds only where they are missing (a file set back
/// by hand keeps them), before the step's own SQL from version `from`.
fn add_columns_before(tx: &Connection, from: usize) -> StoreResult<()> {
    if from == 7 {
        add_missing_columns(tx, "outbox", OUTBOX_V8_COLUMNS)?;
    }
    if from == 8 {
        for (table, columns) in GAME_AND_PLAYER_V9_COLUMNS {
            add_missing_columns(tx, table, columns)?;
        }
    }
    if from == 10 {
        add_missing_columns(tx, "sent_ids", SENT_IDS_V11_COLUMNS)?;
    }
    if from == 11 {
        for (table, columns) in CLOCK_V12_COLUMNS {
            add_missing_columns(tx, table, columns)?;
        }
    }
    if from == 12 {
        add_missing_columns(tx, "outbox", OUTBOX_V13_COLUMNS)?;
    }
    if from == 14 {
        add_missing_columns(tx, "players", &[("digest_due", "INTEGER")])?;
    }
    if from == 15 {
        let public = [("public_comments", "INTEGER NOT NULL DEFAULT 0")];
        add_missing_columns(tx, "players", &public)?;
    }
    if from == 17 {
        for (table, columns) in BOARD_PICTURES_COLUMNS {
            add_missing_columns(tx, table, columns)?;
        }
    }
    if from == 19 {
        add_missing_columns(tx, "players", ROBOT_COLUMNS)?;
    }
    if from == 21 {
        add_missing_columns(tx, "players", WEAK_PASSWORD_COLUMNS)?;
    }
    if from == 22 {
        add_missing_columns(tx, "games", crate::store::web::WEB_V23_COLUMNS)?;
    }
    if from == 23 {
        add_missing_columns(tx, "outbox", OUTBOX_V24_COLUMNS)?;
    }
    if from == 25 {
        let columns = crate::store::events::LADDER_V26_COLUMNS;
        add_missing_columns(tx, "ladder_games", columns)?;
    }
    if from == 27 {
        add_missing_columns(tx, "players", CHALLENGERS_COLUMNS)?;
    }
    if from == 28 {
        add_missing_columns(tx, "tournaments", TOURNAMENT_V29_COLUMNS)?;
    }
    if from == 29 {
        for (table, columns) in KNOCKOUT_V30_COLUMNS {
            add_missing_columns(tx, table, columns)?;
        }
    }
    if from == 30 {
        crate::store::ladder_events::upgrade_v31(tx)?;
    }
    if from == 32 {
        add_missing_columns(tx, "tournaments", TOURNAMENT_V33_COLUMNS)?;
    }
    if from == 33 {
        add_missing_columns(tx, "tournament_players", TOURNAMENT_V34_COLUMNS)?;
    }
    if from == 34 {
        for (table, columns) in TOURNAMENT_V35_COLUMNS {
            add_missing_columns(tx, table, columns)?;
        }
    }
    if from == 38 {
        add_missing_columns(tx, "outbox", OUTBOX_V39_COLUMNS)?;
    }
    Ok(())
}
