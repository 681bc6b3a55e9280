//! The one list of every game: names, aliases and titles (how to start
//! each is in `registry`).

use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Chess,
    Progression,
    Recursion,
    Spherical,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::Chess,
        GameKind::Progression,
        GameKind::Recursion,
        GameKind::Spherical,
    ];

    /// The name used in commands and stored with every game.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Spherical => "spherical",
            GameKind::Recursion => "recursion",
            GameKind::Progression => "progression",
        }
    }

    /// Accepted spellings besides [`GameKind::name`].
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            GameKind::Chess => &["standardchess", "fidechess", "orthochess"],
            GameKind::Spherical => &[
                "sphericalchess",
                "sphericalchess324",
                "spherical324",
                "sphere",
            ],
            GameKind::Recursion => &[
                "infiniterecursion",
                "infiniterecursionchess",
                "recursionchess",
            ],
            GameKind::Progression => &["progressionchess", "progchess"],
        }
    }

    /// The title used in subjects and on boards ("Chess Board 101").
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Chess => "Chess",
            GameKind::Spherical => "Spherical Chess 324",
            GameKind::Recursion => "Infinite Recursion Chess",
            GameKind::Progression => "Progression Chess",
        }
    }

    /// Finds a game by name or alias, ignoring case, spaces, `-` and `_`.
    pub fn from_name(text: &str) -> Option<GameKind> {
        text.parse().ok()
    }

    /// The command names of every game, in [`GameKind::ALL`] order: the
    /// one list that help pages and error messages show.
    pub fn names() -> impl Iterator<Item = &'static str> {
        GameKind::ALL.into_iter().map(GameKind::name)
    }
}

/// A game as templates see it: its command name and its title.
impl serde::Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut game = serializer.serialize_struct("GameKind", 2)?;
        game.serialize_field("name", self.name())?;
        game.serialize_field("title", self.title())?;
        game.end()
    }
}

/// A name that is no game of this host; it lists the games there are.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no game called {given:?}; the games are {}", GameKind::names().collect::<Vec<_>>().join(", "))]
pub struct UnknownGame {
    pub given: String,
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// A game by name or alias, ignoring case, spaces, `-` and `_`.
    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        let wanted: String = text
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == wanted || kind.aliases().contains(&wanted.as_str()))
            .ok_or_else(|| UnknownGame {
                given: text.to_string(),
            })
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
