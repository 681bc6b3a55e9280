//! Infinite Recursion Chess through the host's `Game` interface: rounds,
//! sealed moves, state changes at the end of a round, the match result and
//! perft, as its rules page (`templates/en/games/recursion.txt`) has them.

use pbem::games::chess::{Color, MarkRules, Move, MoveKind, Position, Role, Rules};
use pbem::games::recursion::{BoardId, MegaState, RecursionGame};
use pbem::games::{
    BoardState, EndReason, Fact, Game, GameKind, MatchCell, MoveError, Reason, Side,
};

fn new_game() -> RecursionGame {
    RecursionGame::new(&[]).expect("no switches")
}

/// Plays moves in perft's canonical order (each round White's board
/// first), as `pbem perft --moves` does.
fn play(game: &mut RecursionGame, moves: &str) {
    for text in moves.split_whitespace() {
        let side = game
            .canonical_mover()
            .unwrap_or_else(|| panic!("{text}: the match is over"));
        game.play(side, text)
            .unwrap_or_else(|e| panic!("{text} by {side}: {e}"));
    }
}

fn mega(game: &RecursionGame, board: BoardId) -> MegaState {
    game.state().board(board).mega
}

// Three short games on White's board, each ending the board in the first
// move of a round, while Black's board goes on.

/// White mates on White's board in round 5 (a mirrored "reversed fool's
/// mate", Qa5#), so Black's mega-knight (on Black's board) becomes Frozen.
/// On Black's board that knight went to c6, where White's d-pawn attacks it.
const WHITE_MATES_IN_ROUND_5: &str = "W:d4 B:Nc6  W:b5 B:d4  W:e4 B:a6  W:c6 B:d5  W:Qa5#";

/// Black mates on White's board in round 4 (the mirrored fool's mate,
/// Qa4#), so Black's mega-knight becomes Armed. It stands on d4 then.
const BLACK_MATES_IN_ROUND_4: &str = "W:c3 B:Nc6  W:d5 B:e4  W:b4 B:Nd4  W:Qa4#";

/// Knights out and back twice on White's board: the start position stands
/// there for the third time after round 8, a draw, so Black's mega-knight
/// becomes Disarmed. It went to c6 and then e5 on Black's board, where
/// White's d4 pawn attacks it and it attacks White's f3 pawn.
const DRAW_ON_WHITES_BOARD_IN_ROUND_8: &str = "W:Nf3 B:Nc6  W:Nf6 B:a3  W:Ng1 B:Ne5  W:Ng8 B:d4  \
     W:Nf3 B:h6  W:Nf6 B:f3  W:Ng1 B:h5  W:Ng8";

/// The other way round: Black mates on Black's board in round 5 (Qa4#),
/// so White's mega-knight (on White's board, gone to b5, where Black's a6
/// pawn attacks it) becomes Frozen.
const BLACK_WINS_BLACKS_BOARD_IN_ROUND_5: &str =
    "W:Na3 B:d5  W:e5 B:c3  W:Nb5 B:a6  W:a6 B:b4  W:h3";

#[test]
fn the_boards_start_as_the_seed_draws_them() {
    let game = new_game();
    for id in BoardId::ALL {
        let pos = game.state().board(id).position;
        for (file, role) in [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::King,
            Role::Queen,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ]
        .into_iter()
        .enumerate()
        {
            let sq = pbem::games::chess::Square::from_coords(file as u8, 0);
            assert_eq!(
                pos.piece_at(sq).map(|p| (p.color, p.role)),
                Some((Color::White, role))
            );
            let sq = pbem::games::chess::Square::from_coords(file as u8, 7);
            assert_eq!(
                pos.piece_at(sq).map(|p| (p.color, p.role)),
                Some((Color::Black, role))
            );
        }
        let marked: Vec<String> = pos.marked().map(|sq| sq.to_string()).collect();
        let expected = match id {
            BoardId::White => "b1",
            BoardId::Black => "b8",
        };
        assert_eq!(marked, [expected], "{}", id.name());
        assert_eq!(pos.turn(), id.owner());
        assert_eq!(mega(&game, id), MegaState::Neutral);
    }
    let board = game.board(Side::White);
    assert!(
        board.contains("| N*|") && board.contains("| n*|"),
        "{board}"
    );
    assert!(
        board.lines().all(|line| line.chars().count() <= 80),
        "{board}"
    );
}

