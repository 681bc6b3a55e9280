//! The players waiting at an event's door: those who asked to join a
//! ladder, tournament or league that admits by approval, and those its director
//! invited to one that admits by invitation.

use super::{LoggedEvent, StoreResult};
use rusqlite::{params, Connection, OptionalExtension};

/// Where a player stands who is not in an event yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Entrant {
    /// He asked to join; the director has not admitted him yet.
    Applied,
    /// The director invited him; he has not joined yet.
    Invited,
}

impl Entrant {
    fn name(self) -> &'static str {
        match self {
            Entrant::Applied => "applied",
            Entrant::Invited => "invited",
        }
    }

    fn parse(state: &str) -> Entrant {
        if state == Entrant::Invited.name() {
            Entrant::Invited
        } else {
            Entrant::Applied
        }
    }
}

/// The table an event's entrants are kept in, its key column and the
/// event's id.
fn table(event: LoggedEvent) -> (&'static str, &'static str, i64) {
    match event {
        LoggedEvent::Ladder(id) => ("ladder_entrants", "ladder_id", id),
        LoggedEvent::Tournament(id) => ("tournament_entrants", "tournament_id", id),
        LoggedEvent::League(id) => ("league_entrants", "league_id", id),
    }
}

pub fn set_entrant(
    conn: &Connection,
    event: LoggedEvent,
    userid: &str,
    entrant: Entrant,
    now: i64,
) -> StoreResult<()> {
    let (table, key, id) = table(event);
    conn.prepare_cached(&format!(
        "INSERT OR REPLACE INTO {table} ({key}, userid, state, since) VALUES (?1, ?2, ?3, ?4)"
    ))?
    .execute(params![id, userid, entrant.name(), now])?;
    Ok(())
}

pub fn entrant(
    conn: &Connection,
    event: LoggedEvent,
    userid: &str,
) -> StoreResult<Option<Entrant>> {
    let (table, key, id) = table(event);
    let state: Option<String> = conn
        .prepare_cached(&format!(
            "SELECT state FROM {table} WHERE {key} = ?1 AND userid = ?2"
        ))?
        .query_row(params![id, userid], |row| row.get(0))
        .optional()?;
    Ok(state.as_deref().map(Entrant::parse))
}

pub fn remove_entrant(conn: &Connection, event: LoggedEvent, userid: &str) -> StoreResult<()> {
    let (table, key, id) = table(event);
    conn.prepare_cached(&format!(
        "DELETE FROM {table} WHERE {key} = ?1 AND userid = ?2"
    ))?
    .execute(params![id, userid])?;
    Ok(())
}

/// Nobody waits any more: the event began.
pub fn clear_entrants(conn: &Connection, event: LoggedEvent) -> StoreResult<()> {
    let (table, key, id) = table(event);
    conn.prepare_cached(&format!("DELETE FROM {table} WHERE {key} = ?1"))?
        .execute([id])?;
    Ok(())
}

/// Those waiting at an event's door, earliest first.
pub fn entrants(conn: &Connection, event: LoggedEvent) -> StoreResult<Vec<(String, Entrant)>> {
    let (table, key, id) = table(event);
    let mut statement = conn.prepare_cached(&format!(
        "SELECT userid, state FROM {table} WHERE {key} = ?1 ORDER BY since, userid"
    ))?;
    let rows = statement.query_map([id], |row| {
        Ok((row.get(0)?, Entrant::parse(&row.get::<_, String>(1)?)))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
