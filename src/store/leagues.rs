//! Leagues: divisions of players playing round robins season after
//! season, the best of each moving up and the last down. A season's
//! divisions are tournaments of their own (`tournaments.league_id`);
//! here are the league, its players with their divisions, the divisions
//! of each season, the moves between seasons, and who waits to join
//! (`entrants`).

use super::{StoreError, StoreResult};
use rusqlite::{params, Connection, OptionalExtension, Row};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LeagueStatus {
    /// Taking players before its first season.
    Open,
    /// A season is being played.
    Running,
    /// Ended by its director.
    Cancelled,
}

impl LeagueStatus {
    pub(crate) fn name(self) -> &'static str {
        match self {
            LeagueStatus::Open => "open",
            LeagueStatus::Running => "running",
            LeagueStatus::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Option<LeagueStatus> {
        [
            LeagueStatus::Open,
            LeagueStatus::Running,
            LeagueStatus::Cancelled,
        ]
        .into_iter()
        .find(|status| status.name() == text)
    }
}

/// A league as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct League {
    pub(crate) id: i64,
    pub(crate) kind: String,
    pub(crate) name: String,
    pub(crate) organiser: String,
    /// Players in a division.
    pub(crate) size: u32,
    /// How many move up and down between two divisions each season.
    pub(crate) updown: u32,
    /// The rules every division's round robin gets, as words
    /// (`rules::league_rules` reads them).
    pub(crate) rules: String,
    /// The switches every division's boards get, as checked (the host's
    /// options, then the game's own).
    pub(crate) switches: String,
    pub(crate) comment: Option<String>,
    pub(crate) status: LeagueStatus,
    /// The season being played (0 before the first).
    pub(crate) season: u32,
    pub(crate) created: i64,
}

impl League {
    /// The league as an event, for its log.
    pub(crate) fn key(&self) -> super::LoggedEvent {
        super::LoggedEvent::League(self.id)
    }
}

const COLUMNS: &str =
    "id, kind, name, organiser, size, updown, rules, comment, status, season, created, switches";

fn from_row(row: &Row<'_>) -> rusqlite::Result<Result<League, StoreError>> {
    let status: String = row.get(8)?;
    let Some(status) = LeagueStatus::parse(&status) else {
        return Ok(Err(StoreError::Corrupt(format!(
            "league {} has the unknown status {status:?}",
            row.get::<_, i64>(0)?
        ))));
    };
    Ok(Ok(League {
        id: row.get(0)?,
        kind: row.get(1)?,
        name: row.get(2)?,
        organiser: row.get(3)?,
        size: row.get(4)?,
        updown: row.get(5)?,
        rules: row.get(6)?,
        comment: row.get(7)?,
        status,
        season: row.get(9)?,
        created: row.get(10)?,
        switches: row.get(11)?,
    }))
}

/// A league about to be created.
pub(crate) struct NewLeague<'a> {
    pub(crate) kind: &'a str,
    pub(crate) name: &'a str,
    pub(crate) organiser: &'a str,
    pub(crate) size: u32,
    pub(crate) updown: u32,
    pub(crate) rules: &'a str,
    pub(crate) switches: &'a str,
    pub(crate) comment: Option<&'a str>,
}

pub(crate) fn insert_league(conn: &Connection, new: &NewLeague<'_>, now: i64) -> StoreResult<i64> {
    conn.prepare_cached(
        "INSERT INTO leagues
            (kind, name, organiser, size, updown, rules, switches, comment, status, created)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'open', ?9)",
    )?
    .execute(params![
        new.kind,
        new.name,
        new.organiser,
        new.size,
        new.updown,
        new.rules,
        new.switches,
        new.comment,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

pub(crate) fn find_league(
    conn: &Connection,
    kind: &str,
    name: &str,
) -> StoreResult<Option<League>> {
    conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM leagues WHERE kind = ?1 AND name = ?2"
    ))?
    .query_row([kind, name], from_row)
    .optional()?
    .transpose()
}

pub(crate) fn load_league(conn: &Connection, id: i64) -> StoreResult<Option<League>> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM leagues WHERE id = ?1"))?
        .query_row([id], from_row)
        .optional()?
        .transpose()
}

/// A game type's leagues, the newest first; all games' with `None`.
pub(crate) fn leagues_of(conn: &Connection, kind: Option<&str>) -> StoreResult<Vec<League>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM leagues WHERE ?1 IS NULL OR kind = ?1 ORDER BY id DESC"
    ))?;
    let rows = statement.query_map([kind], from_row)?;
    rows.collect::<Result<Result<_, _>, _>>()?
}

/// How many leagues not cancelled `userid` directs.
pub(crate) fn leagues_directed(conn: &Connection, userid: &str) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM leagues WHERE organiser = ?1 AND status != 'cancelled'",
        )?
        .query_row([userid], |row| row.get(0))?;
    Ok(count as usize)
}

pub(crate) fn set_league_status(
    conn: &Connection,
    id: i64,
    status: LeagueStatus,
) -> StoreResult<()> {
    conn.prepare_cached("UPDATE leagues SET status = ?2 WHERE id = ?1")?
        .execute(params![id, status.name()])?;
    Ok(())
}

pub(crate) fn set_league_season(conn: &Connection, id: i64, season: u32) -> StoreResult<()> {
    conn.prepare_cached("UPDATE leagues SET season = ?2 WHERE id = ?1")?
        .execute(params![id, season])?;
    Ok(())
}

