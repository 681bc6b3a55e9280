//! Alpha-beta minimax with iterative deepening for games where one side
//! acts at a time. Scores are always from the robot's side; a node
//! maximises when the robot acts there and minimises otherwise, so a turn
//! of two actions by one side is simply two levels of the same kind.

use super::{Halt, Rng, Strength, Thought, WIN};
use crate::games::{Game, Side};
use std::collections::HashMap;
use std::time::Instant;

/// Beyond any score a position can have.
const INFINITY: i32 = WIN + 1;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// What a look in the position table gives.
enum Known {
    Score(i32),
    Best(Option<String>),
}

#[derive(Clone, Debug)]
struct Entry {
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<String>,
}

/// Positions kept at most; the table is cleared when it is full.
const TABLE_SIZE: usize = 200_000;

/// Where a side has more moves than this (Spherical Chess 324 has about
/// 300 an action), only the `BEAM` best of the last, shallower search are
/// searched deeper: a full width would never get past one level.
const WIDE: usize = 60;
const BEAM: usize = 24;

/// Positions searched between two looks at the clock and the halt: few
/// enough that even Spherical Chess 324's take well under a second.
const LOOK_EVERY: u64 = 256;

pub(super) struct Searcher<'a> {
    me: Side,
    deadline: Instant,
    halt: Halt<'a>,
    pub nodes: u64,
    /// The deadline passed or the halt came: every score since is
    /// worthless.
    pub stopped: bool,
    /// It was the halt.
    pub halted: bool,
    table: HashMap<u64, Entry>,
}

/// The score of a finished game for the robot, sooner wins better.
pub(super) fn final_score(game: &dyn Game, me: Side, ply: u32) -> Option<i32> {
    let outcome = game.outcome()?;
    Some(match outcome.winner {
        Some(winner) if winner == me => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
        None => 0,
    })
}

/// Moves most likely to be good first: the table's best, then captures.
fn order(moves: &mut [String], best: Option<&str>) {
    moves.sort_by_key(|text| {
        if Some(text.as_str()) == best {
            0
        } else if text.contains('x') {
            1
        } else {
            2
        }
    });
}

