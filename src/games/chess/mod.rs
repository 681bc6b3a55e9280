//! The 8×8 chess core: board, move generation, notation, FEN, perft and the
//! ASCII board, shared by standard chess and the 8×8 variants, plus
//! standard chess itself as a [`crate::games::Game`].

pub mod attacks;
mod count;
pub mod evaluate;
pub mod fen;
mod game;
pub mod movegen;
mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod picture;
pub mod piece;
pub mod position;
pub mod render;
pub mod search;
pub mod square;

pub use game::ChessGame;
pub use piece::{Color, Piece, Role};
pub use position::{
    Capture, CastlingSetup, MarkRules, Move, MoveKind, Position, Rules, Wing, STANDARD_BACK_RANK,
};
pub use search::ChessSearch;
pub use square::{Bitboard, Square};
