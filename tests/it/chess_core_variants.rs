//! The 8×8 core's generality, which the variants rely on: pieces that may
//! not capture, may not be captured or may not move; kings that are not
//! royal (several kings, kings captured); a different back rank with
//! mirrored castling. Each is shown on a position, not just claimed.

use pbem::games::chess::{
    perft::perft, CastlingSetup, Color, MarkRules, Move, MoveKind, Piece, Position, Role, Rules,
    Square,
};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn coordinates(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.coordinate()).collect();
    moves.sort();
    moves
}

fn place(pos: &mut Position, pieces: &[(&str, Color, Role)]) {
    for &(name, color, role) in pieces {
        pos.put(sq(name), Piece::new(color, role));
    }
}

/// White king e1, queen d1; a black marked knight on d3 checking e1.
fn knight_check(marks: MarkRules) -> Position {
    let mut pos = Position::empty(Rules {
        marks,
        ..Rules::STANDARD
    });
    place(
        &mut pos,
        &[
            ("e1", Color::White, Role::King),
            ("d1", Color::White, Role::Queen),
            ("d3", Color::Black, Role::Knight),
            ("h8", Color::Black, Role::King),
        ],
    );
    pos.set_marked(sq("d3"), true);
    pos
}

#[test]
fn a_check_by_an_uncapturable_piece_is_met_only_by_king_moves() {
    let mut marks = MarkRules::ORDINARY;
    marks.capturable[Color::Black.index()] = false;
    let pos = knight_check(marks);
    assert!(pos.is_check());
    let moves = coordinates(&pos);
    assert!(!moves.contains(&"d1d3".to_string()), "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("e1")), "{moves:?}");
    // The same check by an ordinary knight may be captured.
    let ordinary = knight_check(MarkRules::ORDINARY);
    assert!(coordinates(&ordinary).contains(&"d1d3".to_string()));
}

#[test]
fn an_uncapturable_piece_blocks_every_slider() {
    let mut marks = MarkRules::ORDINARY;
    marks.capturable[Color::Black.index()] = false;
    let mut pos = knight_check(marks);
    pos.set_turn(Color::Black);
    pos.remove(sq("d3"));
    place(&mut pos, &[("d4", Color::Black, Role::Knight)]);
    pos.set_marked(sq("d4"), true);
    pos.set_turn(Color::White);
    let moves = coordinates(&pos);
    assert!(moves.contains(&"d1d3".to_string()));
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("d1d4") || m.starts_with("d1d5")),
        "{moves:?}"
    );
}

#[test]
fn a_piece_that_may_not_capture_moves_to_empty_squares_only() {
    let mut marks = MarkRules::ORDINARY;
    marks.may_capture[Color::White.index()] = false;
    let mut pos = Position::empty(Rules {
        marks,
        ..Rules::STANDARD
    });
    place(
        &mut pos,
        &[
            ("a1", Color::White, Role::King),
            ("d4", Color::White, Role::Knight),
            ("e6", Color::Black, Role::Pawn),
            ("h8", Color::Black, Role::King),
        ],
    );
    pos.set_marked(sq("d4"), true);
    let knight_moves: Vec<String> = coordinates(&pos)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    assert_eq!(knight_moves.len(), 7, "{knight_moves:?}");
    assert!(!knight_moves.contains(&"d4e6".to_string()));
}

#[test]
fn an_immobile_piece_still_gives_check_and_may_be_captured() {
    let mut marks = MarkRules::ORDINARY;
    marks.may_move[Color::Black.index()] = false;
    let pos = knight_check(marks);
    assert!(pos.is_check(), "a frozen knight still checks");
    assert!(coordinates(&pos).contains(&"d1d3".to_string()));
    let mut black = pos;
    black.set_turn(Color::Black);
    black.remove(sq("e1"));
    black.put(sq("a1"), Piece::new(Color::White, Role::King));
    assert!(coordinates(&black).iter().all(|m| m.starts_with("h8")));
}

