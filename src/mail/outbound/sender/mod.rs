//! The outbox sender: claims the rows that are due, lets the hourly cap
//! decide each, builds the messages, hands them to the transport (several
//! at once when the transport allows), and records what happened to each
//! row as soon as it happened.
//!
//! Only one sender works on a database at a time (the daemon holds the
//! data directory's sender lock while it drains); rows are still claimed,
//! with an owner and an expiry, before they go, so a row is never in two
//! senders' hands and `pbem outbox` shows what is being sent. A row is
//! marked sent, in its own short transaction, once the transport took it,
//! and a connection hands over its next mail only after that: a crash
//! resends at most the mail each connection had in hand at that instant.
//! Nothing is ever lost: a row the server refuses for good, or that waited
//! past the give-up time, is set aside with its reason, logged, and listed
//! by `pbem outbox`; the hourly cap holds a player's game mail back and
//! drops only answers, counted and logged. Rows sent or dropped longer
//! ago than the operator keeps them are pruned as the sender goes.

mod cap;
mod claim;
mod prune;
mod send;

use crate::mail::outbound::transport::{FailureKind, Outgoing, SendError, Transport};
use crate::mail::outbound::{build_message, OutboundError};
use crate::store::{self, OutboxRow, StoreError};
use lettre::message::Mailbox;
use rusqlite::Connection;
use send::Outcome;
use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tracing::{error, info, warn};

pub(crate) use cap::Cap;
pub(crate) use prune::{DEFAULT_KEEP_SENT, MIN_KEEP_SENT};

/// When to try a failed row again, and when to stop trying.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The wait after the first failure; each further failure doubles it.
    pub(crate) first_retry: Duration,
    /// The longest wait between two tries.
    pub(crate) max_retry: Duration,
    /// A row still unsent this long after it was queued is given up at
    /// its next failure.
    pub(crate) give_up_after: Duration,
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
    pub(crate) fn delay_after(&self, failures: u32) -> Duration {
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
    pub(crate) deferred: usize,
    /// Rows set aside for good this time (refused, unbuildable, too old).
    pub(crate) given_up: usize,
    /// Game mails the hourly cap holds back for later.
    pub(crate) held: usize,
    /// Answers the hourly cap dropped.
    pub(crate) dropped: usize,
}

/// Rows claimed per round.
const BATCH: u32 = 32;

/// How long a claim lasts. A row whose claim ran out before its turn came
/// (a hung server ahead of it) is not handed over but claimed anew.
pub(crate) const CLAIM_LEASE: Duration = Duration::from_secs(600);

pub struct OutboxSender {
    transport: Box<dyn Transport>,
    from: Mailbox,
    policy: RetryPolicy,
    /// How many mails one mailbox gets in an hour, and how many of them
    /// may be answers.
    cap: Cap,
    /// Rows sent or dropped this long ago are pruned.
    keep_sent: Duration,
    /// When this sender last pruned (Unix ms): at most once a minute.
    pruned_at: i64,
    /// Set when the process stops: no new round begins.
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Who this sender is in the rows it claims: the process and a token.
    owner: String,
    /// After the transport was unreachable, no row is tried before this
    /// time (Unix ms), so an outage costs one try per back-off step rather
    /// than one per row.
    paused_until: i64,
    /// Consecutive runs that found the transport unreachable.
    outages: u32,
    /// Whether rows may wait from an outage (since this process started,
    /// or since the last one): the first success then makes them due.
    catching_up: bool,
    /// Answers of the transport the store could not record yet, with
    /// their rows: recorded before anything else is sent.
    unrecorded: Vec<(OutboxRow, Result<(), SendError>)>,
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

/// A name for this sender's claims, unique among the senders of all
/// processes: the process id and a random token.
fn owner_name() -> String {
    let mut token = [0u8; 4];
    let _ = getrandom::getrandom(&mut token);
    format!(
        "pid {} #{:08x}",
        std::process::id(),
        u32::from_le_bytes(token)
    )
}

impl OutboxSender {
    pub fn new(
        transport: Box<dyn Transport>,
        from: Mailbox,
        policy: RetryPolicy,
        per_hour: u32,
    ) -> OutboxSender {
        OutboxSender {
            transport,
            from,
            policy,
            cap: Cap::new(per_hour),
            keep_sent: DEFAULT_KEEP_SENT,
            pruned_at: i64::MIN,
            stop: None,
            owner: owner_name(),
            paused_until: 0,
            outages: 0,
            catching_up: true,
            unrecorded: Vec::new(),
        }
    }

