//! Each ruling of RULES.md §2 pinned by a test.

use super::*;
use crate::games::{Game, GameKind, Side};

fn game(switches: &str) -> ProgressionGame {
    let switches: Vec<String> = switches.split_whitespace().map(String::from).collect();
    ProgressionGame::new(&switches).unwrap()
}

#[test]
fn default_template_start_has_40320_list_moves() {
    let g = game("");
    assert_eq!(g.perft(1), 40320);
}
