//! The pawns of one side: how far each has come, whether it is passed
//! (no enemy pawn ahead on its file or the next), doubled or isolated.

use super::terms::{advance, Score};
use crate::games::chess::{Bitboard, Color, Position, Role, Square};

/// By ranks advanced (0 for the starting rank, 5 for the seventh).
const ADVANCE_MIDDLE: [i32; 8] = [0, 0, 4, 10, 20, 30, 40, 0];
const ADVANCE_END: [i32; 8] = [0, 0, 5, 10, 20, 35, 55, 0];
const PASSED_MIDDLE: [i32; 8] = [0, 5, 10, 15, 25, 45, 70, 0];
const PASSED_END: [i32; 8] = [0, 10, 20, 35, 60, 100, 150, 0];
const DOUBLED: Score = Score::new(-10, -20);
const ISOLATED: Score = Score::new(-12, -18);

/// The files beside `file` and, with `own`, the file itself.
fn files_around(file: u8, own: bool) -> Bitboard {
    let mut files = Bitboard::EMPTY;
    if file > 0 {
        files |= Bitboard::file(file - 1);
    }
    if file < 7 {
        files |= Bitboard::file(file + 1);
    }
    if own {
        files |= Bitboard::file(file);
    }
    files
}

/// The ranks ahead of `sq` for a pawn of `color`.
fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
    let rank = u32::from(sq.rank());
    Bitboard(match color {
        Color::White => (!0u64).checked_shl(8 * (rank + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    })
}

pub(crate) fn structure(position: &Position, color: Color) -> Score {
    let own = position.pieces(color, Role::Pawn);
    let theirs = position.pieces(color.opponent(), Role::Pawn);
    let mut score = Score::default();
    for sq in own {
        let steps = (advance(color, sq) - 1).clamp(0, 7) as usize;
        let central = i32::from((2..=5).contains(&sq.file()) && (2..=4).contains(&steps));
        score.add(Score::new(
            ADVANCE_MIDDLE[steps] + 8 * central,
            ADVANCE_END[steps],
        ));
        let ahead = ranks_ahead(color, sq);
        if (theirs & ahead & files_around(sq.file(), true)).is_empty() {
            score.add(Score::new(PASSED_MIDDLE[steps], PASSED_END[steps]));
        }
        if (own & ahead & Bitboard::file(sq.file())).any() {
            score.add(DOUBLED);
        }
        if (own & files_around(sq.file(), false)).is_empty() {
            score.add(ISOLATED);
        }
    }
    score
}
