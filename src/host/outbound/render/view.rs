//! A board as a template sees it from one seat: the game, the players,
//! how it ended, the move list turn by turn, and whose move it is (the
//! renderer adds the ASCII board, worded in the reader's language).
//! Nothing still sealed from the viewer is in it.

use super::parts::{rating_changes_view, without_controls};
use crate::games::{Fact, Outcome, Side};
use crate::host::model::answers::{self, Proposal, Reply};
use crate::host::model::audience::{may_read, Audience, Piece};
use crate::host::model::notice::Event;
use crate::host::model::replays::LiveGame;
use crate::rules::score::{Ending, EventScore};
use crate::rules::time_control::{length_text, HOUR};
use crate::store::{EventKind, GameStatus, MoveRecord};
use minijinja::{context, Value};
use serde::Serialize;

/// Turns listed while a game runs; a finished game lists all of them.
const RECENT_TURNS: usize = 4;

/// The view of `live` from `viewer`'s seat (a player's own seat, or for
/// an onlooker a seat that shows nothing sealed).
pub(crate) fn board_view(live: &LiveGame, viewer: Side, seated: bool, now: i64) -> Value {
    let record = &live.record;
    let finished = record.status != GameStatus::Active;
    let to_move = live.game.to_move();
    let your_turn = seated && !finished && to_move.contains(&viewer);
    let draw_offer = record.draw_offer.map(|side| {
        context! {
            by => record.player(side),
            yours => seated && side == viewer,
        }
    });
    context! {
        game => live.kind,
        board_id => record.id,
        white => &record.white,
        black => &record.black,
        you => seated.then(|| record.player(viewer)),
        your_side => seated.then_some(viewer),
        switches => &record.switches,
        options => record.host_options.split_whitespace().collect::<Vec<_>>(),
        finished => finished,
        aborted => record.status == GameStatus::Aborted,
        result => result_view(live),
        facts => standing_facts(live, viewer, finished),
        turns => turns(live, seated.then_some(viewer), finished, finished),
        all_moves => finished,
        left_out => if finished { moves_left_out(live) } else { 0 },
        move_count => live.total_moves,
        next_number => live.next_number(),
        waiting => live.waiting(),
        your_turn => your_turn,
        // Weighed move by move, so only for the reader whose move it is.
        example_move => your_turn.then(|| live.game.example_move(viewer)).flatten(),
        draws => live.game.draw_offers().is_ok(),
        draw_offer => draw_offer,
        can_decline => seated && !finished && !live.has_moved(viewer),
        replies => if seated { replies_view(live, viewer) } else { Vec::new() },
        clock => (!finished).then(|| clock_view(live, now)).flatten(),
        // An aborted game counts for nobody's rating, whatever was set.
        rated => record.rated && record.status != GameStatus::Aborted,
        ratings => rating_changes_view(&live.ratings),
    }
}

/// The game's facts from `viewer`'s seat; once the board has ended (by
/// the rules or by a player, the clock or a ruling) nobody is to move
/// or to choose, whatever the last position says.
fn standing_facts(live: &LiveGame, viewer: Side, finished: bool) -> Vec<Fact> {
    let mut facts = live.game.facts(viewer);
    if finished {
        facts.retain(|fact| !matches!(fact, Fact::ToMove { .. } | Fact::ChooseList { .. }));
    }
    facts
}

/// The answers besides a move open to `side` now, each with what it is
/// about, for the templates to list: exactly what the handlers take.
fn replies_view(live: &LiveGame, side: Side) -> Vec<Value> {
    let theirs = answers::to_answer(live, side);
    let own = answers::own_proposals(live, side);
    let agrees = |by: Option<Side>| by.is_some_and(|by| by != side);
    answers::open_replies(live, side)
        .into_iter()
        .filter(|reply| *reply != Reply::Move)
        .map(|reply| {
            let about: Vec<Proposal> = match reply {
                Reply::Accept | Reply::Reject => theirs.into_iter().collect(),
                Reply::Withdraw => own.clone(),
                _ => Vec::new(),
            };
            let agreeing = match reply {
                Reply::Undo => agrees(live.undo_offer),
                Reply::Pause => agrees(live.record.pause_offer),
                _ => false,
            };
            context! {
                word => reply.word(),
                padded => format!("{:<9}", reply.word()),
                about => about,
                agreeing => agreeing,
            }
        })
        .collect()
}

