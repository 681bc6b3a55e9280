//! Sent mail does not pile up: the rows of mails sent or dropped longer
//! ago than the operator keeps them (`[outbound] keep_sent`) are deleted,
//! text, HTML, picture and PGN with them. What the promises need stays:
//! every unsent row (waiting, held, retrying, given up), the last hour's
//! send times the cap counts, and the newest row, so that no later row
//! takes the id of a deleted one (the file transport names its files by
//! id, and a resend must overwrite only its own).

use super::super::StoreResult;
use rusqlite::{params, Connection};

/// Deletes at most `limit` rows sent or dropped before `before` (Unix
/// seconds), never the newest row; returns how many. Called in small
/// steps so the write lock is never held for long.
pub fn prune_outbox(conn: &Connection, before: i64, limit: u32) -> StoreResult<usize> {
    let mut deleted = 0;
    for column in ["sent", "dropped"] {
        let sql = format!(
            "DELETE FROM outbox WHERE id IN (
                SELECT id FROM outbox WHERE {column} < ?1
                  AND id < (SELECT max(id) FROM outbox)
                LIMIT ?2)"
        );
        deleted += conn.prepare_cached(&sql)?.execute(params![before, limit])?;
    }
    Ok(deleted)
}
