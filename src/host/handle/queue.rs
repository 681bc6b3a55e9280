//! Conditional moves: a player's lines of expected turns and answers on
//! a board, and the answers played when the expected turn comes.
//!
//! A unit of a line is one player's whole turn: a move in Chess and
//! Progression Chess, a round's move in Infinite Recursion Chess, both
//! actions of a Spherical Chess 324 turn (joined by commas). A line is
//! anchored where the turn it expects begins: right after the owner's
//! last move. It can be queued only while the owner waits for his
//! opponent, so it never answers a move still sealed from him.

use super::turn::play_queued;
use super::{refused_on, seated_game, Context, Failure, Handled};
use crate::games::{Game, GameKind, Reason, Side};
use crate::host::model::command::{Credential, MoveWord, QueueAction};
use crate::host::model::notice::{Answer, BoardNews, DropReason, Event, Notice, QueueChange};
use crate::host::model::refusal::{QueueProblem, Refusal};
use crate::host::model::replays::{self, LiveGame};
use crate::store::{self, GameStatus, QueuedLine};

/// Lines one player may keep on one board.
pub(crate) const MAX_LINES: usize = 20;
/// Turns one line may hold (expected and answers together).
pub(crate) const MAX_UNITS: usize = 40;
/// Stands for any turn of the opponent.
const ANY_TURN: &str = "*";

pub(crate) fn queue(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    password: &str,
    action: QueueAction,
) -> Handled {
    let credential = Credential::Password(password.to_string());
    let (live, player, side) = seated_game(ctx, kind, board, userid, &credential)?;
    let change = match action {
        QueueAction::List => QueueChange::Listed,
        QueueAction::Clear => QueueChange::Cleared {
            count: store::clear_lines(ctx.conn, board, Some(&player.userid))?,
        },
        QueueAction::Add(words) => {
            if live.game.to_move().contains(&side) {
                let refusal = Refusal::QueueYourMove { board, game: kind };
                return Err(refused_on(refusal, live));
            }
            let anchor = anchor_of(&live, side);
            let units = match checked_line(ctx, &live, side, anchor, &words) {
                Ok(units) => units,
                Err(refusal) => return Err(refused_on(refusal, live)),
            };
            let mut replaced = 0;
            let mut kept = 0;
            for line in store::queued_lines(ctx.conn, board, Some(&player.userid))? {
                if line.anchor != anchor as i64 || conflicts(&line.units, &units) {
                    store::delete_line(ctx.conn, line.id)?;
                    replaced += 1;
                } else {
                    kept += 1;
                }
            }
            if kept >= MAX_LINES {
                let refusal = Refusal::QueueFull {
                    board,
                    max: MAX_LINES,
                };
                return Err(refused_on(refusal, live));
            }
            store::insert_line(
                ctx.conn,
                board,
                &player.userid,
                anchor as i64,
                &units,
                ctx.now,
            )?;
            QueueChange::Added { replaced }
        }
    };
    let lines = store::queued_lines(ctx.conn, board, Some(&player.userid))?
        .into_iter()
        .map(|line| line.units)
        .collect();
    Ok(vec![Notice::Answer(Answer::Queue {
        kind,
        board,
        userid: player.userid,
        lines,
        change,
    })])
}

/// Where the turn a line of `side` expects begins: right after his last
/// move (the opponent may have begun it already).
fn anchor_of(live: &LiveGame, side: Side) -> usize {
    live.moves
        .iter()
        .rposition(|record| record.side == side)
        .map_or(0, |index| index + 1)
}

