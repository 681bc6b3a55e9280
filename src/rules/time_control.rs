//! A board's time control, chosen at the challenge: pbmserv's nag and
//! forfeit times per move, a bank for the whole game (`--totaltime`), or a
//! Fischer bank with an increment per move and an optional cap
//! (`--time=30d+1d/45d`, as ICCF and SchemingMind run them).

use std::fmt;

pub(crate) const HOUR: i64 = 3600;
pub(crate) const DAY: i64 = 24 * HOUR;

/// A bank of time for the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bank {
    /// Seconds each player starts with.
    pub(crate) initial: i64,
    /// Seconds added after each of his turns.
    pub(crate) increment: i64,
    /// The bank never grows past this.
    pub(crate) cap: Option<i64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TimeControl {
    /// The first reminder comes this long into a turn.
    pub(crate) nag_after: i64,
    /// A turn longer than this loses on time.
    pub(crate) per_move: Option<i64>,
    pub(crate) bank: Option<Bank>,
}

impl Default for TimeControl {
    /// pbmserv's: a nag after 7 days without a move, a forfeit after 21.
    fn default() -> Self {
        TimeControl {
            nag_after: 7 * DAY,
            per_move: Some(21 * DAY),
            bank: None,
        }
    }
}

/// The option names a challenge may give.
pub(crate) const OPTION_NAMES: &[&str] = &["--nagtime", "--forfeittime", "--totaltime", "--time"];

/// Why a time option or a length of time is refused, typed for the host
/// to word in each player's language (`reasons.time(e)` of the
/// templates); [`fmt::Display`] gives the English for logs, the CLI and
/// the config's errors. Serializes with a `kind` (snake_case) and its
/// fields.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeError {
    /// Not a length like `7`, `7d` or `36h` (or out of range).
    NotALength { text: String },
    /// A Fischer bank whose cap is below its start.
    CapBelowStart { text: String },
    /// An option without `=` and its value.
    NeedsValue { option: String },
    /// No time option of that name.
    NotAnOption {
        option: String,
        options: Vec<String>,
    },
    /// The reminder (`nag`) would come no sooner than the loss on time
    /// (`limit`), both as the options write them (`7d`, `36h`).
    NagNeverComes { nag: String, limit: String },
}

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeError::NotALength { text } => write!(
                f,
                "{text:?} is not a length of time like 7 (days), 7d or 36h"
            ),
            TimeError::CapBelowStart { text } => write!(
                f,
                "{text:?}: the cap after / is smaller than the starting bank"
            ),
            TimeError::NeedsValue { option } => write!(
                f,
                "{option:?} needs a value, like --nagtime=7 or --time=30d+1d"
            ),
            TimeError::NotAnOption { option, options } => write!(
                f,
                "{option:?} is not a time option; they are {}",
                options.join(", ")
            ),
            TimeError::NagNeverComes { nag, limit } => write!(
                f,
                "the reminder after {nag} would never come before the loss on time after {limit}: \
                 --nagtime must be shorter than --forfeittime"
            ),
        }
    }
}

/// A length of time: `36h`, `7d`, or a bare number of days (pbmserv's).
pub(crate) fn parse_length(text: &str) -> Result<i64, TimeError> {
    let text = text.trim();
    let (number, unit) = match text.strip_suffix(['d', 'D']) {
        Some(number) => (number, DAY),
        None => match text.strip_suffix(['h', 'H']) {
            Some(number) => (number, HOUR),
            None => (text, DAY),
        },
    };
    let bad = || TimeError::NotALength {
        text: text.to_string(),
    };
    let number: i64 = number.parse().map_err(|_| bad())?;
    if number <= 0 || number > 3650 * DAY / unit {
        return Err(bad());
    }
    Ok(number * unit)
}

/// `30d+1d` or `30d+1d/45d`.
fn parse_bank(text: &str) -> Result<Bank, TimeError> {
    let (main, cap) = match text.split_once('/') {
        Some((main, cap)) => (main, Some(parse_length(cap)?)),
        None => (text, None),
    };
    let (initial, increment) = match main.split_once('+') {
        Some((initial, increment)) => (parse_length(initial)?, parse_length(increment)?),
        None => (parse_length(main)?, 0),
    };
    if cap.is_some_and(|cap| cap < initial) {
        return Err(TimeError::CapBelowStart {
            text: text.to_string(),
        });
    }
    Ok(Bank {
        initial,
        increment,
        cap,
    })
}

impl TimeControl {
    /// The control a board runs under: its stored options over pbmserv's
    /// defaults. (Options that no longer read, from a hand-edited row,
    /// leave the defaults.)
    pub(crate) fn from_stored(options: &str) -> TimeControl {
        TimeControl::default()
            .with_options(options.split_whitespace())
            .unwrap_or_default()
    }

