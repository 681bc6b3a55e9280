//! The order a node's moves are searched in, best first so that the rest
//! are cut off soonest: the table's move, then what wins material (the
//! most first), then the quiet moves that refuted another position at
//! the same depth (killers), then by how often a move refuted any
//! (history).

use crate::games::Side;
use std::hash::{Hash, Hasher};

/// Killer moves kept per ply.
const KILLERS: usize = 2;
/// Slots of the history table.
const HISTORY_BITS: u32 = 14;
/// History scores are halved when one reaches this, so old lessons fade.
const HISTORY_CAP: i32 = 1 << 20;

const TABLE_MOVE: i32 = 1 << 30;
const WINNING: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;

pub(crate) struct Ordering<M> {
    killers: Vec<[Option<M>; KILLERS]>,
    history: Vec<i32>,
}

/// A quick hash of a move and its side, to find its history slot.
fn slot<M: Hash>(side: Side, mv: &M) -> usize {
    struct Fold(u64);
    impl Hasher for Fold {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &byte in bytes {
                self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3);
            }
        }
    }
    let mut hasher = Fold(0xCBF2_9CE4_8422_2325 ^ side.index() as u64);
    mv.hash(&mut hasher);
    let mixed = hasher.0 ^ (hasher.0 >> 29);
    (mixed as usize) & ((1 << HISTORY_BITS) - 1)
}

impl<M: Copy + Eq + Hash> Ordering<M> {
    pub(crate) fn new() -> Ordering<M> {
        Ordering {
            killers: Vec::new(),
            history: vec![0; 1 << HISTORY_BITS],
        }
    }

    /// How early `mv` is searched; `gain` is what it wins at once.
    pub(crate) fn rank(&self, side: Side, mv: M, gain: i32, best: Option<M>, ply: u32) -> i32 {
        if best == Some(mv) {
            return TABLE_MOVE;
        }
        if gain > 0 {
            return WINNING + gain;
        }
        if let Some(killers) = self.killers.get(ply as usize) {
            if let Some(at) = killers.iter().position(|k| *k == Some(mv)) {
                return KILLER - at as i32;
            }
        }
        self.history[slot(side, &mv)]
    }

    /// A quiet move that cut the search off at `ply`, `depth` deep.
    pub(crate) fn refuted(&mut self, side: Side, mv: M, depth: i32, ply: u32) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; KILLERS]);
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let entry = &mut self.history[slot(side, &mv)];
        *entry += depth * depth;
        if *entry >= HISTORY_CAP {
            for value in &mut self.history {
                *value /= 2;
            }
        }
    }
}

/// Ranks `moves` and sorts them, highest rank first, into `ranked`.
pub(crate) fn ranked<M: Copy>(moves: &[M], rank: impl Fn(M) -> i32, ranked: &mut Vec<(i32, M)>) {
    ranked.clear();
    ranked.extend(moves.iter().map(|&mv| (rank(mv), mv)));
    ranked.sort_by_key(|entry| std::cmp::Reverse(entry.0));
}
