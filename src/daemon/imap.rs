//! `serve` and `fetch --once` with IMAP intake. The serve loop keeps one
//! session: a pass over the folder, then IDLE when the server offers it
//! (ended and issued anew every `idle_renew`, well inside the 29 minutes
//! of RFC 2177, and sooner when a timer falls due), else a poll every
//! `poll_interval`. Any failure drops the session; it is opened again with
//! a back-off, and the failures are logged once a minute with a count.

use super::backoff::Backoff;
use super::serve::sleep_unless_stopped;
use super::wake::WakeListener;
use super::{Pass, Runtime};
use crate::mail::inbound::imap::{self, Idled, ImapSession, ImapSettings, Mailbox};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tracing::{info, warn};

/// The first wait after a failure; it doubles up to [`RECONNECT_MAX`].
const RECONNECT_FIRST: Duration = Duration::from_millis(200);
const RECONNECT_MAX: Duration = Duration::from_secs(60);
/// A session counts as sound, and the back-off starts again from its
/// first wait, only once it has lasted this long: a server that lets the
/// host in and then drops it at once (a BYE on every IDLE) is met with
/// longer and longer waits, not a reconnection every
/// [`RECONNECT_FIRST`].
const SOUND_SESSION: Duration = Duration::from_secs(60);
/// The most sessions one `fetch --once` opens: each after one that ended
/// on a message it left on the server or fetches alone next.
const SESSIONS_PER_FETCH: usize = 8;
/// Failures are logged once in this interval, with their count.
const OUTAGE_LOG_INTERVAL: Duration = Duration::from_secs(60);
/// The longest IDLE or poll wait before the timers are looked at again
/// (timers set by another process are not known in advance).
const TIMER_LOOK: Duration = Duration::from_secs(60);

/// Failures in a row, logged once a minute.
struct Outage {
    failures: u64,
    logged: Option<Instant>,
    held_back: u64,
}

impl Outage {
    fn new() -> Outage {
        Outage {
            failures: 0,
            logged: None,
            held_back: 0,
        }
    }

    fn failed(&mut self, error: &str, retry_in: Duration) {
        self.failures += 1;
        let due = self
            .logged
            .is_none_or(|at| at.elapsed() >= OUTAGE_LOG_INTERVAL);
        if due {
            warn!(
                failures = self.failures,
                held_back = self.held_back,
                "IMAP: {error}; trying again in {retry_in:?}"
            );
            self.logged = Some(Instant::now());
            self.held_back = 0;
        } else {
            self.held_back += 1;
        }
    }

    fn succeeded(&mut self) {
        if self.failures > 0 {
            info!(failures = self.failures, "IMAP: the mailbox answers again");
        }
        *self = Outage::new();
    }
}

