//! The host's one clock. Everything that depends on the time of day
//! (password locks, the life of reply tokens, the game clocks, every timer)
//! asks this clock, which a test or a replay of a backlog sets to a fixed
//! moment (`--now` on the command line) instead of the system time.

use chrono::{DateTime, TimeZone, Utc};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// The system's time.
    #[default]
    System,
    /// Always this moment.
    Fixed(DateTime<Utc>),
}

impl Clock {
    pub(crate) fn now(&self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Fixed(moment) => *moment,
        }
    }

    /// Reads an RFC 3339 moment (`2027-03-01T09:00:00Z`) as a fixed clock.
    pub fn parse_fixed(text: &str) -> Result<Clock, String> {
        DateTime::parse_from_rfc3339(text.trim())
            .map(|moment| Clock::Fixed(moment.with_timezone(&Utc)))
            .map_err(|err| {
                format!("{text:?} is not an RFC 3339 time like 2027-03-01T09:00:00Z: {err}")
            })
    }
}

/// A stored time stamp (seconds since the Unix epoch) as a moment; one
/// out of range reads as the epoch rather than failing a mail.
pub fn from_unix(seconds: i64) -> DateTime<Utc> {
    Utc.timestamp_opt(seconds, 0)
        .single()
        .unwrap_or(DateTime::UNIX_EPOCH)
}

/// A moment as players read it: `2027-03-01 09:15 UTC`.
pub(crate) fn utc_text(seconds: i64) -> String {
    from_unix(seconds).format("%Y-%m-%d %H:%M UTC").to_string()
}

/// A moment to the second, for the operator: `2027-03-01 09:15:00 UTC`.
pub(crate) fn utc_text_seconds(seconds: i64) -> String {
    from_unix(seconds)
        .format("%Y-%m-%d %H:%M:%S UTC")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_text_formats_calendar_dates() {
        assert_eq!(utc_text_seconds(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc_text_seconds(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc_text_seconds(1_796_000_461), "2026-11-30 01:01:01 UTC");
        assert_eq!(utc_text(1_796_000_461), "2026-11-30 01:01 UTC");
    }

    #[test]
    fn a_fixed_clock_reads_rfc_3339_and_stays_at_its_moment() {
        let clock = Clock::parse_fixed("2027-03-01T09:00:00Z").unwrap();
        assert_eq!(clock.now().timestamp(), 1_803_891_600);
        assert_eq!(clock.now(), clock.now());
        let offset = Clock::parse_fixed("2027-03-01T10:00:00+01:00").unwrap();
        assert_eq!(offset, clock);
    }

    #[test]
    fn a_time_that_is_not_rfc_3339_is_refused_with_an_example() {
        let err = Clock::parse_fixed("1 March 2027").unwrap_err();
        assert!(err.contains("2027-03-01T09:00:00Z"), "{err}");
    }
}
