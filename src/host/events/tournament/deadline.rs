//! A Swiss round's deadline: when it passes with boards of the round
//! still running, the director hears which, once, and it is logged. The
//! boards play on; he may rule on them. The next round's deadline is set
//! when that round is paired.

use super::super::format;
use super::super::log::{log_tournament, HOST};
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, Notice};
use crate::store::{self, StoreError};
use rusqlite::Connection;

/// Tells the director of tournament `id` the boards of its current round
/// still running as its deadline passes, and clears the deadline.
pub(crate) fn round_deadline(
    conn: &Connection,
    id: i64,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    store::set_round_due(conn, id, None)?;
    let Some(tournament) = store::load_tournament(conn, id)? else {
        return Ok(Vec::new());
    };
    let boards = store::tournament_boards(conn, id)?;
    let Some(round) = boards.iter().map(|board| board.round).max() else {
        return Ok(Vec::new());
    };
    let running: Vec<(i64, String, String)> = boards
        .into_iter()
        .filter(|board| board.round == round && board.score.is_none())
        .map(|board| (board.game_id, board.white, board.black))
        .collect();
    if running.is_empty() {
        return Ok(Vec::new());
    }
    let numbers: Vec<String> = running
        .iter()
        .map(|(board, _, _)| board.to_string())
        .collect();
    let detail = format!(
        "round {round}: the deadline passed with board{} {} running",
        if numbers.len() == 1 { "" } else { "s" },
        numbers.join(", ")
    );
    log_tournament(conn, id, HOST, "deadline", &detail, now)?;
    Ok(vec![Notice::Competition(CompetitionNews {
        userid: tournament.organiser.clone(),
        kind: format::kind_of(&tournament)?,
        event: CompetitionEvent::RoundDeadline {
            name: tournament.name.clone(),
            round,
            boards: running,
        },
    })])
}
