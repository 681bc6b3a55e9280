//! Infinite Recursion Chess (rules: `templates/en/games/recursion.txt`):
//! two chess games, each the
//! mega-knight of the other, played in rounds of sealed moves on the chess
//! core.

pub mod board;
mod evaluate;
mod game;
pub mod mega;
pub mod notation;
mod render;
pub mod result;
pub mod round;
mod search;

pub use board::BoardId;
pub use game::RecursionGame;
pub use mega::MegaState;
pub use search::RecursionSearch;
