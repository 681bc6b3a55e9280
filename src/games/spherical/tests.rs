//! Rules tests on hand-built positions and short games from the start.

use super::*;
use crate::games::{CountedPiece, EndReason, Fact, Game, MoveError, Outcome, Side};

/// A square by its set-up 1 label, e.g. `sq("h8")`.
fn sq(label: &str) -> Square {
    let file = (label.as_bytes()[0] - b'a') as usize;
    let rank: usize = label[1..].parse().expect("test label");
    Square::new(file, rank - 1)
}

fn white(diagonals: u8) -> Cell {
    Cell::piece(Side::White, Diagonals(diagonals))
}

fn black(diagonals: u8) -> Cell {
    Cell::piece(Side::Black, Diagonals(diagonals))
}

/// A hand-built set-up 1 game with White to make the first of two moves.
fn position_with(pieces: &[(&str, Cell)]) -> Spherical {
    let mut position = Position::empty(Side::White, 2);
    for &(label, cell) in pieces {
        position.put(sq(label), cell);
    }
    Spherical::at(SetUp::number(1).unwrap(), position)
}

/// Plays `moves` for whoever is due, panicking on a refusal.
fn play_all(game: &mut Spherical, moves: &[&str]) {
    for text in moves {
        let side = game.canonical_mover().expect("game over too early");
        game.play(side, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn start_game(moves: &[&str]) -> Spherical {
    let mut game = Spherical::new(SetUp::number(1).unwrap());
    play_all(&mut game, moves);
    game
}

fn slide(from: &str, to: &str) -> Move {
    Move::Slide {
        from: sq(from),
        to: sq(to),
    }
}

fn illegal_reason(game: &mut Spherical, text: &str) -> String {
    let side = game.canonical_mover().unwrap();
    match game.play(side, text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn a_queen_wraps_round_every_edge_in_all_eight_directions_from_corners_and_edges() {
    // Each case: a square on an edge or corner and its 8 neighbours, named
    // the way they are reached through the portals.
    let cases = [
        ("a1", ["a2", "b1", "b2", "r2", "a18", "r1", "r18", "b18"]),
        ("r18", ["r1", "a18", "a1", "q1", "r17", "q18", "q17", "a17"]),
        ("a9", ["a10", "b9", "b10", "r10", "a8", "r9", "r8", "b8"]),
        ("j18", ["j1", "k18", "k1", "i1", "j17", "i18", "i17", "k17"]),
    ];
    for (from, neighbours) in cases {
        let game = position_with(&[(from, white(0b1111)), ("e5", black(0b1111))]);
        for to in neighbours {
            assert!(
                game.position().is_legal(slide(from, to)),
                "{from} to {to} through the edge"
            );
        }
    }
}

#[test]
fn a_ray_covers_17_squares_and_never_returns_to_its_own_square() {
    let game = position_with(&[("a1", white(0)), ("j10", black(0b1111))]);
    let slides: Vec<Move> = game
        .position()
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, Move::Slide { .. }))
        .collect();
    // A lone rook: two loops of 18 squares, each giving its 17 other squares.
    assert_eq!(slides.len(), 34);
    assert!(!slides.contains(&slide("a1", "a1")));
    assert!(slides.contains(&slide("a1", "a18")));
    assert!(slides.contains(&slide("a1", "r1")));
}

#[test]
fn a_square_reachable_both_ways_round_is_one_move() {
    // A lone queen: 4 loops of 17 squares, and the square 9 files and 9
    // ranks away lies on both diagonals, so 4 * 17 - 1 distinct targets.
    // (Black's queen on c5 is on none of a1's lines.)
    let game = position_with(&[("a1", white(0b1111)), ("c5", black(0b1111))]);
    let moves = game.position().legal_moves();
    assert_eq!(moves.len(), 4 * 17 - 1);
    let antipode = moves.iter().filter(|m| **m == slide("a1", "j10")).count();
    assert_eq!(antipode, 1);
    let along_file = moves.iter().filter(|m| **m == slide("a1", "a10")).count();
    assert_eq!(along_file, 1);
}

#[test]
fn a_lone_blocker_is_taken_once_though_both_ways_round_reach_it() {
    let game = position_with(&[("a1", white(0)), ("a5", black(0b1111))]);
    let to_a5 = game
        .position()
        .legal_moves()
        .into_iter()
        .filter(|m| *m == slide("a1", "a5"))
        .count();
    assert_eq!(to_a5, 1);
    // Beyond the blocker the file is reached the other way round.
    assert!(game.position().is_legal(slide("a1", "a6")));
    assert!(game.position().is_legal(slide("a1", "a18")));
}

#[test]
fn a_slide_blocked_both_ways_round_is_refused_as_blocked() {
    let mut game = start_game(&[]);
    // i8 north meets i9 (own queen); south meets the neutral piece on i1.
    let reason = illegal_reason(&mut game, "i8-i12");
    assert!(reason.contains("blocked"), "{reason}");
}

#[test]
fn a_neutral_piece_can_be_captured() {
    let game = start_game(&["h9xa9"]);
    assert!(game.position().cell(sq("a9")).is_queen_of(Side::White));
    assert!(game.position().cell(sq("h9")).is_empty());
    let neutrals = (0..324)
        .filter(|&i| game.position().cell(Square(i)).is_neutral())
        .count();
    assert_eq!(neutrals, 7);
}

#[test]
fn the_first_turn_is_a_single_move_and_then_each_turn_is_two() {
    let mut game = start_game(&[]);
    assert_eq!(game.to_move(), vec![Side::White]);
    assert_eq!(
        game.facts(Side::Black),
        [
            Fact::ToMove {
                sides: vec![Side::White]
            },
            Fact::MoveOfTurn {
                turn: 1,
                move_number: 1,
                moves_in_turn: 1
            },
            Fact::PiecesLeft {
                piece: CountedPiece::Queen,
                white: 8,
                black: 8
            },
            Fact::SetUp {
                number: 1,
                description: "white_whole_black_quartered"
            },
        ]
    );
    play_all(&mut game, &["h8-h2"]);
    assert_eq!(game.to_move(), vec![Side::Black]);
    assert_eq!(
        game.facts(Side::Black)[1],
        Fact::MoveOfTurn {
            turn: 1,
            move_number: 1,
            moves_in_turn: 2
        }
    );
    play_all(&mut game, &["q17-q14"]);
    assert_eq!(game.to_move(), vec![Side::Black]);
    assert_eq!(
        game.facts(Side::White)[1],
        Fact::MoveOfTurn {
            turn: 1,
            move_number: 2,
            moves_in_turn: 2
        }
    );
    assert_eq!(
        game.play(Side::White, "h2-h3"),
        Err(MoveError::NotYourTurn(Side::White))
    );
    play_all(&mut game, &["q14-q13"]);
    assert_eq!(game.to_move(), vec![Side::White]);
    play_all(&mut game, &["h2-h3"]);
    assert_eq!(game.to_move(), vec![Side::White]);
}

#[test]
fn white_and_blacks_turns_share_a_turn_number() {
    let mut game = start_game(&[]);
    let mut turns = vec![game.turn_number()];
    for text in ["h8-h2", "q17-q14", "q14-q13", "h2-h3", "h3-h4", "q13-q12"] {
        play_all(&mut game, &[text]);
        turns.push(game.turn_number());
    }
    assert_eq!(turns, [1, 1, 1, 2, 2, 2, 2]);
    play_all(&mut game, &["q12-q11"]);
    assert_eq!(game.turn_number(), 3);
}

#[test]
fn a_win_with_the_last_move_of_blacks_turn_leaves_the_next_turn_number() {
    let mut position = Position::empty(Side::Black, 1);
    for (label, cell) in [
        ("a1", white(0b1111)),
        ("a5", black(0b1111)),
        ("f10", white(0)),
    ] {
        position.put(sq(label), cell);
    }
    let mut game = Spherical::at(SetUp::number(1).unwrap(), position);
    assert_eq!(game.turn_number(), 1);
    play_all(&mut game, &["a5xa1"]);
    assert_eq!(game.outcome().unwrap().winner, Some(Side::Black));
    assert_eq!(game.turn_number(), 2);
}

#[test]
fn black_cannot_move_first() {
    let mut game = start_game(&[]);
    assert_eq!(
        game.play(Side::Black, "q17-q14"),
        Err(MoveError::NotYourTurn(Side::Black))
    );
}

/// Black's waiting moves between White's promotion steps.
const BLACK_WAITS: [&str; 2] = ["q17-q14", "q14-q17"];

#[test]
fn a_half_promotion_costs_three_steps() {
    let mut game = start_game(&["i8+ne"]);
    play_all(&mut game, &BLACK_WAITS);
    play_all(&mut game, &["i8+ne"]);
    let p = game.position().progress(sq("i8")).unwrap();
    assert_eq!((p.target, p.steps), (Diagonals(0b0001), 2));
    assert_eq!(game.position().cell(sq("i8")), white(0));
    play_all(&mut game, &["i8+ne"]);
    assert_eq!(game.position().cell(sq("i8")), white(0b0001));
    assert_eq!(game.position().progress(sq("i8")), None);
}

#[test]
fn a_single_promotion_costs_four_steps() {
    let mut game = start_game(&["i8+nesw"]);
    play_all(&mut game, &BLACK_WAITS);
    play_all(&mut game, &["i8+nesw", "i8+nesw"]);
    play_all(&mut game, &BLACK_WAITS);
    assert_eq!(game.position().cell(sq("i8")), white(0));
    play_all(&mut game, &["i8+nesw"]);
    assert_eq!(game.position().cell(sq("i8")), white(0b1001));
}

#[test]
fn a_double_promotion_makes_a_queen_in_six_steps() {
    let mut game = start_game(&["i8+q"]);
    for _ in 0..2 {
        play_all(&mut game, &BLACK_WAITS);
        play_all(&mut game, &["i8+q", "i8+q"]);
    }
    assert_eq!(game.position().progress(sq("i8")).unwrap().steps, 5);
    assert_eq!(game.position().queens(Side::White), 8);
    play_all(&mut game, &BLACK_WAITS);
    play_all(&mut game, &["i8+q"]);
    assert!(game.position().cell(sq("i8")).is_queen_of(Side::White));
    assert_eq!(game.position().queens(Side::White), 9);
    // Promoted on the first move of the turn, it moves as a queen at once.
    play_all(&mut game, &["i8-h7"]);
}

#[test]
fn a_six_directional_piece_takes_a_single_promotion_to_queen_in_four_steps() {
    let mut game = position_with(&[
        ("a1", white(0b1001)),
        ("c3", white(0b1111)),
        ("j10", black(0b1111)),
        ("e5", black(0)),
    ]);
    play_all(&mut game, &["a1+nwse", "a1+q"]);
    play_all(&mut game, &["e5-e6", "e6-e5"]);
    play_all(&mut game, &["a1+nwse"]);
    assert_eq!(game.position().progress(sq("a1")).unwrap().steps, 3);
    play_all(&mut game, &["a1+nwse"]);
    assert!(game.position().cell(sq("a1")).is_queen_of(Side::White));
}

#[test]
fn moving_the_piece_loses_its_promotion_progress() {
    let mut game = start_game(&["i8+ne"]);
    play_all(&mut game, &BLACK_WAITS);
    play_all(&mut game, &["i8+ne", "i8-i7"]);
    assert_eq!(game.position().progress(sq("i8")), None);
    assert_eq!(game.position().progress(sq("i7")), None);
    play_all(&mut game, &BLACK_WAITS);
    play_all(&mut game, &["i7+ne"]);
    assert_eq!(game.position().progress(sq("i7")).unwrap().steps, 1);
}

#[test]
fn changing_the_target_starts_the_promotion_again() {
    let mut game = start_game(&["i8+ne"]);
    play_all(&mut game, &BLACK_WAITS);
    play_all(&mut game, &["i8+ne", "i8+nw"]);
    let p = game.position().progress(sq("i8")).unwrap();
    assert_eq!((p.target, p.steps), (Diagonals(0b0010), 1));
    play_all(&mut game, &BLACK_WAITS);
    play_all(&mut game, &["i8+ne"]);
    let p = game.position().progress(sq("i8")).unwrap();
    assert_eq!((p.target, p.steps), (Diagonals(0b0001), 1));
}

#[test]
fn capturing_the_piece_loses_its_promotion_progress() {
    let mut game = position_with(&[
        ("a1", white(0)),
        ("c3", white(0b1111)),
        ("a5", black(0b1111)),
        ("f10", black(0b1111)),
    ]);
    play_all(&mut game, &["a1+ne", "a1+ne"]);
    play_all(&mut game, &["a5xa1"]);
    assert_eq!(game.position().progress(sq("a1")), None);
}

#[test]
fn five_and_seven_directional_pieces_are_refused_a_single_promotion() {
    let mut game = position_with(&[
        ("a1", white(0b0001)),
        ("c3", white(0b0111)),
        ("j10", black(0b1111)),
    ]);
    let reason = illegal_reason(&mut game, "a1+nwse");
    assert!(reason.contains("single promotion"), "{reason}");
    let reason = illegal_reason(&mut game, "c3+nesw");
    assert!(reason.contains("already has the ne diagonal"), "{reason}");
    let steps = |from: &str| {
        game.legal_moves(Side::White)
            .into_iter()
            .filter(|m| m.starts_with(&format!("{from}+")))
            .count()
    };
    assert_eq!(steps("a1"), 3);
    assert_eq!(steps("c3"), 1);
}

#[test]
fn promotion_steps_available_match_the_rules_for_each_piece() {
    let game = position_with(&[
        ("a1", white(0)),
        ("c3", white(0b0001)),
        ("e5", white(0b0011)),
        ("g7", white(0b0111)),
        ("i9", white(0b1111)),
        ("j10", black(0b1111)),
    ]);
    let moves = game.legal_moves(Side::White);
    let steps = |from: &str| {
        moves
            .iter()
            .filter(|m| m.starts_with(&format!("{from}+")))
            .count()
    };
    assert_eq!(
        [
            steps("a1"),
            steps("c3"),
            steps("e5"),
            steps("g7"),
            steps("i9")
        ],
        [11, 3, 3, 1, 0]
    );
}

#[test]
fn naming_an_owned_diagonal_or_three_diagonals_or_promoting_a_queen_is_refused() {
    let mut game = start_game(&[]);
    assert!(illegal_reason(&mut game, "h9+ne").contains("cannot promote"));
    assert!(illegal_reason(&mut game, "h8+nenwse").contains("wrong promotion target"));
    let mut game = position_with(&[("a1", white(0b0001)), ("j10", black(0b1111))]);
    assert!(illegal_reason(&mut game, "a1+ne").contains("already has the ne diagonal"));
    assert!(illegal_reason(&mut game, "a1+q").contains("wrong promotion target"));
}

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
    assert!(err.0.contains("-setup:1"), "{err}");
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
    assert!(illegal_reason(&mut game, "q17-q14").contains("not yours"));
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
                assert!(reason.contains(wanted), "{text}: {reason}")
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
