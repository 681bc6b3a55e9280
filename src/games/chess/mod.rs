//! The 8×8 chess core: board, move generation, notation, FEN, perft and the
//! ASCII board, shared by standard chess and the 8×8 variants, plus
//! standard chess itself as a [`crate::games::Game`].

pub mod attacks;
mod count;
pub(crate) mod evaluate;
pub mod fen;
mod game;
pub(crate) mod movegen;
mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub(crate) mod picture;
pub(crate) mod piece;
pub(crate) mod position;
pub(crate) mod render;
pub(crate) mod search;
pub(crate) mod square;

pub use game::ChessGame;
pub use piece::{Color, Piece, Role};
pub use position::{
    Capture, CastlingSetup, MarkRules, Move, MoveKind, Position, Rules, Wing, STANDARD_BACK_RANK,
};
pub(crate) use search::ChessSearch;
pub use square::{Bitboard, Square};
