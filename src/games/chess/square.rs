//! Squares of the 8×8 board and bitboards of them.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A square, a1 = 0, b1 = 1, …, h8 = 63 (rank-major from White's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(rank * 8 + file)
    }

    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = a-file.
    pub(crate) const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 = rank 1.
    pub(crate) const fn rank(self) -> u8 {
        self.0 >> 3
    }

    pub(crate) const fn bb(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// The square `df` files and `dr` ranks away, if still on the board.
    pub(crate) fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        ((0..8).contains(&file) && (0..8).contains(&rank))
            .then(|| Square::from_coords(file as u8, rank as u8))
    }

    /// Parses `e4`; anything else is `None`.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        let rank = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        let file = file_from_char(file)?;
        let rank = rank_from_char(rank)?;
        Some(Square::from_coords(file, rank))
    }

    #[cfg(test)]
    pub(crate) fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Whether the square is light (h1 is light).
    pub(crate) fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }
}

pub(crate) fn file_from_char(c: char) -> Option<u8> {
    ('a'..='h').contains(&c).then(|| c as u8 - b'a')
}

pub(crate) fn rank_from_char(c: char) -> Option<u8> {
    ('1'..='8').contains(&c).then(|| c as u8 - b'1')
}

pub(crate) fn file_char(file: u8) -> char {
    (b'a' + file) as char
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_char(self.file()), self.rank() + 1)
    }
}

/// A set of squares, one bit per square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub(crate) const EMPTY: Bitboard = Bitboard(0);
    pub(crate) const ALL: Bitboard = Bitboard(!0);

    pub(crate) const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xff << (8 * rank))
    }

    pub(crate) const fn file(file: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub(crate) const fn any(self) -> bool {
        self.0 != 0
    }

    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    pub(crate) const fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub(crate) const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square(self.0.trailing_zeros() as u8))
    }

    pub fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.0)
    }

    pub(crate) fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.0))
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}
