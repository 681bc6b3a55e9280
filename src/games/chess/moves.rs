//! A move on the 8×8 board, and what it took.

use super::piece::{Piece, Role};
use super::square::Square;

/// A castling wing: `King` is `O-O`, `Queen` is `O-O-O`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    King = 0,
    Queen = 1,
}

impl Wing {
    pub const BOTH: [Wing; 2] = [Wing::King, Wing::Queen];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    DoublePush,
    EnPassant,
    Castle(Wing),
    Promotion(Role),
}

/// A move on the board. For castling, `to` is the king's destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
}

impl Move {
    pub fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// Coordinate notation: `e2e4`, `e7e8q`, castling as the king's move.
    pub fn coordinate(self) -> String {
        match self.promotion() {
            Some(role) => format!(
                "{}{}{}",
                self.from,
                self.to,
                role.letter().to_ascii_lowercase()
            ),
            None => format!("{}{}", self.from, self.to),
        }
    }
}

/// What a move took off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    pub piece: Piece,
    pub(crate) square: Square,
    pub marked: bool,
}
