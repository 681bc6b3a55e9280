//! Robots play a legal move in every game, from the start and from
//! positions of real games; they see a mate in one and a hanging queen,
//! stop at their deadline, and resign only hopeless games.

use super::*;
use crate::games::GameKind;
use std::time::{Duration, Instant};

mod choices;

fn played(kind: GameKind, switches: &[&str], moves: &[(Side, &str)]) -> Box<dyn Game> {
    let switches: Vec<String> = switches.iter().map(|s| s.to_string()).collect();
    let mut game = kind.new_game(&switches).unwrap();
    for (side, text) in moves {
        game.play(*side, text)
            .unwrap_or_else(|err| panic!("{text}: {err}"));
    }
    game
}

/// Each level's move for the side that owes one, checked legal by playing
/// it on a copy.
fn every_level_plays_legally(game: &dyn Game, side: Side) {
    for level in 1..=3 {
        let strength = Strength::level(level, Duration::from_millis(150));
        let thought = think(game, side, &strength, &mut Rng::new(level as u64));
        let choice = thought
            .choice
            .unwrap_or_else(|| panic!("level {level} found no move"));
        let mut copy = game.clone_game();
        copy.play(side, &choice)
            .unwrap_or_else(|err| panic!("level {level} played {choice}: {err}"));
    }
}

use Side::{Black, White};

#[test]
fn robots_play_legal_moves_from_the_start_of_every_game() {
    for kind in GameKind::ALL {
        let game = kind.new_game(&[]).unwrap();
        let side = game.canonical_mover().unwrap();
        every_level_plays_legally(game.as_ref(), side);
    }
}

#[test]
fn a_robot_chooses_a_progression_list_and_then_plays_on_the_board() {
    // The list phase, after White chose his list.
    let game = played(
        GameKind::Progression,
        &["-list:xxxx", "-promote:15"],
        &[(White, "list:nbNBrRQK")],
    );
    every_level_plays_legally(game.as_ref(), Black);
    let thought = think(
        game.as_ref(),
        Black,
        &Strength::level(3, Duration::from_millis(300)),
        &mut Rng::new(1),
    );
    let list = thought.choice.unwrap();
    assert!(list.starts_with("list:") && list.len() == 13, "{list}");
    let game = played(
        GameKind::Progression,
        &["-list:KQRrNnBb"],
        &[(White, "e2e4"), (Black, "e7e5"), (White, "g1f3")],
    );
    every_level_plays_legally(game.as_ref(), Black);
}

#[test]
fn a_robot_plays_a_round_of_infinite_recursion_chess_with_a_frozen_mega_knight() {
    // From the recursion tests' game: White mates on White's board in
    // round 5, so Black's mega-knight (on c6 of Black's board) is Frozen
    // and play goes on there alone.
    let mut game = GameKind::Recursion.new_game(&[]).unwrap();
    for text in "W:d4 B:Nc6 W:b5 B:d4 W:e4 B:a6 W:c6 B:d5 W:Qa5# B:h6".split_whitespace() {
        let side = game.canonical_mover().unwrap();
        game.play(side, text).unwrap();
    }
    assert!(game
        .facts(Black)
        .iter()
        .any(|fact| format!("{fact:?}").contains("Frozen")));
    let side = game.canonical_mover().unwrap();
    every_level_plays_legally(game.as_ref(), side);
    // A round with both boards running: a sealed move each.
    let game = played(GameKind::Recursion, &[], &[(White, "e4"), (Black, "e5")]);
    assert_eq!(game.to_move().len(), 2);
    every_level_plays_legally(game.as_ref(), White);
    every_level_plays_legally(game.as_ref(), Black);
}

#[test]
fn a_robot_plays_a_spherical_double_turn_with_a_promotion_in_progress() {
    // White's single first move, Black's first turn, then White's second
    // turn begun with a promotion step (i8 buying a diagonal).
    let game = played(
        GameKind::Spherical,
        &[],
        &[
            (White, "h8-h2"),
            (Black, "q2-q8"),
            (Black, "r2-r8"),
            (White, "i8+ne"),
        ],
    );
    assert_eq!(game.to_move(), [White]);
    every_level_plays_legally(game.as_ref(), White);
}

#[test]
fn every_level_mates_in_one_and_takes_a_hanging_queen() {
    // The scholar's mate, one move before the end.
    let game = played(
        GameKind::Chess,
        &[],
        &[
            (White, "e4"),
            (Black, "e5"),
            (White, "Bc4"),
            (Black, "Nc6"),
            (White, "Qh5"),
            (Black, "Nf6"),
        ],
    );
    for level in 1..=3 {
        let thought = think(
            game.as_ref(),
            White,
            &Strength::level(level, Duration::from_secs(2)),
            &mut Rng::new(7),
        );
        assert_eq!(thought.choice.as_deref(), Some("Qxf7#"), "level {level}");
        assert!(thought.score > WIN / 2);
    }
    // 1.e4 d6 2.Qg4?? puts the queen where the bishop takes it.
    let game = played(
        GameKind::Chess,
        &[],
        &[(White, "e4"), (Black, "d6"), (White, "Qg4")],
    );
    for level in 1..=3 {
        let thought = think(
            game.as_ref(),
            Black,
            &Strength::level(level, Duration::from_secs(2)),
            &mut Rng::new(3),
        );
        assert_eq!(thought.choice.as_deref(), Some("Bxg4"), "level {level}");
    }
}

