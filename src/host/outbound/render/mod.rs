//! The one renderer: each notice becomes a subject (from `subject`) and a
//! body from the template for its kind of mail, in the reader's language.
//! Every text a player reads comes from `templates/`.

mod answers;
mod competition;
mod knockout;
mod league;
mod message;
mod parts;
mod pictures;
mod plans;
mod reader;
mod refusals;
#[cfg(test)]
mod tests;
mod tournament;
mod view;
mod web;

pub use competition::{ladder_info_view, ladder_line_view, standing_view};
pub use league::league_view;
pub use reader::{HostFacts, Letter, Reader};
pub use refusals::LastAnswer;
pub use tournament::table_view;
pub use web::{public_result, PublicBoard};

pub(crate) use super::templates::TemplateError;

use super::templates::{Templates, FALLBACK_LANGUAGE};
use crate::clock::utc_text;
use crate::games::Side;
use crate::host::model::audience::{may_read, Piece};
use crate::host::model::notice::{AccountEvent, AccountNews, Answer, BoardNews, Event};
use crate::host::model::replays::LiveGame;
use crate::host::model::subject::{AccountTopic, BoardTail, Subject};
use crate::store::GameStatus;
use answers::answer_parts;
use minijinja::{context, Value};
use parts::{quoted, seek_view, without_controls};
use std::path::Path;
use view::{board_view, event_view};

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
    pub(crate) fn with_default_language(
        mut self,
        language: &str,
    ) -> Result<Renderer, TemplateError> {
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

    pub(crate) fn languages(&self) -> &[String] {
        self.templates.languages()
    }

    /// The language of a reader's mails: his own choice, or the default.
    pub(crate) fn language_for(&self, chosen: Option<&str>) -> String {
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
        let host = context! {
            address => &host.identity.address,
            name => &host.identity.name,
            max_addresses => host.max_addresses,
            confirms_signups => host.confirms_signups,
            web => &host.web,
        };
        let common = context! {
            host => host,
            games => crate::games::GameKind::ALL,
            languages => self.languages(),
        };
        self.templates
            .render(language, name, context! { ..common, ..ctx })
    }

    /// A board event, for a player from his seat, or for an observer.
    pub(crate) fn board(
        &self,
        news: &BoardNews,
        reader: Reader,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let live = &news.live;
        let (seat, seated) = reader.seat(live);
        let shown = self.shown(live, reader, language)?;
        let view = board_view(live, seat, seated, host.now);
        let sealed = if live.record.status == GameStatus::Active {
            live.game.sealed_moves()
        } else {
            0
        };
        let events: Vec<Value> = news
            .events
            .iter()
            .map(|event| event_view(event, seated.then_some(seat), live.total_moves, sealed))
            .collect();
        let comments: Vec<Value> = news
            .comment
            .iter()
            .filter(|c| may_read(Piece::Comment { public: c.public }, reader.audience(live, &c.author)))
            .map(|c| context! { author => &c.author, text => without_controls(&c.text, &['\n', '\t']) })
            .collect();
        let offered_now = news
            .events
            .iter()
            .any(|event| matches!(event, Event::DrawOffered { .. }));
        let ctx = context! {
            observing => reader == Reader::Observer,
            new_game => news.new_game,
            events => events,
            offered_now => offered_now,
            comments => comments,
            board => &shown.text,
            ..view
        };
        Ok(Letter {
            subject: board_subject(news),
            body: self.body(language, "board.txt", host, ctx)?,
            attachment: None,
            board: Some(shown),
        })
    }

    /// A player's daily digest: the boards waiting for his move.
    pub(crate) fn digest(
        &self,
        userid: &str,
        boards: &[crate::host::model::notice::BoardLine],
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        // Each board with what a reply needs: its last turns, the move
        // a line answers, and an example line.
        let lines: Vec<Value> = boards
            .iter()
            .map(|line| {
                let live = line.live.as_ref().ok();
                context! {
                    turns => live.map(|live| view::recent_turns(live, Some(line.side))),
                    next_number => live.map(LiveGame::next_number),
                    example => live.and_then(|live| live.game.example_move(line.side)),
                    ..answers::status_line(line, host.now)
                }
            })
            .collect();
        Ok(Letter {
            subject: Subject::Account {
                topic: AccountTopic::Digest,
                userid: userid.to_string(),
            },
            body: self.body(
                language,
                "digest.txt",
                host,
                context! { userid, boards => lines },
            )?,
            attachment: None,
            board: None,
        })
    }

    /// A reminder that the board waits for the player in `seat`.
    pub(crate) fn nag(
        &self,
        live: &LiveGame,
        seat: Side,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let shown = self.shown(live, Reader::Seated(seat), language)?;
        let view = context! { board => &shown.text, ..board_view(live, seat, true, host.now) };
        Ok(Letter {
            subject: Subject::Nag {
                kind: live.kind,
                board: live.record.id,
                userid: live.record.player(seat).to_string(),
            },
            body: self.body(language, "nag.txt", host, view)?,
            attachment: None,
            board: Some(shown),
        })
    }

    /// A chat message, for every player of the board.
    pub(crate) fn chat(
        &self,
        live: &LiveGame,
        author: &str,
        text: &str,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let ctx = context! {
            author => author,
            text => without_controls(text, &['\n', '\t']),
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
            attachment: None,
            board: None,
        })
    }

    /// An answer for the sender alone.
    pub(crate) fn answer(
        &self,
        answer: &Answer,
        reader: Reader,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let (name, subject, ctx) = answer_parts(answer, reader, host.now);
        let (board, pictured) = self.answer_board(answer, reader, language)?.unzip();
        let ctx = match &board {
            Some(shown) => context! { board => &shown.text, ..ctx },
            None => ctx,
        };
        Ok(Letter {
            subject,
            body: self.body(language, &name, host, ctx)?,
            attachment: None,
            board: board.filter(|_| pictured == Some(true)),
        })
    }
}

