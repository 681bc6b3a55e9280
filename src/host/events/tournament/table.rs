//! Tournaments kept in the store: each board's result as it ends, the
//! crosstable and standings (a knockout's bracket), and the final mail
//! to every player and the organiser when the last board is over (a
//! knockout's final decided).

use super::super::format::knockout;
use super::super::log::{log_tournament, HOST, OPERATOR};
use crate::games::GameKind;
use crate::host::competition::TournamentSettings;
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, Notice, TournamentTable};
use crate::host::model::replays::{LiveGame, Replays};
use crate::rules::round_robin::{self, Played};
use crate::rules::score::{EventScore, GameResult};
use crate::rules::time_control::TimeControl;
use crate::store::{self, StoreError, Tournament, TournamentFormat, TournamentStatus};
use rusqlite::Connection;

/// Keeps a tournament board's result; a knockout begins the games its
/// bracket needs next. When it was the last board (a knockout's final
/// decided), the tournament is over and every player and its organiser
/// get the final standings (one mail each, should the organiser have
/// played).
/// An aborted board counts by the tournament's rule: by default it is
/// lost by the player who would not play it.
pub fn after_board(
    conn: &Connection,
    replays: &Replays,
    settings: &TournamentSettings,
    live: &LiveGame,
    result: GameResult,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let Some(id) = store::tournament_of_board(conn, live.record.id)? else {
        return Ok(Vec::new());
    };
    let Some(tournament) = store::load_tournament(conn, id)? else {
        return Ok(Vec::new());
    };
    let Some(score) = result.in_event(tournament.abort_rule(settings.aborted)) else {
        return Ok(Vec::new());
    };
    store::set_tournament_score(conn, live.record.id, score.stored())?;
    if tournament.status != TournamentStatus::Running {
        return Ok(Vec::new());
    }
    match tournament.format {
        // A knockout goes on while its final is undecided.
        TournamentFormat::Knockout => {
            if let Some(begun) = knockout::go_on(conn, replays, settings, &tournament, now)? {
                return Ok(begun);
            }
        }
        TournamentFormat::RoundRobin => {
            let boards = store::tournament_boards(conn, id)?;
            if boards.iter().any(|board| board.score.is_none()) {
                return Ok(Vec::new());
            }
        }
    }
    store::set_tournament_status(conn, id, TournamentStatus::Finished, now)?;
    let last = format!("board {} was the last", live.record.id);
    log_tournament(conn, id, HOST, "finish", &last, now)?;
    let table = table(
        conn,
        &Tournament {
            status: TournamentStatus::Finished,
            ..tournament
        },
    )?;
    // The organiser hears of the end too, once, whether he played or not.
    let mut readers = table.players.clone();
    if !readers
        .iter()
        .any(|userid| userid.eq_ignore_ascii_case(&table.organiser))
    {
        readers.push(table.organiser.clone());
    }
    Ok(readers
        .iter()
        .map(|userid| {
            Notice::Competition(CompetitionNews {
                userid: userid.clone(),
                kind: table.kind,
                event: CompetitionEvent::TournamentOver {
                    table: table.clone(),
                },
            })
        })
        .collect())
}

/// A tournament's crosstable and standings as they stand.
pub fn table(conn: &Connection, tournament: &Tournament) -> Result<TournamentTable, StoreError> {
    let kind = GameKind::from_name(&tournament.kind).ok_or_else(|| {
        StoreError::Corrupt(format!(
            "tournament {} is of the unknown game {:?}",
            tournament.id, tournament.kind
        ))
    })?;
    let players = store::tournament_players(conn, tournament.id)?;
    let seat = |userid: &str| {
        players
            .iter()
            .position(|player| player.eq_ignore_ascii_case(userid))
    };
    let mut boards = Vec::new();
    let mut ruled = Vec::new();
    for board in store::tournament_boards(conn, tournament.id)? {
        if let Some(ruling) = store::ruling(conn, board.game_id)? {
            let by_operator = ruling.actor == OPERATOR;
            ruled.push((board.game_id, ruling.verdict, by_operator));
        }
        let (Some(white), Some(black)) = (seat(&board.white), seat(&board.black)) else {
            continue;
        };
        boards.push((
            board.game_id,
            board.round,
            Played {
                white,
                black,
                score: board.score.as_deref().and_then(EventScore::from_stored),
            },
        ));
    }
    let played: Vec<Played> = boards.iter().map(|(_, _, played)| *played).collect();
    // A knockout's seats are its seeds once it has begun.
    let knockout = tournament.format == TournamentFormat::Knockout;
    let bracket = match tournament.status {
        TournamentStatus::Open => None,
        _ if knockout => Some(knockout::bracket(conn, tournament.id, &players)?),
        _ => None,
    };
    let standings = if knockout {
        Vec::new()
    } else {
        round_robin::standings(players.len(), &played)
    };
    // The stored switches: the host's options (`--forfeittime=14`), then
    // the game's own.
    let (options, game_switches): (Vec<String>, Vec<String>) = tournament
        .switches
        .split_whitespace()
        .map(String::from)
        .partition(|switch| switch.starts_with("--"));
    Ok(TournamentTable {
        kind,
        name: tournament.name.clone(),
        organiser: tournament.organiser.clone(),
        status: tournament.status,
        format: tournament.format,
        double: tournament.double,
        rated: tournament.rated,
        control: TimeControl::from_stored(&options.join(" ")),
        switches: game_switches,
        comment: tournament.comment.clone(),
        standings,
        bracket,
        ruled,
        admission: tournament.admission,
        aborted: tournament.aborted,
        waiting: store::entrants(conn, tournament.key())?,
        players,
        boards,
    })
}
