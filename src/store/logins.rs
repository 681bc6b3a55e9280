//! Wrong passwords counted per account and per sender address, with the
//! lock they earn. Keys are `player:USERID` and `address:ADDRESS`, in
//! lower case; a userid nobody has is counted like any other, so the
//! counts say nothing about which accounts exist.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LoginFailures {
    /// Wrong passwords since the count last began.
    pub(crate) failures: u32,
    /// When the last one came (seconds since the epoch).
    pub(crate) last_failure: i64,
    /// Password checks are refused until then (seconds since the epoch);
    /// none before the count earns a lock.
    pub(crate) locked_until: Option<i64>,
    /// Whether the account's owner was told of this run of guesses.
    pub(crate) warned: bool,
}

pub(crate) fn login_failures(conn: &Connection, key: &str) -> StoreResult<LoginFailures> {
    Ok(conn
        .prepare_cached(
            "SELECT failures, last_failure, locked_until, warned FROM login_failures
             WHERE key = ?1",
        )?
        .query_row([key], |row| {
            Ok(LoginFailures {
                failures: u32::try_from(row.get::<_, i64>(0)?).unwrap_or(u32::MAX),
                last_failure: row.get(1)?,
                locked_until: row.get(2)?,
                warned: row.get::<_, i64>(3)? != 0,
            })
        })
        .optional()?
        .unwrap_or_default())
}

pub(crate) fn save_login_failures(
    conn: &Connection,
    key: &str,
    state: &LoginFailures,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO login_failures (key, failures, last_failure, locked_until, warned)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (key) DO UPDATE SET failures = ?2, last_failure = ?3,
             locked_until = ?4, warned = ?5",
    )?
    .execute(params![
        key,
        state.failures,
        state.last_failure,
        state.locked_until,
        state.warned as i64
    ])?;
    Ok(())
}

/// Forgets the counts whose last failure came before `before` and whose
/// lock has run out by `now`; how many.
pub(crate) fn forget_login_failures(
    conn: &Connection,
    before: i64,
    now: i64,
) -> StoreResult<usize> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM login_failures
             WHERE last_failure < ?1 AND (locked_until IS NULL OR locked_until <= ?2)",
        )?
        .execute(params![before, now])?)
}

pub(crate) fn clear_login_failures(conn: &Connection, key: &str) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM login_failures WHERE key = ?1")?
        .execute([key])?;
    Ok(())
}
