//! Why a game refuses its challenge switches or a position, typed for the
//! host to word in each player's language (`reasons.setup(e)` of the
//! templates); [`fmt::Display`] gives the English text for logs, the CLI
//! and tests, the same words as the English template.

use super::GameKind;
use serde::Serialize;
use std::fmt;

/// A challenge switch or a set-up the game cannot accept. Serializes
/// with a `kind` (snake_case) and its fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SetupError {
    /// Chess and Infinite Recursion Chess take no switches.
    NoSwitches { game: GameKind, switch: String },
    /// A switch the game does not know; the game's own are named.
    UnknownSwitch { game: GameKind, switch: String },
    /// A word without the leading `-` of a switch.
    NotASwitch { game: GameKind, switch: String },
    /// A switch without its value after `:` or `=`.
    NeedsValue { game: GameKind, switch: String },
    /// A switch given twice (`switch` as the game names it: `-list:`).
    GivenTwice { switch: String },
    /// Progression Chess: `-list:` with nothing after it.
    TemplateEmpty,
    /// Progression Chess: a template longer than a list.
    TemplateTooLong { text: String, length: usize },
    /// Progression Chess: a letter that is neither a kind nor a wildcard,
    /// at `position` (from 1).
    TemplateLetter { letter: String, position: usize },
    /// Progression Chess: a kind fixed at two positions (from 1).
    TemplateKindTwice {
        letter: String,
        first: usize,
        second: usize,
    },
    /// Progression Chess: more `z` than there are of Q and K left unfixed
    /// (`free`: the letters left).
    TooManyWildcards { count: usize, free: Vec<String> },
    /// Progression Chess: `-promote:` with nothing after it.
    PromoteEmpty,
    /// Progression Chess: more promotion digits than a list has places.
    PromoteTooLong { text: String, count: usize },
    /// Progression Chess: a character of `-promote:` that is no list
    /// position.
    PromoteNotADigit { letter: String, text: String },
    /// Spherical Chess 324: a set-up that is not 1 to 4.
    NoSuchSetUp { switch: String },
    /// Spherical Chess 324: `-setup` given twice with different set-ups.
    SetUpTwice { switch: String },
    /// A game without a position notation (`pbem perft` and analysis
    /// only, never a mail).
    NoPositionNotation { game: GameKind, position: String },
    /// A FEN that does not read (`pbem perft` and analysis only).
    Position { problem: String },
}

/// The switches a game takes, as its refusals name them.
fn valid(game: GameKind) -> &'static str {
    match game {
        GameKind::Progression => "-list:TEMPLATE and -promote:DIGITS",
        GameKind::Spherical => "-setup:1, -setup:2, -setup:3 and -setup:4 (or -setup=N)",
        GameKind::Chess | GameKind::Recursion => "no switches",
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SetupError::*;
        match self {
            NoSwitches { game, switch } => {
                write!(f, "{} takes no switches, but got {switch:?}", game.title())
            }
            UnknownSwitch { game, switch } => write!(
                f,
                "unknown switch {switch:?}; {} takes {}",
                game.title(),
                valid(*game)
            ),
            NotASwitch { game, switch } => write!(
                f,
                "{switch:?} is not a switch; {} takes {}",
                game.title(),
                valid(*game)
            ),
            NeedsValue { game, switch } => write!(
                f,
                "{switch:?} needs a value after ':' or '='; {} takes {}",
                game.title(),
                valid(*game)
            ),
            GivenTwice { switch } => write!(f, "{switch} is given twice"),
            TemplateEmpty => f.write_str(
                "the -list: template is empty; give 1 to 8 characters from x z K Q R r N n B b",
            ),
            TemplateTooLong { text, length } => write!(
                f,
                "the -list: template {text:?} has {length} characters; at most 8 (one per kind)"
            ),
            TemplateLetter { letter, position } => write!(
                f,
                "{letter:?} (position {position}) cannot stand in a -list: template: use x (any kind), z (Q or K) or a kind K Q R r N n B b; only lower-case x and z are wildcards"
            ),
            TemplateKindTwice {
                letter,
                first,
                second,
            } => write!(
                f,
                "the -list: template fixes {letter} twice (positions {first} and {second}); a list holds each kind once"
            ),
            TooManyWildcards { count, free } => {
                write!(f, "the -list: template has {count} z's, but a z takes Q or K and ")?;
                match free.as_slice() {
                    [] => f.write_str("neither Q nor K is left for them (both are fixed)"),
                    [one] => write!(f, "only {one} is left for them"),
                    _ => f.write_str("there are only those two"),
                }
            }
            PromoteEmpty => {
                f.write_str("the -promote: value is empty; give 1 to 8 digits from 1 to 8")
            }
            PromoteTooLong { text, count } => write!(
                f,
                "the -promote: value {text:?} has {count} characters; at most 8 digits"
            ),
            PromoteNotADigit { letter, text } => write!(
                f,
                "{letter:?} in -promote:{text} is not a list position; use digits 1 to 8"
            ),
            NoSuchSetUp { switch } => write!(
                f,
                "{switch:?}: the set-up must be 1, 2, 3 or 4 (-setup:1 to -setup:4)"
            ),
            SetUpTwice { switch } => write!(
                f,
                "{switch:?}: a set-up was already chosen; give -setup only once"
            ),
            NoPositionNotation { game, position } => write!(
                f,
                "{} has no position notation (got {position:?}): play the moves from the start instead",
                game.title()
            ),
            Position { problem } => write!(f, "bad FEN: {problem}"),
        }
    }
}
