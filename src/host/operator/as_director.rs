//! The operator runs the directors' mail verbs on every event, the
//! host's own ladders too: `pbem director ladder GAME NAME VERB ...`
//! (`handle::ladder`) and a tournament's `admit`, `invite` and `rules`
//! (`handle::tournament`), as `operator`, and queues the mails that tell
//! whom it concerns.

use super::Outcome;
use crate::games::GameKind;
use crate::host::accounts::password::Prechecked;
use crate::host::events::{ladder::verbs as ladder, tournament};
use crate::host::model::command::{DirectorVerb, OrganiserVerb};
use crate::host::model::notice::{Answer, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::request::{Context, Failure, Handled};
use crate::host::{Batch, HostError};
use std::cell::RefCell;

impl Batch<'_> {
    pub(super) fn direct_ladder(
        &mut self,
        (kind, name): (GameKind, &str),
        verb: &DirectorVerb,
        text: Option<&str>,
        now: i64,
    ) -> Result<Outcome, HostError> {
        let handled = self.as_operator(text, now, |ctx| {
            ladder::direct_as_operator(ctx, kind, name, verb.clone())
        });
        self.report(handled, now)
    }

    pub(super) fn organise_tournament(
        &mut self,
        (kind, name): (GameKind, &str),
        verb: &OrganiserVerb,
        now: i64,
    ) -> Result<Outcome, HostError> {
        let handled = self.as_operator(None, now, |ctx| {
            tournament::direct_as_operator(ctx, kind, name, verb.clone())
        });
        self.report(handled, now)
    }

    /// What `act` does, with the operator's context: no sender, no
    /// password, `text` as the mail's body would be.
    fn as_operator(
        &self,
        text: Option<&str>,
        now: i64,
        act: impl FnOnce(&Context<'_>) -> Handled,
    ) -> Handled {
        let prechecked = Prechecked::new();
        let attempts = RefCell::new(Vec::new());
        let settings = self.settings;
        let ctx = Context {
            conn: &self.tx,
            from: "",
            comment: text,
            passwords: self.passwords,
            prechecked: &prechecked,
            replays: self.replays,
            languages: self.renderer.languages(),
            now,
            policy: &settings.accounts,
            clock_defaults: &settings.clocks,
            competition: &settings.competition,
            attempts: &attempts,
            seeks: &settings.seeks,
            messages: &settings.messages,
            flood: &settings.flood,
            host_address: &settings.address,
        };
        act(&ctx)
    }

    /// A refusal as the operator reads it: its problem, worded as its
    /// mail words it, in the host's language.
    pub(super) fn refusal_said(&self, refusal: &Refusal, now: i64) -> Result<String, HostError> {
        let language = self.renderer.language_for(None);
        let facts = self.settings.facts(now);
        Ok(self.renderer.refusal_problem(refusal, &facts, &language)?)
    }

    /// The operator's own answer is what he is told here; the rest is
    /// mail for the players.
    fn report(&mut self, handled: Handled, now: i64) -> Result<Outcome, HostError> {
        let notices = match handled {
            Ok(notices) => notices,
            Err(Failure::Refused(notice)) => {
                let said = match *notice {
                    Notice::Refused { refusal, .. } => self.refusal_said(&refusal, now)?,
                    _ => "refused".to_string(),
                };
                return Ok(Outcome::Refused(said));
            }
            Err(Failure::Store(err)) => return Err(err.into()),
            Err(Failure::Hash(err)) => return Err(HostError::Hash(err)),
        };
        let mut said = String::from("done");
        let mut mail = Vec::new();
        for notice in notices {
            match notice {
                Notice::Answer(Answer::Ladder {
                    change: Some(change),
                    ..
                }) => {
                    let (action, detail) = change.log_line();
                    said = format!("{action} {detail}").trim().to_string();
                }
                Notice::Answer(Answer::Tournament {
                    table,
                    change: Some(change),
                }) => said = super::director::said_of(&table.name, &change),
                Notice::Answer(_) => {}
                other => mail.push(other),
            }
        }
        let mails_queued = self.post_all(mail, now)?;
        Ok(Outcome::Done { said, mails_queued })
    }
}
