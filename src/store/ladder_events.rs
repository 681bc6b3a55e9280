//! The ladders themselves (version 31): each game type's default ladder,
//! run by the operator with the config's rules, and the named ladders
//! players create and direct, with the rules they wrote; and the players
//! waiting to be admitted to one, or invited.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// A ladder. The default ladder of a game type has the empty name and no
/// director (the operator directs it) and no stored rules (it follows the
/// config's).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LadderRow {
    pub id: i64,
    pub(crate) kind: String,
    pub(crate) name: String,
    pub(crate) director: Option<String>,
    /// The rule words and switches it runs by, space-separated.
    pub(crate) rules: String,
    pub(crate) comment: String,
    /// `open`, or `cancelled` once its director ended it.
    pub(crate) status: String,
    pub(crate) created: i64,
}

/// A ladder's status once its director ended it.
pub const CANCELLED: &str = "cancelled";

const LADDER_COLUMNS: &str = "id, kind, name, director, rules, comment, status, created";

fn ladder_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<LadderRow> {
    Ok(LadderRow {
        id: row.get(0)?,
        kind: row.get(1)?,
        name: row.get(2)?,
        director: row.get(3)?,
        rules: row.get(4)?,
        comment: row.get(5)?,
        status: row.get(6)?,
        created: row.get(7)?,
    })
}

/// A game type's ladder by name (the empty name: its default ladder).
pub fn find_ladder(conn: &Connection, kind: &str, name: &str) -> StoreResult<Option<LadderRow>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {LADDER_COLUMNS} FROM ladders WHERE kind = ?1 AND name = ?2"
        ))?
        .query_row([kind, name], ladder_from_row)
        .optional()?)
}

pub fn ladder_by_id(conn: &Connection, id: i64) -> StoreResult<Option<LadderRow>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {LADDER_COLUMNS} FROM ladders WHERE id = ?1"
        ))?
        .query_row([id], ladder_from_row)
        .optional()?)
}

/// The default ladder of a game type, made when first asked for.
pub fn default_ladder(conn: &Connection, kind: &str, now: i64) -> StoreResult<LadderRow> {
    conn.prepare_cached("INSERT OR IGNORE INTO ladders (kind, name, created) VALUES (?1, '', ?2)")?
        .execute(params![kind, now])?;
    Ok(find_ladder(conn, kind, "")?.expect("the default ladder was just made"))
}

/// A game type's ladders, the default one first, then by name.
pub fn ladders_of(conn: &Connection, kind: &str) -> StoreResult<Vec<LadderRow>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {LADDER_COLUMNS} FROM ladders WHERE kind = ?1 ORDER BY name <> '', name"
    ))?;
    let rows = statement.query_map([kind], ladder_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A new named ladder; its id.
pub fn insert_ladder(
    conn: &Connection,
    kind: &str,
    name: &str,
    director: &str,
    rules: &str,
    comment: &str,
    now: i64,
) -> StoreResult<i64> {
    conn.prepare_cached(
        "INSERT INTO ladders (kind, name, director, rules, comment, created)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![kind, name, director, rules, comment, now])?;
    Ok(conn.last_insert_rowid())
}

pub fn set_ladder_rules(conn: &Connection, id: i64, rules: &str) -> StoreResult<()> {
    conn.prepare_cached("UPDATE ladders SET rules = ?2 WHERE id = ?1")?
        .execute(params![id, rules])?;
    Ok(())
}

/// How many ladders not cancelled `userid` directs.
pub fn ladders_directed(conn: &Connection, userid: &str) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM ladders WHERE director = ?1 COLLATE NOCASE AND status != ?2",
        )?
        .query_row(params![userid, CANCELLED], |row| row.get(0))?;
    Ok(count as usize)
}

pub fn set_ladder_director(conn: &Connection, id: i64, director: &str) -> StoreResult<()> {
    conn.prepare_cached("UPDATE ladders SET director = ?2 WHERE id = ?1")?
        .execute(params![id, director])?;
    Ok(())
}

pub fn set_ladder_status(conn: &Connection, id: i64, status: &str) -> StoreResult<()> {
    conn.prepare_cached("UPDATE ladders SET status = ?2 WHERE id = ?1")?
        .execute(params![id, status])?;
    Ok(())
}
