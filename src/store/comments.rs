//! The comments players wrote with their moves, kept for a board's
//! record; shown there only for players who allow it.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// A comment written after move `after` of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredComment {
    pub(crate) after: i64,
    pub(crate) author: String,
    pub(crate) text: String,
}

pub(crate) fn insert_comment(
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

/// A board's comments in order, each with whether its author allows his
/// comments in the records (who may read which is the host's rule).
pub(crate) fn board_comments(
    conn: &Connection,
    game_id: i64,
) -> StoreResult<Vec<(StoredComment, bool)>> {
    let mut statement = conn.prepare_cached(
        "SELECT c.after, c.author, c.text, COALESCE(p.public_comments, 0) FROM comments c
         LEFT JOIN players p ON p.userid = c.author COLLATE NOCASE
         WHERE c.game_id = ?1
         ORDER BY c.after, c.rowid",
    )?;
    let comments = statement
        .query_map([game_id], |row| {
            Ok((
                StoredComment {
                    after: row.get(0)?,
                    author: row.get(1)?,
                    text: row.get(2)?,
                },
                row.get::<_, i64>(3)? != 0,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(comments)
}

/// Whether a player allows his comments in the records of his boards
/// (a player unknown does not).
pub(crate) fn comments_are_public(conn: &Connection, userid: &str) -> StoreResult<bool> {
    let public: Option<i64> = conn
        .prepare_cached("SELECT public_comments FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get(0))
        .optional()?;
    Ok(public.unwrap_or(0) != 0)
}

/// Whether a player allows his comments in the records of his boards.
pub(crate) fn set_public_comments(
    conn: &Connection,
    userid: &str,
    public: bool,
) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE players SET public_comments = ?2 WHERE userid = ?1 COLLATE NOCASE",
    )?
    .execute(params![userid, public as i64])?;
    Ok(())
}
