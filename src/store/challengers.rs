//! Who may challenge a player (`set ... challenges anyone|played|nobody`),
//! and whether two players have played each other, which `played` asks.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// The stored choice of `userid` (`anyone`, `played`, `nobody`); none for
/// a userid with no account.
pub fn challengers(conn: &Connection, userid: &str) -> StoreResult<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT challengers FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get::<_, String>(0))
        .optional()?)
}

pub fn set_challengers(conn: &Connection, userid: &str, challengers: &str) -> StoreResult<()> {
    conn.prepare_cached("UPDATE players SET challengers = ?2 WHERE userid = ?1 COLLATE NOCASE")?
        .execute(params![userid, challengers])?;
    Ok(())
}

/// Whether `one` and `other` have played a game together, in either
/// colour: a finished board, or a running one both have answered (two
/// moves or more). An aborted board was no game, and a running board
/// with fewer moves is a challenge not yet answered: neither counts, so
/// a challenge does not make its sender someone who has played.
pub fn have_played(conn: &Connection, one: &str, other: &str) -> StoreResult<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM games g
             WHERE ((g.white = ?1 COLLATE NOCASE AND g.black = ?2 COLLATE NOCASE)
                 OR (g.white = ?2 COLLATE NOCASE AND g.black = ?1 COLLATE NOCASE))
               AND (g.status = 'finished'
                    OR (g.status = 'active'
                        AND (SELECT count(*) FROM moves m WHERE m.game_id = g.id) >= 2)))",
        )?
        .query_row(params![one, other], |row| row.get(0))?)
}
