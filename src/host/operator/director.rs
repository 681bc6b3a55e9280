//! The operator directs every event, for the `pbem director` subcommands:
//! rulings on any running board (a plain game, a ladder game, a
//! tournament's), and a tournament's cancel, remove, replace, handover
//! and announce. Each acts as `operator`, through the same functions the
//! directors' mail verbs use (`handle::director`), logs what it did in
//! the event's log, and queues the mails that tell whom it concerns.

use crate::games::GameKind;
use crate::host::events::director::rulings::Verdict;
use crate::host::events::director::{self, Desk};
use crate::host::events::log::{log_tournament, OPERATOR};
use crate::host::model::command::RulingVerb;
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, Notice, TournamentChange};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LoadError};
use crate::host::{Batch, Host, HostError};
use crate::store::{self, GameStatus, LogEntry, LoggedEvent, StoreError, Tournament};
use rusqlite::Connection;

use super::Outcome;

/// What the operator does as an event's director.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Directing {
    /// Board `board` ends by this ruling, with `reason` (may be empty).
    Rule {
        board: i64,
        verb: RulingVerb,
        reason: String,
    },
    Cancel {
        kind: GameKind,
        name: String,
    },
    Remove {
        kind: GameKind,
        name: String,
        player: String,
    },
    Replace {
        kind: GameKind,
        name: String,
        old: String,
        new: String,
    },
    HandOver {
        kind: GameKind,
        name: String,
        to: String,
    },
    Announce {
        kind: GameKind,
        name: String,
        text: String,
    },
    /// A tournament organiser's `admit`, `invite` or `rules`.
    Organise {
        kind: GameKind,
        name: String,
        verb: crate::host::model::command::OrganiserVerb,
    },
    /// A ladder director's verb on the ladder `name` (empty: the game
    /// type's own); `text` is an announcement's.
    Ladder {
        kind: GameKind,
        name: String,
        verb: crate::host::model::command::DirectorVerb,
        text: Option<String>,
    },
}

impl Host {
    /// Carries out one of the operator's director actions in one
    /// transaction.
    pub fn direct(&mut self, action: &Directing) -> Result<Outcome, HostError> {
        let now = self.clock.now().timestamp();
        let mut batch = self.batch()?;
        let outcome = batch.direct(action, now)?;
        batch.commit()?;
        Ok(outcome)
    }
}

