//! Why a password is refused as too easily guessed, as data for the
//! refusal and the warning that word it.

use serde::Serialize;

/// Why a password is too easily guessed (`host::accounts::strength`
/// decides); said in the refusal of a new one and in the one warning
/// about an old one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Weakness {
    TooShort {
        min: usize,
    },
    TooLong {
        max: usize,
    },
    /// The userid itself.
    Userid,
    /// A word of the host's commands.
    CommandWord,
    /// A game's name.
    GameName,
    /// Moves in notation (`e2e4e7e5`, `Nxe5+`, `O-O-O`).
    MoveNotation,
    /// A word the host's own mails use.
    HostWord,
    /// Among the passwords most often found in breaches, perhaps with
    /// digits added.
    Common,
}
