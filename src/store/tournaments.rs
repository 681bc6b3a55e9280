//! Tournaments (round robins, knockouts, Swiss): their settings, who
//! plays, and the boards of each round (a Swiss's own state is in
//! `swiss`).

use super::{StoreError, StoreResult};
use crate::rules::ladder_rules::Admission;
use crate::rules::score::AbortRule;
use crate::rules::standings::{read_tiebreaks, tiebreaks_text, TieBreak};
use crate::rules::tournament_rules::Format;
use rusqlite::{params, Connection, OptionalExtension, Row};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentStatus {
    /// Taking players.
    Open,
    /// Its boards are being played.
    Running,
    Finished,
    /// Ended by its director before its last board was over.
    Cancelled,
}

impl TournamentStatus {
    fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::Open => "open",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    pub(super) fn parse(text: &str) -> Option<TournamentStatus> {
        match text {
            "open" => Some(TournamentStatus::Open),
            "running" => Some(TournamentStatus::Running),
            "finished" => Some(TournamentStatus::Finished),
            "cancelled" => Some(TournamentStatus::Cancelled),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    pub id: i64,
    pub(crate) kind: String,
    pub(crate) name: String,
    pub(crate) organiser: String,
    pub format: Format,
    pub rated: bool,
    /// The switches every board gets (time control, game switches),
    /// space-separated.
    pub(crate) switches: String,
    pub status: TournamentStatus,
    pub(crate) created: i64,
    /// What the organiser wrote below `tournament create`, shown with
    /// the tournament and in its board mails.
    pub comment: Option<String>,
    /// Who may join.
    pub admission: Admission,
    /// How an aborted board counts as the organiser chose it; `None`
    /// (tournaments older than version 33): by the host's rule. Its
    /// format may allow only some rules: `events::format` says.
    pub aborted: Option<AbortRule>,
    /// A Swiss's number of rounds.
    pub(crate) rounds: Option<u32>,
    /// A Swiss's round deadline, in days.
    pub(crate) round_days: Option<u32>,
    /// The organiser's tie-breaks; `None`: the format's own.
    pub(crate) tiebreaks: Option<Vec<TieBreak>>,
    /// The league whose division this tournament is, if it is one.
    pub(crate) league: Option<i64>,
}

impl Tournament {
    /// The tournament as an event, for its log and its entrants.
    pub(crate) fn key(&self) -> super::LoggedEvent {
        super::LoggedEvent::Tournament(self.id)
    }
}

/// A tournament about to be created.
pub struct NewTournament<'a> {
    pub kind: &'a str,
    pub name: &'a str,
    pub organiser: &'a str,
    pub format: Format,
    pub rated: bool,
    pub switches: &'a str,
    pub comment: Option<&'a str>,
    pub admission: Admission,
    pub aborted: AbortRule,
    pub rounds: Option<u32>,
    pub round_days: Option<u32>,
    pub tiebreaks: Option<&'a [TieBreak]>,
    /// The league it is a division of.
    pub league: Option<i64>,
}

/// What `tournament rules` may change before the start.
pub struct TournamentRuleRow<'a> {
    pub(crate) format: Format,
    pub(crate) rated: bool,
    pub(crate) switches: &'a str,
    pub(crate) admission: Admission,
    pub(crate) aborted: AbortRule,
    pub(crate) rounds: Option<u32>,
    pub(crate) round_days: Option<u32>,
    pub(crate) tiebreaks: Option<&'a [TieBreak]>,
}

pub(super) const TOURNAMENT_COLUMNS: &str =
    "id, kind, name, organiser, rated, switches, status, created,
    comment, format, admission, aborted, rounds, round_days, tiebreaks, league_id";

pub(super) fn tournament_from_row(
    row: &Row<'_>,
) -> rusqlite::Result<Result<Tournament, StoreError>> {
    let status: String = row.get(6)?;
    let Some(status) = TournamentStatus::parse(&status) else {
        return Ok(Err(StoreError::Corrupt(format!(
            "tournament {} has the unknown status {status:?}",
            row.get::<_, i64>(0)?
        ))));
    };
    let format: String = row.get(9)?;
    let Some(format) = Format::from_name(&format) else {
        return Ok(Err(StoreError::Corrupt(format!(
            "tournament {} has the unknown format {format:?}",
            row.get::<_, i64>(0)?
        ))));
    };
    let admission: String = row.get(10)?;
    let Some(admission) = Admission::from_name(&admission) else {
        return Ok(Err(StoreError::Corrupt(format!(
            "tournament {} has the unknown admission {admission:?}",
            row.get::<_, i64>(0)?
        ))));
    };
    let aborted: Option<String> = row.get(11)?;
    let aborted = match aborted
        .as_deref()
        .map(|name| (name, AbortRule::from_name(name)))
    {
        None => None,
        Some((_, Some(rule))) => Some(rule),
        Some((name, None)) => {
            return Ok(Err(StoreError::Corrupt(format!(
                "tournament {} has the unknown abort rule {name:?}",
                row.get::<_, i64>(0)?
            ))))
        }
    };
    let tiebreaks: Option<String> = row.get(14)?;
    let tiebreaks = match tiebreaks.as_deref().map(read_tiebreaks) {
        None => None,
        Some(Ok(order)) => Some(order),
        Some(Err(word)) => {
            return Ok(Err(StoreError::Corrupt(format!(
                "tournament {} has the unknown tie-break {word:?}",
                row.get::<_, i64>(0)?
            ))))
        }
    };
    Ok(Ok(Tournament {
        id: row.get(0)?,
        kind: row.get(1)?,
        name: row.get(2)?,
        organiser: row.get(3)?,
        format,
        rated: row.get(4)?,
        switches: row.get(5)?,
        status,
        created: row.get(7)?,
        comment: row.get(8)?,
        admission,
        aborted,
        rounds: row.get(12)?,
        round_days: row.get(13)?,
        tiebreaks,
        league: row.get(15)?,
    }))
}

