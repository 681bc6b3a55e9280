//! The long-running side: watch the Maildir, hand each mail to the host,
//! drain the outbox; and the one-shot forms of the same (`--once`, the
//! MTA pipe).

use crate::config::{Config, TransportChoice};
use crate::host::render::{Renderer, TemplateError};
use crate::host::{Host, HostError, Receipt, MAX_HEADER_BYTES};
use crate::mail::maildir::Maildir;
use crate::mail::outbound::host_mailbox;
use crate::mail::sender::OutboxSender;
use crate::mail::transport::{FileTransport, SendmailTransport, SmtpTransport, Transport};
use crate::store::{Store, StoreError};
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::SystemTime;

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

/// The folder of the data directory where mails that make the handler
/// fail are set aside, each with a `.error` note.
pub const FAILED_FOLDER: &str = "failed";

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

/// A message as read from a file or a pipe: all of it, or, when it is
/// over the size limit, only its start (enough for its header block) and
/// how long it is.
pub struct ReadMail {
    pub start: Vec<u8>,
    pub total_len: u64,
}

/// Reads a message holding no more than the size limit (or the header
/// block, when that is larger) in memory, so a huge mail costs neither
/// memory nor time. `known_len` (a file's size) spares reading the rest
/// of an oversized message just to count it.
pub fn read_mail(
    mut reader: impl Read,
    max_bytes: usize,
    known_len: Option<u64>,
) -> std::io::Result<ReadMail> {
    let keep = max_bytes.max(MAX_HEADER_BYTES) as u64 + 1;
    let mut start = Vec::new();
    (&mut reader).take(keep).read_to_end(&mut start)?;
    let read = start.len() as u64;
    let total_len = if read < keep {
        read
    } else {
        match known_len {
            Some(len) => len.max(read),
            None => read + std::io::copy(&mut reader, &mut std::io::sink())?,
        }
    };
    Ok(ReadMail { start, total_len })
}

