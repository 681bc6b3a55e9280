//! The HTML part of a mail that shows a board, and its image: the text
//! of the mail around the board drawn by `board.html` (a table, or the
//! PNG drawn from `board.svg`).

use super::{HostFacts, Reader, Renderer, TemplateError};
use crate::games::GameKind;
use crate::host::model::board_style::BoardStyle;
use crate::host::model::notice::Answer;
use crate::host::model::replays::LiveGame;
use crate::host::outbound::pictures::{
    around_board, html_context, png_from_svg, sample_game, svg_context, ShownBoard,
};
use crate::store::MailHtml;

impl Renderer {
    /// The board a mail about `live` shows to `reader`: a player from his
    /// seat, anyone else from White's side with nothing sealed; its text
    /// worded in `language`, which the templates get as `board`, and the
    /// picture of it.
    pub(super) fn shown(
        &self,
        live: &LiveGame,
        reader: Reader,
        language: &str,
    ) -> Result<ShownBoard, TemplateError> {
        let (diagram, picture) = match reader {
            Reader::Seated(seat) => (live.game.diagram(seat), live.game.picture(seat)),
            Reader::Onlooker | Reader::Observer => {
                (live.game.public_diagram(), live.game.public_picture())
            }
        };
        Ok(ShownBoard {
            game: live.kind,
            board_id: live.record.id,
            language: language.to_string(),
            text: self.templates.diagram(language, &diagram)?,
            picture,
        })
    }

    /// The board an answer shows, and whether its mail pictures it (a
    /// preview's board is not the real one, so it gets no picture).
    pub(super) fn answer_board(
        &self,
        answer: &Answer,
        reader: Reader,
        language: &str,
    ) -> Result<Option<(ShownBoard, bool)>, TemplateError> {
        let (live, reader, pictured) = match answer {
            Answer::Show { live, .. } | Answer::Record { live, .. } => (live, reader, true),
            Answer::Preview { live, seat, .. } => {
                (live, seat.map_or(Reader::Onlooker, Reader::Seated), false)
            }
            _ => return Ok(None),
        };
        let shown = self.shown(live, reader, language)?;
        Ok(Some((shown, pictured)))
    }

    /// The sample board of `kind`, as a mail in `language` shows it.
    pub(crate) fn sample_board(
        &self,
        kind: GameKind,
        language: &str,
    ) -> Result<ShownBoard, TemplateError> {
        let (game, viewer, _) = sample_game(kind);
        Ok(ShownBoard {
            game: kind,
            board_id: 101,
            language: language.to_string(),
            text: self.templates.diagram(language, &game.diagram(viewer))?,
            picture: game.picture(viewer),
        })
    }

    /// The HTML part for a mail whose text is `body`, showing `shown` in
    /// `style`; none for a reader who takes text, or when the text does
    /// not show the board. A picture that cannot be made is logged and
    /// the mail goes as text (an image that fails falls back to the
    /// table): a board mail is never lost over its picture.
    pub(crate) fn html_part(
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
    pub(crate) fn board_image(&self, shown: &ShownBoard, host: &HostFacts) -> Option<Vec<u8>> {
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
