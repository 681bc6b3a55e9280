//! The bracket procedure's order (C.04.3 B): among the pairings that meet
//! the criteria best, the one the Dutch sequence of transpositions and
//! exchanges reaches first. In the bracket's heterogeneous part the
//! highest moved-down players that can be paired are, each with the
//! highest resident he can have. The remainder is split into S1, as many
//! players as it makes pairs, and S2; the pairing wants the fewest
//! players exchanged between them, then the smallest difference between
//! the sums of the exchanged players' numbers, then the lowest of S1 and
//! the highest of S2 exchanged first; each player of the resulting S1 in
//! turn takes the highest opponent he can (S2 transpositions in
//! lexicographic order).
//!
//! Each choice is a tie among pairings equal by the criteria, broken by
//! a value in the weights' room (`weights::ROOM_BITS`) and one more
//! matching. Players who choose in turn choose together where their
//! preferences fit in the room side by side, the first in the highest
//! bits: one matching settles them all as if they had chosen one by one.

use super::brackets::Pairer;
use super::weights::{bits_for, ROOM_BITS};

/// A remainder player tried for an exchange (`Remainder::room`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Probe {
    None,
    /// S1's player at this index, to be left out of S1 if he can.
    OutOfS1(usize),
    /// S2's player at this index, to be brought into S1 if he can.
    IntoS1(usize),
}

/// The remainder of a bracket (its residents not paired with moved-down
/// players) while the exchanges are settled.
struct Remainder {
    places: Vec<usize>,
    /// The pairs it makes: S1 is its first `pairs` players.
    pairs: usize,
    /// Bits for a sum over its pairs.
    width: u32,
    /// Players that may not be the higher of a pair in it, and players
    /// that must be.
    out_of_s1: Vec<bool>,
    into_s1: Vec<bool>,
}

impl Remainder {
    fn index(&self, place: usize) -> Option<usize> {
        self.places.iter().position(|&p| p == place)
    }

    /// The room of the edge between remainder players `a` and `b`:
    /// a pair across S1 and S2 first, then the highest possible higher
    /// player (the sums of exchanged numbers), then the probe.
    fn room(&self, a: usize, b: usize, probe: Probe) -> Option<u64> {
        let (high, low) = (a.min(b), a.max(b));
        if self.out_of_s1[high] || self.into_s1[low] {
            return None;
        }
        let mut tried = 1;
        if probe == Probe::OutOfS1(high) {
            tried = 0;
        }
        if probe == Probe::IntoS1(high) {
            tried = 2;
        }
        let width = u64::from(self.width);
        let across = u64::from(high < self.pairs);
        let lowered = (self.places.len() - high) as u64;
        Some(across << (3 * width) | lowered << width | tried)
    }
}

