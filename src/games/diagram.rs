//! The ASCII board of a mail as lines: the drawing (grid, coordinates,
//! pieces), the same in every language, and the lines that say something
//! (headings, keys, states, lists), typed as [`Label`]s for the host to
//! word in each reader's language. [`fmt::Display`] words them in English
//! for logs, the CLI and the PGN.

use super::fact::BoardState;
use super::recursion::MegaState;
use super::{PieceName, Side};
use serde::Serialize;
use std::convert::Infallible;
use std::fmt;

mod english;

/// A board as its text shows it, line by line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagram {
    pub(crate) lines: Vec<Line>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// Part of the drawing, the same in every language.
    Drawn(String),
    /// A line that says something, `indent` spaces in.
    Says { indent: usize, label: Label },
    /// Columns side by side, each `width` characters wide with the gap
    /// after it; what a column says is wrapped to fit inside it, so that
    /// no language runs one column into the next.
    Columns {
        width: usize,
        columns: Vec<Vec<Line>>,
    },
}

/// A Progression Chess list: its letters, and for each kind of piece the
/// kind it becomes after a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListPicture {
    pub side: Side,
    /// `None` while the side has not chosen it yet.
    pub list: Option<String>,
    /// The template lists are chosen by (`xxxxxxxK`).
    pub template: String,
    /// (kind, what it becomes), each a letter as the list writes it.
    pub becomes: Vec<(String, String)>,
    /// (digit, kind) a pawn may promote to.
    pub promotions: Vec<(String, String)>,
}

/// What a line of a board's text says, in a closed vocabulary shared by
/// all games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum Label {
    /// Progression Chess: how the board writes a piece.
    ProgressionKey,
    /// Progression Chess: a side's list, what each kind becomes after a
    /// move, what pawns promote to; or that the list is still to choose.
    ProgressionList(ListPicture),
    /// Infinite Recursion Chess: the round in progress.
    MatchRound { round: u32 },
    /// Infinite Recursion Chess: the match ended after `round`.
    MatchOver { round: u32 },
    /// Infinite Recursion Chess: a board's heading, in capitals.
    BoardHeading { owner: Side },
    /// Infinite Recursion Chess: a board's name, as a picture titles it.
    BoardTitle { owner: Side },
    /// Infinite Recursion Chess: a mega-knight, drawn `symbol`, and its
    /// state.
    MegaKnight {
        owner: Side,
        symbol: String,
        state: MegaState,
    },
    /// Infinite Recursion Chess: the mega-knight is off its board.
    Captured,
    /// Infinite Recursion Chess: the play on a board.
    Play { state: BoardState },
    /// Infinite Recursion Chess: a sealed move drawn on its board, to its
    /// own mover (`yours`) or to all once the host ended the match.
    SealedShown { notation: String, yours: bool },
    /// Spherical Chess 324: how the board writes a piece.
    SphericalKey,
    /// Spherical Chess 324: the heading of the promoted pieces.
    PromotedPieces,
    /// Spherical Chess 324: a promoted piece on `square`, drawn `text`,
    /// moving in `directions` directions, named in `ways` (`N E S W NE`).
    Promoted {
        square: String,
        text: String,
        side: Side,
        directions: u32,
        ways: Vec<String>,
    },
    /// Spherical Chess 324: the heading of the promotions under way.
    PromotionsInProgress,
    /// Spherical Chess 324: the `piece` on `square` has paid `steps` of
    /// the `cost` steps to become `target` (moving in `ways`).
    Promoting {
        square: String,
        piece: PieceName,
        side: Side,
        target: PieceName,
        ways: Vec<String>,
        steps: u8,
        cost: u8,
    },
}

impl Diagram {
    /// A diagram that is all drawing.
    pub(crate) fn drawn(text: &str) -> Diagram {
        Diagram {
            lines: text.lines().map(|line| Line::Drawn(line.into())).collect(),
        }
    }

    pub(crate) fn push(&mut self, label: Label) {
        self.lines.push(Line::Says { indent: 0, label });
    }