/// A length of time in whole days and hours, for the templates to word.
fn span(seconds: i64) -> Value {
    let hours = seconds.max(0) / HOUR;
    context! { days => hours / 24, hours => hours % 24 }
}

/// The board's clocks at `now`: the time control, and each side's time
/// left, deadline and bank; `None` for a board without clocks.
pub(crate) fn clock_view(live: &LiveGame, now: i64) -> Option<Value> {
    let clocks = live.clocks.as_ref()?;
    let control = &clocks.control;
    let sides: Vec<Value> = Side::BOTH
        .into_iter()
        .map(|side| {
            let clock = clocks.side(side);
            context! {
                userid => live.record.player(side),
                side => side,
                to_move => clock.to_move,
                held => clock.to_move && clock.running_since.is_none(),
                left => clock.left(control, now).map(span),
                deadline => clock.deadline(control).map(crate::clock::utc_text),
                bank => clock.bank.map(span),
            }
        })
        .collect();
    Some(context! {
        paused => live.record.paused,
        pause_offer => live.record.pause_offer.map(|side| live.record.player(side)),
        sides => sides,
        ..control_view(control)
    })
}

/// A time control as the templates say it (`parts.control`): reminders,
/// the limit per move and the bank.
pub(crate) fn control_view(control: &crate::rules::time_control::TimeControl) -> Value {
    context! {
        nag_after => length_text(control.nag_after),
        per_move => control.per_move.map(length_text),
        bank => control.bank.map(|bank| context! {
            initial => length_text(bank.initial),
            increment => (bank.increment > 0).then(|| length_text(bank.increment)),
            cap => bank.cap.map(length_text),
        }),
    }
}

/// How the game ended, for the templates; `None` while it runs.
pub(crate) fn result_view(live: &LiveGame) -> Option<Value> {
    let record = &live.record;
    let player = |side: Side| record.player(side).to_string();
    let ending = match record.ending {
        Some(ending) => ending,
        None => {
            return record
                .legacy_result
                .as_ref()
                .map(|text| context! { kind => "legacy", text => text });
        }
    };
    Some(match ending {
        Ending::Rules => {
            let outcome = live.game.outcome();
            let winner = outcome.as_ref().and_then(|o| o.winner);
            context! {
                kind => "rules",
                winner => winner.map(player),
                loser => winner.map(|side| player(side.opponent())),
                outcome => outcome.as_ref().map(outcome_view),
            }
        }
        Ending::Resigned(side) => context! {
            kind => "resigned",
            loser => player(side),
            winner => player(side.opponent()),
        },
        Ending::DrawAgreed => context! { kind => "draw_agreed" },
        Ending::Aborted(abort) => {
            context! {
                kind => "aborted",
                why => abort.name(),
                by => abort.refuser().map(player),
                event => event_tie_view(live),
                ruling => ruling_view(live),
            }
        }
        Ending::Adjudicated(score) => context! {
            kind => "adjudicated",
            winner => score.winner().map(player),
            loser => score.winner().map(|side| player(side.opponent())),
            ruling => ruling_view(live),
        },
        Ending::TimeForfeit(side) => context! {
            kind => "time_forfeit",
            loser => player(side),
            winner => player(side.opponent()),
        },
        Ending::TimeForfeitDrawn(side) => context! {
            kind => "time_forfeit_drawn",
            loser => player(side),
            winner => player(side.opponent()),
        },
    })
}

