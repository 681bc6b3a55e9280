//! The terms every part of the evaluation adds up: a score for the middle
//! game and the ending, and where a square stands (its centrality, how
//! far it is from a side's back rank).

use crate::games::chess::{Color, Square};

/// A term for the middle game and for the ending.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub middle: i32,
    pub end: i32,
}

impl Score {
    pub const fn new(middle: i32, end: i32) -> Score {
        Score { middle, end }
    }

    pub(super) fn add(&mut self, other: Score) {
        self.middle += other.middle;
        self.end += other.end;
    }

    pub(super) fn times(self, n: i32) -> Score {
        Score::new(self.middle * n, self.end * n)
    }
}

/// 0 on the rim up to 3 in the four middle squares.
pub(super) fn centrality(sq: Square) -> i32 {
    let from_middle = |coord: u8| (2 * i32::from(coord) - 7).abs();
    (7 - from_middle(sq.file()).max(from_middle(sq.rank()))) / 2
}

/// How far `color`'s piece on `sq` has come from its own back rank.
pub(super) fn advance(color: Color, sq: Square) -> i32 {
    i32::from(match color {
        Color::White => sq.rank(),
        Color::Black => 7 - sq.rank(),
    })
}
