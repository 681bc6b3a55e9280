//! The rungs of each ladder (see `ladder_events` for the ladders
//! themselves) and the ladder games: who challenged whom, and whether
//! the result has moved the ladder yet. A ladder is known by its id.

use super::StoreResult;
use crate::rules::score::AbortRule;
use rusqlite::{params, Connection, OptionalExtension};

/// One rung: a player, his rank, and when he last played a ladder game
/// (or joined), for the drops of players who stop playing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rung {
    pub userid: String,
    pub rank: usize,
    pub active_since: i64,
    /// Places dropped since `active_since`.
    pub drops: i64,
    /// When he drops next; none while a ladder game of his runs.
    pub next_drop: Option<i64>,
    /// Suspended by the director: he keeps his place, but nobody may
    /// challenge him nor he anyone, and he does not drop.
    pub suspended: bool,
}

const RUNG_COLUMNS: &str = "userid, rank, active_since, drops, next_drop, suspended";

fn rung_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Rung> {
    Ok(Rung {
        userid: row.get(0)?,
        rank: row.get::<_, i64>(1)? as usize,
        active_since: row.get(2)?,
        drops: row.get(3)?,
        next_drop: row.get(4)?,
        suspended: row.get(5)?,
    })
}

/// A ladder from the top down.
pub fn ladder(conn: &Connection, ladder: i64) -> StoreResult<Vec<Rung>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {RUNG_COLUMNS} FROM ladder_rungs WHERE ladder_id = ?1 ORDER BY rank"
    ))?;
    let rows = statement.query_map([ladder], rung_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// At most `limit` rungs below rank `after`, from the top down: a page
/// of a long ladder, found by its ranks' index.
pub fn ladder_below(
    conn: &Connection,
    ladder: i64,
    after: usize,
    limit: usize,
) -> StoreResult<Vec<Rung>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {RUNG_COLUMNS} FROM ladder_rungs WHERE ladder_id = ?1 AND rank > ?2
         ORDER BY rank LIMIT ?3"
    ))?;
    let rows = statement.query_map(params![ladder, after as i64, limit as i64], rung_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How many players a ladder has.
pub fn ladder_size(conn: &Connection, ladder: i64) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached("SELECT COUNT(*) FROM ladder_rungs WHERE ladder_id = ?1")?
        .query_row([ladder], |row| row.get(0))?;
    Ok(count as usize)
}

/// A player's rank on a ladder, when he is on it.
pub fn ladder_rank(conn: &Connection, ladder: i64, userid: &str) -> StoreResult<Option<usize>> {
    let rank: Option<i64> = conn
        .prepare_cached("SELECT rank FROM ladder_rungs WHERE ladder_id = ?1 AND userid = ?2")?
        .query_row(params![ladder, userid], |row| row.get(0))
        .optional()?;
    Ok(rank.map(|rank| rank as usize))
}

/// Stores a whole ladder: its rungs replace the old ones.
pub fn save_ladder(conn: &Connection, ladder: i64, rungs: &[Rung]) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM ladder_rungs WHERE ladder_id = ?1")?
        .execute([ladder])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO ladder_rungs (ladder_id, userid, rank, active_since, drops, next_drop,
         suspended) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for rung in rungs {
        insert.execute(params![
            ladder,
            rung.userid,
            rung.rank as i64,
            rung.active_since,
            rung.drops,
            rung.next_drop,
            rung.suspended
        ])?;
    }
    Ok(())
}

/// Moves on by `seconds` the absence of `userid` on every ladder he
/// stands on: a vacation of that length, ended at `back`, froze it (his
/// last ladder game counts as that much later). His next drop comes by
/// as much later too, and no later than `back`, when the timers reckon
/// it anew.
pub fn shift_absence(conn: &Connection, userid: &str, seconds: i64, back: i64) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE ladder_rungs SET active_since = active_since + ?2,
            next_drop = MIN(next_drop + ?2, ?3)
         WHERE userid = ?1 COLLATE NOCASE",
    )?
    .execute(params![userid, seconds, back])?;
    Ok(())
}

