//! How a game on the 8×8 board ends by the rules: mate, stalemate and the
//! automatic draws of RULES.md §1, in that order.

use super::piece::{Color, Role};
use super::position::Position;
use super::square::Bitboard;
use crate::games::{EndReason, Outcome};

/// Judges `pos` just after a move; `occurrences` is how often this position
/// (by [`Position::repetition_key`]) has now stood on the board.
pub fn judge(pos: &Position, occurrences: usize) -> Option<Outcome> {
    if pos.count_legal_moves() == 0 {
        return Some(if pos.is_check() {
            Outcome::win(pos.turn().opponent(), EndReason::Checkmate)
        } else {
            Outcome::draw(EndReason::Stalemate)
        });
    }
    if occurrences >= 3 {
        return Some(Outcome::draw(EndReason::ThreefoldRepetition));
    }
    if pos.halfmove_clock() >= 100 {
        return Some(Outcome::draw(EndReason::FiftyMoveRule));
    }
    if is_dead_position(pos) {
        return Some(Outcome::draw(EndReason::InsufficientMaterial));
    }
    None
}

/// K v K, K+B v K, K+N v K, and K+B v K+B with both bishops on one colour.
pub fn is_dead_position(pos: &Position) -> bool {
    let heavy = pos.by_role(Role::Pawn) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    if heavy.any() {
        return false;
    }
    let minors = pos.by_role(Role::Knight) | pos.by_role(Role::Bishop);
    match minors.count() {
        0 | 1 => true,
        2 => {
            let bishops = pos.by_role(Role::Bishop);
            let one_each = Color::BOTH
                .iter()
                .all(|&c| (bishops & pos.by_color(c)).count() == 1);
            one_each && same_colour_squares(bishops)
        }
        _ => false,
    }
}

fn same_colour_squares(squares: Bitboard) -> bool {
    let mut colours = squares.map(|sq| sq.is_light());
    match colours.next() {
        Some(first) => colours.all(|c| c == first),
        None => true,
    }
}
