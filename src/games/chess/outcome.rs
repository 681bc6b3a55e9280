//! How a game on the 8×8 board ends by the rules: mate, stalemate and the
//! automatic draws of the chess rules page (`templates/en/games/
//! chess.txt`), in that order.

use super::piece::{Color, Role};
use super::position::Position;
use super::square::Bitboard;
use crate::games::{EndReason, Outcome};

/// Judges `pos` just after a move; `occurrences` is how often this position
/// (by [`Position::repetition_key`]) has now stood on the board.
pub(crate) fn judge(pos: &Position, occurrences: usize) -> Option<Outcome> {
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

/// Whether `side` could mate by some series of legal moves, the other
/// side helping: not with a lone king, nor with a king and one minor piece
/// against a lone king (the other side's own pieces could block its king
/// in, so anything more may still mate).
pub(crate) fn could_mate(pos: &Position, side: Color) -> bool {
    let own = pos.by_color(side);
    let theirs = pos.by_color(side.opponent());
    let own_minors = (pos.by_role(Role::Knight) | pos.by_role(Role::Bishop)) & own;
    let own_heavy =
        (pos.by_role(Role::Pawn) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen)) & own;
    if own_heavy.any() || own_minors.count() >= 2 {
        return true;
    }
    own_minors.count() == 1 && theirs.count() > 1
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;
    use crate::games::chess::position::Rules;

    fn could(fen_text: &str, side: Color) -> bool {
        could_mate(&fen::parse(fen_text, Rules::STANDARD).unwrap(), side)
    }

    #[test]
    fn a_lone_king_or_a_lone_minor_against_a_bare_king_cannot_mate() {
        assert!(!could("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Color::White));
        assert!(!could("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", Color::White));
        assert!(!could("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
        assert!(!could("4k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1", Color::White));
    }

    #[test]
    fn a_knight_against_pawns_or_any_heavier_material_may_still_mate() {
        assert!(could("4k3/p7/8/8/8/8/8/3NK3 w - - 0 1", Color::White));
        assert!(could("4k3/8/8/8/8/8/8/2BNK3 w - - 0 1", Color::White));
        assert!(could("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Color::White));
        assert!(could("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Color::White));
    }
}
