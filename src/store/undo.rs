//! Take-backs agreed by both players: the proposal that stands on a
//! board, and the board's event history, where each take-back is kept
//! once its moves have left the move list.

use super::games::{parse_side, side_name};
use super::{StoreError, StoreResult};
use crate::games::Side;
use rusqlite::{params, Connection, OptionalExtension};

/// A standing proposal to take back the last move (turn, round).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UndoProposal {
    pub(crate) side: Side,
    /// The moves the board had when it was proposed: a move since makes
    /// it lapse.
    pub(crate) moves: i64,
}

pub(crate) fn undo_proposal(conn: &Connection, game_id: i64) -> StoreResult<Option<UndoProposal>> {
    let row = conn
        .prepare_cached("SELECT side, moves FROM undo_proposals WHERE game_id = ?1")?
        .query_row([game_id], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
        })
        .optional()?;
    row.map(|(side, moves)| {
        let side = parse_side(&side).ok_or_else(|| {
            StoreError::Corrupt(format!("board {game_id}'s undo proposal has side {side:?}"))
        })?;
        Ok(UndoProposal { side, moves })
    })
    .transpose()
}

pub(crate) fn set_undo_proposal(
    conn: &Connection,
    game_id: i64,
    proposal: Option<UndoProposal>,
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM undo_proposals WHERE game_id = ?1")?
        .execute([game_id])?;
    if let Some(proposal) = proposal {
        conn.prepare_cached(
            "INSERT INTO undo_proposals (game_id, side, moves, proposed) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![
            game_id,
            side_name(proposal.side),
            proposal.moves,
            now
        ])?;
    }
    Ok(())
}

/// A take-back in a board's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakenBack {
    /// The moves the board kept.
    pub(crate) after: i64,
    pub(crate) proposer: String,
    pub(crate) agreed_by: String,
    /// The moves taken back, in order.
    pub(crate) moves: Vec<String>,
    pub(crate) happened: i64,
}

/// Takes back every move after the first `keep`: they leave the move
/// list (the truth) with the comments written with them, and the
/// take-back is kept in the board's history.
pub(crate) fn take_back(
    conn: &Connection,
    game_id: i64,
    keep: i64,
    record: &TakenBack,
) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND number > ?2")?
        .execute(params![game_id, keep])?;
    conn.prepare_cached("DELETE FROM comments WHERE game_id = ?1 AND after > ?2")?
        .execute(params![game_id, keep])?;
    conn.prepare_cached(
        "INSERT INTO board_events (game_id, after, kind, userid, partner, detail, happened)
         VALUES (?1, ?2, 'undo', ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        game_id,
        keep,
        record.proposer,
        record.agreed_by,
        record.moves.join(" "),
        record.happened
    ])?;
    conn.prepare_cached("UPDATE games SET updated = ?2, draw_offer = NULL WHERE id = ?1")?
        .execute(params![game_id, record.happened])?;
    Ok(())
}

/// A board's take-backs, in the order they happened.
pub(crate) fn taken_back(conn: &Connection, game_id: i64) -> StoreResult<Vec<TakenBack>> {
    let mut statement = conn.prepare_cached(
        "SELECT after, userid, partner, detail, happened FROM board_events
         WHERE game_id = ?1 AND kind = 'undo' ORDER BY happened, rowid",
    )?;
    let events = statement
        .query_map([game_id], |row| {
            let detail: String = row.get(3)?;
            Ok(TakenBack {
                after: row.get(0)?,
                proposer: row.get(1)?,
                agreed_by: row.get(2)?,
                moves: detail.split_whitespace().map(str::to_string).collect(),
                happened: row.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(events)
}
