//! A static estimate of an Infinite Recursion Chess match for robots'
//! searches: each board still running by its material and mobility, a
//! mega-knight by its state (Armed is a full knight, Frozen a target), and
//! a board already decided by what its result does to the match.

use super::board::BoardId;
use super::mega::MegaState;
use super::round::Match;
use crate::games::chess::evaluate::{army, VALUES};
use crate::games::chess::{self, Color, Role, Square};
use crate::games::Outcome;

/// A decided board: worth nearly a match won or lost.
const BOARD_DECIDED: i32 = 3000;

fn mega_value(state: MegaState) -> i32 {
    match state {
        MegaState::Neutral => 250,
        MegaState::Armed => 400,
        MegaState::Disarmed => 150,
        MegaState::Frozen => 0,
    }
}

/// What a decided board is worth to `side`.
fn decided(result: &Outcome, side: Color) -> i32 {
    match result.winner {
        Some(winner) if winner == side => BOARD_DECIDED,
        Some(_) => -BOARD_DECIDED,
        None => 0,
    }
}

/// What the chess estimate prices any knight at, which a mega-knight's
/// state prices instead.
const KNIGHT: i32 = 310;

/// The match from `side`'s view at a search's horizon: each running board
/// by the chess estimate a search uses, with a move sealed on it played
/// (half way through a round the search has chosen it), its mega-knight
/// priced by its state instead of as a knight, and each decided board by
/// what it does to the match.
pub(crate) fn searched(game: &Match, side: Color) -> i32 {
    let mut score = 0;
    for id in BoardId::ALL {
        let board = game.board(id);
        if let Some(result) = &board.result {
            score += decided(result, side);
            continue;
        }
        let mut position = board.position;
        if let Some(mv) = game.sealed[id.index()] {
            position.play(mv);
        }
        let position = &position;
        score += chess::search::evaluate::evaluate(position, side);
        for sq in position.marked() {
            let sign = match position.piece_at(sq) {
                Some(piece) if piece.color == side => 1,
                _ => -1,
            };
            score += sign * (mega_value(board.mega) - KNIGHT);
        }
    }
    score
}

/// The match from `side`'s view, for a one-move look.
pub(crate) fn evaluate(game: &Match, side: Color) -> i32 {
    let mut score = 0;
    for id in BoardId::ALL {
        let board = game.board(id);
        if let Some(result) = &board.result {
            score += decided(result, side);
            continue;
        }
        let position = &board.position;
        for color in Color::BOTH {
            let sign = if color == side { 1 } else { -1 };
            let value = |role: Role, sq: Square| {
                if role == Role::Knight && position.is_marked(sq) {
                    mega_value(board.mega)
                } else {
                    VALUES[role as usize]
                }
            };
            score += sign * army(position, color, &value);
        }
    }
    score
}