    /// This control with `options` (`--nagtime=7`, `--time=30d+1d/45d`...)
    /// applied in order. A Fischer bank has no limit per move unless
    /// `--forfeittime` says so after it.
    pub(crate) fn with_options<'a>(
        mut self,
        options: impl IntoIterator<Item = &'a str>,
    ) -> Result<TimeControl, TimeError> {
        for option in options {
            let lower = option.trim().to_lowercase();
            let (name, value) = lower.split_once('=').ok_or_else(|| TimeError::NeedsValue {
                option: option.to_string(),
            })?;
            match name {
                "--nagtime" => self.nag_after = parse_length(value)?,
                "--forfeittime" => self.per_move = Some(parse_length(value)?),
                "--totaltime" => {
                    self.bank = Some(Bank {
                        initial: parse_length(value)?,
                        increment: 0,
                        cap: None,
                    })
                }
                "--time" => {
                    self.bank = Some(parse_bank(value)?);
                    self.per_move = None;
                }
                _ => {
                    return Err(TimeError::NotAnOption {
                        option: option.to_string(),
                        options: OPTION_NAMES.iter().map(|name| name.to_string()).collect(),
                    })
                }
            }
        }
        Ok(self)
    }

    /// Whether a challenge may set this control: a reminder that comes no
    /// sooner than the loss on time never comes. (Stored controls are read
    /// as they are; only new boards are checked.)
    pub(crate) fn check(&self) -> Result<(), TimeError> {
        match self.per_move {
            Some(limit) if self.nag_after >= limit => Err(TimeError::NagNeverComes {
                nag: length_text(self.nag_after),
                limit: length_text(limit),
            }),
            _ => Ok(()),
        }
    }

    /// The options that give exactly this control, as stored with a game.
    pub(crate) fn options(&self) -> Vec<String> {
        let mut options = vec![format!("--nagtime={}", length_text(self.nag_after))];
        if let Some(bank) = self.bank {
            let mut time = format!("--time={}", length_text(bank.initial));
            if bank.increment > 0 {
                time.push_str(&format!("+{}", length_text(bank.increment)));
            }
            if let Some(cap) = bank.cap {
                time.push_str(&format!("/{}", length_text(cap)));
            }
            options.push(time);
        }
        if let Some(per_move) = self.per_move {
            options.push(format!("--forfeittime={}", length_text(per_move)));
        }
        options
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.options().join(" "))
    }
}

/// `7d`, `36h`.
pub(crate) fn length_text(seconds: i64) -> String {
    if seconds % DAY == 0 {
        format!("{}d", seconds / DAY)
    } else {
        format!("{}h", seconds / HOUR)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pbmserv_options_count_days_and_hours() {
        let control = TimeControl::default()
            .with_options(["--nagtime=3", "--forfeittime=36h"])
            .unwrap();
        assert_eq!(control.nag_after, 3 * DAY);
        assert_eq!(control.per_move, Some(36 * HOUR));
        assert_eq!(control.bank, None);
    }

    #[test]
    fn a_reminder_that_cannot_come_before_the_loss_on_time_is_refused() {
        let control = |options: &str| {
            TimeControl::default()
                .with_options(options.split_whitespace())
                .unwrap()
        };
        assert!(control("--nagtime=30 --forfeittime=5").check().is_err());
        assert!(control("--nagtime=5 --forfeittime=5").check().is_err());
        assert!(control("--nagtime=2 --forfeittime=5").check().is_ok());
        assert!(control("--time=30d+1d").check().is_ok());
    }

    #[test]
    fn a_fischer_bank_has_an_increment_a_cap_and_no_limit_per_move() {
        let control = TimeControl::default()
            .with_options(["--time=30d+1d/45d"])
            .unwrap();
        assert_eq!(
            control.bank,
            Some(Bank {
                initial: 30 * DAY,
                increment: DAY,
                cap: Some(45 * DAY),
            })
        );
        assert_eq!(control.per_move, None);
        let both = TimeControl::default()
            .with_options(["--time=30d+3d", "--forfeittime=10"])
            .unwrap();
        assert_eq!(both.per_move, Some(10 * DAY));
    }

    #[test]
    fn total_time_is_a_bank_without_increment_beside_the_limit_per_move() {
        let control = TimeControl::default()
            .with_options(["--totaltime=60"])
            .unwrap();
        assert_eq!(control.per_move, Some(21 * DAY));
        assert_eq!(control.bank.map(|bank| bank.initial), Some(60 * DAY));
    }

    #[test]
    fn options_written_out_read_back_to_the_same_control() {
        for options in [
            vec!["--time=30d+1d/45d"],
            vec!["--nagtime=36h", "--totaltime=60"],
            vec![],
        ] {
            let control = TimeControl::default().with_options(options).unwrap();
            let written = control.options();
            let again = TimeControl::default()
                .with_options(written.iter().map(String::as_str))
                .unwrap();
            assert_eq!(again, control, "{written:?}");
        }
    }

    #[test]
    fn bad_time_options_are_refused_with_the_reason() {
        for (option, reason) in [
            ("--nagtime=0", "not a length"),
            ("--nagtime=x", "not a length"),
            ("--time=30d+1d/20d", "smaller than the starting bank"),
            ("--tiem=30d", "not a time option"),
            ("--forfeittime", "needs a value"),
        ] {
            let err = TimeControl::default().with_options([option]).unwrap_err();
            assert!(err.to_string().contains(reason), "{option}: {err}");
        }
    }
}
