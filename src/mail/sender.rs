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
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tracing::{error, info, warn};

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
    /// Never zero, so a failed row is not tried again in the same run.
    pub fn delay_after(&self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(1).min(31);
        self.first_retry
            .saturating_mul(1u32 << doublings)
            .min(self.max_retry)
            .max(Duration::from_millis(1))
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
    /// Whether rows may wait from an outage (since this process started,
    /// or since the last one): the first success then makes them due.
    catching_up: bool,
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
            catching_up: true,
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
                        error!(row = row.id, "{err}; the mail is set aside");
                        store::mark_failed(conn, row.id, &err.to_string())?;
                        drained.given_up += 1;
                    }
                }
            }
            let mut outage: Option<SendError> = None;
            let sent_before = drained.sent;
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
            if outage.is_none() && drained.sent > sent_before && self.catching_up {
                self.catching_up = false;
                let waiting = store::retry_unreachable_now(conn, now_ms)?;
                if waiting > 0 {
                    info!(
                        "{} works again; {waiting} waiting mail(s) go now",
                        self.transport.describe()
                    );
                }
            }
            if let Some(err) = outage {
                self.catching_up = true;
                self.outages += 1;
                let pause = self.policy.delay_after(self.outages);
                self.paused_until = now_ms + pause.as_millis() as i64;
                warn!(
                    "{} is unavailable ({err}); mail waits in the outbox, next try in {}",
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
                error!(
                    row = row.id,
                    "mail to {} ({:?}) is given up, {reason}", row.mail.recipient, row.mail.subject
                );
                store::record_failed_attempt(conn, row.id, &err.reason, now_ms, false)?;
                store::mark_failed(conn, row.id, &reason)?;
                Ok(true)
            }
            None => {
                let delay = self.policy.delay_after(attempts);
                if err.kind == FailureKind::Deferred {
                    warn!(
                        row = row.id,
                        "mail to {} deferred ({err}); try {} in {}",
                        row.mail.recipient,
                        attempts + 1,
                        duration_text(delay)
                    );
                }
                let next = now_ms + delay.as_millis() as i64;
                let unreachable = err.kind == FailureKind::Unavailable;
                store::record_failed_attempt(conn, row.id, &err.reason, next, unreachable)?;
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
        let queues = by_recipient(mails);
        let threads = self
            .transport
            .parallel_sends()
            .clamp(1, queues.len().max(1));
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let transport = self.transport.as_ref();
        std::thread::scope(|scope| {
            let (results, received) = mpsc::channel();
            for _ in 0..threads {
                let results = results.clone();
                let (next, stop, queues) = (&next, &stop, &queues);
                scope.spawn(move || loop {
                    let Some(queue) = queues.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    for mail in queue {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let result = transport.send(mail);
                        if matches!(&result, Err(err) if err.kind == FailureKind::Unavailable) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        if results.send((mail.id, result)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(results);
            // After a store error no new send starts, but the results of
            // those under way are still taken (and recorded if the store
            // works again) so every thread ends; the first error is
            // returned, and rows left unmarked go again next time.
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

/// The mails in one queue per recipient, each in outbox order: a queue
/// goes out over one connection, so a player's later board never
/// overtakes an earlier one on a parallel connection.
fn by_recipient(mails: &[Outgoing]) -> Vec<Vec<&Outgoing>> {
    let mut queues: Vec<Vec<&Outgoing>> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for mail in mails {
        let recipient = mail
            .envelope
            .to()
            .iter()
            .map(|address| address.to_string().to_lowercase())
            .collect::<Vec<_>>()
            .join(",");
        let at = *index.entry(recipient).or_insert_with(|| {
            queues.push(Vec::new());
            queues.len() - 1
        });
        queues[at].push(mail);
    }
    queues
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::outbound::host_mailbox;
    use crate::store::{OutboxState, QueuedMail, Store};
    use std::sync::Mutex;

    const MINUTE: Duration = Duration::from_secs(60);

    /// A transport whose server can be switched off, that refuses some
    /// recipients for good, and records what it accepted.
    #[derive(Default)]
    struct Scripted {
        down: AtomicBool,
        refused: Vec<String>,
        busy: Vec<String>,
        /// Rows whose sending takes a while, as a big message would.
        slow: Vec<i64>,
        accepted: Mutex<Vec<i64>>,
    }

    impl Transport for std::sync::Arc<Scripted> {
        fn send(&self, mail: &Outgoing) -> Result<(), SendError> {
            if self.down.load(Ordering::SeqCst) {
                return Err(SendError::new(
                    FailureKind::Unavailable,
                    "connection refused",
                ));
            }
            let to = mail.envelope.to()[0].to_string();
            if self.refused.contains(&to) {
                return Err(SendError::new(FailureKind::Rejected, "550 no such user"));
            }
            if self.busy.contains(&to) {
                return Err(SendError::new(FailureKind::Deferred, "451 try later"));
            }
            if self.slow.contains(&mail.id) {
                std::thread::sleep(Duration::from_millis(200));
            }
            self.accepted.lock().unwrap().push(mail.id);
            Ok(())
        }

        fn parallel_sends(&self) -> usize {
            3
        }

        fn describe(&self) -> String {
            "scripted".into()
        }
    }

    fn queue(store: &Store, recipient: &str) -> i64 {
        let mail = QueuedMail {
            recipient: recipient.into(),
            subject: "Chess Board 101 bob".into(),
            body: "board".into(),
            message_id: format!("pbem.{recipient}@localhost"),
            in_reply_to: None,
            references: Vec::new(),
        };
        store::queue_mail(store.connection(), &mail).unwrap()
    }

    fn sender(transport: &std::sync::Arc<Scripted>) -> OutboxSender {
        let policy = RetryPolicy {
            first_retry: MINUTE,
            max_retry: 8 * MINUTE,
            give_up_after: Duration::from_secs(5 * 86400),
        };
        let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
        OutboxSender::new(Box::new(std::sync::Arc::clone(transport)), from, policy)
    }

    fn state(store: &Store, id: i64) -> OutboxState {
        store::outbox_entries(store.connection())
            .unwrap()
            .into_iter()
            .find(|entry| entry.id == id)
            .map(|entry| entry.state)
            .expect("the row is still unsent")
    }

    #[test]
    fn a_players_mails_arrive_in_the_order_they_were_queued() {
        let store = Store::open_in_memory().unwrap();
        let first = queue(&store, "bob@example.org");
        let others = [
            queue(&store, "carol@example.org"),
            queue(&store, "dave@example.org"),
        ];
        let second = queue(&store, "Bob@Example.org");
        // The first of bob's mails is slow to send; the other connections
        // are free meanwhile.
        let transport = std::sync::Arc::new(Scripted {
            slow: vec![first],
            ..Scripted::default()
        });
        let drained = sender(&transport)
            .drain(store.connection(), SystemTime::now())
            .unwrap();
        assert_eq!(drained.sent, 4);
        let accepted = transport.accepted.lock().unwrap().clone();
        let position = |id| accepted.iter().position(|sent| *sent == id).unwrap();
        assert!(position(first) < position(second), "{accepted:?}");
        assert!(others.iter().all(|id| position(*id) < position(first)));
    }

    #[test]
    fn back_off_doubles_from_the_first_retry_up_to_the_maximum() {
        let policy = RetryPolicy {
            first_retry: MINUTE,
            max_retry: 60 * MINUTE,
            give_up_after: Duration::from_secs(86400),
        };
        let delays: Vec<u64> = (1..=8)
            .map(|failures| policy.delay_after(failures).as_secs() / 60)
            .collect();
        assert_eq!(delays, [1, 2, 4, 8, 16, 32, 60, 60]);
        assert_eq!(policy.delay_after(1000), 60 * MINUTE);
    }

    #[test]
    fn a_failed_row_waits_out_its_back_off_then_goes_out_once() {
        let store = Store::open_in_memory().unwrap();
        let transport = std::sync::Arc::new(Scripted::default());
        let mut sender = sender(&transport);
        let id = queue(&store, "bob@example.org");
        let start = SystemTime::now();
        transport.down.store(true, Ordering::SeqCst);

        let drained = sender.drain(store.connection(), start).unwrap();
        assert_eq!((drained.sent, drained.deferred), (0, 1));
        let OutboxState::Retrying {
            attempts,
            next_attempt,
            last_error,
        } = state(&store, id)
        else {
            panic!("the row should be retrying")
        };
        assert_eq!(attempts, 1);
        assert_eq!(next_attempt, millis(start + MINUTE));
        assert_eq!(last_error, "connection refused");

        // Second failure: the wait doubles.
        let second = start + MINUTE;
        sender.drain(store.connection(), second).unwrap();
        assert!(matches!(
            state(&store, id),
            OutboxState::Retrying { attempts: 2, next_attempt, .. }
                if next_attempt == millis(second + 2 * MINUTE)
        ));

        // The server is back, but the row's time has not come.
        transport.down.store(false, Ordering::SeqCst);
        let early = sender
            .drain(
                store.connection(),
                second + MINUTE + Duration::from_secs(30),
            )
            .unwrap();
        assert_eq!(early.sent, 0);
        assert!(transport.accepted.lock().unwrap().is_empty());

        let due = sender
            .drain(store.connection(), second + 2 * MINUTE)
            .unwrap();
        assert_eq!(due.sent, 1);
        assert!(store::outbox_entries(store.connection())
            .unwrap()
            .is_empty());
        assert_eq!(*transport.accepted.lock().unwrap(), vec![id]);
        // Nothing is sent a second time.
        assert_eq!(
            sender
                .drain(store.connection(), second + 10 * MINUTE)
                .unwrap()
                .sent,
            0
        );
    }

    #[test]
    fn an_unreachable_server_pauses_the_sender_instead_of_failing_every_row() {
        let store = Store::open_in_memory().unwrap();
        let transport = std::sync::Arc::new(Scripted::default());
        let mut sender = sender(&transport);
        let start = SystemTime::now();
        transport.down.store(true, Ordering::SeqCst);
        let first = queue(&store, "bob@example.org");
        assert_eq!(sender.drain(store.connection(), start).unwrap().deferred, 1);
        // Mail queued during the outage is not tried until the pause ends.
        let later = queue(&store, "carol@example.org");
        let paused = sender
            .drain(store.connection(), start + Duration::from_secs(30))
            .unwrap();
        assert_eq!(paused, Drained::default());
        assert_eq!(state(&store, later), OutboxState::Waiting);
        transport.down.store(false, Ordering::SeqCst);
        let resumed = sender.drain(store.connection(), start + MINUTE).unwrap();
        assert_eq!(resumed.sent, 2);
        let mut accepted = transport.accepted.lock().unwrap().clone();
        accepted.sort();
        assert_eq!(accepted, vec![first, later]);
    }

    #[test]
    fn a_row_failing_past_the_give_up_time_is_set_aside_and_listed() {
        let store = Store::open_in_memory().unwrap();
        let transport = std::sync::Arc::new(Scripted::default());
        let mut sender = sender(&transport);
        let old = queue(&store, "bob@example.org");
        transport.down.store(true, Ordering::SeqCst);
        let start = SystemTime::now();
        // Four days of failures: still waiting.
        let drained = sender
            .drain(store.connection(), start + Duration::from_secs(4 * 86400))
            .unwrap();
        assert_eq!((drained.deferred, drained.given_up), (1, 0));
        // Past five days, the next failure gives it up.
        let drained = sender
            .drain(
                store.connection(),
                start + Duration::from_secs(5 * 86400 + 60),
            )
            .unwrap();
        assert_eq!((drained.deferred, drained.given_up), (0, 1));
        let OutboxState::GivenUp {
            attempts, reason, ..
        } = state(&store, old)
        else {
            panic!("the row should be given up")
        };
        assert_eq!(attempts, 2);
        assert!(
            reason.starts_with("gave up after 5d and 2 tries"),
            "{reason}"
        );
        assert!(reason.contains("connection refused"), "{reason}");
        // A given-up row is never tried again.
        transport.down.store(false, Ordering::SeqCst);
        let later = start + Duration::from_secs(6 * 86400);
        assert_eq!(sender.drain(store.connection(), later).unwrap().sent, 0);
        assert!(transport.accepted.lock().unwrap().is_empty());
    }

    #[test]
    fn a_refused_recipient_is_set_aside_and_the_others_still_go_out() {
        let store = Store::open_in_memory().unwrap();
        let transport = std::sync::Arc::new(Scripted {
            refused: vec!["nobody@example.org".into()],
            ..Scripted::default()
        });
        let mut sender = sender(&transport);
        let first = queue(&store, "alice@example.org");
        let refused = queue(&store, "nobody@example.org");
        let last = queue(&store, "bob@example.org");
        let drained = sender.drain(store.connection(), SystemTime::now()).unwrap();
        assert_eq!((drained.sent, drained.given_up), (2, 1));
        let mut accepted = transport.accepted.lock().unwrap().clone();
        accepted.sort();
        assert_eq!(accepted, vec![first, last]);
        assert!(matches!(
            state(&store, refused),
            OutboxState::GivenUp { reason, .. } if reason == "refused: 550 no such user"
        ));
    }

    #[test]
    fn an_unbuildable_row_is_set_aside_and_the_rest_go_out() {
        let store = Store::open_in_memory().unwrap();
        let transport = std::sync::Arc::new(Scripted::default());
        let mut sender = sender(&transport);
        let broken = queue(&store, "not an address");
        let fine = queue(&store, "bob@example.org");
        let drained = sender.drain(store.connection(), SystemTime::now()).unwrap();
        assert_eq!((drained.sent, drained.given_up), (1, 1));
        assert_eq!(*transport.accepted.lock().unwrap(), vec![fine]);
        assert!(matches!(state(&store, broken), OutboxState::GivenUp { .. }));
    }

    #[test]
    fn after_a_restart_the_first_success_sends_mail_held_back_by_an_outage() {
        let store = Store::open_in_memory().unwrap();
        let transport = std::sync::Arc::new(Scripted {
            busy: vec!["busy@example.org".into()],
            ..Scripted::default()
        });
        let start = SystemTime::now();
        transport.down.store(true, Ordering::SeqCst);
        let held = queue(&store, "bob@example.org");
        let mut before_restart = sender(&transport);
        for minutes in [1, 3, 7] {
            before_restart
                .drain(store.connection(), start + minutes * MINUTE)
                .unwrap();
        }
        let held_state = state(&store, held);
        assert!(
            matches!(
                held_state,
                OutboxState::Retrying { attempts: 3, next_attempt, .. }
                    if next_attempt == millis(start + 11 * MINUTE)
            ),
            "{held_state:?}"
        );
        // A new process, the server back: the first mail that goes out
        // brings the held-back one with it, long before its own next try;
        // the mailbox that was busy keeps its back-off.
        transport.down.store(false, Ordering::SeqCst);
        let busy = queue(&store, "busy@example.org");
        let fresh = queue(&store, "carol@example.org");
        let drained = sender(&transport)
            .drain(store.connection(), start + 8 * MINUTE)
            .unwrap();
        assert_eq!(drained.sent, 2);
        let mut accepted = transport.accepted.lock().unwrap().clone();
        accepted.sort();
        assert_eq!(accepted, vec![held, fresh]);
        assert!(matches!(
            state(&store, busy),
            OutboxState::Retrying { attempts: 1, .. }
        ));
    }
}
