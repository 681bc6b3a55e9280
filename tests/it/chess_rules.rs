//! Standard chess through the host's `Game` interface: the automatic draws,
//! castling, en passant, promotion notation, errors, FEN and the board.

use pbem::games::chess::{fen, outcome, Rules};
use pbem::games::{EndReason, Fact, Game, GameKind, MoveError, Side};

fn game_from(fen: &str) -> Box<dyn Game> {
    GameKind::Chess.from_position(&[], fen).unwrap()
}

fn play_all(game: &mut Box<dyn Game>, moves: &str) {
    for text in moves.split_whitespace() {
        let side = game.to_move()[0];
        game.play(side, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn legal(game: &dyn Game) -> Vec<String> {
    game.legal_moves(game.to_move()[0])
}

#[test]
fn the_turn_number_is_the_full_move_number_of_the_next_move() {
    let mut game = GameKind::Chess.new_game(&[]).unwrap();
    let mut turns = vec![game.turn_number()];
    for text in ["f3", "e5", "g4", "Qh4#"] {
        play_all(&mut game, text);
        turns.push(game.turn_number());
    }
    // Black mates with his second move; White's next would be move 3.
    assert_eq!(turns, [1, 1, 2, 2, 3]);
    assert_eq!(
        game_from("4k3/8/8/8/8/8/8/R3K3 b - - 5 40").turn_number(),
        40
    );
}

#[test]
fn threefold_repetition_is_a_draw_on_the_third_occurrence() {
    let mut game = GameKind::Chess.new_game(&[]).unwrap();
    play_all(&mut game, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(game.outcome(), None, "only the second occurrence");
    play_all(&mut game, "Nf3 Nf6 Ng1 Ng8");
    let outcome = game.outcome().expect("third occurrence ends the game");
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, EndReason::ThreefoldRepetition);
    assert!(game.to_move().is_empty());
    assert_eq!(game.play(Side::White, "e4"), Err(MoveError::GameOver));
}

#[test]
fn a_double_step_nobody_can_take_en_passant_repeats_the_position() {
    // After 1...e5 the en-passant square is set, but no pawn can use it, so
    // that position is the one that recurs after 3...Ng8 and 5...Ng8.
    let mut game = GameKind::Chess.new_game(&[]).unwrap();
    play_all(&mut game, "e4 e5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(game.outcome(), None);
    play_all(&mut game, "Ng8");
    assert_eq!(
        game.outcome().unwrap().reason,
        EndReason::ThreefoldRepetition
    );
}

#[test]
fn a_possible_en_passant_capture_makes_a_different_position() {
    let with = fen::parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", Rules::STANDARD).unwrap();
    let without = fen::parse("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", Rules::STANDARD).unwrap();
    assert_ne!(with.repetition_key(), without.repetition_key());
    // A recorded double step that no pawn can take changes nothing.
    let idle = fen::parse("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1", Rules::STANDARD).unwrap();
    let plain = fen::parse("4k3/8/8/3p4/8/8/8/4K3 w - - 0 1", Rules::STANDARD).unwrap();
    assert_eq!(idle.repetition_key(), plain.repetition_key());
}

#[test]
fn fifty_moves_without_pawn_move_or_capture_draw() {
    let mut game = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    play_all(&mut game, "Ra2");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, EndReason::FiftyMoveRule);
}

#[test]
fn mate_on_the_hundredth_quiet_ply_wins() {
    let mut game = game_from("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play_all(&mut game, "Ra8#");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::White));
    assert_eq!(outcome.reason, EndReason::Checkmate);
}

#[test]
fn stalemate_is_a_draw() {
    let mut game = game_from("k7/8/8/1Q6/8/8/8/7K w - - 0 1");
    play_all(&mut game, "Qb6");
    assert_eq!(game.outcome().unwrap().reason, EndReason::Stalemate);
}

#[test]
fn checkmate_wins_for_the_mating_side() {
    let mut game = GameKind::Chess.new_game(&[]).unwrap();
    play_all(&mut game, "f3 e5 g4 Qh4#");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::Black));
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert_eq!(game.perft(1), 0);
}

#[test]
fn capturing_down_to_king_against_king_is_a_dead_draw() {
    let mut game = game_from("8/8/8/4k3/8/8/5q2/4K3 w - - 0 1");
    play_all(&mut game, "Kxf2");
    assert_eq!(
        game.outcome().unwrap().reason,
        EndReason::InsufficientMaterial
    );
}

#[test]
fn dead_positions_are_exactly_the_listed_material() {
    let dead = |f: &str| outcome::is_dead_position(&fen::parse(f, Rules::STANDARD).unwrap());
    assert!(dead("8/8/8/4k3/8/8/8/4K3 w - - 0 1"), "K v K");
    assert!(dead("8/8/8/4k3/8/8/8/4KB2 w - - 0 1"), "K+B v K");
    assert!(dead("8/8/8/4k3/8/8/8/4KN2 w - - 0 1"), "K+N v K");
    assert!(
        dead("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1"),
        "K+B v K+B, both dark"
    );
    assert!(
        !dead("2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1"),
        "bishops on both colours"
    );
    assert!(!dead("5n2/8/8/4k3/8/8/8/2N1K3 w - - 0 1"), "K+N v K+N");
    assert!(!dead("8/8/8/4k3/8/8/8/2BBK3 w - - 0 1"), "two bishops");
    assert!(!dead("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"), "a pawn");
}

#[test]
fn castling_through_an_attacked_square_is_illegal() {
    let mut game = game_from("3k1r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let err = game.play(Side::White, "O-O").unwrap_err();
    assert!(err.to_string().contains("castle through check"), "{err}");
    assert!(game.play(Side::White, "O-O-O").is_ok());
}

#[test]
fn castling_into_check_is_illegal() {
    let game = game_from("3k2r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let moves = legal(game.as_ref());
    assert!(
        !moves.iter().any(|m| m == "O-O" || m == "O-O+"),
        "{moves:?}"
    );
    assert!(moves.iter().any(|m| m.starts_with("O-O-O")), "{moves:?}");
}

#[test]
fn castling_out_of_check_is_illegal() {
    let game = game_from("3kr3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let moves = legal(game.as_ref());
    assert!(!moves.iter().any(|m| m.starts_with("O-O")), "{moves:?}");
}

#[test]
fn queen_side_castling_may_pass_an_attacked_b_file_square_the_king_never_crosses() {
    let mut game = game_from("1r1k4/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    play_all(&mut game, "e1c1");
    assert!(game.board(Side::White).contains("|   |   | K | R |"));
}

#[test]
fn en_passant_that_uncovers_a_check_along_the_rank_is_illegal() {
    let game = game_from("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    let moves = legal(game.as_ref());
    assert!(!moves.contains(&"bxc6".to_string()), "{moves:?}");
    let mut copy = game.clone();
    let err = copy.play(Side::White, "b5c6").unwrap_err();
    assert!(err.to_string().contains("expose your king"), "{err}");
}

#[test]
fn en_passant_captures_the_pawn_that_passed() {
    let mut game = GameKind::Chess.new_game(&[]).unwrap();
    play_all(&mut game, "e4 a6 e5 d5 exd6");
    let board = game.board(Side::White);
    assert!(board.contains("6 | p |   |   | P |"), "{board}");
    assert!(board.contains("5 |   |   |   |   |   |"), "{board}");
}

#[test]
fn promotion_is_read_in_both_notations_and_every_piece() {
    for (text, piece) in [
        ("b8=Q", "Q"),
        ("b8Q", "Q"),
        ("b8=N", "N"),
        ("b8=r", "R"),
        ("b7b8q", "Q"),
        ("b7b8=B", "B"),
        ("b7-b8n", "N"),
    ] {
        let mut game = game_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        game.play(Side::White, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let board = game.board(Side::White);
        assert!(
            board.contains(&format!("8 |   | {piece} |")),
            "{text}: {board}"
        );
    }
}

#[test]
fn promotion_without_a_piece_or_to_a_king_is_refused_with_the_choices() {
    let game = game_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for text in ["b8", "b7b8"] {
        let err = game.clone().play(Side::White, text).unwrap_err();
        assert!(err.to_string().contains("must promote"), "{err}");
    }
    let err = game.clone().play(Side::White, "b7b8k").unwrap_err();
    assert!(matches!(err, MoveError::Malformed { .. }), "{err}");
}

#[test]
fn an_illegal_move_names_the_problem() {
    let mut game = GameKind::Chess.new_game(&[]).unwrap();
    let err = game.play(Side::White, "Nf4").unwrap_err();
    let text = err.to_string();
    assert!(text.contains("no white knight can move to f4"), "{text}");
    let err = game.play(Side::White, "e3e4").unwrap_err();
    assert!(err.to_string().contains("no piece on e3"), "{err}");
    let err = game.play(Side::White, "e7e5").unwrap_err();
    assert!(err.to_string().contains("is Black's"), "{err}");
    assert_eq!(
        game.play(Side::Black, "e5"),
        Err(MoveError::NotYourTurn(Side::Black))
    );
}

#[test]
fn an_ambiguous_move_names_the_candidates() {
    let mut game = game_from("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let err = game.play(Side::White, "Nd2").unwrap_err();
    assert!(err.to_string().contains("ambiguous"), "{err}");
    assert!(game.play(Side::White, "Nbd2").is_ok());
}

#[test]
fn garbage_move_texts_are_errors_not_panics() {
    let game = GameKind::Chess.new_game(&[]).unwrap();
    for text in [
        "", " ", "x", "e", "e9", "i2i4", "e2e", "Zf3", "O-O-O-O", "e2e4e5", "ñ", "e2→e4", "Nf3=Q",
        "=", "+", "1", "e2e4qq", "\u{0}",
    ] {
        assert!(
            game.clone().play(Side::White, text).is_err(),
            "{text:?} was accepted"
        );
    }
}

#[test]
fn fen_errors_name_the_problem() {
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "expected 6 fields",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "not a piece letter",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "more than 8 squares",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "has 7 squares",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "'X'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling right K",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KA - 0 1",
            "castling field",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
            "en passant square e4",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "needs a Black pawn",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "at least 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
            "2 kings",
        ),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", "0 kings"),
        (
            "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
            "Black is in check but it is White's move",
        ),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on a1"),
    ];
    for (text, expected) in cases {
        let err = GameKind::Chess
            .from_position(&[], text)
            .err()
            .unwrap_or_else(|| panic!("{text} accepted"));
        assert!(err.to_string().contains(expected), "{text}: {err}");
    }
}

#[test]
fn fen_round_trips_and_omits_an_unusable_en_passant_square() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        fen::write(&fen::parse(start, Rules::STANDARD).unwrap()),
        start
    );
    let mut game = pbem::games::chess::ChessGame::new(&[]).unwrap();
    game.play(Side::White, "e4").unwrap();
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn chess_refuses_switches() {
    let err = GameKind::Chess
        .new_game(&["-list:xxxx".into()])
        .err()
        .unwrap();
    assert!(err.to_string().contains("no switches"), "{err}");
}

#[test]
fn the_board_is_drawn_from_each_players_side() {
    let game = GameKind::Chess.new_game(&[]).unwrap();
    let white = game.board(Side::White);
    let lines: Vec<&str> = white.lines().collect();
    assert_eq!(lines[0], "  +---+---+---+---+---+---+---+---+");
    assert_eq!(lines[1], "8 | r | n | b | q | k | b | n | r |");
    assert_eq!(lines[15], "1 | R | N | B | Q | K | B | N | R |");
    assert_eq!(lines[17], "    a   b   c   d   e   f   g   h");
    let black = game.board(Side::Black);
    let lines: Vec<&str> = black.lines().collect();
    assert_eq!(lines[1], "1 | R | N | B | K | Q | B | N | R |");
    assert_eq!(lines[17], "    h   g   f   e   d   c   b   a");
    assert_eq!(
        game.facts(Side::White),
        [
            Fact::ToMove {
                sides: vec![Side::White]
            },
            Fact::MoveNumber { number: 1 }
        ]
    );
}

#[test]
fn a_stored_move_list_replays_to_the_same_position() {
    use pbem::games::{replay, RecordedMove, ReplayError};
    let mut game = GameKind::Chess.new_game(&[]).unwrap();
    let mut recorded = Vec::new();
    for text in [
        "e2e4", "c5", "Nf3", "d7d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6",
    ] {
        let side = game.to_move()[0];
        let played = game.play(side, text).unwrap();
        recorded.push(RecordedMove {
            side,
            notation: played.notation,
        });
    }
    let again = replay(GameKind::Chess, &[], &recorded).unwrap();
    assert_eq!(again.board(Side::White), game.board(Side::White));
    assert_eq!(
        again.legal_moves(Side::White),
        game.legal_moves(Side::White)
    );

    recorded[4].notation = "d5".into();
    match replay(GameKind::Chess, &[], &recorded) {
        Err(ReplayError::Move { number, .. }) => assert_eq!(number, 5),
        other => panic!(
            "expected a replay error, got {:?}",
            other.map(|g| g.board(Side::White))
        ),
    }
}

#[test]
fn the_example_move_is_a_legal_move_of_the_side_to_move_only() {
    let mut game = GameKind::Chess.new_game(&[]).unwrap();
    play_all(&mut game, "e4 e5 Nf3");
    let example = game.example_move(Side::Black).expect("Black has moves");
    assert!(legal(game.as_ref()).contains(&example), "{example}");
    assert_eq!(game.example_move(Side::White), None, "not White's turn");
    let mut mated = GameKind::Chess.new_game(&[]).unwrap();
    play_all(&mut mated, "f3 e5 g4 Qh4");
    assert_eq!(mated.example_move(Side::White), None, "the game is over");
}
