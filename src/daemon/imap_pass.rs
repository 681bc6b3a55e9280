//! One pass over an IMAP folder: what waits is fetched (sizes first, then
//! bodies with `BODY.PEEK`), handled in groups inside one transaction each,
//! the mailbox's cursor advanced in that same transaction, and only after
//! the commit moved or flagged on the server.
//!
//! Never lost, never handled twice: a crash before a commit leaves the
//! group's mails unread and below no cursor, so they are fetched again; a
//! crash after it leaves them in the folder at or below the cursor, and
//! the next pass only moves or flags them (a Message-ID check would skip
//! them as well). A mail without a Message-ID is thus keyed by UIDVALIDITY
//! and UID. A changed UIDVALIDITY makes every UID meaningless: the cursor
//! starts again, and mails handled before are known by their Message-IDs
//! (or, without one, by the host's hash of their bytes) and not answered.

use super::group::{guarded, GROUP_TIME, MAILS_PER_COMMIT};
use super::{MailFailure, Pass, Runtime};
use crate::host::inbound::kept::masked_copy;
use crate::host::{Prepared, Receipt};
use crate::mail::inbound::imap::{AfterHandling, ImapError, ImapSettings, Mailbox, Part};
use crate::store::imap_cursor::{self, Cursor};
use crate::store::StoreError;
use std::time::Instant;
use tracing::{error, info, warn};

/// Most bytes of message bodies held at once.
const BYTES_PER_FETCH: u64 = 16 * 1024 * 1024;

