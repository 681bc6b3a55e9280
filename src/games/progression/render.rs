//! The board for a mail: two characters a square, colour first (`w`/`b`),
//! then the kind, whose case says big or little; the key and the lists
//! below it, typed for the host to word.

use super::board::Man;
use super::kind::Kind;
use super::list::ProgressionList;
use crate::games::chess::picture;
use crate::games::chess::render::draw_grid;
use crate::games::chess::{Color, Piece, Role, Square};
use crate::games::diagram::ListPicture;
use crate::games::diagram::{Diagram, Label};
use crate::games::picture::{Figure, PicturePiece};
use crate::games::Picture;

/// Draws the board from `viewer`'s side, the key, and one line per list.
pub(crate) fn draw(
    viewer: Color,
    man_at: impl Fn(Square) -> Option<(Color, Man)>,
    lists: [Option<ProgressionList>; 2],
    template: &str,
    promote: &[u8],
) -> Diagram {
    let grid = draw_grid(viewer, |sq| match man_at(sq) {
        None => String::new(),
        Some((color, man)) => {
            let side = match color {
                Color::White => 'w',
                Color::Black => 'b',
            };
            let letter = match man {
                Man::Pawn => 'P',
                Man::Piece(kind) => kind.letter(),
            };
            format!("{side}{letter}")
        }
    });
    let mut diagram = Diagram::drawn(&grid);
    diagram.push(Label::ProgressionKey);
    for side in Color::BOTH {
        diagram.push(Label::ProgressionList(list_picture(
            side,
            lists[side.index()],
            template,
            promote,
        )));
    }
    diagram
}

/// A side's list, what each kind becomes after a move and what pawns
/// promote to, as the text and the picture show it.
fn list_picture(
    side: Color,
    list: Option<ProgressionList>,
    template: &str,
    promote: &[u8],
) -> ListPicture {
    ListPicture {
        side,
        list: list.map(|list| list.to_string()),
        template: template.to_string(),
        becomes: list
            .map(|list| {
                Kind::ALL
                    .iter()
                    .map(|&kind| (kind.to_string(), list.next(kind).to_string()))
                    .collect()
            })
            .unwrap_or_default(),
        promotions: list
            .map(|list| {
                promote
                    .iter()
                    .map(|&d| (d.to_string(), list.at(d).to_string()))
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// The board described for drawing: little pieces marked, the lists with
/// what each piece becomes and what pawns promote to.
pub(crate) fn picture(
    viewer: Color,
    man_at: impl Fn(Square) -> Option<(Color, Man)>,
    last: Option<(Square, Square)>,
    lists: [Option<ProgressionList>; 2],
    template: &str,
    promote: &[u8],
) -> Picture {
    let board = picture::grid(viewer, last, |sq| {
        let (color, man) = man_at(sq)?;
        let (figure, little, letter) = match man {
            Man::Pawn => (Figure::Pawn, false, 'P'),
            Man::Piece(kind) => (
                picture::figure(kind.role()),
                kind.is_little(),
                kind.letter(),
            ),
        };
        let side = match color {
            Color::White => 'w',
            Color::Black => 'b',
        };
        // The figure and the mark come from the kind, the rest as in chess.
        let plain = picture::plain_piece(Piece::new(color, Role::Pawn), format!("{side}{letter}"));
        Some(PicturePiece {
            figure,
            little,
            ..plain
        })
    });
    let lists = Color::BOTH
        .into_iter()
        .map(|side| list_picture(side, lists[side.index()], template, promote))
        .collect();
    Picture {
        boards: vec![board],
        lists,
        torus: false,
    }
}
