//! Boards in pictures: beside the text of a mail that shows a board, an
//! HTML part with the board drawn as a table, or a PNG image of it, as
//! the reader chose (`set ... board text|html|image`) and the operator
//! allows (`[boards]`). Both come from templates (`board.html`,
//! `board.svg`) fed by the game's [`crate::games::Picture`].

mod image;
mod layout;
mod samples;

pub(crate) use image::png_from_svg;
pub(crate) use layout::{html_context, svg_context};
pub use samples::sample_game;

use crate::games::{GameKind, Picture};
use crate::host::model::board_style::BoardStyle;

/// What the operator allows (`[boards]` in the config).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPictures {
    /// HTML parts at all; off, every mail is text only.
    pub(crate) html: bool,
    /// Board images; off, a reader who chose them gets the HTML table.
    pub(crate) image: bool,
}

impl Default for BoardPictures {
    fn default() -> Self {
        BoardPictures {
            html: true,
            image: true,
        }
    }
}

impl BoardPictures {
    /// The style a reader gets: his choice as far as the operator allows.
    pub(crate) fn allowed(self, chosen: BoardStyle) -> BoardStyle {
        match chosen {
            _ if !self.html => BoardStyle::Text,
            BoardStyle::Image if !self.image => BoardStyle::Html,
            style => style,
        }
    }
}

/// The board a mail shows: its text as the mail's body has it, and the
/// same board described for drawing, from the same seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownBoard {
    pub(crate) game: GameKind,
    pub(crate) board_id: i64,
    pub(crate) language: String,
    /// The text board, exactly as the template put it into the body.
    pub(crate) text: String,
    pub(crate) picture: Picture,
}

/// The text of a mail split around its board: what comes before the
/// board and what after. The body's lines lost their trailing spaces
/// (see `templates::tidy`), so the board is sought without them too.
/// `None` when the text does not show the board (an error that names a
/// board without drawing it, an operator's template that leaves it out):
/// then the mail has no picture either.
pub(crate) fn around_board<'a>(body: &'a str, board: &str) -> Option<(&'a str, &'a str)> {
    let board: Vec<&str> = board.trim_end().lines().map(str::trim_end).collect();
    let board = board.join("\n");
    if board.is_empty() {
        return None;
    }
    let at = body.find(&board)?;
    Some((&body[..at], &body[at + board.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_operator_narrows_what_a_reader_chose() {
        let all = BoardPictures::default();
        assert_eq!(all.allowed(BoardStyle::Image), BoardStyle::Image);
        let no_images = BoardPictures {
            image: false,
            ..all
        };
        assert_eq!(no_images.allowed(BoardStyle::Image), BoardStyle::Html);
        let text_only = BoardPictures {
            html: false,
            image: true,
        };
        assert_eq!(text_only.allowed(BoardStyle::Html), BoardStyle::Text);
        assert_eq!(text_only.allowed(BoardStyle::Image), BoardStyle::Text);
    }

    #[test]
    fn a_stored_style_reads_back_and_junk_is_the_default() {
        for name in BoardStyle::NAMES {
            assert_eq!(BoardStyle::from_stored(Some(name)).name(), name);
        }
        assert_eq!(BoardStyle::from_stored(Some("IMAGE")), BoardStyle::Image);
        assert_eq!(BoardStyle::from_stored(Some("pdf")), BoardStyle::Html);
        assert_eq!(BoardStyle::from_stored(None), BoardStyle::Html);
    }

    #[test]
    fn the_body_splits_around_its_board_even_with_trailing_spaces_gone() {
        let body = "Moves: e4\n\n  +---+\n  | K |\n\nReply with a move.\n";
        let (before, after) = around_board(body, "  +---+  \n  | K |\n").unwrap();
        assert_eq!(before, "Moves: e4\n\n");
        assert_eq!(after, "\n\nReply with a move.\n");
        assert_eq!(around_board(body, "not there"), None);
        assert_eq!(around_board(body, ""), None);
    }
}
