//! What never confirmed does not last: an address asked for and an
//! account none of whose addresses was ever confirmed lapse after
//! `[accounts] unconfirmed_life`, so that forged signups naming someone's
//! address cannot refuse his own signup, nor hold a userid, for long.
//! The timers let them go, and so does every signup before it counts
//! what an address holds.

use super::guard::AccountPolicy;
use crate::store::security::{record_security, SecurityEvent, SecurityKind};
use crate::store::{self, StoreError};
use rusqlite::Connection;

/// Lets go what has waited past its life at `now`, each recorded in the
/// security log; how many addresses and accounts lapsed.
pub fn lapse_unconfirmed(
    conn: &Connection,
    policy: &AccountPolicy,
    now: i64,
) -> Result<usize, StoreError> {
    let lapsed = store::lapse_unconfirmed(conn, now - policy.unconfirmed_life)?;
    let addresses = lapsed.addresses.iter().map(|(userid, address)| {
        (
            userid,
            Some(address.clone()),
            "the address was never confirmed",
        )
    });
    let accounts = lapsed.accounts.iter().map(|userid| {
        (
            userid,
            None,
            "the account, no address of which was ever confirmed, is deleted",
        )
    });
    for (userid, address, detail) in addresses.chain(accounts) {
        let event = SecurityEvent {
            at: now,
            kind: SecurityKind::UnconfirmedLapsed,
            userid: Some(userid.clone()),
            address,
            detail: detail.to_string(),
        };
        record_security(conn, &event)?;
    }
    Ok(lapsed.addresses.len() + lapsed.accounts.len())
}