pub fn find_tournament(
    conn: &Connection,
    kind: &str,
    name: &str,
) -> StoreResult<Option<Tournament>> {
    conn.prepare_cached(&format!(
        "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE kind = ?1 AND name = ?2 COLLATE NOCASE"
    ))?
    .query_row([kind, name], tournament_from_row)
    .optional()?
    .transpose()
}

/// A game type's tournaments, the newest first, with how many players
/// each has (a league's divisions are the league's, not listed here).
pub fn tournaments_of(conn: &Connection, kind: &str) -> StoreResult<Vec<(Tournament, usize)>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE kind = ?1 AND league_id IS NULL
         ORDER BY id DESC"
    ))?;
    let found: Vec<Tournament> = statement
        .query_map([kind], tournament_from_row)?
        .collect::<Result<Result<_, _>, _>>()??;
    let mut counted = Vec::with_capacity(found.len());
    for tournament in found {
        let players = tournament_players(conn, tournament.id)?.len();
        counted.push((tournament, players));
    }
    Ok(counted)
}

pub fn load_tournament(conn: &Connection, id: i64) -> StoreResult<Option<Tournament>> {
    conn.prepare_cached(&format!(
        "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?1"
    ))?
    .query_row([id], tournament_from_row)
    .optional()?
    .transpose()
}

pub fn insert_tournament(conn: &Connection, new: &NewTournament<'_>, now: i64) -> StoreResult<i64> {
    conn.prepare_cached(
        "INSERT INTO tournaments
            (kind, name, organiser, double, rated, switches, status, created, comment, format,
             admission, aborted, rounds, round_days, tiebreaks, league_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'open', ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?
    .execute(params![
        new.kind,
        new.name,
        new.organiser,
        // The column of version 17, kept in step for readers of old
        // files; the format says it.
        new.format == Format::DoubleRoundRobin,
        new.rated,
        new.switches,
        now,
        new.comment,
        new.format.name(),
        new.admission.name(),
        new.aborted.name(),
        new.rounds,
        new.round_days,
        new.tiebreaks.map(tiebreaks_text),
        new.league
    ])?;
    Ok(conn.last_insert_rowid())
}

/// The tournament's rules as its organiser changed them.
pub fn set_tournament_rules(
    conn: &Connection,
    id: i64,
    rules: &TournamentRuleRow<'_>,
) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE tournaments SET format = ?2, double = ?3, rated = ?4, switches = ?5,
            admission = ?6, aborted = ?7, rounds = ?8, round_days = ?9, tiebreaks = ?10
         WHERE id = ?1",
    )?
    .execute(params![
        id,
        rules.format.name(),
        rules.format == Format::DoubleRoundRobin,
        rules.rated,
        rules.switches,
        rules.admission.name(),
        rules.aborted.name(),
        rules.rounds,
        rules.round_days,
        rules.tiebreaks.map(tiebreaks_text)
    ])?;
    Ok(())
}

pub fn set_tournament_status(
    conn: &Connection,
    id: i64,
    status: TournamentStatus,
    now: i64,
) -> StoreResult<()> {
    let column = match status {
        TournamentStatus::Open => "created",
        TournamentStatus::Running => "started",
        TournamentStatus::Finished | TournamentStatus::Cancelled => "finished",
    };
    conn.execute(
        &format!("UPDATE tournaments SET status = ?2, {column} = ?3 WHERE id = ?1"),
        params![id, status.as_str(), now],
    )?;
    Ok(())
}

/// How many tournaments not over (open or running) `userid` organises.
pub fn tournaments_organised(conn: &Connection, userid: &str) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM tournaments WHERE organiser = ?1 COLLATE NOCASE
             AND status IN ('open', 'running')",
        )?
        .query_row([userid], |row| row.get(0))?;
    Ok(count as usize)
}

/// Makes `organiser` the tournament's organiser.
pub fn set_tournament_organiser(conn: &Connection, id: i64, organiser: &str) -> StoreResult<()> {
    conn.prepare_cached("UPDATE tournaments SET organiser = ?2 WHERE id = ?1")?
        .execute(params![id, organiser])?;
    Ok(())
}

