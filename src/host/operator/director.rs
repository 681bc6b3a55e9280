//! The operator directs every event, for `pbem director`: a ruling on any
//! running board (a plain game, a ladder game, a tournament's), and every
//! director's verb on any ladder (the host's own too) or tournament. Each
//! runs through the same executor as a director's mail
//! (`events::director`), as `operator`: logged in the event's log the
//! same way, and told by mail to whom it concerns. What the operator is
//! told is the answer a director's mail would get, said in one line, or
//! the refusal as its mail words it.

use super::Outcome;
use crate::games::GameKind;
use crate::host::accounts::password::Prechecked;
use crate::host::events::director::{self, Directed};
use crate::host::events::lists::find_ladder;
use crate::host::events::log::OPERATOR;
use crate::host::events::{league, tournament};
use crate::host::model::command::{DirectorVerb, EventList, RulingVerb};
use crate::host::model::notice::{Answer, Notice, TournamentChange};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LiveGame};
use crate::host::request::{Context, Failure, Handled};
use crate::host::{Batch, Host, HostError};
use crate::store::{self, GameStatus, LogEntry, LoggedEvent, StoreError};
use rusqlite::Connection;
use std::cell::RefCell;

/// What the operator does as an event's director.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Directing {
    /// Board `board` ends by this ruling, with `reason` (may be empty).
    Rule {
        board: i64,
        verb: RulingVerb,
        reason: String,
    },
    /// A director's verb on the ladder or tournament `name` (a ladder's
    /// empty name: the game type's own); `text` is an announcement's.
    Event {
        kind: GameKind,
        events: EventList,
        name: String,
        verb: DirectorVerb,
        text: Option<String>,
    },
}

impl Host {
    /// Carries out one of the operator's director actions in one
    /// transaction.
    pub(crate) fn direct(&mut self, action: &Directing) -> Result<Outcome, HostError> {
        let now = self.clock.now().timestamp();
        let mut batch = self.batch()?;
        let outcome = batch.direct(action, now)?;
        batch.commit()?;
        Ok(outcome)
    }
}

/// A tournament's log, oldest first; `None` when there is no such
/// tournament.
pub(crate) fn tournament_log(
    conn: &Connection,
    kind: GameKind,
    name: &str,
) -> Result<Option<Vec<LogEntry>>, StoreError> {
    let Some(found) = store::find_tournament(conn, kind.name(), name)? else {
        return Ok(None);
    };
    store::event_log(conn, found.key()).map(Some)
}

/// A ladder's log, oldest first (the empty name: the game type's own
/// ladder); `None` when there is no such ladder.
pub(crate) fn ladder_log(
    conn: &Connection,
    kind: GameKind,
    name: &str,
) -> Result<Option<Vec<LogEntry>>, StoreError> {
    let Some(found) = store::find_ladder(conn, kind.name(), name)? else {
        return Ok(None);
    };
    store::event_log(conn, LoggedEvent::Ladder(found.id)).map(Some)
}