#[test]
fn each_round_both_players_move_once_on_different_boards() {
    let mut game = new_game();
    assert_eq!(game.to_move(), [Side::White, Side::Black]);
    // Round 1: White on White's board, Black on Black's board, either order.
    assert_eq!(game.turn_number(), 1);
    game.play(Side::Black, "e5").unwrap();
    assert_eq!(game.turn_number(), 1, "the round is not complete");
    assert_eq!(game.to_move(), [Side::White]);
    assert_eq!(
        game.play(Side::Black, "d5"),
        Err(MoveError::NotYourTurn(Side::Black))
    );
    game.play(Side::White, "e4").unwrap();
    assert_eq!(game.state().round, 2);
    assert_eq!(game.turn_number(), 2);
    // Round 2: Black on White's board, White on Black's board.
    assert_eq!(game.to_move(), [Side::Black, Side::White]);
    assert_eq!(game.facts(Side::White)[0], Fact::Round { number: 2 });
    let wrong_board = game.play(Side::White, "W:Nf3").unwrap_err();
    assert!(
        matches!(
            &wrong_board,
            MoveError::Illegal { reason, .. } if matches!(**reason, Reason::WrongBoard {
                named: Side::White,
                owed: Side::Black,
                ..
            })
        ),
        "{wrong_board:?}"
    );
    let stored = game.play(Side::White, "B:Nf3").unwrap();
    assert_eq!(stored.notation, "B:Nf3");
}

#[test]
fn castling_is_mirrored_towards_the_a_file() {
    let mut game = new_game();
    // Clear b1 and c1 on White's board: the mega-knight and the bishop.
    play(
        &mut game,
        "W:Na3 B:a6  W:a5 B:a3  W:b3 B:a5  W:h6 B:h3  W:Bb2 B:h6  W:h5 B:h4",
    );
    assert!(game.legal_moves(Side::White).contains(&"O-O".to_string()));
    let played = game.play(Side::White, "d1b1").unwrap();
    assert_eq!(played.notation, "W:O-O");
    play(&mut game, "B:h5");
    let pos = game.state().board(BoardId::White).position;
    let at = |s: &str| pos.piece_at(pbem::games::chess::Square::parse(s).unwrap());
    assert_eq!(at("b1").map(|p| p.role), Some(Role::King));
    assert_eq!(at("c1").map(|p| p.role), Some(Role::Rook));
    assert_eq!(at("a1"), None);
}

#[test]
fn sealed_moves_are_not_revealed_before_the_round_completes() {
    let mut game = new_game();
    let board_before = game.board(Side::Black);
    let played = game.play(Side::White, "e2e4").unwrap();
    assert_eq!(played.notation, "W:e4");
    assert!(!played.public_notation.contains("e4"), "{played:?}");
    // Black's view: the old board, told only that White has moved.
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        words(&game.board(Side::Black)),
        words(&board_before).replace("White to move", "White has moved (sealed)")
    );
    let facts = game.facts(Side::Black);
    assert!(!format!("{facts:?}").contains("e4"), "{facts:?}");
    let white_board = |state| Fact::Board {
        owner: Side::White,
        state,
    };
    assert!(
        facts.contains(&white_board(BoardState::Sealed {
            side: Side::White,
            notation: None
        })),
        "{facts:?}"
    );
    // White's view confirms his move.
    assert!(game
        .facts(Side::White)
        .contains(&white_board(BoardState::Sealed {
            side: Side::White,
            notation: Some("e4".into())
        })));
    assert!(game.board(Side::White).contains("Your sealed move e4"));
    // Black's move completes the round: now both are told.
    let played = game.play(Side::Black, "B:e5").unwrap();
    assert_eq!(played.public_notation, "B:e5");
    for viewer in Side::BOTH {
        assert!(game.facts(viewer).contains(&Fact::RoundRevealed {
            round: 1,
            moves: vec!["W:e4".into(), "B:e5".into()]
        }));
    }
}

