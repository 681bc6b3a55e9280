//! The challenge ladders, one per game type, and the ladder games: who
//! challenged whom, and whether the result has moved the ladder yet.

use super::StoreResult;
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
}

const RUNG_COLUMNS: &str = "userid, rank, active_since, drops, next_drop";

fn rung_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Rung> {
    Ok(Rung {
        userid: row.get(0)?,
        rank: row.get::<_, i64>(1)? as usize,
        active_since: row.get(2)?,
        drops: row.get(3)?,
        next_drop: row.get(4)?,
    })
}

/// A ladder from the top down.
pub fn ladder(conn: &Connection, kind: &str) -> StoreResult<Vec<Rung>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {RUNG_COLUMNS} FROM ladder WHERE kind = ?1 ORDER BY rank"
    ))?;
    let rows = statement.query_map([kind], rung_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// At most `limit` rungs below rank `after`, from the top down: a page
/// of a long ladder, found by its ranks' index.
pub fn ladder_below(
    conn: &Connection,
    kind: &str,
    after: usize,
    limit: usize,
) -> StoreResult<Vec<Rung>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {RUNG_COLUMNS} FROM ladder WHERE kind = ?1 AND rank > ?2
         ORDER BY rank LIMIT ?3"
    ))?;
    let rows = statement.query_map(params![kind, after as i64, limit as i64], rung_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How many players a ladder has.
pub fn ladder_size(conn: &Connection, kind: &str) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached("SELECT COUNT(*) FROM ladder WHERE kind = ?1")?
        .query_row([kind], |row| row.get(0))?;
    Ok(count as usize)
}

/// A player's rank on a ladder, when he is on it.
pub fn ladder_rank(conn: &Connection, kind: &str, userid: &str) -> StoreResult<Option<usize>> {
    let rank: Option<i64> = conn
        .prepare_cached("SELECT rank FROM ladder WHERE kind = ?1 AND userid = ?2")?
        .query_row([kind, userid], |row| row.get(0))
        .optional()?;
    Ok(rank.map(|rank| rank as usize))
}

/// Stores a whole ladder: its rungs replace the old ones.
pub fn save_ladder(conn: &Connection, kind: &str, rungs: &[Rung]) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM ladder WHERE kind = ?1")?
        .execute([kind])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO ladder (kind, userid, rank, active_since, drops, next_drop)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for rung in rungs {
        insert.execute(params![
            kind,
            rung.userid,
            rung.rank as i64,
            rung.active_since,
            rung.drops,
            rung.next_drop
        ])?;
    }
    Ok(())
}

/// The game types whose ladders have a drop due by `now`.
pub fn ladders_with_drops_due(conn: &Connection, now: i64) -> StoreResult<Vec<String>> {
    let mut statement = conn.prepare_cached(
        "SELECT DISTINCT kind FROM ladder WHERE next_drop IS NOT NULL AND next_drop <= ?1",
    )?;
    let rows = statement.query_map([now], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// When the next drop falls due on any ladder.
pub fn next_ladder_drop(conn: &Connection) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT MIN(next_drop) FROM ladder WHERE next_drop IS NOT NULL")?
        .query_row([], |row| row.get(0))
        .optional()?
        .flatten())
}

/// A ladder game: who challenged whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderGame {
    pub game_id: i64,
    pub challenger: String,
    pub challenged: String,
    pub settled: bool,
}

pub fn insert_ladder_game(conn: &Connection, kind: &str, game: &LadderGame) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO ladder_games (game_id, kind, challenger, challenged, settled)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        game.game_id,
        kind,
        game.challenger,
        game.challenged,
        game.settled
    ])?;
    Ok(())
}

pub fn ladder_game(conn: &Connection, game_id: i64) -> StoreResult<Option<LadderGame>> {
    Ok(conn
        .prepare_cached(
            "SELECT game_id, challenger, challenged, settled FROM ladder_games WHERE game_id = ?1",
        )?
        .query_row([game_id], |row| {
            Ok(LadderGame {
                game_id: row.get(0)?,
                challenger: row.get(1)?,
                challenged: row.get(2)?,
                settled: row.get(3)?,
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

/// The board of the ladder challenge a player has open, if any.
pub fn open_ladder_game_of(
    conn: &Connection,
    kind: &str,
    userid: &str,
) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached(
            "SELECT game_id FROM ladder_games WHERE kind = ?1 AND settled = 0
             AND (challenger = ?2 COLLATE NOCASE OR challenged = ?2 COLLATE NOCASE)
             LIMIT 1",
        )?
        .query_row([kind, userid], |row| row.get(0))
        .optional()?)
}

/// A ladder game that is over, as a ladder's listing counts it: its
/// players by colour, what it counted in the ladder (`score`, the stored
/// event score; `None` for games settled before version 26, which have
/// only the board's `result`, `1-0`, `0-1` or `1/2-1/2`), and when it
/// ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettledLadderGame {
    pub white: String,
    pub black: String,
    pub score: Option<String>,
    pub result: Option<String>,
    pub ended: i64,
}

/// Every settled ladder game of a game type, oldest first.
pub fn settled_ladder_games(conn: &Connection, kind: &str) -> StoreResult<Vec<SettledLadderGame>> {
    let mut statement = conn.prepare_cached(
        "SELECT games.white, games.black, ladder_games.score, games.score, games.updated
         FROM ladder_games JOIN games ON games.id = ladder_games.game_id
         WHERE ladder_games.kind = ?1 AND ladder_games.settled = 1
         ORDER BY games.updated, games.id",
    )?;
    let rows = statement.query_map([kind], |row| {
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