/// A line as it will be stored: each turn played out from the anchor in
/// the canonical notation, up to the first `*` (after which nothing is
/// known until the turn comes); refused with what is wrong where.
fn checked_line(
    ctx: &Context<'_>,
    live: &LiveGame,
    side: Side,
    anchor: usize,
    words: &[String],
) -> Result<Vec<String>, Refusal> {
    let bad = |problem, unit: usize, text: &str, reason: String| Refusal::BadQueueLine {
        problem,
        unit,
        text: text.to_string(),
        reason,
        why: None,
        game: live.kind,
    };
    if words.len() > MAX_UNITS {
        let reason = MAX_UNITS.to_string();
        return Err(bad(QueueProblem::TooLong, words.len(), "", reason));
    }
    // pbmserv's queue: one move, played whatever the opponent does.
    let units: Vec<String> = match words {
        [answer] => vec![ANY_TURN.to_string(), answer.clone()],
        _ => words.to_vec(),
    };
    if units.len() % 2 == 1 {
        let last = units.len();
        return Err(bad(
            QueueProblem::NoAnswer,
            last,
            &units[last - 1],
            String::new(),
        ));
    }
    let start = replays::load(ctx.conn, ctx.replays, live.record.id, Some(anchor))
        .map_err(|err| bad(QueueProblem::Illegal, 1, "", err.to_string()))?;
    let mut game = Some(start.game);
    let mut stored = Vec::with_capacity(units.len());
    for (index, unit) in units.iter().enumerate() {
        let answer = index % 2 == 1;
        if unit == ANY_TURN {
            if answer {
                return Err(bad(QueueProblem::AnyAnswer, index + 1, unit, String::new()));
            }
            // Which turn comes is unknown: the rest is checked when it does.
            game = None;
            stored.push(unit.clone());
            continue;
        }
        let Some(game) = game.as_deref_mut() else {
            stored.push(unit.clone());
            continue;
        };
        let mover = if answer { side } else { side.opponent() };
        match play_unit(game, mover, unit) {
            Ok(notations) => stored.push(notations.join(",")),
            Err(UnitError::Wrong(problem, reason)) => {
                return Err(bad(problem, index + 1, unit, reason))
            }
            Err(UnitError::Refused(error)) => {
                return Err(Refusal::BadQueueLine {
                    problem: QueueProblem::Illegal,
                    unit: index + 1,
                    text: unit.clone(),
                    reason: error.to_string(),
                    why: Some(Box::new(error.reason())),
                    game: live.kind,
                })
            }
        }
    }
    Ok(stored)
}

/// Why a turn of a line cannot be played: not a whole turn, or an
/// action the rules refuse.
#[derive(Debug)]
pub(super) enum UnitError {
    Wrong(QueueProblem, String),
    Refused(crate::games::MoveError),
}

impl UnitError {
    #[cfg(test)]
    fn problem(&self) -> QueueProblem {
        match self {
            UnitError::Wrong(problem, _) => *problem,
            UnitError::Refused(_) => QueueProblem::Illegal,
        }
    }
}

/// Plays one turn (its actions joined by commas) for `side`, checking it
/// is the whole turn; the notations played.
pub(super) fn play_unit(
    game: &mut dyn Game,
    side: Side,
    unit: &str,
) -> Result<Vec<String>, UnitError> {
    let turn_before = game.turn_number();
    let done = |game: &dyn Game| {
        game.outcome().is_some()
            || !game.to_move().contains(&side)
            || game.turn_number() != turn_before
    };
    let mut notations = Vec::new();
    for action in unit.split(',').filter(|action| !action.is_empty()) {
        if !notations.is_empty() && done(game) {
            return Err(UnitError::Wrong(
                QueueProblem::TooManyActions,
                action.to_string(),
            ));
        }
        let played = game.play(side, action).map_err(UnitError::Refused)?;
        notations.push(played.notation);
    }
    if notations.is_empty() || !done(game) {
        return Err(UnitError::Wrong(QueueProblem::Incomplete, String::new()));
    }
    Ok(notations)
}

/// Whether a new line replaces an old one: they start alike and part at
/// an answer (one turn cannot be answered two ways), or one is the start
/// of the other. Lines that part at an expected turn are branches and
/// stand together.
fn conflicts(old: &[String], new: &[String]) -> bool {
    let common = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let parted_at_expected = common % 2 == 0 && common < old.len() && common < new.len();
    common > 0 && !parted_at_expected
}

/// Plays what the players' conditional moves call for after a move
/// command: whenever a player with lines is to move, the turn his
/// opponent just completed is matched against them, and the answer of
/// the matching lines played as his own move. Lines that did not match,
/// or whose answer is not legal, are dropped and he is told. The board
/// mail of the command then tells every move, each marked as queued.
pub(super) fn answer_from_queues(
    ctx: &Context<'_>,
    mut news: BoardNews,
) -> Result<BoardNews, Failure> {
    // Each round plays at least one queued turn, so lines run out; the
    // bound is only a guard.
    for _ in 0..(2 * MAX_UNITS) {
        if !answer_once(ctx, &mut news)? {
            break;
        }
    }
    Ok(news)
}

