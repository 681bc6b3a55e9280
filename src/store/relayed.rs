//! Messages one player passed to another through the host: only who and
//! when, kept for an hour to count each sender's messages.

use super::StoreResult;
use rusqlite::{params, Connection};

/// How many messages `sender` passed on since `since`.
pub(crate) fn messages_sent_since(conn: &Connection, sender: &str, since: i64) -> StoreResult<u32> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM relayed_messages WHERE sender = ?1 COLLATE NOCASE AND sent > ?2",
        )?
        .query_row(params![sender, since], |row| row.get(0))?)
}

/// Records a message passed on, and forgets those sent before `forget_before`.
pub(crate) fn record_message(
    conn: &Connection,
    sender: &str,
    recipient: &str,
    now: i64,
    forget_before: i64,
) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM relayed_messages WHERE sent <= ?1")?
        .execute([forget_before])?;
    conn.prepare_cached(
        "INSERT INTO relayed_messages (sender, recipient, sent) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![sender, recipient, now])?;
    Ok(())
}
