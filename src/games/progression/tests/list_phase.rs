//! The list phase: choosing the progression lists, and the switches that shape them.

use super::*;

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
        let err = ProgressionGame::new(&switches(text))
            .unwrap_err()
            .to_string();
        assert!(err.contains(reason), "{text}: {err}");
    }
}
