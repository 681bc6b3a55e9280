//! Waiting longer after each failure in a row (a damaged or unwritable
//! database), so an error that will not go away by itself is neither
//! retried nor logged several times a second.

use std::time::Duration;

pub(crate) struct Backoff {
    first: Duration,
    max: Duration,
    failures: u32,
}

impl Backoff {
    pub(crate) fn new(first: Duration, max: Duration) -> Backoff {
        Backoff {
            first,
            max: max.max(first),
            failures: 0,
        }
    }

    /// Records a failure; returns the wait before the next try.
    pub(crate) fn failed(&mut self) -> Duration {
        self.failures = self.failures.saturating_add(1);
        self.delay()
    }

    pub(crate) fn succeeded(&mut self) {
        self.failures = 0;
    }

    /// The wait before the next try: the first after a success, doubling
    /// with each failure up to the maximum.
    pub(crate) fn delay(&self) -> Duration {
        let doublings = self.failures.saturating_sub(1).min(20);
        self.first.saturating_mul(1 << doublings).min(self.max)
    }

    pub(crate) fn failing(&self) -> bool {
        self.failures > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_failure_doubles_the_wait_up_to_the_maximum_and_a_success_resets_it() {
        let mut backoff = Backoff::new(Duration::from_millis(250), Duration::from_secs(2));
        let waits: Vec<u128> = (0..6).map(|_| backoff.failed().as_millis()).collect();
        assert_eq!(waits, [250, 500, 1000, 2000, 2000, 2000]);
        assert!(backoff.failing());
        backoff.succeeded();
        assert!(!backoff.failing());
        assert_eq!(backoff.failed(), Duration::from_millis(250));
    }
}
