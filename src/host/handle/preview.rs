//! `GAME preview board[#n] MOVE...`: the board after hypothetical moves,
//! each checked and explained, on a copy of the game. Nothing is stored.

use super::{board_of_kind, refused_on, Context, Handled};
use crate::games::{GameKind, MoveError, Side};
use crate::host::model::notice::{Answer, Notice, PreviewStep};
use crate::host::model::refusal::{MoveProblem, Refusal};
use crate::host::model::replays::{self, LiveGame};
use crate::store::{self, GameStatus, MoveRecord};

/// Moves one preview plays at most.
const MAX_MOVES: usize = 60;

pub(crate) fn preview(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    after: Option<i64>,
    moves: &[String],
) -> Handled {
    let whole = board_of_kind(ctx, kind, board)?;
    let start = match after {
        None => whole.total_moves,
        Some(after) if after >= 0 && after as usize <= whole.total_moves => after as usize,
        Some(after) => {
            let refusal = Refusal::NoSuchMove {
                board,
                moves: whole.total_moves,
                after,
                game: kind,
            };
            return Err(refused_on(refusal, whole));
        }
    };
    let mut live = replays::load(ctx.conn, ctx.replays, board, Some(start))?;
    // Anyone may preview, so it starts where nothing is sealed: before
    // the moves of a round under way.
    let sealed = if whole.record.status == GameStatus::Active {
        live.game.sealed_moves()
    } else {
        0
    };
    if sealed > 0 {
        live = replays::load(
            ctx.conn,
            ctx.replays,
            board,
            Some(start.saturating_sub(sealed)),
        )?;
    }
    let seat = store::find_player_by_address(ctx.conn, ctx.from)?
        .into_iter()
        .find_map(|player| live.record.side_of(&player.userid));
    let start = live.moves.len();
    live.total_moves = start;
    live.clocks = None;
    let (steps, untried) = play_hypothetical(&mut live, moves);
    Ok(vec![Notice::Answer(Answer::Preview {
        live: Box::new(live),
        seat,
        start,
        sealed_left_out: sealed,
        steps,
        untried,
    })])
}

/// Plays the moves in order, each by the side to move (in a
/// simultaneous round, by the first side that can play it); stops at
/// the first that cannot be played. The steps, and the moves not tried.
fn play_hypothetical(live: &mut LiveGame, moves: &[String]) -> (Vec<PreviewStep>, Vec<String>) {
    let mut steps = Vec::new();
    for (index, text) in moves.iter().enumerate() {
        if index == MAX_MOVES {
            return (steps, moves[index..].to_vec());
        }
        let turn = live.game.turn_number();
        let mut movers = live.game.to_move();
        if let Some(first) = live.game.canonical_mover() {
            movers.sort_by_key(|side| *side != first);
        }
        let mut first_error = None;
        let mut played = None;
        for side in &movers {
            match live.game.play(*side, text) {
                Ok(accepted) => {
                    played = Some((*side, accepted));
                    break;
                }
                Err(error) => {
                    first_error.get_or_insert((*side, error));
                }
            }
        }
        let Some((side, accepted)) = played else {
            let (side, error) = first_error.map_or((None, MoveError::GameOver), |(side, error)| {
                (Some(side), error)
            });
            steps.push(refused_step(text, side, &error));
            return (steps, moves[index + 1..].to_vec());
        };
        live.moves.push(MoveRecord {
            number: live.total_moves as i64 + 1,
            side,
            notation: accepted.notation.clone(),
            public_notation: accepted.notation.clone(),
        });
        live.turns.push(turn);
        live.total_moves += 1;
        steps.push(PreviewStep {
            text: text.clone(),
            side: Some(side),
            played: Some(accepted.notation),
            problem: None,
            reason: None,
        });
    }
    (steps, Vec::new())
}

fn refused_step(text: &str, side: Option<Side>, error: &MoveError) -> PreviewStep {
    let problem = match error {
        MoveError::Malformed { .. } => MoveProblem::Malformed,
        MoveError::Illegal { .. } => MoveProblem::Illegal,
        MoveError::NotYourTurn(_) => MoveProblem::NotYourTurn,
        MoveError::GameOver => MoveProblem::GameOver,
    };
    let reason = Some(error.reason());
    PreviewStep {
        text: text.to_string(),
        side,
        played: None,
        problem: Some(problem),
        reason,
    }
}
