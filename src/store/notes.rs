//! Private notes: what a player keeps about one of his boards, shown to
//! him alone at the bottom of his board mails.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

pub fn note(conn: &Connection, game_id: i64, userid: &str) -> StoreResult<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT text FROM notes WHERE game_id = ?1 AND userid = ?2 COLLATE NOCASE")?
        .query_row(params![game_id, userid], |row| row.get(0))
        .optional()?)
}

/// Stores a player's note on a board, or removes it (`None`); whether
/// there was one before.
pub fn set_note(
    conn: &Connection,
    game_id: i64,
    userid: &str,
    text: Option<&str>,
    now: i64,
) -> StoreResult<bool> {
    let had = conn
        .prepare_cached("DELETE FROM notes WHERE game_id = ?1 AND userid = ?2 COLLATE NOCASE")?
        .execute(params![game_id, userid])?
        > 0;
    if let Some(text) = text {
        conn.prepare_cached(
            "INSERT INTO notes (game_id, userid, text, written) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![game_id, userid, text, now])?;
    }
    Ok(had)
}
