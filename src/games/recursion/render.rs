//! The board mail: both boards side by side, each labelled, the
//! mega-knights drawn `N*` / `n*` with their states named.

use super::board::{Board, BoardId};
use crate::games::chess::picture;
use crate::games::chess::render::draw_grid;
use crate::games::chess::{Color, Position, Square};
use crate::games::diagram::{Diagram, Label, Line};
use crate::games::picture::{Badge, PicturePiece};
use crate::games::Picture;

/// Width of one drawn grid plus the gap before the next.
const COLUMN: usize = 39;

/// What to draw for one board, as the viewer may see it.
pub(crate) struct BoardView<'a> {
    pub(crate) board: &'a Board,
    /// The position to draw (the viewer's own sealed move applied, if any).
    pub(crate) position: Position,
    /// What the line on the play there says, such as "White to move".
    pub(crate) play_line: Label,
    /// The start and end of the move last shown on it, for drawing.
    pub(crate) last_move: Option<(Square, Square)>,
}

/// The two boards side by side, each in a column of [`COLUMN`] characters
/// (what a column says is wrapped inside it, so the columns never run
/// together in any language).
pub(crate) fn draw(views: &[BoardView<'_>; 2], viewer: Color, round: u32, over: bool) -> Diagram {
    let mut diagram = Diagram::default();
    diagram.push(if over {
        Label::MatchOver {
            round: round.saturating_sub(1),
        }
    } else {
        Label::MatchRound { round }
    });
    diagram.lines.push(Line::Drawn(String::new()));
    diagram.lines.push(Line::Columns {
        width: COLUMN,
        columns: views.iter().map(|view| column(view, viewer)).collect(),
    });
    diagram
}

fn column(view: &BoardView<'_>, viewer: Color) -> Vec<Line> {
    let id = view.board.id;
    let owner = id.owner();
    let symbol = match id {
        BoardId::White => "N*",
        BoardId::Black => "n*",
    };
    let says = |indent, label| Line::Says { indent, label };
    let mut lines = vec![
        says(0, Label::BoardHeading { owner }),
        says(
            0,
            Label::MegaKnight {
                owner,
                symbol: symbol.into(),
                state: view.board.mega,
            },
        ),
    ];
    // On a line of its own: with the state it would not fit the column.
    if view.position.marked().is_empty() {
        lines.push(says(3, Label::Captured));
    }
    lines.extend([says(0, view.play_line.clone()), Line::Drawn(String::new())]);
    let position = view.position;
    let grid = draw_grid(viewer, |sq| match position.piece_at(sq) {
        Some(piece) if position.is_marked(sq) => format!("{}*", piece.fen_char()),
        Some(piece) => piece.fen_char().to_string(),
        None => String::new(),
    });
    lines.extend(grid.lines().map(|line| Line::Drawn(line.into())));
    lines
}

/// Both boards described for drawing, side by side, each with its
/// mega-knight's state as a badge and the mega-knight marked on it.
pub(crate) fn picture(views: &[BoardView<'_>; 2], viewer: Color) -> Picture {
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
            board.title = Some(Label::BoardTitle {
                owner: view.board.id.owner(),
            });
            board.note = Some(view.play_line.clone());
            board.badge = Some(Badge {
                owner: view.board.id.owner(),
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
