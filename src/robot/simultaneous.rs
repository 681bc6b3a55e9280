//! A round of sealed moves made at once (Infinite Recursion Chess while
//! both boards run): the robot cannot see the other move before choosing,
//! so it scores every pair of moves (searched a level deeper when time
//! allows), solves the resulting zero-sum matrix game approximately by
//! regret matching, and draws its move from the mixed strategy found.

use super::search::{final_score, Searcher};
use super::{Halt, Rng, Strength, Thought, WIN};
use crate::games::{Game, Side};
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

pub(super) fn choose(
    game: &dyn Game,
    me: Side,
    strength: &Strength,
    halt: &Halt<'_>,
    rng: &mut Rng,
) -> Thought {
    let mine = game.legal_moves(me);
    let mut theirs = game.legal_moves(me.opponent());
    if mine.is_empty() {
        return Thought::none(game, me, false);
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
            score: game.evaluate(me),
            depth: 0,
            nodes: searcher.nodes,
            halted: searcher.halted,
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
    let worst = |row: &Vec<i32>| row.iter().copied().min().unwrap_or(0);
    Thought {
        choice: Some(mine[chosen].clone()),
        score: worst(&table[chosen]),
        depth: finished,
        nodes: searcher.nodes,
        halted: searcher.halted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_pennies_is_mixed_half_and_half() {
        let table = vec![vec![1, -1], vec![-1, 1]];
        let mix = equilibrium(&table);
        assert!((mix[0] - 0.5).abs() < 0.05, "{mix:?}");
    }

    #[test]
    fn a_dominant_row_is_played_always() {
        let table = vec![vec![5, 3], vec![1, 0], vec![4, 2]];
        let mix = equilibrium(&table);
        assert!(mix[0] > 0.95, "{mix:?}");
    }
}
