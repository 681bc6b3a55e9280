//! What the hourly cap counts: the mails sent to one mailbox in the last
//! hour, the answers it dropped, and the mails to strangers; and the one
//! rule of which spellings of an address are one mailbox.

use crate::store::StoreResult;
use rusqlite::{params, Connection};

/// The domains that ignore dots in an address's local part unless the
/// operator names others (`[limits] dotless_domains`): Gmail's.
pub const DOTLESS_DOMAINS: &[&str] = &["gmail.com", "googlemail.com"];

/// Which spellings of an address deliver to one mailbox: lower case,
/// without a `+tag`, and without dots at a domain the operator says
/// ignores them. Every limit that counts or compares addresses (the
/// hourly cap, a sender's own cap, the strangers' budget, the loop
/// breaker, the accounts per address) keys them by [`MailboxRule::mailbox`],
/// so that no spelling of an address escapes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailboxRule {
    dotless_domains: Vec<String>,
}

impl Default for MailboxRule {
    fn default() -> Self {
        MailboxRule::new(DOTLESS_DOMAINS.iter().copied())
    }
}

impl MailboxRule {
    /// The rule with these domains ignoring dots (any case; a leading
    /// `@` is no part of a domain).
    pub fn new<S: AsRef<str>>(dotless_domains: impl IntoIterator<Item = S>) -> MailboxRule {
        let mut domains: Vec<String> = dotless_domains
            .into_iter()
            .map(|domain| {
                domain
                    .as_ref()
                    .trim()
                    .trim_start_matches('@')
                    .to_lowercase()
            })
            .filter(|domain| !domain.is_empty())
            .collect();
        domains.sort();
        domains.dedup();
        MailboxRule {
            dotless_domains: domains,
        }
    }

    /// The domains whose local parts' dots are ignored.
    pub fn dotless_domains(&self) -> &[String] {
        &self.dotless_domains
    }

    /// The mailbox `address` delivers to (`B.ob+7@GMail.com` is
    /// `bob@gmail.com` while `gmail.com` ignores dots).
    pub fn mailbox(&self, address: &str) -> String {
        let address = address.trim().to_lowercase();
        match address.rsplit_once('@') {
            Some((local, domain)) => {
                let local = local.split_once('+').map_or(local, |(base, _)| base);
                if self.dotless_domains.iter().any(|dotless| dotless == domain) {
                    format!("{}@{domain}", local.replace('.', ""))
                } else {
                    format!("{local}@{domain}")
                }
            }
            None => address,
        }
    }
}

/// How many mails the inbound mails of `cause` (a key of
/// [`MailboxRule::mailbox`]) made the host queue to other mailboxes
/// since `since` (Unix seconds), leaving out those the caps dropped: a
/// sender's own cap.
pub fn caused_since(conn: &Connection, cause: &str, since: i64) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT count(*) FROM outbox
             WHERE cause = ?1 AND created >= ?2 AND mailbox != ?1 AND dropped IS NULL",
        )?
        .query_row(params![cause, since], |row| row.get(0))?;
    Ok(count as usize)
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
    }

    #[test]
    fn only_the_domains_the_rule_names_lose_their_dots() {
        let rule = MailboxRule::new([" @Example.NET", "example.net", ""]);
        assert_eq!(rule.dotless_domains(), ["example.net"]);
        assert_eq!(rule.mailbox("B.o.b+x@example.net"), "bob@example.net");
        assert_eq!(
            rule.mailbox("b.ob@gmail.com"),
            "b.ob@gmail.com",
            "gmail.com is not named"
        );
        assert_eq!(
            MailboxRule::new::<&str>([]).mailbox("b.ob@gmail.com"),
            "b.ob@gmail.com"
        );
        assert_eq!(rule.mailbox("No-At-Sign"), "no-at-sign");
    }
}