impl Runtime {
    /// The IMAP side of `serve`: until `stop`, each mail is fetched,
    /// handled and settled on the server; the sender is woken when
    /// replies were queued.
    pub(super) fn receive_imap_until(
        &mut self,
        settings: &ImapSettings,
        stop: &AtomicBool,
        wake: Option<&WakeListener>,
    ) {
        let current: Arc<Mutex<Option<imap::Cutter>>> = Arc::default();
        let watcher_done = Arc::new(AtomicBool::new(false));
        std::thread::scope(|scope| {
            // Cuts the connection when a stop is asked for, so a long
            // IDLE does not hold the daemon.
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) && !watcher_done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(50));
                }
                if let Some(cutter) = current.lock().map(|mut held| held.take()).ok().flatten() {
                    cutter.cut();
                }
            });
            self.imap_loop(settings, stop, wake, &current);
            watcher_done.store(true, Ordering::Relaxed);
        });
    }

    fn imap_loop(
        &mut self,
        settings: &ImapSettings,
        stop: &AtomicBool,
        wake: Option<&WakeListener>,
        current: &Mutex<Option<imap::Cutter>>,
    ) {
        let mut backoff = Backoff::new(RECONNECT_FIRST, RECONNECT_MAX);
        let mut outage = Outage::new();
        let mut session: Option<ImapSession> = None;
        let mut opened = Instant::now();
        let waits = if settings.idle {
            "with IDLE where the server offers it"
        } else {
            "polling"
        };
        info!(
            server = %format!("{}:{}", settings.host, settings.port),
            folder = %settings.folder,
            poll = ?settings.poll_interval,
            "IMAP intake, {waits}"
        );
        while !stop.load(Ordering::Relaxed) {
            if session.is_none() {
                match imap::connect(settings) {
                    Ok(open) => {
                        *current.lock().unwrap_or_else(|e| e.into_inner()) = open.cutter();
                        session = Some(open);
                        opened = Instant::now();
                    }
                    Err(err) => {
                        let delay = backoff.failed();
                        outage.failed(&err.to_string(), delay);
                        sleep_unless_stopped(delay, Duration::from_millis(50), stop);
                        continue;
                    }
                }
            }
            let Some(open) = session.as_mut() else {
                continue;
            };
            let waited = self.imap_round(open, settings, wake, stop);
            match waited {
                Ok(store_failing) => {
                    outage.succeeded();
                    if store_failing {
                        let delay = backoff.failed();
                        sleep_unless_stopped(delay, Duration::from_millis(50), stop);
                    } else if opened.elapsed() >= SOUND_SESSION {
                        backoff.succeeded();
                    }
                }
                Err(err) => {
                    session = None;
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let delay = backoff.failed();
                    outage.failed(&err, delay);
                    sleep_unless_stopped(delay, Duration::from_millis(50), stop);
                }
            }
        }
        if let Some(mut open) = session {
            open.logout();
        }
    }

    /// One pass, the timers, and the wait for news. `Ok(true)` when the
    /// database could not store mail (the caller backs off); an error
    /// string when the session is to be dropped.
    fn imap_round(
        &mut self,
        session: &mut ImapSession,
        settings: &ImapSettings,
        wake: Option<&WakeListener>,
        stop: &AtomicBool,
    ) -> Result<bool, String> {
        let mut pass = Pass::default();
        match self.imap_pass(session, settings, &mut pass) {
            Ok(()) => {}
            Err(err @ (super::IntakeError::Store(_) | super::IntakeError::Busy(_))) => {
                self.log_repeated(&err.to_string());
                return Ok(true);
            }
            Err(err) => {
                if pass.handled > 0 {
                    self.mail_handled.store(true, Ordering::Relaxed);
                    if let Some(wake) = wake {
                        wake.wake();
                    }
                }
                return Err(err.to_string());
            }
        }
        let mut queued = pass.handled > 0;
        if queued {
            self.mail_handled.store(true, Ordering::Relaxed);
        }
        match self.run_due_timers() {
            Ok(Some(report)) => queued |= report.mails_queued > 0,
            Ok(None) => {}
            Err(err) => self.log_repeated(&format!("timers: {err}")),
        }
        if queued {
            if let Some(wake) = wake {
                wake.wake();
            }
        }
        if pass.store_failures > 0 || stop.load(Ordering::Relaxed) {
            return Ok(pass.store_failures > 0);
        }
        let wait = self.until_next_timer().min(TIMER_LOOK);
        if settings.idle && session.can_idle() {
            match session.idle(wait.min(settings.idle_renew)) {
                Ok(Idled::Changed) | Ok(Idled::TimedOut) => Ok(false),
                Err(err) => Err(format!("IDLE ended: {err}")),
            }
        } else {
            sleep_unless_stopped(
                wait.min(settings.poll_interval),
                Duration::from_millis(50),
                stop,
            );
            Ok(false)
        }
    }

    /// How long until the next timer falls due (a second at least).
    fn until_next_timer(&self) -> Duration {
        let now = self.host.clock().now().timestamp();
        match self.host.next_timer() {
            Ok(Some(due)) => Duration::from_secs(due.saturating_sub(now).max(1) as u64),
            _ => TIMER_LOOK,
        }
    }

    /// `pbem fetch --once`: a pass over the folder (in a new session
    /// after one ended on a message it then left on the server or will
    /// fetch alone, `SESSIONS_PER_FETCH` at most), the timers and
    /// robots due, and the outbox sent.
    pub fn fetch_once(&mut self, settings: &ImapSettings) -> Result<Pass, super::DaemonError> {
        let mut pass = Pass::default();
        let mut sessions = 0;
        loop {
            sessions += 1;
            let mut session = imap::connect(settings)
                .map_err(|err| super::DaemonError::Retry(format!("IMAP: {err}")))?;
            match self.imap_pass(&mut session, settings, &mut pass) {
                Ok(()) => {
                    session.logout();
                    break;
                }
                // The session was cut mid-answer: dropped, not logged out.
                Err(super::IntakeError::Again(why)) if sessions < SESSIONS_PER_FETCH => {
                    info!("IMAP: {why}; a new session goes on");
                }
                Err(err) => {
                    session.logout();
                    return Err(super::DaemonError::Retry(err.to_string()));
                }
            }
        }
        self.run_due_timers()?;
        self.play_robots(crate::robot::Halt::never())?;
        pass.sent = self.send_waiting()?.sent;
        Ok(pass)
    }
}
