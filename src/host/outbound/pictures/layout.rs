//! What the picture templates get: the game's [`Picture`] laid out for
//! drawing. A torus gains a ring of "ghost" squares, the far edge
//! repeated beyond each near edge, so the seam shows; the image gets
//! every square's place in pixels.

use super::ShownBoard;
use crate::games::diagram::Label as BoardLabel;
use crate::games::picture::{Badge, PictureBoard, PicturePiece, PictureSquare};
use crate::games::{GameKind, Picture};
use minijinja::{context, Value};
use serde::Serialize;

/// One square as the templates draw it.
#[derive(Serialize)]
struct Cell<'a> {
    name: &'a str,
    dark: bool,
    last_move: bool,
    piece: Option<&'a PicturePiece>,
    /// A copy of the square across the seam, drawn faint.
    ghost: bool,
    /// The sides of a ghost square that touch the board: the seam.
    seam: Vec<&'static str>,
    /// Its place in the image, in pixels (top left) and its size.
    x: f32,
    y: f32,
}

#[derive(Serialize)]
struct Row<'a> {
    label: &'a str,
    cells: Vec<Cell<'a>>,
}

/// A coordinate as the image writes it: one glyph per character, the
/// first glyph's box at `x`, `y`.
#[derive(Serialize)]
struct Label {
    chars: Vec<String>,
    x: f32,
    y: f32,
}

#[derive(Serialize)]
struct Board<'a> {
    /// What the board's heading and note say, for the templates to word.
    title: Option<&'a BoardLabel>,
    note: Option<&'a BoardLabel>,
    badge: Option<&'a Badge>,
    /// Column labels left to right, blank over ghost columns.
    files: Vec<&'a str>,
    rows: Vec<Row<'a>>,
    labels: Vec<Label>,
    /// The board's own squares in the image (without the ghosts).
    x: f32,
    y: f32,
    width: f32,
    height: f32,
    /// The part of the image the board and its ghosts may cover.
    clip: [f32; 4],
}

/// Sizes of the image for one game, in pixels.
#[derive(Clone, Copy)]
struct Metrics {
    square: f32,
    /// Room for the coordinates on each side.
    margin: f32,
    /// How much of the ghost ring shows.
    ghost: f32,
    /// Between two boards side by side, and above a board with a title.
    gap: f32,
    header: f32,
}

fn metrics(game: GameKind) -> Metrics {
    match game {
        GameKind::Spherical => Metrics {
            square: 26.0,
            margin: 16.0,
            ghost: 13.0,
            gap: 0.0,
            header: 0.0,
        },
        GameKind::Recursion => Metrics {
            square: 38.0,
            margin: 16.0,
            ghost: 0.0,
            gap: 20.0,
            header: 16.0,
        },
        GameKind::Chess | GameKind::Progression => Metrics {
            square: 48.0,
            margin: 20.0,
            ghost: 0.0,
            gap: 0.0,
            header: 0.0,
        },
    }
}

/// Height of a coordinate's glyphs, and the glyph box (6 × 10 units,
/// one unit between glyphs).
const GLYPH_UNITS: f32 = 10.0;
const GLYPH_ADVANCE: f32 = 7.0;

fn boards<'a>(picture: &'a Picture, m: Metrics) -> (Vec<Board<'a>>, f32, f32) {
    let ring = usize::from(picture.torus);
    let mut x = 0.0;
    let mut height: f32 = 0.0;
    let mut laid = Vec::new();
    for (index, board) in picture.boards.iter().enumerate() {
        if index > 0 {
            x += m.gap;
        }
        let (files, ranks) = (board.files.len(), board.rows.len());
        let origin_x = x + m.margin + m.ghost;
        let origin_y = m.header + m.margin + m.ghost;
        let width = files as f32 * m.square;
        let board_height = ranks as f32 * m.square;
        let rows = rows(board, ring, origin_x, origin_y, m.square);
        let mut file_labels: Vec<&str> = vec![""; ring];
        file_labels.extend(board.files.iter().map(String::as_str));
        file_labels.extend(vec![""; ring]);
        laid.push(Board {
            title: board.title.as_ref(),
            note: board.note.as_ref(),
            badge: board.badge.as_ref(),
            files: file_labels,
            rows,
            labels: labels(board, origin_x, origin_y, m),
            x: origin_x,
            y: origin_y,
            width,
            height: board_height,
            clip: [
                origin_x - m.ghost,
                origin_y - m.ghost,
                width + 2.0 * m.ghost,
                board_height + 2.0 * m.ghost,
            ],
        });
        x = origin_x + width + m.ghost + m.margin;
        height = height.max(origin_y + board_height + m.ghost + m.margin);
    }
    (laid, x, height)
}