/// A tournament's log, oldest first; `None` when there is no such
/// tournament.
pub fn tournament_log(
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
pub fn ladder_log(
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
        let done = match action {
            Directing::Rule {
                board,
                verb,
                reason,
            } => self.rule(*board, verb, reason, now)?,
            Directing::Ladder {
                kind,
                name,
                verb,
                text,
            } => return self.direct_ladder((*kind, name), verb, text.as_deref(), now),
            Directing::Organise { kind, name, verb } => {
                return self.organise_tournament((*kind, name), verb, now)
            }
            Directing::Cancel { kind, name }
            | Directing::Remove { kind, name, .. }
            | Directing::Replace { kind, name, .. }
            | Directing::HandOver { kind, name, .. }
            | Directing::Announce { kind, name, .. } => {
                let Some(found) = store::find_tournament(&self.tx, kind.name(), name)? else {
                    return Ok(refused(format!(
                        "there is no {} tournament called {name}",
                        kind.name()
                    )));
                };
                self.tournament(*kind, &found, action, now)?
            }
        };
        let (notices, said) = match done {
            Ok(done) => done,
            Err(why) => return Ok(refused(why)),
        };
        let mails_queued = self.post_all(notices, now)?;
        Ok(Outcome::Done { said, mails_queued })
    }

    fn desk(&self, now: i64) -> Desk<'_> {
        Desk {
            conn: &self.tx,
            competition: &self.settings.competition,
            replays: self.replays,
            actor: OPERATOR,
            now,
        }
    }

    fn rule(&self, board: i64, verb: &RulingVerb, reason: &str, now: i64) -> Done {
        let live = match replays::load(&self.tx, self.replays, board, None) {
            Ok(live) => live,
            Err(LoadError::Store(err)) => return Err(err.into()),
            Err(LoadError::NoSuchBoard(_)) => return Ok(Err(format!("there is no board {board}"))),
            Err(LoadError::Unreadable { reason, .. }) => {
                return Ok(Err(format!("board {board} does not replay: {reason}")))
            }
        };
        if live.record.status != GameStatus::Active {
            return Ok(Err(format!("board {board} is over already")));
        }
        let verdict = match director::verdict_of(&live, verb) {
            Ok(verdict) => verdict,
            Err(refusal) => return Ok(Err(self.refusal_said(&refusal, now)?)),
        };
        let record = &live.record;
        let what = match verdict {
            Verdict::Adjudicate(score) => format!("adjudicated {}", score.pgn()),
            Verdict::Forfeit(side) => format!("forfeited by {}", record.player(side)),
            Verdict::Void => "voided".to_string(),
        };
        let aborted = match (verdict, live.begun()) {
            (Verdict::Void, _) | (_, true) => "",
            _ => " (before both had moved: aborted, unrated)",
        };
        let said = format!(
            "board {board} ({} against {}): {what}{aborted}; both players told",
            record.white, record.black
        );
        let notices = director::rule_board(&self.desk(now), live, verdict, reason)?;
        Ok(Ok((notices, said)))
    }

    fn tournament(&self, kind: GameKind, found: &Tournament, action: &Directing, now: i64) -> Done {
        let desk = self.desk(now);
        let name = &found.name;
        if let Err(refusal) = director::still_on(found) {
            return Ok(Err(self.refusal_said(&refusal, now)?));
        }
        Ok(Ok(match action {
            Directing::Cancel { .. } => {
                let (_, change, notices) = director::cancel_tournament(&desk, kind, found)?;
                (notices, said_of(name, &change))
            }
            Directing::Remove { player, .. } => {
                if found.status == store::TournamentStatus::Open {
                    return self.remove_open(kind, found, player, now);
                }
                match director::remove_running(&desk, kind, found, player)? {
                    Ok((change, notices)) => (notices, said_of(name, &change)),
                    Err(refusal) => return Ok(Err(self.refusal_said(&refusal, now)?)),
                }
            }
            Directing::Replace { old, new, .. } => {
                let Some(heir) = store::find_player(&self.tx, new)? else {
                    return Ok(Err(format!("there is no player {new}")));
                };
                match director::replace_player(&desk, kind, found, old, &heir)? {
                    Ok((change, notices)) => (notices, said_of(name, &change)),
                    Err(refusal) => return Ok(Err(self.refusal_said(&refusal, now)?)),
                }
            }
            Directing::HandOver { to, .. } => return self.hand_over(kind, found, to, now),
            Directing::Announce { text, .. } => return self.announce(kind, found, text, now),
            Directing::Rule { .. } | Directing::Ladder { .. } | Directing::Organise { .. } => {
                return Ok(Err("not a tournament's verb".into()))
            }
        }))
    }

    /// Before the start a removed player simply leaves the tournament.
    fn remove_open(&self, kind: GameKind, found: &Tournament, player: &str, now: i64) -> Done {
        let players = store::tournament_players(&self.tx, found.id)?;
        let Some(userid) = players.into_iter().find(|p| p.eq_ignore_ascii_case(player)) else {
            let refusal = Refusal::NotInTournament {
                name: found.name.clone(),
                userid: player.to_string(),
            };
            return Ok(Err(self.refusal_said(&refusal, now)?));
        };
        store::leave_tournament(&self.tx, found.id, &userid)?;
        log_tournament(&self.tx, found.id, OPERATOR, "remove", &userid, now)?;
        let change = TournamentChange::Removed {
            userid: OPERATOR.to_string(),
            player: userid.clone(),
            was_in: true,
            boards: Vec::new(),
        };
        let said = said_of(&found.name, &change);
        Ok(Ok((vec![news(&userid, kind, found, change)], said)))
    }

    fn hand_over(&self, kind: GameKind, found: &Tournament, to: &str, now: i64) -> Done {
        let Some(heir) = store::find_player(&self.tx, to)? else {
            return Ok(Err(format!("there is no player {to}")));
        };
        store::set_tournament_organiser(&self.tx, found.id, &heir.userid)?;
        log_tournament(&self.tx, found.id, OPERATOR, "handover", &heir.userid, now)?;
        let change = TournamentChange::HandedOver {
            userid: OPERATOR.to_string(),
            to: heir.userid.clone(),
        };
        let handed = Tournament {
            organiser: heir.userid.clone(),
            ..found.clone()
        };
        let said = said_of(&found.name, &change);
        Ok(Ok((vec![news(&heir.userid, kind, &handed, change)], said)))
    }

    /// The operator's message to every player and the organiser.
    fn announce(&self, kind: GameKind, found: &Tournament, text: &str, now: i64) -> Done {
        let text = text.trim();
        if text.is_empty() {
            return Ok(Err("the message is empty".to_string()));
        }
        log_tournament(&self.tx, found.id, OPERATOR, "announce", text, now)?;
        let mut readers = store::tournament_players(&self.tx, found.id)?;
        if !readers
            .iter()
            .any(|userid| userid.eq_ignore_ascii_case(&found.organiser))
        {
            readers.push(found.organiser.clone());
        }
        let said = format!("wrote to {} reader(s) of {}", readers.len(), found.name);
        let notices = readers
            .into_iter()
            .map(|userid| {
                Notice::Competition(CompetitionNews {
                    userid,
                    kind,
                    event: CompetitionEvent::Announcement {
                        name: found.name.clone(),
                        from: OPERATOR.to_string(),
                        text: text.to_string(),
                    },
                })
            })
            .collect();
        Ok(Ok((notices, said)))
    }
}

/// What an action queued and what it says, or why it was not done.
type Done = Result<Result<(Vec<Notice>, String), String>, HostError>;

fn refused(why: String) -> Outcome {
    Outcome::Refused(why)
}

fn news(userid: &str, kind: GameKind, found: &Tournament, change: TournamentChange) -> Notice {
    Notice::Competition(CompetitionNews {
        userid: userid.to_string(),
        kind,
        event: CompetitionEvent::TournamentNews {
            name: found.name.clone(),
            change,
        },
    })
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
        TournamentChange::RulesChanged { words, .. } => {
            format!("{name} plays by {} now", words.join(" "))
        }
        other => format!("{name}: {other:?}"),
    }
}
