//! The round paired bracket by bracket, from the top score down (C.04.3
//! B): each bracket's players, the ones moved down into it first, are
//! weighed against each other and against the next score group, the
//! matching finds the best that can be done, and the bracket procedure
//! (`exchanges`) settles who plays whom. Players left unpaired move down
//! into the next bracket; the one left at the end has the bye.

use super::facts::{HalfPoints, History};
use super::matching::Matching;
use super::weights::{Layout, Role};
use super::NoValidPairing;

/// The pairs as (higher, lower) history indices, and the bye.
pub(super) type Paired = (Vec<(usize, usize)>, Option<usize>);

/// Pairs the entrants (indices into the history, in pairing order):
/// the pairs as (higher, lower) indices and the bye.
pub(super) fn pair(
    history: &History,
    entrants: &[usize],
    total_rounds: usize,
) -> Result<Paired, NoValidPairing> {
    if entrants.len() < 2 {
        return Ok((Vec::new(), entrants.first().copied()));
    }
    let layout = Layout::new(history, entrants, total_rounds);
    let needed = layout.weight_bits() + 4;
    // The narrowest width that holds the weights: the solver's time
    // grows with it.
    match needed.div_ceil(64) {
        0..=2 => Pairer::<2>::run(history, entrants, layout),
        3 => Pairer::<3>::run(history, entrants, layout),
        4 => Pairer::<4>::run(history, entrants, layout),
        5..=6 => Pairer::<6>::run(history, entrants, layout),
        7..=8 => Pairer::<8>::run(history, entrants, layout),
        9..=12 => Pairer::<12>::run(history, entrants, layout),
        13..=16 => Pairer::<16>::run(history, entrants, layout),
        17..=32 => Pairer::<32>::run(history, entrants, layout),
        _ => Err(NoValidPairing::TooLarge),
    }
}

/// One round's pairing under way. Vertices of the matching are places in
/// the pairing order.
pub(super) struct Pairer<'a, const L: usize> {
    pub(crate) history: &'a History,
    /// The history's index of the player at each place.
    pub(crate) entrants: &'a [usize],
    pub(crate) layout: Layout,
    pub(crate) matching: Matching<L>,
    /// The partner settled for each place.
    pub(crate) settled: Vec<Option<usize>>,
    /// The bracket being paired ends before this place, the next score
    /// group before `next_end`.
    pub(crate) end: usize,
    next_end: usize,
}

impl<'a, const L: usize> Pairer<'a, L> {
    fn run(
        history: &'a History,
        entrants: &'a [usize],
        layout: Layout,
    ) -> Result<Paired, NoValidPairing> {
        let n = entrants.len();
        let matching = Matching::<L>::new(n, layout.weight_bits());
        let mut pairer = Pairer {
            history,
            entrants,
            layout,
            matching,
            settled: vec![None; n],
            end: 0,
            next_end: 0,
        };
        pairer.open()?;
        let groups = pairer.score_groups();
        for (at, &(_, end)) in groups.iter().enumerate() {
            let next_end = groups.get(at + 1).map_or(end, |&(_, next_end)| next_end);
            pairer.weigh_bracket(end, next_end);
            pairer.settle_bracket();
        }
        pairer.finish()
    }

    pub(crate) fn score(&self, place: usize) -> HalfPoints {
        self.history.player(self.entrants[place]).score
    }

    /// The first matching: whether the round can be paired at all, and
    /// the lowest score the bye may go to.
    fn open(&mut self) -> Result<(), NoValidPairing> {
        let n = self.entrants.len();
        for a in 0..n {
            for b in 0..a {
                let weight = self
                    .layout
                    .opening(self.history, self.entrants[a], self.entrants[b]);
                self.matching.set_weight(a, b, weight);
            }
        }
        self.matching.solve();
        let exposed: Vec<usize> = (0..n)
            .filter(|&v| self.matching.mate(v).is_none())
            .collect();
        let eligible = |place: &usize| self.history.player(self.entrants[*place]).bye_eligible;
        if exposed.len() > 1 || !exposed.iter().all(eligible) {
            return Err(NoValidPairing::AbsoluteCriteria);
        }
        self.layout.bye_score = exposed.first().map(|&place| self.score(place));
        self.layout.rank_played(self.history, self.entrants);
        for a in 0..n {
            self.reweigh(a, |_| Some(0));
        }
        Ok(())
    }

