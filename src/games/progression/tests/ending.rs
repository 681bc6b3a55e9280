//! No check, kings that can be taken, and how the game ends.

use super::*;

// --- No check, capturable kings, end of game --------------------------------

#[test]
fn a_king_may_move_onto_an_attacked_square() {
    let g = constructed("-list:KQRrNnBb", "wKe1 wKa1 bRd8 bKh8", Side::White);
    assert!(g.legal_moves(Side::White).contains(&"e1d1".to_string()));
}

#[test]
fn king_takes_last_king_wins_even_with_no_king_left() {
    // The capturing King becomes a Queen: White has no King, but took
    // Black's last one first.
    let mut g = constructed("-list:KQRrNnBb", "wKe4 bKe5 bPa7", Side::White);
    g.play(Side::White, "e4e5").unwrap();
    assert_eq!(man(&g, "e5"), piece(Side::White, 'Q'));
    assert!(g.board_state().unwrap().kings(Side::White).is_empty());
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::White), "{outcome}");
    assert_eq!(g.perft(1), 0);
    assert_eq!(g.play(Side::Black, "a7a6"), Err(MoveError::GameOver));
}

#[test]
fn moving_the_only_king_loses() {
    let mut g = game("-list:KQRrNnBb");
    play_all(&mut g, "e2e4 e7e5 e1e2");
    assert_eq!(man(&g, "e2"), piece(Side::White, 'Q'));
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::Black), "{outcome}");
    assert!(g.to_move().is_empty());
    assert_eq!(g.perft(2), 0);
}

#[test]
fn moving_one_of_two_kings_does_not_lose() {
    let mut g = constructed("-list:KQRrNnBb", "wKe1 wKa1 bKh8 bPh7", Side::White);
    g.play(Side::White, "e1e2").unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_fifty_move_rule_draws_after_100_quiet_plies() {
    let mut g = constructed(
        "-list:KQRrNnBb",
        "wKe1 wKa1 wNc3 bKh8 bKh1 bNf6",
        Side::White,
    );
    let mut board = *g.board_state().unwrap();
    board.position_mut().set_halfmove_clock(98);
    g = ProgressionGame::from_board(Setup::parse(&switches("-list:KQRrNnBb")).unwrap(), board);
    g.play(Side::White, "c3d5").unwrap();
    assert_eq!(g.outcome(), None);
    g.play(Side::Black, "f6g4").unwrap();
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, EndReason::FiftyMoveRule, "{outcome}");
}

#[test]
fn a_pawn_move_or_capture_restarts_the_fifty_move_count() {
    let mut g = constructed("-list:KQRrNnBb", "wKe1 wKa1 wPa2 bKh8 bKh1", Side::White);
    let mut board = *g.board_state().unwrap();
    board.position_mut().set_halfmove_clock(99);
    g = ProgressionGame::from_board(Setup::parse(&switches("-list:KQRrNnBb")).unwrap(), board);
    g.play(Side::White, "a2a3").unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.board_state().unwrap().position().halfmove_clock(), 0);
}

#[test]
fn losing_the_last_king_on_the_hundredth_quiet_ply_loses_rather_than_draws() {
    let mut g = constructed("-list:KQRrNnBb", "wKe1 bKh8 bPh7", Side::White);
    let mut board = *g.board_state().unwrap();
    board.position_mut().set_halfmove_clock(99);
    g = ProgressionGame::from_board(Setup::parse(&switches("-list:KQRrNnBb")).unwrap(), board);
    g.play(Side::White, "e1e2").unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Side::Black));
}

#[test]
fn no_legal_move_at_all_is_a_draw() {
    // Black's men are all boxed in by their own and by White's pawns.
    let men = "wKh1 wPh2 wPa5 wPc5 wPb4 \
               bKa8 bBb8 bRb7 bRb6 bPa7 bPa6 bPc7 bPc6 bPb5";
    let mut g = constructed("-list:KQRrNnBb", men, Side::White);
    g.play(Side::White, "h2h3").unwrap();
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(
        outcome.reason,
        EndReason::NoLegalMove { side: Side::Black },
        "{outcome}"
    );
}
