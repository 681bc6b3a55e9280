//! The one place that speaks to the operator: events go through
//! `tracing` (one line each, with levels and fields such as the mail's id
//! and the board), filtered by `PBEM_LOG` or the config's `[log] filter`,
//! and an error that repeats unchanged is told once per interval with a
//! count instead of on every poll.

use std::collections::HashMap;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::time::{Duration, Instant};
use tracing_subscriber::EnvFilter;

/// The environment variable that overrides the config's filter
/// (`PBEM_LOG=debug`, `PBEM_LOG=pbem::mail=debug,info`).
pub(crate) const FILTER_VARIABLE: &str = "PBEM_LOG";

/// The file in the data directory that `pbem deliver` logs to: its
/// standard error goes to the MTA, which may mail it to the sender.
pub(crate) const DELIVER_LOG: &str = "deliver.log";

/// Starts the log on standard error. `filter` is the config's; the
/// environment's wins when set. Calling it again changes nothing.
pub(crate) fn init(filter: &str) {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(env_filter(filter))
        .with_writer(std::io::stderr)
        .with_target(false)
        .try_init();
}

/// Starts the log in the file `path`, appended to (and created, readable
/// by the owner only, when missing), instead of on standard error.
/// Calling it again, or after [`init`], changes nothing.
pub(crate) fn init_file(filter: &str, path: &Path) -> std::io::Result<()> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(path)?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(env_filter(filter))
        .with_writer(std::sync::Mutex::new(file))
        .with_ansi(false)
        .with_target(false)
        .try_init();
    Ok(())
}

/// The environment's filter when it is set and valid, else `filter`,
/// else `info`.
fn env_filter(filter: &str) -> EnvFilter {
    std::env::var(FILTER_VARIABLE)
        .ok()
        .and_then(|text| EnvFilter::try_new(text).ok())
        .or_else(|| EnvFilter::try_new(filter).ok())
        .unwrap_or_else(|| EnvFilter::new("info"))
}

/// Whether a filter is one `init` can use, for checking the config.
pub(crate) fn filter_is_valid(filter: &str) -> Result<(), String> {
    EnvFilter::try_new(filter)
        .map(drop)
        .map_err(|err| err.to_string())
}

/// Remembers recent messages so that one repeating unchanged (a busy
/// database, an unreachable server, seen on every poll) is logged once
/// per `interval`, the next time with how often it came meanwhile.
pub(crate) struct Repeats {
    interval: Duration,
    seen: HashMap<String, Seen>,
}

struct Seen {
    logged: Instant,
    suppressed: u64,
}

/// Messages remembered at most; older ones are forgotten first.
const REMEMBERED: usize = 64;

impl Repeats {
    pub(crate) fn new(interval: Duration) -> Repeats {
        Repeats {
            interval,
            seen: HashMap::new(),
        }
    }

    /// `Some(n)` when `message` should be logged now, `n` being how many
    /// identical ones were held back since it was last logged; `None`
    /// while it repeats within the interval.
    pub(crate) fn admit(&mut self, message: &str, now: Instant) -> Option<u64> {
        if let Some(seen) = self.seen.get_mut(message) {
            if now.duration_since(seen.logged) < self.interval {
                seen.suppressed += 1;
                return None;
            }
            let suppressed = seen.suppressed;
            *seen = Seen {
                logged: now,
                suppressed: 0,
            };
            return Some(suppressed);
        }
        if self.seen.len() >= REMEMBERED {
            let oldest = self
                .seen
                .iter()
                .min_by_key(|(_, seen)| seen.logged)
                .map(|(text, _)| text.clone());
            if let Some(oldest) = oldest {
                self.seen.remove(&oldest);
            }
        }
        self.seen.insert(
            message.to_string(),
            Seen {
                logged: now,
                suppressed: 0,
            },
        );
        Some(0)
    }

    /// Forgets a message, so that the next time it comes it is logged at
    /// once (the trouble it told of is over).
    #[cfg(test)]
    pub(crate) fn clear(&mut self, message: &str) {
        self.seen.remove(message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_message_is_logged_once_per_interval_with_its_count() {
        let mut repeats = Repeats::new(Duration::from_secs(60));
        let start = Instant::now();
        assert_eq!(repeats.admit("database is locked", start), Some(0));
        for quarter in 1..=8 {
            let at = start + Duration::from_millis(250 * quarter);
            assert_eq!(repeats.admit("database is locked", at), None);
        }
        assert_eq!(
            repeats.admit("another error", start + Duration::from_secs(1)),
            Some(0),
            "a different message is not held back"
        );
        let later = start + Duration::from_secs(61);
        assert_eq!(repeats.admit("database is locked", later), Some(8));
        assert_eq!(repeats.admit("database is locked", later), None);
        repeats.clear("database is locked");
        assert_eq!(repeats.admit("database is locked", later), Some(0));
    }

    #[test]
    fn only_so_many_messages_are_remembered() {
        let mut repeats = Repeats::new(Duration::from_secs(60));
        let start = Instant::now();
        for n in 0..(REMEMBERED as u64 + 10) {
            let at = start + Duration::from_millis(n);
            assert_eq!(repeats.admit(&format!("error {n}"), at), Some(0));
        }
        assert!(repeats.seen.len() <= REMEMBERED);
        assert!(filter_is_valid("info,pbem::mail=debug").is_ok());
        assert!(filter_is_valid("info,[").is_err());
    }
}
