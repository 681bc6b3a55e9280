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

/// A queued mail with its row id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    pub id: i64,
    pub mail: QueuedMail,
}

pub fn queue_mail(conn: &Connection, mail: &QueuedMail) -> StoreResult<i64> {
    conn.execute(
        "INSERT INTO outbox (recipient, subject, body, message_id, in_reply_to, references_ids,
                             created)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            mail.recipient,
            mail.subject,
            mail.body,
            mail.message_id,
            mail.in_reply_to,
            mail.references.join(" "),
            now()
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Unsent rows, oldest first.
pub fn unsent(conn: &Connection, limit: u32) -> StoreResult<Vec<OutboxRow>> {
    let mut statement = conn.prepare(
        "SELECT id, recipient, subject, body, message_id, in_reply_to, references_ids
         FROM outbox WHERE sent IS NULL AND failure IS NULL ORDER BY id LIMIT ?1",
    )?;
    let rows = statement
        .query_map([limit], |row| {
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
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

pub fn mark_sent(conn: &Connection, id: i64) -> StoreResult<()> {
    conn.execute(
        "UPDATE outbox SET sent = ?2 WHERE id = ?1",
        params![id, now()],
    )?;
    Ok(())
}

/// Sets a row aside that can never be sent, with the reason, so the rows
/// behind it still go out.
pub fn mark_failed(conn: &Connection, id: i64, reason: &str) -> StoreResult<()> {
    conn.execute(
        "UPDATE outbox SET failure = ?2 WHERE id = ?1",
        params![id, reason],
    )?;
    Ok(())
}

/// How many mails were queued for an address since a time, for the
/// per-hour limit.
pub fn mails_to_since(conn: &Connection, recipient: &str, since: i64) -> StoreResult<u32> {
    let count: i64 = conn.query_row(
        "SELECT COUNT(*) FROM outbox WHERE recipient = ?1 COLLATE NOCASE AND created >= ?2",
        params![recipient, since],
        |row| row.get(0),
    )?;
    Ok(count as u32)
}
