//! A board described for drawing, as the rules see it: which squares,
//! in which order from the viewer's seat, what stands on each, the last
//! move and the marks a game adds. The host draws it (HTML, SVG); the
//! rules know nothing of how.

use super::diagram::{Label, ListPicture};
use super::{PieceName, Side};
use serde::Serialize;

/// Everything a game shows of its board(s) to one viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Picture {
    /// One board, or two side by side (Infinite Recursion Chess).
    pub(crate) boards: Vec<PictureBoard>,
    /// Progression Chess: each side's list and what each piece becomes.
    pub(crate) lists: Vec<ListPicture>,
    /// Whether the board's edges meet (a torus): the drawing shows the
    /// seam so a reader sees that the far edge continues the near one.
    pub(crate) torus: bool,
}

/// One board, its rows top to bottom and its squares left to right as
/// the viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PictureBoard {
    /// Which board this is when a game has two ("White's board").
    pub(crate) title: Option<Label>,
    /// A line on the play there ("White to move").
    pub(crate) note: Option<Label>,
    /// A mega-knight's state on this board, shown as a badge.
    pub(crate) badge: Option<Badge>,
    /// File labels, left to right.
    pub(crate) files: Vec<String>,
    /// Rank labels, top to bottom.
    pub(crate) ranks: Vec<String>,
    /// `rows[r][f]` is the square at rank label `ranks[r]` and file label
    /// `files[f]`.
    pub(crate) rows: Vec<Vec<PictureSquare>>,
}

/// A state shown beside a board: whose piece, and its state's key, which
/// names it and gives its colour (`neutral`, `armed`, `frozen`,
/// `disarmed`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Badge {
    pub(crate) owner: Side,
    pub(crate) key: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PictureSquare {
    /// Its name in the game's notation (`e4`, `r18`).
    pub(crate) name: String,
    pub(crate) dark: bool,
    /// A square of the last move (its start or its end).
    pub(crate) last_move: bool,
    pub(crate) piece: Option<PicturePiece>,
}

/// What kind of figure to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Figure {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// Spherical Chess 324: a rook that has bought some diagonals.
    Promoted,
    /// Spherical Chess 324: a piece of neither side, in everyone's way.
    Neutral,
}

impl Figure {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PicturePiece {
    /// `None` for a neutral piece.
    pub(crate) side: Option<Side>,
    pub(crate) figure: Figure,
    /// Progression Chess: a little piece (drawn small; it moves like the
    /// big piece of its name).
    pub(crate) little: bool,
    /// Infinite Recursion Chess: the mega-knight, with its state's key.
    pub(crate) mega: Option<String>,
    /// Spherical Chess 324: the diagonals of a promoted piece as drawn
    /// (screen directions `ne`, `nw`, `se`, `sw`, turned with the board).
    pub(crate) diagonals: Vec<String>,
    /// Spherical Chess 324: a promotion under way on this square.
    pub(crate) progress: Option<PromotionProgress>,
    /// The same piece as the text board writes it (`N`, `bn`, `'P.`).
    pub(crate) text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PromotionProgress {
    pub(crate) steps: u8,
    pub(crate) cost: u8,
    /// What the piece becomes (a queen, a 6-directional piece).
    pub(crate) target: PieceName,
    /// Its diagonals as drawn, like [`PicturePiece::diagonals`].
    pub(crate) target_diagonals: Vec<String>,
}

impl PictureBoard {
    /// An empty board of `files` × `ranks` labels, squares named by
    /// `name(file, rank)` (indices into the labels) and coloured by
    /// `dark`.
    pub(crate) fn grid(
        files: Vec<String>,
        ranks: Vec<String>,
        mut square: impl FnMut(usize, usize) -> PictureSquare,
    ) -> PictureBoard {
        let rows = (0..ranks.len())
            .map(|r| (0..files.len()).map(|f| square(f, r)).collect())
            .collect();
        PictureBoard {
            title: None,
            note: None,
            badge: None,
            files,
            ranks,
            rows,
        }
    }

    /// Every square, row by row.
    pub(crate) fn squares(&self) -> impl Iterator<Item = &PictureSquare> {
        self.rows.iter().flatten()
    }
}

/// Screen directions of a set of compass diagonals seen from `viewer`:
/// Black's board is turned half round, so north-east is drawn south-west.
pub(crate) fn drawn_diagonals(compass: &[&str], viewer: Side) -> Vec<String> {
    compass
        .iter()
        .map(|&dir| {
            let turned = match (viewer, dir) {
                (Side::White, d) => d,
                (Side::Black, "ne") => "sw",
                (Side::Black, "nw") => "se",
                (Side::Black, "se") => "nw",
                (Side::Black, "sw") => "ne",
                (Side::Black, d) => d,
            };
            turned.to_string()
        })
        .collect()
}
