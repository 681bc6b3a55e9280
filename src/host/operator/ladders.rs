//! The operator directs every ladder, the host's own ones too: `pbem
//! director ladder GAME NAME VERB ...` runs the same director's verbs the
//! mail does (`handle::ladder`), as `operator`, and queues the mails that
//! tell whom it concerns.

use super::Outcome;
use crate::games::GameKind;
use crate::host::accounts::password::Prechecked;
use crate::host::handle::{ladder, Context, Failure};
use crate::host::model::command::DirectorVerb;
use crate::host::model::notice::{Answer, Notice};
use crate::host::model::refusal::{LadderRefusal, Refusal};
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
        let notices = match ladder::direct_as_operator(&ctx, kind, name, verb.clone()) {
            Ok(notices) => notices,
            Err(Failure::Refused(notice)) => return Ok(Outcome::Refused(refusal_text(&notice))),
            Err(Failure::Store(err)) => return Err(err.into()),
            Err(Failure::Hash(err)) => return Err(HostError::Hash(err)),
        };
        // The operator's own answer is what he is told here; the rest is
        // mail for the players.
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
                Notice::Answer(_) => {}
                other => mail.push(other),
            }
        }
        let mails_queued = self.post_all(mail, now)?;
        Ok(Outcome::Done { said, mails_queued })
    }
}

/// Why the operator's verb was refused, in a line.
fn refusal_text(notice: &Notice) -> String {
    let Notice::Refused { refusal, .. } = notice else {
        return "refused".to_string();
    };
    match refusal {
        Refusal::Ladder(LadderRefusal::NoSuchLadder { name, game, .. }) => {
            format!("there is no {} ladder called {name}", game.name())
        }
        Refusal::Ladder(LadderRefusal::NotWaiting { userid, ladder, .. }) => {
            format!("{userid} is not waiting for a place on {ladder}")
        }
        Refusal::Ladder(LadderRefusal::LadderCancelled { ladder, .. }) => {
            format!("{ladder} is cancelled")
        }
        Refusal::Ladder(LadderRefusal::BadLadderRule { reason, .. }) => reason.to_string(),
        Refusal::NotOnLadder { userid, .. } => format!("{userid} is not on that ladder"),
        Refusal::NoSuchPlayer { userid, .. } => format!("there is no player {userid}"),
        Refusal::EmptyMessage => "the message is empty".to_string(),
        other => format!("refused: {other:?}"),
    }
}
