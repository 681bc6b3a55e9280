//! Notices become mails: each is rendered from a template, threaded, and
//! written to the outbox in the mail's transaction.

use super::command::{command_summary, HOST_SUBJECT_PREFIX};
use super::live::{self, LiveGame, Replays};
use super::notice::{Comment, Event, Notice};
use super::render::Renderer;
use super::{HostError, HostSettings};
use crate::games::{GameKind, Side};
use crate::mail::inbound::InboundMail;
use crate::mail::threading::new_message_id;
use crate::store::{self, GameStatus, MailPurpose, MoveRecord, Player, QueuedMail, SentId};
use minijinja::context;
use rusqlite::Connection;

/// Writes the mails for the notices of one inbound mail.
pub struct Notifier<'a> {
    pub conn: &'a Connection,
    pub mail: &'a InboundMail,
    pub renderer: &'a Renderer,
    pub settings: &'a HostSettings,
    /// Games already replayed in this process.
    pub replays: &'a Replays,
    /// How many mails were queued so far.
    pub queued: usize,
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

impl Notifier<'_> {
    /// `applied_before` tells an error mail that earlier commands of the
    /// same mail were carried out.
    pub fn send(&mut self, notice: Notice, applied_before: bool) -> Result<(), HostError> {
        match notice {
            Notice::Board {
                game_id,
                events,
                comment,
                new_game,
            } => self.board(game_id, &events, comment.as_ref(), new_game),
            Notice::Help => {
                let games: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
                let body = self.renderer.render(
                    "help.txt",
                    context! {
                        host_address => &self.settings.address,
                        games => games.join(", "),
                        first_game => games.first().copied().unwrap_or("chess"),
                        summary => command_summary(),
                    },
                )?;
                self.answer(format!("{HOST_SUBJECT_PREFIX}Help"), body, None)
            }
            Notice::Reply { subject, text } => {
                let body = self.renderer.render("reply.txt", context! { text })?;
                self.answer(subject, body, None)
            }
            Notice::Show { game_id, after } => self.show(game_id, after),
            Notice::Refused {
                board,
                problem,
                hint,
            } => self.refused(board, &problem, &hint, applied_before),
            Notice::Chat {
                game_id,
                author,
                text,
            } => self.chat(game_id, &author, &text),
        }
    }

    fn board(
        &mut self,
        game_id: i64,
        events: &[Event],
        comment: Option<&Comment>,
        new_game: bool,
    ) -> Result<(), HostError> {
        let live = match live::load(self.conn, self.replays, game_id, None) {
            Ok(live) => live,
            Err(err) => {
                return self.refused(
                    Some(game_id),
                    &err.to_string(),
                    "please tell the operator of this host",
                    true,
                )
            }
        };
        let record = &live.record;
        let finished = record.status != GameStatus::Active;
        let sealed = if finished {
            0
        } else {
            live.game.sealed_moves()
        };
        let to_move = live.game.to_move();
        let waiting: Vec<&str> = to_move.iter().map(|side| record.player(*side)).collect();
        let title = live.kind.title();
        let tail = match record.status {
            GameStatus::Active => waiting.join(" "),
            GameStatus::Finished => "Game Over".to_string(),
            GameStatus::Declined => "Declined".to_string(),
        };
        let subject = format!(
            "{}{title} Board {game_id} {tail}{}",
            if new_game { "New " } else { "" },
            if comment.is_some() { " **" } else { "" }
        );
        for side in Side::BOTH {
            let userid = record.player(side).to_string();
            let Some(player) = store::find_player(self.conn, &userid)? else {
                // A deleted account cannot sit in a running game; nothing
                // to send to.
                continue;
            };
            let event_lines: Vec<String> = events
                .iter()
                .map(|event| describe(event, side, live.moves.len(), sealed))
                .collect();
            let example_move = live.game.example_move(side).unwrap_or_default();
            let body = self.renderer.render(
                "board.txt",
                context! {
                    events => event_lines,
                    status => live.game.status(side),
                    result => record.result.clone(),
                    moves => move_table(&live.moves, Some(side), finished, sealed),
                    board => live.game.board(side),
                    comments => comment.map(|c| vec![context! { author => &c.author, text => &c.text }]).unwrap_or_default(),
                    finished => finished,
                    your_turn => to_move.contains(&side),
                    example_move => example_move,
                    game => live.kind.name(),
                    board_id => game_id,
                    you => &userid,
                    next_number => live.next_number(),
                    waiting_for => waiting.join(" and "),
                },
            )?;
            self.mail_player(&player, &subject, &body, game_id)?;
        }
        Ok(())
    }

    fn mail_player(
        &mut self,
        player: &Player,
        subject: &str,
        body: &str,
        game_id: i64,
    ) -> Result<(), HostError> {
        for address in &player.addresses {
            self.queue(
                address,
                subject,
                body,
                Thread::Game {
                    userid: player.userid.clone(),
                    game_id,
                },
            )?;
        }
        Ok(())
    }

    /// The seat a sender sees a board from: his own when he plays on it,
    /// otherwise one that shows nothing sealed (a side still to move has
    /// sealed nothing yet).
    fn viewer_for_sender(&self, live: &LiveGame) -> Result<(Side, bool), HostError> {
        for player in store::find_player_by_address(self.conn, &self.mail.from)? {
            if let Some(side) = live.record.side_of(&player.userid) {
                return Ok((side, true));
            }
        }
        let side = live.game.to_move().first().copied().unwrap_or(Side::White);
        Ok((side, false))
    }

    fn show(&mut self, game_id: i64, after: Option<i64>) -> Result<(), HostError> {
        let after_moves = after.map(|n| n.max(0) as usize);
        let live = match live::load(self.conn, self.replays, game_id, after_moves) {
            Ok(live) => live,
            Err(err) => {
                return self.refused(Some(game_id), &err.to_string(), "", false);
            }
        };
        let (viewer, seated) = self.viewer_for_sender(&live)?;
        let finished = live.record.status != GameStatus::Active;
        let heading = match after {
            Some(n) => format!(
                "{} board {game_id} after move {n} of {}:",
                live.kind.title(),
                live.total_moves
            ),
            None => format!("{} board {game_id} now:", live.kind.title()),
        };
        let players = format!(
            "{} (White) against {} (Black).",
            live.record.white, live.record.black
        );
        let moves = move_table(
            &live.moves,
            seated.then_some(viewer),
            finished,
            if finished {
                0
            } else {
                live.game.sealed_moves()
            },
        );
        let mut text = format!("{heading}\n{players}\n{}\n", live.game.status(viewer));
        if let Some(result) = live.record.result.as_deref().filter(|_| after.is_none()) {
            text.push_str(&format!("Result: {result}\n"));
        }
        if !moves.is_empty() {
            text.push_str(&format!("\nMoves:\n{moves}\n"));
        }
        text.push_str(&format!("\n{}", live.game.board(viewer)));
        let body = self.renderer.render("reply.txt", context! { text })?;
        let subject = format!(
            "{HOST_SUBJECT_PREFIX}Show {} Board {game_id}",
            live.kind.title()
        );
        self.answer(subject, body, Some(game_id))
    }

    fn refused(
        &mut self,
        board: Option<i64>,
        problem: &str,
        hint: &str,
        applied_before: bool,
    ) -> Result<(), HostError> {
        let live = board.and_then(|id| live::load(self.conn, self.replays, id, None).ok());
        let (status, board_text, subject) = match &live {
            Some(live) => {
                let (viewer, _) = self.viewer_for_sender(live)?;
                (
                    live.game.status(viewer),
                    live.game.board(viewer),
                    format!("{} Board {} Error", live.kind.title(), live.record.id),
                )
            }
            None => (
                String::new(),
                String::new(),
                format!("{HOST_SUBJECT_PREFIX}Error"),
            ),
        };
        let body = self.renderer.render(
            "error.txt",
            context! {
                problem => problem,
                hint => hint,
                status => status,
                board => board_text,
                applied => applied_before,
                quoted => quote(self.mail),
            },
        )?;
        self.answer(subject, body, board)
    }

    fn chat(&mut self, game_id: i64, author: &str, text: &str) -> Result<(), HostError> {
        let live = match live::load(self.conn, self.replays, game_id, None) {
            Ok(live) => live,
            Err(err) => return self.refused(Some(game_id), &err.to_string(), "", false),
        };
        let subject = format!("{} Board {game_id} Chat {author}", live.kind.title());
        let body = self.renderer.render(
            "chat.txt",
            context! {
                author => author,
                text => text,
                game => live.kind.name(),
                game_title => live.kind.title(),
                board_id => game_id,
            },
        )?;
        for side in Side::BOTH {
            if let Some(player) = store::find_player(self.conn, live.record.player(side))? {
                self.mail_player(&player, &subject, &body, game_id)?;
            }
        }
        Ok(())
    }

    /// A mail to the sender of the inbound mail.
    fn answer(
        &mut self,
        subject: String,
        body: String,
        game_id: Option<i64>,
    ) -> Result<(), HostError> {
        let userid = store::find_player_by_address(self.conn, &self.mail.from)?
            .into_iter()
            .next()
            .map(|player| player.userid);
        let recipient = self.mail.from.clone();
        self.queue(
            &recipient,
            &subject,
            &body,
            Thread::Answer { userid, game_id },
        )
    }

    fn queue(
        &mut self,
        recipient: &str,
        subject: &str,
        body: &str,
        thread: Thread,
    ) -> Result<(), HostError> {
        // The hourly cap is the sender's: it holds a player's game mail
        // back and drops only other answers.
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
                subject: subject.to_string(),
                body: body.to_string(),
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

/// One event as `viewer` may read it: another player's move in its public
/// form while it is still sealed (among the last `sealed` of `total` moves).
fn describe(event: &Event, viewer: Side, total: usize, sealed: usize) -> String {
    match event {
        Event::Text(text) => text.clone(),
        Event::Played {
            userid,
            side,
            number,
            notation,
            public_notation,
        } => {
            let shown = if *side == viewer || (*number as usize) + sealed <= total {
                notation
            } else {
                public_notation
            };
            format!("{userid} ({side}) played {shown} (move #{number}).")
        }
    }
}

/// The move list in columns: the last eight moves while the game runs,
/// all of them at the end. `viewer` sees his own moves in full, and the
/// others' in public form while they are among the last `sealed`.
fn move_table(moves: &[MoveRecord], viewer: Option<Side>, finished: bool, sealed: usize) -> String {
    let first_sealed = moves.len().saturating_sub(sealed);
    const COLUMNS: usize = 4;
    let shown: Vec<&MoveRecord> = if finished {
        moves.iter().collect()
    } else {
        moves.iter().skip(moves.len().saturating_sub(8)).collect()
    };
    let cells: Vec<String> = shown
        .iter()
        .map(|record| {
            let revealed = (record.number as usize) <= first_sealed;
            let text = if revealed || Some(record.side) == viewer {
                &record.notation
            } else {
                &record.public_notation
            };
            format!("{:>4}. {:<10}", record.number, text)
        })
        .collect();
    cells
        .chunks(COLUMNS)
        .map(|row| row.concat().trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The original mail, quoted, for error replies.
fn quote(mail: &InboundMail) -> String {
    let mut lines = vec![format!("> Subject: {}", mail.subject), ">".to_string()];
    lines.extend(
        mail.text
            .lines()
            .take(200)
            .map(|line| format!("> {line}").trim_end().to_string()),
    );
    lines.join("\n")
}
