//! The outbox sender: takes the rows that are due, builds each message,
//! hands them to the transport (several at once when the transport
//! allows), and records what happened to each row.
//!
//! A row is marked sent only after the transport accepted it. A crash
//! between the server's acceptance and the database commit leaves the row
//! unsent, so it goes out again after a restart: delivery is at least
//! once, and that window is a few rows at most (results are committed as
//! they arrive). Nothing is ever dropped: a row the server refuses for
//! good, or that waited past the give-up time, is set aside with its
//! reason, logged, and listed by `pbem outbox`.

use crate::mail::outbound::{build_message, OutboundError};
use crate::mail::transport::{FailureKind, Outgoing, SendError, Transport};
use crate::store::{self, OutboxRow, StoreError};
use lettre::message::Mailbox;
use rusqlite::Connection;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// When to try a failed row again, and when to stop trying.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The wait after the first failure; each further failure doubles it.
    pub first_retry: Duration,
    /// The longest wait between two tries.
    pub max_retry: Duration,
    /// A row still unsent this long after it was queued is given up at
    /// its next failure.
    pub give_up_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> RetryPolicy {
        RetryPolicy {
            first_retry: Duration::from_secs(60),
            max_retry: Duration::from_secs(3600),
            give_up_after: Duration::from_secs(5 * 24 * 3600),
        }
    }
}

impl RetryPolicy {
    /// The wait after the `failures`-th failure in a row (1 for the first).
    pub fn delay_after(&self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(1).min(31);
        self.first_retry
            .saturating_mul(1u32 << doublings)
            .min(self.max_retry)
    }
}

/// What one run of the sender did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drained {
    pub sent: usize,
    /// Rows that failed this time and wait for a later try.
    pub deferred: usize,
    /// Rows set aside for good this time (refused, unbuildable, too old).
    pub given_up: usize,
}

/// Rows read from the database per round.
const BATCH: u32 = 512;

pub struct OutboxSender {
    transport: Box<dyn Transport>,
    from: Mailbox,
    policy: RetryPolicy,
    /// After the transport was unreachable, no row is tried before this
    /// time (Unix ms), so an outage costs one try per back-off step rather
    /// than one per row.
    paused_until: i64,
    /// Consecutive runs that found the transport unreachable.
    outages: u32,
}

