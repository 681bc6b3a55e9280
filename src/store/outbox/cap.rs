//! What the hourly cap counts: the mails sent to one mailbox in the last
//! hour, the answers it dropped, and the answers to strangers.

use crate::store::StoreResult;
use rusqlite::{params, Connection};

/// The mailbox an address delivers to, as the hourly cap counts it: the
/// address in lower case without a `+tag` (`Bob+7@Example.org` is
/// `bob@example.org`), so that variants of one address share one cap.
pub fn mailbox(address: &str) -> String {
    let address = address.trim().to_lowercase();
    match address.rsplit_once('@') {
        Some((local, domain)) => {
            let local = local.split_once('+').map_or(local, |(base, _)| base);
            format!("{local}@{domain}")
        }
        None => address,
    }
}

/// How many answers to senders who are no player were queued since
/// `since` (seconds since the epoch), across all their addresses.
pub fn stranger_answers_since(conn: &Connection, since: i64) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached("SELECT count(*) FROM outbox WHERE purpose = 'stranger' AND created >= ?1")?
        .query_row([since], |row| row.get(0))?;
    Ok(count as usize)
}

/// When the mails sent to `recipient`'s mailbox (any case, any `+tag`)
/// since `since_ms` went out, oldest first, at most `up_to` of them, in
/// Unix ms: the hourly cap's window.
pub fn sent_to_since(
    conn: &Connection,
    recipient: &str,
    since_ms: i64,
    up_to: u32,
) -> StoreResult<Vec<i64>> {
    let since = since_ms.div_euclid(1000);
    let times = conn
        .prepare_cached(
            "SELECT sent FROM outbox WHERE mailbox = ?1 AND sent >= ?2
             ORDER BY sent LIMIT ?3",
        )?
        .query_map(params![mailbox(recipient), since, up_to], |row| {
            row.get::<_, i64>(0).map(|secs| secs * 1000)
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(times)
}

/// How many answers the hourly cap dropped since `since` (Unix seconds).
pub fn dropped_since(conn: &Connection, since: i64) -> StoreResult<usize> {
    let count: i64 = conn.query_row(
        "SELECT COUNT(*) FROM outbox WHERE dropped >= ?1",
        params![since],
        |row| row.get(0),
    )?;
    Ok(count as usize)
}
