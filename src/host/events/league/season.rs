//! A league's seasons. The director's `start` begins the first: the
//! players by rating into divisions (`rules::league_rules`), each a
//! round robin of its own, all its boards begun at once. When the last
//! board of a season is over (whatever ended it: a move, a timer, a
//! ruling, a player taken out), the season ends: the players move up
//! and down by their divisions' tables, those who left go, those who
//! joined meanwhile enter the last division, each is told where he goes
//! and why, and the next season begins at once.

use super::table::{kind_of, rules_of};
use super::{concerned, news_for};
use crate::games::GameKind;
use crate::host::competition::CompetitionSettings;
use crate::host::events::format::{self, Run};
use crate::host::events::log::{log_event, HOST};
use crate::host::events::tournament::begin::begin as begin_tournament;
use crate::host::events::tournament::table;
use crate::host::model::notice::{
    CompetitionEvent, CompetitionNews, LeagueChange, Notice, SeasonEnd, TournamentTable,
};
use crate::host::model::replays::Replays;
use crate::rules::ladder_rules::Admission;
use crate::rules::league_rules::{next_divisions, Finisher};
use crate::store::{
    self, League, LeagueMove, LeagueStatus, NewTournament, StoreError, Tournament, TournamentStatus,
};
use rusqlite::Connection;

/// What beginning or ending a season needs: the store, the games, the
/// settings and the moment.
pub(crate) struct Seasons<'a> {
    pub(crate) conn: &'a Connection,
    pub(crate) replays: &'a Replays,
    pub(crate) settings: &'a CompetitionSettings,
    pub(crate) now: i64,
}

/// Begins the league's next season with `divisions` (their players,
/// division 1 first): a round robin each, begun at once; everyone told.
pub(super) fn begin(
    seasons: &Seasons<'_>,
    found: &League,
    by: &str,
    divisions: Vec<Vec<String>>,
) -> Result<(LeagueChange, Vec<Notice>), StoreError> {
    let conn = seasons.conn;
    let season = found.season + 1;
    let rules = rules_of(found)?.divisions;
    let mut notices = Vec::new();
    for (index, players) in divisions.iter().enumerate() {
        let division = index as u32 + 1;
        let name = format!("{}/{season}/{division}", found.name);
        let id = store::insert_tournament(
            conn,
            &NewTournament {
                kind: &found.kind,
                name: &name,
                organiser: &found.organiser,
                format: rules.format,
                rated: rules.rated,
                switches: &found.switches,
                comment: found.comment.as_deref(),
                admission: Admission::Open,
                aborted: rules.aborted,
                rounds: None,
                round_days: None,
                tiebreaks: rules.tiebreaks.as_deref(),
                league: Some(found.id),
            },
            seasons.now,
        )?;
        store::insert_league_division(conn, found.id, (season, division), id)?;
        for userid in players {
            store::join_tournament(conn, id, userid)?;
            store::set_league_division(conn, found.id, userid, division)?;
        }
        store::set_tournament_status(conn, id, TournamentStatus::Running, seasons.now)?;
        let Some(tournament) = store::load_tournament(conn, id)? else {
            continue;
        };
        let run = Run {
            conn,
            replays: seasons.replays,
            settings: seasons.settings,
            tournament: &tournament,
            now: seasons.now,
        };
        let detail = format!(
            "season {season}, division {division}: {}",
            players.join(", ")
        );
        crate::host::events::log::log_tournament(conn, id, HOST, "start", &detail, seasons.now)?;
        notices.extend(begin_tournament(&run, players)?.0);
    }
    store::set_league_season(conn, found.id, season)?;
    store::set_league_status(conn, found.id, LeagueStatus::Running)?;
    let change = LeagueChange::SeasonBegun { season, divisions };
    let detail = change.log_line().1;
    log_event(conn, found.key(), by, "season", &detail, seasons.now)?;
    let kind = kind_of(found)?;
    for userid in concerned(conn, found, by)? {
        notices.push(news_for(&userid, kind, found, change.clone()));
    }
    Ok((change, notices))
}

/// The division `userid` plays in this season, if any.
pub(super) fn division_of(
    conn: &Connection,
    found: &League,
    userid: &str,
) -> Result<Option<Tournament>, StoreError> {
    for id in store::league_divisions(conn, found.id, found.season)? {
        let players = store::tournament_players(conn, id)?;
        if players.iter().any(|p| p.eq_ignore_ascii_case(userid)) {
            return store::load_tournament(conn, id);
        }
    }
    Ok(None)
}

