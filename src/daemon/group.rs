//! Handling mails from the Maildir in groups: one transaction (one disk
//! flush) for several mails, each in its own savepoint, bounded by count
//! and by time so the write lock is never held long (the sender marks
//! what it sent in transactions of its own, which wait for it).

use crate::host::{Host, HostError, Prepared, Receipt};
use crate::mail::inbound::raw::read_mail_file;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Most mails `serve` handles in one transaction when a backlog waits: one
/// disk flush covers them all.
pub const MAILS_PER_COMMIT: usize = 64;

/// No mail joins a group after this much time in it: the write lock is
/// held about this long plus one mail's handling.
pub const GROUP_TIME: Duration = Duration::from_millis(50);

/// Why one mail could not be handled.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum MailFailure {
    /// It may work later (a busy database): leave it where it is.
    Temporary(String),
    /// The database is damaged: no mail is to blame and none can be
    /// stored until the operator repairs it. The mail stays.
    Store(String),
    /// It never will (a damaged row, a bug): set it aside.
    Permanent(String),
}

/// Runs one mail's handling (or its preparation), turning a panic into a
/// failure of that mail alone; its savepoint or transaction rolls back as
/// the panic unwinds.
pub(crate) fn guarded<T>(handler: impl FnOnce() -> Result<T, HostError>) -> Result<T, MailFailure> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(handler)) {
        Ok(Ok(receipt)) => Ok(receipt),
        Ok(Err(err)) => Err(classify(&err)),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|text| text.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into());
            Err(MailFailure::Permanent(format!(
                "the handler panicked: {message}"
            )))
        }
    }
}

fn classify(err: &HostError) -> MailFailure {
    match err {
        HostError::Store(store) if store.is_damaged() => MailFailure::Store(err.to_string()),
        err if err.is_temporary() => MailFailure::Temporary(err.to_string()),
        err => MailFailure::Permanent(err.to_string()),
    }
}

/// What became of the mails of one group, and whether the group was
/// committed (when it was not, none of them was stored).
pub(crate) struct Group<'p> {
    pub(crate) outcomes: Vec<(&'p PathBuf, Result<Receipt, MailFailure>)>,
    pub(crate) committed: Result<(), String>,
    /// How many of the offered paths the group took.
    pub(crate) taken: usize,
}

/// Handles mails from the front of `waiting` in one transaction, up to
/// [`MAILS_PER_COMMIT`]. Each is read and prepared first, its passwords
/// checked and its new passwords hashed, before the transaction begins
/// (argon2 is slow on purpose and must not hold the write lock); no mail
/// joins the group once [`GROUP_TIME`] has gone by, in preparing or in
/// the transaction. A damaged database ends the group at once: the mails
/// after it are not taken.
pub(crate) fn run_group<'p>(host: &mut Host, waiting: &'p [PathBuf]) -> Group<'p> {
    let offered = &waiting[..waiting.len().min(MAILS_PER_COMMIT)];
    let ready = prepare_group(host, offered);
    let mut batch = match host.batch() {
        Ok(batch) => batch,
        Err(err) => {
            // A busy, damaged or unwritable database: every mail waits.
            let failure = classify(&err);
            let outcomes = ready
                .iter()
                .map(|(path, _)| (*path, Err(clone_failure(&failure))))
                .collect();
            return Group {
                outcomes,
                committed: Err(err.to_string()),
                taken: offered.len(),
            };
        }
    };
    let mut outcomes = Vec::new();
    // Preparing may have stopped early (its time was up): the group takes
    // the mails up to the last one prepared, and those gone meanwhile.
    let mut taken = ready
        .last()
        .map_or(offered.len(), |(path, _)| position(offered, path) + 1);
    let began = Instant::now();
    for (path, prepared) in ready {
        if !outcomes.is_empty() && began.elapsed() >= GROUP_TIME {
            // The lock was held long enough: the rest go with the next
            // group (prepared again then, their passwords checked anew).
            taken = position(offered, path);
            break;
        }
        let outcome = prepared.and_then(|prepared| guarded(|| batch.receive_prepared(prepared)));
        let damaged = matches!(outcome, Err(MailFailure::Store(_)));
        outcomes.push((path, outcome));
        if damaged {
            taken = position(offered, path) + 1;
            break;
        }
    }
    let committed = batch.commit().map_err(|err| err.to_string());
    Group {
        outcomes,
        committed,
        taken,
    }
}

/// Where `path` stands among the offered paths (each offered once).
fn position(offered: &[PathBuf], path: &PathBuf) -> usize {
    offered
        .iter()
        .position(|offered| offered == path)
        .unwrap_or(offered.len())
}

/// A mail of a group read and prepared, or why it could not be.
type Ready<'p> = (&'p PathBuf, Result<Prepared, MailFailure>);

/// Reads and prepares mails from the front of `offered` until
/// [`GROUP_TIME`] has gone by (one at least), outside any transaction. A
/// file another reader took meanwhile is no longer ours and is skipped.
fn prepare_group<'p>(host: &Host, offered: &'p [PathBuf]) -> Vec<Ready<'p>> {
    let max_bytes = host.settings().limits.max_message_bytes;
    let began = Instant::now();
    let mut ready = Vec::new();
    for path in offered {
        if !ready.is_empty() && began.elapsed() >= GROUP_TIME {
            break;
        }
        let prepared = match read_mail_file(path, max_bytes) {
            Ok(mail) => guarded(|| host.prepare(&mail.start, mail.total_len)),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
            Err(err) => Err(MailFailure::Temporary(err.to_string())),
        };
        ready.push((path, prepared));
    }
    ready
}

fn clone_failure(failure: &MailFailure) -> MailFailure {
    match failure {
        MailFailure::Temporary(text) => MailFailure::Temporary(text.clone()),
        MailFailure::Store(text) => MailFailure::Store(text.clone()),
        MailFailure::Permanent(text) => MailFailure::Temporary(text.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoreError;

    #[test]
    fn a_panic_in_the_handler_becomes_a_permanent_failure() {
        let failure = guarded::<Receipt>(|| panic!("boom in a handler")).unwrap_err();
        assert_eq!(
            failure,
            MailFailure::Permanent("the handler panicked: boom in a handler".into())
        );
    }

    fn sqlite_error(code: i32) -> HostError {
        let err = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None);
        HostError::Store(StoreError::from(err))
    }

    #[test]
    fn a_busy_database_is_temporary_and_a_damaged_one_the_stores_failure() {
        let busy =
            guarded::<Receipt>(|| Err(sqlite_error(rusqlite::ffi::SQLITE_BUSY))).unwrap_err();
        assert!(matches!(busy, MailFailure::Temporary(_)), "{busy:?}");
        let damaged =
            guarded::<Receipt>(|| Err(sqlite_error(rusqlite::ffi::SQLITE_CORRUPT))).unwrap_err();
        assert!(matches!(damaged, MailFailure::Store(_)), "{damaged:?}");
        let not_a_database =
            guarded::<Receipt>(|| Err(sqlite_error(rusqlite::ffi::SQLITE_NOTADB))).unwrap_err();
        assert!(matches!(not_a_database, MailFailure::Store(_)));
    }
}
