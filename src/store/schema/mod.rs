//! The schema, in one place. A new database is made whole from
//! `new.sql`; a file of an older version (SQLite's `user_version`) is
//! upgraded in place by the ordered steps of `steps.rs`, one at a time,
//! each in its own transaction. A test holds the two equal: the steps
//! from an empty file build exactly the schema of `new.sql`.

use super::error::{StoreError, StoreResult};
use rusqlite::{params, Connection};

mod steps;

use steps::STEPS;

/// The schema a new database is created with, as the steps build it.
const NEW: &str = include_str!("new.sql");

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
pub const SCHEMA_VERSION: i64 = STEPS.len() as i64;

pub(crate) fn version(conn: &Connection) -> StoreResult<i64> {
    Ok(conn.pragma_query_value(None, "user_version", |row| row.get(0))?)
}

pub(crate) fn migrate(conn: &mut Connection) -> StoreResult<()> {
    let found = version(conn)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            found,
            known: SCHEMA_VERSION,
        });
    }
    if found <= 0 {
        // A new file: one transaction instead of one per step (each of
        // which syncs the file), and nothing to carry over.
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute_batch(NEW)?;
        tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
        tx.commit()?;
        return Ok(());
    }
    upgrade(conn, found)
}

/// Runs the steps after version `from`, each in its own transaction.
fn upgrade(conn: &mut Connection, from: i64) -> StoreResult<()> {
    let done = usize::try_from(from).unwrap_or(0);
    for (at, step) in STEPS.iter().enumerate().skip(done) {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        step.run(&tx)?;
        tx.pragma_update(None, "user_version", at as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
