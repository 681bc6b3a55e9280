//! A sender's claims on outbox rows, and the hourly cap's decisions: the
//! mailboxes that have mail due, each mailbox's due rows in the cap's
//! order, and the rows past the cap held or dropped all at once, by the
//! index of mailboxes, so that a backlog costs one pass and not one scan
//! per row.

use super::super::StoreResult;
use super::{begin_write, outbox_row, OutboxRow, ROW_COLUMNS};
use crate::store::MailPurpose;
use rusqlite::{params, Connection, OptionalExtension, Transaction};

/// The rows a sender may take at `?1` (Unix ms) as `?2`: unsent, not set
/// aside, due, and claimed by nobody else (or by a claim run out).
const FREE_AND_DUE: &str = "sent IS NULL AND failure IS NULL AND dropped IS NULL
    AND next_attempt <= ?1 AND (claimed_by IS NULL OR claimed_by = ?2 OR claimed_until <= ?1)";

/// The mailboxes of the first `limit` rows due at `now_ms` that `owner`
/// may take, oldest due first, each once.
pub fn due_mailboxes(
    tx: &Transaction<'_>,
    owner: &str,
    now_ms: i64,
    limit: u32,
) -> StoreResult<Vec<String>> {
    let sql = format!(
        "SELECT coalesce(mailbox, lower(recipient)) FROM outbox WHERE {FREE_AND_DUE}
         ORDER BY next_attempt, id LIMIT ?3"
    );
    let mut mailboxes: Vec<String> = Vec::new();
    for mailbox in tx
        .prepare_cached(&sql)?
        .query_map(params![now_ms, owner, limit], |row| row.get(0))?
    {
        let mailbox: String = mailbox?;
        if !mailboxes.contains(&mailbox) {
            mailboxes.push(mailbox);
        }
    }
    Ok(mailboxes)
}

/// The rows of `mailbox` that `owner` may take at `now_ms`, in the order
/// the cap gives them room: oldest first, boards a player never took up
/// after the rest.
pub fn due_in_mailbox(
    tx: &Transaction<'_>,
    mailbox: &str,
    owner: &str,
    now_ms: i64,
) -> StoreResult<Vec<(i64, MailPurpose)>> {
    let sql = format!(
        "SELECT id, purpose FROM outbox WHERE mailbox = ?3 AND {FREE_AND_DUE}
         ORDER BY purpose = 'invitation', id"
    );
    let rows = tx
        .prepare_cached(&sql)?
        .query_map(params![now_ms, owner, mailbox], |row| {
            Ok((
                row.get(0)?,
                MailPurpose::from_stored(&row.get::<_, String>(1)?),
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Claims one row for `owner` until `claimed_until` (Unix ms).
pub fn claim_row(
    tx: &Transaction<'_>,
    id: i64,
    owner: &str,
    claimed_until: i64,
) -> StoreResult<()> {
    tx.prepare_cached("UPDATE outbox SET claimed_by = ?2, claimed_until = ?3 WHERE id = ?1")?
        .execute(params![id, owner, claimed_until])?;
    Ok(())
}

/// One row, whole, as the sender builds its message.
pub fn load_row(conn: &Connection, id: i64) -> StoreResult<Option<OutboxRow>> {
    let sql = format!("SELECT {ROW_COLUMNS} FROM outbox WHERE id = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([id], outbox_row)
        .optional()?)
}

/// Which of a mailbox's due rows the cap sets aside at once.
const HELD_KINDS: &str = "purpose NOT IN ('answer', 'stranger')";
const DROPPED_KINDS: &str = "purpose IN ('answer', 'stranger')";

/// Holds every due mail of `mailbox` the cap never drops (a player's game
/// mail) that nobody has claimed, until `until` (Unix ms); returns how
/// many.
pub fn hold_due(
    tx: &Transaction<'_>,
    mailbox: &str,
    now_ms: i64,
    until: i64,
) -> StoreResult<usize> {
    let sql = format!(
        "UPDATE outbox SET next_attempt = ?3, held_until = ?3
         WHERE mailbox = ?2 AND {HELD_KINDS} AND sent IS NULL AND failure IS NULL
           AND dropped IS NULL AND next_attempt <= ?1
           AND (claimed_by IS NULL OR claimed_until <= ?1)"
    );
    Ok(tx
        .prepare_cached(&sql)?
        .execute(params![now_ms, mailbox, until])?)
}

/// Drops every due answer of `mailbox` that nobody has claimed, at
/// `now_ms`; returns how many.
pub fn drop_due_answers(tx: &Transaction<'_>, mailbox: &str, now_ms: i64) -> StoreResult<usize> {
    let sql = format!(
        "UPDATE outbox SET dropped = ?3, claimed_by = NULL, claimed_until = NULL
         WHERE mailbox = ?2 AND {DROPPED_KINDS} AND sent IS NULL AND failure IS NULL
           AND dropped IS NULL AND next_attempt <= ?1
           AND (claimed_by IS NULL OR claimed_until <= ?1)"
    );
    Ok(tx
        .prepare_cached(&sql)?
        .execute(params![now_ms, mailbox, now_ms.div_euclid(1000)])?)
}

/// Voids every claim not made by `owner`: called by the one sender that
/// holds the data directory's sender lock, which proves the others have
/// stopped. Returns how many rows were claimed by a stopped sender (those
/// it was handing over when it stopped may have left already).
pub fn release_claims_of_others(conn: &Connection, owner: &str) -> StoreResult<usize> {
    let tx = begin_write(conn)?;
    let released = tx.execute(
        "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
         WHERE claimed_by IS NOT NULL AND claimed_by <> ?1 AND sent IS NULL",
        params![owner],
    )?;
    tx.commit()?;
    Ok(released)
}

/// Makes the rows the hourly cap held due again when they were held
/// under another cap than `per_hour` and `answers_per_hour` (the operator
/// changed it), so that this one decides them anew, oldest first as ever
/// (held under a lower cap, they would otherwise wait while newer mails
/// went out); then records this cap. Returns how many rows it released.
/// Under the same cap nothing is released: a hold ends by itself within
/// the hour, and deciding a backlog again on every start would cost one
/// pass over it per `deliver`.
pub fn release_holds_of_other_caps(
    conn: &Connection,
    per_hour: u32,
    answers_per_hour: u32,
) -> StoreResult<usize> {
    let tx = begin_write(conn)?;
    let held_under: Option<(u32, u32)> = tx
        .query_row(
            "SELECT per_hour, answers_per_hour FROM outbox_cap",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()?;
    let released = if held_under == Some((per_hour, answers_per_hour)) {
        0
    } else {
        tx.execute(
            "UPDATE outbox SET next_attempt = 0
             WHERE held_until IS NOT NULL AND sent IS NULL AND dropped IS NULL
               AND failure IS NULL",
            [],
        )?
    };
    tx.execute(
        "INSERT INTO outbox_cap (one, per_hour, answers_per_hour) VALUES (1, ?1, ?2)
         ON CONFLICT (one) DO UPDATE SET per_hour = ?1, answers_per_hour = ?2",
        params![per_hour, answers_per_hour],
    )?;
    tx.commit()?;
    Ok(released)
}

/// Gives back the rows `owner` claimed but did not get to (an outage, a
/// stop), so they go with the next round.
pub fn release_claims(conn: &Connection, owner: &str) -> StoreResult<usize> {
    let tx = begin_write(conn)?;
    let released = tx.execute(
        "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
         WHERE claimed_by = ?1 AND sent IS NULL",
        params![owner],
    )?;
    tx.commit()?;
    Ok(released)
}
