//! The one renderer: each notice becomes a subject (from `subject`) and a
//! body from the template for its kind of mail, in the reader's language.
//! Every text a player reads comes from `templates/`.

#[cfg(test)]
mod tests;
mod view;

pub use super::templates::TemplateError;

use super::notice::{Answer, BoardNews, Event};
use super::refusal::Refusal;
use super::replays::LiveGame;
use super::subject::{AccountTopic, BoardTail, Subject};
use super::templates::{Templates, FALLBACK_LANGUAGE};
use crate::games::Side;
use crate::mail::inbound::InboundMail;
use crate::store::GameStatus;
use minijinja::{context, Value};
use std::path::Path;
use view::{board_view, result_view};

/// One mail's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    pub subject: Subject,
    pub body: String,
}

/// Who reads a mail about a board: a player from his seat, or someone
/// else (who sees nothing sealed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    Seated(Side),
    Onlooker,
}

impl Reader {
    fn seat(self, live: &LiveGame) -> (Side, bool) {
        match self {
            Reader::Seated(side) => (side, true),
            // A side still to move has sealed nothing yet.
            Reader::Onlooker => (
                live.game.to_move().first().copied().unwrap_or(Side::White),
                false,
            ),
        }
    }
}

/// What every template may show about the host itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostFacts {
    pub address: String,
    pub name: String,
}

pub struct Renderer {
    templates: Templates,
    default_language: String,
}

type Rendered = Result<Letter, TemplateError>;

impl Renderer {
    /// The built-in templates with an operator's overrides, English by
    /// default.
    pub fn new(overrides: Option<&Path>) -> Result<Renderer, TemplateError> {
        Ok(Renderer {
            templates: Templates::new(overrides)?,
            default_language: FALLBACK_LANGUAGE.to_string(),
        })
    }

    /// The language of mails to anyone who chose none; it must be one
    /// there are templates for.
    pub fn with_default_language(mut self, language: &str) -> Result<Renderer, TemplateError> {
        if !self.templates.languages().iter().any(|l| l == language) {
            return Err(TemplateError::Folder {
                path: "(config host.language)".into(),
                problem: format!(
                    "there are no templates in {language:?}; the languages are {}",
                    self.templates.languages().join(", ")
                ),
            });
        }
        self.default_language = language.to_string();
        Ok(self)
    }

    pub fn languages(&self) -> &[String] {
        self.templates.languages()
    }

    /// The language of a reader's mails: his own choice, or the default.
    pub fn language_for(&self, chosen: Option<&str>) -> String {
        match chosen {
            Some(language) if self.languages().iter().any(|l| l == language) => {
                language.to_string()
            }
            _ => self.default_language.clone(),
        }
    }

    fn body(
        &self,
        language: &str,
        name: &str,
        host: &HostFacts,
        ctx: Value,
    ) -> Result<String, TemplateError> {
        let host = context! { address => &host.address, name => &host.name };
        let common = context! {
            host => host,
            games => crate::games::GameKind::ALL,
            languages => self.languages(),
        };
        self.templates
            .render(language, name, context! { ..common, ..ctx })
    }

    /// A board event, for the player in `seat`.
    pub fn board(
        &self,
        news: &BoardNews,
        seat: Side,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let live = &news.live;
        let view = board_view(live, seat, true);
        let sealed = if live.record.status == GameStatus::Active {
            live.game.sealed_moves()
        } else {
            0
        };
        let events: Vec<Value> = news
            .events
            .iter()
            .map(|event| event_view(event, seat, live.total_moves, sealed))
            .collect();
        let comments: Vec<Value> = news
            .comment
            .iter()
            .map(|c| context! { author => &c.author, text => &c.text })
            .collect();
        let ctx = context! {
            new_game => news.new_game,
            events => events,
            comments => comments,
            ..view
        };
        Ok(Letter {
            subject: board_subject(news),
            body: self.body(language, "board.txt", host, ctx)?,
        })
    }

    /// A chat message, for every player of the board.
    pub fn chat(
        &self,
        live: &LiveGame,
        author: &str,
        text: &str,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let ctx = context! {
            author => author,
            text => text,
            game => live.kind,
            board_id => live.record.id,
        };
        Ok(Letter {
            subject: Subject::Chat {
                kind: live.kind,
                board: live.record.id,
                author: author.to_string(),
            },
            body: self.body(language, "chat.txt", host, ctx)?,
        })
    }

    /// A refused command, for its sender: what was wrong and what would be
    /// right, the board it was about, and his mail quoted.
    pub fn refusal(
        &self,
        refusal: &Refusal,
        board: Option<(&LiveGame, Reader)>,
        applied_before: bool,
        mail: &InboundMail,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let view = board.map(|(live, reader)| {
            let (side, seated) = reader.seat(live);
            board_view(live, side, seated)
        });
        let ctx = context! {
            refusal => Value::from_serialize(refusal),
            view => view,
            applied => applied_before,
            mail => quoted(mail),
        };
        let subject = match board {
            Some((live, _)) => Subject::BoardError {
                kind: live.kind,
                board: live.record.id,
            },
            None => Subject::Error,
        };
        Ok(Letter {
            subject,
            body: self.body(language, "error.txt", host, ctx)?,
        })
    }

