//! The append-only log of each event (a ladder, a tournament or a
//! league): who did what to it, and when. Rows are only ever added: the
//! schema's triggers refuse any UPDATE or DELETE of them, so a deleted
//! account's userid stays in the log of the events it took part in.
//! The directors' rulings on boards (adjudications, forfeits, voids)
//! with their reasons are kept here too, one row a board.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// The kind of event a log belongs to, each with its own integer ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoggedEvent {
    Tournament(i64),
    Ladder(i64),
    League(i64),
}

impl LoggedEvent {
    fn parts(self) -> (&'static str, i64) {
        match self {
            LoggedEvent::Tournament(id) => ("tournament", id),
            LoggedEvent::Ladder(id) => ("ladder", id),
            LoggedEvent::League(id) => ("league", id),
        }
    }
}

/// One line of an event's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub at: i64,
    /// A userid, `operator` or `host`.
    pub actor: String,
    /// What was done: `create`, `join`, `adjudicate`, `cancel`...
    pub action: String,
    /// Its details in words (a board, a result, a reason), or empty.
    pub detail: String,
}

/// Adds a line to an event's log.
pub fn append_event_log(
    conn: &Connection,
    event: LoggedEvent,
    entry: &LogEntry,
) -> StoreResult<()> {
    let (event_type, event_id) = event.parts();
    conn.prepare_cached(
        "INSERT INTO event_log (event_type, event_id, at, actor, action, detail)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        event_type,
        event_id,
        entry.at,
        entry.actor,
        entry.action,
        entry.detail
    ])?;
    Ok(())
}

/// How many lines of an event's log with one of these actions were
/// written since `since` (seconds since the epoch).
pub fn logged_since(
    conn: &Connection,
    event: LoggedEvent,
    actions: &[&str],
    since: i64,
) -> StoreResult<usize> {
    let (event_type, event_id) = event.parts();
    let mut count = 0;
    for action in actions {
        let found: i64 = conn
            .prepare_cached(
                "SELECT count(*) FROM event_log
                 WHERE event_type = ?1 AND event_id = ?2 AND action = ?3 AND at >= ?4",
            )?
            .query_row(params![event_type, event_id, action, since], |row| {
                row.get(0)
            })?;
        count += found as usize;
    }
    Ok(count)
}

/// An event's log, oldest first.
pub fn event_log(conn: &Connection, event: LoggedEvent) -> StoreResult<Vec<LogEntry>> {
    let (event_type, event_id) = event.parts();
    let mut statement = conn.prepare_cached(
        "SELECT at, actor, action, detail FROM event_log
         WHERE event_type = ?1 AND event_id = ?2 ORDER BY id",
    )?;
    let rows = statement.query_map(params![event_type, event_id], |row| {
        Ok(LogEntry {
            at: row.get(0)?,
            actor: row.get(1)?,
            action: row.get(2)?,
            detail: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A director's ruling on a board: who gave it (a userid, or
/// `operator`), what it was (`adjudicate`, `forfeit`, `void`) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub(crate) actor: String,
    pub(crate) verdict: String,
    pub(crate) reason: String,
    pub(crate) at: i64,
}

/// Keeps the ruling that ended a board (a board is ruled on once: it is
/// over after).
pub fn insert_ruling(conn: &Connection, game_id: i64, ruling: &Ruling) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO rulings (game_id, actor, verdict, reason, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        game_id,
        ruling.actor,
        ruling.verdict,
        ruling.reason,
        ruling.at
    ])?;
    Ok(())
}

/// The ruling that ended a board, if one did.
pub fn ruling(conn: &Connection, game_id: i64) -> StoreResult<Option<Ruling>> {
    Ok(conn
        .prepare_cached("SELECT actor, verdict, reason, at FROM rulings WHERE game_id = ?1")?
        .query_row([game_id], |row| {
            Ok(Ruling {
                actor: row.get(0)?,
                verdict: row.get(1)?,
                reason: row.get(2)?,
                at: row.get(3)?,
            })
        })
        .optional()?)
}
