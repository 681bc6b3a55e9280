//! Sent mail does not pile up: the sender deletes, a short transaction
//! at a time, the rows sent or dropped longer ago than the operator keeps
//! them (`[outbound] keep_sent`), and stops between steps when the
//! process stops.

use super::OutboxSender;
use crate::store::{self, StoreError};
use rusqlite::Connection;
use std::time::Duration;

/// How long sent and dropped rows are kept by default.
pub(crate) const DEFAULT_KEEP_SENT: Duration = Duration::from_secs(7 * 86400);

/// The least they are kept: the hourly cap counts the last hour's sends.
pub(crate) const MIN_KEEP_SENT: Duration = Duration::from_secs(3600);

/// Rows pruned per short transaction.
const PRUNE_STEP: u32 = 500;

impl OutboxSender {
    /// Deletes what was sent or dropped longer ago than the sender keeps
    /// it, a step at a time, at most once a minute.
    pub(super) fn prune(&mut self, conn: &Connection, now_ms: i64) -> Result<(), StoreError> {
        if now_ms < self.pruned_at.saturating_add(60_000) {
            return Ok(());
        }
        self.pruned_at = now_ms;
        let before = (now_ms - self.keep_sent.as_millis() as i64).div_euclid(1000);
        loop {
            let tx = store::begin_write(conn)?;
            let pruned = store::prune_outbox(&tx, before, PRUNE_STEP)?;
            tx.commit()?;
            if pruned < PRUNE_STEP as usize || self.stopping() {
                return Ok(());
            }
        }
    }

    pub(super) fn stopping(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|stop| stop.load(std::sync::atomic::Ordering::Relaxed))
    }
}