impl Batch<'_> {
    fn direct(&mut self, action: &Directing, now: i64) -> Result<Outcome, HostError> {
        let text = match action {
            Directing::Event { text, .. } => text.as_deref(),
            Directing::Rule { .. } => None,
        };
        let handled = self.as_operator(text, now, |ctx| match action {
            Directing::Rule {
                board,
                verb,
                reason,
            } => {
                let live = replays::load(ctx.conn, ctx.replays, *board, None)?;
                director::rule(ctx, live, OPERATOR, verb, reason)
            }
            Directing::Event {
                kind,
                events,
                name,
                verb,
                ..
            } => {
                let event = match events {
                    EventList::Ladders => Directed::Ladder(find_ladder(ctx, *kind, name)?),
                    EventList::Tournaments => {
                        Directed::Tournament(tournament::find(ctx, *kind, name)?)
                    }
                    EventList::Leagues => Directed::League(league::find(ctx, *kind, name)?),
                };
                director::direct(ctx, *kind, event, OPERATOR, verb.clone())
            }
        });
        let verb = match action {
            Directing::Rule { verb, .. } => Some(verb),
            Directing::Event { .. } => None,
        };
        self.report(handled, verb, now)
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
        let handling = self.handling(now);
        let ctx = handling.context(&self.tx, "", text, &prechecked, &attempts);
        act(&ctx)
    }

    /// A refusal as the operator reads it: its problem, worded as its
    /// mail words it, in the host's language.
    pub(super) fn refusal_said(&self, refusal: &Refusal, now: i64) -> Result<String, HostError> {
        let language = self.renderer.language_for(None);
        let facts = self.settings.facts(now);
        Ok(self.renderer.refusal_problem(refusal, &facts, &language)?)
    }

    /// The operator's own answer is what he is told here, in one line;
    /// the rest is mail for the players.
    fn report(
        &mut self,
        handled: Handled,
        ruling: Option<&RulingVerb>,
        now: i64,
    ) -> Result<Outcome, HostError> {
        let notices = match handled {
            Ok(notices) => notices,
            Err(Failure::Refused(refused)) => {
                let said = self.refusal_said(&refused.refusal, now)?;
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
                }) => said = said_of(&table.name, &change),
                Notice::Answer(Answer::Show { live, .. }) => {
                    if let Some(verb) = ruling {
                        said = ruled(&live, verb);
                    }
                }
                Notice::Answer(_) => {}
                other => mail.push(other),
            }
        }
        let mails_queued = self.post_all(mail, now)?;
        Ok(Outcome::Done { said, mails_queued })
    }
}

/// What a ruling did to the board as it now stands.
fn ruled(live: &LiveGame, verb: &RulingVerb) -> String {
    let record = &live.record;
    let what = match verb {
        RulingVerb::Adjudicate(score) => format!("adjudicated {}", score.pgn()),
        RulingVerb::Forfeit { loser } => format!("forfeited by {loser}"),
        RulingVerb::Void => "voided".to_string(),
    };
    let aborted = match (verb, record.status) {
        (RulingVerb::Void, _) | (_, GameStatus::Finished | GameStatus::Active) => "",
        (_, GameStatus::Aborted) => " (before both had moved: aborted, unrated)",
    };
    format!(
        "board {} ({} against {}): {what}{aborted}; both players told",
        record.id, record.white, record.black
    )
}

/// What a tournament change did, for the operator's terminal.
pub(super) fn said_of(name: &str, change: &TournamentChange) -> String {
    let boards = |boards: &[i64]| {
        let listed: Vec<String> = boards.iter().map(i64::to_string).collect();
        match listed.is_empty() {
            true => "none".to_string(),
            false => listed.join(" "),
        }
    };
    match change {
        TournamentChange::Cancelled { boards: voided, .. } => {
            format!("{name} is cancelled; boards voided: {}", boards(voided))
        }
        TournamentChange::Removed {
            player,
            boards: lost,
            ..
        } => format!(
            "{player} is out of {name}; open boards lost by him: {}",
            boards(lost)
        ),
        TournamentChange::Replaced {
            old,
            new,
            boards: handed,
            ..
        } => format!(
            "{new} takes {old}'s place in {name} on boards {}",
            boards(handed)
        ),
        TournamentChange::HandedOver { to, .. } => format!("{to} organises {name} now"),
        TournamentChange::Admitted { player, .. } => format!("{player} plays in {name} now"),
        TournamentChange::Invited { player, .. } => format!("{player} is invited to {name}"),
        TournamentChange::RulesChanged { words, rules, .. } => {
            format!(
                "{name} plays by {} now (its rules: {})",
                words.join(" "),
                rules.join(" ")
            )
        }
        TournamentChange::Announced { players, .. } => {
            format!("wrote to {players} reader(s) of {name}")
        }
        TournamentChange::Started { boards, .. } => {
            format!("{name} has begun: {boards} board(s)")
        }
        other => match other.log_line() {
            Some((action, detail)) => format!("{name}: {action} {detail}").trim().to_string(),
            None => format!("{name}: nothing changed"),
        },
    }
}
