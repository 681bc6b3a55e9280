//! Each event's append-only log: who did what, when, and why. Every
//! change to a ladder or a tournament goes in, whoever made it: a
//! player, its director, the operator or the host itself (a result, a
//! drop, a round begun).

use crate::store::{self, LogEntry, LoggedEvent, StoreError};
use rusqlite::Connection;

/// The actor the log names for the host's operator.
pub(crate) const OPERATOR: &str = "operator";
/// The actor the log names for the host itself (a tournament finishing).
pub(crate) const HOST: &str = "host";

/// Adds a line to a tournament's log.
pub(crate) fn log_tournament(
    conn: &Connection,
    id: i64,
    actor: &str,
    action: &str,
    detail: &str,
    now: i64,
) -> Result<(), StoreError> {
    log_event(
        conn,
        LoggedEvent::Tournament(id),
        actor,
        action,
        detail,
        now,
    )
}

/// Adds a line to an event's log.
pub(crate) fn log_event(
    conn: &Connection,
    event: LoggedEvent,
    actor: &str,
    action: &str,
    detail: &str,
    now: i64,
) -> Result<(), StoreError> {
    store::append_event_log(
        conn,
        event,
        &LogEntry {
            at: now,
            actor: actor.to_string(),
            action: action.to_string(),
            detail: detail.to_string(),
        },
    )
}
