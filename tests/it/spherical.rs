//! Spherical Chess 324 through the registry, as the host and `pbem perft`
//! see it.

use pbem::games::{GameKind, Side};

fn new_game(setup: u8) -> Box<dyn pbem::games::Game> {
    GameKind::from_name("spherical")
        .unwrap()
        .new_game(&[format!("-setup:{setup}")])
        .unwrap()
}

#[test]
fn perft_depth_1_and_2_from_the_start_of_every_setup() {
    for setup in 1..=4 {
        let game = new_game(setup);
        assert_eq!(game.perft(1), 316, "set-up {setup}");
        assert_eq!(game.perft(2), 99_324, "set-up {setup}");
    }
}

#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored"]
fn perft_depth_3_from_the_start_of_every_setup() {
    for setup in 1..=4 {
        assert_eq!(new_game(setup).perft(3), 33_513_768, "set-up {setup}");
    }
}

#[test]
fn a_turn_can_come_in_one_mail_or_two() {
    // The host calls play once per move either way: Black stays to move
    // until both moves of the turn are in.
    let mut game = new_game(1);
    game.play(Side::White, "h8-h2").unwrap();
    for text in ["q17-q14", "q14-q13"] {
        assert_eq!(game.to_move(), vec![Side::Black]);
        game.play(Side::Black, text).unwrap();
    }
    assert_eq!(game.to_move(), vec![Side::White]);
}

#[test]
fn a_position_notation_is_refused_with_a_reason() {
    let kind = GameKind::from_name("sphericalchess324").unwrap();
    let err = kind.from_position(&[], "anything").err().unwrap();
    assert!(err.to_string().contains("no position notation"));
}

/// The rules page players get with `spherical help`.
const RULES_PAGE: &str = include_str!("../../templates/en/games/spherical.txt");

#[test]
fn the_help_examples_are_legal_from_the_start() {
    let moves = GameKind::Spherical
        .new_game(&[])
        .unwrap()
        .legal_moves(Side::White);
    for line in RULES_PAGE
        .lines()
        .skip_while(|l| !l.starts_with("EXAMPLES"))
        .skip(1)
    {
        let Some(example) = line.split_whitespace().next() else {
            break;
        };
        assert!(
            moves.contains(&example.to_string()),
            "help example {example}"
        );
    }
}

#[test]
fn the_help_page_names_the_switches_and_the_notation() {
    let help = RULES_PAGE;
    for needle in [
        "-setup:1",
        "-setup:4",
        "h9xa9",
        "i8+nesw",
        "i8+q",
        "Host ruling",
    ] {
        assert!(help.contains(needle), "{needle}");
    }
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    fn near_moves() -> impl Strategy<Value = String> {
        let pieces: Vec<&str> = vec![
            "a", "h", "q", "r", "s", "z", "0", "1", "8", "9", "18", "19", "+", "-", "x", "ne",
            "nw", "se", "sw", "q", " ", "é", "\u{0}",
        ];
        proptest::collection::vec(proptest::sample::select(pieces), 0..8)
            .prop_map(|parts| parts.concat())
    }

    proptest! {
        #[test]
        fn any_move_text_is_played_or_refused_without_panicking(
            text in prop_oneof![any::<String>(), near_moves()]
        ) {
            let mut game = new_game(1);
            let accepted = game.play(Side::White, &text).is_ok();
            prop_assert_eq!(accepted, game.to_move() == vec![Side::Black]);
        }
    }
}