impl<'a> Searcher<'a> {
    pub fn new(me: Side, deadline: Instant, halt: Halt<'a>) -> Searcher<'a> {
        Searcher {
            me,
            deadline,
            halt,
            nodes: 0,
            stopped: false,
            halted: false,
            table: HashMap::new(),
        }
    }

    /// Stops the search when its time is up or its halt came.
    fn look_at_the_time(&mut self) {
        if self.halt.is_due() {
            self.halted = true;
            self.stopped = true;
        } else if Instant::now() >= self.deadline {
            self.stopped = true;
        }
    }

    /// Who acts at this node: the robot when it owes an action (in a
    /// simultaneous round it is taken to act first, the cautious view),
    /// else the first side that owes one.
    fn mover(&self, game: &dyn Game) -> Option<Side> {
        let to_move = game.to_move();
        if to_move.contains(&self.me) {
            Some(self.me)
        } else {
            to_move.first().copied()
        }
    }

    /// The position's score searched `depth` actions deep, within
    /// `alpha..beta`.
    pub fn value(&mut self, game: &dyn Game, depth: u32, ply: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(LOOK_EVERY) {
            self.look_at_the_time();
        }
        if self.stopped {
            return 0;
        }
        if let Some(score) = final_score(game, self.me, ply) {
            return score;
        }
        let Some(mover) = self.mover(game) else {
            return game.evaluate(self.me);
        };
        if depth == 0 {
            return game.evaluate(self.me);
        }
        let key = game.position_key();
        let best_known = match key.map(|key| self.known(key, depth, alpha, beta)) {
            Some(Known::Score(score)) => return score,
            Some(Known::Best(best)) => best,
            None => None,
        };
        let mut moves = game.legal_moves(mover);
        if moves.is_empty() {
            return game.evaluate(self.me);
        }
        order(&mut moves, best_known.as_deref());
        let maximising = mover == self.me;
        let (mut low, mut high) = (alpha, beta);
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        for text in moves {
            let mut child = game.clone_game();
            if child.play(mover, &text).is_err() {
                continue;
            }
            let score = self.value(child.as_ref(), depth - 1, ply + 1, low, high);
            if self.stopped {
                return 0;
            }
            if (maximising && score > best) || (!maximising && score < best) {
                best = score;
                best_move = Some(text);
            }
            if maximising {
                low = low.max(score);
            } else {
                high = high.min(score);
            }
            if low >= high {
                break;
            }
        }
        if let Some(key) = key {
            let bound = if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.remember(key, depth, best, bound, best_move);
        }
        best
    }

    /// What the table knows of a position: a score good enough to use at
    /// this depth and window, or only the best move found before.
    fn known(&self, key: u64, depth: u32, alpha: i32, beta: i32) -> Known {
        let Some(entry) = self.table.get(&key) else {
            return Known::Best(None);
        };
        let usable = entry.depth >= depth
            && match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
        if usable {
            Known::Score(entry.score)
        } else {
            Known::Best(entry.best.clone())
        }
    }

    /// Keeps a searched position's score, starting the table afresh when
    /// it is full.
    fn remember(&mut self, key: u64, depth: u32, score: i32, bound: Bound, best: Option<String>) {
        if self.table.len() >= TABLE_SIZE {
            self.table.clear();
        }
        self.table.insert(
            key,
            Entry {
                depth,
                score,
                bound,
                best,
            },
        );
    }
}

/// The robot's move where it alone acts now: every candidate searched a
/// level deeper each round until the depth or the time runs out.
pub(super) fn choose(
    game: &dyn Game,
    me: Side,
    strength: &Strength,
    halt: &Halt<'_>,
    rng: &mut Rng,
) -> Thought {
    let mut candidates: Vec<(String, i32)> = game
        .legal_moves(me)
        .into_iter()
        .map(|text| (text, 0))
        .collect();
    if candidates.is_empty() {
        return Thought::none(game, me, false);
    }
    // Equal moves are tried, and chosen, in a random order.
    rng.shuffle(&mut candidates);
    let noise: Vec<i32> = candidates
        .iter()
        .map(|_| rng.spread(strength.noise))
        .collect();
    let mut noisy: Vec<(String, i32, i32)> = candidates
        .into_iter()
        .zip(noise)
        .map(|((text, score), noise)| (text, score, noise))
        .collect();
    let mut searcher = Searcher::new(me, Instant::now() + strength.think, *halt);
    let mut finished = 0;
    let mut best_score = game.evaluate(me);
    for depth in 1..=strength.depth.max(1) {
        // (index into `noisy`, score with noise)
        let mut scored: Vec<(usize, i32)> = Vec::with_capacity(noisy.len());
        let mut alpha = -INFINITY;
        let width = if depth >= 2 && noisy.len() > WIDE {
            BEAM
        } else {
            noisy.len()
        };
        for (index, (text, _, noise)) in noisy.iter().enumerate().take(width) {
            let mut child = game.clone_game();
            if child.play(me, text).is_err() {
                continue;
            }
            // A move that cannot beat the best even with the most noise
            // needs only a bound; noise never hides a forced result.
            let floor = alpha.saturating_sub(2 * strength.noise + 1);
            let score = searcher.value(child.as_ref(), depth - 1, 1, floor, INFINITY);
            if searcher.stopped {
                break;
            }
            let judged = if score.abs() > WIN / 2 {
                score
            } else {
                score + noise
            };
            alpha = alpha.max(judged);
            scored.push((index, judged));
        }
        if scored.is_empty() && finished > 0 {
            break;
        }
        noisy = reordered(&noisy, scored);
        best_score = noisy[0].1;
        finished = depth;
        if searcher.stopped || best_score.abs() > WIN / 2 {
            break;
        }
    }
    Thought {
        choice: Some(noisy[0].0.clone()),
        score: best_score,
        depth: finished,
        nodes: searcher.nodes,
        halted: searcher.halted,
    }
}

/// The moves in the order the next depth searches them. A depth cut
/// short still counts for the moves it scored: they were the best
/// before, searched first, and are now judged deeper. They go first,
/// best first; the others after them.
fn reordered(
    noisy: &[(String, i32, i32)],
    mut scored: Vec<(usize, i32)>,
) -> Vec<(String, i32, i32)> {
    scored.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    let mut taken = vec![false; noisy.len()];
    let mut next = Vec::with_capacity(noisy.len());
    for (index, judged) in &scored {
        taken[*index] = true;
        let (text, _, noise) = &noisy[*index];
        next.push((text.clone(), *judged, *noise));
    }
    for (index, entry) in noisy.iter().enumerate() {
        if !taken[index] {
            next.push((entry.0.clone(), -INFINITY, entry.2));
        }
    }
    next
}
