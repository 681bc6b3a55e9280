//! Notices become queued mails: who gets each (the players of a board
//! from their seats, or the sender), in which language, the text from the
//! renderer, the threading ids, and the outbox row, all in the mail's
//! transaction.

mod attachments;
mod outbox;
mod recipients;
mod thread;

use super::pictures::BoardPictures;
use super::render::{HostFacts, LastAnswer, Letter, Reader, Renderer, TemplateError};
use crate::games::Side;
use crate::host::inbound::redact::Quote;
use crate::host::model::limits::Limits;
use crate::host::model::notice::{Answer, BoardNews, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::LiveGame;
use crate::mail::inbound::InboundMail;
use crate::mail::outbound::OutboundError;
use crate::mail::threading::is_own_message_id;
use crate::mail::threading::TokenError;
use crate::store::{self, Player, StoreError, TokenScope};
use rusqlite::Connection;
use thread::Thread;

/// Why mails could not be queued: the store, the threading ids, the
/// templates or a message that cannot be built.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PostError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Token(#[from] TokenError),
    #[error(transparent)]
    Template(#[from] TemplateError),
    #[error(transparent)]
    Outbound(#[from] OutboundError),
}

/// Queues the mails for the notices of one inbound mail.
pub(crate) struct Post<'a> {
    pub(crate) conn: &'a Connection,
    /// The mail being answered; none for the timers' mails.
    pub(crate) mail: Option<&'a InboundMail>,
    pub(crate) renderer: &'a Renderer,
    /// Who the host is and what its mails may say of it.
    pub(crate) host: HostFacts,
    /// The board pictures the operator allows.
    pub(crate) boards: BoardPictures,
    /// The moment the mail is handled (seconds since the epoch).
    pub(crate) now: i64,
    /// How many mails were queued so far.
    pub(crate) queued: usize,
    /// The inbound mail as an error mail quotes it back to its sender,
    /// its passwords masked.
    pub quote: Quote,
    /// The `[limits]` on what a sender can make the host send: the
    /// strangers' budget, each sender's own cap, and which spellings of
    /// an address are one mailbox.
    pub limits: &'a Limits,
    /// What the sender of the mail being answered has made the host
    /// queue to others in the last hour, once counted; and what his own
    /// cap dropped of this mail's answers.
    caused: Option<usize>,
    over_senders_cap: usize,
    /// Set when the error mail is the last the sender gets for now: it
    /// begins by saying why no more follow.
    pub(crate) last_answer: Option<LastAnswer>,
}

impl<'a> Post<'a> {
    /// Queues mails for `mail` (none for the timers), at `now`, within
    /// `limits`; an error mail quotes it as `quote`.
    pub fn new(
        conn: &'a Connection,
        (mail, quote): (Option<&'a InboundMail>, Quote),
        renderer: &'a Renderer,
        host: HostFacts,
        boards: BoardPictures,
        limits: &'a Limits,
    ) -> Post<'a> {
        Post {
            boards,
            conn,
            mail,
            renderer,
            now: host.now,
            host,
            quote,
            queued: 0,
            limits,
            caused: None,
            over_senders_cap: 0,
            last_answer: None,
        }
    }

    /// Queues the mails of one notice. The refusals of an inbound mail go
    /// together through [`Post::refusals`] instead.
    pub(crate) fn notice(&mut self, notice: Notice) -> Result<(), PostError> {
        match notice {
            Notice::Board(news) => self.board_news(&news),
            Notice::Chat { live, author, text } => self.chat(&live, &author, &text),
            Notice::Answer(answer) => self.answer_sender(&answer),
            Notice::Account(news) => self.account(&news),
            Notice::Digest { userid, boards } => {
                let Some(player) = store::find_player(self.conn, &userid)? else {
                    return Ok(());
                };
                let language = self.language_of(Some(&player));
                let letter =
                    self.renderer
                        .digest(&player.userid, &boards, &self.host, &language)?;
                // A reply moves on each board as it stood in the digest.
                let asks = boards
                    .iter()
                    .filter_map(|line| line.live.as_ref().ok())
                    .map(|live| (live.record.id, live.next_number()))
                    .collect();
                self.mail_account_as(&player, &letter, TokenScope::Digest(asks), false)
            }
            Notice::Competition(news) => {
                let Some(player) = store::find_player(self.conn, &news.userid)? else {
                    return Ok(());
                };
                let language = self.language_of(Some(&player));
                let letter = self.renderer.competition(&news, &self.host, &language)?;
                self.mail_account_as(&player, &letter, TokenScope::Account, true)
            }
            Notice::Message { from, to, text } => self.message(&from, &to, &text),
            Notice::Nag { live, side } => self.nag(&live, side),
        }
    }

    /// A board's news: a mail to each player from his seat (unless he
    /// takes the digest), then to those who follow the board.
    fn board_news(&mut self, news: &BoardNews) -> Result<(), PostError> {
        for (side, player) in self.players(&news.live)? {
            if self.in_digest(&player, news)? {
                continue;
            }
            let language = self.renderer.language_for(player.language.as_deref());
            let reader = Reader::Seated(side);
            let mut letter = self.renderer.board(news, reader, &self.host, &language)?;
            letter.attachment = self.pgn_when_over(&news.live);
            self.add_note(&mut letter, &player, &news.live, &language)?;
            self.mail_player(&player, &letter, &news.live, false)?;
        }
        self.observers(news)
    }

    fn chat(&mut self, live: &LiveGame, author: &str, text: &str) -> Result<(), PostError> {
        for (_, player) in self.players(live)? {
            let language = self.renderer.language_for(player.language.as_deref());
            let letter = self
                .renderer
                .chat(live, author, text, &self.host, &language)?;
            self.mail_player(&player, &letter, live, true)?;
        }
        Ok(())
    }

    /// An answer for the sender alone.
    fn answer_sender(&mut self, answer: &Answer) -> Result<(), PostError> {
        let Some(mail) = self.answering() else {
            return Ok(());
        };
        let sender = self.sender(mail)?;
        let board = match answer {
            Answer::Show { live, .. } | Answer::Record { live, .. } => Some(live.as_ref()),
            _ => None,
        };
        let reader = reader_of(sender.as_ref(), board);
        let language = self.language_of(sender.as_ref());
        let mut letter = self
            .renderer
            .answer(answer, reader, &self.host, &language)?;
        if let Answer::Record { live, .. } = answer {
            letter.attachment = self.pgn(live);
        }
        self.answer(mail, sender, &letter, board, true)
    }

    fn refused(
        &mut self,
        refusal: &Refusal,
        board: Option<&LiveGame>,
        applied_before: bool,
    ) -> Result<(), PostError> {
        let Some(mail) = self.answering() else {
            return Ok(());
        };
        let sender = self.sender(mail)?;
        let reader = reader_of(sender.as_ref(), board);
        // Only a player seated at the board sees it in an error mail;
        // anyone may name a board, not everyone may look.
        let live = board.filter(|_| reader != Reader::Onlooker);
        let language = self.language_of(sender.as_ref());
        let letter = self.renderer.refusal(
            refusal,
            live.map(|live| (live, reader)),
            applied_before,
            &self.quote,
            &self.host,
            &language,
        )?;
        self.answer_error(mail, sender, letter, live, &language)
    }

    /// The refused commands of one mail, each with the board it was about
    /// and whether commands before it were carried out: one error mail,
    /// however many there are, so that a mail of junk lines costs its
    /// sender (perhaps a forged From) one mail. A lone refusal shows its
    /// board; several are listed, the first few in full.
    pub(crate) fn refusals(
        &mut self,
        mut refused: Vec<(Refusal, Option<Box<LiveGame>>, bool)>,
        applied: bool,
    ) -> Result<(), PostError> {
        if refused.len() <= 1 {
            return match refused.pop() {
                Some((refusal, board, applied_before)) => {
                    self.refused(&refusal, board.as_deref(), applied_before)
                }
                None => Ok(()),
            };
        }
        let Some(mail) = self.answering() else {
            return Ok(());
        };
        let sender = self.sender(mail)?;
        let language = self.language_of(sender.as_ref());
        let refusals: Vec<Refusal> = refused.into_iter().map(|(refusal, ..)| refusal).collect();
        let letter =
            self.renderer
                .refusals(&refusals, applied, &self.quote, &self.host, &language)?;
        self.answer_error(mail, sender, letter, None, &language)
    }

    /// An error mail to the sender: never a mail about his own game for
    /// the hourly cap (it may drop it), and, the last of a run, one that
    /// begins by saying why no more follow.
    fn answer_error(
        &mut self,
        mail: &InboundMail,
        sender: Option<Player>,
        mut letter: Letter,
        board: Option<&LiveGame>,
        language: &str,
    ) -> Result<(), PostError> {
        if let Some(last) = self.last_answer {
            let words = self.renderer.last_answer(last, &self.host, language)?;
            letter.body = format!("{}\n\n{}", words.trim_end(), letter.body);
        }
        self.answer_as(mail, sender, &letter, board, (false, true))
    }

    /// A mail to every address of an account whose token proves `scope`;
    /// `event` for an event's news.
    fn mail_account_as(
        &mut self,
        player: &Player,
        letter: &Letter,
        scope: TokenScope,
        event: bool,
    ) -> Result<(), PostError> {
        for address in &player.addresses {
            let thread = Thread::Account {
                userid: player.userid.clone(),
                scope: scope.clone(),
                event,
            };
            self.queue(address, letter, thread)?;
        }
        Ok(())
    }

    fn message(&mut self, from: &str, to: &str, text: &str) -> Result<(), PostError> {
        let Some(recipient) = store::find_player(self.conn, to)? else {
            return Ok(());
        };
        let language = self.language_of(Some(&recipient));
        let letter = self
            .renderer
            .message(from, to, text, &self.host, &language)?;
        for address in &recipient.addresses {
            let thread = Thread::Message {
                userid: recipient.userid.clone(),
                from: from.to_string(),
                references: self.conversation(),
            };
            self.queue(address, &letter, thread)?;
        }
        Ok(())
    }

    /// The host's own mails among those the inbound mail answers: a
    /// message relayed threads with the conversation's earlier messages
    /// and shows nothing of the other player's mail.
    fn conversation(&self) -> Vec<String> {
        let address = &self.host.identity.address;
        self.mail
            .map(thread::reply_references)
            .unwrap_or_default()
            .into_iter()
            .filter(|id| is_own_message_id(id, address))
            .collect()
    }

    fn nag(&mut self, live: &LiveGame, side: Side) -> Result<(), PostError> {
        let userid = live.record.player(side).to_string();
        let Some(player) = store::find_player(self.conn, &userid)? else {
            return Ok(());
        };
        let language = self.renderer.language_for(player.language.as_deref());
        let mut letter = self.renderer.nag(live, side, &self.host, &language)?;
        self.add_note(&mut letter, &player, live, &language)?;
        self.mail_player(&player, &letter, live, false)
    }
}

/// How the sender of a mail reads a board: from his seat when he plays
/// on it.
pub(super) fn reader_of(sender: Option<&Player>, live: Option<&LiveGame>) -> Reader {
    let seat = sender
        .zip(live)
        .and_then(|(player, live)| live.record.side_of(&player.userid));
    match seat {
        Some(side) => Reader::Seated(side),
        None => Reader::Onlooker,
    }
}
