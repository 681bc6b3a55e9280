//! A player's choice of how board mails show the board (`set ... board
//! text|html|image`); none stored means the host's default.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// The stored choice of `userid` (`text`, `html`, `image`), if he made one.
pub fn board_style(conn: &Connection, userid: &str) -> StoreResult<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT board_style FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get::<_, Option<String>>(0))
        .optional()?
        .flatten())
}

pub fn set_board_style(conn: &Connection, userid: &str, style: &str) -> StoreResult<()> {
    conn.prepare_cached("UPDATE players SET board_style = ?2 WHERE userid = ?1 COLLATE NOCASE")?
        .execute(params![userid, style])?;
    Ok(())
}
