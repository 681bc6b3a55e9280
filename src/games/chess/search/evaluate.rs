//! The estimate of a chess position at a search's horizon. Each term is
//! weighed twice, for the middle game and for the ending, and the two are
//! blended by the material left (fewer pieces, more ending): material,
//! where each piece stands, how far it reaches, the pawns (passed,
//! doubled, isolated), the king's shelter and the attacks on it, and,
//! once one side is far ahead in an ending, the bare king driven to the
//! edge. Infinite Recursion Chess weighs each of its boards by it too.

mod king;
mod pawns;
mod terms;

use crate::games::chess::attacks;
use crate::games::chess::{Bitboard, Color, Position, Role, Square};
pub use terms::Score;
use terms::{advance, centrality};

/// Material by role, middle game and ending.
const MATERIAL: [Score; 6] = [
    Score::new(90, 110),
    Score::new(320, 300),
    Score::new(335, 315),
    Score::new(480, 530),
    Score::new(950, 960),
    Score::new(0, 0),
];

/// How much of the middle game is left, 0 (bare kings and pawns) to
/// [`FULL_PHASE`] (every piece on the board).
pub(crate) const FULL_PHASE: i32 = 24;

fn phase(position: &Position) -> i32 {
    let count = |role| position.by_role(role).count() as i32;
    let phase =
        count(Role::Knight) + count(Role::Bishop) + 2 * count(Role::Rook) + 4 * count(Role::Queen);
    phase.min(FULL_PHASE)
}

/// The blend of a score's two parts at `phase`.
fn blend(score: Score, phase: i32) -> i32 {
    (score.middle * phase + score.end * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Where each piece is worth most: knights and bishops in the centre,
/// rooks on the seventh rank, the king at home behind its pawns while
/// queens are about and in the centre in the ending (pawns are judged in
/// `pawns.rs`).
fn standing(role: Role, color: Color, sq: Square) -> Score {
    let centre = centrality(sq);
    let rank = advance(color, sq);
    match role {
        Role::Knight => Score::new(centre * 12 - 20, centre * 8 - 12),
        Role::Bishop => Score::new(centre * 5 - 5 + i32::from(rank == 0) * -10, centre * 4),
        Role::Rook => Score::new(
            if rank == 6 { 20 } else { 0 },
            if rank == 6 { 15 } else { 0 },
        ),
        Role::Queen => Score::new(centre * 2 - i32::from(rank > 3) * 10, centre * 5),
        Role::King => {
            let sheltered = match sq.file() {
                0 | 1 | 2 | 6 | 7 => 20,
                _ => 0,
            };
            Score::new(sheltered - 30 * rank.min(2), centre * 12 - 18)
        }
        Role::Pawn => Score::default(),
    }
}

/// Each square a piece reaches counts, less the squares enemy pawns
/// guard; knights and bishops gain most per square.
fn reach(position: &Position, role: Role, sq: Square, free: Bitboard) -> Score {
    let occupied = position.occupied();
    let (targets, weight) = match role {
        Role::Knight => (attacks::knight(sq), Score::new(4, 4)),
        Role::Bishop => (attacks::bishop(sq, occupied), Score::new(5, 5)),
        Role::Rook => (attacks::rook(sq, occupied), Score::new(2, 4)),
        Role::Queen => (attacks::queen(sq, occupied), Score::new(1, 2)),
        _ => return Score::default(),
    };
    weight.times((targets & free).count() as i32)
}

/// Squares `color`'s pawns attack.
fn pawn_attacks(position: &Position, color: Color) -> Bitboard {
    let pawns = position.pieces(color, Role::Pawn).0;
    let west = pawns & !Bitboard::file(0).0;
    let east = pawns & !Bitboard::file(7).0;
    Bitboard(match color {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    })
}

/// One side's pieces: material, standing and reach, bishop pair, rooks
/// on open files.
fn pieces(position: &Position, color: Color) -> Score {
    let own = position.by_color(color);
    let free = !own & !pawn_attacks(position, color.opponent());
    let all_pawns = position.by_role(Role::Pawn);
    let mut score = Score::default();
    for role in Role::ALL {
        for sq in position.pieces(color, role) {
            score.add(MATERIAL[role.index()]);
            score.add(standing(role, color, sq));
            score.add(reach(position, role, sq, free));
            if role == Role::Rook {
                let file = Bitboard::file(sq.file());
                if (file & all_pawns).is_empty() {
                    score.add(Score::new(25, 10));
                } else if (file & all_pawns & own).is_empty() {
                    score.add(Score::new(12, 5));
                }
            }
        }
    }
    if position.pieces(color, Role::Bishop).count() >= 2 {
        score.add(Score::new(30, 50));
    }
    score
}

/// A chess position from `side`'s view.
pub(crate) fn evaluate(position: &Position, side: Color) -> i32 {
    let phase = phase(position);
    let mut score = [Score::default(); 2];
    for color in Color::BOTH {
        let part = &mut score[color.index()];
        part.add(pieces(position, color));
        part.add(pawns::structure(position, color));
        part.add(king::safety(position, color));
    }
    let of = |color: Color| blend(score[color.index()], phase);
    let balance = of(side) - of(side.opponent());
    balance + king::mop_up(position, side, balance, phase)
}

#[cfg(test)]
mod tests;
