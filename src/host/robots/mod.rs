//! Robots as players: `robot1`, `robot2` and `robot3`, one for each
//! strength of [`crate::robot`], challenged like anyone. A robot's move is
//! thought out of any transaction, on the position as it may know it (no
//! sealed move of its opponent), then played through the same handler as
//! a player's reply, in a transaction of its own, and mailed like any
//! move. `serve` runs them in a thread of their own, so no inbound mail
//! ever waits for a robot to think; `pbem robots` runs what is owed once.
//!
//! A robot accepts a draw offer when it stands half a pawn or more worse
//! (else it plays on, which lets the offer lapse), refuses every
//! take-back, agrees to every pause, resigns when it sees a forced loss
//! or is twelve pawns behind (and its opponent could still win), and
//! never proposes anything itself. `help robots` states the same rule.
//! It answers a proposal whether or not it is to move, so none stands
//! for ever. It has no address: it is never mailed.

mod order;

use super::handle;
use super::request::Failure;
use super::{Batch, Host, HostError};
use crate::games::{self, Game, GameKind, RecordedMove, Side};
use crate::host::accounts::password::Prechecked;
use crate::host::model::answers::Proposal;
use crate::host::model::command::{Command, Credential, MoveWord};
use crate::host::model::replays::{self, LoadError};
use crate::robot::{self, Halt, Rng, Strength};
use crate::store::{self, GameStatus};
use std::cell::RefCell;
use std::time::Instant;

/// The robots: userid and level.
pub(crate) const ROBOTS: [(&str, u8); 3] = [("robot1", 1), ("robot2", 2), ("robot3", 3)];

/// What one run of the robots did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RobotReport {
    pub moves: usize,
    pub(crate) draws_accepted: usize,
    pub(crate) resigned: usize,
    /// Take-backs refused and pauses agreed.
    pub(crate) proposals_answered: usize,
    /// Moves the board no longer took (the opponent acted meanwhile).
    pub(crate) refused: usize,
    pub(crate) mails_queued: usize,
    /// Owed moves left for the next look: the look's budget was spent,
    /// or it played as many as it may (or its halt came: then only those
    /// it had found by then).
    pub waiting: usize,
}

impl RobotReport {
    /// The actions the boards took.
    fn taken(&self) -> usize {
        self.moves + self.draws_accepted + self.resigned + self.proposals_answered
    }

    /// Counts what became of one action.
    fn count(&mut self, played: Option<usize>, action: &Action) {
        let Some(mails) = played else {
            self.refused += 1;
            return;
        };
        self.mails_queued += mails;
        match action {
            Action::Play(_) => self.moves += 1,
            Action::AcceptDraw => self.draws_accepted += 1,
            Action::Resign => self.resigned += 1,
            Action::RefuseTakeBack | Action::AgreeToPause => self.proposals_answered += 1,
        }
    }
}

/// A move a robot owes, with the position as it may know it.
struct Owed {
    place: order::Place,
    board: i64,
    kind: GameKind,
    userid: String,
    level: u8,
    side: Side,
    view: Box<dyn Game>,
    next_number: i64,
    draw_offered: bool,
    has_moved: bool,
    /// Whether the robot owes a move (else only an answer to a proposal).
    to_move: bool,
    /// The opponent's take-back or pause proposal standing.
    proposal: Option<Proposal>,
}

/// What came of a robot's thinking.
enum Decision {
    Act(Action),
    /// Nothing is owed after all.
    Nothing,
    /// The halt came first: the move waits for the next look.
    Halted,
}

enum Action {
    /// The actions of its turn (two in most turns of Spherical Chess
    /// 324, one elsewhere), sent as one command so they make one mail.
    Play(Vec<String>),
    AcceptDraw,
    Resign,
    RefuseTakeBack,
    AgreeToPause,
}

impl Host {
    /// Creates the robots' accounts when robots play here; a userid a
    /// person signed up with stays his.
    pub(crate) fn ensure_robots(&mut self) -> Result<(), HostError> {
        if !self.settings.robots.enabled {
            return Ok(());
        }
        // Made once: a host that starts for every mail (deliver) reads only.
        let conn = self.store.connection();
        let mut made = true;
        for (userid, level) in ROBOTS {
            made &= store::robot_level(conn, userid)? == Some(level);
        }
        if made {
            return Ok(());
        }
        let now = self.clock.now().timestamp();
        let batch = self.batch()?;
        for (userid, level) in ROBOTS {
            if !store::ensure_robot(&batch.tx, userid, level, now)? {
                tracing::warn!(userid, "a player signed up as this robot: it does not play");
            }
        }
        batch.commit()
    }

