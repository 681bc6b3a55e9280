//! One round's claim: in one short transaction the sender takes the
//! mailboxes that have mail due, lets the hourly cap decide each
//! mailbox's due rows in its order, claims those that go (an owner and an
//! expiry), and holds or drops all the rest of that mailbox at once, with
//! one line in the log for each, so that a backlog of any size costs one
//! pass.

use super::cap::{Cap, Verdict, Window, HOUR_MS};
use crate::store::{self, OutboxRow, StoreResult};
use rusqlite::{Connection, Transaction};
use tracing::{info, warn};

/// What a claim round took and decided.
#[derive(Default)]
pub(crate) struct Round {
    /// Rows claimed for sending, in queue order.
    pub(crate) rows: Vec<OutboxRow>,
    pub(crate) held: usize,
    pub(crate) dropped: usize,
}

/// What a round claims for, and until when.
pub(crate) struct Claimant<'a> {
    pub(crate) owner: &'a str,
    pub(crate) cap: Cap,
    pub(crate) now_ms: i64,
    /// The claim's expiry (Unix ms).
    pub(crate) claimed_until: i64,
}

/// Claims up to `limit` rows due at the claimant's time, deciding the
/// mailboxes of the first `limit` due rows.
pub(crate) fn claim_round(
    conn: &Connection,
    claimant: &Claimant,
    limit: u32,
) -> StoreResult<Round> {
    let tx = store::begin_write(conn)?;
    let mut round = Round::default();
    let mut claimed = Vec::new();
    for mailbox in store::due_mailboxes(&tx, claimant.owner, claimant.now_ms, limit)? {
        let room = (limit as usize).saturating_sub(claimed.len());
        if room == 0 {
            break;
        }
        claimant.decide(&tx, &mailbox, room, &mut claimed, &mut round)?;
    }
    for id in claimed {
        if let Some(row) = store::load_row(&tx, id)? {
            round.rows.push(row);
        }
    }
    tx.commit()?;
    Ok(round)
}

impl Claimant<'_> {
    /// One mailbox: its due rows in the cap's order go while the hour has
    /// room (at most `room` of them this round); once it has none, the
    /// rest of its game mail is held and the rest of its answers dropped,
    /// each in one statement.
    fn decide(
        &self,
        tx: &Transaction<'_>,
        mailbox: &str,
        room: usize,
        claimed: &mut Vec<i64>,
        round: &mut Round,
    ) -> StoreResult<()> {
        let Claimant { cap, now_ms, .. } = *self;
        let sent = store::sent_to_since(tx, mailbox, now_ms - HOUR_MS, cap.per_hour)?;
        let mut window = Window::new(cap, &sent, now_ms);
        let mut taken = 0;
        for (id, purpose) in store::due_in_mailbox(tx, mailbox, self.owner, now_ms)? {
            if taken == room || window.hold_until(now_ms).is_some() {
                break;
            }
            if window.admit(purpose, now_ms) == Verdict::Send {
                store::claim_row(tx, id, self.owner, self.claimed_until)?;
                claimed.push(id);
                taken += 1;
            }
        }
        if let Some(until) = window.hold_until(now_ms) {
            let held = store::hold_due(tx, mailbox, now_ms, until)?;
            if held > 0 {
                info!(
                    "{held} mail(s) to {mailbox} wait for the hourly cap of {}, {} s",
                    cap.per_hour,
                    (until - now_ms + 999) / 1000
                );
                round.held += held;
            }
        }
        if window.answers_full() {
            let dropped = store::drop_due_answers(tx, mailbox, now_ms)?;
            if dropped > 0 {
                warn!(
                    "{dropped} answer(s) to {mailbox} dropped: the address had its {} answers \
                     of the hour",
                    cap.answers_per_hour
                );
                round.dropped += dropped;
            }
        }
        Ok(())
    }
}