/// The ladders that have a drop due by `now`.
pub fn ladders_with_drops_due(conn: &Connection, now: i64) -> StoreResult<Vec<i64>> {
    let mut statement = conn.prepare_cached(
        "SELECT DISTINCT ladder_id FROM ladder_rungs
         WHERE next_drop IS NOT NULL AND next_drop <= ?1",
    )?;
    let rows = statement.query_map([now], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// When the next drop falls due on any ladder.
pub fn next_ladder_drop(conn: &Connection) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT MIN(next_drop) FROM ladder_rungs WHERE next_drop IS NOT NULL")?
        .query_row([], |row| row.get(0))
        .optional()?
        .flatten())
}

/// A ladder game: who challenged whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderGame {
    pub game_id: i64,
    pub ladder_id: i64,
    /// How the ladder counted an aborted game when this one began (a
    /// later change of its rules leaves it as it began); `None` for
    /// games of older versions, which count by the ladder's rule.
    pub aborted: Option<AbortRule>,
    pub challenger: String,
    pub challenged: String,
    pub settled: bool,
}

/// Keeps a board as a game of its ladder; `kind` is the board's game
/// type (kept for files of older versions, which knew one ladder a type).
pub fn insert_ladder_game(conn: &Connection, kind: &str, game: &LadderGame) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO ladder_games
            (game_id, ladder_id, kind, challenger, challenged, settled, aborted)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        game.game_id,
        game.ladder_id,
        kind,
        game.challenger,
        game.challenged,
        game.settled,
        game.aborted.map(AbortRule::name)
    ])?;
    Ok(())
}

pub fn ladder_game(conn: &Connection, game_id: i64) -> StoreResult<Option<LadderGame>> {
    Ok(conn
        .prepare_cached(
            "SELECT game_id, ladder_id, challenger, challenged, settled, aborted
             FROM ladder_games WHERE game_id = ?1",
        )?
        .query_row([game_id], |row| {
            Ok(LadderGame {
                game_id: row.get(0)?,
                ladder_id: row.get(1)?,
                challenger: row.get(2)?,
                challenged: row.get(3)?,
                settled: row.get(4)?,
                aborted: row
                    .get::<_, Option<String>>(5)?
                    .as_deref()
                    .and_then(AbortRule::from_name),
            })
        })
        .optional()?)
}

/// A ladder game is over: settled, with what it counted in the ladder
/// (the stored form of its event score; `None` when nothing tells).
pub fn settle_ladder_game(conn: &Connection, game_id: i64, score: Option<&str>) -> StoreResult<()> {
    conn.prepare_cached("UPDATE ladder_games SET settled = 1, score = ?2 WHERE game_id = ?1")?
        .execute(rusqlite::params![game_id, score])?;
    Ok(())
}

/// The boards of the ladder games a player has open on a ladder, oldest
/// first.
pub fn open_ladder_games_of(conn: &Connection, ladder: i64, userid: &str) -> StoreResult<Vec<i64>> {
    let mut statement = conn.prepare_cached(
        "SELECT game_id FROM ladder_games WHERE ladder_id = ?1 AND settled = 0
         AND (challenger = ?2 COLLATE NOCASE OR challenged = ?2 COLLATE NOCASE)
         ORDER BY game_id",
    )?;
    let rows = statement.query_map(params![ladder, userid], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A ladder game that is over, as a ladder's listing counts it: its
/// players by colour, what it counted in the ladder (`score`, the stored
/// event score; `None` for games settled before version 26, which have
/// only the board's `result`, `1-0`, `0-1` or `1/2-1/2`), and when it
/// ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettledLadderGame {
    pub(crate) white: String,
    pub(crate) black: String,
    pub(crate) score: Option<String>,
    pub(crate) result: Option<String>,
    pub(crate) ended: i64,
}

/// Every settled game of a ladder, oldest first.
pub fn settled_ladder_games(conn: &Connection, ladder: i64) -> StoreResult<Vec<SettledLadderGame>> {
    let mut statement = conn.prepare_cached(
        "SELECT games.white, games.black, ladder_games.score, games.score, games.updated
         FROM ladder_games JOIN games ON games.id = ladder_games.game_id
         WHERE ladder_games.ladder_id = ?1 AND ladder_games.settled = 1
         ORDER BY games.updated, games.id",
    )?;
    let rows = statement.query_map([ladder], |row| {
        Ok(SettledLadderGame {
            white: row.get(0)?,
            black: row.get(1)?,
            score: row.get(2)?,
            result: row.get(3)?,
            ended: row.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