#[test]
fn a_mate_changes_the_other_mega_knight_only_at_the_end_of_the_round() {
    let mut game = new_game();
    play(&mut game, WHITE_MATES_IN_ROUND_5);
    // The mate on White's board is sealed; Black still moves on his board
    // in this round, with his mega-knight still Neutral (so it may move).
    assert_eq!(game.to_move(), [Side::Black]);
    assert_eq!(mega(&game, BoardId::Black), MegaState::Neutral);
    assert!(game.facts(Side::Black).contains(&Fact::MegaKnight {
        owner: Side::Black,
        state: MegaState::Neutral
    }));
    let black_moves = game.legal_moves(Side::Black);
    assert!(black_moves.contains(&"Nb4".to_string()), "{black_moves:?}");
    play(&mut game, "B:h6");
    // Round over: White won White's board, Black's mega-knight is Frozen.
    let white_board = game.state().board(BoardId::White).result.clone().unwrap();
    assert_eq!(white_board.winner, Some(Side::White));
    assert_eq!(white_board.reason, EndReason::Checkmate);
    assert_eq!(mega(&game, BoardId::Black), MegaState::Frozen);
    assert_eq!(mega(&game, BoardId::White), MegaState::Neutral);
    assert!(game.facts(Side::White).contains(&Fact::MegaKnight {
        owner: Side::Black,
        state: MegaState::Frozen
    }));
    assert!(game
        .board(Side::White)
        .contains("n* Black's mega-knight: Frozen"));
    assert_eq!(game.outcome(), None);
    // Black's board alone now, White to move, each move a round.
    assert_eq!(game.to_move(), [Side::White]);
    assert_eq!(game.state().round, 6);
    let played = game.play(Side::White, "a3").unwrap();
    assert_eq!(played.public_notation, "B:a3");
    assert_eq!(game.state().round, 7);
    // The Frozen knight on c6 has no move; Black has others.
    let pos = game.state().board(BoardId::Black).position;
    let moves = pos.legal_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|mv| mv.from.to_string() != "c6"));
}

#[test]
fn black_winning_his_board_freezes_whites_mega_knight_at_the_rounds_end() {
    let mut game = new_game();
    play(&mut game, BLACK_WINS_BLACKS_BOARD_IN_ROUND_5);
    play(&mut game, "B:Qa4#");
    // Both moves of round 5 were in: now the state has changed.
    let black_board = game.state().board(BoardId::Black).result.clone().unwrap();
    assert_eq!(black_board.winner, Some(Side::Black));
    assert_eq!(mega(&game, BoardId::White), MegaState::Frozen);
    assert_eq!(mega(&game, BoardId::Black), MegaState::Neutral);
    // White's board alone, Black to move: the Frozen knight can be taken.
    assert_eq!(game.to_move(), [Side::Black]);
    assert_eq!(game.play(Side::Black, "axb5").unwrap().notation, "W:axb5");
    assert!(game
        .state()
        .board(BoardId::White)
        .position
        .marked()
        .is_empty());
}

#[test]
fn the_position_after_a_state_change_counts_for_repetition() {
    let mut game = new_game();
    play(&mut game, WHITE_MATES_IN_ROUND_5);
    play(&mut game, "B:h6");
    // Black's board: the start, five moves, and the position again with
    // the knight Frozen, a position of its own.
    let history = &game.state().board(BoardId::Black).history;
    assert_eq!(history.len(), 1 + 5 + 1);
    assert_ne!(history[5], history[6]);
}

