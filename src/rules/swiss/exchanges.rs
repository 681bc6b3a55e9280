//! The bracket procedure's order (C.04.3 B): among the pairings that meet
//! the criteria best, the first one the Dutch sequence of transpositions
//! and exchanges would reach. The moved-down players are paired first,
//! each with the highest resident he can have (the heterogeneous part);
//! the remaining residents are split into S1, as many as there are pairs
//! among them, and S2; the fewest exchanges between the halves are
//! wanted, then each S1 player in turn takes the first S2 player he can
//! have without making the rest of the round worse.

use super::brackets::Pairer;
use super::weights::Order;

impl<const L: usize> Pairer<'_, L> {
    /// Settles the pairs of the bracket made of the unsettled places
    /// before `self.end`; who is left floats down.
    pub fn settle_bracket(&mut self) {
        let end = self.end;
        let bracket: Vec<usize> = (0..end).filter(|&p| self.settled[p].is_none()).collect();
        if bracket.len() < 2 {
            return;
        }
        let resident_score = self.score(end - 1);
        let (moved_down, residents): (Vec<usize>, Vec<usize>) = bracket
            .iter()
            .partition(|&&place| self.score(place) > resident_score);
        for &player in &moved_down {
            if self.settled[player].is_some() {
                continue;
            }
            let wanted: Vec<usize> = residents
                .iter()
                .chain(moved_down.iter().filter(|&&other| other > player))
                .copied()
                .collect();
            self.decide(player, &wanted, &|_| Order::default());
        }
        self.settle_homogeneous();
    }

    /// The residents still unsettled, paired as a homogeneous bracket.
    fn settle_homogeneous(&mut self) {
        let end = self.end;
        // Moved-down players still unpaired float on.
        let resident_score = self.score(end - 1);
        let remainder: Vec<usize> = (0..end)
            .filter(|&p| self.settled[p].is_none() && self.score(p) == resident_score)
            .collect();
        let inside = |place: usize| remainder.contains(&place);
        let pairs = remainder
            .iter()
            .filter(|&&p| self.matching.mate(p).is_some_and(inside))
            .count()
            / 2;
        if pairs == 0 {
            return;
        }
        let (first_half, second_half) = remainder.split_at(pairs);
        let in_first = |place: usize| first_half.contains(&place);
        let rank_in = |place: usize| remainder.iter().position(|&p| p == place);
        let natural = |a: usize, b: usize| match (rank_in(a), rank_in(b)) {
            (Some(x), Some(y)) => x.abs_diff(y) == pairs && x.min(y) < pairs,
            _ => false,
        };
        let across = |a: usize, b: usize| Order {
            across: inside(a) && inside(b) && in_first(a) != in_first(b),
            liking: 0,
            natural: natural(a, b),
        };
        for &place in &remainder {
            self.reweigh(place, |other| across(place, other));
        }
        self.matching.solve();
        for &player in &remainder {
            if self.settled[player].is_some() {
                continue;
            }
            let wanted: Vec<usize> = if in_first(player) {
                // Transpositions first; an exchanged S1 player is best
                // taken from the bottom of S1.
                second_half
                    .iter()
                    .chain(first_half.iter().rev())
                    .filter(|&&other| other != player)
                    .copied()
                    .collect()
            } else {
                second_half
                    .iter()
                    .chain(first_half.iter())
                    .filter(|&&other| other > player)
                    .copied()
                    .collect()
            };
            self.decide(player, &wanted, &|other| across(player, other));
        }
    }

    /// Pairs `player` with the first of `wanted` that the best matching
    /// still allows; if it pairs him outside the bracket, he floats.
    fn decide(&mut self, player: usize, wanted: &[usize], order: &dyn Fn(usize) -> Order) {
        // The optimum already gives him his first choice: settling it
        // keeps the matching optimal, no need to solve again.
        let first = wanted
            .iter()
            .copied()
            .find(|&other| self.settled[other].is_none());
        if first.is_some() && self.matching.mate(player) == first {
            if let Some(partner) = first.filter(|&p| p < self.end) {
                self.settle(player, partner);
                return;
            }
        }
        let liking = |other: usize| {
            wanted
                .iter()
                .position(|&w| w == other)
                .map_or(0, |at| (wanted.len() - at) as u64)
        };
        self.reweigh(player, |other| Order {
            liking: liking(other),
            ..order(other)
        });
        self.matching.solve();
        match self.matching.mate(player) {
            Some(partner) if partner < self.end && wanted.contains(&partner) => {
                self.settle(player, partner);
            }
            // The liking only broke ties below every criterion: the
            // matching stays optimal without it.
            _ => self.reweigh(player, order),
        }
    }
}
