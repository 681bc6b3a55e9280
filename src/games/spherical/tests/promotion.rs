//! Promotion bought with moves: its three kinds, their costs, and when progress is lost.

use super::*;

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