#[test]
fn a_frozen_mega_knight_can_be_captured() {
    let mut game = new_game();
    play(&mut game, WHITE_MATES_IN_ROUND_5);
    play(&mut game, "B:h6");
    assert_eq!(mega(&game, BoardId::Black), MegaState::Frozen);
    let played = game.play(Side::White, "dxc6").unwrap();
    assert_eq!(played.notation, "B:dxc6");
    let pos = game.state().board(BoardId::Black).position;
    assert!(
        pos.marked().is_empty(),
        "the mega-knight has left the board"
    );
    // Its game's result stands: White won White's board.
    let white_board = game.state().board(BoardId::White).result.clone().unwrap();
    assert_eq!(white_board.winner, Some(Side::White));
    let board = game.board(Side::Black);
    assert!(board.contains("mega-knight: Frozen"), "{board}");
    assert!(board.contains("   (captured)"), "{board}");
    // The legend stays in its column: the two never run together.
    for line in board.lines() {
        assert!(
            !line.contains("capturedn*") && !line.contains("capturedN*"),
            "{board}"
        );
    }
}

#[test]
fn a_neutral_mega_knight_check_is_answered_only_by_a_king_move() {
    let mut game = new_game();
    // White's mega-knight b1-c3-d5-f4-e6+ on White's board; Black's e-pawn
    // went to e5, so e7 is free, and the d7 and f7 pawns and the queen
    // could take on e6 were the knight capturable.
    play(
        &mut game,
        "W:Nc3 B:a6  W:e5 B:a3  W:Nd5 B:a5  W:a6 B:a4  W:Nf4 B:h6  W:a5 B:h3  W:Ne6+ B:h5",
    );
    assert!(game.state().board(BoardId::White).position.is_check());
    assert_eq!(game.legal_moves(Side::Black), ["Ke7"]);
    for capture in ["dxe6", "fxe6", "Qxe6", "Kxe6"] {
        assert!(
            matches!(
                game.play(Side::Black, capture),
                Err(MoveError::Illegal { .. })
            ),
            "{capture}"
        );
    }
    game.play(Side::Black, "Ke7").unwrap();
}

#[test]
fn an_armed_mega_knight_may_capture() {
    let mut game = new_game();
    play(&mut game, BLACK_MATES_IN_ROUND_4);
    // Before the round ends the knight on d4 is still Neutral.
    assert_eq!(mega(&game, BoardId::Black), MegaState::Neutral);
    play(&mut game, "B:a3");
    assert_eq!(mega(&game, BoardId::Black), MegaState::Armed);
    let white_board = game.state().board(BoardId::White).result.clone().unwrap();
    assert_eq!(white_board.winner, Some(Side::Black));
    assert!(game.legal_moves(Side::Black).contains(&"Nxc2".to_string()));
    assert_eq!(game.play(Side::Black, "Nxc2").unwrap().notation, "B:Nxc2");
}

#[test]
fn a_drawn_board_disarms_the_other_mega_knight() {
    let mut game = new_game();
    play(&mut game, DRAW_ON_WHITES_BOARD_IN_ROUND_8);
    assert_eq!(mega(&game, BoardId::Black), MegaState::Neutral);
    play(&mut game, "B:h4");
    let white_board = game.state().board(BoardId::White).result.clone().unwrap();
    assert_eq!(white_board.winner, None);
    assert_eq!(white_board.reason, EndReason::ThreefoldRepetition);
    assert_eq!(mega(&game, BoardId::Black), MegaState::Disarmed);
    // The knight on e5 still moves but may not take the pawn on f3 ...
    let moves = game.legal_moves(Side::Black);
    assert!(moves.contains(&"Nc4".to_string()), "{moves:?}");
    let error = game.play(Side::Black, "Nxf3").unwrap_err().to_string();
    assert!(
        error.contains("mega-knight is Disarmed, so it may not capture"),
        "{error}"
    );
    // ... and the pawn on d4 may now take it.
    play(&mut game, "B:a6 B:dxe5");
    assert!(game
        .state()
        .board(BoardId::Black)
        .position
        .marked()
        .is_empty());
}

