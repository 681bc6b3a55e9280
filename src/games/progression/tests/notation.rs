//! Writing moves, the errors for wrong ones, and the board as drawn.

use super::*;

// --- Notation and errors ----------------------------------------------------

#[test]
fn san_letters_name_big_and_little_pieces() {
    let mut g = game("-list:KQRrNnBb");
    assert_eq!(g.play(Side::White, "Nf3").unwrap().notation, "g1f3");
    assert_eq!(g.play(Side::Black, "nc6").unwrap().notation, "b8c6");
    assert_eq!(g.play(Side::White, "e4").unwrap().notation, "e2e4");
    let err = g.play(Side::Black, "nf6").unwrap_err().to_string();
    assert!(
        err.contains("no black little knight can make that move"),
        "{err}"
    );
    assert_eq!(g.play(Side::Black, "Ng8f6").unwrap().notation, "g8f6");
}

#[test]
fn a_little_bishop_b_is_a_pawn_first() {
    let mut g = game("-list:KQRrNnBb");
    play_all(&mut g, "b2b3 a7a6");
    // "bb2" can only be the little bishop c1-b2.
    assert_eq!(g.play(Side::White, "bb2").unwrap().notation, "c1b2");
    play_all(&mut g, "c7c5 b3b4");
    // "bxc5"? no: Black moves; "b5" is a black pawn move b7b5.
    assert_eq!(g.play(Side::Black, "b5").unwrap().notation, "b7b5");
}

#[test]
fn move_errors_say_what_is_wrong_and_suggest_coordinates() {
    let mut g = game("-list:KQRrNnBb");
    let err = g.play(Side::White, "hello").unwrap_err();
    assert!(matches!(err, MoveError::Malformed { .. }), "{err}");
    assert!(err.to_string().contains("coordinates"), "{err}");
    let err = g.play(Side::White, "e2e5").unwrap_err().to_string();
    assert!(err.contains("the pawn on e2 cannot move to e5"), "{err}");
    let err = g.play(Side::White, "e7e5").unwrap_err().to_string();
    assert!(err.contains("is Black's"), "{err}");
    let err = g.play(Side::White, "b1b3").unwrap_err().to_string();
    assert!(err.contains("little knight on b1"), "{err}");
    let err = g.play(Side::White, "O-O").unwrap_err().to_string();
    assert!(err.contains("castling"), "{err}");
    let err = g.play(Side::White, "").unwrap_err().to_string();
    assert!(err.contains("empty"), "{err}");

    let mut g = game("");
    let err = g.play(Side::White, "e2e4").unwrap_err().to_string();
    assert!(err.contains("progression list"), "{err}");
}

#[test]
fn canonical_notation_replays_to_the_same_game() {
    let mut g = game("-list:xxxxxxQz -promote:31");
    let mut stored = Vec::new();
    for text in [
        "nbNBrRQK",
        "list:bnBNRrQK",
        "e4",
        "Nf6",
        "e4e5",
        "d5",
        "e5xd6",
    ] {
        let side = g.to_move()[0];
        stored.push(g.play(side, text).unwrap().notation);
    }
    let mut replay = ProgressionGame::new(&g.switches()).unwrap();
    for text in &stored {
        let side = replay.to_move()[0];
        assert_eq!(&replay.play(side, text).unwrap().notation, text);
    }
    assert_eq!(replay.board(Side::White), g.board(Side::White));
    assert_eq!(stored[6], "e5d6");
}

// --- The board mail -----------------------------------------------------------

#[test]
fn the_board_shows_colour_and_size_and_both_lists() {
    let mut g = game("");
    let white_view = g.board(Side::White);
    assert!(
        white_view.contains("| wr| wn| wb| wQ| wK| wB| wN| wR|"),
        "{white_view}"
    );
    assert!(white_view.contains("Key:"));
    assert!(white_view.contains("White's list: not chosen yet (template xxxxxxxx)"));
    g.play(Side::White, "nbNBrRQK").unwrap();
    let black_view = g.board(Side::Black);
    // From Black's side rank 1 is on top, files run h to a.
    let first_rank = black_view.lines().nth(1).unwrap();
    assert!(
        first_rank.starts_with("1 | wR| wN| wB| wK| wQ"),
        "{first_rank}"
    );
    assert!(black_view.contains("White's list: nbNBrRQK"));
    assert!(black_view.contains("K>n"), "next kinds shown: {black_view}");
    assert!(black_view.contains("pawns promote to =1 n"));
    assert!(black_view.contains("Black's list: not chosen yet"));
}
