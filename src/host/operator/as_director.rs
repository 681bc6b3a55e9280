//! The operator runs the directors' mail verbs on every event, the
//! host's own ladders too: `pbem director ladder GAME NAME VERB ...`
//! (`handle::ladder`) and a tournament's `admit`, `invite` and `rules`
//! (`handle::tournament`), as `operator`, and queues the mails that tell
//! whom it concerns.

use super::Outcome;
use crate::games::GameKind;
use crate::host::accounts::password::Prechecked;
use crate::host::handle::{ladder, tournament, Context, Failure, Handled};
use crate::host::model::command::{DirectorVerb, OrganiserVerb};
use crate::host::model::notice::{Answer, Notice};
use crate::host::model::refusal::{LadderRefusal, Refusal, TournamentRefusal};
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

    /// The operator's own answer is what he is told here; the rest is
    /// mail for the players.
    fn report(&mut self, handled: Handled, now: i64) -> Result<Outcome, HostError> {
        let notices = match handled {
            Ok(notices) => notices,
            Err(Failure::Refused(notice)) => return Ok(Outcome::Refused(refusal_text(&notice))),
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
        Refusal::Ladder(LadderRefusal::BadLadderRule { reason, .. })
        | Refusal::Tournament(TournamentRefusal::BadTournamentRule { reason, .. }) => {
            reason.to_string()
        }
        Refusal::NoSuchTournament { name, game } => {
            format!("there is no {} tournament called {name}", game.name())
        }
        Refusal::TournamentClosed { name, status } => {
            format!("{name} is {status}: its players and rules are settled at the start")
        }
        Refusal::Tournament(TournamentRefusal::NotWaitingForTournament { name, userid }) => {
            format!("{userid} is not waiting to join {name}")
        }
        Refusal::AlreadyInTournament { name, userid } => {
            format!("{userid} plays in {name} already")
        }
        Refusal::TournamentFull { name, max } => format!("{name} has its {max} players already"),
        Refusal::Tournament(TournamentRefusal::KnockoutVoid { .. }) => {
            "a knockout takes no -aborted:void".to_string()
        }
        Refusal::Tournament(TournamentRefusal::TwoFormats { .. }) => {
            "one format only: -roundrobin, -double or -knockout".to_string()
        }
        Refusal::BadSwitches { reason, .. } => format!("bad switches: {reason}"),
        Refusal::BadHostOption { switch, reason } => format!("{switch}: {reason}"),
        Refusal::LadderSwitch { .. } => "a tournament's boards are no ladder games".to_string(),
        Refusal::Unconfirmed { userid, .. } | Refusal::Unreachable { userid, .. } => {
            format!("{userid} cannot be mailed")
        }
        Refusal::NotOnLadder { userid, .. } => format!("{userid} is not on that ladder"),
        Refusal::NoSuchPlayer { userid, .. } => format!("there is no player {userid}"),
        Refusal::EmptyMessage => "the message is empty".to_string(),
        other => format!("refused: {other:?}"),
    }
}
