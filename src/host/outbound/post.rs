//! Notices become queued mails: who gets each (the players of a board
//! from their seats, or the sender), in which language, the text from the
//! renderer, the threading ids, and the outbox row, all in the mail's
//! transaction.

use super::pictures::BoardPictures;
use super::render::{HostFacts, Letter, Reader, Renderer, TemplateError};
use crate::archive;
use crate::games::Side;
use crate::host::inbound::redact::Secrets;
use crate::host::model::board_style::BoardStyle;
use crate::host::model::notice::{AccountEvent, AccountNews, Answer, BoardNews, Event, Notice};
use crate::host::model::replays::LiveGame;
use crate::mail::inbound::InboundMail;
use crate::mail::outbound::OutboundError;
use crate::mail::threading::new_message_id;
use crate::mail::threading::TokenError;
use crate::store::{
    self, GameStatus, MailAttachment, MailHtml, MailPurpose, Player, QueuedMail, SentId,
    StoreError, TokenScope,
};
use rusqlite::Connection;

/// Why mails could not be queued: the store, the threading ids, the
/// templates or a message that cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum PostError {
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
pub struct Post<'a> {
    pub conn: &'a Connection,
    /// The mail being answered; none for the timers' mails.
    pub mail: Option<&'a InboundMail>,
    pub renderer: &'a Renderer,
    /// Who the host is and what its mails may say of it.
    pub host: HostFacts,
    /// The board pictures the operator allows.
    pub boards: BoardPictures,
    /// The moment the mail is handled (seconds since the epoch).
    pub now: i64,
    /// How many mails were queued so far.
    pub queued: usize,
    /// The passwords the inbound mail gave, masked in every mail queued.
    pub secrets: Secrets,
}

/// How an outgoing mail threads, and what its Message-ID proves.
enum Thread {
    /// In the conversation of one game with one player; `asks` is the
    /// move the board waits for.
    Game {
        userid: String,
        game_id: i64,
        asks: Option<i64>,
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
    },
    /// A mail about an account, to an address of its own or one it asked
    /// for, proving what `scope` says.
    Account { userid: String, scope: TokenScope },
    /// A board's news for someone who follows it: his own thread of the
    /// board, but a mail the hourly cap may drop.
    Observer { userid: String, game_id: i64 },
    /// A message from another player: a mail the hourly cap may drop,
    /// so nobody can hold back a player's boards by writing to him.
    Message { userid: String },
}

impl Thread {
    /// How the hourly cap treats the mail: a player's mail about his own
    /// game and an owner's own account news are only ever held back; a
    /// mail asking a stranger's address to confirm, an observer's copy and
    /// other answers may be dropped.
    fn purpose(&self) -> MailPurpose {
        match self {
            Thread::Game { .. }
            | Thread::Answer {
                userid: Some(_),
                game_id: Some(_),
                ..
            }
            | Thread::Account {
                scope: TokenScope::Undo(_) | TokenScope::Account,
                ..
            } => MailPurpose::Game,
            Thread::Answer { .. }
            | Thread::Account { .. }
            | Thread::Observer { .. }
            | Thread::Message { .. } => MailPurpose::Answer,
        }
    }

    /// The player the mail goes to, when it is one.
    fn userid(&self) -> Option<&str> {
        match self {
            Thread::Game { userid, .. }
            | Thread::Account { userid, .. }
            | Thread::Observer { userid, .. }
            | Thread::Message { userid } => Some(userid),
            Thread::Answer { userid, .. } => userid.as_deref(),
        }
    }

    /// What the mail's Message-ID proves, and the move it asks for.
    fn proves(&self) -> (TokenScope, Option<i64>) {
        match self {
            Thread::Game { asks, .. } => (TokenScope::Game, *asks),
            Thread::Answer {
                game_id: Some(_),
                asks,
                ..
            } => (TokenScope::Game, *asks),
            Thread::Answer { game_id: None, .. } => (TokenScope::Account, None),
            Thread::Observer { .. } => (TokenScope::Game, None),
            Thread::Message { .. } => (TokenScope::Account, None),
            Thread::Account { scope, .. } => (scope.clone(), None),
        }
    }
}

/// The move a running board waits for, which a reply to its mail answers.
fn asks(live: &LiveGame) -> Option<i64> {
    (live.record.status == GameStatus::Active).then(|| live.next_number())
}

