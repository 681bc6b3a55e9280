//! What the read-only web view lists: boards by filter, a page at a time
//! and newest first, paged by key (the last board id shown) so a deep
//! page costs what the first does; and the few look-ups of players,
//! ladders and tournaments it needs. Only public columns are read: no
//! address, password hash, note or conditional line ever leaves here.

use super::games::GameStatus;
use super::tournaments::{tournament_from_row, Tournament, TOURNAMENT_COLUMNS};
use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension, Row};

/// The result a filter asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ResultFilter {
    WhiteWon,
    BlackWon,
    Drawn,
    /// Boards still running.
    Running,
    /// Boards stopped before each player moved.
    Aborted,
}

impl ResultFilter {
    /// The stored score, or `None` for boards known by their status.
    fn score(self) -> Option<&'static str> {
        match self {
            ResultFilter::WhiteWon => Some("1-0"),
            ResultFilter::BlackWon => Some("0-1"),
            ResultFilter::Drawn => Some("1/2-1/2"),
            ResultFilter::Running | ResultFilter::Aborted => None,
        }
    }
}

/// Which event a board belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EventFilter {
    Ladder,
    Tournament(i64),
}

/// The archive's filters; each left `None` takes every board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct BoardQuery {
    pub(crate) kind: Option<String>,
    /// A userid at either seat, in any case.
    pub(crate) player: Option<String>,
    pub(crate) result: Option<ResultFilter>,
    pub(crate) event: Option<EventFilter>,
    /// Boards created at or after this moment (seconds since the epoch).
    pub(crate) since: Option<i64>,
    /// Boards created before this moment.
    pub(crate) until: Option<i64>,
    /// Only boards with a smaller id: the key of the page after another.
    pub(crate) before: Option<i64>,
}

/// One board in a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BoardRow {
    pub(crate) id: i64,
    pub(crate) kind: String,
    pub(crate) white: String,
    pub(crate) black: String,
    pub(crate) status: GameStatus,
    /// `1-0`, `0-1`, `1/2-1/2`, or none (running, aborted, or over
    /// before scores were stored).
    pub(crate) score: Option<String>,
    /// The words of a result stored by a version before endings.
    pub(crate) legacy_result: Option<String>,
    pub(crate) created: i64,
    pub(crate) updated: i64,
    pub(crate) moves: i64,
}

const ROW_COLUMNS: &str = "id, kind, white, black, status, score, result, created, updated,
    (SELECT COUNT(*) FROM moves WHERE game_id = games.id)";

fn board_from_row(row: &Row<'_>) -> rusqlite::Result<BoardRow> {
    let status: String = row.get(4)?;
    Ok(BoardRow {
        id: row.get(0)?,
        kind: row.get(1)?,
        white: row.get(2)?,
        black: row.get(3)?,
        status: GameStatus::parse(&status).unwrap_or(GameStatus::Finished),
        score: row.get(5)?,
        legacy_result: row.get(6)?,
        created: row.get(7)?,
        updated: row.get(8)?,
        moves: row.get(9)?,
    })
}