    /// Plays the robot moves owed now in the fair order of `order`,
    /// each thought over first and played in a transaction of its own:
    /// at most `most` of them, and none started once `halt` is due or
    /// the look's budget (`[robots] budget`) is spent. The first move of
    /// a look has its full time, so every look plays one; a later move
    /// whose thinking the budget cuts short is not played: it waits for
    /// the next look with the rest. A move cut short by `halt` is never
    /// played. Once `news` is due (mail came in), the look ends after
    /// the move in hand, so the next one puts a person's new move first.
    pub fn robot_moves(
        &mut self,
        most: usize,
        halt: Halt<'_>,
        news: Halt<'_>,
    ) -> Result<RobotReport, HostError> {
        let mut report = RobotReport::default();
        if !self.settings.robots.enabled {
            return Ok(report);
        }
        let budget_ends = Instant::now() + self.settings.robots.budget;
        let mut acted = 0;
        'look: loop {
            let owed = order::fair(self.owed_robot_moves(&halt)?, |turn| &turn.place);
            if owed.is_empty() {
                break;
            }
            let taken_before = report.taken();
            for (index, turn) in owed.iter().enumerate() {
                let first = acted == 0;
                let spent = !first && (Instant::now() >= budget_ends || news.is_due());
                if halt.is_due() || acted >= most || spent {
                    report.waiting = owed.len() - index;
                    break 'look;
                }
                // Only the caller's halt cuts the first move short.
                let turn_halt = if first { halt } else { halt.by(budget_ends) };
                let action = match self.decide(turn, &turn_halt) {
                    Decision::Nothing => continue,
                    Decision::Halted => {
                        report.waiting = owed.len() - index;
                        break 'look;
                    }
                    Decision::Act(action) => action,
                };
                let mut batch = self.batch()?;
                let played = batch.robot_act(turn, &action)?;
                batch.commit()?;
                acted += 1;
                report.count(played, &action);
            }
            // Nothing the robots tried was taken: stop rather than loop.
            if report.taken() == taken_before {
                break;
            }
        }
        if report != RobotReport::default() {
            tracing::info!(?report, "robots played");
        }
        Ok(report)
    }

    /// Every move a robot owes now (those found so far, once `halt` is
    /// due: the caller stops then).
    fn owed_robot_moves(&self, halt: &Halt<'_>) -> Result<Vec<Owed>, HostError> {
        let conn = self.store.connection();
        let mut owed = Vec::new();
        for board in store::boards_with_robots(conn)? {
            if halt.is_due() {
                break;
            }
            let live = match replays::load(conn, &self.replays, board, None) {
                Ok(live) => live,
                Err(LoadError::Store(err)) => return Err(err.into()),
                // A board that does not replay is refused wherever used.
                Err(_) => continue,
            };
            // A paused board waits for a resume; only a robot's answer
            // to a proposal is owed there (none: a pause stops them).
            if live.record.status != GameStatus::Active || live.record.paused {
                continue;
            }
            let place = self.place_in_queue(&live.record)?;
            for side in Side::BOTH {
                let userid = live.record.player(side);
                let to_move = live.game.to_move().contains(&side);
                let proposal = robot_answers(&live, side);
                if !to_move && proposal.is_none() {
                    continue;
                }
                let Some(level) = store::robot_level(conn, userid)? else {
                    continue;
                };
                // The robot must not see its opponent's sealed move.
                let visible = live.moves.len() - live.game.sealed_moves();
                let moves: Vec<RecordedMove> = live.moves[..visible]
                    .iter()
                    .map(store::MoveRecord::recorded)
                    .collect();
                let Ok(view) = games::replay(live.kind, &live.record.switches, &moves) else {
                    continue;
                };
                owed.push(Owed {
                    place: place.clone(),
                    board,
                    kind: live.kind,
                    userid: userid.to_string(),
                    level,
                    side,
                    view,
                    next_number: live.next_number(),
                    draw_offered: live.record.draw_offer == Some(side.opponent()),
                    has_moved: live.has_moved(side),
                    to_move,
                    proposal,
                });
            }
        }
        Ok(owed)
    }

    /// Where a board's owed moves stand in the fair order.
    fn place_in_queue(&self, record: &store::GameRecord) -> Result<order::Place, HostError> {
        let conn = self.store.connection();
        let mut human = false;
        for userid in [&record.white, &record.black] {
            human |= store::robot_level(conn, userid)?.is_none();
        }
        let starter = if human {
            String::new()
        } else {
            store::robot_board_starter(conn, &record.kind, record.id)?.unwrap_or_default()
        };
        Ok(order::Place {
            board: record.id,
            human,
            starter,
            since: record.updated,
        })
    }

    /// What the robot does: take a draw offered when it stands no better,
    /// resign a hopeless game, or play its move; nothing when `halt`
    /// came before it made up its mind.
    fn decide(&self, turn: &Owed, halt: &Halt<'_>) -> Decision {
        match turn.proposal {
            Some(Proposal::TakeBack) => return Decision::Act(Action::RefuseTakeBack),
            Some(Proposal::Pause) => return Decision::Act(Action::AgreeToPause),
            Some(Proposal::Draw) | None if !turn.to_move => return Decision::Nothing,
            _ => {}
        }
        let strength = Strength::level(turn.level, self.settings.robots.think);
        // Seeded by the board and move: a robot's game can be replayed.
        let seed = ((turn.board as u64) << 24) ^ turn.next_number as u64;
        let (view, side) = (turn.view.as_ref(), turn.side);
        let thought = robot::think_halting(view, side, &strength, halt, &mut Rng::new(seed));
        if thought.halted {
            return Decision::Halted;
        }
        if turn.draw_offered && thought.accepts_draw() {
            return Decision::Act(Action::AcceptDraw);
        }
        if turn.has_moved && thought.resigns(view, side) {
            return Decision::Act(Action::Resign);
        }
        let Some(choice) = thought.choice else {
            return Decision::Nothing;
        };
        let mut actions = vec![choice];
        // The rest of a turn of several actions, thought in turn.
        let mut view = turn.view.clone_game();
        while let Some(last) = actions.last() {
            if view.play(side, last).is_err()
                || view.outcome().is_some()
                || view.to_move() != [side]
            {
                break;
            }
            let next = robot::think_halting(
                view.as_ref(),
                side,
                &strength,
                halt,
                &mut Rng::new(seed + 1),
            );
            if next.halted {
                return Decision::Halted;
            }
            match next.choice {
                Some(choice) => actions.push(choice),
                None => break,
            }
        }
        Decision::Act(Action::Play(actions))
    }
}