#[test]
fn both_boards_ending_in_one_round_change_no_state_and_end_the_match() {
    let mut game = new_game();
    // Black mates on White's board and White mates on Black's board, both
    // in round 4.
    play(&mut game, "W:c3 B:c6  W:d5 B:d4  W:b4 B:b5  W:Qa4# B:Qa5#");
    for id in BoardId::ALL {
        assert_eq!(mega(&game, id), MegaState::Neutral, "{}", id.name());
    }
    let white_board = game.state().board(BoardId::White).result.clone().unwrap();
    let black_board = game.state().board(BoardId::Black).result.clone().unwrap();
    assert_eq!(white_board.winner, Some(Side::Black));
    assert_eq!(black_board.winner, Some(Side::White));
    let outcome = game.outcome().expect("the match is over");
    assert_eq!(outcome.winner, None, "{outcome}");
    assert!(
        matches!(
            outcome.reason,
            EndReason::RecursionMatch {
                cell: MatchCell::EachWonOne,
                ..
            }
        ),
        "{outcome}"
    );
    assert!(game.to_move().is_empty());
    // The match ended in round 4; a next move would have been round 5's.
    assert_eq!(game.turn_number(), 5);
    assert_eq!(game.play(Side::White, "e4"), Err(MoveError::GameOver));
    assert_eq!(game.perft(1), 0);
}

#[test]
fn winning_both_boards_in_different_rounds_wins_the_match() {
    let mut game = new_game();
    // White mates on White's board in round 5 (Black's mega-knight, still
    // on b8, becomes Frozen), then on Black's board in round 6.
    play(
        &mut game,
        "W:d4 B:c6  W:b5 B:d4  W:e4 B:b5  W:c6 B:a3  W:Qa5# B:h6",
    );
    assert_eq!(mega(&game, BoardId::Black), MegaState::Frozen);
    assert_eq!(game.outcome(), None);
    play(&mut game, "B:Qa5#");
    let outcome = game.outcome().expect("both boards are over");
    assert_eq!(outcome.winner, Some(Side::White), "{outcome}");
    assert!(
        matches!(
            outcome.reason,
            EndReason::RecursionMatch {
                cell: MatchCell::WonBothBoards,
                ..
            }
        ),
        "{outcome}"
    );
    assert_eq!(
        game.facts(Side::Black)[0],
        Fact::GameOver { outcome },
        "the match result comes first"
    );
}

#[test]
fn a_finished_match_seals_nothing_and_reveals_its_last_round() {
    // Both boards end in round 4; the move on White's board is sealed
    // until the move on Black's board completes the round.
    let mut game = new_game();
    play(&mut game, "W:c3 B:c6  W:d5 B:d4  W:b4 B:b5");
    let side = game.canonical_mover().unwrap();
    let first = game.play(side, "W:Qa4#").unwrap();
    assert_eq!(first.public_notation, "W:(sealed)");
    assert_eq!(game.sealed_moves(), 1);
    let last = game.play(side.opponent(), "B:Qa5#").unwrap();
    assert_eq!(last.public_notation, "B:Qa5#");
    assert!(game.outcome().is_some());
    assert_eq!(game.sealed_moves(), 0, "a finished match seals nothing");
    for viewer in Side::BOTH {
        let facts = game.facts(viewer);
        let revealed = Fact::RoundRevealed {
            round: 4,
            moves: vec!["W:Qa4#".into(), "B:Qa5#".into()],
        };
        assert!(facts.contains(&revealed), "{facts:?}");
        assert!(!game.board(viewer).contains("sealed"));
    }

    // A match whose last board ends alone: its last round is one move.
    let mut game = new_game();
    play(
        &mut game,
        "W:d4 B:c6  W:b5 B:d4  W:e4 B:b5  W:c6 B:a3  W:Qa5# B:h6",
    );
    let side = game.canonical_mover().unwrap();
    let last = game.play(side, "B:Qa5#").unwrap();
    assert_eq!(last.public_notation, "B:Qa5#");
    assert!(game.outcome().is_some());
    assert_eq!(game.sealed_moves(), 0);
    assert!(game.facts(Side::Black).contains(&Fact::RoundRevealed {
        round: 6,
        moves: vec!["B:Qa5#".into()],
    }));
}

