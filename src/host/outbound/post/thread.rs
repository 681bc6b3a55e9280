//! How an outgoing mail threads, and what its Message-ID proves.

use crate::host::model::replays::LiveGame;
use crate::store::{GameStatus, MailPurpose, TokenScope};

/// How an outgoing mail threads, and what its Message-ID proves.
pub(super) enum Thread {
    /// In the conversation of one game with one player; `asks` is the
    /// move the board waits for; `invited` while the board is someone
    /// else's challenge he has not played on.
    Game {
        userid: String,
        game_id: i64,
        asks: Option<i64>,
        invited: bool,
    },
    /// As an answer to the inbound mail; `userid` when the sender is a
    /// known player, so that a reply to this answer proves who he is
    /// (for the board it shows, if any).
    Answer {
        userid: Option<String>,
        game_id: Option<i64>,
        asks: Option<i64>,
        in_reply_to: String,
        references: Vec<String>,
        /// An error mail: never one about his own game, even when it
        /// shows his board, so that the cap drops it rather than hold it
        /// (a loop of errors must not wait for its turn).
        refused: bool,
    },
    /// A mail about an account, to an address of its own or one it asked
    /// for, proving what `scope` says.
    Account { userid: String, scope: TokenScope },
    /// A board's news for someone who follows it: his own thread of the
    /// board, but a mail the hourly cap may drop.
    Observer { userid: String, game_id: i64 },
    /// A message from another player (`from`): a mail the hourly cap may
    /// drop, so nobody can hold back a player's boards by writing to him;
    /// a reply to it goes back to `from`.
    Message { userid: String, from: String },
}

impl Thread {
    /// How the hourly cap treats the mail: a player's mail about his own
    /// game and an owner's own account news are only ever held back (a
    /// board he was challenged to but has not played on behind them); a
    /// mail asking a stranger's address to confirm, an observer's copy,
    /// an error mail and other answers may be dropped.
    pub(super) fn purpose(&self) -> MailPurpose {
        match self {
            Thread::Game { invited: true, .. } => MailPurpose::Invitation,
            Thread::Game { .. }
            | Thread::Answer {
                userid: Some(_),
                game_id: Some(_),
                refused: false,
                ..
            }
            | Thread::Account {
                scope: TokenScope::Undo(_) | TokenScope::Account | TokenScope::Digest(_),
                ..
            } => MailPurpose::Game,
            Thread::Answer { userid: None, .. } => MailPurpose::Stranger,
            Thread::Answer { .. }
            | Thread::Account { .. }
            | Thread::Observer { .. }
            | Thread::Message { .. } => MailPurpose::Answer,
        }
    }

    /// The player the mail goes to, when it is one.
    pub(super) fn userid(&self) -> Option<&str> {
        match self {
            Thread::Game { userid, .. }
            | Thread::Account { userid, .. }
            | Thread::Observer { userid, .. }
            | Thread::Message { userid, .. } => Some(userid),
            Thread::Answer { userid, .. } => userid.as_deref(),
        }
    }

    /// What the mail's Message-ID proves, and the move it asks for.
    pub(super) fn proves(&self) -> (TokenScope, Option<i64>) {
        match self {
            Thread::Game { asks, .. } => (TokenScope::Game, *asks),
            Thread::Answer {
                game_id: Some(_),
                asks,
                ..
            } => (TokenScope::Game, *asks),
            Thread::Answer { game_id: None, .. } => (TokenScope::Account, None),
            Thread::Observer { .. } => (TokenScope::Game, None),
            Thread::Message { from, .. } => (TokenScope::Message(from.clone()), None),
            Thread::Account { scope, .. } => (scope.clone(), None),
        }
    }
}

/// The move a running board waits for, which a reply to its mail answers.
pub(super) fn asks(live: &LiveGame) -> Option<i64> {
    (live.record.status == GameStatus::Active).then(|| live.next_number())
}
