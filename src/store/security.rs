//! What the operator must be able to look back on: the security log
//! (accounts locked, addresses blocked and the mail they sent, address
//! changes and confirmations, the operator's own actions), the
//! addresses and domains blocked from everything, and the accounts the
//! operator locked.

use super::{MailboxRule, StoreError, StoreResult};
use rusqlite::{params, Connection, OptionalExtension};

/// What an entry of the security log is about; the closed list of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SecurityKind {
    /// Wrong passwords locked an account's password checks for a time.
    GuessingLock,
    /// A mail from a blocked address or domain, recorded and unanswered.
    BlockHit,
    /// A mail whose From the host cannot answer (invalid, unsendable).
    UnusableSender,
    /// A mail with more than one From (headers, or addresses in one):
    /// recorded and unanswered.
    AmbiguousSender,
    /// An account's addresses were changed by mail.
    AddressChanged,
    /// A waiting address was confirmed.
    AddressConfirmed,
    /// An address change was undone from an address the account had.
    AddressChangeUndone,
    /// The operator locked an account.
    OperatorLock,
    OperatorUnlock,
    OperatorBlock,
    OperatorUnblock,
    OperatorPasswordReset,
    OperatorDelete,
    OperatorVoid,
    /// A command met one of the `[limits]` and was refused.
    LimitHit,
    /// A mail asking an address to confirm was sent.
    ConfirmationAsked,
    /// An address asked for, or an account with no address ever
    /// confirmed, lapsed unconfirmed.
    UnconfirmedLapsed,
    /// A sender's mails drew only errors so many times in a row that the
    /// host stopped answering him for a while (an autoresponder's loop).
    ErrorLoop,
}

impl SecurityKind {
    pub(crate) const ALL: [SecurityKind; 18] = [
        SecurityKind::GuessingLock,
        SecurityKind::BlockHit,
        SecurityKind::UnusableSender,
        SecurityKind::AmbiguousSender,
        SecurityKind::AddressChanged,
        SecurityKind::AddressConfirmed,
        SecurityKind::AddressChangeUndone,
        SecurityKind::OperatorLock,
        SecurityKind::OperatorUnlock,
        SecurityKind::OperatorBlock,
        SecurityKind::OperatorUnblock,
        SecurityKind::OperatorPasswordReset,
        SecurityKind::OperatorDelete,
        SecurityKind::OperatorVoid,
        SecurityKind::LimitHit,
        SecurityKind::ConfirmationAsked,
        SecurityKind::UnconfirmedLapsed,
        SecurityKind::ErrorLoop,
    ];

    /// The name stored and printed.
    pub(crate) fn name(self) -> &'static str {
        match self {
            SecurityKind::GuessingLock => "guessing-lock",
            SecurityKind::BlockHit => "block-hit",
            SecurityKind::UnusableSender => "unusable-sender",
            SecurityKind::AmbiguousSender => "ambiguous-sender",
            SecurityKind::AddressChanged => "address-changed",
            SecurityKind::AddressConfirmed => "address-confirmed",
            SecurityKind::AddressChangeUndone => "address-change-undone",
            SecurityKind::OperatorLock => "operator-lock",
            SecurityKind::OperatorUnlock => "operator-unlock",
            SecurityKind::OperatorBlock => "operator-block",
            SecurityKind::OperatorUnblock => "operator-unblock",
            SecurityKind::OperatorPasswordReset => "operator-password-reset",
            SecurityKind::OperatorDelete => "operator-delete",
            SecurityKind::OperatorVoid => "operator-void",
            SecurityKind::LimitHit => "limit-hit",
            SecurityKind::ConfirmationAsked => "confirmation-asked",
            SecurityKind::UnconfirmedLapsed => "unconfirmed-lapsed",
            SecurityKind::ErrorLoop => "error-loop",
        }
    }

    fn from_name(name: &str) -> Option<SecurityKind> {
        SecurityKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
    }
}

/// One entry of the security log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecurityEvent {
    /// Seconds since the epoch.
    pub(crate) at: i64,
    pub kind: SecurityKind,
    pub(crate) userid: Option<String>,
    pub address: Option<String>,
    pub detail: String,
}