/// The boards `query` takes, newest first, at most `limit`: by id, or
/// with dates by the time they began (then id), each order an index's.
/// Only the filters given are in the statement; one of them, the
/// narrowest, is left for SQLite to find through its index (a player's
/// seats, the dates, the result, the game) and the others only filter
/// (a `+` keeps SQLite from an index on a column).
pub(crate) fn web_boards(
    conn: &Connection,
    query: &BoardQuery,
    limit: u32,
) -> StoreResult<Vec<BoardRow>> {
    let Some((sql, values)) = board_statement(conn, query, limit)? else {
        return Ok(Vec::new());
    };
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(rusqlite::params_from_iter(values), board_from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The statement of [`web_boards`] and its values.
fn board_statement(
    conn: &Connection,
    query: &BoardQuery,
    limit: u32,
) -> StoreResult<Option<(String, Vec<rusqlite::types::Value>)>> {
    let Some((mut out, order)) = board_conditions(conn, query)? else {
        return Ok(None);
    };
    let conditions = match out.clauses.is_empty() {
        true => "1".to_string(),
        false => out.clauses.join(" AND "),
    };
    let sql =
        format!("SELECT {ROW_COLUMNS} FROM games WHERE {conditions} ORDER BY {order} LIMIT ?");
    out.values.push(i64::from(limit).into());
    Ok(Some((sql, out.values)))
}

/// A statement's conditions and the values of their parameters.
#[derive(Default)]
struct Clauses {
    clauses: Vec<&'static str>,
    values: Vec<rusqlite::types::Value>,
}

impl Clauses {
    fn add(&mut self, clause: &'static str, given: &[rusqlite::types::Value]) {
        self.clauses.push(clause);
        self.values.extend_from_slice(given);
    }
}

/// The clauses of a query, their values and its order; none when its
/// page key (`before`, with dates) names no board.
fn board_conditions(
    conn: &Connection,
    query: &BoardQuery,
) -> StoreResult<Option<(Clauses, &'static str)>> {
    let mut out = Clauses::default();
    filters(query, &mut out);
    let dated = query.since.is_some() || query.until.is_some();
    if !dated {
        if let Some(before) = query.before {
            out.add("id < ?", &[before.into()]);
        }
        return Ok(Some((out, "id DESC")));
    }
    let by_seat = query.player.is_some();
    if let Some(since) = query.since {
        let clause = if by_seat {
            "+created >= ?"
        } else {
            "created >= ?"
        };
        out.add(clause, &[since.into()]);
    }
    // One upper bound, so the index is entered there: before the end
    // date, and before the page's key (the board the last page ended at).
    let mut bound = query.until.map(|until| (until, 0));
    if let Some(before) = query.before {
        let Some(created) = created_of(conn, before)? else {
            return Ok(None);
        };
        bound = Some(bound.map_or((created, before), |b| b.min((created, before))));
    }
    if let Some((created, id)) = bound {
        let clause = if by_seat {
            "(+created, +id) < (?, ?)"
        } else {
            "(created, id) < (?, ?)"
        };
        out.add(clause, &[created.into(), id.into()]);
    }
    Ok(Some((out, "created DESC, id DESC")))
}

/// The clauses of the player, the result, the game and the event.
fn filters(query: &BoardQuery, out: &mut Clauses) {
    if let Some(player) = &query.player {
        let player: rusqlite::types::Value = player.clone().into();
        out.add(
            "(white = ? COLLATE NOCASE OR black = ? COLLATE NOCASE)",
            &[player.clone(), player],
        );
    }
    let by_result = query.player.is_none() && query.since.is_none() && query.until.is_none();
    match query.result.map(|result| (result, result.score())) {
        Some((_, Some(score))) if by_result => out.add("score = ?", &[score.to_string().into()]),
        Some((_, Some(score))) => out.add("+score = ?", &[score.to_string().into()]),
        // Through the running boards' own index, which SQLite would
        // leave for a walk of every board by id.
        Some((ResultFilter::Aborted, None)) if by_result => out.add("status = 'aborted'", &[]),
        Some((ResultFilter::Aborted, None)) => out.add("+status = 'aborted'", &[]),
        Some((_, None)) if by_result => {
            out.add("id IN (SELECT id FROM games WHERE status = 'active')", &[])
        }
        Some((_, None)) => out.add("+status = 'active'", &[]),
        None => {}
    }
    if let Some(kind) = &query.kind {
        // `lower(kind)` is what the index of the games is on: an index on
        // `kind` itself would draw the host's own look-ups of a player's
        // boards of a game away from his seats' indexes.
        let by_kind = by_result && query.result.is_none();
        let clause = if by_kind {
            "lower(kind) = ?"
        } else {
            "+kind = ?"
        };
        out.add(clause, &[kind.clone().into()]);
    }
    match query.event {
        Some(EventFilter::Ladder) => out.add("id IN (SELECT game_id FROM ladder_games)", &[]),
        Some(EventFilter::Tournament(id)) => out.add(
            "id IN (SELECT game_id FROM tournament_boards WHERE tournament_id = ?)",
            &[id.into()],
        ),
        None => {}
    }
}

/// When a board began.
fn created_of(conn: &Connection, id: i64) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT created FROM games WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()?)
}

