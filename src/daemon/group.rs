//! Handling mails from the Maildir in groups: one transaction (one disk
//! flush) for several mails, each in its own savepoint, bounded by count
//! and by time so the write lock is never held long (the sender marks
//! what it sent in transactions of its own, which wait for it).

use crate::host::{Host, HostError, Receipt};
use crate::mail::raw::read_mail_file;
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
pub enum MailFailure {
    /// It may work later (a busy database): leave it where it is.
    Temporary(String),
    /// The database is damaged: no mail is to blame and none can be
    /// stored until the operator repairs it. The mail stays.
    Store(String),
    /// It never will (a damaged row, a bug): set it aside.
    Permanent(String),
}

/// Runs one mail's handling, turning a panic into a failure of that mail
/// alone; its savepoint or transaction rolls back as the panic unwinds.
pub fn guarded(
    handler: impl FnOnce() -> Result<Receipt, HostError>,
) -> Result<Receipt, MailFailure> {
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
pub struct Group<'p> {
    pub outcomes: Vec<(&'p PathBuf, Result<Receipt, MailFailure>)>,
    pub committed: Result<(), String>,
    /// How many of the offered paths the group took.
    pub taken: usize,
}

/// Handles mails from the front of `waiting` in one transaction, up to
/// [`MAILS_PER_COMMIT`] and [`GROUP_TIME`]. A damaged database ends the
/// group at once: the mails after it are not taken.
pub fn run_group<'p>(host: &mut Host, waiting: &'p [PathBuf]) -> Group<'p> {
    let max_bytes = host.settings().limits.max_message_bytes;
    let offered = &waiting[..waiting.len().min(MAILS_PER_COMMIT)];
    let mut batch = match host.batch() {
        Ok(batch) => batch,
        Err(err) => {
            // A busy, damaged or unwritable database: every mail waits.
            let failure = classify(&err);
            let message = err.to_string();
            let outcomes = offered
                .iter()
                .map(|path| (path, Err(clone_failure(&failure))))
                .collect();
            return Group {
                outcomes,
                committed: Err(message),
                taken: offered.len(),
            };
        }
    };
    let began = Instant::now();
    let mut outcomes = Vec::new();
    let mut taken = 0;
    for path in offered {
        if taken > 0 && began.elapsed() >= GROUP_TIME {
            break;
        }
        taken += 1;
        let mail = match read_mail_file(path, max_bytes) {
            Ok(mail) => mail,
            // Another reader may have taken it; it is no longer ours.
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
            Err(err) => {
                outcomes.push((path, Err(MailFailure::Temporary(err.to_string()))));
                continue;
            }
        };
        let outcome = guarded(|| batch.receive_start(&mail.start, mail.total_len));
        let damaged = matches!(outcome, Err(MailFailure::Store(_)));
        outcomes.push((path, outcome));
        if damaged {
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
        let failure = guarded(|| panic!("boom in a handler")).unwrap_err();
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
        let busy = guarded(|| Err(sqlite_error(rusqlite::ffi::SQLITE_BUSY))).unwrap_err();
        assert!(matches!(busy, MailFailure::Temporary(_)), "{busy:?}");
        let damaged = guarded(|| Err(sqlite_error(rusqlite::ffi::SQLITE_CORRUPT))).unwrap_err();
        assert!(matches!(damaged, MailFailure::Store(_)), "{damaged:?}");
        let not_a_database =
            guarded(|| Err(sqlite_error(rusqlite::ffi::SQLITE_NOTADB))).unwrap_err();
        assert!(matches!(not_a_database, MailFailure::Store(_)));
    }
}
