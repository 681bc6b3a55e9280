//! The long-running side and its one-shot forms: `serve` watches the
//! Maildir, hands each mail to the host and drains the outbox; `--once`
//! and the MTA pipe (`deliver`) do the same for what is there now.

mod backoff;
mod group;
mod imap;
mod imap_pass;
mod presence;
mod robots;
mod serve;
mod wake;

use crate::config::{Config, TransportChoice};
use crate::host::inbound::kept::masked_copy;
use crate::host::inbound::redact;
use crate::host::outbound::render::{Renderer, TemplateError};
use crate::host::{Host, HostError, Receipt};
use crate::log::Repeats;
use crate::mail::inbound::failed::FailedFolder;
use crate::mail::inbound::maildir::Maildir;
use crate::mail::inbound::raw::ReadMail;
use crate::mail::outbound::sender::{Drained, OutboxSender};
use crate::mail::outbound::transport::{
    scrub, FileTransport, SendmailTransport, SmtpTransport, Transport,
};
use crate::mail::outbound::{host_mailbox, OutboundError};
use crate::store::{self, Store, StoreError};
use group::{guarded, run_group, Group, MailFailure};
use presence::Presence;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};
use tracing::{debug, error, info, warn};

pub use group::{GROUP_TIME, MAILS_PER_COMMIT};
pub(crate) use imap_pass::IntakeError;

