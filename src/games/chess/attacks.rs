//! Attack tables: leapers by lookup, sliders by magic bitboards.
//!
//! Every table is computed at build time (`attack_tables.rs`, run by
//! `build.rs`) and compiled in as a static, so a process pays nothing for
//! them at start-up.

use super::piece::Color;
use super::square::{Bitboard, Square};

struct Magic {
    mask: u64,
    multiplier: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occupied: u64) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.multiplier) >> self.shift) as usize
    }
}

include!(concat!(env!("OUT_DIR"), "/attack_tables.rs"));

#[inline(always)]
pub(crate) fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline(always)]
pub(crate) fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub(crate) fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(match color {
        Color::White => WHITE_PAWN[sq.index()],
        Color::Black => BLACK_PAWN[sq.index()],
    })
}

#[inline(always)]
pub(crate) fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(SLIDES[ROOK[sq.index()].index(occupied.0)])
}

#[inline(always)]
pub(crate) fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(SLIDES[BISHOP[sq.index()].index(occupied.0)])
}

#[inline(always)]
pub(crate) fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// Squares strictly between two squares on one line (empty if not aligned).
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index() * 64 + b.index()])
}

/// The whole line through two squares, edge to edge (empty if not aligned).
#[inline(always)]
pub(crate) fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index() * 64 + b.index()])
}

#[cfg(test)]
mod tests;