    /// An answer for the sender alone.
    pub fn answer(
        &self,
        answer: &Answer,
        reader: Reader,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let (name, subject, ctx) = answer_parts(answer, reader);
        Ok(Letter {
            subject,
            body: self.body(language, &name, host, ctx)?,
        })
    }
}

/// The template, subject and variables of an answer.
fn answer_parts(answer: &Answer, reader: Reader) -> (String, Subject, Value) {
    let account = |topic, userid: &str| Subject::Account {
        topic,
        userid: userid.to_string(),
    };
    match answer {
        Answer::Help { topic } => (
            match topic {
                Some(topic) => format!("help/{topic}.txt"),
                None => "help.txt".into(),
            },
            Subject::Help {
                topic: topic.map(str::to_string),
            },
            context! { topics => super::handle::HELP_TOPICS },
        ),
        Answer::Rules { kind } => (
            format!("games/{}.txt", kind.name()),
            Subject::Help {
                topic: Some(kind.title().to_string()),
            },
            context! { game => kind },
        ),
        Answer::List { games } => (
            "list.txt".into(),
            Subject::GameList,
            context! {
                counts => games.iter().map(|count| context! {
                    game => count.kind,
                    running => count.running,
                    finished => count.finished,
                }).collect::<Vec<_>>(),
            },
        ),
        Answer::SignedUp { userid, addresses } => (
            "signup.txt".into(),
            account(AccountTopic::Signup, userid),
            context! { userid, addresses },
        ),
        Answer::PasswordChanged { userid } => (
            "password.txt".into(),
            account(AccountTopic::Password, userid),
            context! { userid },
        ),
        Answer::AddressChanged { userid, addresses } => (
            "address.txt".into(),
            account(AccountTopic::Address, userid),
            context! { userid, addresses },
        ),
        Answer::SignedOff { userid } => (
            "signoff.txt".into(),
            account(AccountTopic::Signoff, userid),
            context! { userid },
        ),
        Answer::Deleted { userid } => (
            "delete.txt".into(),
            account(AccountTopic::Delete, userid),
            context! { userid },
        ),
        Answer::LanguageSet { userid, language } => (
            "language.txt".into(),
            account(AccountTopic::Settings, userid),
            context! { userid, language },
        ),
        Answer::Accepting {
            userid,
            kind,
            accepts,
        } => (
            "accepting.txt".into(),
            Subject::Preferences {
                kind: *kind,
                userid: userid.clone(),
            },
            context! { userid, game => kind, accepts },
        ),
        Answer::Limit {
            userid,
            kind,
            limit,
        } => (
            "limit.txt".into(),
            Subject::Preferences {
                kind: *kind,
                userid: userid.clone(),
            },
            context! { userid, game => kind, limit },
        ),
        Answer::Show { live, after } => {
            let (side, seated) = reader.seat(live);
            let view = board_view(live, side, seated);
            (
                "show.txt".into(),
                Subject::Show {
                    kind: live.kind,
                    board: live.record.id,
                },
                context! { after => after, ..view },
            )
        }
        Answer::Games {
            userid,
            kind,
            boards,
        } => (
            "games.txt".into(),
            Subject::Games {
                kind: *kind,
                userid: userid.clone(),
            },
            context! {
                userid,
                game => kind,
                boards => boards.iter().map(|line| context! {
                    board_id => line.board,
                    side => line.side,
                    opponent => &line.opponent,
                    running => line.live.as_ref().is_ok_and(|live| live.record.status == GameStatus::Active),
                    waiting => line.live.as_ref().map(LiveGame::waiting).unwrap_or_default(),
                    result => line.live.as_ref().ok().and_then(result_view),
                    unreadable => line.live.as_ref().err(),
                }).collect::<Vec<_>>(),
            },
        ),
    }
}

/// The subject of a board mail: the players to move, or the end.
fn board_subject(news: &BoardNews) -> Subject {
    let live = &news.live;
    let tail = match live.record.status {
        GameStatus::Active => BoardTail::ToMove(live.waiting()),
        GameStatus::Finished => BoardTail::GameOver,
        GameStatus::Declined => BoardTail::Declined,
    };
    Subject::Board {
        kind: live.kind,
        board: live.record.id,
        new_game: news.new_game,
        tail,
        comment: news.comment.is_some(),
    }
}

/// One event as `viewer` may read it: another player's move in its public
/// form while it is still sealed (among the last `sealed` of `total`).
fn event_view(event: &Event, viewer: Side, total: usize, sealed: usize) -> Value {
    match event {
        Event::Played {
            userid,
            side,
            number,
            notation,
            public_notation,
        } => {
            let revealed = *side == viewer || (*number as usize) + sealed <= total;
            context! {
                kind => "played",
                userid,
                side,
                number,
                text => if revealed { notation } else { public_notation },
            }
        }
        Event::DrawOffered { userid } => context! { kind => "draw_offered", userid },
        Event::DrawLapsed { userid } => context! { kind => "draw_lapsed", userid },
        Event::DrawRejected { userid } => context! { kind => "draw_rejected", userid },
    }
}

/// The original mail, for quoting in error replies: its subject on one
/// line (a line break someone encoded into it must not become a line of
/// the reply) and the first 200 lines of its text.
fn quoted(mail: &InboundMail) -> Value {
    let subject: String = mail
        .subject
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let lines: Vec<&str> = mail.text.lines().take(200).collect();
    context! { subject => subject, lines => lines }
}