#[test]
fn the_deepest_robot_stops_at_its_deadline() {
    // Twelve actions of Spherical Chess 324 would take ages: the search
    // must stop at its deadline and play what it found.
    let game = GameKind::Spherical.new_game(&[]).unwrap();
    let strength = Strength::level(3, Duration::from_millis(200));
    let started = Instant::now();
    let thought = think(game.as_ref(), White, &strength, &mut Rng::new(1));
    assert!(thought.choice.is_some());
    assert!(thought.depth < strength.depth, "{thought:?}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    // With no time at all it still answers, from the first level.
    let hurried = Strength::level(3, Duration::ZERO);
    let thought = think(game.as_ref(), White, &hurried, &mut Rng::new(1));
    assert!(thought.choice.is_some());
    assert!(thought.depth <= 1, "{thought:?}");
}

#[test]
fn a_robot_resigns_only_a_hopeless_game_and_takes_a_draw_only_when_not_better() {
    let switches: Vec<String> = Vec::new();
    let lost = GameKind::Chess
        .from_position(&switches, "4k3/8/8/8/8/8/8/QR2K3 b - - 0 1")
        .unwrap();
    let strength = Strength::level(2, Duration::from_secs(2));
    let thought = think(lost.as_ref(), Black, &strength, &mut Rng::new(1));
    assert!(thought.resigns(lost.as_ref(), Black), "{thought:?}");
    assert!(thought.accepts_draw());
    let start = GameKind::Chess.new_game(&switches).unwrap();
    let thought = think(start.as_ref(), White, &strength, &mut Rng::new(1));
    assert!(!thought.resigns(start.as_ref(), White), "{thought:?}");
    // A lone king cannot be mated by a lone king: nothing to resign.
    let bare = GameKind::Chess
        .from_position(&switches, "4k3/8/8/8/8/8/8/4K3 b - - 0 1")
        .unwrap();
    let thought = think(bare.as_ref(), Black, &strength, &mut Rng::new(1));
    assert!(!thought.resigns(bare.as_ref(), Black));
}

/// A robot with a minute to think on the biggest of the games.
fn slow_thinker() -> Strength {
    Strength::level(3, Duration::from_secs(60))
}

#[test]
fn a_search_whose_halt_is_already_due_returns_at_once_and_says_so() {
    let flag = std::sync::atomic::AtomicBool::new(true);
    for kind in GameKind::ALL {
        let game = kind.new_game(&[]).unwrap();
        let side = game.canonical_mover().unwrap();
        let started = Instant::now();
        let thought = think_halting(
            game.as_ref(),
            side,
            &slow_thinker(),
            &Halt::on(&flag),
            &mut Rng::new(1),
        );
        assert!(thought.halted, "{kind:?}: {thought:?}");
        assert!(started.elapsed() < Duration::from_millis(200), "{kind:?}");
    }
    // A moment already past halts it the same way.
    let game = GameKind::Chess.new_game(&[]).unwrap();
    let past = Halt::never().by(Instant::now());
    let thought = think_halting(
        game.as_ref(),
        White,
        &slow_thinker(),
        &past,
        &mut Rng::new(1),
    );
    assert!(thought.halted);
}

/// How long after `halt` fires (from another thread, `after` into the
/// search) a search of `kind` ends.
fn halted_within(kind: GameKind, after: Duration) -> Duration {
    use std::sync::atomic::{AtomicBool, Ordering};
    let flag = AtomicBool::new(false);
    let game = kind.new_game(&[]).unwrap();
    let side = game.canonical_mover().unwrap();
    std::thread::scope(|scope| {
        let setter = scope.spawn(|| {
            std::thread::sleep(after);
            flag.store(true, Ordering::Relaxed);
            Instant::now()
        });
        let thought = think_halting(
            game.as_ref(),
            side,
            &slow_thinker(),
            &Halt::on(&flag),
            &mut Rng::new(7),
        );
        let ended = Instant::now();
        let set = setter.join().unwrap();
        assert!(thought.halted, "{kind:?}: {thought:?}");
        ended.saturating_duration_since(set)
    })
}

#[test]
fn a_flag_set_from_another_thread_ends_a_long_search_within_a_second() {
    for kind in GameKind::ALL {
        let late = halted_within(kind, Duration::from_millis(300));
        eprintln!("{kind:?}: the search ended {late:?} after its flag was set");
        assert!(late < Duration::from_secs(1), "{kind:?}: {late:?}");
    }
}