/// Opens and reads one mail file of the Maildir.
fn read_mail_file(path: &Path, max_bytes: usize) -> std::io::Result<ReadMail> {
    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    read_mail(file, max_bytes, Some(len))
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
    std::thread::Builder::new()
        .name("pbem-sender".into())
        .spawn(move || loop {
            let drained = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                sender.drain(store.connection(), SystemTime::now())
            }));
            match drained {
                Ok(Ok(drained)) if drained.sent > 0 => eprintln!("pbem: sent {}", drained.sent),
                Ok(Ok(_)) => {}
                Ok(Err(err)) => eprintln!("pbem: {err}"),
                // The rows stay in the outbox; the next round tries again.
                Err(_) => eprintln!("pbem: the sender panicked; it carries on"),
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
        let renderer = Renderer::new(overrides)?;
        let maildir = Maildir::open(&config.maildir).map_err(|e| folder(&config.maildir, e))?;
        let sender = outbox_sender(config)?;
        Ok(Runtime {
            host: Host::new(store, renderer, config.host.clone()),
            maildir,
            sender,
            config: config.clone(),
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
                    Receipt::Duplicate => pass.duplicates += 1,
                    Receipt::Ignored(reason) => {
                        eprintln!("pbem: ignored {}: {reason}", path.display());
                        pass.ignored += 1;
                    }
                }
                self.failing.remove(path);
                if let Err(err) = self.maildir.mark_handled(path) {
                    // The mail is recorded as seen; if it stays in new/
                    // it comes back as a duplicate and is dropped then.
                    eprintln!("pbem: cannot move {} to cur/: {err}", path.display());
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
                eprintln!("pbem: setting {} aside: {error}", path.display());
                self.failing.remove(path);
                if let Err(err) = self.set_aside(path, &error) {
                    eprintln!("pbem: cannot move {} to failed/: {err}", path.display());
                }
                pass.failed += 1;
            }
        }
    }

    /// Moves a mail that cannot be handled into `failed/` of the data
    /// directory, with a `.error` note beside it saying why.
    fn set_aside(&self, path: &Path, error: &str) -> std::io::Result<()> {
        let folder = self.config.data_dir.join(FAILED_FOLDER);
        std::fs::create_dir_all(&folder)?;
        let name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_else(|| "unnamed".into());
        let target = folder.join(name);
        self.set_aside_note(&target, error)?;
        std::fs::rename(path, target)
    }

    /// The `.error` note beside a mail in `failed/`.
    fn set_aside_note(&self, path: &Path, error: &str) -> std::io::Result<()> {
        let mut note = path.as_os_str().to_owned();
        note.push(".error");
        std::fs::write(PathBuf::from(note), format!("{error}\n"))
    }

    /// Writes a piped mail that cannot be handled into `failed/`, with
    /// its `.error` note.
    fn keep_failed(&self, raw: &[u8], error: &str) -> std::io::Result<PathBuf> {
        let folder = self.config.data_dir.join(FAILED_FOLDER);
        std::fs::create_dir_all(&folder)?;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        let path = folder.join(format!(
            "{}.{:09}.P{}.deliver",
            now.as_secs(),
            now.subsec_nanos(),
            std::process::id()
        ));
        std::fs::write(&path, raw)?;
        self.set_aside_note(&path, error)?;
        Ok(path)
    }

    fn report_failure(&mut self, path: &std::path::Path, error: &str) {
        if self.failing.insert(path.to_path_buf()) {
            eprintln!("pbem: cannot handle {} yet: {error}", path.display());
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
        eprintln!(
            "pbem: serving {} (mail in {}, replies by {})",
            self.config.host.address,
            self.config.maildir.join("new").display(),
            self.sender.transport().describe()
        );
        let (wake, woken) = std::sync::mpsc::channel();
        let sending = spawn_sender(&self.config, woken)?;
        while !stop.load(Ordering::Relaxed) {
            match self.receive_waiting() {
                Ok(pass) if pass.handled > 0 => {
                    eprintln!("pbem: handled {} mail(s)", pass.handled);
                    // The sender may have stopped (a panic it could not
                    // survive); mail then waits in the outbox for a restart.
                    let _ = wake.send(());
                }
                Ok(_) => {}
                // A busy database or full disk: say so and try again.
                Err(err) => eprintln!("pbem: {err}"),
            }
            std::thread::sleep(self.config.poll_interval);
        }
        drop(wake);
        if sending.join().is_err() {
            eprintln!("pbem: the sender stopped with a panic");
        }
        eprintln!("pbem: stopped");
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
                    self.keep_failed(start, &error)
                        .map_err(|source| DaemonError::Folder {
                            path: self.config.data_dir.join(FAILED_FOLDER),
                            source,
                        })?;
                return Ok(Receipt::Ignored(format!(
                    "set aside as {}: {error}",
                    path.display()
                )));
            }
        };
        // The mail is stored; a failure to send now only delays replies
        // until the next run drains the outbox.
        if let Err(err) = self.host.send_waiting(&mut self.sender) {
            eprintln!("pbem: replies stay in the outbox for now: {err}");
        }
        Ok(receipt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oversized_stream_is_kept_only_up_to_the_header_block_and_counted_to_its_end() {
        let head = b"From: a@example.org\r\n\r\n".as_slice();
        let body = std::io::repeat(b'x').take(3 * 1024 * 1024);
        let mail = read_mail(head.chain(body), 1000, None).unwrap();
        assert_eq!(mail.start.len(), MAX_HEADER_BYTES + 1);
        assert!(mail.start.starts_with(head));
        assert_eq!(mail.total_len, head.len() as u64 + 3 * 1024 * 1024);
    }

    #[test]
    fn a_file_over_the_limit_takes_its_length_from_the_file_system() {
        let mail = read_mail(std::io::repeat(b'x'), 10, Some(1 << 40)).unwrap();
        assert_eq!(mail.start.len(), MAX_HEADER_BYTES + 1);
        assert_eq!(mail.total_len, 1 << 40);
    }

    #[test]
    fn a_mail_within_the_limit_is_read_whole() {
        let raw = vec![b'z'; 5000];
        let mail = read_mail(raw.as_slice(), 1_000_000, Some(5000)).unwrap();
        assert_eq!((mail.start, mail.total_len), (raw, 5000));
    }

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
        runtime.set_aside(&first, &error).unwrap();
        let failed = dir.path().join(FAILED_FOLDER);
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(failed.join(&name).is_file());
        let note = std::fs::read_to_string(failed.join(format!("{name}.error"))).unwrap();
        assert!(note.contains("simulated bug"), "{note}");
        assert!(runtime.maildir.waiting().unwrap().is_empty());
    }
}