#[test]
fn moves_never_panic_on_odd_text() {
    let mut game = new_game();
    for text in [
        "", " ", "W:", "B:", ":", "é", "W:é4", "zz", "e9e4", "O-O-O-O", "W:W:e4", "e2e4e6", "B:e5",
    ] {
        let result = game.play(Side::White, text);
        assert!(result.is_err(), "{text:?}");
    }
    assert!(game.play(Side::White, " w : e2e4 ").is_ok());
}

#[test]
fn the_registry_starts_recursion() {
    let game = GameKind::from_name("Infinite-Recursion-Chess")
        .unwrap()
        .new_game(&[])
        .unwrap();
    assert_eq!(game.kind(), GameKind::Recursion);
    assert!(GameKind::Recursion.new_game(&["-foo".into()]).is_err());
    assert!(GameKind::Recursion.from_position(&[], "8/8 w").is_err());
}

// perft.

// Counts first found equal by the game's perft and the naive recount below,
// pinned so that a change to either shows.
const FROZEN_PERFT_3: u64 = 11_815;
const ARMED_PERFT_3: u64 = 19_269;
const DISARMED_PERFT_3: u64 = 22_084;
const WHITES_FROZEN_PERFT_3: u64 = 13_751;

#[test]
fn perft_from_the_start_to_depth_4() {
    let game = new_game();
    let counts: Vec<u64> = (1..=4).map(|depth| game.perft(depth)).collect();
    assert_eq!(counts, [20, 400, 8000, 160000]);
}

#[test]
#[ignore = "slow in a debug build: run with --release -- --ignored"]
fn perft_from_the_start_depth_5() {
    assert_eq!(new_game().perft(5), 3_559_600);
}

#[test]
#[ignore = "slow in a debug build: run with --release -- --ignored"]
fn perft_from_the_start_depth_6() {
    assert_eq!(new_game().perft(6), 79_192_201);
}

#[test]
fn divide_sums_to_perft_and_names_the_board() {
    let game = new_game();
    let divide = game.divide(2);
    assert_eq!(divide.len(), 20);
    assert!(divide
        .iter()
        .all(|(mv, count)| mv.starts_with("W:") && *count == 20));
}

/// An independent recount for one board once the other has ended: the
/// core's pseudo-legal generator with marks switched off, filtered here by
/// the seed's table and by king safety tested move by move (checks, pins,
/// castling out of or through check), instead of the core's legal
/// generator with its check masks, pins and mark rules. `states[i]` is the
/// mega-knight state in force for ply `i`; a board with no legal move under
/// the state of the round it was reached in is over. Repetition, the
/// fifty-move rule and dead positions are left out: the positions below
/// are a few plies after a pawn move with most pieces on the board, so none
/// can apply within these depths.
fn naive_perft(pos: &Position, owner: Color, states: &[MegaState]) -> u64 {
    let Some((&state, rest)) = states.split_first() else {
        return 1;
    };
    let moves = naive_legal(pos, owner, state);
    if rest.is_empty() {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = *pos;
            next.play(mv);
            if naive_legal(&next, owner, state).is_empty() {
                0 // mated or stalemated in this round: the board is over
            } else {
                naive_perft(&next, owner, rest)
            }
        })
        .sum()
}

