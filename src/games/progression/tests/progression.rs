//! Pieces turning into the next kind of the list, castling, en passant and promotion.

use super::*;

// --- Progression ----------------------------------------------------------

#[test]
fn a_moved_piece_becomes_the_next_kind_and_pawns_do_not_progress() {
    let mut g = game("-list:KQRrNnBb");
    play_all(&mut g, "g1f3 b8c6 e2e4");
    assert_eq!(man(&g, "f3"), piece(Side::White, 'n'));
    assert_eq!(man(&g, "c6"), piece(Side::Black, 'B'));
    assert_eq!(man(&g, "e4"), Some((Side::White, Man::Pawn)));
}

#[test]
fn the_eighth_kind_progresses_to_the_first() {
    // b is last in KQRrNnBb, so the little bishop becomes a King.
    let mut g = game("-list:KQRrNnBb");
    play_all(&mut g, "d2d4 e7e5 c1f4");
    assert_eq!(man(&g, "f4"), piece(Side::White, 'K'));
    assert_eq!(g.board_state().unwrap().kings(Side::White).count(), 2);
}

#[test]
fn a_capturing_piece_progresses_too() {
    let mut g = game("-list:KQRrNnBb");
    play_all(&mut g, "e2e4 d7d5 f1b5 c8d7");
    assert_eq!(man(&g, "b5"), piece(Side::White, 'b'));
    play_all(&mut g, "b5d7");
    assert_eq!(man(&g, "d7"), piece(Side::White, 'K'));
}

#[test]
fn castling_progresses_king_and_rook() {
    let mut g = game("-list:KQRrNnBb");
    play_all(&mut g, "e2e4 e7e5 g1h3 a7a6 f1e2 a6a5");
    let before = g.board_state().unwrap().kings(Side::White).count();
    assert_eq!(before, 1);
    // e2 holds a little bishop now (B became b); castle king-side.
    g.play(Side::White, "O-O").unwrap();
    assert_eq!(man(&g, "g1"), piece(Side::White, 'Q'));
    assert_eq!(man(&g, "f1"), piece(Side::White, 'r'));
    // The only King castled away: White loses.
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::Black), "{outcome}");
}

#[test]
fn castling_with_a_rook_that_progresses_to_king_and_only_one_king_does_not_lose() {
    // r -> K and K -> Q: after O-O-O the King is a Queen and the rook a King.
    let mut g = game("-list:rKQRNnBb");
    play_all(&mut g, "b1a3 a7a6 d2d4 a6a5 c1f4 h7h6 d1d3 h6h5");
    assert!(g.legal_moves(Side::White).contains(&"e1c1".to_string()));
    g.play(Side::White, "e1c1").unwrap();
    assert_eq!(man(&g, "c1"), piece(Side::White, 'Q'));
    assert_eq!(man(&g, "d1"), piece(Side::White, 'K'));
    assert_eq!(g.board_state().unwrap().kings(Side::White).count(), 1);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_move(), vec![Side::Black]);
}

#[test]
fn castling_needs_no_safety_from_attack() {
    // A black Rook on f8 attacks f1, which the King crosses.
    let mut g = constructed("-list:KQRrNnBb", "wKe1 wRh1 wPa2 bKa8 bRf8", Side::White);
    let board = g.board_state().unwrap();
    let mut board = *board;
    board
        .position_mut()
        .set_castling_right(Side::White, Wing::King, true);
    g = ProgressionGame::from_board(Setup::parse(&switches("-list:KQRrNnBb")).unwrap(), board);
    assert!(g.legal_moves(Side::White).contains(&"e1g1".to_string()));
}

