//! The maximum-weight matching checked against brute force on small
//! random graphs.

// The graphs are adjacency matrices, read by index.
#![allow(clippy::needless_range_loop)]

use super::*;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Dice(u64);

impl Dice {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

/// The best total weight over all matchings, by trying them all.
fn brute_force(weights: &[Vec<u64>]) -> u64 {
    fn best(weights: &[Vec<u64>], taken: &mut Vec<bool>) -> u64 {
        let Some(first) = taken.iter().position(|&t| !t) else {
            return 0;
        };
        taken[first] = true;
        let mut top = best(weights, taken);
        for other in first + 1..weights.len() {
            if !taken[other] && weights[first][other] > 0 {
                taken[other] = true;
                top = top.max(weights[first][other] + best(weights, taken));
                taken[other] = false;
            }
        }
        taken[first] = false;
        top
    }
    best(weights, &mut vec![false; weights.len()])
}

/// The total weight of the solver's matching, checking that it is one:
/// partners agree and every matched edge exists.
fn matched_weight(matching: &Matching<1>, weights: &[Vec<u64>]) -> u64 {
    let mut total = 0;
    for v in 0..weights.len() {
        if let Some(partner) = matching.mate(v) {
            assert_eq!(matching.mate(partner), Some(v), "partners disagree");
            assert!(weights[v][partner] > 0, "a missing edge was matched");
            if v < partner {
                total += weights[v][partner];
            }
        }
    }
    total
}

fn random_weights(dice: &mut Dice, n: usize, top: u64) -> Vec<Vec<u64>> {
    let mut weights = vec![vec![0; n]; n];
    for a in 0..n {
        for b in a + 1..n {
            // About a third of the pairs have no edge.
            let weight = if dice.below(3) == 0 {
                0
            } else {
                1 + dice.below(top)
            };
            weights[a][b] = weight;
            weights[b][a] = weight;
        }
    }
    weights
}

fn solver_for(weights: &[Vec<u64>]) -> Matching<1> {
    let mut matching = Matching::new(weights.len(), 20);
    for a in 0..weights.len() {
        for b in a + 1..weights.len() {
            matching.set_weight(a, b, Wide::from_u64(weights[a][b]));
        }
    }
    matching.solve();
    matching
}

#[test]
fn a_fresh_solve_finds_the_best_total_weight_on_small_graphs() {
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    for round in 0..400 {
        let n = 2 + (round % 9);
        let top = [3, 10, 1000][round % 3];
        let weights = random_weights(&mut dice, n, top);
        let matching = solver_for(&weights);
        assert_eq!(
            matched_weight(&matching, &weights),
            brute_force(&weights),
            "graph {weights:?}"
        );
    }
}

#[test]
fn re_solving_after_changing_a_vertex_keeps_the_best_total_weight() {
    let mut dice = Dice(0x2545_f491_4f6c_dd1d);
    for graph in 0..60 {
        let n = 3 + (graph % 8);
        let top = [4, 50, 5000][graph % 3];
        let mut weights = random_weights(&mut dice, n, top);
        let mut matching = solver_for(&weights);
        for _ in 0..25 {
            // Change some edges of one or two vertices, as the pairing does.
            for _ in 0..1 + dice.below(2) {
                let changed = dice.below(n as u64) as usize;
                for other in 0..n {
                    if other != changed && dice.below(2) == 0 {
                        let weight = if dice.below(4) == 0 {
                            0
                        } else {
                            1 + dice.below(top)
                        };
                        weights[changed][other] = weight;
                        weights[other][changed] = weight;
                        matching.set_weight(changed, other, Wide::from_u64(weight));
                    }
                }
            }
            matching.solve();
            assert_eq!(
                matched_weight(&matching, &weights),
                brute_force(&weights),
                "graph {weights:?}"
            );
        }
    }
}

#[test]
fn weights_wider_than_a_machine_word_order_as_their_fields_do() {
    // Two fields: the high one (pairs) beats any amount of the low one.
    let field =
        |high: u64, low: u64| Wide::<4>::from_u64(high).push_field(100, &Wide::from_u64(low));
    let mut matching = Matching::<4>::new(4, 110);
    // A path 0-1-2-3: the middle edge alone is worth most in the low
    // field, but the two outer edges make two pairs.
    matching.set_weight(0, 1, field(1, 1));
    matching.set_weight(1, 2, field(1, 1_000_000));
    matching.set_weight(2, 3, field(1, 1));
    matching.solve();
    assert_eq!(matching.mate(0), Some(1));
    assert_eq!(matching.mate(3), Some(2));
}

#[test]
fn a_vertex_without_edges_stays_exposed() {
    let mut matching = Matching::<1>::new(3, 10);
    matching.set_weight(0, 1, Wide::from_u64(5));
    matching.solve();
    assert_eq!(matching.mate(0), Some(1));
    assert_eq!(matching.mate(2), None);
    matching.set_weight(0, 1, Wide::ZERO);
    matching.solve();
    assert_eq!(matching.mate(0), None);
    assert_eq!(matching.mate(1), None);
}
