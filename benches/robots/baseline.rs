//! Today's search, as it stood before the search on typed moves, kept
//! as the baseline the robots' benchmark measures the new one against:
//! alpha-beta over the boxed [`Game`] and its move texts (a clone of the
//! whole game per node, every move parsed again), and regret matching
//! for sealed rounds. Copied from `src/robot/search.rs` and
//! `src/robot/simultaneous.rs` at commit 8709b70 with only what the
//! benchmark does not need left out (the halted flag, the resigning).

use pbem::games::{Game, Side};
use pbem::robot::{Halt, Rng, Strength, WIN};
use std::collections::HashMap;
use std::time::Instant;

/// What the baseline makes of a position.
pub struct Thought {
    pub choice: Option<String>,
}

impl Thought {
    fn none(_game: &dyn Game, _side: Side) -> Thought {
        Thought { choice: None }
    }
}

/// The baseline's move for `side`, as `pbem::robot::think` chose it.
pub fn think(game: &dyn Game, side: Side, strength: &Strength, rng: &mut Rng) -> Thought {
    let to_move = game.to_move();
    if !to_move.contains(&side) {
        return Thought::none(game, side);
    }
    let halt = Halt::never();
    if to_move.len() > 1 {
        simultaneous::choose(game, side, strength, &halt, rng)
    } else {
        choose(game, side, strength, &halt, rng)
    }
}

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

