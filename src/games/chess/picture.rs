//! The 8×8 board described for drawing ([`crate::games::Picture`]), from
//! either side, shared by chess and the 8×8 variants.

use super::piece::{Color, Piece, Role};
use super::square::{file_char, Square};
use crate::games::picture::{Figure, PictureBoard, PicturePiece, PictureSquare};

/// An 8×8 board seen from `viewer`: his first rank at the bottom. `piece`
/// says what to draw on a square; `last` is the last move's start and end.
pub(crate) fn grid(
    viewer: Color,
    last: Option<(Square, Square)>,
    piece: impl Fn(Square) -> Option<PicturePiece>,
) -> PictureBoard {
    let files: Vec<u8> = match viewer {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let ranks: Vec<u8> = match viewer {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    PictureBoard::grid(
        files.iter().map(|&f| file_char(f).to_string()).collect(),
        ranks.iter().map(|&r| (r + 1).to_string()).collect(),
        |f, r| {
            let sq = Square::from_coords(files[f], ranks[r]);
            PictureSquare {
                name: sq.to_string(),
                // a1 is dark.
                dark: (sq.file() + sq.rank()).is_multiple_of(2),
                last_move: last.is_some_and(|(from, to)| sq == from || sq == to),
                piece: piece(sq),
            }
        },
    )
}

/// The figure of a chess piece.
pub(crate) fn figure(role: Role) -> Figure {
    match role {
        Role::King => Figure::King,
        Role::Queen => Figure::Queen,
        Role::Rook => Figure::Rook,
        Role::Bishop => Figure::Bishop,
        Role::Knight => Figure::Knight,
        Role::Pawn => Figure::Pawn,
    }
}

/// A standard piece as drawn, `text` as the text board writes it.
pub(crate) fn plain_piece(piece: Piece, text: String) -> PicturePiece {
    PicturePiece {
        side: Some(piece.color),
        figure: figure(piece.role),
        little: false,
        mega: None,
        diagonals: Vec::new(),
        progress: None,
        text,
    }
}
