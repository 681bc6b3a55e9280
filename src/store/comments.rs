//! The comments players wrote with their moves, kept for a board's
//! record; shown there only for players who allow it.

use super::StoreResult;
use rusqlite::{params, Connection};

/// A comment written after move `after` of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredComment {
    pub after: i64,
    pub author: String,
    pub text: String,
}

pub fn insert_comment(
    conn: &Connection,
    game_id: i64,
    comment: &StoredComment,
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO comments (game_id, after, author, text, written) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        game_id,
        comment.after,
        comment.author,
        comment.text,
        now
    ])?;
    Ok(())
}

/// A board's comments by players who allow them in its record, in order.
pub fn public_comments(conn: &Connection, game_id: i64) -> StoreResult<Vec<StoredComment>> {
    let mut statement = conn.prepare_cached(
        "SELECT after, author, text FROM comments
         WHERE game_id = ?1 AND author IN
             (SELECT userid FROM players WHERE public_comments = 1)
         ORDER BY after, rowid",
    )?;
    let comments = statement
        .query_map([game_id], |row| {
            Ok(StoredComment {
                after: row.get(0)?,
                author: row.get(1)?,
                text: row.get(2)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(comments)
}

/// Whether a player allows his comments in the records of his boards.
pub fn set_public_comments(conn: &Connection, userid: &str, public: bool) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE players SET public_comments = ?2 WHERE userid = ?1 COLLATE NOCASE",
    )?
    .execute(params![userid, public as i64])?;
    Ok(())
}
