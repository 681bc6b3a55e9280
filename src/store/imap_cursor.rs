//! Where IMAP intake stands in each mailbox: the mailbox's UIDVALIDITY and
//! the highest UID up to which every mail was handled and committed. The
//! cursor is written in the transaction that stores what those mails
//! caused, so "committed" and "at or below the cursor" are the same thing:
//! a mail at or below it is never handled again, even one without a
//! Message-ID (it is keyed by UIDVALIDITY and UID).

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// A mailbox's cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub uidvalidity: u32,
    /// Every mail with a UID up to this one was handled (0: none yet).
    pub last_uid: u32,
}

/// The cursor of `mailbox` (a key naming server, user and folder), if the
/// host read that mailbox before.
pub fn cursor(conn: &Connection, mailbox: &str) -> StoreResult<Option<Cursor>> {
    Ok(conn
        .prepare_cached("SELECT uidvalidity, last_uid FROM imap_cursors WHERE mailbox = ?1")?
        .query_row([mailbox], |row| {
            Ok(Cursor {
                uidvalidity: row.get(0)?,
                last_uid: row.get(1)?,
            })
        })
        .optional()?)
}

/// Sets the cursor of `mailbox`, at `now` (seconds).
pub fn set_cursor(conn: &Connection, mailbox: &str, cursor: Cursor, now: i64) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO imap_cursors (mailbox, uidvalidity, last_uid, updated)
         VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (mailbox) DO UPDATE SET uidvalidity = ?2, last_uid = ?3, updated = ?4",
    )?
    .execute(params![mailbox, cursor.uidvalidity, cursor.last_uid, now])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn a_cursor_is_kept_per_mailbox_and_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("db.sqlite")).unwrap();
        let conn = store.connection();
        assert_eq!(cursor(conn, "a").unwrap(), None);
        let first = Cursor {
            uidvalidity: 7,
            last_uid: 41,
        };
        set_cursor(conn, "a", first, 1).unwrap();
        let moved = Cursor {
            uidvalidity: 9,
            last_uid: 0,
        };
        set_cursor(conn, "a", moved, 2).unwrap();
        set_cursor(conn, "b", first, 2).unwrap();
        assert_eq!(cursor(conn, "a").unwrap(), Some(moved));
        assert_eq!(cursor(conn, "b").unwrap(), Some(first));
    }
}