    /// This sender with `answers` of each mailbox's hour open to answers.
    #[cfg(test)]
    pub(crate) fn with_answers_per_hour(mut self, answers: u32) -> OutboxSender {
        self.cap = self.cap.with_answers(answers);
        self
    }

    /// This sender keeping sent and dropped rows for `keep` before they
    /// are pruned.
    pub(crate) fn keeping_sent(mut self, keep: Duration) -> OutboxSender {
        self.keep_sent = keep;
        self
    }

    /// This sender beginning no new round once `stop` is set.
    pub(crate) fn stopping_on(
        mut self,
        stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    ) -> Self {
        self.stop = Some(stop);
        self
    }

    pub(crate) fn transport(&self) -> &dyn Transport {
        self.transport.as_ref()
    }

    /// Takes over the rows a stopped sender had claimed, and lets this
    /// sender's cap decide anew the rows an earlier one held under
    /// another cap. Only the holder of the data directory's sender lock
    /// may call this: the lock proves every other sender has stopped.
    /// Returns how many claimed rows it takes.
    pub(crate) fn take_over(&self, conn: &Connection) -> Result<usize, StoreError> {
        store::release_holds_of_other_caps(conn, self.cap.per_hour, self.cap.answers_per_hour)?;
        let taken = store::release_claims_of_others(conn, &self.owner)?;
        if taken > 0 {
            warn!(
                "{taken} mail(s) claimed by a sender that stopped go out again; one it was \
                 handing over on each connection when it stopped may arrive twice"
            );
        }
        Ok(taken)
    }

    /// Sends every row due at `now`. `now` is passed in so tests can move
    /// the clock; the daemon passes the real time.
    pub fn drain(&mut self, conn: &Connection, now: SystemTime) -> Result<Drained, OutboundError> {
        let now_ms = millis(now);
        let mut drained = Drained::default();
        self.record_unrecorded(conn, now_ms, &mut drained)?;
        if now_ms < self.paused_until {
            return Ok(drained);
        }
        let rounds = self.drain_rounds(conn, now_ms, &mut drained);
        // Rows claimed but not reached (an outage, a store error) go back.
        let released = store::release_claims(conn, &self.owner);
        rounds?;
        released?;
        self.prune(conn, now_ms)?;
        Ok(drained)
    }

    /// Records answers a failing store could not take before.
    fn record_unrecorded(
        &mut self,
        conn: &Connection,
        now_ms: i64,
        drained: &mut Drained,
    ) -> Result<(), StoreError> {
        if self.unrecorded.is_empty() {
            return Ok(());
        }
        let rows: HashMap<i64, OutboxRow> = self
            .unrecorded
            .iter()
            .map(|(row, _)| (row.id, row.clone()))
            .collect();
        let outcomes: Vec<Outcome> = self
            .unrecorded
            .iter()
            .map(|(row, result)| (row.id, result.clone()))
            .collect();
        let mut outage = None;
        let record = Recorder {
            policy: &self.policy,
            rows: &rows,
            now_ms,
        };
        record.commit(conn, &outcomes, drained, &mut outage)?;
        self.unrecorded.clear();
        Ok(())
    }

    fn drain_rounds(
        &mut self,
        conn: &Connection,
        now_ms: i64,
        drained: &mut Drained,
    ) -> Result<(), OutboundError> {
        let lease_ms = CLAIM_LEASE.as_millis() as i64;
        loop {
            if self.stopping() {
                return Ok(());
            }
            let claim_ends = Instant::now() + CLAIM_LEASE;
            let claimant = claim::Claimant {
                owner: &self.owner,
                cap: self.cap,
                now_ms,
                claimed_until: now_ms + lease_ms,
            };
            let round = claim::claim_round(conn, &claimant, BATCH)?;
            drained.held += round.held;
            drained.dropped += round.dropped;
            if round.rows.is_empty() {
                if round.held + round.dropped > 0 {
                    continue;
                }
                self.outages = 0;
                return Ok(());
            }
            let (outgoing, rows) = self.prepare_all(conn, round.rows, drained)?;
            let sent_before = drained.sent;
            let mut outage: Option<SendError> = None;
            let record = Recorder {
                policy: &self.policy,
                rows: &rows,
                now_ms,
            };
            let sent = send::send_all(self.transport.as_ref(), &outgoing, claim_ends, |group| {
                record.commit(conn, group, drained, &mut outage)
            });
            self.unrecorded.extend(
                sent.unrecorded
                    .into_iter()
                    .map(|(id, result)| (rows[&id].clone(), result)),
            );
            if let Some(err) = sent.store_error {
                return Err(err.into());
            }
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
                self.pause(now_ms, &err);
                return Ok(());
            }
        }
    }