/// One player's queued answer, when one is due; whether one was played.
fn answer_once(ctx: &Context<'_>, news: &mut BoardNews) -> Result<bool, Failure> {
    let live = &news.live;
    if live.record.status != GameStatus::Active || live.game.sealed_moves() > 0 {
        return Ok(false);
    }
    let board = live.record.id;
    let mut owner = None;
    for side in live.game.to_move() {
        let lines = store::queued_lines(ctx.conn, board, Some(live.record.player(side)))?;
        if !lines.is_empty() {
            owner = Some((side, lines));
            break;
        }
    }
    let Some((side, lines)) = owner else {
        return Ok(false);
    };
    let Some(player) = store::find_player(ctx.conn, live.record.player(side))? else {
        return Ok(false);
    };
    let (matched, outranked, unmatched) = sort_lines(ctx, live, side, lines)?;
    let dropped_unmatched = drop_lines(ctx, &unmatched)?;
    let dropped_outranked = drop_lines(ctx, &outranked)?;
    let userid = player.userid.clone();
    let tell = |news: &mut BoardNews, lines, why| tell_dropped(news, &userid, side, lines, why);
    tell(news, dropped_outranked, DropReason::Outranked);
    let Some(answer) = matched.first().and_then(|line| line.units.get(1)).cloned() else {
        tell(news, dropped_unmatched, DropReason::Unmatched);
        return Ok(false);
    };
    let mut trial = news.live.game.clone_game();
    if let Err(error) = play_unit(trial.as_mut(), side, &answer) {
        let reason = match error {
            UnitError::Refused(error) => error.reason(),
            UnitError::Wrong(..) => Reason::NotLegal,
        };
        let dropped = drop_lines(ctx, &matched)?;
        tell(news, dropped_unmatched, DropReason::Unmatched);
        tell(news, dropped, DropReason::Illegal { reason });
        return Ok(false);
    }
    let words: Vec<MoveWord> = answer
        .split(',')
        .filter(|action| !action.is_empty())
        .map(|action| MoveWord::Play(action.to_string()))
        .collect();
    let live = replays::load(ctx.conn, ctx.replays, board, None)?;
    let played = play_queued(ctx, live, &player, side, &words)?;
    let total = played.live.total_moves as i64;
    for line in &matched {
        match line.units.get(2..).filter(|rest| !rest.is_empty()) {
            Some(rest) => store::advance_line(ctx.conn, line.id, total, rest)?,
            None => store::delete_line(ctx.conn, line.id)?,
        }
    }
    add_queued_events(news, played.events, &player.userid);
    tell(news, dropped_unmatched, DropReason::Unmatched);
    news.live = played.live;
    Ok(true)
}

/// The owner's lines sorted by the turn just played: those that expect
/// it, those taking any turn that a line naming it outranks, and those
/// that expected another turn.
type SortedLines = (Vec<QueuedLine>, Vec<QueuedLine>, Vec<QueuedLine>);

fn sort_lines(
    ctx: &Context<'_>,
    live: &LiveGame,
    side: Side,
    lines: Vec<QueuedLine>,
) -> Result<SortedLines, Failure> {
    let mut specific = Vec::new();
    let mut any = Vec::new();
    let mut unmatched = Vec::new();
    for line in lines {
        if !turn_matches(ctx, live, side, &line)? {
            unmatched.push(line);
        } else if line.units[0] == ANY_TURN {
            any.push(line);
        } else {
            specific.push(line);
        }
    }
    if specific.is_empty() {
        Ok((any, Vec::new(), unmatched))
    } else {
        Ok((specific, any, unmatched))
    }
}

/// The events of a queued answer added to the board's news, with the note
/// that it came from the queue right after its moves.
fn add_queued_events(news: &mut BoardNews, events: Vec<Event>, userid: &str) {
    let first_new = news.events.len();
    news.events.extend(events);
    let after_moves = news.events[first_new..]
        .iter()
        .rposition(|event| matches!(event, Event::Played { .. }))
        .map_or(news.events.len(), |at| first_new + at + 1);
    news.events.insert(
        after_moves,
        Event::FromQueue {
            userid: userid.to_string(),
        },
    );
}