/// Why a pass ended early.
#[derive(Debug, thiserror::Error)]
pub enum IntakeError {
    #[error("IMAP: {0}")]
    Imap(#[from] ImapError),
    #[error("the database: {0}")]
    Store(#[from] StoreError),
    /// The database cannot take a transaction now; the mails wait.
    #[error("the database cannot store mail now: {0}")]
    Busy(String),
    /// The server's answer about a message passed its bound, or it did
    /// not give one: the session is over, and the next goes on past it.
    #[error("IMAP: {0}")]
    Again(String),
}

/// How a fetch failed through the server's fault.
enum Fault {
    /// Its answer passed its bound (the words say how).
    PassedBound(String),
    /// It did not give a message it had listed.
    NotGiven,
}

/// A mail fetched and read, before its group's transaction.
struct Fetched {
    uid: u32,
    raw: Vec<u8>,
    prepared: Result<Prepared, MailFailure>,
}

impl Runtime {
    /// Fetches and handles what waits in the IMAP folder, counting into
    /// `pass`. Sending is left to the caller. A group the database cannot
    /// store ends the pass (`store_failures`); its mails wait on the
    /// server. A message whose answer passed its bound ends the session
    /// ([`IntakeError::Again`]): alone, it is left on the server for
    /// good; with others, each of them is fetched alone next time.
    pub fn imap_pass(
        &mut self,
        mailbox: &mut dyn Mailbox,
        settings: &ImapSettings,
        pass: &mut Pass,
    ) -> Result<(), IntakeError> {
        let key = settings.mailbox_key();
        let selected = mailbox.select(&settings.folder)?;
        let folder = (key.as_str(), selected.uidvalidity);
        let cursor = self.current_cursor(&key, selected.uidvalidity)?;
        if selected.exists == 0 {
            return Ok(());
        }
        let mut waiting = mailbox.search(settings.after.waiting_criteria())?;
        let conn = self.host.store().connection();
        let left = imap_cursor::skipped(conn, &key, selected.uidvalidity)?;
        waiting.retain(|uid| left.binary_search(uid).is_err());
        if waiting.is_empty() {
            return Ok(());
        }
        if let AfterHandling::MoveTo(folder) = &settings.after {
            mailbox.ensure_folder(folder)?;
        }
        let (old, fresh): (Vec<u32>, Vec<u32>) =
            waiting.into_iter().partition(|&uid| uid <= cursor.last_uid);
        if !old.is_empty() {
            // Committed before a crash (or a failed move): only settled.
            info!(
                mails = old.len(),
                "IMAP: handled before, now moved or flagged"
            );
            settle_on_server(mailbox, &settings.after, &old)?;
        }
        if fresh.is_empty() {
            return Ok(());
        }
        let limit = self.host.settings().limits.max_message_bytes as u64;
        let sizes = mailbox.sizes(&fresh)?;
        let mut next = 0;
        while next < sizes.len() {
            let end = self.chunk_end(&sizes, next, limit, selected.uidvalidity);
            let chunk = &sizes[next..end];
            next = end;
            let (fetched, missing) = match fetch_chunk(mailbox, chunk, limit) {
                Ok(found) => found,
                Err(err) if err.passed_its_bound() => {
                    let fault = Fault::PassedBound(err.to_string());
                    return Err(self.suspect_or_leave(folder, chunk, fault, pass));
                }
                Err(err) => return Err(err.into()),
            };
            for (uid, ..) in &fetched {
                self.imap_suspects.remove(&(selected.uidvalidity, *uid));
            }
            if !self.handle_fetched(mailbox, settings, folder, &fetched, pass)? {
                return Ok(());
            }
            if let Some(uid) = missing {
                // Never passed over unless it fails alone twice: it may be
                // there on the next try (a mail expunged meanwhile is not
                // found again).
                let at = chunk.iter().position(|(at, _)| *at == uid).unwrap_or(0);
                let suspect = &chunk[at..=at];
                return Err(self.suspect_or_leave(folder, suspect, Fault::NotGiven, pass));
            }
        }
        Ok(())
    }

    /// Where the chunk of mails fetched at once that starts at `next`
    /// ends: at most [`MAILS_PER_COMMIT`] mails or [`BYTES_PER_FETCH`],
    /// and a suspect alone.
    fn chunk_end(&self, sizes: &[(u32, u64)], next: usize, limit: u64, uidvalidity: u32) -> usize {
        let alone = |uid: u32| self.imap_suspects.contains(&(uidvalidity, uid));
        if alone(sizes[next].0) {
            return next + 1;
        }
        let (mut end, mut bytes) = (next, 0);
        while end < sizes.len()
            && end - next < MAILS_PER_COMMIT
            && bytes < BYTES_PER_FETCH
            && !alone(sizes[end].0)
        {
            bytes += sizes[end].1.min(limit);
            end += 1;
        }
        end
    }

    /// Handles fetched mails group by group, each settled on the server
    /// after its commit; `false` when a mail could not be stored now (it
    /// and the rest wait).
    fn handle_fetched(
        &mut self,
        mailbox: &mut dyn Mailbox,
        settings: &ImapSettings,
        (key, uidvalidity): (&str, u32),
        fetched: &[(u32, Vec<u8>, u64)],
        pass: &mut Pass,
    ) -> Result<bool, IntakeError> {
        let mut at = 0;
        while at < fetched.len() {
            let group = self.prepare_imap_group(&fetched[at..]);
            let size = group.len();
            let settled = self.run_imap_group(key, uidvalidity, group, pass)?;
            if !settled.is_empty() {
                settle_on_server(mailbox, &settings.after, &settled)?;
            }
            if settled.len() < size {
                pass.store_failures += 1;
                return Ok(false);
            }
            at += size;
        }
        Ok(true)
    }

    /// A fetch of `chunk` failed through the server's `fault`: a message
    /// whose answer passed its bound alone, or one the server did not
    /// give twice, is left on the server for good, noted in the database,
    /// the log and `failed/`; otherwise each mail of the chunk is fetched
    /// alone next time.
    fn suspect_or_leave(
        &mut self,
        (key, uidvalidity): (&str, u32),
        chunk: &[(u32, u64)],
        fault: Fault,
        pass: &mut Pass,
    ) -> IntakeError {
        let (why, at_once) = match fault {
            Fault::PassedBound(why) => (why, true),
            Fault::NotGiven => ("the server did not give the message".to_string(), false),
        };
        let alone = match chunk {
            [(uid, size)] if at_once || self.imap_suspects.contains(&(uidvalidity, *uid)) => {
                Some((*uid, *size))
            }
            _ => None,
        };
        let Some((uid, size)) = alone else {
            self.imap_suspects
                .extend(chunk.iter().map(|(uid, _)| (uidvalidity, *uid)));
            warn!(
                mails = chunk.len(),
                "IMAP: {why}; each of these mails is fetched alone next"
            );
            return IntakeError::Again(format!("{why}; its mails are fetched one by one next"));
        };
        self.imap_suspects.remove(&(uidvalidity, uid));
        let reason = format!(
            "message UID {uid} of {key} (UIDVALIDITY {uidvalidity}, announced as {size} bytes) \
             is left on the server and not fetched again: {why}"
        );
        let now = self.host.clock().now().timestamp();
        let conn = self.host.store().connection();
        if let Err(err) = imap_cursor::skip(conn, key, (uidvalidity, uid), &reason, now) {
            return IntakeError::Store(err);
        }
        error!(uid, "IMAP: {reason}");
        if let Err(err) = self
            .failed
            .note(&format!("imap.{uidvalidity}.{uid}"), &reason)
        {
            warn!(
                uid,
                "cannot write the note of a message left on the server: {err}"
            );
        }
        pass.skipped += 1;
        IntakeError::Again(format!("message UID {uid} left on the server: {why}"))
    }

    /// The cursor for this folder; a new one when the host never read it,
    /// or when its UIDVALIDITY changed (the old UIDs mean nothing now).
    fn current_cursor(&mut self, key: &str, uidvalidity: u32) -> Result<Cursor, StoreError> {
        let conn = self.host.store().connection();
        let fresh = Cursor {
            uidvalidity,
            last_uid: 0,
        };
        match imap_cursor::cursor(conn, key)? {
            Some(cursor) if cursor.uidvalidity == uidvalidity => Ok(cursor),
            found => {
                if let Some(old) = found {
                    warn!(
                        mailbox = key,
                        old = old.uidvalidity,
                        new = uidvalidity,
                        "IMAP: the folder's UIDVALIDITY changed; its mails are read again, \
                         and those handled before are known by their Message-IDs"
                    );
                }
                let now = self.host.clock().now().timestamp();
                imap_cursor::set_cursor(conn, key, fresh, now)?;
                Ok(fresh)
            }
        }
    }

    /// Takes mails from the front of `fetched` for one group and prepares
    /// them outside any transaction, until [`GROUP_TIME`] has gone by.
    fn prepare_imap_group(&self, fetched: &[(u32, Vec<u8>, u64)]) -> Vec<Fetched> {
        let began = Instant::now();
        let mut group = Vec::new();
        for (uid, raw, total_len) in fetched {
            if !group.is_empty() && began.elapsed() >= GROUP_TIME {
                break;
            }
            let prepared = guarded(|| self.host.prepare(raw, *total_len));
            group.push(Fetched {
                uid: *uid,
                raw: raw.clone(),
                prepared,
            });
        }
        group
    }

    /// Handles one group in one transaction with the cursor moved past the
    /// mails it settled: a prefix of the group, ending before the first
    /// mail that cannot be stored now. Returns the UIDs settled (none when
    /// the commit failed).
    fn run_imap_group(
        &mut self,
        key: &str,
        uidvalidity: u32,
        group: Vec<Fetched>,
        pass: &mut Pass,
    ) -> Result<Vec<u32>, IntakeError> {
        let now = self.host.clock().now().timestamp();
        let mut batch = self
            .host
            .batch()
            .map_err(|err| IntakeError::Busy(err.to_string()))?;
        let failed = &self.failed;
        let mut settled = Vec::new();
        let mut counts = Pass::default();
        for mail in group {
            let outcome = mail
                .prepared
                .and_then(|prepared| guarded(|| batch.receive_prepared(prepared)));
            match outcome {
                Ok(receipt) => count(&receipt, mail.uid, &mut counts),
                Err(MailFailure::Permanent(problem)) => {
                    // Kept for the operator before the commit, so the mail
                    // is on disk once the cursor passes it.
                    let kept = masked_copy(&mail.raw);
                    match failed.keep(kept.as_deref().unwrap_or(&mail.raw), &problem) {
                        Ok(kept) => {
                            error!(uid = mail.uid, file = %kept.display(), "mail set aside: {problem}")
                        }
                        Err(err) => {
                            warn!(
                                uid = mail.uid,
                                "cannot set the mail aside ({err}); it waits"
                            );
                            break;
                        }
                    }
                    counts.failed += 1;
                }
                Err(MailFailure::Temporary(problem)) | Err(MailFailure::Store(problem)) => {
                    warn!(uid = mail.uid, "cannot handle the mail yet: {problem}");
                    counts.failed += 1;
                    break;
                }
            }
            settled.push(mail.uid);
        }
        if let Some(&last_uid) = settled.last() {
            let cursor = Cursor {
                uidvalidity,
                last_uid,
            };
            if let Err(err) = imap_cursor::set_cursor(batch.connection(), key, cursor, now) {
                drop(batch);
                self.log_repeated(&format!("the database cannot store mail now: {err}"));
                return Ok(Vec::new());
            }
        }
        if let Err(err) = batch.commit() {
            self.log_repeated(&format!("the database cannot store mail now: {err}"));
            pass.failed += settled.len();
            return Ok(Vec::new());
        }
        pass.handled += counts.handled;
        pass.duplicates += counts.duplicates;
        pass.ignored += counts.ignored;
        pass.failed += counts.failed;
        Ok(settled)
    }
}

fn count(receipt: &Receipt, uid: u32, pass: &mut Pass) {
    match receipt {
        Receipt::Handled { .. } => pass.handled += 1,
        Receipt::Duplicate => {
            info!(uid, "duplicate: handled before");
            pass.duplicates += 1;
        }
        Receipt::Ignored(reason) => {
            info!(uid, "not answered: {reason}");
            pass.ignored += 1;
        }
    }
}

/// Mails over the size limit and those within it, each with its size.
type Split = (Vec<(u32, u64)>, Vec<(u32, u64)>);

/// Mails fetched, each as (UID, its bytes, its whole size).
type FetchedMails = Vec<(u32, Vec<u8>, u64)>;

/// Fetches a chunk of mails: whole when within the size limit, else only
/// their header blocks (the host refuses them by their size). When the
/// server does not give one, only those before it are returned, with its
/// UID: the cursor must not pass a mail that was never handled.
fn fetch_chunk(
    mailbox: &mut dyn Mailbox,
    chunk: &[(u32, u64)],
    limit: u64,
) -> Result<(FetchedMails, Option<u32>), ImapError> {
    let (big, small): Split = chunk.iter().partition(|(_, size)| *size > limit);
    // A header block is bounded by the limit too.
    let capped = |list: &[(u32, u64)]| {
        list.iter()
            .map(|&(uid, size)| (uid, size.min(limit)))
            .collect::<Vec<_>>()
    };
    let mut bodies = mailbox.fetch(&capped(&small), Part::Whole)?;
    if !big.is_empty() {
        bodies.extend(mailbox.fetch(&capped(&big), Part::Header)?);
        bodies.sort_unstable_by_key(|(uid, _)| *uid);
    }
    let mut given = bodies.into_iter().peekable();
    let mut fetched = Vec::with_capacity(chunk.len());
    for &(uid, size) in chunk {
        while given.next_if(|(at, _)| *at < uid).is_some() {}
        let Some((_, raw)) = given.next_if(|(at, _)| *at == uid) else {
            return Ok((fetched, Some(uid)));
        };
        let total = if size > limit { size } else { raw.len() as u64 };
        fetched.push((uid, raw, total));
    }
    Ok((fetched, None))
}

/// Moves or flags handled mails on the server, as the settings say.
pub(crate) fn settle_on_server(
    mailbox: &mut dyn Mailbox,
    after: &AfterHandling,
    uids: &[u32],
) -> Result<(), ImapError> {
    match after {
        AfterHandling::MoveTo(folder) => mailbox.move_to(uids, folder),
        AfterHandling::Seen => mailbox.add_flag(uids, "\\Seen"),
        AfterHandling::Delete => {
            mailbox.add_flag(uids, "\\Deleted")?;
            mailbox.expunge(uids)
        }
    }
}
