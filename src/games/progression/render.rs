//! The board for a mail: two characters a square, colour first (`w`/`b`),
//! then the kind, whose case says big or little; the lists below it.

use super::board::Man;
use super::kind::Kind;
use super::list::ProgressionList;
use crate::games::chess::picture;
use crate::games::chess::render::draw_grid;
use crate::games::chess::{Color, Piece, Role, Square};
use crate::games::picture::{Figure, ListPicture, PicturePiece};
use crate::games::Picture;

pub const LEGEND: &str =
    "Key: w = White, b = Black, then the piece: K Q R N B big, r n b little, P pawn.";

/// Draws the board from `viewer`'s side, the key, and one line per list.
pub fn draw(
    viewer: Color,
    man_at: impl Fn(Square) -> Option<(Color, Man)>,
    lists: [Option<ProgressionList>; 2],
    template: &str,
    promote: &[u8],
) -> String {
    let mut out = draw_grid(viewer, |sq| match man_at(sq) {
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
    out.push_str(LEGEND);
    out.push('\n');
    let digits: String = promote.iter().map(|d| d.to_string()).collect();
    for side in Color::BOTH {
        out.push_str(&list_line(side, lists[side.index()], template, &digits));
    }
    out
}

/// `White's list: nbNBrRQK  moves make K>n Q>K ...  promotes to n (=1)`.
fn list_line(side: Color, list: Option<ProgressionList>, template: &str, digits: &str) -> String {
    let Some(list) = list else {
        return format!("{side}'s list: not chosen yet (template {template})\n");
    };
    let becomes: Vec<String> = Kind::ALL
        .iter()
        .map(|&kind| format!("{kind}>{}", list.next(kind)))
        .collect();
    let promotions: Vec<String> = digits
        .bytes()
        .map(|d| format!("={} {}", d as char, list.at(d - b'0')))
        .collect();
    format!(
        "{side}'s list: {list}  (after a move {})  pawns promote to {}\n",
        becomes.join(" "),
        promotions.join(", ")
    )
}

/// The board described for drawing: little pieces marked, the lists with
/// what each piece becomes and what pawns promote to.
pub fn picture(
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
        .map(|side| {
            let list = lists[side.index()];
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
        })
        .collect();
    Picture {
        boards: vec![board],
        lists,
        torus: false,
    }
}
