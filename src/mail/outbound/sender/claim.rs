//! One round's claim: in one short transaction the sender takes the due
//! rows no other sender holds, lets the hourly cap decide each, and
//! records its claim (an owner and an expiry), a hold, or a drop.

use super::cap::{Verdict, Window, HOUR_MS};
use crate::store::{self, Disposal, OutboxRow, StoreResult};
use rusqlite::Connection;
use std::collections::HashMap;
use tracing::{info, warn};

/// What a claim round took and decided.
#[derive(Default)]
pub struct Round {
    /// Rows claimed for sending, in queue order.
    pub rows: Vec<OutboxRow>,
    pub held: usize,
    pub dropped: usize,
}

/// Claims up to `limit` rows due at `now_ms` for `owner` until
/// `claimed_until` (Unix ms), with the hourly cap of `per_hour`.
pub fn claim_round(
    conn: &Connection,
    owner: &str,
    per_hour: u32,
    now_ms: i64,
    claimed_until: i64,
    limit: u32,
) -> StoreResult<Round> {
    let tx = store::begin_write(conn)?;
    let mut round = Round::default();
    let mut windows: HashMap<String, Window> = HashMap::new();
    for row in store::claimable(&tx, owner, now_ms, limit)? {
        let key = store::mailbox(&row.mail.recipient);
        if !windows.contains_key(&key) {
            let sent = store::sent_to_since(&tx, &row.mail.recipient, now_ms - HOUR_MS, per_hour)?;
            windows.insert(key.clone(), Window::new(per_hour, &sent, now_ms));
        }
        let verdict = windows.get_mut(&key).map_or(Verdict::Send, |window| {
            window.admit(row.mail.purpose, now_ms)
        });
        let disposal = match verdict {
            Verdict::Send => Disposal::Send { claimed_until },
            Verdict::Hold { until } => {
                info!(
                    row = row.id,
                    "mail to {} ({:?}) waits for the hourly cap of {per_hour}, {} s",
                    row.mail.recipient,
                    row.mail.subject,
                    (until - now_ms + 999) / 1000
                );
                round.held += 1;
                Disposal::Hold { until }
            }
            Verdict::Drop => {
                warn!(
                    row = row.id,
                    "answer to {} ({:?}) dropped: the address had its {per_hour} mails this hour",
                    row.mail.recipient,
                    row.mail.subject
                );
                round.dropped += 1;
                Disposal::Drop
            }
        };
        store::dispose(&tx, row.id, owner, disposal, now_ms)?;
        if verdict == Verdict::Send {
            round.rows.push(row);
        }
    }
    tx.commit()?;
    Ok(round)
}
