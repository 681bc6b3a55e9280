//! The boards of tournaments: each with its round (a knockout's match),
//! its players and, once over, its result as the tournament counts it.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// Hands the seat of `old` on board `game_id` of a tournament to `new`,
/// in the tournament's table of boards and on the board itself.
pub fn hand_board_seat(conn: &Connection, game_id: i64, old: &str, new: &str) -> StoreResult<()> {
    for column in ["white", "black"] {
        for table in ["tournament_boards", "games"] {
            let key = if table == "games" { "id" } else { "game_id" };
            conn.execute(
                &format!(
                    "UPDATE {table} SET {column} = ?3 WHERE {key} = ?1 AND {column} = ?2 COLLATE NOCASE"
                ),
                params![game_id, old, new],
            )?;
        }
    }
    Ok(())
}

/// One board of a tournament; `score` once it is over (`1-0`, `1/2`,
/// `0-1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentBoard {
    pub game_id: i64,
    pub round: u32,
    /// In a knockout, the match within the round (from 1).
    pub match_no: Option<u32>,
    pub white: String,
    pub black: String,
    pub score: Option<String>,
}

pub fn insert_tournament_board(
    conn: &Connection,
    id: i64,
    board: &TournamentBoard,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO tournament_boards
            (game_id, tournament_id, round, white, black, score, match_no)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        board.game_id,
        id,
        board.round,
        board.white,
        board.black,
        board.score,
        board.match_no
    ])?;
    Ok(())
}

/// The tournament a board belongs to, if any.
pub fn tournament_of_board(conn: &Connection, game_id: i64) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT tournament_id FROM tournament_boards WHERE game_id = ?1")?
        .query_row([game_id], |row| row.get(0))
        .optional()?)
}

pub fn set_tournament_score(conn: &Connection, game_id: i64, score: &str) -> StoreResult<()> {
    conn.prepare_cached("UPDATE tournament_boards SET score = ?2 WHERE game_id = ?1")?
        .execute(params![game_id, score])?;
    Ok(())
}

/// A tournament's boards in board order.
pub fn tournament_boards(conn: &Connection, id: i64) -> StoreResult<Vec<TournamentBoard>> {
    let mut statement = conn.prepare_cached(
        "SELECT game_id, round, white, black, score, match_no FROM tournament_boards
         WHERE tournament_id = ?1 ORDER BY game_id",
    )?;
    let rows = statement.query_map([id], |row| {
        Ok(TournamentBoard {
            game_id: row.get(0)?,
            round: row.get(1)?,
            white: row.get(2)?,
            black: row.get(3)?,
            score: row.get(4)?,
            match_no: row.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
