//! The HTML part of a mail that shows a board, and its image: the text
//! of the mail around the board drawn by `board.html` (a table, or the
//! PNG drawn from `board.svg`).

use super::{HostFacts, Renderer};
use crate::host::model::board_style::BoardStyle;
use crate::host::outbound::pictures::{
    around_board, html_context, png_from_svg, svg_context, ShownBoard,
};
use crate::store::MailHtml;

impl Renderer {
    /// The HTML part for a mail whose text is `body`, showing `shown` in
    /// `style`; none for a reader who takes text, or when the text does
    /// not show the board. A picture that cannot be made is logged and
    /// the mail goes as text (an image that fails falls back to the
    /// table): a board mail is never lost over its picture.
    pub fn html_part(
        &self,
        shown: &ShownBoard,
        body: &str,
        style: BoardStyle,
        host: &HostFacts,
    ) -> Option<MailHtml> {
        if style == BoardStyle::Text {
            return None;
        }
        let (before, after) = around_board(body, &shown.text)?;
        let image = match style {
            BoardStyle::Image => self.board_image(shown, host),
            _ => None,
        };
        let image_id = image.as_ref().map(|_| MailHtml::IMAGE_ID);
        let ctx = html_context(shown, before, after, image_id);
        match self.body(&shown.language, "board.html", host, ctx) {
            Ok(html) => Some(MailHtml { html, image }),
            Err(err) => {
                tracing::warn!(board = shown.board_id, "no HTML board for the mail: {err}");
                None
            }
        }
    }

    /// The board as a PNG, or `None` (logged) when it cannot be drawn.
    pub fn board_image(&self, shown: &ShownBoard, host: &HostFacts) -> Option<Vec<u8>> {
        let drawn = self
            .body(&shown.language, "board.svg", host, svg_context(shown))
            .map_err(|err| err.to_string())
            .and_then(|svg| png_from_svg(&svg).map_err(|err| err.to_string()));
        match drawn {
            Ok(png) => Some(png),
            Err(err) => {
                tracing::warn!(board = shown.board_id, "no board image for the mail: {err}");
                None
            }
        }
    }
}
