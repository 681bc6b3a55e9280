//! The long-running side: watch the Maildir, hand each mail to the host,
//! drain the outbox; and the one-shot forms of the same (`--once`, the
//! MTA pipe).

use crate::config::{Config, TransportChoice};
use crate::host::render::{Renderer, TemplateError};
use crate::host::{Host, HostError, Receipt};
use crate::log::Repeats;
use crate::mail::failed::FailedFolder;
use crate::mail::maildir::Maildir;
use crate::mail::outbound::host_mailbox;
use crate::mail::raw::{read_mail_file, ReadMail};
use crate::mail::sender::OutboxSender;
use crate::mail::transport::{FileTransport, SendmailTransport, SmtpTransport, Transport};
use crate::store::{Store, StoreError};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};
use tracing::{error, info, warn};

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
    #[error("cannot read the Maildir {path}: {source}")]
    Maildir {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The mail could not be handled now but may be later.
    #[error("{0}")]
    Retry(String),
}

impl DaemonError {
    /// Whether trying again later may work, for the MTA's exit code.
    pub fn is_temporary(&self) -> bool {
        match self {
            DaemonError::Host(err) => err.is_temporary(),
            DaemonError::Database { source, .. } => source.is_temporary(),
            DaemonError::Folder { .. } | DaemonError::Maildir { .. } | DaemonError::Retry(_) => {
                true
            }
            DaemonError::Template(_) | DaemonError::Outbound(_) => false,
        }
    }
}

/// Most mails `serve` handles in one transaction when a backlog waits: one
/// disk flush covers them all, while a group stays short enough (tens of
/// milliseconds) that the first mail's replies are not held up.
pub const MAILS_PER_COMMIT: usize = 64;

/// Why one mail could not be handled.
#[derive(Debug, PartialEq, Eq)]
enum MailFailure {
    /// It may work later (a busy database): leave it where it is.
    Temporary(String),
    /// It never will (a damaged row, a bug): set it aside.
    Permanent(String),
}

/// Hands one mail to the host, turning a panic anywhere inside into a
/// failure of that mail alone. The mail's transaction is rolled back as
/// the panic unwinds, so nothing of it is stored.
fn receive_guarded(host: &mut Host, start: &[u8], total_len: u64) -> Result<Receipt, MailFailure> {
    guarded(|| host.receive_start(start, total_len))
}

/// Runs one mail's handling, turning a panic into a failure of that mail
/// alone; its savepoint or transaction rolls back as the panic unwinds.
fn guarded(handler: impl FnOnce() -> Result<Receipt, HostError>) -> Result<Receipt, MailFailure> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(handler)) {
        Ok(Ok(receipt)) => Ok(receipt),
        Ok(Err(err)) if err.is_temporary() => Err(MailFailure::Temporary(err.to_string())),
        Ok(Err(err)) => Err(MailFailure::Permanent(err.to_string())),
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

/// What became of each mail of a group read and handled in one batch,
/// and whether the batch was committed (when it was not, none of them
/// was stored).
type GroupOutcome<'p> = (
    Vec<(&'p PathBuf, Result<Receipt, MailFailure>)>,
    Result<(), String>,
);

fn run_group<'p>(host: &mut Host, group: &'p [PathBuf]) -> GroupOutcome<'p> {
    let max_bytes = host.settings().limits.max_message_bytes;
    let mut batch = match host.batch() {
        Ok(batch) => batch,
        Err(err) => {
            // A busy or unwritable database: every mail waits.
            let tried = group
                .iter()
                .map(|path| (path, Err(MailFailure::Temporary(err.to_string()))))
                .collect();
            return (tried, Err(err.to_string()));
        }
    };
    let mut outcomes = Vec::new();
    for path in group {
        let mail = match read_mail_file(path, max_bytes) {
            Ok(mail) => mail,
            // Another reader may have taken it; it is no longer ours.
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
            Err(err) => {
                outcomes.push((path, Err(MailFailure::Temporary(err.to_string()))));
                continue;
            }
        };
        outcomes.push((
            path,
            guarded(|| batch.receive_start(&mail.start, mail.total_len)),
        ));
    }
    let committed = batch.commit().map_err(|err| err.to_string());
    (outcomes, committed)
}

/// The outbox sender the config asks for.
fn outbox_sender(config: &Config) -> Result<OutboxSender, DaemonError> {
    let transport: Box<dyn Transport> = match &config.outbound.transport {
        TransportChoice::File => {
            Box::new(FileTransport::new(&config.outbox_folder).map_err(|source| {
                DaemonError::Folder {
                    path: config.outbox_folder.clone(),
                    source,
                }
            })?)
        }
        TransportChoice::Smtp(settings) => {
            Box::new(SmtpTransport::new(settings.clone()).map_err(DaemonError::Outbound)?)
        }
        TransportChoice::Sendmail { command } => Box::new(SendmailTransport::new(command)),
    };
    let from =
        host_mailbox(&config.host.name, &config.host.address).map_err(DaemonError::Outbound)?;
    Ok(OutboxSender::new(transport, from, config.outbound.retry))
}