fn naive_legal(pos: &Position, owner: Color, state: MegaState) -> Vec<Move> {
    // The seed's table again: capturing move, non-capturing move, capturable.
    let (capturing, non_capturing, capturable) = match state {
        MegaState::Neutral => (false, true, false),
        MegaState::Armed => (true, true, true),
        MegaState::Disarmed => (false, true, true),
        MegaState::Frozen => (false, false, true),
    };
    let us = pos.turn();
    let them = us.opponent();
    let mut free = *pos;
    free.set_rules(Rules {
        royal_kings: false,
        marks: MarkRules::ORDINARY,
        ..*pos.rules()
    });
    let king = pos.pieces(us, Role::King).first().expect("a king");
    free.legal_moves()
        .into_iter()
        .filter(|mv| {
            let castle = matches!(mv.kind, MoveKind::Castle(_));
            let captures =
                mv.kind == MoveKind::EnPassant || (!castle && pos.occupied().contains(mv.to));
            let mega_moves = pos.is_marked(mv.from) && us == owner;
            if mega_moves && (!non_capturing || (captures && !capturing)) {
                return false;
            }
            if captures && pos.is_marked(mv.to) && them == owner && !capturable {
                return false;
            }
            if castle {
                let mut passed = pbem::games::chess::attacks::between(king, mv.to).with(mv.to);
                if pos.is_attacked(king, them)
                    || Iterator::any(&mut passed, |sq| pos.is_attacked(sq, them))
                {
                    return false;
                }
            }
            let mut after = *pos;
            after.play(*mv);
            let king_after = after.pieces(us, Role::King).first().expect("a king");
            !after.is_attacked(king_after, them)
        })
        .collect()
}

/// perft across the end of the round in which White's board ended: the
/// first ply is the round's last move on Black's board (its mega-knight
/// still Neutral), the rest are on Black's board alone with the new state.
fn assert_perft_across_the_state_change(moves: &str, new_state: MegaState, depth: usize) -> u64 {
    let board = BoardId::Black;
    let mut game = new_game();
    play(&mut game, moves);
    assert_eq!(mega(&game, board), MegaState::Neutral);
    let pos = game.state().board(board).position;
    let mut states = vec![MegaState::Neutral];
    states.resize(depth, new_state);
    let expected = naive_perft(&pos, board.owner(), &states);
    assert_eq!(
        game.perft(depth as u32),
        expected,
        "{moves} then perft({depth})"
    );
    // After the round's last move the state has changed for good.
    let side = game.canonical_mover().unwrap();
    let first = game.legal_moves(side)[0].clone();
    game.play(side, &first).unwrap();
    assert_eq!(mega(&game, board), new_state);
    expected
}

#[test]
fn perft_with_a_frozen_mega_knight_matches_a_naive_recount() {
    let count = assert_perft_across_the_state_change(WHITE_MATES_IN_ROUND_5, MegaState::Frozen, 3);
    assert_eq!(count, FROZEN_PERFT_3);
}

#[test]
fn perft_with_an_armed_mega_knight_matches_a_naive_recount() {
    let count = assert_perft_across_the_state_change(BLACK_MATES_IN_ROUND_4, MegaState::Armed, 3);
    assert_eq!(count, ARMED_PERFT_3);
}

#[test]
fn perft_with_a_disarmed_mega_knight_matches_a_naive_recount() {
    let count = assert_perft_across_the_state_change(
        DRAW_ON_WHITES_BOARD_IN_ROUND_8,
        MegaState::Disarmed,
        3,
    );
    assert_eq!(count, DISARMED_PERFT_3);
}

#[test]
fn perft_with_whites_frozen_mega_knight_matches_a_naive_recount() {
    // White's board goes on alone, Black to move, White's knight Frozen.
    let mut game = new_game();
    play(&mut game, BLACK_WINS_BLACKS_BOARD_IN_ROUND_5);
    play(&mut game, "B:Qa4#");
    assert_eq!(mega(&game, BoardId::White), MegaState::Frozen);
    let pos = game.state().board(BoardId::White).position;
    let expected = naive_perft(&pos, Color::White, &[MegaState::Frozen; 3]);
    assert_eq!(game.perft(3), expected);
    assert_eq!(expected, WHITES_FROZEN_PERFT_3);
}

#[test]
#[ignore = "slow in a debug build: run with --release -- --ignored"]
fn perft_depth_4_across_every_state_change_matches_a_naive_recount() {
    assert_perft_across_the_state_change(WHITE_MATES_IN_ROUND_5, MegaState::Frozen, 4);
    assert_perft_across_the_state_change(BLACK_MATES_IN_ROUND_4, MegaState::Armed, 4);
    assert_perft_across_the_state_change(DRAW_ON_WHITES_BOARD_IN_ROUND_8, MegaState::Disarmed, 4);
}

