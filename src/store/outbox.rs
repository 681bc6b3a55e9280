//! Mail waiting to be sent. Rows are written in the same transaction as
//! the change that caused them; a sender claims them (an owner and an
//! expiry) before it hands them to a transport, and marks each sent in its
//! own short transaction once the transport took it.

use super::{now, StoreResult};
use rusqlite::{params, Connection, OptionalExtension, Row, Transaction, TransactionBehavior};

/// How the hourly cap treats a mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MailPurpose {
    /// A mail to a player about his own game (boards, chat on his board,
    /// an answer to his command about one of his boards): the cap may
    /// hold it back, never drop it.
    Game,
    /// A board mail about a game someone else started that the recipient
    /// has not played in yet (a new challenge, its first move): held back
    /// like a game mail, never dropped, but sent after his own game mails
    /// when the cap has room again, so that boards he never took up
    /// cannot queue ahead of those he plays.
    Invitation,
    /// Anything else to a player (help, lists, signup welcomes): the cap
    /// may drop it, counted and logged.
    Answer,
    /// An answer to a sender who is no player (an error mail, help): as
    /// an answer, and counted besides across all such senders, since a
    /// forged From can be anyone's.
    Stranger,
}

impl MailPurpose {
    fn stored(self) -> &'static str {
        match self {
            MailPurpose::Game => "game",
            MailPurpose::Invitation => "invitation",
            MailPurpose::Answer => "answer",
            MailPurpose::Stranger => "stranger",
        }
    }

    /// A stored value; anything unknown (a hand-edited row) is treated as
    /// a game mail, which the cap never drops.
    pub(crate) fn from_stored(text: &str) -> MailPurpose {
        match text {
            "answer" => MailPurpose::Answer,
            "invitation" => MailPurpose::Invitation,
            "stranger" => MailPurpose::Stranger,
            _ => MailPurpose::Game,
        }
    }
}

/// A mail to queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedMail {
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub purpose: MailPurpose,
    /// A text file sent with the mail (a game's PGN).
    pub attachment: Option<MailAttachment>,
    /// The board drawn in HTML (and as an image) beside the text; none
    /// for a text-only mail and for rows queued before schema 17.
    pub html: Option<MailHtml>,
    /// The address whose inbound mail caused this one (none for the
    /// timers', the robots' and the operator's mail): each sender's
    /// mails count against his own cap, whoever they go to.
    pub cause: Option<String>,
}

/// The HTML part of a board mail, the alternative to its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailHtml {
    pub(crate) html: String,
    /// The board as a PNG, shown inline by the HTML (`cid:board.png`).
    pub(crate) image: Option<Vec<u8>>,
}

impl MailHtml {
    /// The Content-ID the HTML names the image by.
    pub(crate) const IMAGE_ID: &'static str = "board.png";
}

/// A text file attached to a mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailAttachment {
    /// Its file name (`chess-101.pgn`).
    pub(crate) name: String,
    /// Its MIME type (`application/vnd.chess-pgn`).
    pub(crate) content_type: String,
    pub(crate) text: String,
}

/// A queued mail with its row id and what the sender knows about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    pub id: i64,
    pub mail: QueuedMail,
    /// When the row was queued (Unix seconds).
    pub(crate) created: i64,
    /// How many times the transport failed to take it.
    pub attempts: u32,
}

/// Where an unsent row stands, for the operator's `pbem outbox`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutboxState {
    /// Never tried yet (or queued while the sender was paused).
    Waiting,
    /// Held back by the hourly cap until `until` (Unix ms).
    Held { until: i64 },
    /// Tried and failed; tried again at `next_attempt` (Unix ms).
    Retrying {
        attempts: u32,
        next_attempt: i64,
        last_error: String,
    },
    /// Set aside for good: never sent, kept for the operator.
    GivenUp {
        attempts: u32,
        /// Unix seconds; absent on rows set aside before schema 4.
        at: Option<i64>,
        reason: String,
    },
}

/// A sender's claim on a row: who, and until when (Unix ms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub(crate) owner: String,
    pub(crate) until: i64,
}

/// One unsent row as `pbem outbox` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxEntry {
    pub(crate) id: i64,
    pub recipient: String,
    pub subject: String,
    pub(crate) created: i64,
    pub purpose: MailPurpose,
    pub state: OutboxState,
    /// Set while a sender has the row in hand.
    pub claim: Option<Claim>,
}