/// An error that repeats unchanged (a busy database, seen on every poll)
/// is logged once in this interval.
const REPEAT_INTERVAL: Duration = Duration::from_secs(60);

/// Logs an error unless the same one was logged within the interval.
fn log_repeated(repeats: &mut Repeats, message: &str) {
    if let Some(held_back) = repeats.admit(message, Instant::now()) {
        if held_back > 0 {
            error!(repeated = held_back, "{message}");
        } else {
            error!("{message}");
        }
    }
}

/// `serve`'s sender: its own connection and transport on its own thread,
/// so a mail server that hangs holds up replies only, never the handling
/// of inbound mail. It drains the outbox when woken (mail was handled) or
/// every poll interval (retries fall due), and stops once `wake` is
/// dropped, after the message in hand.
fn spawn_sender(config: &Config, woken: Receiver<()>) -> Result<JoinHandle<()>, DaemonError> {
    let store = Store::open(&config.database).map_err(|source| DaemonError::Database {
        path: config.database.clone(),
        source,
    })?;
    let mut sender = outbox_sender(config)?;
    let poll = config.poll_interval;
    let mut repeats = Repeats::new(REPEAT_INTERVAL);
    std::thread::Builder::new()
        .name("pbem-sender".into())
        .spawn(move || loop {
            let drained = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                sender.drain(store.connection(), SystemTime::now())
            }));
            match drained {
                Ok(Ok(drained)) => {
                    if drained.sent + drained.deferred + drained.given_up > 0 {
                        info!(
                            sent = drained.sent,
                            deferred = drained.deferred,
                            given_up = drained.given_up,
                            "outbox drained"
                        );
                    }
                }
                Ok(Err(err)) => log_repeated(&mut repeats, &format!("outbox: {err}")),
                // The rows stay in the outbox; the next round tries again.
                Err(_) => error!("the sender panicked; it carries on"),
            }
            match woken.recv_timeout(poll) {
                Ok(()) | Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return,
            }
            // Wakes that came meanwhile are answered by this one drain.
            while woken.try_recv().is_ok() {}
        })
        .map_err(|source| DaemonError::Folder {
            path: PathBuf::from("(sender thread)"),
            source,
        })
}

/// The host with its folders, ready to work.
pub struct Runtime {
    pub host: Host,
    pub maildir: Maildir,
    pub sender: OutboxSender,
    config: Config,
    failed: FailedFolder,
    /// Files that failed once, so the log does not repeat them every poll.
    failing: HashSet<PathBuf>,
}

