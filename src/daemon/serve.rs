//! `pbem serve`: the Maildir is answered as mail arrives (inotify, with a
//! poll as the fallback), and the outbox is sent from a thread of its own
//! with its own database connection, so a mail server that hangs holds up
//! replies only, never the handling of inbound mail. The daemon holds the
//! data directory's serve lock for its whole life and its sender the
//! sender lock, so a `pbem deliver` only stores and wakes it.

use super::backoff::Backoff;
use super::presence::{Held, Presence};
use super::wake::WakeListener;
use super::{outbox_sender, DaemonError, Runtime, REPEAT_INTERVAL};
use crate::config::{Config, InboundSource};
use crate::log::Repeats;
use crate::mail::inbound::watch::NewMailWatch;
use crate::mail::outbound::sender::{Drained, OutboxSender};
use crate::store::{self, Store};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};
use tracing::{error, info, warn};

/// The page caches of the daemon's two connections, in KiB (as SQLite's
/// negative `cache_size`).
const HOST_CACHE_KIB: i64 = -256;
const SENDER_CACHE_KIB: i64 = -128;

/// The longest wait between tries while the database keeps failing.
const STORE_BACKOFF_MAX: Duration = Duration::from_secs(60);

impl Runtime {
    /// The web view on its own thread when `[web] listen` is set; one
    /// that cannot start (a port in use) is logged, and mail goes on.
    fn start_web(&self) -> Option<crate::web::Running> {
        let listen = self.config.web_listen.as_deref()?;
        let site = crate::web::SiteConfig {
            database: self.config.database.clone(),
            templates: Some(self.config.templates.clone()),
            host: self.config.host.clone(),
            clock: crate::clock::Clock::System,
        };
        match crate::web::start(site, listen) {
            Ok(running) => Some(running),
            Err(err) => {
                tracing::error!("{err}; mail is handled without it");
                None
            }
        }
    }

    /// Runs until SIGTERM or SIGINT; a group of mails in progress finishes
    /// first, so no mail is left half-handled.
    pub(crate) fn serve(&mut self) -> Result<(), DaemonError> {
        let presence = Presence::new(&self.config.data_dir);
        let _serving = presence
            .take_serve()
            .map_err(|err| DaemonError::Serving(err.to_string()))?;
        // Inbound mail touches a game's rows, its player's and a few
        // index pages: a page cache of 1 MB (SQLite's default is 2) keeps
        // what a mail reads again and the daemon small.
        self.host
            .store()
            .connection()
            .pragma_update(None, "cache_size", HOST_CACHE_KIB)
            .map_err(|err| DaemonError::Database {
                path: self.config.database.clone(),
                source: err.into(),
            })?;
        let stop = Arc::new(AtomicBool::new(false));
        for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
            signal_hook::flag::register(signal, Arc::clone(&stop)).map_err(|source| {
                DaemonError::Folder {
                    path: PathBuf::from("(signal handler)"),
                    source,
                }
            })?;
        }
        let wake = match WakeListener::open(&self.config.data_dir) {
            Ok(listener) => Some(Arc::new(listener)),
            Err(err) => {
                warn!("pbem deliver cannot wake this daemon ({err}); its replies wait for the next poll");
                None
            }
        };
        info!(
            address = %self.config.host.address,
            intake = %self.config.source.describe(&self.config.maildir),
            transport = %self.sender.transport().describe(),
            "serving"
        );
        let sending = spawn_sender(&self.config, Arc::clone(&stop), wake.clone())?;
        let mail = Arc::clone(&self.mail_handled);
        let robots =
            super::robots::spawn_robots(&self.config, Arc::clone(&stop), mail, wake.clone())?;
        let _web = self.start_web();
        match self.config.source.clone() {
            InboundSource::Maildir => self.receive_until(&stop, wake.as_deref()),
            InboundSource::Imap(imap) => self.receive_imap_until(&imap, &stop, wake.as_deref()),
        }
        if let Some(wake) = &wake {
            wake.wake();
        }
        if sending.join().is_err() {
            error!("the sender stopped with a panic");
        }
        if robots.is_some_and(|robots| robots.join().is_err()) {
            error!("the robots stopped with a panic");
        }
        info!("stopped");
        Ok(())
    }

    fn receive_until(&mut self, stop: &AtomicBool, wake: Option<&WakeListener>) {
        let poll = self.config.poll_interval;
        let new = self.config.maildir.join("new");
        let mut watch = NewMailWatch::new(&new)
            .map_err(|err| {
                warn!(
                    "cannot watch {} ({err}); looking every {poll:?}",
                    new.display()
                )
            })
            .ok();
        let mut backoff = Backoff::new(poll, STORE_BACKOFF_MAX);
        while !stop.load(Ordering::Relaxed) {
            match self.receive_waiting() {
                Ok(pass) => {
                    if pass.handled > 0 {
                        self.mail_handled.store(true, Ordering::Relaxed);
                        if let Some(wake) = wake {
                            wake.wake();
                        }
                    }
                    if pass.store_failures > 0 {
                        backoff.failed();
                    } else {
                        backoff.succeeded();
                    }
                }
                Err(err) => {
                    self.log_repeated(&err.to_string());
                    backoff.failed();
                }
            }
            match self.run_due_timers() {
                Ok(Some(report)) if report.mails_queued > 0 => {
                    if let Some(wake) = wake {
                        wake.wake();
                    }
                }
                Ok(_) => {}
                Err(err) => self.log_repeated(&format!("timers: {err}")),
            }
            if backoff.failing() {
                sleep_unless_stopped(backoff.delay(), poll, stop);
            } else if let Some(watching) = watch.as_mut() {
                if let Err(err) = watching.wait(poll) {
                    warn!(
                        "cannot watch {} any more ({err}); looking every {poll:?}",
                        new.display()
                    );
                    watch = None;
                }
            } else {
                std::thread::sleep(poll);
            }
        }
    }
}