impl Renderer {
    /// News of a player's ladder or tournament.
    pub(crate) fn competition(
        &self,
        news: &crate::host::model::notice::CompetitionNews,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let (name, subject, ctx) = competition::news_parts(news);
        Ok(Letter {
            subject,
            body: self.body(language, name, host, ctx)?,
            attachment: None,
            board: None,
        })
    }

    /// A mail about an account, for an address of its owner or one he
    /// asked for.
    pub(crate) fn account(&self, news: &AccountNews, host: &HostFacts, language: &str) -> Rendered {
        let userid = &news.userid;
        let (name, topic, ctx) = match &news.event {
            AccountEvent::ConfirmAddress {
                address,
                asked_from,
            } => (
                "confirm.txt",
                AccountTopic::Confirm,
                context! { userid, address, asked_from },
            ),
            AccountEvent::AddressesChanged {
                before,
                after,
                pending,
                asked_from,
            } => (
                "addresses.txt",
                AccountTopic::Address,
                context! { userid, before, after, pending, asked_from },
            ),
            AccountEvent::OpponentAway {
                opponent,
                boards,
                away,
                back,
            } => (
                "away.txt",
                AccountTopic::Vacation,
                context! { userid, opponent, boards, away, back => back.map(utc_text) },
            ),
            AccountEvent::VacationOver { ended, days_left } => (
                "vacation.txt",
                AccountTopic::Vacation,
                context! { userid, on => false, ended => utc_text(*ended), days_left },
            ),
            AccountEvent::SeekExpired { kind, seek } => {
                let ctx = context! {
                    userid, game => kind, seek => seek_view(seek), expired => true
                };
                return Ok(Letter {
                    subject: Subject::Seeks { kind: *kind },
                    body: self.body(language, "seek.txt", host, ctx)?,
                    attachment: None,
                    board: None,
                });
            }
            AccountEvent::Guessed {
                failures,
                locked_until,
                last_from,
            } => (
                "guessed.txt",
                AccountTopic::Security,
                context! { userid, failures, locked_until => utc_text(*locked_until), last_from },
            ),
            AccountEvent::WeakPassword { reason } => (
                "weak-password.txt",
                AccountTopic::Security,
                context! { userid, reason },
            ),
            AccountEvent::PasswordReset { password } => (
                "password-reset.txt",
                AccountTopic::Security,
                context! { userid, password },
            ),
        };
        Ok(Letter {
            subject: Subject::Account {
                topic,
                userid: news.titled_with().to_string(),
            },
            body: self.body(language, name, host, ctx)?,
            attachment: None,
            board: None,
        })
    }
}

/// The subject of a board mail: the players to move, or the end.
fn board_subject(news: &BoardNews) -> Subject {
    let live = &news.live;
    let tail = match live.record.status {
        GameStatus::Active => BoardTail::ToMove(live.waiting()),
        GameStatus::Finished => BoardTail::GameOver,
        GameStatus::Aborted => BoardTail::Aborted,
    };
    Subject::Board {
        kind: live.kind,
        board: live.record.id,
        new_game: news.new_game,
        tail,
        comment: news.comment.is_some(),
    }
}