    /// Builds every claimed row's message; a row that cannot be built is
    /// set aside so the others still go.
    fn prepare_all(
        &self,
        conn: &Connection,
        rows: Vec<OutboxRow>,
        drained: &mut Drained,
    ) -> Result<(Vec<Outgoing>, HashMap<i64, OutboxRow>), StoreError> {
        let mut outgoing = Vec::with_capacity(rows.len());
        let mut by_id = HashMap::with_capacity(rows.len());
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
        Ok((outgoing, by_id))
    }

    fn pause(&mut self, now_ms: i64, err: &SendError) {
        self.catching_up = true;
        self.outages += 1;
        let pause = self.policy.delay_after(self.outages);
        self.paused_until = now_ms + pause.as_millis() as i64;
        warn!(
            "{} is unavailable ({err}); mail waits in the outbox, next try in {}",
            self.transport.describe(),
            duration_text(pause)
        );
    }

    fn prepare(&self, row: &OutboxRow) -> Result<Outgoing, OutboundError> {
        let message = build_message(row.id, &row.mail, &self.from)?;
        Ok(Outgoing {
            id: row.id,
            envelope: message.envelope().clone(),
            bytes: message.formatted(),
        })
    }
}

/// Stores the transport's answers for a round's rows.
struct Recorder<'a> {
    policy: &'a RetryPolicy,
    rows: &'a HashMap<i64, OutboxRow>,
    /// The round's time, stamped on what it sent and failed.
    now_ms: i64,
}

impl Recorder<'_> {
    /// One short IMMEDIATE transaction for a group of answers.
    fn commit(
        &self,
        conn: &Connection,
        outcomes: &[Outcome],
        drained: &mut Drained,
        outage: &mut Option<SendError>,
    ) -> Result<(), StoreError> {
        let tx = store::begin_write(conn)?;
        let mut counts = Drained::default();
        for (id, result) in outcomes {
            let row = &self.rows[id];
            match result {
                Ok(()) => {
                    store::mark_sent(&tx, *id, self.now_ms)?;
                    counts.sent += 1;
                }
                Err(err) => {
                    if err.kind == FailureKind::Unavailable && outage.is_none() {
                        *outage = Some(err.clone());
                    }
                    if self.record_failure(&tx, row, err)? {
                        counts.given_up += 1;
                    } else {
                        counts.deferred += 1;
                    }
                }
            }
        }
        tx.commit()?;
        drained.sent += counts.sent;
        drained.given_up += counts.given_up;
        drained.deferred += counts.deferred;
        Ok(())
    }

    /// Records a failed send; returns whether the row was given up.
    fn record_failure(
        &self,
        conn: &Connection,
        row: &OutboxRow,
        err: &SendError,
    ) -> Result<bool, StoreError> {
        let now_ms = self.now_ms;
        let policy = self.policy;
        let attempts = row.attempts + 1;
        let age_ms = now_ms - row.created.saturating_mul(1000);
        let give_up_ms = policy.give_up_after.as_millis() as i64;
        let reason = match err.kind {
            FailureKind::Rejected => Some(format!("refused: {err}")),
            _ if age_ms >= give_up_ms => Some(format!(
                "gave up after {} and {attempts} tries: {err}",
                duration_text(policy.give_up_after)
            )),
            _ => None,
        };
        if let Some(reason) = reason {
            error!(
                row = row.id,
                "mail to {} ({:?}) is given up, {reason}", row.mail.recipient, row.mail.subject
            );
            store::record_failed_attempt(conn, row.id, &err.reason, now_ms, false)?;
            store::mark_failed(conn, row.id, &reason)?;
            return Ok(true);
        }
        let delay = policy.delay_after(attempts);
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

#[cfg(test)]
mod tests;