/// The opponent's proposal a robot answers on this board: a take-back
/// or a pause (a draw offer is answered on its turn, by its move).
fn robot_answers(live: &replays::LiveGame, side: Side) -> Option<Proposal> {
    let opponent = Some(side.opponent());
    if live.undo_offer == opponent {
        Some(Proposal::TakeBack)
    } else if live.record.pause_offer == opponent {
        Some(Proposal::Pause)
    } else {
        None
    }
}

impl Batch<'_> {
    /// Carries out a robot's action as a reply from it would be; the
    /// mails it queued, or `None` when the board no longer took it.
    fn robot_act(&mut self, turn: &Owed, action: &Action) -> Result<Option<usize>, HostError> {
        let now = self.clock.now().timestamp();
        let (kind, board, userid) = (turn.kind, turn.board, turn.userid.clone());
        let command = match action {
            Action::Play(actions) => Command::Move {
                kind,
                board,
                userid,
                credential: Credential::Proven,
                words: actions.iter().cloned().map(MoveWord::Play).collect(),
                guard: Some(turn.next_number),
            },
            Action::AcceptDraw => Command::Move {
                kind,
                board,
                userid,
                credential: Credential::Proven,
                words: vec![MoveWord::AcceptDraw],
                guard: Some(turn.next_number),
            },
            Action::Resign => Command::Resign {
                kind,
                board,
                userid,
                credential: Credential::Proven,
            },
            Action::RefuseTakeBack | Action::AgreeToPause => Command::Move {
                kind,
                board,
                userid,
                credential: Credential::Proven,
                words: vec![if matches!(action, Action::AgreeToPause) {
                    MoveWord::Pause
                } else {
                    MoveWord::RejectDraw
                }],
                guard: Some(turn.next_number),
            },
        };
        let attempts = RefCell::new(Vec::new());
        let prechecked = Prechecked::new();
        let handling = self.handling(now);
        let ctx = handling.context(&self.tx, "", None, &prechecked, &attempts);
        let notices = match store::in_savepoint(&self.tx, || handle::handle(&ctx, command)) {
            Ok(notices) => notices,
            Err(Failure::Refused(refused)) => {
                tracing::info!(board, "a robot's move was not taken: {:?}", refused.refusal);
                return Ok(None);
            }
            Err(Failure::Store(err)) => return Err(err.into()),
            Err(Failure::Hash(err)) => return Err(err.into()),
        };
        Ok(Some(self.post_all(notices, now)?))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_robots_name_is_one_nobody_can_sign_up_as() {
        for (userid, _) in super::ROBOTS {
            assert!(crate::host::accounts::userid::is_robot_name(userid));
        }
    }
}