#[derive(Debug, thiserror::Error)]
pub enum DaemonError {
    #[error("cannot prepare {path}: {source}")]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot open the database {path}: {source}")]
    Database { path: PathBuf, source: StoreError },
    #[error(transparent)]
    Template(#[from] TemplateError),
    #[error(transparent)]
    Host(#[from] HostError),
    #[error("outgoing mail: {0}")]
    Outbound(String),
    #[error(transparent)]
    Sending(#[from] OutboundError),
    #[error("cannot read the Maildir {path}: {source}")]
    Maildir {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The mail could not be handled now but may be later.
    #[error("{0}")]
    Retry(String),
    /// The database is damaged; nothing of the mail was stored.
    #[error("the database is damaged, nothing was stored: {0}")]
    Damaged(String),
    /// The mail cannot be handled for good; it was kept for the operator.
    #[error("the mail was set aside as {path}: {error}")]
    SetAside { path: PathBuf, error: String },
    /// Another `serve` runs on the data directory.
    #[error("{0}")]
    Serving(String),
}

impl DaemonError {
    /// Whether trying again later may work, for the MTA's exit code.
    pub fn is_temporary(&self) -> bool {
        match self {
            DaemonError::Host(err) => err.is_temporary(),
            DaemonError::Database { source, .. } => source.is_temporary() || source.is_damaged(),
            DaemonError::Sending(OutboundError::Store(err)) => err.is_temporary(),
            DaemonError::Folder { .. }
            | DaemonError::Maildir { .. }
            | DaemonError::Retry(_)
            | DaemonError::Damaged(_) => true,
            DaemonError::Template(_)
            | DaemonError::Outbound(_)
            | DaemonError::Sending(_)
            | DaemonError::SetAside { .. }
            | DaemonError::Serving(_) => false,
        }
    }
}

/// The outbox sender the config asks for.
fn outbox_sender(config: &Config) -> Result<OutboxSender, DaemonError> {
    let folder = |path: &Path| {
        let path = path.to_path_buf();
        move |source| DaemonError::Folder { path, source }
    };
    let transport: Box<dyn Transport> = match &config.outbound.transport {
        TransportChoice::File => Box::new(
            FileTransport::new(&config.outbox_folder).map_err(folder(&config.outbox_folder))?,
        ),
        TransportChoice::Smtp(settings) => {
            Box::new(SmtpTransport::new(settings.clone()).map_err(DaemonError::Outbound)?)
        }
        TransportChoice::Sendmail { command } => {
            let spool = config.data_dir.join("spool");
            Box::new(SendmailTransport::new(command, &spool).map_err(folder(&spool))?)
        }
    };
    let from =
        host_mailbox(&config.host.name, &config.host.address).map_err(DaemonError::Outbound)?;
    Ok(OutboxSender::new(
        transport,
        from,
        config.outbound.retry,
        config.host.max_mails_per_hour,
    )
    .keeping_sent(config.outbound.keep_sent))
}

/// The data directory and the database (with its WAL and shared-memory
/// files) for their owner only, as an older version may have left them
/// readable by all. A failure (a folder not ours) is logged, not fatal.
fn owner_only(data_dir: &Path, database: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let mut files = vec![(data_dir.to_path_buf(), 0o700)];
    for suffix in ["", "-wal", "-shm"] {
        let mut name = database.as_os_str().to_owned();
        name.push(suffix);
        files.push((PathBuf::from(name), 0o600));
    }
    for (path, mode) in files {
        let Ok(metadata) = std::fs::metadata(&path) else {
            continue;
        };
        if metadata.permissions().mode() & 0o777 & !mode == 0 {
            continue;
        }
        if let Err(err) = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)) {
            warn!(file = %path.display(), "cannot make it owner-only: {err}");
        }
    }
}

/// The copy of a Maildir file to keep, its passwords masked. A file over
/// the size limit was never read past its header block (nor its
/// commands), and is kept as it came.
fn masked_copy_of(path: &Path, limit: usize) -> Option<Vec<u8>> {
    let size = std::fs::metadata(path).ok()?.len();
    if size > limit as u64 {
        return None;
    }
    std::fs::read(path).ok().and_then(|raw| masked_copy(&raw))
}

/// Masks the passwords that mails of older versions quoted in the file
/// transport's folder, once. A failure is logged and the host runs on:
/// the work is tried again at the next start.
fn mask_old_outbox_files(config: &Config, store: &Store) {
    let folder = &config.outbox_folder;
    let marker = config.data_dir.join(scrub::SCRUBBED_MARKER);
    let conn = store.connection();
    if let Err(err) = store::mask_legacy_quotes(conn, &redact::scrub_stored) {
        warn!("cannot mask the passwords quoted in old stored mails yet: {err}");
    }
    if let Err(err) = scrub::scrub_folder_once(folder, &marker, &redact::scrub_stored) {
        warn!(
            folder = %folder.display(),
            "cannot mask the passwords quoted in old mail files yet: {err}"
        );
    }
}

/// An error that repeats unchanged (a busy database, seen on every poll)
/// is logged once in this interval.
const REPEAT_INTERVAL: Duration = Duration::from_secs(60);

/// The host with its folders, ready to work.
pub struct Runtime {
    pub host: Host,
    pub maildir: Maildir,
    pub sender: OutboxSender,
    config: Config,
    failed: FailedFolder,
    /// Files that failed once, so the log does not repeat them every poll.
    failing: HashSet<PathBuf>,
    repeats: Repeats,
    /// Set whenever `serve` handled mail, for its robot thread.
    mail_handled: Arc<AtomicBool>,
    /// IMAP messages (UIDVALIDITY, UID) to fetch one at a time: a fetch
    /// with them passed its bound, and only one of them may be at fault.
    imap_suspects: HashSet<(u32, u32)>,
}

/// What one pass over the Maildir did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pass {
    pub handled: usize,
    pub(crate) duplicates: usize,
    pub(crate) ignored: usize,
    pub failed: usize,
    pub sent: usize,
    /// Groups the database could not store (busy, damaged, unwritable):
    /// their mails wait in `new/`.
    pub store_failures: usize,
    /// IMAP messages left on the server for good.
    pub skipped: usize,
}

impl Runtime {
    pub fn open(config: &Config) -> Result<Runtime, DaemonError> {
        let folder = |path: &PathBuf, source| DaemonError::Folder {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(&config.data_dir).map_err(|e| folder(&config.data_dir, e))?;
        if let Some(parent) = config.database.parent() {
            std::fs::create_dir_all(parent).map_err(|e| folder(&parent.to_path_buf(), e))?;
        }
        let store = Store::open(&config.database).map_err(|source| DaemonError::Database {
            path: config.database.clone(),
            source,
        })?;
        owner_only(&config.data_dir, &config.database);
        let overrides = config
            .templates
            .is_dir()
            .then_some(config.templates.as_path());
        let renderer = Renderer::new(overrides)?.with_default_language(&config.host.language)?;
        let maildir = Maildir::open(&config.maildir).map_err(|e| folder(&config.maildir, e))?;
        let sender = outbox_sender(config)?;
        if matches!(config.outbound.transport, TransportChoice::File) {
            mask_old_outbox_files(config, &store);
        }
        let mut host = Host::new(store, renderer, config.host.clone());
        host.ensure_robots()?;
        Ok(Runtime {
            host,
            maildir,
            sender,
            config: config.clone(),
            failed: FailedFolder::in_data_dir(&config.data_dir),
            failing: HashSet::new(),
            repeats: Repeats::new(REPEAT_INTERVAL),
            mail_handled: Arc::default(),
            imap_suspects: HashSet::new(),
        })
    }

    /// Handles every mail waiting in `new/`, then sends the outbox (or
    /// wakes the daemon that does).
    pub fn pass(&mut self) -> Result<Pass, DaemonError> {
        let mut pass = self.receive_waiting()?;
        self.run_due_timers()?;
        self.play_robots(crate::robot::Halt::never())?;
        pass.sent = self.send_waiting()?.sent;
        Ok(pass)
    }

    /// Runs the timers (reminders, losses on time, ending vacations) when
    /// one is due at the host's clock; what was done, if anything. Asking
    /// costs one look into an index, so `serve` asks every poll.
    pub(crate) fn run_due_timers(
        &mut self,
    ) -> Result<Option<crate::host::TickReport>, DaemonError> {
        let now = self.host.clock().now().timestamp();
        match self.host.next_timer()? {
            Some(due) if due <= now => Ok(Some(self.host.tick()?)),
            _ => Ok(None),
        }
    }

    /// Sends what is due in the outbox, under the data directory's sender
    /// lock; with a `serve` running, only wakes it (its sender holds the
    /// lock). When another process holds the lock this returns at once:
    /// that sender looks again for rows never tried after it lets the
    /// lock go, so rows stored meanwhile are not left behind.
    pub(crate) fn send_waiting(&mut self) -> Result<Drained, DaemonError> {
        let presence = Presence::new(&self.config.data_dir);
        if presence.serve_runs().unwrap_or(false) && wake::wake_daemon(&self.config.data_dir) {
            debug!("serve runs and sends the replies");
            return Ok(Drained::default());
        }
        let conn = self.host.store().connection();
        let mut total = Drained::default();
        loop {
            let lock = presence
                .try_take_sender()
                .map_err(|source| DaemonError::Folder {
                    path: self.config.data_dir.join("sender.lock"),
                    source,
                })?;
            let Some(_lock) = lock else {
                debug!("another process sends the outbox");
                return Ok(total);
            };
            self.sender.take_over(conn).map_err(OutboundError::from)?;
            // The host's one clock, so a run at a fixed --now sends as of then.
            let drained = self
                .sender
                .drain(conn, SystemTime::from(self.host.clock().now()))?;
            let progress = drained != Drained::default();
            total.sent += drained.sent;
            total.deferred += drained.deferred;
            total.given_up += drained.given_up;
            total.held += drained.held;
            total.dropped += drained.dropped;
            drop(_lock);
            let fresh = store::any_fresh_due(conn, store::now_ms()).map_err(OutboundError::from)?;
            if !progress || !fresh {
                return Ok(total);
            }
        }
    }

    /// Handles every mail waiting in `new/`; sending is left to the caller.
    /// A group the database cannot store ends the pass: its mails and the
    /// rest wait in `new/`.
    pub fn receive_waiting(&mut self) -> Result<Pass, DaemonError> {
        let mut pass = Pass::default();
        let waiting = self
            .maildir
            .waiting()
            .map_err(|source| DaemonError::Maildir {
                path: self.config.maildir.clone(),
                source,
            })?;
        let mut next = 0;
        while next < waiting.len() {
            let group = run_group(&mut self.host, &waiting[next..]);
            next += group.taken.max(1);
            if !self.settle_group(group, &mut pass) {
                pass.store_failures += 1;
                break;
            }
        }
        Ok(pass)
    }

    /// Moves a group's mails on once it was committed (a crash before
    /// that leaves every one of them in `new/`, to be handled again as if
    /// never seen). Returns false when the database failed the group.
    fn settle_group(&mut self, group: Group<'_>, pass: &mut Pass) -> bool {
        if let Err(error) = group.committed {
            // Nothing of the group was stored; all of it is tried again.
            self.log_repeated(&format!("the database cannot store mail now: {error}"));
            for (path, _) in &group.outcomes {
                self.report_failure(path, &error);
            }
            pass.failed += group.outcomes.len();
            return false;
        }
        let mut store_works = true;
        for (path, outcome) in group.outcomes {
            if let Err(MailFailure::Store(error)) = &outcome {
                self.log_repeated(&format!("the database is damaged: {error}"));
                store_works = false;
            }
            self.settle(path, outcome, pass);
        }
        store_works
    }

    /// Moves a mail on after its group was committed.
    fn settle(&mut self, path: &Path, outcome: Result<Receipt, MailFailure>, pass: &mut Pass) {
        match outcome {
            Ok(receipt) => {
                match &receipt {
                    Receipt::Handled { .. } => pass.handled += 1,
                    Receipt::Duplicate => {
                        info!(file = %path.display(), "duplicate: handled before");
                        pass.duplicates += 1;
                    }
                    Receipt::Ignored(reason) => {
                        info!(file = %path.display(), "not answered: {reason}");
                        pass.ignored += 1;
                    }
                }
                self.failing.remove(path);
                let kept = masked_copy_of(path, self.host.settings().limits.max_message_bytes);
                if let Err(err) = self.maildir.mark_handled(path, kept.as_deref()) {
                    // The mail is recorded as seen; if it stays in new/
                    // it comes back as a duplicate and is dropped then.
                    warn!(file = %path.display(), "cannot move the mail to cur/: {err}");
                }
            }
            Err(MailFailure::Temporary(error)) | Err(MailFailure::Store(error)) => {
                // Nothing of the mail was stored; it stays in new/ and
                // is tried again on a later pass.
                self.report_failure(path, &error);
                pass.failed += 1;
            }
            Err(MailFailure::Permanent(error)) => {
                // Trying again would fail the same way and hold up the
                // mails behind it: set it aside for the operator.
                self.failing.remove(path);
                let kept = masked_copy_of(path, self.host.settings().limits.max_message_bytes);
                match self.failed.set_aside(path, &error, kept.as_deref()) {
                    Ok(kept) => error!(file = %kept.display(), "mail set aside: {error}"),
                    Err(err) => error!(
                        file = %path.display(),
                        "mail cannot be handled ({error}) nor moved to failed/: {err}"
                    ),
                }
                pass.failed += 1;
            }
        }
    }

    fn report_failure(&mut self, path: &Path, error: &str) {
        if self.failing.insert(path.to_path_buf()) {
            warn!(file = %path.display(), "cannot handle the mail yet: {error}");
        }
    }

    /// Logs an error unless the same one was logged within the interval.
    fn log_repeated(&mut self, message: &str) {
        if let Some(held_back) = self.repeats.admit(message, Instant::now()) {
            if held_back > 0 {
                error!(repeated = held_back, "{message}");
            } else {
                error!("{message}");
            }
        }
    }

    /// The MTA pipe: one message, handled and answered.
    pub fn deliver(&mut self, raw: &[u8]) -> Result<Receipt, DaemonError> {
        self.deliver_start(raw, raw.len() as u64)
    }

    /// The MTA pipe, for a message read by [`crate::mail::inbound::raw::read_mail`]
    /// (of an oversized one, only its start is held).
    pub(crate) fn deliver_mail(&mut self, mail: &ReadMail) -> Result<Receipt, DaemonError> {
        self.deliver_start(&mail.start, mail.total_len)
    }

    /// `Ok` only once the mail and its effects are committed (or it is a
    /// known duplicate, or one never to be answered, recorded as seen).
    fn deliver_start(&mut self, start: &[u8], total_len: u64) -> Result<Receipt, DaemonError> {
        let host = &mut self.host;
        let receipt = match guarded(|| host.receive_start(start, total_len)) {
            Ok(receipt) => receipt,
            Err(MailFailure::Temporary(error)) => return Err(DaemonError::Retry(error)),
            // The MTA keeps the mail while the operator repairs the file.
            Err(MailFailure::Store(error)) => return Err(DaemonError::Damaged(error)),
            Err(MailFailure::Permanent(error)) => {
                // Kept for the operator (of an oversized message, the part
                // that was read), and reported as not handled.
                let kept = masked_copy(start);
                let path = self
                    .failed
                    .keep(kept.as_deref().unwrap_or(start), &error)
                    .map_err(|source| DaemonError::Folder {
                        path: self.failed.path().to_path_buf(),
                        source,
                    })?;
                return Err(DaemonError::SetAside { path, error });
            }
        };
        // The mail is stored; a failure to send now only delays replies
        // until the next sender drains the outbox.
        if let Err(err) = self.send_waiting() {
            warn!("replies stay in the outbox for now: {err}");
        }
        Ok(receipt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mail_that_panics_the_handler_is_set_aside_and_the_next_is_handled() {
        let dir = tempfile::tempdir().unwrap();
        let config = Config::load(None, Some(dir.path())).unwrap();
        let runtime = Runtime::open(&config).unwrap();
        let first = runtime
            .maildir
            .deliver(b"From: a@example.org\r\n\r\nx")
            .unwrap();
        let failure = guarded::<Receipt>(|| panic!("simulated bug")).unwrap_err();
        let MailFailure::Permanent(error) = failure else {
            panic!("a panic is permanent");
        };
        runtime.failed.set_aside(&first, &error, None).unwrap();
        let failed = dir.path().join(crate::mail::inbound::failed::FAILED_FOLDER);
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(failed.join(&name).is_file());
        let note = std::fs::read_to_string(failed.join(format!("{name}.error"))).unwrap();
        assert!(note.contains("simulated bug"), "{note}");
        assert!(runtime.maildir.waiting().unwrap().is_empty());
    }
}
