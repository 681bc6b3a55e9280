//! A static estimate of an 8×8 position for robots' searches: material,
//! where the pieces stand, and how far they reach (mobility). Progression
//! Chess and Infinite Recursion Chess build on it.

use super::attacks;
use super::{Color, Position, Role, Square};

/// Centipawns by role: pawn, knight, bishop, rook, queen, king (a king is
/// priced by each game, not here).
pub(crate) const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// 0 on the rim up to 3 in the four middle squares.
fn centrality(sq: Square) -> i32 {
    let from_middle = |coord: u8| (2 * i32::from(coord) - 7).abs();
    (7 - from_middle(sq.file()).max(from_middle(sq.rank()))) / 2
}

/// What `role` is worth standing on `sq` for its owner `color`, besides
/// its material: pawns gain as they advance (more in the middle files),
/// knights and bishops in the centre, rooks on the seventh rank.
pub(crate) fn placement(role: Role, color: Color, sq: Square) -> i32 {
    let advance = i32::from(match color {
        Color::White => sq.rank(),
        Color::Black => 7 - sq.rank(),
    });
    match role {
        Role::Pawn => {
            let steps = (advance - 1).max(0);
            let middle = if (2..=5).contains(&sq.file()) { 2 } else { 0 };
            steps * steps * 2 + steps * middle
        }
        Role::Knight => centrality(sq) * 10 - 10,
        Role::Bishop => centrality(sq) * 5,
        Role::Rook if advance == 6 => 20,
        Role::Queen => centrality(sq) * 2,
        _ => 0,
    }
}

/// Squares a piece reaches that its own side does not occupy.
fn reach(position: &Position, role: Role, sq: Square, own: super::Bitboard) -> i32 {
    let occupied = position.occupied();
    let targets = match role {
        Role::Knight => attacks::knight(sq),
        Role::Bishop => attacks::bishop(sq, occupied),
        Role::Rook => attacks::rook(sq, occupied),
        Role::Queen => attacks::queen(sq, occupied),
        _ => return 0,
    };
    (targets & !own).count() as i32
}

/// Mobility weights: a square reached by a knight or bishop counts more
/// than one reached by a queen, which reaches many anyway.
fn mobility_weight(role: Role) -> i32 {
    match role {
        Role::Knight | Role::Bishop => 4,
        Role::Rook => 2,
        Role::Queen => 1,
        _ => 0,
    }
}

/// One side's pieces, priced by `value` (role and square), with the
/// placement and mobility above: the part every 8×8 game shares.
pub(crate) fn army(position: &Position, color: Color, value: &dyn Fn(Role, Square) -> i32) -> i32 {
    let own = position.by_color(color);
    let mut score = 0;
    for role in Role::ALL {
        for sq in position.pieces(color, role) {
            score += value(role, sq)
                + placement(role, color, sq)
                + mobility_weight(role) * reach(position, role, sq, own);
        }
    }
    if position.pieces(color, Role::Bishop).count() >= 2 {
        score += 30;
    }
    score
}

/// Standard chess: both armies at the standard values, from `side`'s view.
pub(crate) fn standard(position: &Position, side: Color) -> i32 {
    let value = |role: Role, _: Square| VALUES[role as usize];
    army(position, side, &value) - army(position, side.opponent(), &value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;
    use crate::games::chess::position::Rules;

    fn score(text: &str, side: Color) -> i32 {
        standard(&fen::parse(text, Rules::STANDARD).unwrap(), side)
    }

    #[test]
    fn the_start_is_even_and_a_queen_up_is_far_ahead() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(score(start, Color::White), 0);
        let queen_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(score(queen_up, Color::White) > 800);
        assert_eq!(
            score(queen_up, Color::White),
            -score(queen_up, Color::Black)
        );
    }

    #[test]
    fn developed_knights_and_advanced_pawns_score_better() {
        let home = "4k3/8/8/8/8/8/4P3/1N2K3 w - - 0 1";
        let out = "4k3/8/8/4P3/8/2N5/8/4K3 w - - 0 1";
        assert!(score(out, Color::White) > score(home, Color::White));
    }
}
