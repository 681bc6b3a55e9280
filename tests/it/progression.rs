//! Progression Chess as the host sees it: through the registry and the
//! `Game` trait only.

use pbem::games::{EndReason, Fact, Game, GameKind, MoveError, Outcome, Side};
use proptest::prelude::*;

fn new_game(switches: &str) -> Box<dyn Game> {
    let switches: Vec<String> = switches.split_whitespace().map(String::from).collect();
    GameKind::from_name("progression")
        .expect("registered")
        .new_game(&switches)
        .unwrap()
}

fn after(switches: &str, moves: &str) -> Box<dyn Game> {
    let mut game = new_game(switches);
    for text in moves.split_whitespace() {
        let side = game.canonical_mover().expect("game running");
        game.play(side, text).unwrap();
    }
    game
}

#[test]
fn the_registry_knows_progression_chess_by_name_and_alias() {
    for name in ["progression", "ProgressionChess", "progression-chess"] {
        assert_eq!(GameKind::from_name(name), Some(GameKind::Progression));
    }
    assert_eq!(GameKind::Progression.title(), "Progression Chess");
    let rules_page = include_str!("../../templates/en/games/progression.txt");
    assert!(rules_page.contains("-promote:"));
    assert_eq!(
        new_game("-LIST=nbNBrRQK").switches(),
        ["-list:nbNBrRQK", "-promote:1"]
    );
}

#[test]
fn list_moves_are_plies_of_perft() {
    assert_eq!(new_game("").perft(1), 40320);
    assert_eq!(after("", "nbNBrRQK").perft(1), 40320);
    assert_eq!(after("", "nbNBrRQK KQRrNnBb").perft(1), 20);
    let game = after("-list:zxxxxxxx", "QKRrNnBb");
    assert_eq!(game.perft(1), 2 * 5040);
    assert_eq!(game.divide(1).len(), 2 * 5040);
}

#[test]
fn perft_matches_the_published_counts_to_depth_3() {
    let game = new_game("-list:KQRrNnBb");
    assert_eq!(
        (1..=3).map(|d| game.perft(d)).collect::<Vec<_>>(),
        [20, 400, 8939]
    );
    let game = new_game("-list:nbNBrRQK -promote:15");
    assert_eq!(
        (1..=3).map(|d| game.perft(d)).collect::<Vec<_>>(),
        [20, 400, 8976]
    );
}

#[test]
#[ignore = "depth 4: run with --release -- --ignored"]
fn perft_matches_the_published_counts_at_depth_4() {
    assert_eq!(new_game("-list:KQRrNnBb").perft(4), 196581);
    assert_eq!(new_game("-list:nbNBrRQK -promote:15").perft(4), 198102);
}

#[test]
fn a_finished_game_has_no_moves_and_perft_zero() {
    let game = after("-list:KQRrNnBb", "e2e4 e7e5 e1e2");
    assert_eq!(game.outcome().unwrap().winner, Some(Side::Black));
    assert!(game.to_move().is_empty());
    assert!(game.legal_moves(Side::White).is_empty());
    assert!(game.legal_moves(Side::Black).is_empty());
    assert_eq!(game.perft(1), 0);
    assert!(game.divide(2).is_empty());
    // White's King moved and became a Queen: White has no King left.
    assert_eq!(
        game.facts(Side::White),
        [Fact::GameOver {
            outcome: Outcome::win(Side::Black, EndReason::NoKingLeft { side: Side::White })
        }]
    );
}

#[test]
fn a_position_start_is_refused_with_a_reason() {
    let err = GameKind::Progression
        .from_position(&[], "8/8/8/8/8/8/8/8 w - - 0 1")
        .err()
        .unwrap();
    assert!(err.to_string().contains("no position notation"), "{err}");
}

#[test]
fn suggested_legal_moves_are_all_accepted() {
    for switches in ["-list:KQRrNnBb", "-list:nbNBrRQK -promote:15"] {
        let game = after(switches, "e2e4 d7d5 e4d5 c7c6 d5c6 d8d7 c6b7 e7e6");
        for text in game.legal_moves(Side::White) {
            let mut copy = game.clone();
            assert_eq!(copy.play(Side::White, &text).unwrap().notation, text);
        }
    }
}

#[test]
fn not_your_turn_and_game_over_are_told_apart() {
    let mut game = new_game("-list:KQRrNnBb");
    assert_eq!(
        game.play(Side::Black, "e7e5"),
        Err(MoveError::NotYourTurn(Side::Black))
    );
    let mut over = after("-list:KQRrNnBb", "e2e4 e7e5 e1e2");
    assert_eq!(over.play(Side::White, "d2d4"), Err(MoveError::GameOver));
    assert!(game.play(Side::White, "e2e4").is_ok());
}

proptest! {
    #[test]
    fn no_text_panics_a_move_in_any_phase(text in "\\PC{0,12}", phase in 0usize..4) {
        let mut game = match phase {
            0 => new_game(""),
            1 => after("", "KQRrNnBb"),
            2 => after("-list:nbNBrRQK -promote:15", "e2e4 d7d5 e4d5"),
            _ => after("-list:KQRrNnBb", "e2e4 e7e5 e1e2"),
        };
        if let Some(side) = game.canonical_mover() {
            let _ = game.play(side, &text);
        }
    }

    #[test]
    fn move_like_text_never_panics(text in "(list:)?[a-hx1-9=:KQRrNnBbPzOo0-]{0,10}") {
        let mut game = after("-list:nbNBrRQK -promote:15", "b2b4 a7a5 b4a5");
        let _ = game.play(Side::Black, &text);
    }

    #[test]
    fn no_switch_text_panics_a_challenge(a in "\\PC{0,14}", b in "-(list|LIST|promote)[:=][xzKQRrNnBb1-9]{0,10}") {
        let _ = GameKind::Progression.new_game(std::slice::from_ref(&a));
        let _ = GameKind::Progression.new_game(&[b.clone(), a]);
    }
}