/// The boards of one status, the most recently changed first.
pub(crate) fn recent_boards(
    conn: &Connection,
    status: GameStatus,
    player: Option<&str>,
    limit: u32,
) -> StoreResult<Vec<BoardRow>> {
    let status = match status {
        GameStatus::Active => "active",
        GameStatus::Finished => "finished",
        GameStatus::Aborted => "aborted",
    };
    // Through the index of the status's boards newest first (the status
    // written out, so SQLite sees the partial index serves it), or a
    // player's seat indexes (`+status` keeps SQLite from the other then).
    let sql = match player {
        Some(_) => format!(
            "SELECT {ROW_COLUMNS} FROM games
             WHERE +status = '{status}' AND (white = ?1 COLLATE NOCASE OR black = ?1 COLLATE NOCASE)
             ORDER BY updated DESC, id DESC LIMIT ?2"
        ),
        None => format!(
            "SELECT {ROW_COLUMNS} FROM games WHERE status = '{status}' AND ?1 IS NULL
             ORDER BY updated DESC, id DESC LIMIT ?2"
        ),
    };
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(params![player, limit], board_from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// A player's userid as stored (in its own case), when there is one.
pub(crate) fn player_userid(conn: &Connection, userid: &str) -> StoreResult<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT userid FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get(0))
        .optional()?)
}

/// Every tournament, the newest first, at most `limit`; only those
/// `userid` plays in when given.
pub(crate) fn web_tournaments(
    conn: &Connection,
    userid: Option<&str>,
    limit: u32,
) -> StoreResult<Vec<Tournament>> {
    let rows = conn
        .prepare_cached(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments
             WHERE (?1 IS NULL AND league_id IS NULL) OR id IN
                 (SELECT tournament_id FROM tournament_players WHERE userid = ?1)
             ORDER BY id DESC LIMIT ?2"
        ))?
        .query_map(params![userid, limit], tournament_from_row)?
        .collect::<Result<Result<Vec<_>, _>, _>>()??;
    Ok(rows)
}

/// An open ladder challenge: its board and who challenged whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OpenChallenge {
    pub(crate) game_id: i64,
    pub(crate) challenger: String,
    pub(crate) challenged: String,
}

/// The ladder challenges of a ladder not settled yet.
pub(crate) fn open_ladder_games(conn: &Connection, ladder: i64) -> StoreResult<Vec<OpenChallenge>> {
    let rows = conn
        .prepare_cached(
            "SELECT game_id, challenger, challenged FROM ladder_games
             WHERE ladder_id = ?1 AND settled = 0 ORDER BY game_id",
        )?
        .query_map([ladder], |row| {
            Ok(OpenChallenge {
                game_id: row.get(0)?,
                challenger: row.get(1)?,
                challenged: row.get(2)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The latest boards of a ladder, newest first.
pub(crate) fn recent_ladder_games(
    conn: &Connection,
    ladder: i64,
    limit: u32,
) -> StoreResult<Vec<i64>> {
    let rows = conn
        .prepare_cached(
            "SELECT game_id FROM ladder_games WHERE ladder_id = ?1
             ORDER BY game_id DESC LIMIT ?2",
        )?
        .query_map(params![ladder, limit], |row| row.get(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The board's stored list row, for feeds and lists by id.
pub(crate) fn board_row(conn: &Connection, id: i64) -> StoreResult<Option<BoardRow>> {
    Ok(conn
        .prepare_cached(&format!("SELECT {ROW_COLUMNS} FROM games WHERE id = ?1"))?
        .query_row([id], board_from_row)
        .optional()?)
}

/// Stores the score of a board that ended (`1-0`, `0-1`, `1/2-1/2`), or
/// none for one that ended without a result; the archive filters by it.
pub(crate) fn set_game_score(conn: &Connection, id: i64, score: Option<&str>) -> StoreResult<()> {
    conn.prepare_cached("UPDATE games SET score = ?2 WHERE id = ?1")?
        .execute(params![id, score])?;
    Ok(())
}

#[cfg(test)]
mod tests;
