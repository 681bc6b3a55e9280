//! A static estimate of an Infinite Recursion Chess match for robots'
//! searches: each board still running by its material and mobility, a
//! mega-knight by its state (Armed is a full knight, Frozen a target), and
//! a board already decided by what its result does to the match.

use super::board::BoardId;
use super::mega::MegaState;
use super::round::Match;
use crate::games::chess::evaluate::{army, VALUES};
use crate::games::chess::{Color, Role, Square};

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

/// The match from `side`'s view.
pub fn evaluate(game: &Match, side: Color) -> i32 {
    let mut score = 0;
    for id in BoardId::ALL {
        let board = game.board(id);
        if let Some(result) = &board.result {
            score += match result.winner {
                Some(winner) if winner == side => BOARD_DECIDED,
                Some(_) => -BOARD_DECIDED,
                None => 0,
            };
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
