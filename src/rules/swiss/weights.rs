//! The weight of a possible pair: every criterion of the Dutch system
//! that a pair can help or hurt, one field each, most important first
//! (C.04.3 C.4 to C.19), then a room where the bracket procedure
//! ranks the pairs that meet them equally well. A maximum-weight matching of the players then
//! meets the criteria in their order: no gain in a later field can make
//! up for a loss in an earlier one, as each field is wide enough for its
//! largest total.

use std::collections::HashMap;

use super::facts::{Facts, Float, HalfPoints, History, Strength};
use super::wide::Wide;
use super::Colour;

/// Where a pair stands relative to the bracket being paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// Both outside the bracket and the next score group: only the
    /// completion of the round counts.
    Outside,
    /// Both in the bracket: every criterion counts.
    Bracket,
    /// The lower player is in the next score group (a downfloater's pair
    /// or a pair of the next bracket, C.7).
    Next,
}

/// The bits below every criterion where the bracket procedure ranks
/// the pairs that meet the criteria equally well (`exchanges`).
pub(super) const ROOM_BITS: u32 = 64;

/// The field widths for one round's players.
pub(super) struct Layout {
    /// Bits for a count of players.
    count_bits: u32,
    /// Each score's offset in the score fields: a counter per score
    /// group, the lowest scores in the lowest bits.
    score_shift: HashMap<HalfPoints, u32>,
    score_bits: u32,
    /// Players with this score or less may have the bye (C.2, C.5):
    /// set once the first matching has shown the lowest possible one.
    pub(crate) bye_score: Option<HalfPoints>,
    /// The bracket being paired leaves the bye (its players have the
    /// bye's score): C.9 counts.
    pub(crate) bye_here: bool,
    /// For each count of games played, the rank of the players with the
    /// bye's score who played it, the most games first (C.9: the bye to
    /// the one with the fewest unplayed games).
    pub(crate) played_rank: HashMap<usize, u64>,
    pub(crate) total_rounds: usize,
}

impl Layout {
    pub(crate) fn new(history: &History, entrants: &[usize], total_rounds: usize) -> Self {
        let mut sizes: Vec<(HalfPoints, u32)> = Vec::new();
        for &at in entrants.iter().rev() {
            let score = history.player(at).score;
            match sizes.last_mut() {
                Some((last, size)) if *last == score => *size += 1,
                _ => sizes.push((score, 1)),
            }
        }
        let mut score_shift = HashMap::new();
        let mut score_bits = 0;
        for (score, size) in sizes {
            score_shift.insert(score, score_bits);
            score_bits += bits_for(u64::from(size));
        }
        Layout {
            count_bits: bits_for(entrants.len() as u64) + 1,
            score_shift,
            score_bits,
            bye_score: None,
            bye_here: false,
            played_rank: HashMap::new(),
            total_rounds,
        }
    }

    /// The bits every weight fits in.
    pub(crate) fn weight_bits(&self) -> u32 {
        2 + 12 * self.count_bits + 6 * self.score_bits + ROOM_BITS
    }

    fn score_bit<const L: usize>(&self, score: HalfPoints) -> Wide<L> {
        Wide::bit(self.score_shift.get(&score).copied().unwrap_or(0))
    }

    /// Whether the player may be left for the bye (C.2), and, once the
    /// lowest such score is known, has no more than it.
    fn bye_candidate(&self, facts: &Facts) -> bool {
        facts.bye_eligible && self.bye_score.is_none_or(|score| facts.score <= score)
    }