impl<const L: usize> Pairer<'_, L> {
    /// Settles the pairs of the bracket made of the unsettled places
    /// before `self.end`; who is left floats down.
    pub(crate) fn settle_bracket(&mut self) {
        let end = self.end;
        let bracket: Vec<usize> = (0..end).filter(|&p| self.settled[p].is_none()).collect();
        if bracket.len() < 2 {
            return;
        }
        let resident_score = self.score(end - 1);
        let (moved_down, residents): (Vec<usize>, Vec<usize>) = bracket
            .iter()
            .partition(|&&place| self.score(place) > resident_score);
        if !moved_down.is_empty() {
            let chosen = self.choose_moved_down(&moved_down, &residents);
            let opponents = |pairer: &Self, _: usize| {
                residents
                    .iter()
                    .copied()
                    .filter(|&r| pairer.settled[r].is_none())
                    .collect()
            };
            self.choose_in_turn(&chosen, &opponents, &|_, _| Some(0));
        }
        self.settle_remainder(&residents);
    }

    fn mate_among(&self, place: usize, among: &[usize]) -> bool {
        self.matching
            .mate(place)
            .is_some_and(|m| among.contains(&m))
    }

    /// The moved-down players to pair in the bracket: as many of each
    /// score as the criteria allow, the highest first.
    fn choose_moved_down(&mut self, moved_down: &[usize], residents: &[usize]) -> Vec<usize> {
        let paired = moved_down
            .iter()
            .filter(|&&p| self.mate_among(p, residents))
            .count();
        if moved_down[..paired]
            .iter()
            .all(|&p| self.mate_among(p, residents))
        {
            return moved_down[..paired].to_vec();
        }
        let tried = moved_down.len().min(ROOM_BITS as usize - 1);
        for (at, &player) in moved_down[..tried].iter().enumerate() {
            let bit = 1 << (tried - 1 - at);
            self.reweigh(player, |other| {
                Some(if residents.contains(&other) { bit } else { 0 })
            });
        }
        self.solve();
        for &player in &moved_down[..tried] {
            self.reweigh(player, |_| Some(0));
        }
        moved_down
            .iter()
            .copied()
            .filter(|&p| self.mate_among(p, residents))
            .collect()
    }

    /// Each of `choosers` in turn takes the first of his `wanted` players
    /// (unsettled, in his order of preference) that the best pairing
    /// still allows; `room` weighs the other edges (None: no edge). A
    /// chooser who can have none of them is left unsettled.
    fn choose_in_turn(
        &mut self,
        choosers: &[usize],
        wanted: &dyn Fn(&Self, usize) -> Vec<usize>,
        room: &dyn Fn(usize, usize) -> Option<u64>,
    ) {
        let mut at = 0;
        while at < choosers.len() {
            let player = choosers[at];
            let first = self.reachable(player, wanted).next();
            if first.is_none() || self.settled[player].is_some() {
                at += 1;
                continue;
            }
            // The optimum already gives him his first choice: settling it
            // keeps the matching optimal.
            if self.matching.mate(player) == first {
                self.settle(player, first.unwrap_or(player));
                at += 1;
                continue;
            }
            // The next choosers whose preferences fit side by side.
            let mut group: Vec<(usize, Vec<usize>, u32)> = Vec::new();
            let mut used = 0;
            while let Some(&next) = choosers.get(at) {
                let list: Vec<usize> = self.reachable(next, wanted).collect();
                let width = bits_for(list.len() as u64);
                if !group.is_empty() && used + width >= ROOM_BITS {
                    break;
                }
                used += width;
                group.push((next, list, width));
                at += 1;
            }
            let mut shift = used;
            for (chooser, list, width) in &group {
                shift -= width;
                let liking = |other: usize| {
                    let base = room(*chooser, other)?;
                    let rank = list.iter().position(|&w| w == other);
                    Some(base + rank.map_or(0, |r| ((list.len() - r) as u64) << shift))
                };
                self.reweigh(*chooser, liking);
            }
            self.solve();
            for (chooser, list, _) in group {
                match self.matching.mate(chooser) {
                    Some(mate) if list.contains(&mate) && self.settled[mate].is_none() => {
                        self.settle(chooser, mate)
                    }
                    _ => self.reweigh(chooser, |other| room(chooser, other)),
                }
            }
        }
    }
}

