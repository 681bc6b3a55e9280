//! The ASCII board in the seeds' `+---+` style, drawn from either side.

use super::piece::Color;
use super::position::Position;
use super::square::{file_char, Square};

/// Draws an 8×8 grid seen from `viewer`'s side: his first rank at the
/// bottom, files labelled below and ranks on the left. `cell` gives each
/// square's content, up to three characters (`N`, `N*`, `wn`).
pub(crate) fn draw_grid(viewer: Color, cell: impl Fn(Square) -> String) -> String {
    let files: Vec<u8> = match viewer {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let ranks: Vec<u8> = match viewer {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    let rule = format!("  {}+\n", "+---".repeat(8));
    // 18 lines of 36 characters: one buffer, no string per cell padding.
    let mut out = String::with_capacity(18 * 36);
    out.push_str(&rule);
    for &rank in &ranks {
        out.push(char::from(b'1' + rank));
        out.push(' ');
        for &file in &files {
            let content = cell(Square::from_coords(file, rank));
            out.push('|');
            // Up to two characters sit one space in; three fill the cell.
            let mut width = 0;
            if content.chars().nth(2).is_none() {
                out.push(' ');
                width = 1;
            }
            for ch in content.chars().take(3 - width) {
                out.push(ch);
                width += 1;
            }
            for _ in width..3 {
                out.push(' ');
            }
        }
        out.push_str("|\n");
        out.push_str(&rule);
    }
    out.push(' ');
    for &file in &files {
        out.push_str("   ");
        out.push(file_char(file));
    }
    out.push('\n');
    out
}

/// A standard chess board: White upper-case, Black lower-case.
pub(crate) fn draw_position(pos: &Position, viewer: Color) -> String {
    draw_grid(viewer, |sq| {
        pos.piece_at(sq)
            .map(|piece| piece.fen_char().to_string())
            .unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_of_every_width_keep_the_grid_straight() {
        let board = draw_grid(Color::White, |sq| match (sq.file(), sq.rank()) {
            (0, 7) => String::new(),
            (1, 7) => "N".into(),
            (2, 7) => "N*".into(),
            (3, 7) => "wn!".into(),
            (4, 7) => "long".into(),
            _ => String::new(),
        });
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[1], "8 |   | N | N*|wn!|lon|   |   |   |");
        assert!(lines.iter().all(|line| line.chars().count() <= 35));
    }
}
