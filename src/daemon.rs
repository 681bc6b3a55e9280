//! The long-running side: watch the Maildir, hand each mail to the host,
//! drain the outbox; and the one-shot forms of the same (`--once`, the
//! MTA pipe).

use crate::config::{Config, TransportChoice};
use crate::host::render::{Renderer, TemplateError};
use crate::host::{Host, HostError, Receipt};
use crate::mail::maildir::Maildir;
use crate::mail::outbound::host_mailbox;
use crate::mail::sender::OutboxSender;
use crate::mail::transport::{FileTransport, SendmailTransport, SmtpTransport, Transport};
use crate::store::{Store, StoreError};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
}

impl DaemonError {
    /// Whether trying again later may work, for the MTA's exit code.
    pub fn is_temporary(&self) -> bool {
        match self {
            DaemonError::Host(err) => err.is_temporary(),
            DaemonError::Database { source, .. } => source.is_temporary(),
            DaemonError::Folder { .. } | DaemonError::Maildir { .. } => true,
            DaemonError::Template(_) | DaemonError::Outbound(_) => false,
        }
    }
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
        let transport: Box<dyn Transport> = match &config.outbound.transport {
            TransportChoice::File => Box::new(
                FileTransport::new(&config.outbox_folder)
                    .map_err(|e| folder(&config.outbox_folder, e))?,
            ),
            TransportChoice::Smtp(settings) => {
                Box::new(SmtpTransport::new(settings.clone()).map_err(DaemonError::Outbound)?)
            }
            TransportChoice::Sendmail { command } => Box::new(SendmailTransport::new(command)),
        };
        let from =
            host_mailbox(&config.host.name, &config.host.address).map_err(DaemonError::Outbound)?;
        let sender = OutboxSender::new(transport, from, config.outbound.retry);
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
        let mut pass = Pass::default();
        let waiting = self
            .maildir
            .waiting()
            .map_err(|source| DaemonError::Maildir {
                path: self.config.maildir.clone(),
                source,
            })?;
        for path in waiting {
            let raw = match std::fs::read(&path) {
                Ok(raw) => raw,
                // Another reader may have taken it; it is no longer ours.
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
                Err(err) => {
                    self.report_failure(&path, &err.to_string());
                    pass.failed += 1;
                    continue;
                }
            };
            match self.host.receive(&raw) {
                Ok(receipt) => {
                    match &receipt {
                        Receipt::Handled { .. } => pass.handled += 1,
                        Receipt::Duplicate => pass.duplicates += 1,
                        Receipt::Ignored(reason) => {
                            eprintln!("pbem: ignored {}: {reason}", path.display());
                            pass.ignored += 1;
                        }
                    }
                    self.failing.remove(&path);
                    if let Err(err) = self.maildir.mark_handled(&path) {
                        // The mail is recorded as seen; if it stays in new/
                        // it comes back as a duplicate and is dropped then.
                        eprintln!("pbem: cannot move {} to cur/: {err}", path.display());
                    }
                }
                Err(err) => {
                    // Nothing of the mail was stored; it stays in new/ and
                    // is tried again on the next pass.
                    self.report_failure(&path, &err.to_string());
                    pass.failed += 1;
                }
            }
        }
        pass.sent = self.host.send_waiting(&mut self.sender)?.sent;
        Ok(pass)
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
        while !stop.load(Ordering::Relaxed) {
            match self.pass() {
                Ok(pass) if pass.handled + pass.sent > 0 => {
                    eprintln!("pbem: handled {} mail(s), sent {}", pass.handled, pass.sent)
                }
                Ok(_) => {}
                // A busy database or full disk: say so and try again.
                Err(err) => eprintln!("pbem: {err}"),
            }
            std::thread::sleep(self.config.poll_interval);
        }
        eprintln!("pbem: stopped");
        Ok(())
    }

    /// The MTA pipe: one message, handled and answered.
    pub fn deliver(&mut self, raw: &[u8]) -> Result<Receipt, DaemonError> {
        let receipt = self.host.receive(raw)?;
        // The mail is stored; a failure to send now only delays replies
        // until the next run drains the outbox.
        if let Err(err) = self.host.send_waiting(&mut self.sender) {
            eprintln!("pbem: replies stay in the outbox for now: {err}");
        }
        Ok(receipt)
    }
}
