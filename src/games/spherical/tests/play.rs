//! The end of the game, the four set-ups, notation and errors, the board, perft.

use super::*;

#[test]
fn taking_the_last_queen_with_the_first_move_of_a_turn_ends_the_game_at_once() {
    let mut game = position_with(&[
        ("a1", white(0b1111)),
        ("a5", black(0b1111)),
        ("f10", black(0)),
    ]);
    assert_eq!(game.position().move_of_turn(), (1, 2));
    play_all(&mut game, &["a1xa5"]);
    assert!(game.to_move().is_empty());
    // White's second move of the turn would have come next.
    assert_eq!(game.turn_number(), 1);
    assert_eq!(game.outcome().unwrap().winner, Some(Side::White));
    assert!(game.legal_moves(Side::White).is_empty());
    assert!(game.legal_moves(Side::Black).is_empty());
    assert_eq!(game.perft(1), 0);
    assert_eq!(game.perft(3), 0);
    assert_eq!(game.play(Side::White, "a5-a6"), Err(MoveError::GameOver));
    assert_eq!(
        game.facts(Side::Black),
        [
            Fact::GameOver {
                outcome: Outcome::win(Side::White, EndReason::LastQueenCaptured)
            },
            Fact::SetUp {
                number: 1,
                description: "white_whole_black_quartered"
            },
        ]
    );
}

#[test]
fn there_are_no_draw_offers() {
    assert!(start_game(&[]).draw_offers().is_err());
}

