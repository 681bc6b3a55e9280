//! The mails the host records and does not answer: one whose sender it
//! cannot answer (or which names more than one), and one from a blocked
//! address. Each leaves a line in the security log.

use super::settings::HostError;
use crate::mail::inbound::InboundMail;
use crate::store;
use crate::store::security::{SecurityEvent, SecurityKind};
use rusqlite::Connection;

/// Records a mail whose From the host cannot answer, or which names more
/// than one sender: it gets nothing.
pub(super) fn record_unusable(
    conn: &Connection,
    err: &crate::mail::inbound::InboundError,
    now: i64,
) -> Result<(), HostError> {
    use crate::mail::inbound::InboundError;
    let (kind, shown) = match err {
        InboundError::UnusableSender(shown) => (SecurityKind::UnusableSender, shown),
        InboundError::AmbiguousSender(shown) => (SecurityKind::AmbiguousSender, shown),
        InboundError::Unparseable | InboundError::NoSender => return Ok(()),
    };
    tracing::warn!(from = %shown, "{err}");
    let event = SecurityEvent {
        at: now,
        kind,
        userid: None,
        address: Some(shown.clone()),
        detail: err.to_string(),
    };
    store::security::record_security(conn, &event)?;
    Ok(())
}

/// Why a mail from a blocked address or domain gets no answer at all,
/// the hit recorded; `None` when its sender is not blocked.
pub(super) fn blocked(
    conn: &Connection,
    mailboxes: &store::MailboxRule,
    mail: &InboundMail,
    now: i64,
) -> Result<Option<String>, HostError> {
    let Some(block) = store::security::blocked_by(conn, mailboxes, &mail.from)? else {
        return Ok(None);
    };
    let event = SecurityEvent {
        at: now,
        kind: SecurityKind::BlockHit,
        userid: None,
        address: Some(mail.from.clone()),
        detail: format!("mail {} (blocked: {block})", mail.message_id),
    };
    store::security::record_security(conn, &event)?;
    Ok(Some(format!("the sender is blocked ({block})")))
}
