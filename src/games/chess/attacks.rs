//! Attack tables: leapers by lookup, sliders by magic bitboards.
//!
//! The magic multipliers are found once per process by a seeded search
//! (a few milliseconds), so no table of opaque constants is carried.

use super::piece::Color;
use super::square::{Bitboard, Square};
use std::sync::OnceLock;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

#[derive(Clone, Copy, Default)]
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

struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    between: Vec<[u64; 64]>,
    line: Vec<[u64; 64]>,
    rook: [Magic; 64],
    bishop: [Magic; 64],
    slides: Vec<u64>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

#[inline(always)]
fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

pub fn knight(sq: Square) -> Bitboard {
    Bitboard(tables().knight[sq.index()])
}

pub fn king(sq: Square) -> Bitboard {
    Bitboard(tables().king[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(tables().pawn[color.index()][sq.index()])
}

#[inline(always)]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    Bitboard(t.slides[t.rook[sq.index()].index(occupied.0)])
}

#[inline(always)]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    Bitboard(t.slides[t.bishop[sq.index()].index(occupied.0)])
}

pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// Squares strictly between two squares on one line (empty if not aligned).
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().between[a.index()][b.index()])
}

/// The whole line through two squares, edge to edge (empty if not aligned).
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().line[a.index()][b.index()])
}

fn steps(sq: Square, deltas: &[(i8, i8)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(0, |acc, to| acc | to.bb().0)
}

fn slide(sq: Square, dirs: &[(i8, i8)], occupied: u64) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            attacks |= next.bb().0;
            if occupied & next.bb().0 != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// The squares whose occupancy matters for a slider on `sq`: its rays less
/// the last square of each.
fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            mask |= next.bb().0;
            cur = next;
        }
    }
    mask
}

/// xorshift64*: deterministic, so every process finds the same magics.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i8, i8)], slides: &mut Vec<u64>, rng: &mut Rng) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        // Every subset of the mask (Carry-Rippler enumeration) and its attacks.
        let mut subsets = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            subsets.push((subset, slide(sq, dirs, subset)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let offset = slides.len();
        slides.resize(offset + size, 0);
        let mut used = vec![0u32; size];
        let mut attempt = 0u32;
        let multiplier = loop {
            attempt += 1;
            let candidate = rng.sparse();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            let shift = 64 - bits;
            let fits = subsets.iter().all(|&(occ, attacks)| {
                let i = (occ.wrapping_mul(candidate) >> shift) as usize;
                if used[i] != attempt {
                    used[i] = attempt;
                    slides[offset + i] = attacks;
                    true
                } else {
                    slides[offset + i] == attacks
                }
            });
            if fits {
                break candidate;
            }
        };
        magics[sq.index()] = Magic {
            mask,
            multiplier,
            shift: 64 - bits,
            offset,
        };
    }
    magics
}

impl Tables {
    fn build() -> Tables {
        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for sq in Square::all() {
            knight[sq.index()] = steps(sq, &KNIGHT_STEPS);
            king[sq.index()] = steps(sq, &KING_STEPS);
            pawn[Color::White.index()][sq.index()] = steps(sq, &[(-1, 1), (1, 1)]);
            pawn[Color::Black.index()][sq.index()] = steps(sq, &[(-1, -1), (1, -1)]);
        }
        let mut between = vec![[0u64; 64]; 64];
        let mut line = vec![[0u64; 64]; 64];
        for a in Square::all() {
            for &(df, dr) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
                let full = slide(a, &[(df, dr), (-df, -dr)], 0) | a.bb().0;
                let mut path = 0;
                let mut cur = a;
                while let Some(b) = cur.offset(df, dr) {
                    between[a.index()][b.index()] = path;
                    line[a.index()][b.index()] = full;
                    path |= b.bb().0;
                    cur = b;
                }
            }
        }
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        // Sized at once: grown by doubling it would take a quarter more
        // room than it needs and leave the smaller copies behind.
        let entries: usize = [&ROOK_DIRS[..], &BISHOP_DIRS[..]]
            .iter()
            .flat_map(|dirs| {
                Square::all().map(move |sq| 1usize << relevant_mask(sq, dirs).count_ones())
            })
            .sum();
        let mut slides = Vec::with_capacity(entries);
        let rook = find_magics(&ROOK_DIRS, &mut slides, &mut rng);
        let bishop = find_magics(&BISHOP_DIRS, &mut slides, &mut rng);
        Tables {
            knight,
            king,
            pawn,
            between,
            line,
            rook,
            bishop,
            slides,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn magic_slider_attacks_match_a_plain_ray_walk() {
        let mut rng = Rng(7);
        for _ in 0..2000 {
            let occupied = rng.next() & rng.next();
            for s in Square::all() {
                assert_eq!(
                    rook(s, Bitboard(occupied)).0,
                    slide(s, &ROOK_DIRS, occupied)
                );
                assert_eq!(
                    bishop(s, Bitboard(occupied)).0,
                    slide(s, &BISHOP_DIRS, occupied)
                );
            }
        }
    }

    #[test]
    fn between_and_line_cover_aligned_squares_only() {
        assert_eq!(between(sq("a1"), sq("d4")), sq("b2").bb() | sq("c3").bb());
        assert!(between(sq("a1"), sq("b3")).is_empty());
        assert!(line(sq("a1"), sq("b3")).is_empty());
        assert_eq!(line(sq("e1"), sq("e4")), Bitboard::file(4));
    }

    #[test]
    fn leaper_tables_stay_on_the_board() {
        assert_eq!(knight(sq("a1")), sq("b3").bb() | sq("c2").bb());
        assert_eq!(king(sq("h8")).count(), 3);
        assert_eq!(pawn(Color::White, sq("a2")), sq("b3").bb());
        assert_eq!(pawn(Color::Black, sq("e5")), sq("d4").bb() | sq("f4").bb());
    }
}