    /// The places of each score group, as (start, end).
    fn score_groups(&self) -> Vec<(usize, usize)> {
        let mut groups: Vec<(usize, usize)> = Vec::new();
        for place in 0..self.entrants.len() {
            match groups.last_mut() {
                Some((start, end)) if self.score(*start) == self.score(place) => *end = place + 1,
                _ => groups.push((place, place + 1)),
            }
        }
        groups
    }

    /// Weighs the pairs of the bracket (the unsettled places before
    /// `end`) and of the next score group (up to `next_end`).
    fn weigh_bracket(&mut self, end: usize, next_end: usize) {
        self.end = end;
        self.next_end = next_end;
        let score = self.score(end - 1);
        self.layout.bye_here = self.layout.bye_score.is_some_and(|bye| score <= bye);
        for place in 0..next_end {
            if self.settled[place].is_none() {
                self.reweigh(place, |_| Some(0));
            }
        }
        self.solve();
    }

    /// How the pair of places `a` and `b` stands to the bracket.
    fn role(&self, a: usize, b: usize) -> Role {
        let lower = a.max(b);
        if lower < self.end {
            Role::Bracket
        } else if lower < self.next_end {
            Role::Next
        } else {
            Role::Outside
        }
    }

    /// Matches the players whose partners are not settled yet.
    pub(crate) fn solve(&mut self) {
        let active: Vec<bool> = self.settled.iter().map(Option::is_none).collect();
        self.matching.solve_among(&active);
    }

    /// Sets every edge of `place` to its unsettled players afresh, with
    /// `room(other)` in the room below the criteria (None: no edge).
    pub(crate) fn reweigh(&mut self, place: usize, room: impl Fn(usize) -> Option<u64>) {
        for other in 0..self.entrants.len() {
            if other == place {
                continue;
            }
            let weight = match room(other) {
                Some(room) if self.settled[other].is_none() => {
                    let (higher, lower) = (place.min(other), place.max(other));
                    self.layout.weight(
                        self.history,
                        self.entrants[higher],
                        self.entrants[lower],
                        self.role(place, other),
                        room,
                    )
                }
                _ => super::wide::Wide::ZERO,
            };
            self.matching.set_weight(place, other, weight);
        }
    }

    /// Settles `a` against `b`: the matching keeps only their edge.
    pub(crate) fn settle(&mut self, a: usize, b: usize) {
        let kept = self.matching.weight(a, b);
        for place in [a, b] {
            for other in 0..self.entrants.len() {
                if other != a && other != b {
                    self.matching
                        .set_weight(place, other, super::wide::Wide::ZERO);
                }
            }
        }
        self.matching.set_weight(a, b, kept);
        self.settled[a] = Some(b);
        self.settled[b] = Some(a);
    }

    fn finish(self) -> Result<Paired, NoValidPairing> {
        let mut pairs = Vec::new();
        let mut left = Vec::new();
        for (place, partner) in self.settled.iter().enumerate() {
            match partner {
                Some(other) if place < *other => {
                    pairs.push((self.entrants[place], self.entrants[*other]))
                }
                Some(_) => {}
                None => left.push(self.entrants[place]),
            }
        }
        match left.as_slice() {
            [] => Ok((pairs, None)),
            [bye] if self.history.player(*bye).bye_eligible => Ok((pairs, Some(*bye))),
            _ => Err(NoValidPairing::AbsoluteCriteria),
        }
    }
}
