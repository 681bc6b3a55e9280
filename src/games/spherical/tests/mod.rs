//! Rules tests on hand-built positions and short games from the start.

use super::*;
use crate::games::{CountedPiece, EndReason, Fact, Game, MoveError, Outcome, Side};

mod play;
mod promotion;

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
        Err(MoveError::Illegal { reason, .. }) => reason.to_string(),
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
