//! The hourly cap on mail to one address. It protects people from the
//! host: a loop with another robot that strips the marks of automatic
//! mail, or someone forging commands in a stranger's name to flood him.
//! It counts what was sent to the address in the last hour; past the cap
//! a player's mail about his own game waits until the hour allows (it is
//! never lost), and any other answer is dropped.

use crate::store::MailPurpose;
use std::collections::VecDeque;

pub const HOUR_MS: i64 = 3_600_000;

/// What the cap says about one mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Send,
    /// Wait until this time (Unix ms), when the hour has room again.
    Hold {
        until: i64,
    },
    Drop,
}

/// One address's last hour, as the cap sees it while a round is decided.
pub struct Window {
    per_hour: usize,
    /// Send times (Unix ms) within the hour, oldest first.
    sent: VecDeque<i64>,
}

impl Window {
    /// The window at `now_ms`, from the send times of the address's last
    /// hour, oldest first (times older than an hour are left out).
    pub fn new(per_hour: u32, sent: &[i64], now_ms: i64) -> Window {
        Window {
            per_hour: per_hour.max(1) as usize,
            sent: sent
                .iter()
                .copied()
                .filter(|at| at + HOUR_MS > now_ms)
                .collect(),
        }
    }

    /// Decides one mail, in queue order; a mail let through counts as
    /// sent at `now_ms`.
    pub fn admit(&mut self, purpose: MailPurpose, now_ms: i64) -> Verdict {
        if self.sent.len() < self.per_hour {
            self.sent.push_back(now_ms);
            return Verdict::Send;
        }
        match purpose {
            MailPurpose::Game | MailPurpose::Invitation => Verdict::Hold {
                // Never before now: the next round must not find it due.
                until: self
                    .sent
                    .front()
                    .map_or(now_ms, |oldest| oldest + HOUR_MS)
                    .max(now_ms + 1),
            },
            MailPurpose::Answer | MailPurpose::Stranger => Verdict::Drop,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_cap_game_mail_waits_for_the_oldest_send_to_age_and_answers_are_dropped() {
        let now = 10 * HOUR_MS;
        let mut window = Window::new(3, &[now - HOUR_MS, now - 50 * 60_000, now - 1], now);
        assert_eq!(window.admit(MailPurpose::Answer, now), Verdict::Send);
        assert_eq!(
            window.admit(MailPurpose::Game, now),
            Verdict::Hold {
                until: now + 10 * 60_000
            },
            "the send of fifty minutes ago leaves the hour in ten"
        );
        assert_eq!(window.admit(MailPurpose::Answer, now), Verdict::Drop);
    }

    #[test]
    fn an_empty_hour_lets_the_cap_through_in_order() {
        let now = HOUR_MS;
        let mut window = Window::new(2, &[], now);
        assert_eq!(window.admit(MailPurpose::Game, now), Verdict::Send);
        assert_eq!(window.admit(MailPurpose::Game, now), Verdict::Send);
        assert_eq!(
            window.admit(MailPurpose::Game, now),
            Verdict::Hold {
                until: now + HOUR_MS
            }
        );
    }
}
