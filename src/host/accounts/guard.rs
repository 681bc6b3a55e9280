//! Password guessing is limited: wrong passwords are counted per account
//! and per sender address, and past a few of them further password checks
//! are refused, without running argon2, for a time that doubles with each
//! further failure. The account's owner is told once per run of guesses.
//! Replies to board mails need no password and keep working, so a locked
//! account can still play.

use super::strength::Weakness;
use crate::store::security::{SecurityEvent, SecurityKind};
use crate::store::{self, LoginFailures, StoreResult};
use rusqlite::Connection;

/// How the host keeps accounts safe; `[accounts]` in the config.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountPolicy {
    /// At most this many addresses per account, confirmed or waiting.
    pub(crate) max_addresses: usize,
    /// Wrong passwords allowed before a lock (an account or an address).
    pub(crate) free_failures: u32,
    /// The first lock, in seconds; each further failure doubles it.
    pub(crate) first_lock: i64,
    /// No lock is longer (seconds).
    pub(crate) longest_lock: i64,
    /// A count with no failure for this long starts again (seconds).
    pub(crate) forget_after: i64,
    /// A reply token of a board mail proves its player until this long
    /// after the game ended (seconds).
    pub(crate) game_token_life: i64,
    /// A token of an account mail (confirming an address, undoing an
    /// address change) works this long after it was sent (seconds).
    pub(crate) account_token_life: i64,
    /// The address a signup comes from must confirm too, as every other
    /// does, before the host sends it more than that one request (a
    /// closed club may trust its From lines and turn this off).
    pub confirm_signup_address: bool,
    /// An address asked for, and an account none of whose addresses was
    /// ever confirmed, lapse this long after they were asked for or made
    /// (seconds): the address and the userid are free again.
    pub(crate) unconfirmed_life: i64,
}

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

impl Default for AccountPolicy {
    fn default() -> Self {
        AccountPolicy {
            max_addresses: 4,
            free_failures: 5,
            first_lock: 15 * 60,
            longest_lock: DAY,
            forget_after: DAY,
            game_token_life: 60 * DAY,
            account_token_life: 14 * DAY,
            confirm_signup_address: true,
            unconfirmed_life: 3 * DAY,
        }
    }
}

fn player_key(userid: &str) -> String {
    format!("player:{}", userid.to_lowercase())
}

fn address_key(address: &str) -> String {
    format!("address:{}", address.trim().to_lowercase())
}

/// Until when password checks for `userid` from `from` are refused, if
/// they are now.
pub(crate) fn locked_until(
    conn: &Connection,
    userid: &str,
    from: &str,
    now: i64,
) -> StoreResult<Option<i64>> {
    let player = store::login_failures(conn, &player_key(userid))?;
    let address = store::login_failures(conn, &address_key(from))?;
    Ok([player.locked_until, address.locked_until]
        .into_iter()
        .flatten()
        .filter(|until| *until > now)
        .max())
}

/// One password check a command made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Attempt {
    pub(crate) userid: String,
    pub(crate) proven: bool,
    /// Why the proven password would not be taken now, if it would not.
    pub(crate) weakness: Option<Weakness>,
}

/// The owner of an account should hear that it is being guessed at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Guessed {
    pub(crate) userid: String,
    pub(crate) failures: u32,
    pub(crate) locked_until: i64,
}

/// Counts a wrong password for `userid` from `from`; the warning for the
/// owner when this failure starts a lock he has not been told of.
pub(crate) fn record_failure(
    conn: &Connection,
    policy: &AccountPolicy,
    userid: &str,
    from: &str,
    now: i64,
) -> StoreResult<Option<Guessed>> {
    let address = counted(
        store::login_failures(conn, &address_key(from))?,
        policy,
        now,
    );
    store::save_login_failures(conn, &address_key(from), &address)?;
    let mut player = counted(
        store::login_failures(conn, &player_key(userid))?,
        policy,
        now,
    );
    let locked = player.locked_until.filter(|until| *until > now);
    let warn = locked.is_some() && !player.warned;
    player.warned |= warn;
    store::save_login_failures(conn, &player_key(userid), &player)?;
    if warn {
        let event = SecurityEvent {
            at: now,
            kind: SecurityKind::GuessingLock,
            userid: Some(userid.to_string()),
            address: Some(from.to_string()),
            detail: format!(
                "{} wrong passwords: password checks refused until {}",
                player.failures,
                crate::clock::utc_text(locked.unwrap_or(now))
            ),
        };
        store::security::record_security(conn, &event)?;
    }
    Ok(warn.then(|| Guessed {
        userid: userid.to_string(),
        failures: player.failures,
        locked_until: locked.unwrap_or(now),
    }))
}