#[test]
fn the_mark_travels_with_the_piece_and_leaves_with_a_capture() {
    let mut pos = knight_check(MarkRules::ORDINARY);
    pos.set_turn(Color::Black);
    pos.play(Move {
        from: sq("d3"),
        to: sq("b2"),
        kind: MoveKind::Normal,
    });
    assert!(pos.is_marked(sq("b2")) && !pos.is_marked(sq("d3")));
    let capture = pos
        .play(Move {
            from: sq("d1"),
            to: sq("d2"),
            kind: MoveKind::Normal,
        })
        .is_some();
    assert!(!capture);
    pos.set_turn(Color::White);
    pos.remove(sq("d2"));
    pos.put(sq("d1"), Piece::new(Color::White, Role::Queen));
    pos.put(sq("b1"), Piece::new(Color::White, Role::Rook));
    let taken = pos
        .play(Move {
            from: sq("b1"),
            to: sq("b2"),
            kind: MoveKind::Normal,
        })
        .unwrap();
    assert!(taken.marked);
    assert!(!pos.is_marked(sq("b2")));
}

#[test]
fn without_royal_kings_a_king_may_walk_into_attack_and_be_taken() {
    let rules = Rules {
        royal_kings: false,
        ..Rules::STANDARD
    };
    let mut pos = Position::empty(rules);
    place(
        &mut pos,
        &[
            ("e1", Color::White, Role::King),
            ("a2", Color::Black, Role::Rook),
            ("e8", Color::Black, Role::King),
        ],
    );
    let moves = coordinates(&pos);
    assert!(
        moves.contains(&"e1e2".to_string()),
        "moving into attack: {moves:?}"
    );
    pos.play(Move {
        from: sq("e1"),
        to: sq("e2"),
        kind: MoveKind::Normal,
    });
    let taken = pos.play(Move {
        from: sq("a2"),
        to: sq("e2"),
        kind: MoveKind::Normal,
    });
    assert_eq!(taken.unwrap().piece.role, Role::King);
    assert!(pos.pieces(Color::White, Role::King).is_empty());
}

#[test]
fn without_royal_kings_several_kings_all_move_and_castling_ignores_attack() {
    let rules = Rules {
        royal_kings: false,
        ..Rules::STANDARD
    };
    let mut pos = Position::empty(rules);
    place(
        &mut pos,
        &[
            ("e1", Color::White, Role::King),
            ("h1", Color::White, Role::Rook),
            ("c4", Color::White, Role::King),
            ("f8", Color::Black, Role::Rook),
            ("e8", Color::Black, Role::Queen),
        ],
    );
    pos.set_castling_right(Color::White, pbem::games::chess::Wing::King, true);
    let moves = coordinates(&pos);
    assert!(
        moves.contains(&"e1g1".to_string()),
        "castling out of and through attack: {moves:?}"
    );
    assert_eq!(moves.iter().filter(|m| m.starts_with("c4")).count(), 8);
    assert!(!pos.is_check());
}

#[test]
fn a_mirrored_back_rank_castles_towards_the_a_file() {
    let setup = CastlingSetup {
        king_file: 3,
        rook_file: [0, 7],
        king_to_file: [1, 5],
        rook_to_file: [2, 4],
    };
    let rules = Rules {
        castling: setup,
        ..Rules::STANDARD
    };
    let mut pos = Position::empty(rules);
    place(
        &mut pos,
        &[
            ("d1", Color::White, Role::King),
            ("a1", Color::White, Role::Rook),
            ("h1", Color::White, Role::Rook),
            ("d8", Color::Black, Role::King),
        ],
    );
    pos.set_castling_right(Color::White, pbem::games::chess::Wing::King, true);
    pos.set_castling_right(Color::White, pbem::games::chess::Wing::Queen, true);
    let moves = coordinates(&pos);
    assert!(
        moves.contains(&"d1b1".to_string()) && moves.contains(&"d1f1".to_string()),
        "{moves:?}"
    );
    let castle = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.kind == MoveKind::Castle(pbem::games::chess::Wing::King))
        .unwrap();
    pos.play(castle);
    assert_eq!(
        pos.piece_at(sq("b1")),
        Some(Piece::new(Color::White, Role::King))
    );
    assert_eq!(
        pos.piece_at(sq("c1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    assert_eq!(pos.piece_at(sq("a1")), None);

    // The mirrored start position: same counts as chess at shallow depth
    // (castling cannot happen yet), found by the same generator.
    let start = Position::with_back_rank(
        rules,
        &[
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::King,
            Role::Queen,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ],
    );
    assert_eq!(perft(&start, 3), 8902);
}
