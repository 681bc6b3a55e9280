//! The event a board is a game of (the ladder of its game type, or a
//! tournament) and what the board counted there once it was over, as
//! the store keeps it: what the views say of an event game.

use crate::rules::score::EventScore;
use crate::store::{self, EventKind, StoreError};
use rusqlite::Connection;

/// A board's event, and its score there once over (`None` while it runs,
/// and for ladder games settled before the score was kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EventTie {
    pub(crate) kind: EventKind,
    pub(crate) counted: Option<EventScore>,
    /// The league, season and division a tournament is, if it is one of
    /// a league's divisions: named by them, not by its inner name.
    pub(crate) division: Option<(String, u32, u32)>,
}

/// The event of board `id`, if it belongs to one.
pub(crate) fn load(conn: &Connection, id: i64) -> Result<Option<EventTie>, StoreError> {
    let Some(event) = store::board_event(conn, id)? else {
        return Ok(None);
    };
    let division = match event.kind {
        EventKind::Tournament { .. } => store::event_of_board(conn, id)?.and_then(|of| of.division),
        EventKind::Ladder { .. } => None,
    };
    Ok(Some(EventTie {
        counted: event.score.as_deref().and_then(EventScore::from_stored),
        kind: event.kind,
        division,
    }))
}
