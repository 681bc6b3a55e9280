//! A static estimate of a Progression Chess position for robots'
//! searches: the 8×8 material and mobility, each piece priced partly by
//! what it turns into when it next moves (its owner's list), kings by how
//! many are left (losing the last loses), and a list by what it makes of
//! moving pieces and promoting pawns.

use super::board::{Board, Man};
use super::kind::Kind;
use super::list::ProgressionList;
use crate::games::chess::evaluate::{army, VALUES};
use crate::games::chess::{Color, Role, Square};

/// A pawn, as every 8×8 game prices it.
pub(crate) const PAWN: i32 = VALUES[Role::Pawn as usize];

/// What taking a King is worth to a search's move order, before anything
/// else: it may end the game.
const KING_TAKEN: i32 = 1500;

/// What a kind is worth once it stands on the board; a King reached by
/// progression is one more life.
pub(crate) fn kind_value(kind: Kind) -> i32 {
    match kind {
        Kind::King => 600,
        other => VALUES[other.role() as usize],
    }
}

/// What taking `man` wins at once.
pub(crate) fn man_value(man: Man) -> i32 {
    match man {
        Man::Pawn => PAWN,
        Man::Piece(Kind::King) => KING_TAKEN,
        Man::Piece(kind) => kind_value(kind),
    }
}

/// The kings of one side: the last one is the game.
fn kings_value(count: u32) -> i32 {
    match count {
        0 => 0,
        n => 2000 + 300 * (n as i32 - 1),
    }
}

/// A board-phase position from `side`'s view.
pub(crate) fn board(board: &Board, side: Color) -> i32 {
    let one_side = |color: Color| {
        let list = board.list(color);
        let best_promotion = board
            .promotion_kinds(color)
            .iter()
            .map(|&kind| kind_value(kind))
            .max()
            .unwrap_or(VALUES[Role::Queen as usize]);
        let value = |role: Role, sq: Square| match board.man_at(sq) {
            Some((_, Man::Piece(Kind::King))) => 0,
            Some((_, Man::Piece(kind))) => (3 * kind_value(kind) + kind_value(list.next(kind))) / 4,
            // A pawn is worth more the nearer it is to becoming what its
            // owner's list promotes it to.
            _ if role == Role::Pawn => {
                let advance = i32::from(match color {
                    Color::White => sq.rank(),
                    Color::Black => 7 - sq.rank(),
                });
                100 + (best_promotion - 100) * advance.saturating_sub(3).max(0) / 12
            }
            _ => VALUES[role as usize],
        };
        army(board.position(), color, &value) + kings_value(board.kings(color).count())
    };
    one_side(side) - one_side(side.opponent())
}

/// How good a list is for its owner: pawns promoting to a strong kind,
/// pieces that move often turning into strong kinds, and a piece that
/// becomes a King (one more life).
pub(crate) fn list(list: &ProgressionList, promote_first: Kind) -> i32 {
    let how_often = |kind: Kind| match kind {
        Kind::King => 1,
        Kind::Queen | Kind::Rook | Kind::LittleRook => 3,
        _ => 4,
    };
    let progression: i32 = Kind::ALL
        .iter()
        .map(|&kind| how_often(kind) * (kind_value(list.next(kind)) - kind_value(kind)))
        .sum();
    progression / 8 + kind_value(promote_first) / 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_better_promoting_to_a_queen() {
        let list_of = |text: &str| ProgressionList::parse(text).unwrap();
        let queen_first = list_of("QRrNnBbK");
        // The same list, promoting to its little bishop instead.
        assert!(list(&queen_first, Kind::Queen) > list(&queen_first, Kind::LittleBishop));
    }
}
