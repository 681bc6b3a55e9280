//! A tournament as it goes on: each board's result kept and logged as it
//! ends, the format asked what comes next (new boards, or the end), the
//! final mail to every player and the organiser once it is over, and the
//! table (crosstable or bracket) every listing, mail and page shows.

use super::super::format::{self, Next, Run, Standings};
use super::super::log::{log_tournament, HOST, OPERATOR};
use crate::host::competition::CompetitionSettings;
use crate::host::model::notice::{
    CompetitionEvent, CompetitionNews, Division, Notice, TournamentTable,
};
use crate::host::model::replays::{LiveGame, Replays};
use crate::rules::score::{EventScore, GameResult};
use crate::rules::standings::Played;
use crate::rules::time_control::TimeControl;
use crate::store::{self, StoreError, Tournament, TournamentStatus};
use rusqlite::Connection;

/// Keeps a tournament board's result (an aborted board counted by the
/// tournament's rule) and logs it; then the format goes on: the boards
/// it begins now, or the end of the tournament.
pub(crate) fn after_board(
    conn: &Connection,
    replays: &Replays,
    settings: &CompetitionSettings,
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
    let rule = format::abort_rule(&tournament, settings.tournaments.aborted);
    let Some(score) = result.in_event(rule) else {
        return Ok(Vec::new());
    };
    store::set_tournament_score(conn, live.record.id, score.stored())?;
    let board = live.record.id;
    let detail = format!("board {board}: {}", counted_text(score, live));
    log_tournament(conn, id, HOST, "result", &detail, now)?;
    if tournament.status != TournamentStatus::Running {
        return Ok(Vec::new());
    }
    let run = Run {
        conn,
        replays,
        settings,
        tournament: &tournament,
        now,
    };
    progress(&run, &format!("board {board} was the last"))
}

/// What a board counted, as the log says it.
fn counted_text(score: EventScore, live: &LiveGame) -> String {
    let player = |side| live.record.player(side).to_string();
    match score {
        EventScore::Played(played) => played.pgn().to_string(),
        EventScore::Forfeit { loser } => format!(
            "{} (aborted; lost by {}, who would not play it)",
            score.stored(),
            player(loser)
        ),
        EventScore::DoubleForfeit => {
            format!("{} (nobody moved: lost by both)", score.stored())
        }
        EventScore::Void => format!("{} (aborted; counts for nobody)", score.stored()),
    }
}

/// Asks the tournament's format what comes next: the boards it begins
/// now (logged), or the end, `why` as the log gives it.
pub(crate) fn progress(run: &Run<'_>, why: &str) -> Result<Vec<Notice>, StoreError> {
    let tournament = run.tournament;
    match format::of(tournament.format).go_on(run)? {
        Next::Boards(begun) => {
            for notice in &begun {
                if let Notice::Board(news) = notice {
                    let detail = format!(
                        "board {}: {} - {}",
                        news.live.record.id, news.live.record.white, news.live.record.black
                    );
                    log_tournament(run.conn, tournament.id, HOST, "pair", &detail, run.now)?;
                }
            }
            Ok(begun)
        }
        Next::Over => finish(run, why),
    }
}

/// Ends the tournament: finished, logged, and every player and its
/// organiser mailed the final table (one mail each, should the
/// organiser have played).
fn finish(run: &Run<'_>, why: &str) -> Result<Vec<Notice>, StoreError> {
    let (conn, id) = (run.conn, run.tournament.id);
    store::set_tournament_status(conn, id, TournamentStatus::Finished, run.now)?;
    log_tournament(conn, id, HOST, "finish", why, run.now)?;
    let finished = Tournament {
        status: TournamentStatus::Finished,
        ..run.tournament.clone()
    };
    let table = table(conn, run.settings, &finished)?;
    let mut readers = table.players.clone();
    if !readers
        .iter()
        .any(|userid| userid.eq_ignore_ascii_case(&table.organiser))
    {
        readers.push(table.organiser.clone());
    }
    let mut notices: Vec<Notice> = readers
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
        .collect();
    // A league's division: the last of its season ends the season.
    let run = Run {
        tournament: &finished,
        ..*run
    };
    notices.extend(super::super::league::season::after_division(&run)?);
    Ok(notices)
}

/// A tournament's table as it stands: players, boards, rulings, the
/// standings or bracket its format keeps, and its rules.
pub(crate) fn table(
    conn: &Connection,
    settings: &CompetitionSettings,
    tournament: &Tournament,
) -> Result<TournamentTable, StoreError> {
    let kind = format::kind_of(tournament)?;
    let players = store::tournament_players(conn, tournament.id)?;
    let (boards, ruled) = boards_and_rulings(conn, tournament, &players)?;
    let played: Vec<Played> = boards.iter().map(|(_, _, played)| *played).collect();
    let shape = format::of(tournament.format);
    let (standings, bracket) = match tournament.status {
        // A knockout's seats are its seeds only once it has begun.
        TournamentStatus::Open => (Vec::new(), None),
        _ => match shape.standings(conn, tournament, &players, &played)? {
            Standings::Table(lines) => (lines, None),
            Standings::Bracket(bracket) => (Vec::new(), Some(bracket)),
        },
    };
    let byes = match tournament.status {
        TournamentStatus::Open => Vec::new(),
        _ => shape
            .byes(conn, tournament, &players)?
            .into_iter()
            .map(|(round, seat)| (round, players[seat].clone()))
            .collect(),
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
        meetings: shape.meetings(),
        rated: tournament.rated,
        control: TimeControl::from_stored(&options.join(" ")),
        switches: game_switches,
        comment: tournament.comment.clone(),
        standings,
        bracket,
        ruled,
        admission: tournament.admission,
        aborted: format::abort_rule(tournament, settings.tournaments.aborted),
        waiting: store::entrants(conn, tournament.key())?,
        withdrawn: store::withdrawn_players(conn, tournament.id)?,
        byes,
        tiebreaks: format::tiebreaks(tournament).to_vec(),
        rounds: tournament.rounds,
        round_days: tournament.round_days,
        division: division(conn, tournament)?,
        players,
        boards,
    })
}

/// A tournament's boards as its table counts them (seats, round,
/// score), and the rulings on them: (board, verdict, by the operator).
type Boards = Vec<(i64, u32, Played)>;
type Rulings = Vec<(i64, String, bool)>;

fn boards_and_rulings(
    conn: &Connection,
    tournament: &Tournament,
    players: &[String],
) -> Result<(Boards, Rulings), StoreError> {
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
    Ok((boards, ruled))
}

/// The league division a tournament is, named, if it is one.
pub(crate) fn division(
    conn: &Connection,
    tournament: &Tournament,
) -> Result<Option<Division>, StoreError> {
    let Some((league, season, division)) = store::division_of(conn, tournament.id)? else {
        return Ok(None);
    };
    let Some(league) = store::load_league(conn, league)? else {
        return Ok(None);
    };
    Ok(Some(Division {
        league: league.name,
        season,
        division,
    }))
}
