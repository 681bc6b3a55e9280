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
mod strength;
mod table;
mod thought;

pub use halt::Halt;
pub use random::Rng;
pub use strength::{Strength, WIN};
pub use thought::{Thought, DRAW_AT_MOST, RESIGN_BELOW};

use crate::games::{Game, SearchStart, Side};

/// The robot's move for `side`. `game` must be the position as `side`
/// may know it: with no sealed move of the other player in it.
pub fn think(game: &dyn Game, side: Side, strength: &Strength, rng: &mut Rng) -> Thought {
    think_halting(game, side, strength, &Halt::never(), rng)
}

/// As [`think`], ending early (with `halted` set) once `halt` is due.
pub(crate) fn think_halting(
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
