//! How an outgoing mail threads, and what its Message-ID proves.

use crate::host::model::replays::LiveGame;
use crate::mail::inbound::InboundMail;
use crate::store::{GameStatus, MailPurpose, TokenScope};

/// How an outgoing mail threads, and what its Message-ID proves.
pub(super) enum Thread {
    /// In the conversation of one game with one player; `asks` is the
    /// move the board waits for; `invited` while the board is someone
    /// else's challenge he has not played on; `chat` for a line his
    /// opponent wrote, which the cap may drop like any answer.
    Game {
        userid: String,
        game_id: i64,
        asks: Option<i64>,
        invited: bool,
        chat: bool,
    },
    /// As an answer to the inbound mail; `userid` when the sender is a
    /// known player, so that a reply to this answer proves who he is
    /// (for the board it shows, if any); `request` when it answers a
    /// command that needs no password (`show`, `record`), which anyone
    /// may send in his name, so the cap may drop it.
    Answer {
        userid: Option<String>,
        game_id: Option<i64>,
        asks: Option<i64>,
        in_reply_to: String,
        references: Vec<String>,
        request: bool,
        /// An error mail: never one about his own game, even when it
        /// shows his board, so that the cap drops it rather than hold it
        /// (a loop of errors must not wait for its turn).
        refused: bool,
    },
    /// A mail about an account, to an address of its own or one it asked
    /// for, proving what `scope` says; `event` for the news of a ladder
    /// or tournament, which the cap may drop (the boards an event starts
    /// are mailed from their seats).
    Account {
        userid: String,
        scope: TokenScope,
        event: bool,
    },
    /// A board's news for someone who follows it: his own thread of the
    /// board, but a mail the hourly cap may drop.
    Observer { userid: String, game_id: i64 },
    /// A message from another player (`from`): a mail the hourly cap may
    /// drop, so nobody can hold back a player's boards by writing to him;
    /// a reply to it goes back to `from`. `references` thread it with
    /// the host's own mails of the conversation before it: never a
    /// player's own Message-ID, which may name his mail provider.
    Message {
        userid: String,
        from: String,
        references: Vec<String>,
    },
}

impl Thread {
    /// How the hourly cap treats the mail: a player's mail about a board
    /// he sits at and an owner's own account news are only ever held back
    /// (a board he was challenged to but has not played on behind them);
    /// a mail asking a stranger's address to confirm, an observer's copy,
    /// a chat line, an event's news, an error mail and other answers
    /// (`show`, `record` included: anyone may ask for them in his name)
    /// may be dropped.
    pub(super) fn purpose(&self) -> MailPurpose {
        match self {
            Thread::Game { chat: true, .. } => MailPurpose::Answer,
            Thread::Game { invited: true, .. } => MailPurpose::Invitation,
            Thread::Game { .. }
            | Thread::Answer {
                userid: Some(_),
                game_id: Some(_),
                request: false,
                refused: false,
                ..
            }
            | Thread::Account {
                scope: TokenScope::Undo(_) | TokenScope::Account | TokenScope::Digest(_),
                event: false,
                ..
            } => MailPurpose::Game,
            // An address nobody has confirmed is a stranger's, whoever
            // asked for it: the strangers' budget counts what it gets.
            Thread::Answer { userid: None, .. }
            | Thread::Account {
                scope: TokenScope::Confirm(_),
                ..
            } => MailPurpose::Stranger,
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

/// The References of a mail that answers `mail`: its own last eight and
/// its Message-ID, so a thread keeps its root without growing for ever.
pub(super) fn reply_references(mail: &InboundMail) -> Vec<String> {
    let kept = mail.references.len().saturating_sub(8);
    let mut references = mail.references[kept..].to_vec();
    references.push(mail.message_id.clone());
    references
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(request: bool, refused: bool) -> Thread {
        Thread::Answer {
            userid: Some("bob".into()),
            game_id: Some(101),
            asks: Some(3),
            in_reply_to: "in@example.org".into(),
            references: Vec::new(),
            request,
            refused,
        }
    }

    fn game(invited: bool, chat: bool) -> Thread {
        Thread::Game {
            userid: "bob".into(),
            game_id: 101,
            asks: None,
            invited,
            chat,
        }
    }

    #[test]
    fn only_mail_about_a_board_he_sits_at_is_held_and_answers_to_requests_may_be_dropped() {
        // `show 101` forged in bob's name, fifty a mail: dropped past the
        // answers' part of his hour, never held as his game mail.
        assert_eq!(answer(true, false).purpose(), MailPurpose::Answer);
        // The answer to his own command on a board he sits at is about
        // his game; an error mail never is, even one showing his board
        // (a loop of errors must not wait for its turn).
        assert_eq!(answer(false, false).purpose(), MailPurpose::Game);
        assert_eq!(answer(false, true).purpose(), MailPurpose::Answer);
        assert_eq!(game(false, false).purpose(), MailPurpose::Game);
        assert_eq!(game(true, false).purpose(), MailPurpose::Invitation);
        assert_eq!(game(false, true).purpose(), MailPurpose::Answer, "chat");
        let event = Thread::Account {
            userid: "bob".into(),
            scope: TokenScope::Account,
            event: true,
        };
        assert_eq!(event.purpose(), MailPurpose::Answer, "an event's news");
        let confirm = Thread::Account {
            userid: "bob".into(),
            scope: TokenScope::Confirm("b.o.b@gmail.com".into()),
            event: false,
        };
        assert_eq!(confirm.purpose(), MailPurpose::Stranger, "a confirmation");
    }
}
