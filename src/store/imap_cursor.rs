//! Where IMAP intake stands in each mailbox: the mailbox's UIDVALIDITY and
//! the highest UID up to which every mail was handled and committed. The
//! cursor is written in the transaction that stores what those mails
//! caused, so "committed" and "at or below the cursor" are the same thing:
//! a mail at or below it is never handled again, even one without a
//! Message-ID (it is keyed by UIDVALIDITY and UID). Beside the cursor,
//! the messages intake left on the server (larger than the host reads, or
//! than the server said): never fetched or settled again.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// A mailbox's cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cursor {
    pub(crate) uidvalidity: u32,
    /// Every mail with a UID up to this one was handled (0: none yet).
    pub(crate) last_uid: u32,
}

/// The cursor of `mailbox` (a key naming server, user and folder), if the
/// host read that mailbox before.
pub(crate) fn cursor(conn: &Connection, mailbox: &str) -> StoreResult<Option<Cursor>> {
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
pub(crate) fn set_cursor(
    conn: &Connection,
    mailbox: &str,
    cursor: Cursor,
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO imap_cursors (mailbox, uidvalidity, last_uid, updated)
         VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (mailbox) DO UPDATE SET uidvalidity = ?2, last_uid = ?3, updated = ?4",
    )?
    .execute(params![mailbox, cursor.uidvalidity, cursor.last_uid, now])?;
    Ok(())
}

/// Notes that message `uid` of `mailbox` (under `uidvalidity`) is left
/// on the server for `reason`, at `now` (seconds); noted again, the first
/// reason stays.
pub fn skip(
    conn: &Connection,
    mailbox: &str,
    (uidvalidity, uid): (u32, u32),
    reason: &str,
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO imap_skipped (mailbox, uidvalidity, uid, reason, at)
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
    )?
    .execute(params![mailbox, uidvalidity, uid, reason, now])?;
    Ok(())
}

/// The UIDs of `mailbox` left on the server under `uidvalidity`,
/// ascending.
pub fn skipped(conn: &Connection, mailbox: &str, uidvalidity: u32) -> StoreResult<Vec<u32>> {
    let uids = conn
        .prepare_cached(
            "SELECT uid FROM imap_skipped WHERE mailbox = ?1 AND uidvalidity = ?2 ORDER BY uid",
        )?
        .query_map(params![mailbox, uidvalidity], |row| row.get(0))?
        .collect::<Result<Vec<u32>, _>>()?;
    Ok(uids)
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

    #[test]
    fn a_skipped_message_is_kept_by_mailbox_and_uidvalidity_with_its_first_reason() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        skip(conn, "a", (7, 12), "too large", 1).unwrap();
        skip(conn, "a", (7, 3), "too large", 1).unwrap();
        skip(conn, "a", (7, 12), "again", 2).unwrap();
        skip(conn, "a", (8, 5), "too large", 2).unwrap();
        skip(conn, "b", (7, 4), "too large", 2).unwrap();
        assert_eq!(skipped(conn, "a", 7).unwrap(), [3, 12]);
        assert_eq!(skipped(conn, "a", 8).unwrap(), [5]);
        assert!(skipped(conn, "a", 9).unwrap().is_empty());
        let reason: String = conn
            .query_row(
                "SELECT reason FROM imap_skipped WHERE mailbox = 'a' AND uid = 12",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(reason, "too large");
    }
}
