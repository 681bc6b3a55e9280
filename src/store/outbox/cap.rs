//! What the hourly cap counts: the mails sent to one mailbox in the last
//! hour, the answers it dropped, and the mails to strangers.

use crate::store::StoreResult;
use rusqlite::{params, Connection};

/// How the addresses of one mailbox are told apart from others: case and
/// a `+tag` never make another mailbox, and in the domains the operator
/// names (`[host] dotless_domains`, Gmail's by default) neither do dots
/// in the local part. The hourly cap, the strangers' budget and the loop
/// breaker count by it, so that no spelling of an address escapes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailboxRule {
    /// Domains (lower case) whose mailboxes ignore dots in the local part.
    pub dotless_domains: Vec<String>,
}

impl Default for MailboxRule {
    fn default() -> MailboxRule {
        MailboxRule {
            dotless_domains: vec!["gmail.com".into(), "googlemail.com".into()],
        }
    }
}

impl MailboxRule {
    /// The mailbox an address delivers to: lower case, without a `+tag`,
    /// without dots in a dotless domain (`B.ob+7@GMail.com` is
    /// `bob@gmail.com`).
    pub fn mailbox(&self, address: &str) -> String {
        let address = address.trim().to_lowercase();
        match address.rsplit_once('@') {
            Some((local, domain)) => {
                let local = local.split_once('+').map_or(local, |(base, _)| base);
                if self.dotless_domains.iter().any(|name| name == domain) {
                    format!("{}@{domain}", local.replace('.', ""))
                } else {
                    format!("{local}@{domain}")
                }
            }
            None => address,
        }
    }
}

/// The mailbox of `address` by the default rule; see [`MailboxRule`].
pub fn mailbox(address: &str) -> String {
    MailboxRule::default().mailbox(address)
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

/// When the mails sent to `mailbox` (a key of [`MailboxRule::mailbox`])
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
        let rule = MailboxRule::default();
        assert_eq!(rule.mailbox(" Bob+7@Example.org "), "bob@example.org");
        assert_eq!(rule.mailbox("B.o.b+x@GMail.com"), "bob@gmail.com");
        assert_eq!(
            rule.mailbox("b.ob@example.org"),
            "b.ob@example.org",
            "other domains keep their dots"
        );
        let none = MailboxRule {
            dotless_domains: Vec::new(),
        };
        assert_eq!(none.mailbox("b.ob@gmail.com"), "b.ob@gmail.com");
    }
}