/// What one pass over the Maildir did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pass {
    pub handled: usize,
    pub duplicates: usize,
    pub ignored: usize,
    pub failed: usize,
    pub sent: usize,
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
        let overrides = config
            .templates
            .is_dir()
            .then_some(config.templates.as_path());
        let renderer = Renderer::new(overrides)?.with_default_language(&config.host.language)?;
        let maildir = Maildir::open(&config.maildir).map_err(|e| folder(&config.maildir, e))?;
        let sender = outbox_sender(config)?;
        Ok(Runtime {
            host: Host::new(store, renderer, config.host.clone()),
            maildir,
            sender,
            config: config.clone(),
            failed: FailedFolder::in_data_dir(&config.data_dir),
            failing: HashSet::new(),
        })
    }

    /// Handles every mail waiting in `new/`, then sends the outbox.
    pub fn pass(&mut self) -> Result<Pass, DaemonError> {
        let mut pass = self.receive_waiting()?;
        pass.sent = self.host.send_waiting(&mut self.sender)?.sent;
        Ok(pass)
    }

    /// Handles every mail waiting in `new/`; sending is left to the caller.
    pub fn receive_waiting(&mut self) -> Result<Pass, DaemonError> {
        let mut pass = Pass::default();
        let waiting = self
            .maildir
            .waiting()
            .map_err(|source| DaemonError::Maildir {
                path: self.config.maildir.clone(),
                source,
            })?;
        for group in waiting.chunks(MAILS_PER_COMMIT) {
            self.handle_group(group, &mut pass);
        }
        Ok(pass)
    }

    /// Handles mails in one transaction (one disk flush for all of them),
    /// each in its own savepoint, and only once that is committed moves
    /// their files on: a crash before it leaves every one of them in
    /// `new/`, to be handled again as if never seen.
    fn handle_group(&mut self, group: &[PathBuf], pass: &mut Pass) {
        let (outcomes, committed) = run_group(&mut self.host, group);
        if let Err(error) = committed {
            // Nothing of the group was stored; all of it is tried again.
            for (path, _) in &outcomes {
                self.report_failure(path, &error);
            }
            pass.failed += outcomes.len();
            return;
        }
        for (path, outcome) in outcomes {
            self.settle(path, outcome, pass);
        }
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
                if let Err(err) = self.maildir.mark_handled(path) {
                    // The mail is recorded as seen; if it stays in new/
                    // it comes back as a duplicate and is dropped then.
                    warn!(file = %path.display(), "cannot move the mail to cur/: {err}");
                }
            }
            Err(MailFailure::Temporary(error)) => {
                // Nothing of the mail was stored; it stays in new/ and
                // is tried again on the next pass.
                self.report_failure(path, &error);
                pass.failed += 1;
            }
            Err(MailFailure::Permanent(error)) => {
                // Trying again would fail the same way and hold up the
                // mails behind it: set it aside for the operator.
                self.failing.remove(path);
                match self.failed.set_aside(path, &error) {
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

    fn report_failure(&mut self, path: &std::path::Path, error: &str) {
        if self.failing.insert(path.to_path_buf()) {
            warn!(file = %path.display(), "cannot handle the mail yet: {error}");
        }
    }

    /// Runs passes until SIGTERM or SIGINT; a pass in progress finishes
    /// first, so no mail is left half-handled.
    pub fn serve(&mut self) -> Result<(), DaemonError> {
        let stop = Arc::new(AtomicBool::new(false));
        for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
            signal_hook::flag::register(signal, Arc::clone(&stop)).map_err(|source| {
                DaemonError::Folder {
                    path: PathBuf::from("(signal handler)"),
                    source,
                }
            })?;
        }
        info!(
            address = %self.config.host.address,
            inbox = %self.config.maildir.join("new").display(),
            transport = %self.sender.transport().describe(),
            "serving"
        );
        let mut repeats = Repeats::new(REPEAT_INTERVAL);
        let (wake, woken) = std::sync::mpsc::channel();
        let sending = spawn_sender(&self.config, woken)?;
        while !stop.load(Ordering::Relaxed) {
            match self.receive_waiting() {
                Ok(pass) => {
                    if pass.handled > 0 {
                        // The sender may have stopped (a panic it could not
                        // survive); mail then waits in the outbox for a
                        // restart.
                        let _ = wake.send(());
                    }
                }
                // A busy database or full disk: say so and try again.
                Err(err) => log_repeated(&mut repeats, &err.to_string()),
            }
            std::thread::sleep(self.config.poll_interval);
        }
        drop(wake);
        if sending.join().is_err() {
            error!("the sender stopped with a panic");
        }
        info!("stopped");
        Ok(())
    }

    /// The MTA pipe: one message, handled and answered.
    pub fn deliver(&mut self, raw: &[u8]) -> Result<Receipt, DaemonError> {
        self.deliver_start(raw, raw.len() as u64)
    }

    /// The MTA pipe, for a message read by [`read_mail`] (of an oversized
    /// one, only its start is held).
    pub fn deliver_mail(&mut self, mail: &ReadMail) -> Result<Receipt, DaemonError> {
        self.deliver_start(&mail.start, mail.total_len)
    }

    fn deliver_start(&mut self, start: &[u8], total_len: u64) -> Result<Receipt, DaemonError> {
        let receipt = match receive_guarded(&mut self.host, start, total_len) {
            Ok(receipt) => receipt,
            Err(MailFailure::Temporary(error)) => return Err(DaemonError::Retry(error)),
            Err(MailFailure::Permanent(error)) => {
                // Kept for the operator rather than bounced to the sender
                // (of an oversized message, the part that was read).
                let path =
                    self.failed
                        .keep(start, &error)
                        .map_err(|source| DaemonError::Folder {
                            path: self.failed.path().to_path_buf(),
                            source,
                        })?;
                error!(file = %path.display(), "piped mail set aside: {error}");
                return Ok(Receipt::Ignored(format!(
                    "set aside as {}: {error}",
                    path.display()
                )));
            }
        };
        // The mail is stored; a failure to send now only delays replies
        // until the next run drains the outbox.
        if let Err(err) = self.host.send_waiting(&mut self.sender) {
            warn!("replies stay in the outbox for now: {err}");
        }
        Ok(receipt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_the_handler_becomes_a_permanent_failure() {
        let failure = guarded(|| panic!("boom in a handler")).unwrap_err();
        assert_eq!(
            failure,
            MailFailure::Permanent("the handler panicked: boom in a handler".into())
        );
    }

    #[test]
    fn a_busy_database_is_a_temporary_failure() {
        let busy = rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
            None,
        );
        let failure = guarded(|| Err(HostError::Store(StoreError::from(busy)))).unwrap_err();
        assert!(matches!(failure, MailFailure::Temporary(_)), "{failure:?}");
    }

    #[test]
    fn a_mail_that_panics_the_handler_is_set_aside_and_the_next_is_handled() {
        let dir = tempfile::tempdir().unwrap();
        let config = Config::load(None, Some(dir.path())).unwrap();
        let runtime = Runtime::open(&config).unwrap();
        let first = runtime
            .maildir
            .deliver(b"From: a@example.org\r\n\r\nx")
            .unwrap();
        let failure = guarded(|| panic!("simulated bug")).unwrap_err();
        let MailFailure::Permanent(error) = failure else {
            panic!("a panic is permanent");
        };
        runtime.failed.set_aside(&first, &error).unwrap();
        let failed = dir.path().join(crate::mail::failed::FAILED_FOLDER);
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(failed.join(&name).is_file());
        let note = std::fs::read_to_string(failed.join(format!("{name}.error"))).unwrap();
        assert!(note.contains("simulated bug"), "{note}");
        assert!(runtime.maildir.waiting().unwrap().is_empty());
    }
}
