//! Runs of mails from one sender that drew only errors: how many came in
//! a row and when the last one came, so that the host can stop answering
//! a robot that answers every error mail with another mail (an
//! autoresponder without the marks of automatic mail). Keys are the
//! sender's mailbox as the hourly cap counts it ([`super::MailboxRule`]),
//! so that `Bob+chess@Example.org` and `bob@example.org` are one run, and
//! so are the dot variants at a domain that ignores dots.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// One sender's run of mails that drew only errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorRun {
    /// Mails in the run.
    pub(crate) errors: u32,
    /// When the last of them came (seconds since the epoch).
    pub(crate) last_mail: i64,
}

/// The run of `key`: the sender's mailbox, as [`super::MailboxRule`] makes it.
pub fn error_run(conn: &Connection, key: &str) -> StoreResult<Option<ErrorRun>> {
    Ok(conn
        .prepare_cached("SELECT errors, last_mail FROM error_runs WHERE sender = ?1")?
        .query_row([key], |row| {
            Ok(ErrorRun {
                errors: u32::try_from(row.get::<_, i64>(0)?).unwrap_or(u32::MAX),
                last_mail: row.get(1)?,
            })
        })
        .optional()?)
}

/// Stores a sender's run, and forgets every run whose last mail came
/// before `forget_before` (they are over).
pub fn save_error_run(
    conn: &Connection,
    key: &str,
    run: ErrorRun,
    forget_before: i64,
) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM error_runs WHERE last_mail < ?1")?
        .execute([forget_before])?;
    conn.prepare_cached(
        "INSERT INTO error_runs (sender, errors, last_mail) VALUES (?1, ?2, ?3)
         ON CONFLICT (sender) DO UPDATE SET errors = ?2, last_mail = ?3",
    )?
    .execute(params![key, run.errors, run.last_mail])?;
    Ok(())
}

/// Ends a sender's run: a mail of his did something.
pub fn clear_error_run(conn: &Connection, key: &str) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM error_runs WHERE sender = ?1")?
        .execute([key])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn a_run_is_kept_cleared_and_forgotten_when_over() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let run = ErrorRun {
            errors: 3,
            last_mail: 1_000,
        };
        save_error_run(conn, "bob@example.org", run, 0).unwrap();
        assert_eq!(error_run(conn, "bob@example.org").unwrap(), Some(run));
        clear_error_run(conn, "bob@example.org").unwrap();
        assert_eq!(error_run(conn, "bob@example.org").unwrap(), None);
        save_error_run(conn, "bob@example.org", run, 0).unwrap();
        let later = ErrorRun {
            errors: 1,
            last_mail: 9_000,
        };
        save_error_run(conn, "carol@example.org", later, 5_000).unwrap();
        assert_eq!(error_run(conn, "bob@example.org").unwrap(), None);
        assert_eq!(error_run(conn, "carol@example.org").unwrap(), Some(later));
    }
}
