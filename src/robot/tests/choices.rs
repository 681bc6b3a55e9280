//! Positions where the right choice is known, for each game's search and
//! evaluation: a mate in one and in two, the last King taken and the
//! last King kept, a mega-knight about to be armed, a last queen taken. Searched to a fixed depth, not for a time, so
//! the answers do not depend on the machine.

use super::*;
use crate::games::spherical::{Cell, Diagonals, Position, SetUp, Spherical, Square};

/// Every level, searched `depth` actions deep at most (the weaker levels
/// less), without noise.
fn choices(game: &dyn Game, side: Side, depth: u32) -> Vec<Thought> {
    (1..=depth)
        .map(|depth| {
            let strength = Strength {
                depth,
                think: Duration::from_secs(600),
                noise: 0,
            };
            think(game, side, &strength, &mut Rng::new(u64::from(depth)))
        })
        .collect()
}

#[test]
fn the_robot_finds_a_mate_in_two_and_knows_it_for_one() {
    // 1.Kg6 Kg8 2.Rb8#: the king first, then the rook.
    let game = GameKind::Chess
        .from_position(&[], "7k/8/5K2/8/8/8/8/1R6 w - - 0 1")
        .unwrap();
    let thought = choices(game.as_ref(), White, 3).pop().unwrap();
    assert_eq!(thought.score, WIN - 3, "{thought:?}");
    // After the king's step the mate is one move away, at every depth.
    let game = GameKind::Chess
        .from_position(&[], "6k1/8/6K1/8/8/8/8/1R6 w - - 0 1")
        .unwrap();
    for thought in choices(game.as_ref(), White, 3) {
        assert_eq!(thought.choice.as_deref(), Some("Rb8#"), "{thought:?}");
        assert_eq!(thought.score, WIN - 1);
    }
}

/// Progression Chess where each Queen that moves turns into a Bishop:
/// 2.Qh5 is then a Bishop on h5 that attacks the King on e8 (f7 is open).
fn bishop_on_h5() -> Box<dyn Game> {
    played(
        GameKind::Progression,
        &["-list:QBKRrNnb"],
        &[(White, "e2e4"), (Black, "f7f6"), (White, "d1h5")],
    )
}

#[test]
fn a_progression_robot_keeps_its_last_king_and_takes_the_others() {
    // Black's only King is attacked; only g7g6 covers it (a King that
    // moves turns into a Rook, which loses at once).
    let game = bishop_on_h5();
    for thought in choices(game.as_ref(), Black, 3) {
        assert_eq!(thought.choice.as_deref(), Some("g7g6"), "{thought:?}");
    }
    // Had Black not covered it, White takes the last King and wins.
    let mut game = bishop_on_h5();
    game.play(Black, "a7a6").unwrap();
    for thought in choices(game.as_ref(), White, 2) {
        assert_eq!(thought.choice.as_deref(), Some("h5e8"), "{thought:?}");
        assert!(thought.score > WIN / 2);
    }
}

#[test]
fn a_recursion_robot_mates_on_the_board_that_arms_its_mega_knight() {
    // White's board holds Black's mega-knight (the game on it): the
    // mirrored fool's mate there, Qa4#, arms it. The robot chooses it in
    // the sealed round, without knowing White's move on the other board.
    let mut game = GameKind::Recursion.new_game(&[]).unwrap();
    for text in "W:c3 B:h6 W:d5 B:h3 W:b4 B:a6".split_whitespace() {
        let side = game.canonical_mover().unwrap();
        game.play(side, text).unwrap();
    }
    assert_eq!(game.to_move().len(), 2);
    for thought in choices(game.as_ref(), Black, 2) {
        assert_eq!(thought.choice.as_deref(), Some("Qa4#"), "{thought:?}");
    }
    // Played, with any move of White's on the other board, it arms it.
    game.play(Black, "Qa4#").unwrap();
    game.play(White, "a3").unwrap();
    assert!(game
        .facts(Black)
        .iter()
        .any(|fact| format!("{fact:?}").contains("owner: Black, state: Armed")));
}

/// A Spherical Chess 324 position of set-up 1 with `side` to move and
/// `left` actions of its turn left.
fn spherical(side: Side, left: u8, pieces: &[(usize, usize, Side, u8)]) -> Spherical {
    let mut position = Position::empty(side, left);
    for &(file, rank, owner, diagonals) in pieces {
        position.put(
            Square::new(file, rank),
            Cell::piece(owner, Diagonals(diagonals)),
        );
    }
    Spherical::at(SetUp::number(1).unwrap(), position)
}

#[test]
fn a_spherical_robot_takes_a_hanging_last_queen() {
    const QUEEN: u8 = 0b1111;
    // White's queen on a1 sees Black's last queen on a5 up the a-file.
    let game = spherical(
        White,
        2,
        &[(0, 0, White, QUEEN), (0, 4, Black, QUEEN), (9, 9, Black, 0)],
    );
    for thought in choices(&game, White, 3) {
        assert_eq!(thought.choice.as_deref(), Some("a1xa5"), "{thought:?}");
        assert!(thought.score > WIN / 2);
    }
}
