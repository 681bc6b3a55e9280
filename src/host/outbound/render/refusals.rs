//! Error mails: one refused command, with the board it was about, or
//! several refused commands of one mail in a single mail, so a mail of
//! junk lines costs its (perhaps forged) sender one short mail.

use super::view::board_view;
use super::{quoted, HostFacts, Letter, Reader, Rendered, Renderer, TemplateError};
use crate::host::inbound::redact::Quote;
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::LiveGame;
use crate::host::model::subject::Subject;
use minijinja::{context, Value};

/// Why an error mail is the last for now: the sender's mails drew only
/// errors `errors` times in a row; the host answers him again when a
/// mail of his does something or `minutes` pass without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastAnswer {
    pub(crate) errors: usize,
    pub(crate) minutes: usize,
}

/// The most refusals one error mail lists, one of each kind; the rest
/// are counted.
pub(crate) const LISTED_REFUSALS: usize = 5;

impl Renderer {
    /// A refused command, for its sender: what was wrong and what would be
    /// right, the board it was about, and his mail quoted.
    pub(crate) fn refusal(
        &self,
        refusal: &Refusal,
        board: Option<(&LiveGame, Reader)>,
        applied_before: bool,
        quote: &Quote,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        let shown = board
            .map(|(live, reader)| self.shown(live, reader, language))
            .transpose()?;
        let view = board.zip(shown.as_ref()).map(|((live, reader), shown)| {
            let (side, seated) = reader.seat(live);
            context! { board => &shown.text, ..board_view(live, side, seated, host.now) }
        });
        let ctx = context! {
            refusal => Value::from_serialize(refusal),
            view => view,
            applied => applied_before,
            mail => quoted(quote),
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
            attachment: None,
            board: shown,
        })
    }

    /// What was wrong, in a line and nothing else: for the operator's
    /// terminal, worded as the refusal's mail words it.
    pub(crate) fn refusal_problem(
        &self,
        refusal: &Refusal,
        host: &HostFacts,
        language: &str,
    ) -> Result<String, super::TemplateError> {
        let ctx = context! { refusal => Value::from_serialize(refusal), problem_only => true };
        let text = self.body(language, "refusal.txt", host, ctx)?;
        Ok(text.trim().to_string())
    }

    /// Several refused commands of one mail, for its sender: the problem
    /// and hint of the first of each kind (at most `LISTED_REFUSALS`,
    /// the rest counted),
    /// whether other commands of the mail were carried out, and his mail
    /// quoted once.
    /// The words that begin the last error mail of a run: why the host
    /// stops answering the sender, and what makes it answer again.
    pub(crate) fn last_answer(
        &self,
        last: LastAnswer,
        host: &HostFacts,
        language: &str,
    ) -> Result<String, TemplateError> {
        let ctx = context! { errors => last.errors, minutes => last.minutes };
        self.body(language, "last-answer.txt", host, ctx)
    }

    pub(crate) fn refusals(
        &self,
        refusals: &[Refusal],
        applied: bool,
        quote: &Quote,
        host: &HostFacts,
        language: &str,
    ) -> Rendered {
        // One of each kind: fifty lines refused alike need one hint.
        let mut listed: Vec<&Refusal> = Vec::new();
        for refusal in refusals {
            let kind = std::mem::discriminant(refusal);
            if listed.len() < LISTED_REFUSALS
                && listed
                    .iter()
                    .all(|seen| std::mem::discriminant(*seen) != kind)
            {
                listed.push(refusal);
            }
        }
        let ctx = context! {
            refusals => Value::from_serialize(&listed),
            more => refusals.len() - listed.len(),
            applied => applied,
            mail => quoted(quote),
        };
        Ok(Letter {
            subject: Subject::Error,
            body: self.body(language, "errors.txt", host, ctx)?,
            attachment: None,
            board: None,
        })
    }
}