#[test]
fn castling_rights_end_when_the_rook_is_captured_on_its_home_square() {
    let setup = "-list:KQRrNnBb";
    let g = constructed(setup, "wKe1 wRh1 wKa1 bRh8 bKa8", Side::Black);
    let mut board = *g.board_state().unwrap();
    board
        .position_mut()
        .set_castling_right(Side::White, Wing::King, true);
    let mut g = ProgressionGame::from_board(Setup::parse(&switches(setup)).unwrap(), board);
    // A black rook takes on h1 and progresses to a little rook there.
    g.play(Side::Black, "h8h1").unwrap();
    assert_eq!(man(&g, "h1"), piece(Side::Black, 'r'));
    let err = g.play(Side::White, "e1g1").unwrap_err().to_string();
    assert!(err.contains("cannot move to g1"), "{err}");
}

#[test]
fn en_passant_works_as_in_chess() {
    let mut g = game("-list:KQRrNnBb");
    play_all(&mut g, "e2e4 a7a6 e4e5 d7d5 e5d6");
    assert_eq!(man(&g, "d5"), None);
    assert_eq!(man(&g, "d6"), Some((Side::White, Man::Pawn)));
}

// --- Promotion ------------------------------------------------------------

#[test]
fn promotion_with_two_digits_offers_each_kind_once() {
    // nbNBrRQK: position 1 is n, position 5 is r.
    let g = constructed("-list:nbNBrRQK -promote:15", "wKe1 wPa7 bKh8", Side::White);
    let moves = g.legal_moves(Side::White);
    assert!(moves.contains(&"a7a8=n".to_string()));
    assert!(moves.contains(&"a7a8=r".to_string()));
    assert_eq!(moves.iter().filter(|m| m.starts_with("a7a8")).count(), 2);
    assert_eq!(g.perft(1), 5 + 2);
}

#[test]
fn promotion_by_digit_by_kind_and_by_default() {
    let base = "wKe1 wPa7 bKh8";
    for (text, kind) in [
        ("a7a8=1", 'n'),
        ("a7a8=5", 'r'),
        ("a7a8=r", 'r'),
        ("a7a8=n", 'n'),
        ("a7a8", 'n'),
        ("a8=5", 'r'),
    ] {
        let mut g = constructed("-list:nbNBrRQK -promote:15", base, Side::White);
        let played = g.play(Side::White, text).unwrap();
        assert_eq!(played.notation, format!("a7a8={kind}"));
        // The promoted pawn does not progress on its promoting move.
        assert_eq!(man(&g, "a8"), piece(Side::White, kind), "{text}");
    }
    // The default is the first digit as written.
    let mut g = constructed("-list:nbNBrRQK -promote:51", base, Side::White);
    g.play(Side::White, "a7a8").unwrap();
    assert_eq!(man(&g, "a8"), piece(Side::White, 'r'));
}

#[test]
fn promotion_to_a_kind_or_digit_not_allowed_is_refused_with_the_choices() {
    let mut g = constructed("-list:nbNBrRQK -promote:15", "wKe1 wPa7 bKh8", Side::White);
    for text in ["a7a8=2", "a7a8=Q", "a7a8=q"] {
        let err = g.play(Side::White, text).unwrap_err().to_string();
        assert!(
            err.contains("=1 (n)") || err.contains("case matters"),
            "{text}: {err}"
        );
    }
    let err = g.play(Side::White, "e1e2=1").unwrap_err().to_string();
    assert!(err.contains("only a pawn"), "{err}");
}

#[test]
fn a_pawn_promoted_to_king_counts_at_once() {
    let mut g = constructed("-list:KQRrNnBb", "wKe1 wPa7 bKh8", Side::White);
    g.play(Side::White, "a7a8").unwrap();
    assert_eq!(man(&g, "a8"), piece(Side::White, 'K'));
    assert_eq!(g.board_state().unwrap().kings(Side::White).count(), 2);
    // Moving the old King away now costs nothing: one King is left.
    let mut g = constructed("-list:KQRrNnBb", "wKe1 wPa7 bKh8 bPh7", Side::White);
    g.play(Side::White, "a7a8").unwrap();
    g.play(Side::Black, "h7h6").unwrap();
    g.play(Side::White, "e1e2").unwrap();
    assert_eq!(g.outcome(), None);
}