struct Searcher<'a> {
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
fn final_score(game: &dyn Game, me: Side, ply: u32) -> Option<i32> {
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
fn choose(
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
        return Thought::none(game, me);
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
    let _ = (best_score, finished);
    Thought {
        choice: Some(noisy[0].0.clone()),
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

/// Regret matching for a round of sealed moves.
mod simultaneous {
    use super::{final_score, Halt, Rng, Searcher, Strength, Thought, WIN};
    use pbem::games::{Game, Side};
    use std::time::Instant;

    /// Rounds of regret matching: enough for the average strategy to settle
    /// on matrices of a few dozen rows and columns.
    const ROUNDS: usize = 400;

    /// The other side's replies considered at most; beyond this a random
    /// sample stands for them.
    const MOST_REPLIES: usize = 40;

    /// Searched deeper, only the replies that hurt most at the level before
    /// are kept: a deeper table of every pair would not finish in time.
    const DEEPER_REPLIES: usize = 10;

    /// The scores of each of the robot's moves (rows) against each reply
    /// (columns), searched `depth` levels after the pair; `None` if the
    /// deadline passed first.
    fn payoffs(
        game: &dyn Game,
        me: Side,
        mine: &[String],
        theirs: &[String],
        depth: u32,
        searcher: &mut Searcher<'_>,
    ) -> Option<Vec<Vec<i32>>> {
        let them = me.opponent();
        let mut table = Vec::with_capacity(mine.len());
        for my_move in mine {
            let mut after_mine = game.clone_game();
            if after_mine.play(me, my_move).is_err() {
                table.push(vec![-WIN; theirs.len()]);
                continue;
            }
            let mut row = Vec::with_capacity(theirs.len());
            for reply in theirs {
                let mut both = after_mine.clone_game();
                let score = match both.play(them, reply) {
                    Ok(_) => match final_score(both.as_ref(), me, 2) {
                        Some(score) => score,
                        None => searcher.value(both.as_ref(), depth, 2, -WIN - 1, WIN + 1),
                    },
                    // A reply the robot's move made illegal cannot be played.
                    Err(_) => WIN,
                };
                if searcher.stopped {
                    return None;
                }
                row.push(score);
            }
            table.push(row);
        }
        Some(table)
    }

    /// The `keep` replies (columns) that leave the robot the least on
    /// average over its moves.
    fn most_hurtful(table: &[Vec<i32>], theirs: &[String], keep: usize) -> Vec<String> {
        let mut columns: Vec<(i64, usize)> = (0..theirs.len())
            .map(|c| (table.iter().map(|row| i64::from(row[c])).sum(), c))
            .collect();
        columns.sort();
        columns
            .into_iter()
            .take(keep)
            .map(|(_, c)| theirs[c].clone())
            .collect()
    }

    /// The row player's mixed strategy of a zero-sum game, by regret
    /// matching for both players; the average strategy approaches a Nash
    /// equilibrium.
    fn equilibrium(table: &[Vec<i32>]) -> Vec<f64> {
        let rows = table.len();
        let columns = table.first().map_or(0, Vec::len);
        if rows == 0 || columns == 0 {
            return vec![1.0; rows];
        }
        let mut row_regret = vec![0.0f64; rows];
        let mut column_regret = vec![0.0f64; columns];
        let mut row_total = vec![0.0f64; rows];
        let strategy = |regret: &[f64]| {
            let positive: f64 = regret.iter().map(|r| r.max(0.0)).sum();
            if positive > 0.0 {
                regret.iter().map(|r| r.max(0.0) / positive).collect()
            } else {
                vec![1.0 / regret.len() as f64; regret.len()]
            }
        };
        for _ in 0..ROUNDS {
            let row_mix: Vec<f64> = strategy(&row_regret);
            let column_mix: Vec<f64> = strategy(&column_regret);
            let row_values: Vec<f64> = table
                .iter()
                .map(|row| {
                    row.iter()
                        .zip(&column_mix)
                        .map(|(v, p)| *v as f64 * p)
                        .sum()
                })
                .collect();
            let column_values: Vec<f64> = (0..columns)
                .map(|c| {
                    table
                        .iter()
                        .zip(&row_mix)
                        .map(|(row, p)| row[c] as f64 * p)
                        .sum()
                })
                .collect();
            let expected: f64 = row_values.iter().zip(&row_mix).map(|(v, p)| v * p).sum();
            for (regret, value) in row_regret.iter_mut().zip(&row_values) {
                *regret += value - expected;
            }
            // The column player wants the score low.
            for (regret, value) in column_regret.iter_mut().zip(&column_values) {
                *regret += expected - value;
            }
            for (total, p) in row_total.iter_mut().zip(&row_mix) {
                *total += p;
            }
        }
        let sum: f64 = row_total.iter().sum();
        row_total.iter().map(|t| t / sum).collect()
    }

    pub fn choose(
        game: &dyn Game,
        me: Side,
        strength: &Strength,
        halt: &Halt<'_>,
        rng: &mut Rng,
    ) -> Thought {
        let mine = game.legal_moves(me);
        let mut theirs = game.legal_moves(me.opponent());
        if mine.is_empty() {
            return Thought::none(game, me);
        }
        if theirs.len() > MOST_REPLIES {
            rng.shuffle(&mut theirs);
            theirs.truncate(MOST_REPLIES);
        }
        let mut searcher = Searcher::new(me, Instant::now() + strength.think, *halt);
        let mut table: Option<Vec<Vec<i32>>> = None;
        let mut finished = 0;
        // The pair of moves is one level; a weak robot looks no further.
        for depth in 0..strength.depth.max(1) {
            if let Some(known) = &table {
                theirs = most_hurtful(known, &theirs, DEEPER_REPLIES);
            }
            match payoffs(game, me, &mine, &theirs, depth, &mut searcher) {
                Some(found) => {
                    table = Some(found);
                    finished = depth + 1;
                }
                None => break,
            }
        }
        let Some(table) = table else {
            // Not even the pairs were scored in time: any legal move.
            return Thought {
                choice: Some(mine[rng.below(mine.len())].clone()),
            };
        };
        let noisy: Vec<Vec<i32>> = table
            .iter()
            .map(|row| {
                let noise = rng.spread(strength.noise);
                row.iter().map(|score| score + noise).collect()
            })
            .collect();
        let mix = equilibrium(&noisy);
        let mut pick = rng.unit();
        let mut chosen = mix.len() - 1;
        for (index, p) in mix.iter().enumerate() {
            if pick < *p {
                chosen = index;
                break;
            }
            pick -= p;
        }
        let _ = finished;
        Thought {
            choice: Some(mine[chosen].clone()),
        }
    }
}
