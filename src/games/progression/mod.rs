//! Progression Chess (rules: `templates/en/games/progression.txt`): chess
//! without check where every
//! non-pawn piece that moves turns into the next kind of its owner's
//! progression list. Built on the chess core through its API: the core's
//! mark is "little", and kings are not royal.

mod board;
mod evaluate;
mod game;
mod kind;
mod list;
mod notation;
mod render;
mod search;
mod switches;
#[cfg(test)]
mod tests;

pub use board::{Board, BoardMove, Man};
pub use game::ProgressionGame;
pub use kind::Kind;
pub use list::{ProgressionList, PromoteDigits, Template};
pub use search::{ProgressionMove, ProgressionSearch};
pub use switches::Setup;
