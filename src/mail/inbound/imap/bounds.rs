//! What one IMAP command may cost. Its whole answer must arrive within a
//! deadline (not per read: a server trickling a byte at a time gains
//! nothing) and stay within a byte budget (a literal longer than the
//! size the server announced, or a line without end, is cut off rather
//! than held in memory). The session widens the budget for a fetch from
//! the sizes the server announced; the stream enforces both on every
//! read, and every command written starts the count afresh.

use std::io;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most any answer but a fetch's may hold (a SEARCH of a folder of
/// some 700,000 mails fits).
pub const ANSWER_BYTES: u64 = 8 * 1024 * 1024;
/// What a FETCH answer adds to each message (its UID, flags, literal
/// length and parentheses).
pub const PER_MESSAGE: u64 = 4096;
/// The slowest a fetch's bytes are waited for: a fetch gets the command
/// timeout plus its bytes at this rate.
pub(crate) const SLOWEST_BYTES_PER_SECOND: u64 = 256 * 1024;

/// An answer that passed its byte budget: more than the server
/// announced, or a line without end. The stream is cut mid-answer, so
/// the session is over; intake leaves the message that did it on the
/// server ([`super::ImapError::passed_its_bound`]).
#[derive(Debug)]
pub struct PassedBound {
    pub budget: u64,
}

impl std::fmt::Display for PassedBound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the server's answer passed {} bytes (more than it announced, \
             or a line without end); the connection is dropped",
            self.budget
        )
    }
}

impl std::error::Error for PassedBound {}

/// The bounds of the command under way; shared by the session, which
/// sets them, and the stream, which enforces them.
#[derive(Debug)]
pub(crate) struct Bounds {
    state: Mutex<State>,
}

#[derive(Debug)]
struct State {
    timeout: Duration,
    budget: u64,
    extra_time: Duration,
    read: u64,
    deadline: Instant,
}

impl Bounds {
    /// Bounds with each command's answer due within `timeout`; the
    /// first (the server's greeting) is due from now.
    pub(crate) fn new(timeout: Duration) -> Bounds {
        Bounds {
            state: Mutex::new(State {
                timeout,
                budget: ANSWER_BYTES,
                extra_time: Duration::ZERO,
                read: 0,
                deadline: Instant::now() + timeout,
            }),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|held| held.into_inner())
    }

    /// The next commands fetch `count` messages of `bytes` in all (as
    /// the server announced them, each cut to the host's size limit).
    pub(crate) fn expect_messages(&self, count: usize, bytes: u64) {
        let mut state = self.state();
        state.budget = ANSWER_BYTES
            .saturating_add(bytes)
            .saturating_add(PER_MESSAGE.saturating_mul(count as u64));
        state.extra_time = Duration::from_secs(bytes / SLOWEST_BYTES_PER_SECOND);
    }

    /// Back to the bounds of an ordinary command.
    pub(crate) fn expect_ordinary(&self) {
        let mut state = self.state();
        state.budget = ANSWER_BYTES;
        state.extra_time = Duration::ZERO;
    }

    /// A command was written: its answer is counted and timed afresh.
    pub(crate) fn command_sent(&self) {
        let mut state = self.state();
        state.read = 0;
        state.deadline = Instant::now() + state.timeout + state.extra_time;
    }

    /// The client waits on purpose (IDLE) for `wait`; without one, the
    /// usual deadline of a command applies from now.
    pub(crate) fn waiting(&self, wait: Option<Duration>) {
        let mut state = self.state();
        state.deadline = Instant::now() + wait.unwrap_or(state.timeout);
    }

    /// How long the next read may wait; a timeout error once the answer
    /// is overdue.
    pub(crate) fn before_read(&self) -> io::Result<Duration> {
        let left = self
            .state()
            .deadline
            .saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(self.overdue());
        }
        Ok(left)
    }

    /// The error of an answer overdue (of the kind the client's IDLE
    /// takes for the end of its wait).
    pub(crate) fn overdue(&self) -> io::Error {
        let state = self.state();
        io::Error::new(
            io::ErrorKind::TimedOut,
            format!(
                "the server's answer did not arrive within {:?}",
                state.timeout + state.extra_time
            ),
        )
    }

    /// Counts `bytes` read; an error once the answer is over its budget.
    pub(crate) fn after_read(&self, bytes: usize) -> io::Result<()> {
        let mut state = self.state();
        state.read = state.read.saturating_add(bytes as u64);
        if state.read > state.budget {
            return Err(io::Error::other(PassedBound {
                budget: state.budget,
            }));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_over_its_budget_is_an_error_and_a_new_command_counts_afresh() {
        let bounds = Bounds::new(Duration::from_secs(60));
        bounds.after_read(ANSWER_BYTES as usize).unwrap();
        let err = bounds.after_read(1).unwrap_err();
        let passed = err.get_ref().and_then(|e| e.downcast_ref::<PassedBound>());
        assert_eq!(passed.map(|p| p.budget), Some(ANSWER_BYTES));
        bounds.command_sent();
        bounds.after_read(1).unwrap();
        bounds.expect_messages(2, 1000);
        bounds.command_sent();
        let budget = ANSWER_BYTES + 1000 + 2 * PER_MESSAGE;
        bounds.after_read(budget as usize).unwrap();
        assert!(bounds.after_read(1).is_err());
        bounds.expect_ordinary();
        bounds.command_sent();
        assert!(bounds.after_read(ANSWER_BYTES as usize + 1).is_err());
    }

    #[test]
    fn the_deadline_is_per_command_not_per_read() {
        let bounds = Bounds::new(Duration::from_secs(60));
        let first = bounds.before_read().unwrap();
        assert!(first <= Duration::from_secs(60));
        // Reads do not move the deadline; only a command does.
        bounds.after_read(1).unwrap();
        assert!(bounds.before_read().unwrap() <= first);
        let overdue = Bounds::new(Duration::ZERO);
        let err = overdue.before_read().unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        bounds.waiting(Some(Duration::ZERO));
        assert!(bounds.before_read().is_err());
        bounds.command_sent();
        assert!(bounds.before_read().is_ok());
    }

    #[test]
    fn a_fetch_is_given_time_for_its_bytes() {
        let bounds = Bounds::new(Duration::from_secs(10));
        bounds.expect_messages(1, 20 * SLOWEST_BYTES_PER_SECOND);
        bounds.command_sent();
        assert!(bounds.before_read().unwrap() > Duration::from_secs(25));
    }
}