    /// Sets the ranks of C.9 once the bye's score is known.
    pub(crate) fn rank_played(&mut self, history: &History, entrants: &[usize]) {
        let Some(score) = self.bye_score else {
            return;
        };
        let mut played: Vec<usize> = entrants
            .iter()
            .map(|&at| history.player(at))
            .filter(|facts| facts.score == score)
            .map(|facts| facts.colours.len())
            .collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, games) in played.into_iter().enumerate() {
            self.played_rank.insert(games, rank as u64);
        }
    }

    /// A paired player's part in C.9: pairing those who played fewer
    /// games leaves the bye to one who played more.
    fn unplayed_rank(&self, facts: &Facts, counts: bool) -> u64 {
        if !counts || !self.bye_here || Some(facts.score) != self.bye_score {
            return 0;
        }
        self.played_rank
            .get(&facts.colours.len())
            .copied()
            .unwrap_or(0)
    }

    /// The first question: can every player but one be paired, and who
    /// is best left over (a bye candidate, of as low a score as may be).
    pub(crate) fn opening<const L: usize>(&self, history: &History, a: usize, b: usize) -> Wide<L> {
        if !history.compatible(a, b, self.total_rounds) {
            return Wide::ZERO;
        }
        let (first, second) = (history.player(a), history.player(b));
        // Scores stay below 2^10 half points; their sum over the pairs
        // below 2^(count_bits + 11).
        let level = |facts: &Facts| u64::from(facts.score.min(1023));
        Wide::from_u64(self.completion(first, second)).push_field(
            self.count_bits + 12,
            &Wide::from_u64(level(first) + level(second)),
        )
    }

    fn completion(&self, first: &Facts, second: &Facts) -> u64 {
        1 + u64::from(!self.bye_candidate(first)) + u64::from(!self.bye_candidate(second))
    }

    /// The weight of pairing `higher` (earlier in the pairing order) with
    /// `lower`; zero when the absolute criteria forbid it.
    pub(crate) fn weight<const L: usize>(
        &self,
        history: &History,
        higher: usize,
        lower: usize,
        role: Role,
        room: u64,
    ) -> Wide<L> {
        if !history.compatible(higher, lower, self.total_rounds) {
            return Wide::ZERO;
        }
        let (high, low) = (history.player(higher), history.player(lower));
        let inside = role == Role::Bracket;
        let next = role == Role::Next;
        let count = self.count_bits;
        let flag = |on: bool| Wide::<L>::from_u64(u64::from(on));
        let when = |on: bool, value: Wide<L>| if on { value } else { Wide::ZERO };
        let mut weight = Wide::from_u64(self.completion(high, low))
            .push_field(count, &flag(inside))
            .push_field(self.score_bits, &when(inside, self.score_bit(high.score)))
            .push_field(count, &flag(next))
            .push_field(self.score_bits, &when(next, self.score_bit(high.score)))
            .push_field(
                2 * count,
                &Wide::from_u64(self.unplayed_rank(high, inside || next))
                    .wrapping_add(&Wide::from_u64(self.unplayed_rank(low, inside || next))),
            );
        for criterion in colour_criteria(high, low) {
            weight = weight.push_field(count, &flag(inside && criterion));
        }
        let level = high.score <= low.score;
        for back in [1, 2] {
            let repeated_down = u64::from(low.float(back) == Float::Down)
                + u64::from(level && high.float(back) == Float::Down);
            let repeated_up = !level && low.float(back) == Float::Up;
            weight = weight
                .push_field(count, &when(inside, Wide::from_u64(repeated_down)))
                .push_field(count, &flag(inside && !repeated_up));
        }
        for back in [1, 2] {
            let mut down_scores = Wide::ZERO;
            if inside && low.float(back) == Float::Down {
                down_scores = down_scores.wrapping_add(&self.score_bit(low.score));
            }
            if inside && high.float(back) == Float::Down {
                down_scores = down_scores.wrapping_add(&self.score_bit(high.score));
            }
            let repeated_up = !level && low.float(back) == Float::Up;
            let up_opponent = when(inside && !repeated_up, self.score_bit(high.score));
            weight = weight
                .push_field(self.score_bits, &down_scores)
                .push_field(self.score_bits, &up_opponent);
        }
        weight.push_field(ROOM_BITS, &Wide::from_u64(room))
    }
}

/// The colour criteria a pair meets, in order (C.8 to C.11): no
/// topscorer's colour difference past two, no topscorer with one colour
/// three times running, both preferences granted, both strong
/// preferences granted.
fn colour_criteria(high: &Facts, low: &Facts) -> [bool; 4] {
    let same = high.preference.is_some() && high.preference == low.preference;
    let both_absolute = high.absolute() && low.absolute();
    let difference_kept = !(same && high.imbalance > 1 && low.imbalance > 1);
    let no_third = !(same && both_absolute) || {
        let wanted = high.preference.unwrap_or(Colour::White);
        let denied = wanted.opposite();
        // The one with the smaller difference gives way (E.2); with equal
        // differences either may, so only a shared run of the denied
        // colour breaks the rule.
        match high.imbalance.cmp(&low.imbalance) {
            std::cmp::Ordering::Greater => low.repeated != Some(denied),
            std::cmp::Ordering::Less => high.repeated != Some(denied),
            std::cmp::Ordering::Equal => high.repeated.is_none() || high.repeated != low.repeated,
        }
    };
    let strong = |facts: &Facts| facts.strength >= Strength::Strong;
    let strong_kept = !(same && strong(high) && strong(low) && !both_absolute);
    [difference_kept, no_third, !same, strong_kept]
}

pub(super) fn bits_for(value: u64) -> u32 {
    64 - value.leading_zeros()
}