/// Shifts every square label in a move by whole files and ranks.
fn shift(text: &str, files: usize, ranks: usize) -> String {
    let mut out = String::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if (b'a'..=b'r').contains(&c) && digits > 0 {
            let rank: usize = text[i + 1..i + 1 + digits].parse().unwrap();
            let file = (c - b'a') as usize;
            out.push((b'a' + ((file + files) % 18) as u8) as char);
            out.push_str(&(((rank - 1 + ranks) % 18) + 1).to_string());
            i += 1 + digits;
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    out
}

#[test]
fn a_game_shifted_into_another_setup_reaches_the_same_position() {
    let mut first = Spherical::new(SetUp::number(1).unwrap());
    let mut others: Vec<(Spherical, (usize, usize))> = [2u8, 3, 4]
        .into_iter()
        .map(|n| {
            let setup = SetUp::number(n).unwrap();
            (Spherical::new(setup), setup.offset())
        })
        .collect();
    for i in 0..15 {
        let moves = first.legal_moves(first.canonical_mover().unwrap());
        let text = moves[(i * 37 + 11) % moves.len()].clone();
        play_all(&mut first, &[text.as_str()]);
        for (game, (files, ranks)) in &mut others {
            play_all(game, &[shift(&text, *files, *ranks).as_str()]);
        }
    }
    for (game, _) in &others {
        assert_eq!(game.position(), first.position());
        assert_eq!(game.perft(2), first.perft(2));
    }
    // Set-up 3 is set-up 1 with ranks shifted by 9.
    assert_eq!(shift("h8-h2", 0, 9), "h17-h11");
}

#[test]
fn setup_switches_are_read_in_any_case_and_unknown_ones_name_the_valid_ones() {
    let game = Spherical::from_switches(&["-SETUP=3".into()]).unwrap();
    assert_eq!(game.switches(), vec!["-setup:3".to_string()]);
    assert_eq!(Spherical::from_switches(&[]).unwrap().setup().n(), 1);
    let err = Spherical::from_switches(&["-foo".into()]).unwrap_err();
    assert!(err.to_string().contains("-setup:1"), "{err}");
    assert!(Spherical::from_switches(&["-setup:5".into()]).is_err());
    assert!(Spherical::from_switches(&["-setup:x".into()]).is_err());
}

#[test]
fn square_labels_follow_the_setup_offset() {
    // White's rook h8 (canonical) is named by each set-up's offset.
    let labels: Vec<String> = SetUp::ALL.iter().map(|s| s.label(sq("h8"))).collect();
    assert_eq!(labels, ["h8", "q17", "h17", "q8"]);
    let game = Spherical::new(SetUp::number(2).unwrap());
    assert!(game
        .legal_moves(Side::White)
        .contains(&"q17-q11".to_string()));
}

#[test]
fn errors_name_what_is_wrong() {
    let mut game = start_game(&[]);
    assert!(illegal_reason(&mut game, "h5-h6").contains("no piece on h5"));
    assert!(illegal_reason(&mut game, "a9-a8").contains("neutral"));
    assert!(illegal_reason(&mut game, "q17-q14").contains("is Black's"));
    assert!(illegal_reason(&mut game, "h8-i9").contains("your own queen"));
    assert!(illegal_reason(&mut game, "h8-g7").contains("does not move"));
    assert!(illegal_reason(&mut game, "h8-c4").contains("not on a line"));
    assert!(illegal_reason(&mut game, "h8xh5").contains("is empty"));
    for (text, wanted) in [
        ("s1-s2", "no file"),
        ("a19-a2", "no rank 19"),
        ("a0-a2", "no rank 0"),
        ("h8", "second square"),
        ("h8+", "diagonals"),
        ("h8+nene", "twice"),
        ("h8-h2-h3", "unexpected"),
    ] {
        match game.play(Side::White, text) {
            Err(MoveError::Malformed { reason, .. }) => {
                assert!(reason.to_string().contains(wanted), "{text}: {reason}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn garbage_move_text_is_refused_without_panicking() {
    let mut game = start_game(&[]);
    let garbage = [
        "",
        " ",
        "+",
        "-",
        "x",
        "a",
        "1",
        "h",
        "h8h",
        "hh8",
        "h8x",
        "h8--h2",
        "9h8",
        "é",
        "h8é",
        "ĥ8-h2",
        "h8+é",
        "h8+qq",
        "h8+neq",
        "a99999999999999999999999-a1",
        "a1-a0001",
        "a01-a2",
        "\u{0}",
        "h8-h2\u{200b}",
        "🦀",
        "h8 - h2",
        "+ne",
        "h8+nesw+ne",
    ];
    for text in garbage {
        assert!(
            game.play(Side::White, text).is_err(),
            "{text:?} was accepted"
        );
    }
    // Nothing was played.
    assert_eq!(
        game.position(),
        Spherical::new(SetUp::number(1).unwrap()).position()
    );
}

#[test]
fn legal_moves_are_written_in_canonical_notation_and_replay() {
    let game = start_game(&[]);
    let moves = game.legal_moves(Side::White);
    assert_eq!(moves.len(), 316);
    for text in ["h8-h2", "h9xa9", "i11xi18", "i8+ne", "i8+nesw", "i8+q"] {
        assert!(moves.contains(&text.to_string()), "{text}");
    }
    for text in &moves {
        let mut copy = game.clone();
        let played = copy.play(Side::White, text).unwrap();
        assert_eq!(&played.notation, text);
    }
    // Other spellings give the canonical text.
    let mut copy = game.clone();
    assert_eq!(copy.play(Side::White, "H8H2").unwrap().notation, "h8-h2");
}

#[test]
fn the_board_fits_80_columns_and_black_sees_it_turned_round() {
    let mut game = start_game(&["i8+ne"]);
    play_all(&mut game, &BLACK_WAITS);
    play_all(
        &mut game,
        &["i8+ne", "i8+ne", "q17-q14", "q14-q17", "j8+nw"],
    );
    let white = game.board(Side::White);
    assert!(white.lines().all(|l| l.chars().count() <= 80), "{white}");
    assert!(white.contains("+---+---+"));
    assert!(white.contains("| R | P'| R |"), "{white}");
    assert!(
        white.contains("i8 P' (White, 5 directions): N E S W NE"),
        "{white}"
    );
    assert!(white.contains("j8 rook (White) promoting to 5-directional N E S W NW: 1 of 3 steps"));
    let rows = |board: &str| -> Vec<String> {
        board
            .lines()
            .filter(|l| l.contains('|'))
            .map(|l| l.split('|').next().unwrap().trim().to_string())
            .collect()
    };
    assert_eq!(rows(&white).first().map(String::as_str), Some("18"));
    let black_view = game.board(Side::Black);
    assert_eq!(rows(&black_view).first().map(String::as_str), Some("1"));
    // Turned half round, White's NE piece shows its diagonal down-left.
    assert!(black_view.contains("| R | R |.P | R |"), "{black_view}");
}

#[test]
fn perft_from_the_start_is_316_then_99324_in_every_setup() {
    for setup in SetUp::ALL {
        let game = Spherical::new(setup);
        assert_eq!(game.perft(1), 316);
        assert_eq!(game.perft(2), 99_324);
    }
}

#[test]
fn divide_adds_up_to_perft() {
    let game = start_game(&[]);
    let total: u64 = game.divide(2).iter().map(|(_, n)| n).sum();
    assert_eq!(total, 99_324);
}

#[test]
fn the_captures_are_the_legal_slides_onto_the_other_sides_pieces_each_once() {
    let mut game = start_game(&[]);
    for text in ["h8-h2", "q2-q8", "r2-r8", "k10xr17", "j8-j1"] {
        for side in Side::BOTH {
            let position = game.position();
            let mut expected: Vec<Move> = position
                .legal_moves()
                .into_iter()
                .filter(|mv| match mv {
                    Move::Slide { to, .. } => position.cell(*to).side() == Some(side.opponent()),
                    Move::Step { .. } => false,
                })
                .collect();
            let mut found = Vec::new();
            position.for_each_capture(side, |from, to| found.push(Move::Slide { from, to }));
            if position.to_move() == Some(side) {
                expected.sort_by_key(|mv| format!("{mv:?}"));
                found.sort_by_key(|mv| format!("{mv:?}"));
                assert_eq!(found, expected, "{side:?} before {text}");
            }
        }
        play_all(&mut game, &[text]);
    }
}