/// Whether the turn the opponent played from the line's anchor (the
/// whole of it: the owner is to move) is the one the line expects.
fn turn_matches(
    ctx: &Context<'_>,
    live: &LiveGame,
    side: Side,
    line: &QueuedLine,
) -> Result<bool, Failure> {
    let anchor = usize::try_from(line.anchor).unwrap_or(usize::MAX);
    let Some(played) = live.moves.get(anchor..).filter(|moves| !moves.is_empty()) else {
        return Ok(false);
    };
    if played.iter().any(|record| record.side == side) || line.units.len() < 2 {
        return Ok(false);
    }
    let expected = &line.units[0];
    if expected == ANY_TURN {
        return Ok(true);
    }
    let mut game = replays::load(ctx.conn, ctx.replays, live.record.id, Some(anchor))?.game;
    Ok(match play_unit(game.as_mut(), side.opponent(), expected) {
        Ok(notations) => {
            notations.len() == played.len()
                && notations.iter().zip(played).all(|(n, m)| *n == m.notation)
        }
        Err(_) => false,
    })
}

/// Deletes lines; their text as the player reads it.
fn drop_lines(ctx: &Context<'_>, lines: &[QueuedLine]) -> Result<Vec<String>, Failure> {
    let mut texts = Vec::new();
    for line in lines {
        store::delete_line(ctx.conn, line.id)?;
        texts.push(line.units.join(" "));
    }
    Ok(texts)
}

fn tell_dropped(
    news: &mut BoardNews,
    userid: &str,
    side: Side,
    lines: Vec<String>,
    why: DropReason,
) {
    if !lines.is_empty() {
        news.events.push(Event::QueueDropped {
            userid: userid.to_string(),
            side,
            lines,
            why,
        });
    }
}

/// Drops every line on a board (moves were taken back): the owners are
/// told in the board mail.
pub(super) fn drop_all(ctx: &Context<'_>, live: &LiveGame) -> Result<Vec<Event>, Failure> {
    let mut events = Vec::new();
    for side in Side::BOTH {
        let userid = live.record.player(side);
        let lines = store::queued_lines(ctx.conn, live.record.id, Some(userid))?;
        let texts = drop_lines(ctx, &lines)?;
        if !texts.is_empty() {
            events.push(Event::QueueDropped {
                userid: userid.to_string(),
                side,
                lines: texts,
                why: DropReason::TakenBack,
            });
        }
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(units: &str) -> Vec<String> {
        units.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_line_replaces_those_it_parts_from_at_an_answer_or_extends() {
        let old = line("e5 Nf3 Nc6 Bb5");
        assert!(conflicts(&old, &line("e5 Nc3")), "another answer to e5");
        assert!(
            conflicts(&old, &line("e5 Nf3 Nc6 Bc4")),
            "another answer to Nc6"
        );
        assert!(
            conflicts(&old, &line("e5 Nf3 Nc6 Bb5 a6 Ba4")),
            "an extension"
        );
        assert!(conflicts(&old, &line("e5 Nf3")), "a shortening");
        assert!(!conflicts(&old, &line("c5 Nf3")), "another expected turn");
        assert!(
            !conflicts(&old, &line("e5 Nf3 d6 d4")),
            "a branch after Nf3"
        );
    }

    #[test]
    fn a_spherical_turn_is_played_whole_or_refused() {
        let mut game = GameKind::Spherical.new_game(&[]).unwrap();
        // White's first turn is a single action.
        assert!(play_unit(game.as_mut(), Side::White, "h8-h2").is_ok());
        let mut half = game.clone_game();
        assert_eq!(
            play_unit(half.as_mut(), Side::Black, "q2-q8")
                .unwrap_err()
                .problem(),
            QueueProblem::Incomplete
        );
        let whole = play_unit(game.as_mut(), Side::Black, "q2-q8,r2-r8").unwrap();
        assert_eq!(whole.len(), 2);
        assert_eq!(
            play_unit(game.as_mut(), Side::White, "h2-h3,h3-h4,h4-h5")
                .unwrap_err()
                .problem(),
            QueueProblem::TooManyActions
        );
    }
}
