//! The outbox rows: one mail to one address, with its threading ids,
//! queued in the mail's transaction.

use super::thread::reply_references;
use super::thread::{asks, Thread};
use super::{Post, PostError};
use crate::host::model::replays::LiveGame;
use crate::host::outbound::render::Letter;
use crate::mail::inbound::InboundMail;
use crate::mail::threading::new_message_id;
use crate::store::security::{SecurityEvent, SecurityKind};
use crate::store::{self, MailPurpose, Player, QueuedMail, SentId};

const HOUR: i64 = 3600;

/// A mail's threading: its reader's userid, its board, the id it answers
/// and those it names.
type Threading = (Option<String>, Option<i64>, Option<String>, Vec<String>);

impl Post<'_> {
    /// A mail to every address of a player seated at `live`; `chat` for
    /// a line his opponent wrote.
    pub(super) fn mail_player(
        &mut self,
        player: &Player,
        letter: &Letter,
        live: &LiveGame,
        chat: bool,
    ) -> Result<(), PostError> {
        let invited = self.invited(player, live)?;
        for address in &player.addresses {
            self.queue(
                address,
                letter,
                Thread::Game {
                    userid: player.userid.clone(),
                    game_id: live.record.id,
                    asks: asks(live),
                    invited,
                    chat,
                },
            )?;
        }
        Ok(())
    }

    /// Whether `live` is, for `player`, a board someone else challenged
    /// him to that he has not played on yet.
    fn invited(&self, player: &Player, live: &LiveGame) -> Result<bool, PostError> {
        let Some(side) = live.record.side_of(&player.userid) else {
            return Ok(false);
        };
        if live.moves.iter().any(|played| played.side == side) {
            return Ok(false);
        }
        Ok(store::challenges::challenger_of(self.conn, live.record.id)?
            .is_some_and(|challenger| !challenger.eq_ignore_ascii_case(&player.userid)))
    }

    /// A mail to the sender of the inbound mail; `request` when it
    /// answers a command that needs no password.
    pub(super) fn answer(
        &mut self,
        mail: &InboundMail,
        sender: Option<Player>,
        letter: &Letter,
        board: Option<&LiveGame>,
        request: bool,
    ) -> Result<(), PostError> {
        self.answer_as(mail, sender, letter, board, (request, false))
    }

    /// A mail to the sender of the inbound mail; `request` when it
    /// answers a command that needs no password, `refused` when it is an
    /// error mail: the hourly cap may drop either.
    pub(super) fn answer_as(
        &mut self,
        mail: &InboundMail,
        sender: Option<Player>,
        letter: &Letter,
        board: Option<&LiveGame>,
        (request, refused): (bool, bool),
    ) -> Result<(), PostError> {
        let references = reply_references(mail);
        // A forged From can be anyone's: strangers get so many answers an
        // hour in all, however many addresses they write from.
        if sender.is_none() {
            let answered = store::stranger_answers_since(self.conn, self.now - HOUR)?;
            if answered >= self.limits.stranger_answers_per_hour as usize {
                tracing::warn!(from = %mail.from, answered, "answers to strangers at their hourly limit: none sent");
                return Ok(());
            }
        }
        let thread = Thread::Answer {
            userid: sender.map(|player| player.userid),
            game_id: board.map(|live| live.record.id),
            asks: board.and_then(asks),
            in_reply_to: mail.message_id.clone(),
            references,
            request,
            refused,
        };
        self.queue(&mail.from, letter, thread)
    }

    pub(super) fn queue(
        &mut self,
        recipient: &str,
        letter: &Letter,
        thread: Thread,
    ) -> Result<(), PostError> {
        let purpose = thread.purpose();
        if !self.counted_against_sender(recipient, purpose)? {
            self.over_senders_cap += 1;
            return Ok(());
        }
        let body = letter.body.clone();
        let html = self.html_part(letter, &body, thread.userid())?;
        let (scope, asks) = thread.proves();
        let (userid, game_id, in_reply_to, references) = self.threading(recipient, thread)?;
        let message_id = new_message_id(game_id, &self.host.identity.domain())?;
        if let Some(userid) = userid {
            store::insert_sent_id(
                self.conn,
                &SentId {
                    message_id: message_id.clone(),
                    userid,
                    game_id,
                    scope,
                    asks,
                    created: self.now,
                },
            )?;
        }
        store::queue_mail(
            self.conn,
            &QueuedMail {
                recipient: recipient.to_string(),
                subject: letter.subject.to_string(),
                body,
                message_id,
                in_reply_to,
                references,
                purpose,
                attachment: letter.attachment.clone(),
                html,
                cause: self.mail.map(|mail| mail.from.clone()),
            },
            self.now,
            &self.limits.mailboxes,
        )?;
        self.queued += 1;
        Ok(())
    }

    /// Who a mail to `recipient` in `thread` is for, its board, and the
    /// ids it answers and names.
    fn threading(&self, recipient: &str, thread: Thread) -> Result<Threading, PostError> {
        // The first mail of a thread to the sender of the inbound mail (a
        // confirmation, a new board) names the mail that caused it.
        let caused_by = self
            .mail
            .filter(|mail| mail.from.eq_ignore_ascii_case(recipient))
            .map(|mail| mail.message_id.clone());
        let first_of_thread = || (caused_by.clone(), caused_by.iter().cloned().collect());
        Ok(match thread {
            Thread::Account { userid, .. } => {
                let (in_reply_to, references) = first_of_thread();
                (Some(userid), None, in_reply_to, references)
            }
            Thread::Message {
                userid, references, ..
            } => (Some(userid), None, references.last().cloned(), references),
            Thread::Game {
                userid, game_id, ..
            }
            | Thread::Observer { userid, game_id } => {
                let (in_reply_to, references) =
                    match store::latest_sent_ids(self.conn, &userid, game_id)? {
                        Some((root, latest)) if root == latest => (Some(latest), vec![root]),
                        Some((root, latest)) => (Some(latest.clone()), vec![root, latest]),
                        None => first_of_thread(),
                    };
                (Some(userid), Some(game_id), in_reply_to, references)
            }
            Thread::Answer {
                userid,
                game_id,
                in_reply_to,
                references,
                ..
            } => (userid, game_id, Some(in_reply_to), references),
        })
    }

    /// Whether the sender of the mail being answered may make the host
    /// queue one more mail of `purpose` to `recipient`, counting it. What
    /// goes to other mailboxes counts: past `[limits]
    /// mails_per_sender_per_hour` in an hour, what a cap may drop is
    /// dropped, while mail about a board its recipient sits at always
    /// goes (it needs a sender the host has proven). What goes to his
    /// own mailbox is the hourly cap's to count, so that mail forged in
    /// his name spends none of what he may send others.
    fn counted_against_sender(
        &mut self,
        recipient: &str,
        purpose: MailPurpose,
    ) -> Result<bool, PostError> {
        let Some(mail) = self.mail else {
            return Ok(true);
        };
        let rule = &self.limits.mailboxes;
        let cause = rule.mailbox(&mail.from);
        if rule.mailbox(recipient) == cause {
            return Ok(true);
        }
        let caused = match self.caused {
            Some(caused) => caused,
            None => store::caused_since(self.conn, &cause, self.now - HOUR)?,
        };
        let goes = matches!(purpose, MailPurpose::Game | MailPurpose::Invitation)
            || caused < self.limits.mails_per_sender_per_hour;
        self.caused = Some(caused + usize::from(goes));
        Ok(goes)
    }

    /// Once the mail's answers are queued: what its sender's own cap
    /// dropped of them, in one line of the log and one entry of the
    /// security log (`limit-hit`), however many it was.
    pub fn close(&self) -> Result<(), PostError> {
        let (Some(mail), dropped @ 1..) = (self.mail, self.over_senders_cap) else {
            return Ok(());
        };
        let max = self.limits.mails_per_sender_per_hour;
        tracing::warn!(
            from = %mail.from,
            dropped,
            "mails dropped: the sender's mails made the host send others {max} in the last hour"
        );
        let event = SecurityEvent {
            at: self.now,
            kind: SecurityKind::LimitHit,
            userid: None,
            address: Some(mail.from.trim().to_string()),
            detail: format!(
                "mails_per_sender_per_hour: {dropped} mail(s) of {} dropped",
                mail.message_id
            ),
        };
        store::security::record_security(self.conn, &event)?;
        Ok(())
    }
}
