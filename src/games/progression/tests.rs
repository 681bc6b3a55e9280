//! Each ruling of RULES.md §2 pinned by a test, plus perft and random
//! playouts through the [`Game`] trait.

use super::*;
use crate::games::chess::{Square, Wing};
use crate::games::{CountedPiece, EndReason, Fact, Game, MoveError, Side};

fn switches(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

fn game(text: &str) -> ProgressionGame {
    ProgressionGame::new(&switches(text)).unwrap()
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Plays moves alternately from whoever is to move; panics on a refusal.
fn play_all(g: &mut ProgressionGame, moves: &str) {
    for text in moves.split_whitespace() {
        let side = g.to_move()[0];
        g.play(side, text)
            .unwrap_or_else(|e| panic!("{text} by {side}: {e}"));
    }
}

fn man(g: &ProgressionGame, square: &str) -> Option<(Side, Man)> {
    g.board_state().unwrap().man_at(sq(square))
}

fn piece(side: Side, letter: char) -> Option<(Side, Man)> {
    Some((side, Man::Piece(Kind::from_letter(letter).unwrap())))
}

/// A board-phase game from a sparse description such as
/// `"wKe1 bKe8 wPa7"` (colour, kind letter or P, square), `turn` to move.
fn constructed(setup_text: &str, men: &str, turn: Side) -> ProgressionGame {
    let setup = Setup::parse(&switches(setup_text)).unwrap();
    let list = setup.template.complete().expect("tests use complete lists");
    let mut board = Board::start([list, list], setup.promote);
    for square in Square::all() {
        board.position_mut().remove(square);
    }
    for side in Side::BOTH {
        for wing in Wing::BOTH {
            board.position_mut().set_castling_right(side, wing, false);
        }
    }
    for word in men.split_whitespace() {
        let mut chars = word.chars();
        let side = match chars.next() {
            Some('w') => Side::White,
            _ => Side::Black,
        };
        let letter = chars.next().unwrap();
        let square = sq(chars.as_str());
        match letter {
            'P' => board.position_mut().put(
                square,
                crate::games::chess::Piece::new(side, crate::games::chess::Role::Pawn),
            ),
            _ => board.put_kind(square, side, Kind::from_letter(letter).unwrap()),
        }
    }
    board.position_mut().set_turn(turn);
    ProgressionGame::from_board(setup, board)
}

// --- The list phase -----------------------------------------------------

#[test]
fn default_template_offers_all_40320_lists_as_first_moves() {
    let g = game("");
    assert_eq!(g.perft(1), 40320);
    assert_eq!(g.legal_moves(Side::White).len(), 40320);
    assert!(g.legal_moves(Side::Black).is_empty());
    assert_eq!(g.perft(2), 40320 * 40320);
}

#[test]
fn white_chooses_his_list_then_black_then_white_moves_on_the_board() {
    let mut g = game("");
    let example = g.legal_moves(Side::White)[0].clone();
    assert_eq!(
        g.facts(Side::White),
        [Fact::ChooseList {
            side: Side::White,
            template: "xxxxxxxx".into(),
            example,
        }]
    );
    assert_eq!(
        g.play(Side::Black, "KQRrNnBb"),
        Err(MoveError::NotYourTurn(Side::Black))
    );
    let played = g.play(Side::White, "nbNBrRQK").unwrap();
    assert_eq!(played.notation, "list:nbNBrRQK");
    assert_eq!(g.to_move(), vec![Side::Black]);
    let facts = g.facts(Side::Black);
    assert!(
        matches!(
            &facts[0],
            Fact::ChooseList {
                side: Side::Black,
                ..
            }
        ),
        "{facts:?}"
    );
    assert_eq!(
        facts[1],
        Fact::ListChosen {
            side: Side::White,
            list: "nbNBrRQK".into()
        }
    );
    g.play(Side::Black, "List: KQRrNnBb").unwrap();
    assert_eq!(g.to_move(), vec![Side::White]);
    assert_eq!(g.legal_moves(Side::White).len(), 20);
    let board = g.board_state().unwrap();
    assert_eq!(board.list(Side::White).to_string(), "nbNBrRQK");
    assert_eq!(board.list(Side::Black).to_string(), "KQRrNnBb");
    // List moves are not board moves: no ply counted.
    assert_eq!(board.position().halfmove_clock(), 0);
    assert_eq!(board.position().fullmove_number(), 1);
}

#[test]
fn the_list_phase_is_turn_0_and_the_board_counts_full_moves_from_1() {
    let mut g = game("");
    let mut turns = vec![g.turn_number()];
    for text in ["nbNBrRQK", "KQRrNnBb", "e2e4", "e7e5", "d2d4"] {
        play_all(&mut g, text);
        turns.push(g.turn_number());
    }
    assert_eq!(turns, [0, 0, 1, 1, 2, 2]);
    // A complete template has no list phase.
    assert_eq!(game("-list:nbNBrRQK").turn_number(), 1);
}

#[test]
fn a_list_that_breaks_the_template_is_refused() {
    let mut g = game("-list:nbxxxxxx");
    let err = g
        .play(Side::White, "list:KQRrNnBb")
        .unwrap_err()
        .to_string();
    assert!(err.contains("position 1 must be n, not K"), "{err}");
    assert!(err.contains("list:nb"), "suggests a matching list: {err}");
    let err = g.play(Side::White, "nbKQRrNN").unwrap_err().to_string();
    assert!(err.contains("N stands at positions 7 and 8"), "{err}");
    assert!(g.play(Side::White, "nbKQRrNB").is_ok());
}

#[test]
fn a_z_filled_with_r_is_refused_and_q_or_k_accepted() {
    let mut g = game("-list:zxxxxxxx");
    let err = g.play(Side::White, "RQKrNnBb").unwrap_err().to_string();
    assert!(
        err.contains("position 1 must be z, so Q or K, not R"),
        "{err}"
    );
    g.play(Side::White, "QRKrNnBb").unwrap();
    g.play(Side::Black, "KRQrNnBb").unwrap();
    assert!(g.board_state().is_some());
}

#[test]
fn a_complete_template_skips_the_list_phase() {
    let g = game("-list:nbNBrRQK");
    assert_eq!(g.to_move(), vec![Side::White]);
    assert_eq!(g.perft(1), 20);
    assert_eq!(
        g.facts(Side::White),
        [
            Fact::ToMove {
                sides: vec![Side::White]
            },
            Fact::MoveNumber { number: 1 },
            Fact::PiecesLeft {
                piece: CountedPiece::King,
                white: 1,
                black: 1
            },
            Fact::FiftyMoveCount { plies: 0 },
        ]
    );
}

#[test]
fn a_wildcard_template_keeps_its_list_phase_even_with_one_fit() {
    let g = game("-list:KQRrNnBx");
    assert_eq!(g.legal_moves(Side::White), vec!["list:KQRrNnBb"]);
    assert_eq!(g.perft(1), 1);
    assert_eq!(g.perft(3), 20);
    assert_eq!(g.perft(4), 400);
}

#[test]
fn invalid_switches_reject_the_challenge_with_the_reason() {
    let cases = [
        ("-list:", "empty"),
        ("-list:xxxxxxxxx", "at most 8"),
        ("-list:QQ", "fixes Q twice"),
        ("-list:KQz", "neither Q nor K"),
        ("-list:Kzz", "only Q is left"),
        ("-list:X", "only lower-case x and z"),
        ("-promote:", "empty"),
        ("-promote:019", "digits 1 to 8"),
        ("-promote:123456789", "at most 8"),
        ("-castle:no", "-list:TEMPLATE and -promote:DIGITS"),
    ];
    for (text, reason) in cases {
        let err = ProgressionGame::new(&switches(text)).unwrap_err().0;
        assert!(err.contains(reason), "{text}: {err}");
    }
}

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
    assert!(
        err.contains("legal moves: ") && err.contains("e2e4"),
        "{err}"
    );
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
