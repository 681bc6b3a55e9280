//! The board mail: both boards side by side, each labelled, the
//! mega-knights drawn `N*` / `n*` with their states named.

use super::board::{Board, BoardId};
use crate::games::chess::picture;
use crate::games::chess::render::draw_grid;
use crate::games::chess::{Color, Position, Square};
use crate::games::picture::{Badge, PicturePiece};
use crate::games::Picture;

/// Width of one drawn grid plus the gap before the next.
const COLUMN: usize = 39;

/// What to draw for one board, as the viewer may see it.
pub struct BoardView<'a> {
    pub board: &'a Board,
    /// The position to draw (the viewer's own sealed move applied, if any).
    pub position: Position,
    /// One line on the play there, such as "White to move".
    pub play_line: String,
    /// The start and end of the move last shown on it, for drawing.
    pub last_move: Option<(Square, Square)>,
}

/// The two boards side by side, each in a column of [`COLUMN`] characters
/// (no line of a column is longer, so the columns never run together).
pub fn draw(views: &[BoardView<'_>; 2], viewer: Color, round: u32, over: bool) -> String {
    let mut out = if over {
        format!(
            "Infinite Recursion Chess: the match is over after round {}\n\n",
            round.saturating_sub(1)
        )
    } else {
        format!("Infinite Recursion Chess: round {round}\n\n")
    };
    let columns: Vec<Vec<String>> = views.iter().map(|view| column(view, viewer)).collect();
    let height = columns.iter().map(Vec::len).max().unwrap_or(0);
    for row in 0..height {
        let left = columns[0].get(row).map_or("", String::as_str);
        let right = columns[1].get(row).map_or("", String::as_str);
        let line = format!("{left:<COLUMN$}{right}");
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn column(view: &BoardView<'_>, viewer: Color) -> Vec<String> {
    let id = view.board.id;
    let owner = id.owner();
    let symbol = match id {
        BoardId::White => "N*",
        BoardId::Black => "n*",
    };
    let mut lines = vec![
        id.name().to_uppercase(),
        format!("{symbol} {owner}'s mega-knight: {}", view.board.mega.name()),
    ];
    // On a line of its own: with the state it would not fit the column.
    if view.position.marked().is_empty() {
        lines.push("   (captured)".to_string());
    }
    lines.extend([view.play_line.clone(), String::new()]);
    let position = view.position;
    let grid = draw_grid(viewer, |sq| match position.piece_at(sq) {
        Some(piece) if position.is_marked(sq) => format!("{}*", piece.fen_char()),
        Some(piece) => piece.fen_char().to_string(),
        None => String::new(),
    });
    lines.extend(grid.lines().map(String::from));
    lines
}

/// Both boards described for drawing, side by side, each with its
/// mega-knight's state as a badge and the mega-knight marked on it.
pub fn picture(views: &[BoardView<'_>; 2], viewer: Color) -> Picture {
    let boards = views
        .iter()
        .map(|view| {
            let position = view.position;
            let mega = view.board.mega;
            let key = mega.name().to_lowercase();
            let mut board = picture::grid(viewer, view.last_move, |sq| {
                let piece = position.piece_at(sq)?;
                let marked = position.is_marked(sq);
                let text = if marked {
                    format!("{}*", piece.fen_char())
                } else {
                    piece.fen_char().to_string()
                };
                Some(PicturePiece {
                    mega: marked.then(|| key.clone()),
                    ..picture::plain_piece(piece, text)
                })
            });
            board.title = Some(view.board.id.name().to_string());
            board.note = Some(view.play_line.clone());
            board.badge = Some(Badge {
                owner: view.board.id.owner(),
                label: mega.name().to_string(),
                key: key.clone(),
            });
            board
        })
        .collect();
    Picture {
        boards,
        lists: Vec::new(),
        torus: false,
    }
}
