//! The table of positions already scored (a transposition table): a
//! fixed number of slots, one per key's low bits, each holding the whole
//! key so another position in the same slot is never taken for it.

use super::WIN;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    key: u64,
    pub(crate) best: Option<M>,
    score: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
}

impl<M: Copy> Entry<M> {
    /// The stored score as seen from `ply` plies below the root: a win
    /// or loss is counted from there again.
    pub(crate) fn score(&self, ply: u32) -> i32 {
        from_table(self.score, ply)
    }

    /// The score if it settles the search of a node `depth` deep within
    /// `alpha..beta`.
    pub(crate) fn cut(&self, depth: i32, alpha: i32, beta: i32, ply: u32) -> Option<i32> {
        if self.depth < depth {
            return None;
        }
        let score = self.score(ply);
        match self.bound {
            Bound::Exact => Some(score),
            Bound::Lower if score >= beta => Some(score),
            Bound::Upper if score <= alpha => Some(score),
            _ => None,
        }
    }
}

/// A win or loss is stored counted from the node, not the root, so it
/// means the same wherever the node comes up again.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > WIN / 2 {
        score + ply as i32
    } else if score < -WIN / 2 {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > WIN / 2 {
        score - ply as i32
    } else if score < -WIN / 2 {
        score + ply as i32
    } else {
        score
    }
}

pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots.
    pub(crate) fn new(bits: u32) -> Table<M> {
        let size = 1usize << bits;
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    pub(crate) fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[key as usize & self.mask]
            .as_ref()
            .filter(|entry| entry.key == key)
    }

    /// Keeps a node's result. A slot holding another position gives way;
    /// one holding the same position keeps the deeper search unless
    /// this one found a move.
    pub(crate) fn store(&mut self, key: u64, entry: (i32, i32, Bound, Option<M>), ply: u32) {
        let (depth, score, bound, best) = entry;
        let slot = &mut self.slots[key as usize & self.mask];
        if let Some(old) = slot {
            if old.key == key && old.depth > depth && best.is_none() {
                return;
            }
        }
        let best = best.or_else(|| slot.filter(|old| old.key == key).and_then(|old| old.best));
        *slot = Some(Entry {
            key,
            best,
            score: to_table(score, ply),
            depth,
            bound,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_stored_deep_in_the_search_counts_its_plies_from_where_it_is_read() {
        let mut table: Table<u8> = Table::new(4);
        // A mate 3 plies below a node 5 plies from the root.
        table.store(42, (2, WIN - 8, Bound::Exact, Some(1)), 5);
        let entry = table.probe(42).unwrap();
        assert_eq!(entry.score(5), WIN - 8);
        // The same node met 2 plies from the root: the mate is nearer.
        assert_eq!(entry.score(2), WIN - 5);
        assert_eq!(entry.cut(3, -WIN, WIN, 5), None, "too shallow");
        assert_eq!(entry.cut(2, -WIN, WIN, 5), Some(WIN - 8));
        // Another key in the same slot is not this position.
        assert!(table.probe(42 + 16).is_none());
    }
}