/// The ruling that ended a board: `operator` when the host's operator
/// gave it, else the director's userid as `director`; its `verdict`
/// (`adjudicate`, `forfeit`, `void`) and `reason` (empty: none given).
fn ruling_view(live: &LiveGame) -> Option<Value> {
    let ruling = live.ruling.as_ref()?;
    let operator = ruling.actor == crate::host::events::log::OPERATOR;
    Some(context! {
        operator => operator,
        director => (!operator).then_some(&ruling.actor),
        verdict => &ruling.verdict,
        reason => &ruling.reason,
    })
}

/// The event a board is a game of, and what it counted there: `ladder`
/// or the tournament's name, and `counted` (`played`, `loss` with the
/// `loser`, or `void`) once the event has scored it.
fn event_tie_view(live: &LiveGame) -> Option<Value> {
    let tie = live.event.as_ref()?;
    let (ladder, tournament) = match &tie.kind {
        EventKind::Ladder { name } => (Some(name.as_str()), None),
        EventKind::Tournament { name } => (None, Some(name)),
    };
    let (counted, loser) = match tie.counted {
        None => (None, None),
        Some(EventScore::Played(_)) => (Some("played"), None),
        Some(EventScore::Forfeit { loser }) => (Some("loss"), Some(live.record.player(loser))),
        Some(EventScore::DoubleForfeit) => (Some("double_forfeit"), None),
        Some(EventScore::Void) => (Some("void"), None),
    };
    let division = tie.division.as_ref().map(|(league, season, division)| {
        context! { league, season, division }
    });
    Some(context! {
        ladder => ladder.is_some(),
        ladder_name => ladder.filter(|name| !name.is_empty()),
        division => division,
        tournament => tournament,
        counted => counted,
        loser => loser,
    })
}

/// An outcome of the rules: who won (a side) and the reason as data.
fn outcome_view(outcome: &Outcome) -> Value {
    Value::from_serialize(outcome)
}

/// One turn (or round) of the move list, each side's moves as the viewer
/// may read them.
#[derive(Serialize)]
struct TurnView {
    number: u32,
    white: Vec<String>,
    black: Vec<String>,
    /// Which side's moves came first in this turn as played.
    first: Side,
}

/// The move list grouped by turn: the last few turns while the game
/// runs, all of them once it is over. `viewer` reads his own moves in
/// full and the others' in public form while they are still sealed.
/// The last few turns of the move list as `viewer` may read them.
pub(crate) fn recent_turns(live: &LiveGame, viewer: Option<Side>) -> Vec<Value> {
    let finished = live.record.status != GameStatus::Active;
    turns(live, viewer, finished, finished)
}

/// The most turns a mail or a page lists. A longer game lists its last
/// turns and says how many moves it left out (its PGN has them all):
/// Spherical Chess 324 has no draw rule, so a game of it may run to
/// thousands of moves, and a mail or page must not grow with them.
pub(crate) const LISTED_TURNS: usize = 100;

/// How many of `live`'s first moves a list of its last [`LISTED_TURNS`]
/// turns leaves out (grouped into turns as [`turns`] groups them).
pub(crate) fn moves_left_out(live: &LiveGame) -> usize {
    let number = |index: usize| live.turns.get(index).copied().unwrap_or_default();
    let starts: Vec<usize> = (0..live.moves.len())
        .filter(|&index| index == 0 || number(index) != number(index - 1))
        .collect();
    match starts.len().checked_sub(LISTED_TURNS) {
        Some(left_out) if left_out > 0 => starts[left_out],
        _ => 0,
    }
}

/// Every turn of the move list as `viewer` may read it (the last
/// [`LISTED_TURNS`] of a longer game), for `show` and the record.
pub(crate) fn all_turns(live: &LiveGame, viewer: Option<Side>) -> Vec<Value> {
    let finished = live.record.status != GameStatus::Active;
    turns(live, viewer, finished, true)
}

