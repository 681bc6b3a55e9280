//! The ASCII board in the seeds' `+---+` style, drawn from either side.

use super::piece::Color;
use super::position::Position;
use super::square::{file_char, Square};

/// Draws an 8×8 grid seen from `viewer`'s side: his first rank at the
/// bottom, files labelled below and ranks on the left. `cell` gives each
/// square's content, up to three characters (`N`, `N*`, `wn`).
pub fn draw_grid(viewer: Color, cell: impl Fn(Square) -> String) -> String {
    let files: Vec<u8> = match viewer {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let ranks: Vec<u8> = match viewer {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    let rule = format!("  {}+\n", "+---".repeat(8));
    let mut out = String::new();
    out.push_str(&rule);
    for &rank in &ranks {
        out.push_str(&format!("{} ", rank + 1));
        for &file in &files {
            let content = cell(Square::from_coords(file, rank));
            out.push('|');
            out.push_str(&match content.chars().count() {
                0 => "   ".to_string(),
                1 | 2 => format!(" {content:<2}"),
                _ => content.chars().take(3).collect(),
            });
        }
        out.push_str("|\n");
        out.push_str(&rule);
    }
    out.push(' ');
    for &file in &files {
        out.push_str(&format!("   {}", file_char(file)));
    }
    out.push('\n');
    out
}

/// A standard chess board: White upper-case, Black lower-case.
pub fn draw_position(pos: &Position, viewer: Color) -> String {
    draw_grid(viewer, |sq| {
        pos.piece_at(sq)
            .map(|piece| piece.fen_char().to_string())
            .unwrap_or_default()
    })
}