impl<const L: usize> Pairer<'_, L> {
    /// The wanted players `player` has an edge to.
    fn reachable(
        &self,
        player: usize,
        wanted: &dyn Fn(&Self, usize) -> Vec<usize>,
    ) -> impl Iterator<Item = usize> + '_ {
        wanted(self, player)
            .into_iter()
            .filter(move |&other| !self.matching.weight(player, other).is_zero())
    }

    /// The residents not paired with moved-down players, paired as a
    /// homogeneous remainder.
    fn settle_remainder(&mut self, residents: &[usize]) {
        let places: Vec<usize> = residents
            .iter()
            .copied()
            .filter(|&p| self.settled[p].is_none())
            .collect();
        let pairs = places
            .iter()
            .filter(|&&p| {
                self.matching
                    .mate(p)
                    .is_some_and(|m| m < p && places.contains(&m))
            })
            .count();
        if pairs == 0 {
            return;
        }
        let size = places.len();
        let mut remainder = Remainder {
            places,
            pairs,
            width: bits_for(size as u64) + 1,
            out_of_s1: vec![false; size],
            into_s1: vec![false; size],
        };
        let exchanges = self.weigh_exchanges(&remainder);
        if exchanges > 0 {
            self.exchange_out_of_s1(&mut remainder, exchanges);
            self.exchange_into_s1(&mut remainder, exchanges);
        }
        let s1: Vec<bool> = (0..size).map(|i| self.higher_in(&remainder, i)).collect();
        let index = |place: usize| remainder.index(place);
        let kept = |a: usize, b: usize| match (index(a), index(b)) {
            (Some(x), Some(y)) => (s1[x.min(y)] && !s1[x.max(y)]).then_some(0),
            _ => Some(0),
        };
        for &place in &remainder.places {
            self.reweigh(place, |other| kept(place, other));
        }
        let choosers: Vec<usize> = (0..size)
            .filter(|&i| s1[i])
            .map(|i| remainder.places[i])
            .collect();
        let opponents = |pairer: &Self, player: usize| {
            remainder
                .places
                .iter()
                .copied()
                .filter(|&p| p > player && pairer.settled[p].is_none())
                .collect()
        };
        self.choose_in_turn(&choosers, &opponents, &kept);
    }

    /// Whether the remainder's player at `index` is the higher of a pair
    /// in it: in S1.
    fn higher_in(&self, remainder: &Remainder, index: usize) -> bool {
        let place = remainder.places[index];
        self.matching
            .mate(place)
            .is_some_and(|m| m > place && remainder.index(m).is_some())
    }

    /// Sets the edges of the remainder's player at `index`.
    fn reweigh_in(&mut self, remainder: &Remainder, index: usize, probe: Probe) {
        let place = remainder.places[index];
        self.reweigh(place, |other| match remainder.index(other) {
            Some(at) => remainder.room(index, at, probe),
            // Brought into S1, he may not float.
            None => (!remainder.into_s1[index]).then_some(0),
        });
    }

    /// Weighs the exchanges and finds how many S1 needs.
    fn weigh_exchanges(&mut self, remainder: &Remainder) -> usize {
        let exchanged = |pairer: &Self| {
            (0..remainder.pairs)
                .filter(|&i| !pairer.higher_in(remainder, i))
                .count()
        };
        // S1 against S2 already: no exchange can do better.
        if exchanged(self) == 0 {
            return 0;
        }
        for index in 0..remainder.places.len() {
            self.reweigh_in(remainder, index, Probe::None);
        }
        self.solve();
        exchanged(self)
    }

    /// Leaves S1's players out of it from its lowest up, each if the
    /// best pairing allows, until S1 has given up its exchanged players.
    fn exchange_out_of_s1(&mut self, remainder: &mut Remainder, exchanges: usize) {
        let mut left = exchanges;
        for index in (0..remainder.pairs).rev() {
            if left == 0 {
                break;
            }
            if self.higher_in(remainder, index) {
                self.reweigh_in(remainder, index, Probe::OutOfS1(index));
                self.solve();
            }
            if !self.higher_in(remainder, index) {
                left -= 1;
                remainder.out_of_s1[index] = true;
            }
            self.reweigh_in(remainder, index, Probe::None);
        }
    }

    /// Brings S2's players into S1 from its highest down, each if the
    /// best pairing allows; the last is fixed by the sums of numbers.
    fn exchange_into_s1(&mut self, remainder: &mut Remainder, exchanges: usize) {
        let mut left = exchanges;
        for index in remainder.pairs..remainder.places.len() {
            if left <= 1 {
                break;
            }
            if !self.higher_in(remainder, index) {
                self.reweigh_in(remainder, index, Probe::IntoS1(index));
                self.solve();
            }
            if self.higher_in(remainder, index) {
                left -= 1;
                remainder.into_s1[index] = true;
            }
            self.reweigh_in(remainder, index, Probe::None);
        }
    }
}