#[test]
fn perft_from_the_start_matches_a_naive_recount_of_both_boards() {
    // While both boards run they are independent: perft(4) is the product
    // of two-ply counts on each board, with both mega-knights Neutral.
    let game = new_game();
    let per_board: Vec<u64> = BoardId::ALL
        .iter()
        .map(|&id| {
            let pos = game.state().board(id).position;
            naive_perft(&pos, id.owner(), &[MegaState::Neutral; 2])
        })
        .collect();
    assert_eq!(game.perft(4), per_board[0] * per_board[1]);
}

// Random play.

mod random_play {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Any text is answered with a move or an error, never a panic.
        #[test]
        fn any_text_is_answered_without_a_panic(text in "\\PC{0,12}") {
            let mut game = new_game();
            for side in Side::BOTH {
                let _ = game.play(side, &text);
            }
        }

        /// Games of random legal moves, played in the order players might
        /// send them (the second mover of a round first, sometimes), replay
        /// from their stored notation to the same boards, and every move
        /// the game lists is accepted.
        #[test]
        fn stored_moves_replay_to_the_same_match(choices in proptest::collection::vec(any::<u16>(), 1..120)) {
            let mut game = new_game();
            let mut stored = Vec::new();
            for choice in choices {
                let owed = game.to_move();
                if owed.is_empty() {
                    break;
                }
                let side = owed[usize::from(choice) % owed.len()];
                let moves = game.legal_moves(side);
                prop_assert!(!moves.is_empty());
                let text = &moves[usize::from(choice >> 4) % moves.len()];
                let played = game.play(side, text).expect("a listed move is legal");
                stored.push((side, played.notation));
            }
            let mut replay = new_game();
            for (side, text) in &stored {
                replay.play(*side, text).expect("stored notation replays");
            }
            for id in BoardId::ALL {
                let (a, b) = (game.state().board(id), replay.state().board(id));
                prop_assert_eq!(a.position, b.position);
                prop_assert_eq!(a.mega, b.mega);
                prop_assert_eq!(&a.result, &b.result);
            }
            prop_assert_eq!(game.outcome(), replay.outcome());
            prop_assert_eq!(game.to_move(), replay.to_move());
        }

        /// Long random games: whenever one board is over and the other
        /// runs, the running board's mega-knight has the state the finished
        /// game gives it; while both run, both are Neutral.
        #[test]
        fn mega_states_always_follow_the_other_board(seed in any::<u64>()) {
            let mut game = new_game();
            let mut rng = seed;
            for _ in 0..400 {
                for id in BoardId::ALL {
                    let here = game.state().board(id);
                    let there = game.state().board(id.other());
                    match (&here.result, &there.result) {
                        (None, None) => prop_assert_eq!(here.mega, MegaState::Neutral),
                        (None, Some(result)) => {
                            prop_assert_eq!(here.mega, MegaState::after(id.owner(), result));
                        }
                        _ => {}
                    }
                }
                let Some(side) = game.canonical_mover() else { break };
                let moves = game.legal_moves(side);
                // A small xorshift: proptest picks the seed, this the moves.
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let text = &moves[(rng % moves.len() as u64) as usize];
                game.play(side, text).expect("a listed move is legal");
            }
        }
    }
}

#[test]
fn the_example_move_is_one_of_the_moves_the_side_owes() {
    let mut game = new_game();
    play(&mut game, "W:e4");
    for side in [Side::White, Side::Black] {
        let owed = game.legal_moves(side);
        match game.example_move(side) {
            Some(example) => assert!(owed.contains(&example), "{side}: {example}"),
            None => assert!(owed.is_empty(), "{side} owes {owed:?}"),
        }
    }
    assert!(
        game.example_move(Side::Black).is_some(),
        "Black owes a move"
    );
}
