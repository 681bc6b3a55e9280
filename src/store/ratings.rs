//! Ratings per game type, and what each rated game changed (shown with
//! the board once it is over).

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension, Row};

/// A player's stored rating in one game type, as of his last rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRating {
    pub userid: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// When his last rated game ended (seconds since the epoch).
    pub last_rated: i64,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

/// One player's rating before and after a rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub userid: String,
    pub before: f64,
    pub after: f64,
    /// The deviation after the game.
    pub(crate) deviation: f64,
}

const COLUMNS: &str = "userid, rating, deviation, volatility, last_rated, won, lost, drawn";

fn rating_from_row(row: &Row<'_>) -> rusqlite::Result<StoredRating> {
    Ok(StoredRating {
        userid: row.get(0)?,
        rating: row.get(1)?,
        deviation: row.get(2)?,
        volatility: row.get(3)?,
        last_rated: row.get(4)?,
        won: row.get(5)?,
        lost: row.get(6)?,
        drawn: row.get(7)?,
    })
}

pub fn load_rating(
    conn: &Connection,
    kind: &str,
    userid: &str,
) -> StoreResult<Option<StoredRating>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM ratings WHERE kind = ?1 AND userid = ?2 COLLATE NOCASE"
        ))?
        .query_row([kind, userid], rating_from_row)
        .optional()?)
}

pub fn save_rating(conn: &Connection, kind: &str, rating: &StoredRating) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO ratings
            (kind, userid, rating, deviation, volatility, last_rated, won, lost, drawn)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        kind,
        rating.userid,
        rating.rating,
        rating.deviation,
        rating.volatility,
        rating.last_rated,
        rating.won,
        rating.lost,
        rating.drawn
    ])?;
    Ok(())
}

/// Every rated player of a game type, best stored rating first.
pub fn ratings_of_kind(conn: &Connection, kind: &str) -> StoreResult<Vec<StoredRating>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM ratings WHERE kind = ?1 ORDER BY rating DESC, userid"
    ))?;
    let rows = statement.query_map([kind], rating_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn insert_rating_change(
    conn: &Connection,
    game_id: i64,
    change: &RatingChange,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO rating_changes (game_id, userid, before, after, deviation)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        game_id,
        change.userid,
        change.before,
        change.after,
        change.deviation
    ])?;
    Ok(())
}

/// What a game changed in its players' ratings (none: it was not rated).
pub fn rating_changes(conn: &Connection, game_id: i64) -> StoreResult<Vec<RatingChange>> {
    let mut statement = conn.prepare_cached(
        "SELECT userid, before, after, deviation FROM rating_changes WHERE game_id = ?1",
    )?;
    let rows = statement.query_map([game_id], |row| {
        Ok(RatingChange {
            userid: row.get(0)?,
            before: row.get(1)?,
            after: row.get(2)?,
            deviation: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A player's rating in a game type as it stood at `moment`: his stored
/// rating when no rated game of his has ended since, else the rating the
/// first one to end after it started from; `None` when he had none then
/// (his first rated game ended after it).
pub fn rating_at(
    conn: &Connection,
    kind: &str,
    userid: &str,
    moment: i64,
) -> StoreResult<Option<f64>> {
    let Some(stored) = load_rating(conn, kind, userid)? else {
        return Ok(None);
    };
    if stored.last_rated <= moment {
        return Ok(Some(stored.rating));
    }
    let ended = |after: bool| {
        let (test, order) = if after {
            ("games.updated > ?3", "games.updated, games.id")
        } else {
            ("games.updated <= ?3", "games.updated DESC, games.id DESC")
        };
        conn.prepare_cached(&format!(
            "SELECT rating_changes.before FROM rating_changes
             JOIN games ON games.id = rating_changes.game_id
             WHERE games.kind = ?1 AND rating_changes.userid = ?2 COLLATE NOCASE
               AND games.status != 'active' AND {test}
             ORDER BY {order} LIMIT 1"
        ))?
        .query_row(params![kind, userid, moment], |row| row.get::<_, f64>(0))
        .optional()
    };
    if ended(false)?.is_none() {
        return Ok(None);
    }
    Ok(ended(true)?)
}