/// Records one event.
pub(crate) fn record_security(conn: &Connection, event: &SecurityEvent) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO security_log (at, kind, userid, address, detail)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        event.at,
        event.kind.name(),
        event.userid,
        event.address,
        event.detail
    ])?;
    Ok(())
}

/// The events from `since` on (all without it), of `userid` only when
/// given, oldest first.
pub fn security_log(
    conn: &Connection,
    since: Option<i64>,
    userid: Option<&str>,
) -> StoreResult<Vec<SecurityEvent>> {
    let mut statement = conn.prepare_cached(
        "SELECT at, kind, userid, address, detail FROM security_log
         WHERE at >= ?1 AND (?2 IS NULL OR userid = ?2 COLLATE NOCASE)
         ORDER BY at, id",
    )?;
    let rows = statement.query_map(params![since.unwrap_or(i64::MIN), userid], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, String>(1)?,
            row.get(2)?,
            row.get(3)?,
            row.get(4)?,
        ))
    })?;
    let mut events = Vec::new();
    for row in rows {
        let (at, kind, userid, address, detail) = row?;
        let kind = SecurityKind::from_name(&kind)
            .ok_or_else(|| StoreError::Corrupt(format!("security log kind {kind:?}")))?;
        events.push(SecurityEvent {
            at,
            kind,
            userid,
            address,
            detail,
        });
    }
    Ok(events)
}

/// Blocks an address (`someone@example.org`: its mailbox by `rule`, so
/// every spelling of it) or a whole domain (`example.org` or
/// `@example.org`); `false` when it already was.
pub fn block(conn: &Connection, rule: &MailboxRule, pattern: &str, now: i64) -> StoreResult<bool> {
    let added = conn
        .prepare_cached(
            "INSERT INTO blocked_addresses (pattern, since) VALUES (?1, ?2)
             ON CONFLICT (pattern) DO NOTHING",
        )?
        .execute(params![block_pattern(rule, pattern), now])?;
    Ok(added > 0)
}

/// `false` when it was not blocked (a block kept as spelt, from before
/// blocks were kept by mailbox, is lifted by that spelling too).
pub fn unblock(conn: &Connection, rule: &MailboxRule, pattern: &str) -> StoreResult<bool> {
    let spelt = pattern.trim().trim_start_matches('@').to_lowercase();
    let removed = conn
        .prepare_cached("DELETE FROM blocked_addresses WHERE pattern IN (?1, ?2)")?
        .execute([block_pattern(rule, pattern), spelt])?;
    Ok(removed > 0)
}

/// How a pattern is kept: an address as its mailbox, a domain without
/// its `@`, trimmed and in lower case.
fn block_pattern(rule: &MailboxRule, pattern: &str) -> String {
    let pattern = pattern.trim().trim_start_matches('@');
    if pattern.contains('@') {
        rule.mailbox(pattern)
    } else {
        pattern.to_lowercase()
    }
}

