//! Mail waiting to be sent. Rows are written in the same transaction as
//! the change that caused them and marked sent only after the transport
//! took them.

use super::{now, StoreResult};
use rusqlite::{params, Connection};

/// A mail to queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedMail {
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
}

/// A queued mail with its row id and what the sender knows about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    pub id: i64,
    pub mail: QueuedMail,
    /// When the row was queued (Unix seconds).
    pub created: i64,
    /// How many times the transport failed to take it.
    pub attempts: u32,
}

/// Where an unsent row stands, for the operator's `pbem outbox`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutboxState {
    /// Never tried yet (or queued while the sender was paused).
    Waiting,
    /// Tried and failed; tried again at `next_attempt` (Unix ms).
    Retrying {
        attempts: u32,
        next_attempt: i64,
        last_error: String,
    },
    /// Set aside for good: never sent, kept for the operator.
    GivenUp {
        attempts: u32,
        /// Unix seconds; absent on rows set aside before schema 4.
        at: Option<i64>,
        reason: String,
    },
}

/// One unsent row as `pbem outbox` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxEntry {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub created: i64,
    pub state: OutboxState,
}

pub fn queue_mail(conn: &Connection, mail: &QueuedMail) -> StoreResult<i64> {
    conn.prepare_cached(
        "INSERT INTO outbox (recipient, subject, body, message_id, in_reply_to, references_ids,
                             created)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        mail.recipient,
        mail.subject,
        mail.body,
        mail.message_id,
        mail.in_reply_to,
        mail.references.join(" "),
        now()
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Unsent rows whose next try has come by `now_ms` (Unix milliseconds),
/// oldest first.
pub fn due(conn: &Connection, now_ms: i64, limit: u32) -> StoreResult<Vec<OutboxRow>> {
    let mut statement = conn.prepare_cached(
        "SELECT id, recipient, subject, body, message_id, in_reply_to, references_ids,
                created, attempts
         FROM outbox WHERE sent IS NULL AND failure IS NULL AND next_attempt <= ?1
         ORDER BY id LIMIT ?2",
    )?;
    let rows = statement
        .query_map(params![now_ms, limit], |row| {
            let references: String = row.get(6)?;
            Ok(OutboxRow {
                id: row.get(0)?,
                mail: QueuedMail {
                    recipient: row.get(1)?,
                    subject: row.get(2)?,
                    body: row.get(3)?,
                    message_id: row.get(4)?,
                    in_reply_to: row.get(5)?,
                    references: references.split_whitespace().map(String::from).collect(),
                },
                created: row.get(7)?,
                attempts: row.get(8)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Unsent rows that are not set aside, whatever their next try.
pub fn unsent(conn: &Connection, limit: u32) -> StoreResult<Vec<OutboxRow>> {
    due(conn, i64::MAX, limit)
}

pub fn mark_sent(conn: &Connection, id: i64) -> StoreResult<()> {
    conn.prepare_cached("UPDATE outbox SET sent = ?2 WHERE id = ?1")?
        .execute(params![id, now()])?;
    Ok(())
}

/// Records a failed try: the row waits until `next_attempt` (Unix ms).
/// `unreachable` says the transport itself could not be reached, as
/// opposed to this message being deferred.
pub fn record_failed_attempt(
    conn: &Connection,
    id: i64,
    error: &str,
    next_attempt: i64,
    unreachable: bool,
) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE outbox SET attempts = attempts + 1, next_attempt = ?2, last_error = ?3,
                           unreachable = ?4
         WHERE id = ?1",
    )?
    .execute(params![id, next_attempt, error, unreachable])?;
    Ok(())
}

/// Makes every row that waits only because the transport was unreachable
/// due at `now_ms`; returns how many. Called once the transport works
/// again, so mail does not sit out a long back-off after an outage.
pub fn retry_unreachable_now(conn: &Connection, now_ms: i64) -> StoreResult<usize> {
    Ok(conn.execute(
        "UPDATE outbox SET next_attempt = ?1, unreachable = 0
         WHERE unreachable = 1 AND sent IS NULL AND failure IS NULL",
        params![now_ms],
    )?)
}

/// Sets a row aside that will not be sent (it cannot be built, the
/// server refused it for good, or it waited too long), with the reason,
/// so the rows behind it still go out. The row stays for the operator.
pub fn mark_failed(conn: &Connection, id: i64, reason: &str) -> StoreResult<()> {
    conn.prepare_cached("UPDATE outbox SET failure = ?2, failed_at = ?3 WHERE id = ?1")?
        .execute(params![id, reason, now()])?;
    Ok(())
}

/// Every unsent row, set aside or not, oldest first.
pub fn outbox_entries(conn: &Connection) -> StoreResult<Vec<OutboxEntry>> {
    let mut statement = conn.prepare(
        "SELECT id, recipient, subject, created, attempts, next_attempt, last_error, failure,
                failed_at
         FROM outbox WHERE sent IS NULL ORDER BY id",
    )?;
    let rows = statement
        .query_map([], |row| {
            let attempts: u32 = row.get(4)?;
            let last_error: Option<String> = row.get(6)?;
            let failure: Option<String> = row.get(7)?;
            let state = match (failure, last_error) {
                (Some(reason), _) => OutboxState::GivenUp {
                    attempts,
                    at: row.get(8)?,
                    reason,
                },
                (None, Some(last_error)) if attempts > 0 => OutboxState::Retrying {
                    attempts,
                    next_attempt: row.get(5)?,
                    last_error,
                },
                (None, _) => OutboxState::Waiting,
            };
            Ok(OutboxEntry {
                id: row.get(0)?,
                recipient: row.get(1)?,
                subject: row.get(2)?,
                created: row.get(3)?,
                state,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// How many mails were queued for an address since a time, for the
/// per-hour limit, counting no further than `up_to`: the cap only needs to
/// know whether it is reached, and a busy player's hour can hold many rows.
pub fn mails_to_since(
    conn: &Connection,
    recipient: &str,
    since: i64,
    up_to: u32,
) -> StoreResult<u32> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM (SELECT 1 FROM outbox
                WHERE recipient = ?1 COLLATE NOCASE AND created >= ?2 LIMIT ?3)",
        )?
        .query_row(params![recipient, since, up_to], |row| row.get(0))?;
    Ok(count as u32)
}