/// The players of a tournament in the order they joined (their seats),
/// or by their seeds once a knockout has seeded them.
pub fn tournament_players(conn: &Connection, id: i64) -> StoreResult<Vec<String>> {
    let mut statement = conn.prepare_cached(
        "SELECT userid FROM tournament_players WHERE tournament_id = ?1 ORDER BY seed, seat",
    )?;
    let rows = statement.query_map([id], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Seeds the players of a knockout or a Swiss by their ratings at the
/// start, strongest first: `seeded[0]` is seed 0. Each keeps the rating
/// he was seeded with (the tournament report gives it).
pub fn set_tournament_seeds(
    conn: &Connection,
    id: i64,
    seeded: &[(String, i64)],
) -> StoreResult<()> {
    let mut statement = conn.prepare_cached(
        "UPDATE tournament_players SET seed = ?3, rating = ?4
         WHERE tournament_id = ?1 AND userid = ?2 COLLATE NOCASE",
    )?;
    for (seed, (userid, rating)) in seeded.iter().enumerate() {
        statement.execute(params![id, userid, seed as i64, rating])?;
    }
    Ok(())
}

/// The rating each player was seeded with, by seat (`None` for a round
/// robin's players, who are not seeded, and for older tournaments).
pub fn seeded_ratings(conn: &Connection, id: i64) -> StoreResult<Vec<Option<i64>>> {
    let mut statement = conn.prepare_cached(
        "SELECT rating FROM tournament_players WHERE tournament_id = ?1 ORDER BY seed, seat",
    )?;
    let rows = statement.query_map([id], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Marks a player of a running tournament as taken out of it at `now`:
/// he keeps his seat for the games he played, and plays no more.
pub fn withdraw_from_tournament(
    conn: &Connection,
    id: i64,
    userid: &str,
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE tournament_players SET withdrawn = ?3
         WHERE tournament_id = ?1 AND userid = ?2 COLLATE NOCASE AND withdrawn IS NULL",
    )?
    .execute(params![id, userid, now])?;
    Ok(())
}

/// The players taken out of a tournament after its start.
pub fn withdrawn_players(conn: &Connection, id: i64) -> StoreResult<Vec<String>> {
    let mut statement = conn.prepare_cached(
        "SELECT userid FROM tournament_players WHERE tournament_id = ?1
         AND withdrawn IS NOT NULL ORDER BY seed, seat",
    )?;
    let rows = statement.query_map([id], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The running tournaments (not a league's divisions) in which `userid`
/// still plays: seated, not withdrawn.
pub(crate) fn running_tournaments_of(
    conn: &Connection,
    userid: &str,
) -> StoreResult<Vec<Tournament>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {TOURNAMENT_COLUMNS} FROM tournaments
         WHERE status = 'running' AND league_id IS NULL AND id IN (
             SELECT tournament_id FROM tournament_players
             WHERE userid = ?1 COLLATE NOCASE AND withdrawn IS NULL)
         ORDER BY id"
    ))?;
    let rows = statement.query_map([userid], tournament_from_row)?;
    rows.collect::<Result<Result<_, _>, _>>()?
}

/// Adds a player after the others; false if he had joined already.
pub fn join_tournament(conn: &Connection, id: i64, userid: &str) -> StoreResult<bool> {
    let added = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO tournament_players (tournament_id, userid, seat)
             SELECT ?1, ?2, COALESCE(MAX(seat), 0) + 1 FROM tournament_players
             WHERE tournament_id = ?1",
        )?
        .execute(params![id, userid])?;
    Ok(added > 0)
}

/// Takes a player out; false if he was not in.
pub fn leave_tournament(conn: &Connection, id: i64, userid: &str) -> StoreResult<bool> {
    let removed = conn
        .prepare_cached(
            "DELETE FROM tournament_players WHERE tournament_id = ?1 AND userid = ?2 COLLATE NOCASE",
        )?
        .execute(params![id, userid])?;
    Ok(removed > 0)
}

/// Takes a player out of every tournament not begun yet, and out of the
/// standings (his past games keep what they changed).
pub fn forget_competitor(conn: &Connection, userid: &str) -> StoreResult<()> {
    conn.prepare_cached(
        "DELETE FROM tournament_players WHERE userid = ?1 COLLATE NOCASE
         AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'open')",
    )?
    .execute([userid])?;
    // A league keeps a player of a season being played to its end (his
    // games stand), then lets him go; elsewhere he goes at once.
    conn.prepare_cached(
        "DELETE FROM league_players WHERE userid = ?1 COLLATE NOCASE
         AND (division IS NULL OR league_id IN (SELECT id FROM leagues WHERE status <> 'running'))",
    )?
    .execute([userid])?;
    conn.prepare_cached("UPDATE league_players SET leaving = 1 WHERE userid = ?1 COLLATE NOCASE")?
        .execute([userid])?;
    for waiting in ["tournament_entrants", "ladder_entrants", "league_entrants"] {
        conn.prepare_cached(&format!(
            "DELETE FROM {waiting} WHERE userid = ?1 COLLATE NOCASE"
        ))?
        .execute([userid])?;
    }
    conn.prepare_cached("DELETE FROM ratings WHERE userid = ?1 COLLATE NOCASE")?
        .execute([userid])?;
    Ok(())
}
