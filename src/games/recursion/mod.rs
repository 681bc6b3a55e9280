//! Infinite Recursion Chess (rules: `templates/en/games/recursion.txt`):
//! two chess games, each the
//! mega-knight of the other, played in rounds of sealed moves on the chess
//! core.

pub(crate) mod board;
mod evaluate;
mod game;
pub(crate) mod mega;
pub(crate) mod notation;
mod render;
pub(crate) mod result;
pub(crate) mod round;
mod search;

pub use board::BoardId;
pub use game::RecursionGame;
pub use mega::MegaState;
pub(crate) use search::RecursionSearch;