fn millis(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

fn duration_text(duration: Duration) -> String {
    let secs = duration.as_secs();
    match secs {
        0 => format!("{}ms", duration.as_millis()),
        s if s % 86400 == 0 => format!("{}d", s / 86400),
        s if s % 3600 == 0 => format!("{}h", s / 3600),
        s if s % 60 == 0 => format!("{}m", s / 60),
        s => format!("{s}s"),
    }
}

impl OutboxSender {
    pub fn new(transport: Box<dyn Transport>, from: Mailbox, policy: RetryPolicy) -> OutboxSender {
        OutboxSender {
            transport,
            from,
            policy,
            paused_until: 0,
            outages: 0,
        }
    }

    pub fn transport(&self) -> &dyn Transport {
        self.transport.as_ref()
    }

    /// Sends every row due at `now`. `now` is passed in so tests can move
    /// the clock; the daemon passes the real time.
    pub fn drain(&mut self, conn: &Connection, now: SystemTime) -> Result<Drained, OutboundError> {
        let now_ms = millis(now);
        let mut drained = Drained::default();
        if now_ms < self.paused_until {
            return Ok(drained);
        }
        loop {
            let rows = store::due(conn, now_ms, BATCH)?;
            if rows.is_empty() {
                self.outages = 0;
                return Ok(drained);
            }
            let mut outgoing = Vec::with_capacity(rows.len());
            let mut by_id = std::collections::HashMap::with_capacity(rows.len());
            for row in rows {
                match self.prepare(&row) {
                    Ok(mail) => {
                        outgoing.push(mail);
                        by_id.insert(row.id, row);
                    }
                    Err(err) => {
                        eprintln!("pbem: {err}; the mail is set aside");
                        store::mark_failed(conn, row.id, &err.to_string())?;
                        drained.given_up += 1;
                    }
                }
            }
            let mut outage: Option<SendError> = None;
            self.send_all(&outgoing, |results| {
                let tx = conn.unchecked_transaction()?;
                for (id, result) in results {
                    let row = &by_id[&id];
                    match result {
                        Ok(()) => {
                            store::mark_sent(&tx, id)?;
                            drained.sent += 1;
                        }
                        Err(err) => {
                            if err.kind == FailureKind::Unavailable && outage.is_none() {
                                outage = Some(err.clone());
                            }
                            if self.record_failure(&tx, row, &err, now_ms)? {
                                drained.given_up += 1;
                            } else {
                                drained.deferred += 1;
                            }
                        }
                    }
                }
                tx.commit()?;
                Ok(())
            })?;
            if let Some(err) = outage {
                self.outages += 1;
                let pause = self.policy.delay_after(self.outages);
                self.paused_until = now_ms + pause.as_millis() as i64;
                eprintln!(
                    "pbem: {} is unavailable ({err}); mail waits in the outbox, next try in {}",
                    self.transport.describe(),
                    duration_text(pause)
                );
                return Ok(drained);
            }
        }
    }

    fn prepare(&self, row: &OutboxRow) -> Result<Outgoing, OutboundError> {
        let message = build_message(row.id, &row.mail, &self.from)?;
        Ok(Outgoing {
            id: row.id,
            envelope: message.envelope().clone(),
            bytes: message.formatted(),
        })
    }

    /// Records a failed send; returns whether the row was given up.
    fn record_failure(
        &self,
        conn: &Connection,
        row: &OutboxRow,
        err: &SendError,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let attempts = row.attempts + 1;
        let age_ms = now_ms - row.created.saturating_mul(1000);
        let give_up_ms = self.policy.give_up_after.as_millis() as i64;
        let reason = match err.kind {
            FailureKind::Rejected => Some(format!("refused: {err}")),
            _ if age_ms >= give_up_ms => Some(format!(
                "gave up after {} and {attempts} tries: {err}",
                duration_text(self.policy.give_up_after)
            )),
            _ => None,
        };
        match reason {
            Some(reason) => {
                eprintln!(
                    "pbem: mail {} to {} ({:?}) is given up, {reason}",
                    row.id, row.mail.recipient, row.mail.subject
                );
                store::record_failed_attempt(conn, row.id, &err.reason, now_ms)?;
                store::mark_failed(conn, row.id, &reason)?;
                Ok(true)
            }
            None => {
                let delay = self.policy.delay_after(attempts);
                if err.kind == FailureKind::Deferred {
                    eprintln!(
                        "pbem: mail {} to {} deferred ({err}); try {} in {}",
                        row.id,
                        row.mail.recipient,
                        attempts + 1,
                        duration_text(delay)
                    );
                }
                let next = now_ms + delay.as_millis() as i64;
                store::record_failed_attempt(conn, row.id, &err.reason, next)?;
                Ok(false)
            }
        }
    }

    /// Sends `mails` on up to `parallel_sends` threads, handing results to
    /// `record` in groups as they come in (each group one commit). Once
    /// the transport is unavailable, no further mail is started.
    fn send_all<F>(&self, mails: &[Outgoing], mut record: F) -> Result<(), StoreError>
    where
        F: FnMut(Vec<(i64, Result<(), SendError>)>) -> Result<(), StoreError>,
    {
        let threads = self.transport.parallel_sends().clamp(1, mails.len().max(1));
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let transport = self.transport.as_ref();
        std::thread::scope(|scope| {
            let (results, received) = mpsc::channel();
            for _ in 0..threads {
                let results = results.clone();
                let (next, stop) = (&next, &stop);
                scope.spawn(move || loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let Some(mail) = mails.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    let result = transport.send(mail);
                    if matches!(&result, Err(err) if err.kind == FailureKind::Unavailable) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    if results.send((mail.id, result)).is_err() {
                        return;
                    }
                });
            }
            drop(results);
            // Every result is recorded, even after a store error, so no
            // accepted mail is forgotten by this loop; the first error is
            // returned.
            let mut failure = None;
            while let Ok(first) = received.recv() {
                let mut group = vec![first];
                group.extend(received.try_iter());
                if let Err(err) = record(group) {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(err);
                }
            }
            failure.map_or(Ok(()), Err)
        })
    }
}
