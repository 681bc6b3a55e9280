//! What a mail carries beside its text: a player's note at its foot, the
//! board's PGN, and the HTML part that draws the board.

use super::{Post, PostError};
use crate::archive;
use crate::host::model::board_style::BoardStyle;
use crate::host::model::replays::LiveGame;
use crate::host::outbound::render::Letter;
use crate::store::{self, GameStatus, MailAttachment, MailHtml, Player};

impl Post<'_> {
    /// A player's private note on the board, at the bottom of his mail.
    pub(super) fn add_note(
        &self,
        letter: &mut Letter,
        player: &Player,
        live: &LiveGame,
        language: &str,
    ) -> Result<(), PostError> {
        if let Some(note) = store::note(self.conn, live.record.id, &player.userid)? {
            let footer = self.renderer.note_footer(&note, &self.host, language)?;
            letter.body.push('\n');
            letter.body.push_str(&footer);
        }
        Ok(())
    }

    /// The board's PGN, for the mails of a game that is over (played to
    /// a result or aborted): each player's mailbox becomes his archive
    /// without asking.
    pub(super) fn pgn_when_over(&self, live: &LiveGame) -> Option<MailAttachment> {
        (live.record.status != GameStatus::Active)
            .then(|| self.pgn(live))
            .flatten()
    }

    /// The board as a PGN file (`chess-101.pgn`); a board that cannot be
    /// written is logged and its mail goes without it.
    pub(super) fn pgn(&self, live: &LiveGame) -> Option<MailAttachment> {
        match archive::archive_board(self.conn, live.record.id, &self.host.identity) {
            Ok(text) => Some(MailAttachment {
                name: format!("{}-{}.pgn", live.kind.name(), live.record.id),
                content_type: "application/vnd.chess-pgn".into(),
                text,
            }),
            Err(err) => {
                tracing::warn!(board = live.record.id, "no PGN for the mail: {err}");
                None
            }
        }
    }

    /// The HTML part of a mail that shows a board, in the style its
    /// reader chose as far as the operator allows, drawn from the text
    /// of its body.
    pub(super) fn html_part(
        &self,
        letter: &Letter,
        body: &str,
        userid: Option<&str>,
    ) -> Result<Option<MailHtml>, PostError> {
        let Some(shown) = &letter.board else {
            return Ok(None);
        };
        let chosen = match userid {
            Some(userid) => store::board_style(self.conn, userid)?,
            None => None,
        };
        let style = self
            .boards
            .allowed(BoardStyle::from_stored(chosen.as_deref()));
        Ok(self.renderer.html_part(shown, body, style, &self.host))
    }
}
