//! The one place that knows how to start every game: a new game from its
//! switches, or from a position written in its own notation.

use super::spherical::Spherical;
use super::{chess, progression, recursion, Game, GameKind, SetupError};

impl GameKind {
    /// A new game from its challenge switches (game switches only; the host
    /// strips its own, such as `-rated`, first).
    pub fn new_game(self, switches: &[String]) -> Result<Box<dyn Game>, SetupError> {
        match self {
            GameKind::Chess => Ok(Box::new(chess::ChessGame::new(switches)?)),
            GameKind::Spherical => Ok(Box::new(Spherical::from_switches(switches)?)),
            GameKind::Recursion => Ok(Box::new(recursion::RecursionGame::new(switches)?)),
            GameKind::Progression => Ok(Box::new(progression::ProgressionGame::new(switches)?)),
        }
    }

    /// A game from a position written in the game's own position notation
    /// (FEN for chess), for analysis and perft.
    pub fn from_position(
        self,
        switches: &[String],
        position: &str,
    ) -> Result<Box<dyn Game>, SetupError> {
        match self {
            GameKind::Chess => Ok(Box::new(chess::ChessGame::from_fen(switches, position)?)),
            GameKind::Spherical => {
                // Check the switches first so their errors come first.
                Spherical::from_switches(switches)?;
                Err(SetupError::NoPositionNotation {
                    game: self,
                    position: position.to_string(),
                })
            }
            // Two boards, two mega-knight states and a round in progress do
            // not fit one FEN; a position is reached by its moves instead.
            GameKind::Recursion => Err(SetupError::NoPositionNotation {
                game: self,
                position: position.to_string(),
            }),
            // FEN cannot say which pieces are little or what the lists are.
            GameKind::Progression => {
                progression::ProgressionGame::new(switches)?;
                Err(SetupError::NoPositionNotation {
                    game: self,
                    position: position.to_string(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_move_of_every_game_is_legal_and_never_loses_at_once() {
        for kind in GameKind::ALL {
            let mut game = kind.new_game(&[]).unwrap();
            // A few plies in, from each side, by the examples themselves.
            for _ in 0..6 {
                let Some(&side) = game.to_move().first() else {
                    break;
                };
                let example = game.example_move(side).expect("a running game has one");
                assert!(
                    game.legal_moves(side).contains(&example),
                    "{kind:?} {example}"
                );
                game.play(side, &example).unwrap();
                let lost = game
                    .outcome()
                    .is_some_and(|outcome| outcome.winner == Some(side.opponent()));
                assert!(!lost, "{kind:?}: {example} loses at once");
            }
        }
        // Progression Chess's first example is not the only King's move.
        let game = GameKind::Progression.new_game(&[]).unwrap();
        let first = game.example_move(crate::games::Side::White).unwrap();
        assert!(!first.to_lowercase().starts_with("e1"), "{first}");
    }

    #[test]
    fn names_and_aliases_find_the_game_ignoring_case_and_separators() {
        assert_eq!(GameKind::from_name("chess"), Some(GameKind::Chess));
        assert_eq!(GameKind::from_name("Standard-Chess"), Some(GameKind::Chess));
        assert_eq!(GameKind::from_name("checkers"), None);
        assert_eq!(GameKind::from_name("recursion"), Some(GameKind::Recursion));
        for alias in [
            "Infinite Recursion",
            "infinite-recursion-chess",
            "Recursion_Chess",
        ] {
            assert_eq!(
                GameKind::from_name(alias),
                Some(GameKind::Recursion),
                "{alias}"
            );
        }
        assert_eq!(
            GameKind::from_name("progression"),
            Some(GameKind::Progression)
        );
        assert_eq!(
            GameKind::from_name("Progression Chess"),
            Some(GameKind::Progression)
        );
        assert_eq!(
            GameKind::from_name("progression_chess"),
            Some(GameKind::Progression)
        );
    }

    #[test]
    fn every_game_has_a_title_and_a_start() {
        for kind in GameKind::ALL {
            assert!(!kind.title().is_empty());
            let game = kind.new_game(&[]).expect("starts with no switches");
            assert_eq!(game.kind(), kind);
        }
        assert_eq!(GameKind::Recursion.title(), "Infinite Recursion Chess");
        assert_eq!(GameKind::Progression.title(), "Progression Chess");
    }

    #[test]
    fn an_unknown_name_is_an_error_that_lists_the_games() {
        let err = "checkers".parse::<GameKind>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "there is no game called \"checkers\"; the games are chess, progression, recursion, spherical"
        );
    }

    #[test]
    fn every_name_and_alias_is_unique() {
        let mut seen = std::collections::HashSet::new();
        for kind in GameKind::ALL {
            assert!(seen.insert(kind.name()), "{} twice", kind.name());
            for alias in kind.aliases() {
                assert!(seen.insert(alias), "{alias} twice");
            }
        }
    }

    #[test]
    fn spherical_is_found_by_name_and_alias() {
        for text in [
            "spherical",
            "Spherical",
            "sphericalchess",
            "Spherical-Chess-324",
            "spherical324",
        ] {
            assert_eq!(
                GameKind::from_name(text),
                Some(GameKind::Spherical),
                "{text}"
            );
        }
        assert_eq!(GameKind::Spherical.title(), "Spherical Chess 324");
    }
}
