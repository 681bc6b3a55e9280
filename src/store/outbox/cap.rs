//! What the hourly cap counts: the mails sent to one mailbox in the last
//! hour, the answers it dropped, and the mails to strangers.

use crate::store::StoreResult;
use rusqlite::{params, Connection};

/// Domains whose mailboxes ignore dots in the local part (Gmail's).
const DOTLESS_DOMAINS: &[&str] = &["gmail.com", "googlemail.com"];

/// The mailbox an address delivers to, as the hourly cap, the strangers'
/// budget and the loop breaker count it: lower case, without a `+tag`,
/// and without dots in a domain that ignores them (`B.ob+7@GMail.com` is
/// `bob@gmail.com`), so that no spelling of an address escapes them.
pub fn mailbox(address: &str) -> String {
    let address = address.trim().to_lowercase();
    match address.rsplit_once('@') {
        Some((local, domain)) => {
            let local = local.split_once('+').map_or(local, |(base, _)| base);
            if DOTLESS_DOMAINS.contains(&domain) {
                format!("{}@{domain}", local.replace('.', ""))
            } else {
                format!("{local}@{domain}")
            }
        }
        None => address,
    }
}

/// How many mails to addresses no account has confirmed were queued since
/// `since` (seconds since the epoch), whoever they went to: the strangers'
/// budget.
pub fn stranger_answers_since(conn: &Connection, since: i64) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached("SELECT count(*) FROM outbox WHERE purpose = 'stranger' AND created >= ?1")?
        .query_row([since], |row| row.get(0))?;
    Ok(count as usize)
}

/// When the mails sent to `mailbox` (a key of [`mailbox`])
/// since `since_ms` went out, oldest first, at most `up_to` of them, in
/// Unix ms: the hourly cap's window.
pub fn sent_to_since(
    conn: &Connection,
    mailbox: &str,
    since_ms: i64,
    up_to: u32,
) -> StoreResult<Vec<i64>> {
    let since = since_ms.div_euclid(1000);
    let times = conn
        .prepare_cached(
            "SELECT sent FROM outbox WHERE mailbox = ?1 AND sent >= ?2
             ORDER BY sent LIMIT ?3",
        )?
        .query_map(params![mailbox, since, up_to], |row| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_tags_and_the_dots_of_a_dotless_domain_make_no_other_mailbox() {
        assert_eq!(mailbox(" Bob+7@Example.org "), "bob@example.org");
        assert_eq!(mailbox("B.o.b+x@GMail.com"), "bob@gmail.com");
        assert_eq!(
            mailbox("b.ob@example.org"),
            "b.ob@example.org",
            "other domains keep their dots"
        );
    }
}
