//! Seeks: open challenges any player may take up until they expire.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// One open challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seek {
    pub(crate) id: i64,
    /// The registry name of the game type.
    pub(crate) kind: String,
    pub(crate) userid: String,
    pub(crate) switches: Vec<String>,
    pub(crate) comment: Option<String>,
    pub(crate) posted: i64,
    pub(crate) expires: i64,
}

pub struct NewSeek<'a> {
    pub(crate) kind: &'a str,
    pub(crate) userid: &'a str,
    pub(crate) switches: &'a [String],
    pub(crate) comment: Option<&'a str>,
}

pub fn insert_seek(
    conn: &Connection,
    seek: &NewSeek<'_>,
    now: i64,
    expires: i64,
) -> StoreResult<i64> {
    conn.prepare_cached(
        "INSERT INTO seeks (kind, userid, switches, comment, posted, expires)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        seek.kind,
        seek.userid,
        seek.switches.join(" "),
        seek.comment,
        now,
        expires
    ])?;
    Ok(conn.last_insert_rowid())
}

fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Seek> {
    let switches: String = row.get(3)?;
    Ok(Seek {
        id: row.get(0)?,
        kind: row.get(1)?,
        userid: row.get(2)?,
        switches: switches.split_whitespace().map(str::to_string).collect(),
        comment: row.get(4)?,
        posted: row.get(5)?,
        expires: row.get(6)?,
    })
}

/// A seek that has not expired at `now`.
pub fn open_seek(conn: &Connection, id: i64, now: i64) -> StoreResult<Option<Seek>> {
    Ok(conn
        .prepare_cached(
            "SELECT id, kind, userid, switches, comment, posted, expires FROM seeks
             WHERE id = ?1 AND expires > ?2",
        )?
        .query_row(params![id, now], read)
        .optional()?)
}

/// The open seeks of a game type (or of one player, of any type), oldest
/// first, by players who are still signed up and take challenges.
pub fn open_seeks(
    conn: &Connection,
    kind: Option<&str>,
    userid: Option<&str>,
    now: i64,
) -> StoreResult<Vec<Seek>> {
    let mut statement = conn.prepare_cached(
        "SELECT s.id, s.kind, s.userid, s.switches, s.comment, s.posted, s.expires
         FROM seeks s JOIN players p ON p.userid = s.userid COLLATE NOCASE
         WHERE s.expires > ?3 AND p.signed_off = 0
           AND (?1 IS NULL OR s.kind = ?1)
           AND (?2 IS NULL OR s.userid = ?2 COLLATE NOCASE)
         ORDER BY s.id",
    )?;
    let seeks = statement
        .query_map(params![kind, userid, now], read)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(seeks)
}

pub fn delete_seek(conn: &Connection, id: i64) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM seeks WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

/// Removes every seek expired at `now`, and those of players no longer
/// signed up; returns the expired ones whose author still plays, to be
/// told.
pub fn sweep_seeks(conn: &Connection, now: i64) -> StoreResult<Vec<Seek>> {
    let expired = conn
        .prepare_cached(
            "SELECT s.id, s.kind, s.userid, s.switches, s.comment, s.posted, s.expires
             FROM seeks s JOIN players p ON p.userid = s.userid COLLATE NOCASE
             WHERE s.expires <= ?1 AND p.signed_off = 0
             ORDER BY s.id",
        )?
        .query_map([now], read)?
        .collect::<Result<Vec<_>, _>>()?;
    conn.prepare_cached(
        "DELETE FROM seeks WHERE expires <= ?1
            OR userid NOT IN (SELECT userid FROM players)",
    )?
    .execute([now])?;
    Ok(expired)
}
