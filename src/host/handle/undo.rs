//! Take-backs by agreement, asked for like a draw: `undo` proposes to
//! take back the last move, and the opponent's `undo` (or `accept`)
//! agrees, `reject` refuses. What is taken back depends on the game's
//! turns: the last move in Chess and Progression Chess, the last turn
//! (or the part of it played) in Spherical Chess 324, the last round in
//! Infinite Recursion Chess (never while a round is under way, so no
//! sealed move is ever shown or lost). The moves leave the move list,
//! the truth; the take-back stays in the board's event history.

use super::{comment_of, queue, refused_on, Context, Handled};
use crate::games::{GameKind, Side};
use crate::host::clocks;
use crate::host::model::answers::{self, Proposal, Reply};
use crate::host::model::command::MoveWord;
use crate::host::model::notice::{BoardNews, Comment, Event, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LiveGame};
use crate::store::{self, Player, TakenBack, UndoProposal};

/// Whether a move command is about taking back: it says `undo`, or
/// answers (`accept`, `reject`, alone) the opponent's standing take-back.
pub(super) fn is_about_undo(live: &LiveGame, side: Side, words: &[MoveWord]) -> bool {
    words.contains(&MoveWord::Undo)
        || (matches!(words, [MoveWord::AcceptDraw | MoveWord::RejectDraw])
            && answers::to_answer(live, side) == Some(Proposal::TakeBack))
}

/// Proposes, agrees to or rejects taking back the last move (turn, round).
pub(super) fn undo(
    ctx: &Context<'_>,
    live: LiveGame,
    player: &Player,
    side: Side,
    words: &[MoveWord],
) -> Handled {
    let refuse = |refusal, live| Err(refused_on(refusal, live));
    let [word] = words else {
        return refuse(Refusal::UndoAlone, live);
    };
    if let Err(refusal) = answers::may(&live, side, Reply::of(word)) {
        return refuse(refusal, live);
    }
    let userid = player.userid.clone();
    let (events, live) = match (word, live.undo_offer) {
        (MoveWord::Undo | MoveWord::AcceptDraw, Some(by)) if by != side => {
            return agree(ctx, live, player, side, by);
        }
        (MoveWord::Undo, None) => {
            let keep = kept_moves(&live);
            let proposal = UndoProposal {
                side,
                moves: live.total_moves as i64,
            };
            store::set_undo_proposal(ctx.conn, live.record.id, Some(proposal), ctx.now)?;
            let moves = notations(&live, keep);
            let live = LiveGame {
                undo_offer: Some(side),
                ..live
            };
            (vec![Event::UndoProposed { userid, moves }], live)
        }
        (MoveWord::RejectDraw, Some(by)) if by != side => {
            store::set_undo_proposal(ctx.conn, live.record.id, None, ctx.now)?;
            let live = LiveGame {
                undo_offer: None,
                ..live
            };
            (vec![Event::UndoRejected { userid }], live)
        }
        _ => return refuse(Refusal::NoUndoToAnswer, live),
    };
    Ok(vec![Notice::Board(BoardNews {
        live,
        events,
        comment: comment_of(ctx, &player.userid)?,
        new_game: false,
    })])
}

/// How many moves stay when the last move (turn, round) is taken back;
/// `answers::may` has checked there is one and no round is under way.
fn kept_moves(live: &LiveGame) -> usize {
    let Some(last) = live.moves.last() else {
        return 0;
    };
    let count = live.moves.len();
    let trailing = |same: &dyn Fn(usize) -> bool| (0..count).rev().take_while(|&i| same(i)).count();
    let taken = match live.kind {
        GameKind::Chess | GameKind::Progression => 1,
        GameKind::Spherical => trailing(&|i| live.moves[i].side == last.side),
        GameKind::Recursion => {
            let round = live.turns.get(count - 1).copied();
            trailing(&|i| live.turns.get(i).copied() == round)
        }
    };
    count - taken.max(1)
}

/// The moves after the first `keep`, as played.
fn notations(live: &LiveGame, keep: usize) -> Vec<String> {
    live.moves[keep..]
        .iter()
        .map(|record| record.notation.clone())
        .collect()
}

/// Takes the moves back, both players having agreed: the board as it
/// was before them, its clocks in step, conditional moves (made for the
/// board that is gone) dropped and their owners told.
fn agree(
    ctx: &Context<'_>,
    live: LiveGame,
    player: &Player,
    side: Side,
    proposer: Side,
) -> Handled {
    let keep = kept_moves(&live);
    let board = live.record.id;
    let moves = notations(&live, keep);
    let turn_before = live.game.turn_number();
    let proposer = live.record.player(proposer).to_string();
    let record = TakenBack {
        after: keep as i64,
        proposer: proposer.clone(),
        agreed_by: player.userid.clone(),
        moves: moves.clone(),
        happened: ctx.now,
    };
    store::take_back(ctx.conn, board, keep as i64, &record)?;
    store::set_undo_proposal(ctx.conn, board, None, ctx.now)?;
    let mut live = replays::load(ctx.conn, ctx.replays, board, None)?;
    let mut events = vec![Event::UndoAgreed {
        userid: player.userid.clone(),
        proposer,
        moves,
    }];
    events.extend(queue::drop_all(ctx, &live)?);
    clocks::after_command(ctx.conn, &live, side, turn_before, ctx.now)?;
    live.clocks = crate::host::model::replays::load_clocks(ctx.conn, &live.record)?;
    let comment = comment_of(ctx, &player.userid)?;
    if let Some(Comment { text, .. }) = &comment {
        let stored = store::StoredComment {
            after: live.total_moves as i64,
            author: player.userid.clone(),
            text: text.clone(),
        };
        store::insert_comment(ctx.conn, board, &stored, ctx.now)?;
    }
    Ok(vec![Notice::Board(BoardNews {
        live,
        events,
        comment,
        new_game: false,
    })])
}