    /// The text, each label worded by `word` (which may give several
    /// lines), one newline after every line.
    pub(crate) fn lay_out<E>(
        &self,
        mut word: impl FnMut(&Label) -> Result<String, E>,
    ) -> Result<String, E> {
        let mut out = String::new();
        for line in lay_out_lines(&self.lines, None, &mut word)? {
            out.push_str(&line);
            out.push('\n');
        }
        Ok(out)
    }
}

/// The lines of `lines`, what they say wrapped to `fit` characters when
/// they stand in a column.
fn lay_out_lines<E>(
    lines: &[Line],
    fit: Option<usize>,
    word: &mut impl FnMut(&Label) -> Result<String, E>,
) -> Result<Vec<String>, E> {
    let mut out = Vec::new();
    for line in lines {
        match line {
            Line::Drawn(text) => out.push(text.clone()),
            Line::Says { indent, label } => {
                for said in word(label)?.lines() {
                    let said = format!("{}{said}", " ".repeat(*indent));
                    match fit {
                        Some(width) => out.extend(wrap(&said, width, indent + 3)),
                        None => out.push(said),
                    }
                }
            }
            Line::Columns { width, columns } => {
                let laid: Vec<Vec<String>> = columns
                    .iter()
                    .map(|column| lay_out_lines(column, Some(width.saturating_sub(1)), word))
                    .collect::<Result<_, E>>()?;
                let height = laid.iter().map(Vec::len).max().unwrap_or(0);
                for row in 0..height {
                    let mut text = String::new();
                    for (index, column) in laid.iter().enumerate() {
                        let cell = column.get(row).map_or("", String::as_str);
                        if index + 1 < laid.len() {
                            text.push_str(&format!("{cell:<width$}"));
                        } else {
                            text.push_str(cell);
                        }
                    }
                    out.push(text.trim_end().to_string());
                }
            }
        }
    }
    Ok(out)
}

/// `text` broken at spaces into lines of at most `width` characters, the
/// lines after the first `indent` spaces in; a word longer than a line
/// stands alone on its own.
fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    if text.chars().count() <= width {
        return vec![text.to_string()];
    }
    let lead = text.len() - text.trim_start().len();
    let mut lines = Vec::new();
    let mut current = text[..lead].to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        let fits = current.chars().count() + usize::from(!empty) + word.chars().count() <= width;
        if !empty && !fits {
            lines.push(std::mem::replace(&mut current, " ".repeat(indent)));
            empty = true;
        }
        if !empty {
            current.push(' ');
        }
        current.push_str(word);
        empty = false;
    }
    lines.push(current);
    lines
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self
            .lay_out(|label| Ok::<_, Infallible>(label.to_string()))
            .unwrap_or_else(|never| match never {});
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_in_a_column_wraps_inside_it() {
        let long = "over, draw by threefold repetition of the position";
        assert_eq!(
            wrap(long, 20, 3),
            [
                "over, draw by",
                "   threefold",
                "   repetition of the",
                "   position"
            ]
        );
        assert_eq!(wrap("short", 20, 3), ["short"]);
        assert_eq!(
            wrap("  indented words here", 12, 5),
            ["  indented", "     words", "     here"]
        );
    }

    #[test]
    fn columns_stand_side_by_side_each_in_its_width() {
        let says = |state: MegaState| Line::Says {
            indent: 0,
            label: Label::MegaKnight {
                owner: Side::White,
                symbol: "N*".into(),
                state,
            },
        };
        let diagram = Diagram {
            lines: vec![Line::Columns {
                width: 20,
                columns: vec![
                    vec![says(MegaState::Frozen), Line::Drawn("| a |".into())],
                    vec![Line::Drawn("| b |".into())],
                ],
            }],
        };
        let text = diagram.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "N* White's          | b |");
        assert_eq!(lines[1], "   mega-knight:");
        assert_eq!(lines[2], "   Frozen");
        assert_eq!(lines[3], "| a |");
    }
}