/// Queues `mail`, written at `created` (seconds since the epoch, by the
/// host's clock), its recipient and its cause counted by the mailboxes
/// `rule` makes of them.
pub fn queue_mail(
    conn: &Connection,
    mail: &QueuedMail,
    created: i64,
    rule: &MailboxRule,
) -> StoreResult<i64> {
    conn.prepare_cached(
        "INSERT INTO outbox (recipient, subject, body, message_id, in_reply_to, references_ids,
                             created, purpose, attachment_name, attachment_type,
                             attachment_text, html_body, html_image, mailbox, cause)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?
    .execute(params![
        mail.recipient,
        mail.subject,
        mail.body,
        mail.message_id,
        mail.in_reply_to,
        mail.references.join(" "),
        created,
        mail.purpose.stored(),
        mail.attachment.as_ref().map(|file| &file.name),
        mail.attachment.as_ref().map(|file| &file.content_type),
        mail.attachment.as_ref().map(|file| &file.text),
        mail.html.as_ref().map(|part| &part.html),
        mail.html.as_ref().and_then(|part| part.image.as_ref()),
        rule.mailbox(&mail.recipient),
        mail.cause.as_deref().map(|cause| rule.mailbox(cause)),
    ])?;
    Ok(conn.last_insert_rowid())
}

const ROW_COLUMNS: &str = "id, recipient, subject, body, message_id, in_reply_to,
                           references_ids, created, attempts, purpose, attachment_name,
                           attachment_type, attachment_text, html_body, html_image, cause";

fn outbox_row(row: &Row<'_>) -> rusqlite::Result<OutboxRow> {
    let references: String = row.get(6)?;
    let purpose: String = row.get(9)?;
    Ok(OutboxRow {
        id: row.get(0)?,
        mail: QueuedMail {
            recipient: row.get(1)?,
            subject: row.get(2)?,
            body: row.get(3)?,
            message_id: row.get(4)?,
            in_reply_to: row.get(5)?,
            references: references.split_whitespace().map(String::from).collect(),
            purpose: MailPurpose::from_stored(&purpose),
            attachment: match (row.get(10)?, row.get(11)?, row.get(12)?) {
                (Some(name), Some(content_type), Some(text)) => Some(MailAttachment {
                    name,
                    content_type,
                    text,
                }),
                _ => None,
            },
            html: row.get::<_, Option<String>>(13)?.map(|html| MailHtml {
                html,
                image: row.get(14).ok().flatten(),
            }),
            cause: row.get(15)?,
        },
        created: row.get(7)?,
        attempts: row.get(8)?,
    })
}

/// Unsent rows whose next try has come by `now_ms` (Unix milliseconds),
/// oldest first, whoever has claimed them.
pub fn due(conn: &Connection, now_ms: i64, limit: u32) -> StoreResult<Vec<OutboxRow>> {
    let sql = format!(
        "SELECT {ROW_COLUMNS} FROM outbox
         WHERE sent IS NULL AND failure IS NULL AND dropped IS NULL AND next_attempt <= ?1
         ORDER BY id LIMIT ?2"
    );
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(params![now_ms, limit], outbox_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Unsent rows that are not set aside, whatever their next try.
pub fn unsent(conn: &Connection, limit: u32) -> StoreResult<Vec<OutboxRow>> {
    due(conn, i64::MAX, limit)
}

/// Starts a short write transaction on a connection the caller shares
/// (the sender's): IMMEDIATE, so it waits for the write lock at its
/// start instead of failing when a read turns into a write.
pub fn begin_write(conn: &Connection) -> StoreResult<Transaction<'_>> {
    Ok(Transaction::new_unchecked(
        conn,
        TransactionBehavior::Immediate,
    )?)
}

/// Marks a row sent at `now_ms`, inside the caller's short transaction.
pub fn mark_sent(conn: &Connection, id: i64, now_ms: i64) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE outbox SET sent = ?2, claimed_by = NULL, claimed_until = NULL, held_until = NULL
         WHERE id = ?1",
    )?
    .execute(params![id, now_ms.div_euclid(1000)])?;
    Ok(())
}

/// Records a failed try: the row waits until `next_attempt` (Unix ms).
/// `unreachable` says the transport itself could not be reached, as
/// opposed to this message being deferred.
pub fn record_failed_attempt(
    conn: &Connection,
    id: i64,
    error: &str,
    next_attempt: i64,
    unreachable: bool,
) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE outbox SET attempts = attempts + 1, next_attempt = ?2, last_error = ?3,
                           unreachable = ?4, claimed_by = NULL, claimed_until = NULL,
                           held_until = NULL
         WHERE id = ?1",
    )?
    .execute(params![id, next_attempt, error, unreachable])?;
    Ok(())
}

