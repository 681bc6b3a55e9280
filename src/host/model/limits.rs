//! Limits that stop floods at their source: what one mail may carry to
//! others, how many accounts one address may hold, how many answers the
//! host sends in all to senders it does not know, and how many boards,
//! challenges, subscriptions and confirmation requests one player may
//! cause.

use crate::store::MailboxRule;
use serde::Serialize;

/// `[limits]`: each bounds what one sender can make the host send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// A comment (or message, or chat) longer than this, in bytes, is
    /// refused to its sender and nothing is done.
    pub(crate) max_comment_bytes: usize,
    /// At most this many accounts may share one address.
    pub(crate) accounts_per_address: usize,
    /// Answers to senders who are no player (error mails, help), across
    /// all their addresses, per hour; past it they get nothing.
    pub stranger_answers_per_hour: u32,
    /// Challenges a player has made that their opponent has not answered
    /// by a move, to one opponent and in all.
    pub(crate) open_challenges_per_opponent: usize,
    pub(crate) open_challenges: usize,
    /// Boards a player may start by challenges in a day.
    pub(crate) boards_per_day: usize,
    /// Running boards between two robots that one player set going.
    pub(crate) robot_boards: usize,
    /// Subscriptions (and result notices) one player may hold.
    pub(crate) subscriptions_per_player: usize,
    /// Observers of one board (those following every board included).
    pub(crate) observers_per_board: usize,
    /// Mails asking an address to confirm, per account and day.
    pub(crate) confirmations_per_day: usize,
    /// A sender whose mails drew only errors this many times in a row,
    /// each within `error_quiet_minutes` of the one before, gets one last
    /// mail saying so and then no answer, until a mail of his does
    /// something or that many minutes pass without one.
    pub(crate) errors_in_a_row: usize,
    pub(crate) error_quiet_minutes: usize,
    /// Rule changes and announcements one event's director may send its
    /// players in an hour (the operator is not counted): each mails
    /// everyone in the event.
    pub event_news_per_hour: usize,
    /// Mails one sender's mails may make the host queue to other
    /// mailboxes in an hour, counted by his mailbox: past it his
    /// messages, news and requests to confirm are dropped; mail about a
    /// board someone sits at is counted but always goes. Mail to his own
    /// mailbox is the hourly cap's.
    pub mails_per_sender_per_hour: usize,
    /// Which spellings of an address are one mailbox, for every limit
    /// that counts or compares addresses.
    pub mailboxes: MailboxRule,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_comment_bytes: 4096,
            accounts_per_address: 3,
            stranger_answers_per_hour: 200,
            open_challenges_per_opponent: 2,
            open_challenges: 10,
            boards_per_day: 30,
            robot_boards: 4,
            subscriptions_per_player: 100,
            observers_per_board: 50,
            confirmations_per_day: 5,
            errors_in_a_row: 10,
            error_quiet_minutes: 60,
            event_news_per_hour: 3,
            mails_per_sender_per_hour: 300,
            mailboxes: MailboxRule::default(),
        }
    }
}

/// Which limit a command met, with the figure it stands at: the refusal
/// says it, and the security log keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LimitHit {
    /// Open challenges to this opponent, unanswered by a move.
    OpenChallengesTo {
        opponent: String,
        max: usize,
    },
    /// Open challenges to anyone, unanswered by a move.
    OpenChallenges {
        max: usize,
    },
    BoardsPerDay {
        max: usize,
    },
    RobotBoards {
        max: usize,
    },
    Subscriptions {
        max: usize,
    },
    Observers {
        board: Option<i64>,
        max: usize,
    },
    Confirmations {
        max: usize,
    },
    /// Mails to addresses nobody confirmed, in all, in the last hour.
    StrangerMail {
        max: usize,
    },
    /// Rule changes and announcements of one event in the last hour.
    EventNews {
        max: usize,
    },
}

impl LimitHit {
    /// The limit's key in `[limits]`, for the log and the operator.
    pub(crate) fn key(&self) -> &'static str {
        match self {
            LimitHit::OpenChallengesTo { .. } => "open_challenges_per_opponent",
            LimitHit::OpenChallenges { .. } => "open_challenges",
            LimitHit::BoardsPerDay { .. } => "boards_per_day",
            LimitHit::RobotBoards { .. } => "robot_boards",
            LimitHit::Subscriptions { .. } => "subscriptions_per_player",
            LimitHit::Observers { .. } => "observers_per_board",
            LimitHit::Confirmations { .. } => "confirmations_per_day",
            LimitHit::StrangerMail { .. } => "stranger_answers_per_hour",
            LimitHit::EventNews { .. } => "event_news_per_hour",
        }
    }
}