/// Sleeps `total`, in steps of `step`, ending early on `stop`.
pub(super) fn sleep_unless_stopped(total: Duration, step: Duration, stop: &AtomicBool) {
    let end = Instant::now() + total;
    while !stop.load(Ordering::Relaxed) {
        let left = end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return;
        }
        std::thread::sleep(left.min(step));
    }
}

fn spawn_sender(
    config: &Config,
    stop: Arc<AtomicBool>,
    wake: Option<Arc<WakeListener>>,
) -> Result<JoinHandle<()>, DaemonError> {
    let store = Store::open(&config.database).map_err(|source| DaemonError::Database {
        path: config.database.clone(),
        source,
    })?;
    // The sender reads and marks outbox rows only: a small page cache
    // does, and the daemon stays small (SQLite's default is 2 MB).
    store
        .connection()
        .pragma_update(None, "cache_size", SENDER_CACHE_KIB)
        .map_err(|err| DaemonError::Database {
            path: config.database.clone(),
            source: err.into(),
        })?;
    // The sender runs a dozen statements, not the host's few dozen.
    store.connection().set_prepared_statement_cache_capacity(16);
    let sending = SenderLoop {
        store,
        sender: outbox_sender(config)?.stopping_on(Arc::clone(&stop)),
        presence: Presence::new(&config.data_dir),
        wake,
        stop,
        poll: config.poll_interval,
        repeats: Repeats::new(REPEAT_INTERVAL),
        backoff: Backoff::new(config.poll_interval, STORE_BACKOFF_MAX),
    };
    std::thread::Builder::new()
        .name("pbem-sender".into())
        .spawn(move || sending.run())
        .map_err(|source| DaemonError::Folder {
            path: PathBuf::from("(sender thread)"),
            source,
        })
}

/// `serve`'s sender: it takes the sender lock (waiting while a `deliver`
/// holds it), takes over what a stopped sender had claimed, and drains
/// the outbox whenever woken (mail was handled here or stored by a
/// `deliver`), when a retry or a hold falls due, and every poll interval.
struct SenderLoop {
    store: Store,
    sender: OutboxSender,
    presence: Presence,
    wake: Option<Arc<WakeListener>>,
    stop: Arc<AtomicBool>,
    poll: Duration,
    repeats: Repeats,
    backoff: Backoff,
}

impl SenderLoop {
    fn run(mut self) {
        let Some(_lock) = self.take_lock() else {
            return;
        };
        if let Err(err) = self.sender.take_over(self.store.connection()) {
            self.log_error(&format!("outbox: {err}"));
        }
        while !self.stop.load(Ordering::Relaxed) {
            self.drain_once();
            self.wait(self.next_wait());
        }
    }

    fn take_lock(&mut self) -> Option<Held> {
        while !self.stop.load(Ordering::Relaxed) {
            match self.presence.try_take_sender() {
                Ok(Some(held)) => return Some(held),
                Ok(None) => {}
                Err(err) => self.log_error(&format!("cannot take the sender lock: {err}")),
            }
            self.wait(self.poll);
        }
        None
    }

    fn drain_once(&mut self) {
        let conn = self.store.connection();
        let drained = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.sender.drain(conn, SystemTime::now())
        }));
        match drained {
            Ok(Ok(drained)) => {
                self.backoff.succeeded();
                log_drained(&drained);
            }
            Ok(Err(err)) => {
                self.backoff.failed();
                self.log_error(&format!("outbox: {err}"));
            }
            // The rows stay in the outbox; the next round tries again.
            Err(_) => {
                self.backoff.failed();
                error!("the sender panicked; it carries on");
            }
        }
    }

    /// Until the next try: a store that keeps failing backs off; else the
    /// poll interval, or sooner when a retry or a hold falls due.
    fn next_wait(&self) -> Duration {
        if self.backoff.failing() {
            return self.backoff.delay();
        }
        match store::next_due(self.store.connection()) {
            Ok(Some(due)) => {
                let until = (due - store::now_ms()).max(0) as u64;
                self.poll.min(Duration::from_millis(until))
            }
            _ => self.poll,
        }
    }

    fn wait(&self, timeout: Duration) {
        let woken = match &self.wake {
            Some(wake) => wake.wait(timeout).map(drop),
            None => Err(std::io::Error::other("no wake-up FIFO")),
        };
        if woken.is_err() {
            sleep_unless_stopped(timeout, self.poll, &self.stop);
        }
    }

    fn log_error(&mut self, message: &str) {
        if let Some(held_back) = self.repeats.admit(message, Instant::now()) {
            if held_back > 0 {
                error!(repeated = held_back, "{message}");
            } else {
                error!("{message}");
            }
        }
    }
}

fn log_drained(drained: &Drained) {
    if *drained != Drained::default() {
        info!(
            sent = drained.sent,
            deferred = drained.deferred,
            given_up = drained.given_up,
            held = drained.held,
            dropped = drained.dropped,
            "outbox drained"
        );
    }
}
