//! How strongly a robot plays, and the score of a won game every part of
//! the search measures against.

use std::time::Duration;

/// A score for a won game, less the plies it takes.
pub const WIN: i32 = 1_000_000;

/// How strongly a robot plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The deepest search, in actions (plies).
    pub depth: u32,
    /// Time for one move; the search stops at the deadline and plays the
    /// best move of the deepest search it finished.
    pub think: Duration,
    /// Up to this many hundredths of a pawn of randomness in how each
    /// candidate move is scored, so a weak robot errs like a human.
    pub noise: i32,
}

impl Strength {
    /// The three robots: 1 looks one action ahead and errs, 2 looks two
    /// ahead, 3 as deep as its time allows (at most `think`).
    pub fn level(level: u8, think: Duration) -> Strength {
        match level {
            1 => Strength {
                depth: 1,
                think,
                noise: 80,
            },
            2 => Strength {
                depth: 2,
                think,
                noise: 20,
            },
            _ => Strength {
                depth: 12,
                think,
                noise: 0,
            },
        }
    }
}