/// Makes every row that waits only because the transport was unreachable
/// due at `now_ms`; returns how many. Called once the transport works
/// again, so mail does not sit out a long back-off after an outage.
pub fn retry_unreachable_now(conn: &Connection, now_ms: i64) -> StoreResult<usize> {
    Ok(conn.execute(
        "UPDATE outbox SET next_attempt = ?1, unreachable = 0
         WHERE unreachable = 1 AND sent IS NULL AND failure IS NULL",
        params![now_ms],
    )?)
}

/// Sets a row aside that will not be sent (it cannot be built, the
/// server refused it for good, or it waited too long), with the reason,
/// so the rows behind it still go out. The row stays for the operator.
pub fn mark_failed(conn: &Connection, id: i64, reason: &str) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE outbox SET failure = ?2, failed_at = ?3, claimed_by = NULL, claimed_until = NULL
         WHERE id = ?1",
    )?
    .execute(params![id, reason, now()])?;
    Ok(())
}

/// Whether any row never tried yet is due at `now_ms`: one stored by
/// another process while this one was sending, which the sender goes
/// round again for (rows that failed wait for their own time).
pub fn any_fresh_due(conn: &Connection, now_ms: i64) -> StoreResult<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM outbox
             WHERE sent IS NULL AND failure IS NULL AND dropped IS NULL AND next_attempt <= ?1
               AND attempts = 0
             LIMIT 1",
        )?
        .query_row(params![now_ms], |_| Ok(()))
        .optional()?
        .is_some())
}

/// The earliest next try (Unix ms) of any row still to send, if any.
pub fn next_due(conn: &Connection) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached(
            "SELECT MIN(next_attempt) FROM outbox
             WHERE sent IS NULL AND failure IS NULL AND dropped IS NULL",
        )?
        .query_row([], |row| row.get(0))?)
}

/// Every unsent row, set aside or not, oldest first, as it stands at
/// `now_ms` (a hold that has run out is plain waiting again).
pub fn outbox_entries_at(conn: &Connection, now_ms: i64) -> StoreResult<Vec<OutboxEntry>> {
    let mut statement = conn.prepare(
        "SELECT id, recipient, subject, created, attempts, next_attempt, last_error, failure,
                failed_at, purpose, held_until, claimed_by, claimed_until
         FROM outbox WHERE sent IS NULL AND dropped IS NULL ORDER BY id",
    )?;
    let rows = statement
        .query_map([], |row| {
            let attempts: u32 = row.get(4)?;
            let next_attempt: i64 = row.get(5)?;
            let last_error: Option<String> = row.get(6)?;
            let failure: Option<String> = row.get(7)?;
            let held_until: Option<i64> = row.get(10)?;
            let state = match (failure, last_error, held_until) {
                (Some(reason), _, _) => OutboxState::GivenUp {
                    attempts,
                    at: row.get(8)?,
                    reason,
                },
                (None, _, Some(until)) if until > now_ms => OutboxState::Held { until },
                (None, Some(last_error), _) if attempts > 0 => OutboxState::Retrying {
                    attempts,
                    next_attempt,
                    last_error,
                },
                (None, _, _) => OutboxState::Waiting,
            };
            let claim = match (row.get::<_, Option<String>>(11)?, row.get(12)?) {
                (Some(owner), Some(until)) => Some(Claim { owner, until }),
                _ => None,
            };
            let purpose: String = row.get(9)?;
            Ok(OutboxEntry {
                id: row.get(0)?,
                recipient: row.get(1)?,
                subject: row.get(2)?,
                created: row.get(3)?,
                purpose: MailPurpose::from_stored(&purpose),
                state,
                claim,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// [`outbox_entries_at`] now.
pub fn outbox_entries(conn: &Connection) -> StoreResult<Vec<OutboxEntry>> {
    outbox_entries_at(conn, super::now_ms())
}

mod cap;
mod claims;
mod prune;
pub use cap::{
    caused_since, dropped_since, sent_to_since, stranger_answers_since, MailboxRule,
    DOTLESS_DOMAINS,
};
pub use claims::{
    claim_row, drop_due_answers, due_in_mailbox, due_mailboxes, hold_due, load_row, release_claims,
    release_claims_of_others, release_holds_of_other_caps,
};
pub use prune::prune_outbox;

#[cfg(test)]
mod tests;