/// The rows to draw: the board's own, and on a torus the ring of ghosts
/// around them (the last row above the first, the last column left of
/// the first, and so on).
fn rows(board: &PictureBoard, ring: usize, x0: f32, y0: f32, size: f32) -> Vec<Row<'_>> {
    let (files, ranks) = (board.files.len() as isize, board.rows.len() as isize);
    let ring = ring as isize;
    let wrap = |i: isize, n: isize| i.rem_euclid(n) as usize;
    (-ring..ranks + ring)
        .map(|r| {
            let ghost_row = r < 0 || r >= ranks;
            let cells = (-ring..files + ring)
                .map(|f| {
                    let ghost_column = f < 0 || f >= files;
                    let square: &PictureSquare = &board.rows[wrap(r, ranks)][wrap(f, files)];
                    let mut seam = Vec::new();
                    if ghost_row != ghost_column {
                        seam.push(match (r, f) {
                            (r, _) if r < 0 => "bottom",
                            (r, _) if r >= ranks => "top",
                            (_, f) if f < 0 => "right",
                            _ => "left",
                        });
                    }
                    Cell {
                        name: &square.name,
                        dark: square.dark,
                        last_move: square.last_move,
                        piece: square.piece.as_ref(),
                        ghost: ghost_row || ghost_column,
                        seam,
                        x: x0 + f as f32 * size,
                        y: y0 + r as f32 * size,
                    }
                })
                .collect();
            Row {
                label: if ghost_row {
                    ""
                } else {
                    &board.ranks[r as usize]
                },
                cells,
            }
        })
        .collect()
}

/// The coordinates on all four sides of a board in the image.
fn labels(board: &PictureBoard, x0: f32, y0: f32, m: Metrics) -> Vec<Label> {
    let glyph = (m.square * 0.3).clamp(8.0, 11.0);
    let scale = glyph / GLYPH_UNITS;
    let width = board.files.len() as f32 * m.square;
    let height = board.rows.len() as f32 * m.square;
    let outside = m.ghost + (m.margin - glyph) / 2.0;
    let label = |text: &str, cx: f32, cy: f32| {
        let chars: Vec<String> = text.chars().map(String::from).collect();
        let span = (chars.len() as f32 * GLYPH_ADVANCE - 1.0) * scale;
        Label {
            chars,
            x: cx - span / 2.0,
            y: cy - glyph / 2.0,
        }
    };
    let mut out = Vec::new();
    for (i, file) in board.files.iter().enumerate() {
        let cx = x0 + (i as f32 + 0.5) * m.square;
        out.push(label(file, cx, y0 - outside - glyph / 2.0));
        out.push(label(file, cx, y0 + height + outside + glyph / 2.0));
    }
    for (i, rank) in board.ranks.iter().enumerate() {
        let cy = y0 + (i as f32 + 0.5) * m.square;
        let half = m.margin / 2.0 + m.ghost;
        out.push(label(rank, x0 - half, cy));
        out.push(label(rank, x0 + width + half, cy));
    }
    out
}

/// Promoted pieces and promotions under way, for the key under the
/// board, in the order the board shows them.
fn marked_pieces(picture: &Picture) -> Vec<(&str, &PicturePiece)> {
    picture
        .boards
        .iter()
        .flat_map(PictureBoard::squares)
        .filter_map(|sq| sq.piece.as_ref().map(|piece| (sq.name.as_str(), piece)))
        .filter(|(_, piece)| !piece.diagonals.is_empty() || piece.progress.is_some())
        .collect()
}

/// The context of `board.html`: the mail's text before and after the
/// board, the board(s) laid out, and `image`, the Content-ID of the
/// board's image when the reader takes one instead of the table.
pub(crate) fn html_context(
    shown: &ShownBoard,
    before: &str,
    after: &str,
    image: Option<&str>,
) -> Value {
    let m = metrics(shown.game);
    let (boards, width, height) = boards(&shown.picture, m);
    context! {
        game => shown.game,
        board_id => shown.board_id,
        before => before.trim_end_matches('\n'),
        after => after.trim_start_matches('\n'),
        image => image,
        image_width => width.ceil() as u32,
        image_height => height.ceil() as u32,
        boards => Value::from_serialize(&boards),
        lists => Value::from_serialize(&shown.picture.lists),
        torus => shown.picture.torus,
        marked => Value::from_serialize(marked_pieces(&shown.picture)),
        // A board where nothing has moved yet has no last move to mark.
        last_move_marked => shown.picture.boards.iter().flat_map(|board| &board.rows).flatten().any(|square| square.last_move),
    }
}

/// The context of `board.svg`: the image's size and every square's and
/// coordinate's place in it.
pub(crate) fn svg_context(shown: &ShownBoard) -> Value {
    let m = metrics(shown.game);
    let (boards, width, height) = boards(&shown.picture, m);
    context! {
        game => shown.game,
        width => width.ceil() as u32,
        height => height.ceil() as u32,
        square => m.square,
        piece_scale => m.square / 40.0,
        glyph_scale => (m.square * 0.3).clamp(8.0, 11.0) / GLYPH_UNITS,
        glyph_advance => GLYPH_ADVANCE,
        header => m.header,
        boards => Value::from_serialize(&boards),
        torus => shown.picture.torus,
    }
}
