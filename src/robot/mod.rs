//! Robot opponents: one search for all four games, at three strengths.
//! Pure: a position in, a move out; the host decides when a robot thinks
//! and stores what it plays.
//!
//! The search works on each game's own typed moves and positions
//! ([`crate::games::Searchable`], handed over by
//! [`Game::search_start`]): no move text but the one it chooses, no
//! boxed game cloned per position. It deepens one level at a time
//! (`deepening`) with alpha-beta, a table of positions already scored,
//! moves ordered best first, and a quiescence search of captures at the
//! horizon (`search`). Each node knows whose action it is, so a
//! Spherical Chess 324 turn of two actions is two levels of the same
//! side, and Progression Chess's lists are moves like any other.
//!
//! A round of Infinite Recursion Chess is two sealed moves made at once,
//! one on each board. The robot chooses its own without the other's (the
//! host never shows it), and its search takes the cautious view that
//! the other player answers it; the pair counts as one level. The two
//! moves are on different boards, so neither changes what the other
//! may do: the answer that view grants the other player is almost
//! always the move he would have chosen anyway, and a search of one
//! move at a time goes far deeper than scoring every pair of moves would.
//!
//! A search ends at its own time (`Strength::think`), or earlier when
//! its caller's [`Halt`] says so: a flag the caller sets from elsewhere
//! (the daemon does on SIGTERM; this module knows nothing of signals)
//! or a moment (the end of a look's budget). It looks every few hundred
//! positions, so it ends well within a second of either.

mod deepening;
mod halt;
mod ordering;
mod random;
mod search;
mod table;

pub use halt::Halt;
pub use random::Rng;

use crate::games::{Game, SearchStart, Side};
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
    fn none(score: i32, halted: bool) -> Thought {
        Thought {
            choice: None,
            score,
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
        return Thought::none(game.evaluate(side), halted);
    }
    match game.search_start() {
        SearchStart::Chess(node) => deepening::choose(node, side, strength, halt, rng),
        SearchStart::Progression(node) => deepening::choose(node, side, strength, halt, rng),
        SearchStart::Recursion(node) => deepening::choose(node, side, strength, halt, rng),
        SearchStart::Spherical(node) => deepening::choose(*node, side, strength, halt, rng),
    }
}

#[cfg(test)]
mod tests;
