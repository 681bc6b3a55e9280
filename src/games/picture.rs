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
    pub boards: Vec<PictureBoard>,
    /// Progression Chess: each side's list and what each piece becomes.
    pub lists: Vec<ListPicture>,
    /// Whether the board's edges meet (a torus): the drawing shows the
    /// seam so a reader sees that the far edge continues the near one.
    pub torus: bool,
}

/// One board, its rows top to bottom and its squares left to right as
/// the viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PictureBoard {
    /// Which board this is when a game has two ("White's board").
    pub title: Option<Label>,
    /// A line on the play there ("White to move").
    pub note: Option<Label>,
    /// A mega-knight's state on this board, shown as a badge.
    pub badge: Option<Badge>,
    /// File labels, left to right.
    pub files: Vec<String>,
    /// Rank labels, top to bottom.
    pub ranks: Vec<String>,
    /// `rows[r][f]` is the square at rank label `ranks[r]` and file label
    /// `files[f]`.
    pub rows: Vec<Vec<PictureSquare>>,
}

/// A state shown beside a board: whose piece, and its state's key, which
/// names it and gives its colour (`neutral`, `armed`, `frozen`,
/// `disarmed`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Badge {
    pub owner: Side,
    pub key: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PictureSquare {
    /// Its name in the game's notation (`e4`, `r18`).
    pub name: String,
    pub dark: bool,
    /// A square of the last move (its start or its end).
    pub last_move: bool,
    pub piece: Option<PicturePiece>,
}

/// What kind of figure to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
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

impl Figure {
    /// The name the text board's key uses for it.
    pub fn name(self) -> &'static str {
        match self {
            Figure::King => "king",
            Figure::Queen => "queen",
            Figure::Rook => "rook",
            Figure::Bishop => "bishop",
            Figure::Knight => "knight",
            Figure::Pawn => "pawn",
            Figure::Promoted => "promoted piece",
            Figure::Neutral => "neutral piece",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PicturePiece {
    /// `None` for a neutral piece.
    pub side: Option<Side>,
    pub figure: Figure,
    /// Progression Chess: a little piece (drawn small; it moves like the
    /// big piece of its name).
    pub little: bool,
    /// Infinite Recursion Chess: the mega-knight, with its state's key.
    pub mega: Option<String>,
    /// Spherical Chess 324: the diagonals of a promoted piece as drawn
    /// (screen directions `ne`, `nw`, `se`, `sw`, turned with the board).
    pub diagonals: Vec<String>,
    /// Spherical Chess 324: a promotion under way on this square.
    pub progress: Option<PromotionProgress>,
    /// The same piece as the text board writes it (`N`, `bn`, `'P.`).
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PromotionProgress {
    pub steps: u8,
    pub cost: u8,
    /// What the piece becomes (a queen, a 6-directional piece).
    pub target: PieceName,
    /// Its diagonals as drawn, like [`PicturePiece::diagonals`].
    pub target_diagonals: Vec<String>,
}

impl PictureBoard {
    /// An empty board of `files` × `ranks` labels, squares named by
    /// `name(file, rank)` (indices into the labels) and coloured by
    /// `dark`.
    pub fn grid(
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
    pub fn squares(&self) -> impl Iterator<Item = &PictureSquare> {
        self.rows.iter().flatten()
    }
}

/// Screen directions of a set of compass diagonals seen from `viewer`:
/// Black's board is turned half round, so north-east is drawn south-west.
pub fn drawn_diagonals(compass: &[&str], viewer: Side) -> Vec<String> {
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