/// After a division's last board: when it was the season's last, the
/// season ends and the next begins.
pub(crate) fn after_division(run: &Run<'_>) -> Result<Vec<Notice>, StoreError> {
    let Some(league) = run.tournament.league else {
        return Ok(Vec::new());
    };
    let Some(found) = store::load_league(run.conn, league)? else {
        return Ok(Vec::new());
    };
    if found.status != LeagueStatus::Running {
        return Ok(Vec::new());
    }
    let mut divisions = Vec::new();
    for id in store::league_divisions(run.conn, found.id, found.season)? {
        match store::load_tournament(run.conn, id)? {
            Some(division) if division.status == TournamentStatus::Running => return Ok(Vec::new()),
            Some(division) => divisions.push(division),
            None => {}
        }
    }
    let seasons = Seasons {
        conn: run.conn,
        replays: run.replays,
        settings: run.settings,
        now: run.now,
    };
    end(&seasons, &found, &divisions)
}

/// Ends the season: the moves, kept and told, and the next season.
fn end(
    seasons: &Seasons<'_>,
    found: &League,
    divisions: &[Tournament],
) -> Result<Vec<Notice>, StoreError> {
    let conn = seasons.conn;
    let mut members = store::league_players(conn, found.id)?;
    // A player who signed off takes no new games: he goes with the
    // season, as one who left does.
    for member in &mut members {
        if store::find_player(conn, &member.userid)?.is_none_or(|player| player.signed_off) {
            member.leaving = true;
        }
    }
    let leaving = |userid: &str| {
        members
            .iter()
            .any(|m| m.leaving && m.userid.eq_ignore_ascii_case(userid))
    };
    let mut tables: Vec<TournamentTable> = Vec::new();
    for division in divisions {
        tables.push(table::table(conn, seasons.settings, division)?);
    }
    let finishers: Vec<Vec<Finisher>> = tables
        .iter()
        .map(|table| {
            table
                .standings
                .iter()
                .map(|line| Finisher {
                    userid: table.players[line.seat].clone(),
                    leaving: leaving(&table.players[line.seat]),
                })
                .collect()
        })
        .collect();
    let waiting: Vec<String> = members
        .iter()
        .filter(|m| m.division.is_none() && !m.leaving)
        .map(|m| m.userid.clone())
        .collect();
    let joining = strongest(seasons, &found.kind, &waiting)?;
    let next = next_divisions(&finishers, found.updown, found.size, &joining);
    let to = |userid: &str| {
        next.iter()
            .position(|players| players.iter().any(|p| p.eq_ignore_ascii_case(userid)))
            .map(|index| index as u32 + 1)
    };
    let kind = kind_of(found)?;
    let mut notices = Vec::new();
    for (index, finished) in finishers.iter().enumerate() {
        for (place, finisher) in finished.iter().enumerate() {
            let end = SeasonEnd {
                season: found.season,
                from: Some(index as u32 + 1),
                place: Some(place + 1),
                to: to(&finisher.userid),
                updown: found.updown,
            };
            notices.push(moved(seasons, found, kind, &finisher.userid, end)?);
        }
    }
    for userid in &joining {
        let end = SeasonEnd {
            season: found.season,
            from: None,
            place: None,
            to: to(userid),
            updown: found.updown,
        };
        notices.push(moved(seasons, found, kind, userid, end)?);
    }
    for member in members.iter().filter(|m| m.leaving) {
        store::remove_league_player(conn, found.id, &member.userid)?;
    }
    let detail = format!("season {} is over", found.season);
    log_event(conn, found.key(), HOST, "season", &detail, seasons.now)?;
    let players: usize = next.iter().map(Vec::len).sum();
    if players < 2 {
        store::set_league_status(conn, found.id, LeagueStatus::Open)?;
        return Ok(notices);
    }
    let ended = store::load_league(conn, found.id)?.unwrap_or_else(|| found.clone());
    let (_, begun) = begin(seasons, &ended, HOST, next)?;
    notices.extend(begun);
    Ok(notices)
}

/// Keeps where a player went and words it for him.
fn moved(
    seasons: &Seasons<'_>,
    found: &League,
    kind: GameKind,
    userid: &str,
    end: SeasonEnd,
) -> Result<Notice, StoreError> {
    let detail = LeagueMove {
        season: end.season,
        userid: userid.to_string(),
        from: end.from,
        to: end.to,
    };
    store::insert_league_move(seasons.conn, found.id, &detail)?;
    Ok(Notice::Competition(CompetitionNews {
        userid: userid.to_string(),
        kind,
        event: CompetitionEvent::SeasonOver {
            name: found.name.clone(),
            end,
        },
    }))
}

/// `players` strongest first (`format::by_rating`).
pub(super) fn strongest(
    seasons: &Seasons<'_>,
    kind: &str,
    players: &[String],
) -> Result<Vec<String>, StoreError> {
    let ranked = format::by_rating(seasons.conn, seasons.settings, (kind, players), seasons.now)?;
    Ok(ranked.into_iter().map(|(userid, _)| userid).collect())
}