/// What `league rules` changes.
pub(crate) struct LeagueRuleRow<'a> {
    pub(crate) size: u32,
    pub(crate) updown: u32,
    pub(crate) rules: &'a str,
    pub(crate) switches: &'a str,
}

pub(crate) fn set_league_rules(
    conn: &Connection,
    id: i64,
    row: &LeagueRuleRow<'_>,
) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE leagues SET size = ?2, updown = ?3, rules = ?4, switches = ?5 WHERE id = ?1",
    )?
    .execute(params![id, row.size, row.updown, row.rules, row.switches])?;
    Ok(())
}

/// Makes `organiser` the league's director.
pub(crate) fn set_league_organiser(conn: &Connection, id: i64, organiser: &str) -> StoreResult<()> {
    conn.prepare_cached("UPDATE leagues SET organiser = ?2 WHERE id = ?1")?
        .execute(params![id, organiser])?;
    Ok(())
}

/// One player of a league.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LeaguePlayer {
    pub(crate) userid: String,
    pub(crate) joined: i64,
    /// His division this season; `None`: he waits for the next season.
    pub(crate) division: Option<u32>,
    /// He left during the season: gone when it ends.
    pub(crate) leaving: bool,
}

/// A league's players: by division, those waiting last, each in the
/// order they joined.
pub(crate) fn league_players(conn: &Connection, id: i64) -> StoreResult<Vec<LeaguePlayer>> {
    let mut statement = conn.prepare_cached(
        "SELECT userid, joined, division, leaving FROM league_players WHERE league_id = ?1
         ORDER BY division IS NULL, division, joined, userid",
    )?;
    let rows = statement.query_map([id], |row| {
        Ok(LeaguePlayer {
            userid: row.get(0)?,
            joined: row.get(1)?,
            division: row.get(2)?,
            leaving: row.get::<_, Option<i64>>(3)?.is_some(),
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Adds a player, waiting for the next season; false if he is in.
pub(crate) fn join_league(conn: &Connection, id: i64, userid: &str, now: i64) -> StoreResult<bool> {
    let added = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO league_players (league_id, userid, joined) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![id, userid, now])?;
    Ok(added > 0)
}

/// Takes a player out at once (before the first season, or one waiting
/// for the next); false if he was not in.
pub(crate) fn remove_league_player(conn: &Connection, id: i64, userid: &str) -> StoreResult<bool> {
    let removed = conn
        .prepare_cached("DELETE FROM league_players WHERE league_id = ?1 AND userid = ?2")?
        .execute(params![id, userid])?;
    Ok(removed > 0)
}

/// Marks a player of the season being played as leaving at its end.
pub(crate) fn mark_leaving(conn: &Connection, id: i64, userid: &str, now: i64) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE league_players SET leaving = ?3
         WHERE league_id = ?1 AND userid = ?2 AND leaving IS NULL",
    )?
    .execute(params![id, userid, now])?;
    Ok(())
}

/// Puts a player in `division` for the coming season.
pub(crate) fn set_league_division(
    conn: &Connection,
    id: i64,
    userid: &str,
    division: u32,
) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE league_players SET division = ?3 WHERE league_id = ?1 AND userid = ?2",
    )?
    .execute(params![id, userid, division])?;
    Ok(())
}

/// Records the tournament that is `division` of `season`.
pub(crate) fn insert_league_division(
    conn: &Connection,
    id: i64,
    (season, division): (u32, u32),
    tournament: i64,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO league_divisions (league_id, season, division, tournament_id)
         VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![id, season, division, tournament])?;
    Ok(())
}

/// The tournaments of a season's divisions, division 1 first.
pub(crate) fn league_divisions(conn: &Connection, id: i64, season: u32) -> StoreResult<Vec<i64>> {
    let mut statement = conn.prepare_cached(
        "SELECT tournament_id FROM league_divisions WHERE league_id = ?1 AND season = ?2
         ORDER BY division",
    )?;
    let rows = statement.query_map(params![id, season], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The league, season and division a tournament is, if it is one.
pub(crate) fn division_of(
    conn: &Connection,
    tournament: i64,
) -> StoreResult<Option<(i64, u32, u32)>> {
    Ok(conn
        .prepare_cached(
            "SELECT league_id, season, division FROM league_divisions WHERE tournament_id = ?1",
        )?
        .query_row([tournament], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })
        .optional()?)
}

/// Where a player went when a season ended: from a division (`None`:
/// he had just joined) to one (`None`: he left).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LeagueMove {
    pub(crate) season: u32,
    pub(crate) userid: String,
    pub(crate) from: Option<u32>,
    pub(crate) to: Option<u32>,
}

pub(crate) fn insert_league_move(
    conn: &Connection,
    id: i64,
    moved: &LeagueMove,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO league_moves (league_id, season, userid, from_division, to_division)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![id, moved.season, moved.userid, moved.from, moved.to])?;
    Ok(())
}

/// The moves at the end of every season so far, by season.
pub(crate) fn league_moves(conn: &Connection, id: i64) -> StoreResult<Vec<LeagueMove>> {
    let mut statement = conn.prepare_cached(
        "SELECT season, userid, from_division, to_division FROM league_moves
         WHERE league_id = ?1 ORDER BY season, from_division IS NULL, from_division, userid",
    )?;
    let rows = statement.query_map([id], |row| {
        Ok(LeagueMove {
            season: row.get(0)?,
            userid: row.get(1)?,
            from: row.get(2)?,
            to: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