/// A right password ends the account's run of failures (the sender
/// address's count stays: one good account must not launder guesses at
/// others).
pub(crate) fn record_success(conn: &Connection, userid: &str) -> StoreResult<()> {
    store::clear_login_failures(conn, &player_key(userid))
}

/// The count after one more failure at `now`, with the lock it earns.
fn counted(mut state: LoginFailures, policy: &AccountPolicy, now: i64) -> LoginFailures {
    let lock_over = state.locked_until.is_none_or(|until| until <= now);
    if now - state.last_failure > policy.forget_after && lock_over {
        state = LoginFailures::default();
    }
    state.failures = state.failures.saturating_add(1);
    state.last_failure = now;
    if state.failures >= policy.free_failures {
        let doublings = (state.failures - policy.free_failures).min(20);
        let lock = (policy.first_lock << doublings).min(policy.longest_lock);
        state.locked_until = Some(
            state
                .locked_until
                .map_or(now + lock, |until| until.max(now + lock)),
        );
    }
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    const NOW: i64 = 1_800_000_000;

    #[test]
    fn a_mistyped_password_or_two_locks_nothing() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let policy = AccountPolicy::default();
        for _ in 0..2 {
            record_failure(conn, &policy, "alice", "alice@example.org", NOW).unwrap();
        }
        assert_eq!(
            locked_until(conn, "alice", "alice@example.org", NOW).unwrap(),
            None
        );
    }

    #[test]
    fn the_fifth_wrong_password_locks_the_account_and_warns_its_owner_once() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let policy = AccountPolicy::default();
        let mut warnings = Vec::new();
        for guess in 0..8 {
            // Each guess from another address: the account's own count locks.
            let from = format!("mallory{guess}@evil.example");
            warnings.extend(record_failure(conn, &policy, "alice", &from, NOW + guess).unwrap());
        }
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert_eq!(warnings[0].failures, 5);
        let until = locked_until(conn, "alice", "alice@example.org", NOW + 8)
            .unwrap()
            .expect("locked");
        // The eighth failure doubled the first lock three times.
        assert_eq!(until, NOW + 7 + 15 * 60 * 8);
    }

    #[test]
    fn one_address_guessing_at_many_accounts_is_locked_too() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let policy = AccountPolicy::default();
        for (n, userid) in ["a", "b", "c", "d", "e"].iter().enumerate() {
            record_failure(
                conn,
                &policy,
                userid,
                "mallory@evil.example",
                NOW + n as i64,
            )
            .unwrap();
        }
        assert!(locked_until(conn, "zed", "mallory@evil.example", NOW + 5)
            .unwrap()
            .is_some());
        assert_eq!(
            locked_until(conn, "zed", "zed@example.org", NOW + 5).unwrap(),
            None
        );
    }

    #[test]
    fn a_lock_runs_out_and_an_old_count_is_forgotten() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let policy = AccountPolicy::default();
        for n in 0..5 {
            record_failure(conn, &policy, "alice", "m@evil.example", NOW + n).unwrap();
        }
        let later = NOW + 4 + policy.first_lock + 1;
        assert_eq!(
            locked_until(conn, "alice", "m@evil.example", later).unwrap(),
            None
        );
        let next_day = NOW + 2 * DAY;
        record_failure(conn, &policy, "alice", "m@evil.example", next_day).unwrap();
        assert_eq!(
            store::login_failures(conn, "player:alice")
                .unwrap()
                .failures,
            1
        );
    }

    #[test]
    fn counts_past_their_time_are_swept_and_live_locks_kept() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let policy = AccountPolicy::default();
        record_failure(conn, &policy, "zelda", "m@evil.example", NOW).unwrap();
        for n in 0..5 {
            record_failure(conn, &policy, "alice", "x@evil.example", NOW + DAY + n).unwrap();
        }
        let later = NOW + DAY + 10;
        let forgotten = store::forget_login_failures(conn, later - policy.forget_after, later);
        assert_eq!(
            forgotten.unwrap(),
            2,
            "zelda's count and m@'s address count"
        );
        assert!(locked_until(conn, "alice", "x@evil.example", later)
            .unwrap()
            .is_some());
    }

    #[test]
    fn the_right_password_ends_the_accounts_run_of_failures() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let policy = AccountPolicy::default();
        for n in 0..4 {
            record_failure(conn, &policy, "Alice", "a@example.org", NOW + n).unwrap();
        }
        record_success(conn, "alice").unwrap();
        assert_eq!(
            store::login_failures(conn, "player:alice").unwrap(),
            LoginFailures::default()
        );
    }
}
