//! Notices become queued mails: who gets each (the players of a board
//! from their seats, or the sender), in which language, the text from the
//! renderer, the threading ids, and the outbox row, all in the mail's
//! transaction.

use super::notice::{Answer, Notice};
use super::redact::Secrets;
use super::render::{HostFacts, Letter, Reader, Renderer};
use super::replays::LiveGame;
use super::{HostError, HostSettings};
use crate::games::Side;
use crate::mail::inbound::InboundMail;
use crate::mail::threading::new_message_id;
use crate::store::{self, MailPurpose, Player, QueuedMail, SentId};
use rusqlite::Connection;

/// Queues the mails for the notices of one inbound mail.
pub struct Post<'a> {
    pub conn: &'a Connection,
    pub mail: &'a InboundMail,
    pub renderer: &'a Renderer,
    pub settings: &'a HostSettings,
    pub host: HostFacts,
    /// How many mails were queued so far.
    pub queued: usize,
    /// The passwords the inbound mail gave, masked in every mail queued.
    pub secrets: Secrets,
}

/// How an outgoing mail threads.
enum Thread {
    /// In the conversation of one game with one player.
    Game { userid: String, game_id: i64 },
    /// As an answer to the inbound mail; `userid` when the sender is a
    /// known player, so that a reply to this answer proves who he is.
    Answer {
        userid: Option<String>,
        game_id: Option<i64>,
    },
}

impl Post<'_> {
    /// Queues the mails of one notice. `applied_before` tells an error
    /// mail that earlier commands of the same mail were carried out.
    pub fn notice(&mut self, notice: Notice, applied_before: bool) -> Result<(), HostError> {
        match notice {
            Notice::Board(news) => {
                for (side, player) in self.players(&news.live)? {
                    let language = self.renderer.language_for(player.language.as_deref());
                    let letter = self.renderer.board(&news, side, &self.host, &language)?;
                    self.mail_player(&player, &letter, news.live.record.id)?;
                }
            }
            Notice::Chat { live, author, text } => {
                for (_, player) in self.players(&live)? {
                    let language = self.renderer.language_for(player.language.as_deref());
                    let letter = self
                        .renderer
                        .chat(&live, &author, &text, &self.host, &language)?;
                    self.mail_player(&player, &letter, live.record.id)?;
                }
            }
            Notice::Answer(answer) => {
                let sender = self.sender()?;
                let board = match &answer {
                    Answer::Show { live, .. } => Some(live.as_ref()),
                    _ => None,
                };
                let reader = reader_of(sender.as_ref(), board);
                let language = self.language_of(sender.as_ref());
                let letter = self
                    .renderer
                    .answer(&answer, reader, &self.host, &language)?;
                self.answer(sender, &letter, board.map(|live| live.record.id))?;
            }
            Notice::Refused { refusal, board } => {
                let sender = self.sender()?;
                let reader = reader_of(sender.as_ref(), board.as_deref());
                // Only a player seated at the board sees it in an error
                // mail; anyone may name a board, not everyone may look.
                let live = board.as_deref().filter(|_| reader != Reader::Onlooker);
                let language = self.language_of(sender.as_ref());
                let letter = self.renderer.refusal(
                    &refusal,
                    live.map(|live| (live, reader)),
                    applied_before,
                    self.mail,
                    &self.host,
                    &language,
                )?;
                self.answer(sender, &letter, live.map(|live| live.record.id))?;
            }
        }
        Ok(())
    }

    /// The players of a board by seat (a deleted account cannot sit in a
    /// running game, so there may be nobody to send to).
    fn players(&self, live: &LiveGame) -> Result<Vec<(Side, Player)>, HostError> {
        let mut players = Vec::new();
        for side in Side::BOTH {
            if let Some(player) = store::find_player(self.conn, live.record.player(side))? {
                players.push((side, player));
            }
        }
        Ok(players)
    }

    /// The player who sent the inbound mail, when it is a known address.
    fn sender(&self) -> Result<Option<Player>, HostError> {
        Ok(store::find_player_by_address(self.conn, &self.mail.from)?
            .into_iter()
            .next())
    }

    fn language_of(&self, player: Option<&Player>) -> String {
        self.renderer
            .language_for(player.and_then(|player| player.language.as_deref()))
    }

    fn mail_player(
        &mut self,
        player: &Player,
        letter: &Letter,
        game_id: i64,
    ) -> Result<(), HostError> {
        for address in &player.addresses {
            self.queue(
                address,
                letter,
                Thread::Game {
                    userid: player.userid.clone(),
                    game_id,
                },
            )?;
        }
        Ok(())
    }

    /// A mail to the sender of the inbound mail.
    fn answer(
        &mut self,
        sender: Option<Player>,
        letter: &Letter,
        game_id: Option<i64>,
    ) -> Result<(), HostError> {
        let recipient = self.mail.from.clone();
        let userid = sender.map(|player| player.userid);
        self.queue(&recipient, letter, Thread::Answer { userid, game_id })
    }

    fn queue(&mut self, recipient: &str, letter: &Letter, thread: Thread) -> Result<(), HostError> {
        // The hourly cap is the sender's: it holds a player's mail about
        // his own game back, and drops only other answers.
        let purpose = match &thread {
            Thread::Game { .. }
            | Thread::Answer {
                userid: Some(_),
                game_id: Some(_),
            } => MailPurpose::Game,
            Thread::Answer { .. } => MailPurpose::Answer,
        };
        let (userid, game_id, in_reply_to, references) = match thread {
            Thread::Game { userid, game_id } => {
                let (in_reply_to, references) =
                    match store::latest_sent_ids(self.conn, &userid, game_id)? {
                        Some((root, latest)) if root == latest => (Some(latest), vec![root]),
                        Some((root, latest)) => (Some(latest.clone()), vec![root, latest]),
                        None => (None, Vec::new()),
                    };
                (Some(userid), Some(game_id), in_reply_to, references)
            }
            Thread::Answer { userid, game_id } => {
                let mut references: Vec<String> = self
                    .mail
                    .references
                    .iter()
                    .rev()
                    .take(8)
                    .rev()
                    .cloned()
                    .collect();
                references.push(self.mail.message_id.clone());
                (
                    userid,
                    game_id,
                    Some(self.mail.message_id.clone()),
                    references,
                )
            }
        };
        let message_id = new_message_id(game_id, &self.settings.domain())?;
        if let Some(userid) = userid {
            store::insert_sent_id(
                self.conn,
                &SentId {
                    message_id: message_id.clone(),
                    userid,
                    game_id,
                },
            )?;
        }
        store::queue_mail(
            self.conn,
            &QueuedMail {
                recipient: recipient.to_string(),
                subject: self.secrets.mask(&letter.subject.to_string()),
                body: self.secrets.mask(&letter.body),
                message_id,
                in_reply_to,
                references,
                purpose,
            },
        )?;
        self.queued += 1;
        Ok(())
    }
}

/// How the sender of a mail reads a board: from his seat when he plays
/// on it.
fn reader_of(sender: Option<&Player>, live: Option<&LiveGame>) -> Reader {
    let seat = sender
        .zip(live)
        .and_then(|(player, live)| live.record.side_of(&player.userid));
    match seat {
        Some(side) => Reader::Seated(side),
        None => Reader::Onlooker,
    }
}
