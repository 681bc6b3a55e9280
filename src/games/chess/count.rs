//! Counting legal moves without listing them, perft's last ply: the
//! pieces as the generator sees them, but the pawns that no pin holds
//! as whole sets, a handful of bit counts for all of them.

use super::attacks;
use super::movegen::{forward, last_rank, third_rank, Constraints, MoveCounter};
use super::piece::{Color, Role};
use super::position::Position;
use super::square::Bitboard;

const NOT_A_FILE: Bitboard = Bitboard(!0x0101_0101_0101_0101);
const NOT_H_FILE: Bitboard = Bitboard(!0x8080_8080_8080_8080);

impl Position {
    /// The number of legal moves, a promotion once per role a pawn may
    /// become.
    pub(crate) fn count_legal_moves(&self) -> u64 {
        self.count_moves(self.rules().promotion_roles.len() as u64)
    }

    /// The number of legal moves, each promotion counted `per_promotion`
    /// times (a variant may choose the promoted piece itself).
    pub(crate) fn count_moves(&self, per_promotion: u64) -> u64 {
        let c = self.constraints();
        let mut total = 0u64;
        if let Some(king) = c.king.filter(|&k| c.movers.contains(k)) {
            total += count(self.king_targets(&c, king));
            if c.checkers.more_than_one() {
                return total;
            }
        }
        let mask = c.open & c.check_mask;
        let royal = c.king.map_or(Bitboard::EMPTY, |king| king.bb());
        let movers = c.movers & !royal;
        for from in movers & self.by_role(Role::Knight) & !c.pinned {
            total += count(c.restrict(from, attacks::knight(from) & mask));
        }
        let queens = self.by_role(Role::Queen);
        for from in movers & self.by_role(Role::Bishop) {
            total += count(c.restrict(from, attacks::bishop(from, c.occupied) & mask));
        }
        for from in movers & self.by_role(Role::Rook) {
            total += count(c.restrict(from, attacks::rook(from, c.occupied) & mask));
        }
        for from in movers & queens {
            total += count(c.restrict(from, attacks::queen(from, c.occupied) & mask));
        }
        for from in movers & self.by_role(Role::King) {
            total += count(c.restrict(from, attacks::king(from) & mask));
        }
        let pawns = c.movers & self.by_role(Role::Pawn);
        total += self.count_free_pawns(&c, pawns & !c.pinned, per_promotion);
        for from in pawns & c.pinned {
            let (targets, double) = self.pawn_targets(&c, from);
            total += with_promotions(targets, c.us, per_promotion) + count(double);
        }
        let mut special = MoveCounter::default();
        self.generate_en_passant(&mut special, pawns & !c.capture_less, c.king);
        if c.checkers.is_empty() {
            self.generate_castling(&mut special, c.us, c.king.is_some());
        }
        total + special.0
    }

    /// The moves of pawns no pin holds, set by set: steps, double steps
    /// and the captures to either side.
    fn count_free_pawns(&self, c: &Constraints, pawns: Bitboard, per_promotion: u64) -> u64 {
        let empty = !c.occupied;
        let single = forward(c.us, pawns) & empty;
        let double = forward(c.us, single & Bitboard::rank(third_rank(c.us))) & empty;
        let takers = pawns & !c.capture_less;
        let ahead = forward(c.us, takers).0;
        // A step to the side from the a-file (h-file) would wrap round.
        let left = Bitboard(ahead >> 1) & NOT_H_FILE & c.capturable;
        let right = Bitboard(ahead << 1) & NOT_A_FILE & c.capturable;
        let mask = c.check_mask;
        // Steps go to empty squares and captures to full ones, and a
        // double step passes over an empty square where no pawn could
        // step from: only the two kinds of capture can share a target.
        with_promotions((single | double | left) & mask, c.us, per_promotion)
            + with_promotions(right & mask, c.us, per_promotion)
    }
}

/// The squares of a set, with nothing to count for an empty one (most
/// pieces of a crowded board have no move at all).
#[inline(always)]
fn count(targets: Bitboard) -> u64 {
    if targets.is_empty() {
        0
    } else {
        u64::from(targets.count())
    }
}

/// Pawn targets counted once, or `per_promotion` times on the last rank.
#[inline(always)]
fn with_promotions(targets: Bitboard, color: Color, per_promotion: u64) -> u64 {
    let last = Bitboard::rank(last_rank(color));
    let promoting = targets & last;
    let plain = count(targets & !last);
    if promoting.any() {
        plain + count(promoting) * per_promotion
    } else {
        plain
    }
}
