//! The ASCII board and its legend.

use super::piece::{Cell, Diagonals};
use super::position::Position;
use super::setup::{file_letter, SetUp};
use super::square::{Square, SIDE};
use crate::games::diagram::{Diagram, Label, Line};
use crate::games::picture::{
    drawn_diagonals, Figure, PictureBoard, PicturePiece, PictureSquare, PromotionProgress,
};
use crate::games::{Picture, Side};
use std::fmt::Write;

/// The board as `viewer` sees it: White with rank 18 at the top, Black
/// turned half round (rank 1 at the top, file r on the left), as across a
/// real table. Rows are 77 columns wide.
pub(crate) fn board(position: &Position, setup: SetUp, viewer: Side) -> Diagram {
    let flip = viewer == Side::Black;
    let columns: Vec<usize> = if flip {
        (0..SIDE).rev().collect()
    } else {
        (0..SIDE).collect()
    };
    let rows: Vec<usize> = if flip {
        (0..SIDE).collect()
    } else {
        (0..SIDE).rev().collect()
    };
    let mut files = String::from("    ");
    for &file in &columns {
        let _ = write!(files, "  {} ", file_letter(file));
    }
    let rule = format!("    {}+", "+---".repeat(SIDE));
    let mut out = String::new();
    out.push_str(files.trim_end());
    out.push('\n');
    for &rank in &rows {
        out.push_str(&rule);
        out.push('\n');
        let _ = write!(out, "{:>3} |", rank + 1);
        for &file in &columns {
            let cell = position.cell(setup.square(file, rank));
            let _ = write!(out, "{}|", cell_text(cell, flip));
        }
        out.push('\n');
    }
    out.push_str(&rule);
    out.push('\n');
    out.push_str(files.trim_end());
    out.push('\n');
    let mut diagram = Diagram::drawn(&out);
    legend(&mut diagram, position, setup, flip);
    diagram
}

/// Three characters for a square. A promoted piece is `P`/`p` with marks
/// for its diagonals as drawn on this board: on the left for the two
/// leftward diagonals, on the right for the rightward ones; `'` upward,
/// `.` downward, `:` both.
fn cell_text(cell: Cell, flip: bool) -> String {
    if cell.is_empty() {
        return "   ".into();
    }
    if cell.is_neutral() {
        return " # ".into();
    }
    let white = cell.side() == Some(Side::White);
    let case = |c: char| if white { c } else { c.to_ascii_lowercase() };
    let d = cell.diagonals();
    match d.count() {
        0 => format!(" {} ", case('R')),
        4 => format!(" {} ", case('Q')),
        _ => {
            // Bits: ne 1, nw 2, se 4, sw 8; turning the board half round
            // swaps ne with sw and nw with se.
            let has = |bit: u8| d.0 & bit != 0;
            let (ne, nw, se, sw) = if flip {
                (has(8), has(4), has(2), has(1))
            } else {
                (has(1), has(2), has(4), has(8))
            };
            format!("{}{}{}", mark(nw, sw), case('P'), mark(ne, se))
        }
    }
}

fn mark(up: bool, down: bool) -> char {
    match (up, down) {
        (true, true) => ':',
        (true, false) => '\'',
        (false, true) => '.',
        (false, false) => ' ',
    }
}

/// The key, then every promoted piece and every promotion under way.
fn legend(diagram: &mut Diagram, position: &Position, setup: SetUp, flip: bool) {
    let mut promoted = Vec::new();
    let mut progress = Vec::new();
    // List in label order so the legend reads like the board.
    for rank in 0..SIDE {
        for file in 0..SIDE {
            let square: Square = setup.square(file, rank);
            let cell = position.cell(square);
            let Some(side) = cell.side() else { continue };
            let at = setup.label(square);
            let d = cell.diagonals();
            if matches!(d.count(), 1..=3) {
                promoted.push(Label::Promoted {
                    square: at.clone(),
                    text: cell_text(cell, flip).trim().to_string(),
                    side,
                    directions: d.directions(),
                    ways: d.direction_list(),
                });
            }
            if let Some(p) = position.progress(square) {
                let cost =
                    super::position::promotion_cost(Diagonals(p.target.0 & !d.0)).unwrap_or(0);
                progress.push(Label::Promoting {
                    square: at,
                    piece: cell.kind_name(),
                    side,
                    target: Cell::piece(side, p.target).kind_name(),
                    ways: p.target.direction_list(),
                    steps: p.steps,
                    cost,
                });
            }
        }
    }
    diagram.push(Label::SphericalKey);
    for (heading, labels) in [
        (Label::PromotedPieces, promoted),
        (Label::PromotionsInProgress, progress),
    ] {
        if labels.is_empty() {
            continue;
        }
        diagram.push(heading);
        for label in labels {
            diagram.lines.push(Line::Says { indent: 2, label });
        }
    }
}

/// The board described for drawing, turned as [`board`] turns it: the
/// neutral pieces, promoted pieces with their diagonals as drawn,
/// promotions under way, and `torus` set so the drawing shows the seam.
pub(crate) fn picture(
    position: &Position,
    setup: SetUp,
    viewer: Side,
    last: Option<(Square, Square)>,
) -> Picture {
    let flip = viewer == Side::Black;
    let columns: Vec<usize> = if flip {
        (0..SIDE).rev().collect()
    } else {
        (0..SIDE).collect()
    };
    let rows: Vec<usize> = if flip {
        (0..SIDE).collect()
    } else {
        (0..SIDE).rev().collect()
    };
    let board = PictureBoard::grid(
        columns
            .iter()
            .map(|&f| file_letter(f).to_string())
            .collect(),
        rows.iter().map(|&r| (r + 1).to_string()).collect(),
        |c, r| {
            let (file, rank) = (columns[c], rows[r]);
            let square = setup.square(file, rank);
            PictureSquare {
                name: setup.label(square),
                dark: (file + rank).is_multiple_of(2),
                last_move: last.is_some_and(|(from, to)| square == from || square == to),
                piece: piece(position, square, viewer),
            }
        },
    );
    Picture {
        boards: vec![board],
        lists: Vec::new(),
        torus: true,
    }
}

fn compass(d: Diagonals) -> Vec<&'static str> {
    Diagonals::NAMED
        .iter()
        .filter(|(bit, _, _)| d.contains(*bit))
        .map(|(_, name, _)| *name)
        .collect()
}

fn piece(position: &Position, square: Square, viewer: Side) -> Option<PicturePiece> {
    let cell = position.cell(square);
    if cell.is_empty() {
        return None;
    }
    let d = cell.diagonals();
    let figure = match (cell.is_neutral(), d.count()) {
        (true, _) => Figure::Neutral,
        (false, 0) => Figure::Rook,
        (false, 4) => Figure::Queen,
        _ => Figure::Promoted,
    };
    let progress = position.progress(square).map(|p| PromotionProgress {
        steps: p.steps,
        cost: super::position::promotion_cost(Diagonals(p.target.0 & !d.0)).unwrap_or(0),
        target: Cell::piece(Side::White, p.target).kind_name(),
        target_diagonals: drawn_diagonals(&compass(p.target), viewer),
    });
    Some(PicturePiece {
        side: cell.side(),
        figure,
        little: false,
        mega: None,
        diagonals: if figure == Figure::Promoted {
            drawn_diagonals(&compass(d), viewer)
        } else {
            Vec::new()
        },
        progress,
        text: cell_text(cell, viewer == Side::Black).trim().to_string(),
    })
}
