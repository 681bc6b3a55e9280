//! The robot's move where it acts now: iterative deepening over its
//! moves, one level deeper each round until the depth or the time runs
//! out, the best of the last round searched first in the next.

use super::search::{level_step, Searcher, INFINITY};
use super::{Halt, Rng, Strength, Thought, WIN};
use crate::games::{Searchable, Side};
use std::time::{Duration, Instant};

/// The table's size, in bits of slots: larger for a longer think, which
/// searches more positions (a slot is about 32 bytes).
pub(super) fn table_bits(think: Duration) -> u32 {
    if think <= Duration::from_secs(1) {
        18
    } else {
        20
    }
}

/// One of the robot's moves at the root.
#[derive(Clone, Copy)]
struct Candidate<M> {
    mv: M,
    /// What the robot's weakness adds to the move's score.
    noise: i32,
    /// Its score by the deepest search that reached it, noise included.
    judged: i32,
}

pub(super) fn choose<N: Searchable>(
    mut node: N,
    me: Side,
    strength: &Strength,
    halt: &Halt<'_>,
    rng: &mut Rng,
) -> Thought {
    let mut moves = Vec::new();
    node.moves(me, &mut moves);
    if moves.is_empty() {
        return Thought::none(node.evaluate(me), false);
    }
    // Equal moves are tried, and chosen, in a random order; what wins
    // material first.
    rng.shuffle(&mut moves);
    moves.sort_by_key(|&mv| std::cmp::Reverse(node.gain(me, mv)));
    let mut candidates: Vec<Candidate<N::Move>> = moves
        .into_iter()
        .map(|mv| Candidate {
            mv,
            noise: rng.spread(strength.noise),
            judged: -INFINITY,
        })
        .collect();
    let deadline = Instant::now() + strength.think;
    let mut searcher = Searcher::new(me, deadline, *halt, table_bits(strength.think));
    let mut finished = 0;
    for depth in 1..=strength.depth.max(1) {
        let scored = round(
            &mut node,
            me,
            depth as i32,
            &candidates,
            strength,
            &mut searcher,
        );
        if scored.is_empty() && finished > 0 {
            break;
        }
        candidates = reordered(&candidates, scored);
        finished = depth;
        if searcher.stopped || candidates[0].judged.abs() > WIN / 2 {
            break;
        }
    }
    let best = candidates[0];
    let score = if best.judged == -INFINITY {
        node.evaluate(me)
    } else {
        best.judged
    };
    Thought {
        choice: Some(node.notation(me, best.mv)),
        score,
        depth: finished,
        nodes: searcher.nodes,
        halted: searcher.halted,
    }
}

/// One round of the deepening: each candidate searched `depth` deep, in
/// order, until the search stops; (index, judged score) of each finished.
fn round<N: Searchable>(
    node: &mut N,
    me: Side,
    depth: i32,
    candidates: &[Candidate<N::Move>],
    strength: &Strength,
    searcher: &mut Searcher<'_, N>,
) -> Vec<(usize, i32)> {
    let mut scored = Vec::with_capacity(candidates.len());
    let mut alpha = -INFINITY;
    let depth = depth + 1 - level_step(node);
    for (index, candidate) in candidates.iter().enumerate() {
        let undo = node.play(me, candidate.mv);
        // A move that cannot beat the best even with the most noise
        // needs only a bound; noise never hides a forced result.
        let floor = alpha.saturating_sub(2 * strength.noise).max(-INFINITY);
        let mut score = if index == 0 {
            -INFINITY
        } else {
            searcher.value(node, me, depth - 1, floor, floor + 1, 1)
        };
        if index == 0 || (score > floor && !searcher.stopped) {
            score = searcher.value(node, me, depth - 1, floor, INFINITY, 1);
        }
        node.undo(undo);
        if searcher.stopped {
            break;
        }
        let judged = if score.abs() > WIN / 2 {
            score
        } else {
            score + candidate.noise
        };
        alpha = alpha.max(judged);
        scored.push((index, judged));
    }
    scored
}

/// The candidates in the order the next depth searches them. A depth cut
/// short still counts for the moves it scored: they were the best
/// before, searched first, and are now judged deeper. They go first,
/// best first; the others after them, in their old order.
fn reordered<M: Copy>(
    candidates: &[Candidate<M>],
    mut scored: Vec<(usize, i32)>,
) -> Vec<Candidate<M>> {
    scored.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    let mut taken = vec![false; candidates.len()];
    let mut next = Vec::with_capacity(candidates.len());
    for &(index, judged) in &scored {
        taken[index] = true;
        next.push(Candidate {
            judged,
            ..candidates[index]
        });
    }
    next.extend(
        candidates
            .iter()
            .enumerate()
            .filter(|(index, _)| !taken[*index])
            .map(|(_, candidate)| *candidate),
    );
    next
}
