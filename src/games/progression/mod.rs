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

pub(crate) use game::ProgressionGame;
pub(crate) use search::ProgressionSearch;
// The pieces the tests set up boards with.
#[cfg(test)]
pub(crate) use {
    board::{Board, BoardMove, Man},
    kind::Kind,
    switches::Setup,
};