impl<'a> Post<'a> {
    /// Queues mails for `mail` (none for the timers), at `now`, masking
    /// the `secrets` it gave.
    pub fn new(
        conn: &'a Connection,
        mail: Option<&'a InboundMail>,
        renderer: &'a Renderer,
        host: HostFacts,
        boards: BoardPictures,
        secrets: Secrets,
    ) -> Post<'a> {
        Post {
            boards,
            conn,
            mail,
            renderer,
            now: host.now,
            host,
            secrets,
            queued: 0,
        }
    }

    /// Queues the mails of one notice. `applied_before` tells an error
    /// mail that earlier commands of the same mail were carried out.
    pub fn notice(&mut self, notice: Notice, applied_before: bool) -> Result<(), PostError> {
        match notice {
            Notice::Board(news) => {
                for (side, player) in self.players(&news.live)? {
                    if self.in_digest(&player, &news)? {
                        continue;
                    }
                    let language = self.renderer.language_for(player.language.as_deref());
                    let reader = Reader::Seated(side);
                    let mut letter = self.renderer.board(&news, reader, &self.host, &language)?;
                    letter.attachment = self.pgn_when_over(&news.live);
                    self.add_note(&mut letter, &player, &news.live, &language)?;
                    self.mail_player(&player, &letter, &news.live)?;
                }
                self.observers(&news)?;
            }
            Notice::Chat { live, author, text } => {
                for (_, player) in self.players(&live)? {
                    let language = self.renderer.language_for(player.language.as_deref());
                    let letter = self
                        .renderer
                        .chat(&live, &author, &text, &self.host, &language)?;
                    self.mail_player(&player, &letter, &live)?;
                }
            }
            Notice::Answer(answer) => {
                let Some(mail) = self.answering() else {
                    return Ok(());
                };
                let sender = self.sender(mail)?;
                let board = match &answer {
                    Answer::Show { live, .. } | Answer::Record { live, .. } => Some(live.as_ref()),
                    _ => None,
                };
                let reader = reader_of(sender.as_ref(), board);
                let language = self.language_of(sender.as_ref());
                let mut letter = self
                    .renderer
                    .answer(&answer, reader, &self.host, &language)?;
                if let Answer::Record { live, .. } = &answer {
                    letter.attachment = self.pgn(live);
                }
                self.answer(mail, sender, &letter, board)?;
            }
            Notice::Refused { refusal, board } => {
                let Some(mail) = self.answering() else {
                    return Ok(());
                };
                let sender = self.sender(mail)?;
                let reader = reader_of(sender.as_ref(), board.as_deref());
                // Only a player seated at the board sees it in an error
                // mail; anyone may name a board, not everyone may look.
                let live = board.as_deref().filter(|_| reader != Reader::Onlooker);
                let language = self.language_of(sender.as_ref());
                let letter = self.renderer.refusal(
                    &refusal,
                    live.map(|live| (live, reader)),
                    applied_before,
                    mail,
                    &self.host,
                    &language,
                )?;
                self.answer(mail, sender, &letter, live)?;
            }
            Notice::Account(news) => self.account(&news)?,
            Notice::Digest { userid, boards } => {
                if let Some(player) = store::find_player(self.conn, &userid)? {
                    let language = self.language_of(Some(&player));
                    let letter =
                        self.renderer
                            .digest(&player.userid, &boards, &self.host, &language)?;
                    for address in &player.addresses {
                        let thread = Thread::Account {
                            userid: player.userid.clone(),
                            scope: TokenScope::Account,
                        };
                        self.queue(address, &letter, thread)?;
                    }
                }
            }
            Notice::Competition(news) => {
                if let Some(player) = store::find_player(self.conn, &news.userid)? {
                    let language = self.language_of(Some(&player));
                    let letter = self.renderer.competition(&news, &self.host, &language)?;
                    for address in &player.addresses {
                        let thread = Thread::Account {
                            userid: player.userid.clone(),
                            scope: TokenScope::Account,
                        };
                        self.queue(address, &letter, thread)?;
                    }
                }
            }
            Notice::Message { from, to, text } => {
                if let Some(recipient) = store::find_player(self.conn, &to)? {
                    let language = self.language_of(Some(&recipient));
                    let letter = self
                        .renderer
                        .message(&from, &to, &text, &self.host, &language)?;
                    for address in &recipient.addresses {
                        let thread = Thread::Message {
                            userid: recipient.userid.clone(),
                        };
                        self.queue(address, &letter, thread)?;
                    }
                }
            }
            Notice::Nag { live, side } => {
                let userid = live.record.player(side).to_string();
                if let Some(player) = store::find_player(self.conn, &userid)? {
                    let language = self.renderer.language_for(player.language.as_deref());
                    let mut letter = self.renderer.nag(&live, side, &self.host, &language)?;
                    self.add_note(&mut letter, &player, &live, &language)?;
                    self.mail_player(&player, &letter, &live)?;
                }
            }
        }
        Ok(())
    }

    /// Whether the player takes a daily digest instead of this board
    /// mail: a move on a running board (a new board and the end still
    /// come at once).
    fn in_digest(&self, player: &Player, news: &BoardNews) -> Result<bool, PostError> {
        // Conditional moves dropped are news for their owner at once.
        let dropped_his = news.events.iter().any(
            |event| matches!(event, Event::QueueDropped { userid, .. } if *userid == player.userid),
        );
        let routine =
            news.live.record.status == GameStatus::Active && !news.new_game && !dropped_his;
        Ok(routine && store::digest_due(self.conn, &player.userid)?.is_some())
    }

    /// A player's private note on the board, at the bottom of his mail.
    fn add_note(
        &self,
        letter: &mut Letter,
        player: &Player,
        live: &LiveGame,
        language: &str,
    ) -> Result<(), PostError> {
        if let Some(note) = store::note(self.conn, live.record.id, &player.userid)? {
            let footer = self.renderer.note_footer(&note, &self.host, language)?;
            letter.body.push('\n');
            letter.body.push_str(&footer);
        }
        Ok(())
    }

    /// The board's PGN, for the mails of a game that is over: each
    /// player's mailbox becomes his archive without asking.
    fn pgn_when_over(&self, live: &LiveGame) -> Option<MailAttachment> {
        (live.record.status == GameStatus::Finished)
            .then(|| self.pgn(live))
            .flatten()
    }

    /// The board as a PGN file (`chess-101.pgn`); a board that cannot be
    /// written is logged and its mail goes without it.
    fn pgn(&self, live: &LiveGame) -> Option<MailAttachment> {
        match archive::archive_board(self.conn, live.record.id, &self.host.identity) {
            Ok(text) => Some(MailAttachment {
                name: format!("{}-{}.pgn", live.kind.name(), live.record.id),
                content_type: "application/vnd.chess-pgn".into(),
                text,
            }),
            Err(err) => {
                tracing::warn!(board = live.record.id, "no PGN for the mail: {err}");
                None
            }
        }
    }

    /// The board's news for those who follow it (those who want only
    /// results, once it is over), never for its own players.
    fn observers(&mut self, news: &BoardNews) -> Result<(), PostError> {
        let live = &news.live;
        let over = live.record.status != GameStatus::Active;
        for (userid, results_only) in
            store::observers(self.conn, &live.record.kind, live.record.id)?
        {
            if (results_only && !over) || live.record.side_of(&userid).is_some() {
                continue;
            }
            let Some(observer) = store::find_player(self.conn, &userid)? else {
                continue;
            };
            let language = self.renderer.language_for(observer.language.as_deref());
            let mut letter = self
                .renderer
                .board(news, Reader::Observer, &self.host, &language)?;
            letter.attachment = self.pgn_when_over(live);
            for address in &observer.addresses {
                let thread = Thread::Observer {
                    userid: observer.userid.clone(),
                    game_id: live.record.id,
                };
                self.queue(address, &letter, thread)?;
            }
        }
        Ok(())
    }

    /// A mail about an account to each address it names, in the owner's
    /// language.
    fn account(&mut self, news: &AccountNews) -> Result<(), PostError> {
        let owner = store::find_player(self.conn, &news.userid)?;
        let language = self.language_of(owner.as_ref());
        let letter = self.renderer.account(news, &self.host, &language)?;
        for address in &news.to {
            let scope = match &news.event {
                AccountEvent::ConfirmAddress { address, .. } => {
                    TokenScope::Confirm(address.clone())
                }
                AccountEvent::AddressesChanged { before, .. } => TokenScope::Undo(before.clone()),
                AccountEvent::Guessed { .. } | AccountEvent::OpponentAway { .. } => {
                    TokenScope::Account
                }
            };
            let thread = Thread::Account {
                userid: news.userid.clone(),
                scope,
            };
            self.queue(address, &letter, thread)?;
        }
        Ok(())
    }

    /// The players of a board by seat (a deleted account cannot sit in a
    /// running game, so there may be nobody to send to).
    fn players(&self, live: &LiveGame) -> Result<Vec<(Side, Player)>, PostError> {
        let mut players = Vec::new();
        for side in Side::BOTH {
            if let Some(player) = store::find_player(self.conn, live.record.player(side))? {
                players.push((side, player));
            }
        }
        Ok(players)
    }

    /// The mail an answer answers; the timers make no answers, so one
    /// without a mail is a bug, logged and not sent.
    fn answering(&self) -> Option<&'a InboundMail> {
        if self.mail.is_none() {
            tracing::error!("an answer was made with no mail to answer; it is not sent");
        }
        self.mail
    }

    /// The player who sent the inbound mail, when it is a known address.
    fn sender(&self, mail: &InboundMail) -> Result<Option<Player>, PostError> {
        Ok(store::find_player_by_address(self.conn, &mail.from)?
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
        live: &LiveGame,
    ) -> Result<(), PostError> {
        for address in &player.addresses {
            self.queue(
                address,
                letter,
                Thread::Game {
                    userid: player.userid.clone(),
                    game_id: live.record.id,
                    asks: asks(live),
                },
            )?;
        }
        Ok(())
    }

    /// A mail to the sender of the inbound mail.
    fn answer(
        &mut self,
        mail: &InboundMail,
        sender: Option<Player>,
        letter: &Letter,
        board: Option<&LiveGame>,
    ) -> Result<(), PostError> {
        let mut references: Vec<String> = mail
            .references
            .iter()
            .rev()
            .take(8)
            .rev()
            .cloned()
            .collect();
        references.push(mail.message_id.clone());
        let thread = Thread::Answer {
            userid: sender.map(|player| player.userid),
            game_id: board.map(|live| live.record.id),
            asks: board.and_then(asks),
            in_reply_to: mail.message_id.clone(),
            references,
        };
        self.queue(&mail.from, letter, thread)
    }

    fn queue(&mut self, recipient: &str, letter: &Letter, thread: Thread) -> Result<(), PostError> {
        let body = self.secrets.mask(&letter.body);
        let html = self.html_part(letter, &body, thread.userid())?;
        let purpose = thread.purpose();
        let (scope, asks) = thread.proves();
        let (userid, game_id, in_reply_to, references) = match thread {
            Thread::Account { userid, .. } | Thread::Message { userid } => {
                (Some(userid), None, None, Vec::new())
            }
            Thread::Game {
                userid, game_id, ..
            }
            | Thread::Observer { userid, game_id } => {
                let (in_reply_to, references) =
                    match store::latest_sent_ids(self.conn, &userid, game_id)? {
                        Some((root, latest)) if root == latest => (Some(latest), vec![root]),
                        Some((root, latest)) => (Some(latest.clone()), vec![root, latest]),
                        None => (None, Vec::new()),
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
                subject: self.secrets.mask(&letter.subject.to_string()),
                body,
                message_id,
                in_reply_to,
                references,
                purpose,
                attachment: letter.attachment.clone(),
                html,
            },
        )?;
        self.queued += 1;
        Ok(())
    }
}

impl Post<'_> {
    /// The HTML part of a mail that shows a board, in the style its
    /// reader chose as far as the operator allows, drawn from the text
    /// already masked (and masked again, in case a template quotes).
    fn html_part(
        &self,
        letter: &Letter,
        masked_body: &str,
        userid: Option<&str>,
    ) -> Result<Option<MailHtml>, PostError> {
        let Some(shown) = &letter.board else {
            return Ok(None);
        };
        let chosen = match userid {
            Some(userid) => store::board_style(self.conn, userid)?,
            None => None,
        };
        let style = self
            .boards
            .allowed(BoardStyle::from_stored(chosen.as_deref()));
        Ok(self
            .renderer
            .html_part(shown, masked_body, style, &self.host)
            .map(|part| MailHtml {
                html: self.secrets.mask(&part.html),
                ..part
            }))
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
