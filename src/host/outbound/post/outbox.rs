//! The outbox rows: one mail to one address, with its threading ids,
//! queued in the mail's transaction.

use super::thread::reply_references;
use super::thread::{asks, Thread};
use super::{Post, PostError};
use crate::host::model::replays::LiveGame;
use crate::host::outbound::render::Letter;
use crate::mail::inbound::InboundMail;
use crate::mail::threading::new_message_id;
use crate::store::{self, Player, QueuedMail, SentId};

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
            let answered = store::stranger_answers_since(self.conn, self.now - 3600)?;
            if answered >= self.stranger_answers_per_hour as usize {
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
        let body = letter.body.clone();
        let html = self.html_part(letter, &body, thread.userid())?;
        let purpose = thread.purpose();
        let (scope, asks) = thread.proves();
        // The first mail of a thread to the sender of the inbound mail (a
        // confirmation, a new board) names the mail that caused it.
        let caused_by = self
            .mail
            .filter(|mail| mail.from.eq_ignore_ascii_case(recipient))
            .map(|mail| mail.message_id.clone());
        let first_of_thread = || (caused_by.clone(), caused_by.iter().cloned().collect());
        let (userid, game_id, in_reply_to, references) = match thread {
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
        };
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
            },
            self.now,
        )?;
        self.queued += 1;
        Ok(())
    }
}
