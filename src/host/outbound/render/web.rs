//! A board as the web view shows it to anyone: exactly what an observer
//! of the board reads by mail (the one rule of what is sealed lives in
//! [`Reader::seat`] and the board view), every turn of the move list, and
//! the board drawn as SVG from the observer's seat by `board.svg`.

use super::view::{all_turns, board_view, moves_left_out, result_view};
use super::{HostFacts, Reader, Renderer, TemplateError};
use crate::host::model::replays::LiveGame;
use crate::host::outbound::pictures::svg_context;
use minijinja::Value;

/// What a board's page shows of it.
pub struct PublicBoard {
    /// The board view an observer's mail gets (`templates/README.md`).
    pub(crate) view: Value,
    /// Every turn (the last of a long game), as an observer may read it:
    /// `number`, `white`, `black`, `first`.
    pub(crate) turns: Vec<Value>,
    /// How many first moves `turns` leaves out.
    pub(crate) left_out: usize,
    /// The board drawn, as an `<svg>` element.
    pub(crate) svg: String,
}

impl Renderer {
    /// The board `live` as an observer sees it now.
    pub(crate) fn public_board(
        &self,
        live: &LiveGame,
        host: &HostFacts,
    ) -> Result<PublicBoard, TemplateError> {
        let (seat, seated) = Reader::Observer.seat(live);
        let view = board_view(live, seat, seated, host.now);
        let turns = all_turns(live, None);
        let board = self.shown(live, Reader::Observer, &self.default_language)?;
        let svg = self.body(&board.language, "board.svg", host, svg_context(&board))?;
        Ok(PublicBoard {
            view,
            turns,
            left_out: moves_left_out(live),
            svg,
        })
    }
}

/// How the game `live` ended, as its board view says (`None` while it
/// runs), without drawing it: for a page of an earlier position, which
/// shows the whole game's result.
pub fn public_result(live: &LiveGame) -> Option<Value> {
    result_view(live)
}
