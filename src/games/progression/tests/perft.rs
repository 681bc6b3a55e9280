//! Perft counts of Progression Chess (the list phase counts as plies, one
//! list a ply) and random playouts through the Game trait.

use super::*;

// --- perft ------------------------------------------------------------------

#[test]
fn perft_from_the_start_with_list_kqrrnnbb() {
    let g = game("-list:KQRrNnBb");
    assert_eq!([g.perft(1), g.perft(2), g.perft(3)], [20, 400, 8939]);
}

#[test]
fn perft_from_the_start_with_list_nbnbrrqk_promote_15() {
    let g = game("-list:nbNBrRQK -promote:15");
    assert_eq!([g.perft(1), g.perft(2), g.perft(3)], [20, 400, 8976]);
}

#[test]
#[ignore = "depth 4: run with --release -- --ignored"]
fn perft_depth_4_from_the_start_with_both_fixed_lists() {
    assert_eq!(game("-list:KQRrNnBb").perft(4), 196581);
    assert_eq!(game("-list:nbNBrRQK -promote:15").perft(4), 198102);
}

#[test]
fn divide_sums_to_perft() {
    let g = game("-list:nbNBrRQK -promote:15");
    let divided = g.divide(3);
    assert_eq!(divided.len(), 20);
    assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 8976);
}

// --- Random playouts ------------------------------------------------------------

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

#[test]
fn random_playouts_end_with_a_result_the_rules_explain() {
    let setups = [
        "",
        "-list:nbNBrRQK -promote:15",
        "-list:KQRrNnBb",
        "-list:zzxx -promote:8765",
        "-list:rKQRNnBb -promote:2",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut reasons: Vec<EndReason> = Vec::new();
    for round in 0..300 {
        let setup = setups[round % setups.len()];
        let mut g = game(setup);
        let mut stored = Vec::new();
        let mut plies = 0;
        while let Some(&side) = g.to_move().first() {
            let mut moves = g.legal_moves(side);
            assert!(!moves.is_empty(), "a running game has moves");
            // Players of two games in three do not throw away their last
            // King when they can help it, and in one of those they also
            // avoid captures and pawn moves, so games reach every ending.
            if let (Some(board), 1 | 2) = (g.board_state(), round % 3) {
                let quiet_only = round % 3 == 2;
                let sensible: Vec<String> = board
                    .legal_moves()
                    .into_iter()
                    .filter(|&bm| {
                        let mut next = *board;
                        next.play(bm);
                        let keeps_king = next
                            .judge_after_move()
                            .is_none_or(|o| o.winner != Some(side.opponent()));
                        let quiet = next.position().halfmove_clock() > 0;
                        keeps_king && (quiet || !quiet_only)
                    })
                    .map(BoardMove::coordinate)
                    .collect();
                if !sensible.is_empty() {
                    moves = sensible;
                }
            }
            let choice = moves[rng.below(moves.len())].clone();
            let played = g.play(side, &choice).unwrap();
            assert_eq!(played.notation, choice);
            stored.push(played.notation);
            plies += 1;
            assert!(plies < 20_000, "game {round} does not end");
        }
        let outcome = g.outcome().expect("a game with nobody to move is over");
        if !reasons.contains(&outcome.reason) {
            reasons.push(outcome.reason.clone());
        }
        let board = g.board_state().unwrap();
        let kings = |side: Side| board.kings(side).count();
        // The side that made the last move.
        let mover = board.turn().opponent();
        match outcome.winner {
            Some(winner) if winner == mover => {
                assert_eq!(kings(mover.opponent()), 0, "{outcome}");
            }
            Some(winner) => {
                assert_eq!(kings(mover), 0, "{outcome}");
                assert!(kings(winner) > 0, "{outcome}");
            }
            None => {
                assert!(kings(Side::White) > 0 && kings(Side::Black) > 0);
                let fifty = board.position().halfmove_clock() >= 100;
                let stuck = board.count_legal_moves() == 0;
                assert!(fifty || stuck, "{outcome}");
            }
        }
        assert_eq!(g.perft(1), 0);
        // The stored moves replay to the same end.
        let mut replay = ProgressionGame::new(&g.switches()).unwrap();
        for text in &stored {
            let side = replay.to_move()[0];
            replay.play(side, text).unwrap();
        }
        assert_eq!(replay.outcome(), g.outcome());
    }
    for reason in [EndReason::LastKingCaptured, EndReason::FiftyMoveRule] {
        assert!(reasons.contains(&reason), "{reasons:?}");
    }
    assert!(
        reasons
            .iter()
            .any(|r| matches!(r, EndReason::NoKingLeft { .. })),
        "{reasons:?}"
    );
}
