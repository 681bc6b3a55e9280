//! The hourly cap on mail to one mailbox. It protects people from the
//! host: a loop with another robot that strips the marks of automatic
//! mail, or someone forging commands in a stranger's name to flood him.
//! It counts what was sent to the mailbox in the last hour. Answers
//! (help, lists, `show`, errors, chat, confirmation requests) may fill
//! only part of the hour and are dropped past it, so that no flood of
//! requests in a player's name can take the room his game mail needs;
//! a player's mail about a board he sits at is never dropped: past the
//! whole cap it waits until the hour allows.

use crate::store::MailPurpose;
use std::collections::VecDeque;

pub(crate) const HOUR_MS: i64 = 3_600_000;

/// The cap's two figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cap {
    /// Mails of any kind to one mailbox in an hour.
    pub(crate) per_hour: u32,
    /// Of those, the most that may be answers; past it answers are
    /// dropped, and the rest of the hour is kept for game mail.
    pub(crate) answers_per_hour: u32,
}

impl Cap {
    /// A cap of `per_hour`, half of it (rounded up) open to answers.
    pub(crate) fn new(per_hour: u32) -> Cap {
        let per_hour = per_hour.max(1);
        Cap {
            per_hour,
            answers_per_hour: per_hour.div_ceil(2),
        }
    }

    /// This cap with `answers` of the hour open to answers (at least one,
    /// at most the whole cap).
    #[cfg(test)]
    pub(crate) fn with_answers(self, answers: u32) -> Cap {
        Cap {
            answers_per_hour: answers.clamp(1, self.per_hour),
            ..self
        }
    }
}

/// What the cap says about one mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Send,
    /// Wait until this time (Unix ms), when the hour has room again.
    Hold {
        until: i64,
    },
    Drop,
}

/// One mailbox's last hour, as the cap sees it while a round is decided.
pub(crate) struct Window {
    cap: Cap,
    /// Send times (Unix ms) within the hour, oldest first.
    sent: VecDeque<i64>,
}

impl Window {
    /// The window at `now_ms`, from the send times of the mailbox's last
    /// hour, oldest first (times older than an hour are left out).
    pub(crate) fn new(cap: Cap, sent: &[i64], now_ms: i64) -> Window {
        Window {
            cap,
            sent: sent
                .iter()
                .copied()
                .filter(|at| at + HOUR_MS > now_ms)
                .collect(),
        }
    }

    /// Decides one mail, in queue order; a mail let through counts as
    /// sent at `now_ms`.
    pub(crate) fn admit(&mut self, purpose: MailPurpose, now_ms: i64) -> Verdict {
        if droppable(purpose) {
            if self.answers_full() {
                return Verdict::Drop;
            }
        } else if let Some(until) = self.hold_until(now_ms) {
            return Verdict::Hold { until };
        }
        self.sent.push_back(now_ms);
        Verdict::Send
    }

    /// Whether answers have had their part of the hour.
    pub(crate) fn answers_full(&self) -> bool {
        self.sent.len() >= self.cap.answers_per_hour as usize
    }

    /// When the hour has room for game mail again, if it has none now.
    /// Never before now: the next round must not find a held mail due.
    pub(crate) fn hold_until(&self, now_ms: i64) -> Option<i64> {
        let per_hour = self.cap.per_hour as usize;
        // How many of the hour's sends must age before one more fits.
        let over = (self.sent.len() + 1)
            .checked_sub(per_hour)
            .filter(|over| *over > 0)?;
        let frees = self.sent.get(over - 1).map_or(now_ms, |at| at + HOUR_MS);
        Some(frees.max(now_ms + 1))
    }
}

/// Whether the cap may drop a mail of this kind.
fn droppable(purpose: MailPurpose) -> bool {
    matches!(purpose, MailPurpose::Answer | MailPurpose::Stranger)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_cap_game_mail_waits_for_the_oldest_send_to_age_and_answers_are_dropped() {
        let now = 10 * HOUR_MS;
        let cap = Cap::new(3).with_answers(3);
        let mut window = Window::new(cap, &[now - HOUR_MS, now - 50 * 60_000, now - 1], now);
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
    fn answers_fill_only_their_part_of_the_hour_and_game_mail_the_rest() {
        let now = HOUR_MS;
        let mut window = Window::new(Cap::new(4), &[], now);
        assert_eq!(window.admit(MailPurpose::Answer, now), Verdict::Send);
        assert_eq!(window.admit(MailPurpose::Stranger, now), Verdict::Send);
        assert_eq!(window.admit(MailPurpose::Answer, now), Verdict::Drop);
        assert_eq!(window.admit(MailPurpose::Game, now), Verdict::Send);
        assert_eq!(window.admit(MailPurpose::Invitation, now), Verdict::Send);
        assert_eq!(
            window.admit(MailPurpose::Game, now),
            Verdict::Hold {
                until: now + HOUR_MS
            }
        );
    }

    #[test]
    fn a_window_over_a_lowered_cap_holds_until_enough_sends_have_aged() {
        let now = 10 * HOUR_MS;
        let sent = [now - 50 * 60_000, now - 40 * 60_000, now - 30 * 60_000];
        let window = Window::new(Cap::new(2), &sent, now);
        assert_eq!(window.hold_until(now), Some(now + 20 * 60_000));
    }
}
