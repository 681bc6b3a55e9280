//! The king: its shelter of pawns and the enemy pieces that bear on the
//! squares around it while the middle game lasts, and in an ending far
//! ahead, the bare king driven to the edge and our own king brought up.

use super::terms::{centrality, Score};
use crate::games::chess::attacks;
use crate::games::chess::{Bitboard, Color, Position, Role, Square};

/// What an enemy piece bearing on a square next to the king counts.
fn attack_weight(role: Role) -> i32 {
    match role {
        Role::Knight | Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 5,
        _ => 0,
    }
}

/// The squares in front of a king of `color` on `sq`, `ranks` ranks
/// ahead, on its file and the two beside it.
fn in_front(color: Color, sq: Square, ranks: i8) -> Bitboard {
    let forward = match color {
        Color::White => ranks,
        Color::Black => -ranks,
    };
    (-1..=1)
        .filter_map(|file| sq.offset(file, forward))
        .fold(Bitboard::EMPTY, Bitboard::with)
}

pub(crate) fn safety(position: &Position, color: Color) -> Score {
    let Some(king) = position.pieces(color, Role::King).first() else {
        return Score::default();
    };
    let pawns = position.pieces(color, Role::Pawn);
    let home = match color {
        Color::White => king.rank() <= 1,
        Color::Black => king.rank() >= 6,
    };
    let mut shelter = 0;
    if home {
        shelter += 12 * (pawns & in_front(color, king, 1)).count() as i32;
        shelter += 6 * (pawns & in_front(color, king, 2)).count() as i32;
    }
    let zone = attacks::king(king).with(king);
    let them = color.opponent();
    let occupied = position.occupied();
    let (mut units, mut attackers) = (0, 0);
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in position.pieces(them, role) {
            let reach = match role {
                Role::Knight => attacks::knight(sq),
                Role::Bishop => attacks::bishop(sq, occupied),
                Role::Rook => attacks::rook(sq, occupied),
                _ => attacks::queen(sq, occupied),
            };
            let hits = (reach & zone).count() as i32;
            if hits > 0 {
                attackers += 1;
                units += attack_weight(role) * hits;
            }
        }
    }
    let danger = if attackers >= 2 {
        (units * units / 2).min(400)
    } else {
        0
    };
    Score::new(shelter - danger, 0)
}

/// In an ending where one side is far ahead (`balance`, from `side`'s
/// view), the side ahead gains as the other king nears the edge and its
/// own king comes close: the search alone would not see a mate that far.
pub(crate) fn mop_up(position: &Position, side: Color, balance: i32, phase: i32) -> i32 {
    if phase > 12 || balance.abs() < 250 {
        return 0;
    }
    let (winner, sign) = if balance > 0 {
        (side, 1)
    } else {
        (side.opponent(), -1)
    };
    let (Some(strong), Some(weak)) = (
        position.pieces(winner, Role::King).first(),
        position.pieces(winner.opponent(), Role::King).first(),
    ) else {
        return 0;
    };
    let apart = (i32::from(strong.file()) - i32::from(weak.file())).abs()
        + (i32::from(strong.rank()) - i32::from(weak.rank())).abs();
    sign * (12 * (3 - centrality(weak)) + 4 * (14 - apart))
}
