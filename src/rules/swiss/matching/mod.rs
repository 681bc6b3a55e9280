//! Maximum-weight matching on a general graph: Edmonds' primal-dual
//! blossom method in Galil's O(n³) form, after the well-known
//! description by Joris van Rantwijk. Weights are wide integers (the
//! pairing packs every criterion into one), so the duals stay integers:
//! the duals of the outer vertices keep one parity, and an edge between
//! two of them has an even slack to halve.
//!
//! Each `solve` starts afresh from the current edges; the callers change
//! a few edges between solves.

mod search;

use super::wide::Wide;
use search::NONE;

/// A graph of `n` vertices with wide weights (zero: no edge).
pub(crate) struct Matching<const L: usize> {
    n: usize,
    weights: Vec<Wide<L>>,
    mate: Vec<usize>,
}

impl<const L: usize> Matching<L> {
    /// A graph of `n` vertices and no edges. `weight_bits` bounds the
    /// weights; the solver needs two bits more within `L` limbs.
    pub(crate) fn new(n: usize, weight_bits: u32) -> Self {
        debug_assert!(weight_bits + 2 <= Wide::<L>::BITS);
        Matching {
            n,
            weights: vec![Wide::ZERO; n * n],
            mate: vec![NONE; n],
        }
    }

    pub(crate) fn weight(&self, a: usize, b: usize) -> Wide<L> {
        self.weights[a * self.n + b]
    }

    /// Sets the edge between `a` and `b` (zero removes it).
    pub(crate) fn set_weight(&mut self, a: usize, b: usize, weight: Wide<L>) {
        if a == b || a >= self.n || b >= self.n {
            return;
        }
        self.weights[a * self.n + b] = weight;
        self.weights[b * self.n + a] = weight;
    }

    /// A vertex's partner in the matching found by the last solve.
    pub(crate) fn mate(&self, vertex: usize) -> Option<usize> {
        self.mate.get(vertex).copied().filter(|&mate| mate != NONE)
    }

    /// Finds a maximum-weight matching of the current edges.
    pub(crate) fn solve(&mut self) {
        self.solve_among(&vec![true; self.n]);
    }

    /// Finds a maximum-weight matching of the edges between the vertices
    /// marked `active`; the others are left unmatched. Leaving out the
    /// vertices whose partners are settled keeps the search small.
    pub(crate) fn solve_among(&mut self, active: &[bool]) {
        let vertices: Vec<usize> = (0..self.n).filter(|&v| active[v]).collect();
        let mut edges = Vec::new();
        for (i, &a) in vertices.iter().enumerate() {
            for (j, &b) in vertices.iter().enumerate().skip(i + 1) {
                let weight = self.weights[a * self.n + b];
                if !weight.is_zero() {
                    edges.push((i, j, weight));
                }
            }
        }
        let mut search = search::Search::new(vertices.len(), edges);
        search.run();
        self.mate = vec![NONE; self.n];
        for (i, partner) in search.partners().into_iter().enumerate() {
            if partner != NONE {
                self.mate[vertices[i]] = vertices[partner];
            }
        }
    }
}

#[cfg(test)]
mod tests;