fn turns(live: &LiveGame, viewer: Option<Side>, finished: bool, all: bool) -> Vec<Value> {
    let sealed = if finished {
        0
    } else {
        live.game.sealed_moves()
    };
    let first_sealed = live.moves.len().saturating_sub(sealed);
    let visible = |index: usize, record: &MoveRecord| -> String {
        if index < first_sealed || Some(record.side) == viewer {
            record.notation.clone()
        } else {
            record.public_notation.clone()
        }
    };
    let mut grouped: Vec<TurnView> = Vec::new();
    for (index, record) in live.moves.iter().enumerate() {
        let number = live.turns.get(index).copied().unwrap_or_default();
        if grouped.last().is_none_or(|turn| turn.number != number) {
            grouped.push(TurnView {
                number,
                white: Vec::new(),
                black: Vec::new(),
                first: record.side,
            });
        }
        let turn = grouped.last_mut().expect("a turn was just pushed");
        let text = visible(index, record);
        match record.side {
            Side::White => turn.white.push(text),
            Side::Black => turn.black.push(text),
        }
    }
    let skip = grouped
        .len()
        .saturating_sub(if all { LISTED_TURNS } else { RECENT_TURNS });
    grouped
        .iter()
        .skip(skip)
        .map(Value::from_serialize)
        .collect()
}

/// What a new board's mail says of the event it is a game of: the
/// tournament and round with the organiser's note, or the ladder, and
/// the event's rule for aborted games (what declining costs).
fn event_game_view(event: &Event) -> Value {
    match event {
        Event::Paired {
            tournament,
            round,
            aborted,
            note,
            bout,
            rounds,
            division,
        } => context! {
            kind => "paired",
            tournament,
            round,
            rounds,
            division => Value::from_serialize(division),
            bout,
            aborted => aborted.name(),
            note => note.as_deref().map(|text| without_controls(text, &['\n', '\t'])),
        },
        Event::LadderGame {
            aborted,
            ladder,
            note,
        } => context! {
            kind => "ladder_game",
            ladder => true,
            name => ladder,
            ladder_name => (!ladder.is_empty()).then_some(ladder),
            aborted => aborted.name(),
            note => note.as_deref().map(|text| without_controls(text, &['\n', '\t'])),
        },
        _ => Value::UNDEFINED,
    }
}

/// One event as `viewer` may read it: another player's move in its public
/// form while it is still sealed (among the last `sealed` of `total`).
pub(super) fn event_view(
    event: &Event,
    viewer: Option<Side>,
    total: usize,
    sealed: usize,
) -> Value {
    match event {
        Event::Played {
            userid,
            side,
            number,
            notation,
            public_notation,
        } => {
            let still_sealed = (*number as usize) + sealed > total;
            let revealed =
                !still_sealed || may_read(Piece::SealedMove, Audience::of_seat(viewer, *side));
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
        Event::PauseProposed { userid } => context! { kind => "pause_proposed", userid },
        Event::Paused { userid } => context! { kind => "paused", userid },
        Event::Resumed { userid } => context! { kind => "resumed", userid },
        Event::Unplayed { userid, words } => context! { kind => "unplayed", userid, words },
        Event::Challenged { userid } => context! { kind => "challenged", userid },
        Event::Paired { .. } | Event::LadderGame { .. } => event_game_view(event),
        Event::FromQueue { userid } => context! { kind => "from_queue", userid },
        Event::SeekAccepted {
            userid,
            author,
            seek,
        } => context! { kind => "seek_accepted", userid, author, seek },
        // A player's conditional moves are his plans: told to him alone.
        Event::QueueDropped {
            userid,
            side,
            lines,
            why,
        } if may_read(Piece::Note, Audience::of_seat(viewer, *side)) => context! {
            kind => "queue_dropped",
            userid,
            lines,
            why => Value::from_serialize(why),
        },
        Event::QueueDropped { .. } => context! { kind => "private" },
        Event::UndoProposed { userid, moves } => {
            context! { kind => "undo_proposed", userid, moves }
        }
        Event::UndoAgreed {
            userid,
            proposer,
            moves,
        } => context! { kind => "undo_agreed", userid, proposer, moves },
        Event::UndoRejected { userid } => context! { kind => "undo_rejected", userid },
        Event::Withdrawn { userid, proposals } => {
            context! { kind => "withdrawn", userid, proposals }
        }
    }
}