/// The block that covers `address` (its mailbox by `rule`, the address
/// as spelt, its domain or a domain above it), if any.
pub fn blocked_by(
    conn: &Connection,
    rule: &MailboxRule,
    address: &str,
) -> StoreResult<Option<String>> {
    let address = address.trim().to_lowercase();
    let mut candidates = vec![rule.mailbox(&address), address.clone()];
    if let Some((_, domain)) = address.rsplit_once('@') {
        let mut rest = domain;
        loop {
            candidates.push(rest.to_string());
            match rest.split_once('.') {
                Some((_, above)) if above.contains('.') => rest = above,
                _ => break,
            }
        }
    }
    let mut statement =
        conn.prepare_cached("SELECT pattern FROM blocked_addresses WHERE pattern = ?1")?;
    for candidate in candidates {
        if let Some(found) = statement
            .query_row([&candidate], |row| row.get::<_, String>(0))
            .optional()?
        {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// Locks an account (`true`) or unlocks it; whether that changed anything.
pub(crate) fn set_account_locked(
    conn: &Connection,
    userid: &str,
    locked: bool,
    now: i64,
) -> StoreResult<bool> {
    let changed = if locked {
        conn.prepare_cached(
            "INSERT INTO locked_accounts (userid, since) VALUES (?1, ?2)
             ON CONFLICT (userid) DO NOTHING",
        )?
        .execute(params![userid, now])?
    } else {
        conn.prepare_cached("DELETE FROM locked_accounts WHERE userid = ?1")?
            .execute([userid])?
    };
    Ok(changed > 0)
}

/// Since when the operator has locked the account, if he has.
pub(crate) fn account_locked_since(conn: &Connection, userid: &str) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT since FROM locked_accounts WHERE userid = ?1")?
        .query_row([userid], |row| row.get(0))
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn the_log_keeps_every_kind_and_reads_back_by_time_and_userid() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        for (n, kind) in SecurityKind::ALL.into_iter().enumerate() {
            let event = SecurityEvent {
                at: 100 + n as i64,
                kind,
                userid: Some(if n % 2 == 0 { "Alice" } else { "bob" }.into()),
                address: None,
                detail: format!("event {n}"),
            };
            record_security(conn, &event).unwrap();
        }
        let all = security_log(conn, None, None).unwrap();
        assert_eq!(
            all.iter().map(|event| event.kind).collect::<Vec<_>>(),
            SecurityKind::ALL.to_vec()
        );
        let alices = security_log(conn, Some(104), Some("alice")).unwrap();
        let even_from_4 = (4..SecurityKind::ALL.len()).step_by(2).count();
        assert_eq!(alices.len(), even_from_4, "{alices:?}");
        assert!(alices.iter().all(|event| event.at >= 104));
    }

    #[test]
    fn a_block_covers_the_address_or_its_domain_and_the_domains_below() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let rule = MailboxRule::default();
        assert!(block(conn, &rule, "Eve@Evil.example", 1).unwrap());
        assert!(!block(conn, &rule, "eve@evil.example", 2).unwrap());
        assert!(block(conn, &rule, "@spam.example", 3).unwrap());
        let hit = |address| blocked_by(conn, &rule, address).unwrap();
        assert_eq!(hit("EVE@evil.example").as_deref(), Some("eve@evil.example"));
        assert_eq!(hit("adam@evil.example"), None);
        assert_eq!(hit("x@spam.example").as_deref(), Some("spam.example"));
        assert_eq!(hit("x@mail.spam.example").as_deref(), Some("spam.example"));
        assert_eq!(hit("x@notspam.example"), None);
        assert!(unblock(conn, &rule, "spam.example").unwrap());
        assert_eq!(hit("x@spam.example"), None);
    }

    #[test]
    fn a_blocked_address_is_blocked_in_every_spelling_of_its_mailbox() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let rule = MailboxRule::new(["example.net"]);
        let hit = |address| blocked_by(conn, &rule, address).unwrap();
        assert!(block(conn, &rule, "E.ve+spam@Example.NET", 1).unwrap());
        assert_eq!(hit("eve@example.net").as_deref(), Some("eve@example.net"));
        assert_eq!(
            hit("e.v.e+x@example.net").as_deref(),
            Some("eve@example.net")
        );
        block(conn, &rule, "mallory+a@example.org", 1).unwrap();
        assert!(hit("Mallory+b@example.org").is_some());
        assert_eq!(
            hit("m.allory@example.org"),
            None,
            "example.org keeps its dots"
        );
        assert!(unblock(conn, &rule, "eve+other@example.net").unwrap());
        assert_eq!(hit("eve@example.net"), None);
        // A block kept as spelt before blocks were kept by mailbox.
        conn.execute(
            "INSERT INTO blocked_addresses (pattern, since) VALUES ('old+x@example.org', 1)",
            [],
        )
        .unwrap();
        assert!(hit("old+x@example.org").is_some());
        assert!(unblock(conn, &rule, "old+x@example.org").unwrap());
        assert_eq!(hit("old+x@example.org"), None);
    }

    #[test]
    fn an_account_lock_is_kept_until_it_is_lifted() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        assert!(set_account_locked(conn, "alice", true, 7).unwrap());
        assert_eq!(account_locked_since(conn, "ALICE").unwrap(), Some(7));
        assert!(set_account_locked(conn, "Alice", false, 8).unwrap());
        assert_eq!(account_locked_since(conn, "alice").unwrap(), None);
    }
}
