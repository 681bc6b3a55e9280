//! Robot opponents: one search over the [`Game`] trait for all four
//! games, at three strengths. Pure: a position in, a move out; the host
//! decides when a robot thinks and stores what it plays.
//!
//! - Games where one side moves at a time (chess, Progression Chess,
//!   Spherical Chess 324 with its two-action turns, and Infinite Recursion
//!   Chess once one board is over) are searched by alpha-beta minimax
//!   with iterative deepening and a table of positions already scored
//!   (where the game gives position keys). Each node knows whose action
//!   it is, so a side's two actions in a row are both its own choice.
//! - A round of Infinite Recursion Chess is two sealed moves made at once,
//!   so the robot cannot answer the other player's move: it scores every
//!   pair of moves, treats the table as a zero-sum matrix game, finds a
//!   mixed strategy by regret matching, and draws its move from it (see
//!   `simultaneous`). A pure maximin choice would be predictable and
//!   needlessly timid; the mixed one is what game theory prescribes.
//!
//! A search ends at its own time (`Strength::think`), or earlier when
//! its caller's [`Halt`] says so: a flag the caller sets from elsewhere
//! (the daemon does on SIGTERM; this module knows nothing of signals)
//! or a moment (the end of a look's budget). It looks every few hundred
//! positions, so it ends well within a second of either.

mod halt;
mod random;
mod search;
mod simultaneous;

pub use halt::Halt;
pub use random::Rng;

use crate::games::{Game, Side};
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

/// What a robot makes of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play, or none when `side` has no legal move.
    pub choice: Option<String>,
    /// How the position looks to the robot after its search, from its own
    /// side (`WIN` minus plies for a forced win).
    pub score: i32,
    /// The deepest search finished.
    pub depth: u32,
    pub nodes: u64,
    /// The caller's [`Halt`] ended the search before its own time: the
    /// choice is only the best found so far (or none), not to be played
    /// as the robot's considered move.
    pub halted: bool,
}

/// A robot resigns when it sees a forced loss, or when it is this far
/// behind (twelve pawns: about a queen and a rook).
pub const RESIGN_BELOW: i32 = -1200;

/// A robot takes a draw offer when it stands no better than this.
pub const DRAW_AT_MOST: i32 = -50;

impl Thought {
    /// No move: none is owed or legal, or the halt came first.
    fn none(game: &dyn Game, side: Side, halted: bool) -> Thought {
        Thought {
            choice: None,
            score: game.evaluate(side),
            depth: 0,
            nodes: 0,
            halted,
        }
    }

    /// Whether the robot gives up: hopelessly behind, and its opponent
    /// could still win.
    pub fn resigns(&self, game: &dyn Game, side: Side) -> bool {
        self.score <= RESIGN_BELOW && game.could_still_win(side.opponent())
    }

    /// Whether the robot accepts a draw offer in this position.
    pub fn accepts_draw(&self) -> bool {
        self.score <= DRAW_AT_MOST
    }
}

/// The robot's move for `side`. `game` must be the position as `side`
/// may know it: with no sealed move of the other player in it.
pub fn think(game: &dyn Game, side: Side, strength: &Strength, rng: &mut Rng) -> Thought {
    think_halting(game, side, strength, &Halt::never(), rng)
}

/// As [`think`], ending early (with `halted` set) once `halt` is due.
pub fn think_halting(
    game: &dyn Game,
    side: Side,
    strength: &Strength,
    halt: &Halt<'_>,
    rng: &mut Rng,
) -> Thought {
    let to_move = game.to_move();
    let halted = halt.is_due();
    if !to_move.contains(&side) || halted {
        return Thought::none(game, side, halted);
    }
    if to_move.len() > 1 {
        simultaneous::choose(game, side, strength, halt, rng)
    } else {
        search::choose(game, side, strength, halt, rng)
    }
}

#[cfg(test)]
mod tests;
