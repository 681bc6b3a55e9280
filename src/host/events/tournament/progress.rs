//! A tournament as it goes on: each board's result kept and logged as it
//! ends, a player whose account is deleted withdrawn, the format asked
//! what comes next (new boards, or the end), and the final mail to every
//! player and the organiser once it is over (a league's division then
//! perhaps ending its season).

use super::super::format::{self, Next, Run};
use super::super::league::season::after_division;
use super::super::log::{log_tournament, HOST};
use super::table::table;
use crate::host::competition::CompetitionSettings;
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, Notice};
use crate::host::model::replays::{LiveGame, Replays};
use crate::rules::score::{EventScore, GameResult};
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

/// A player whose account goes leaves every running tournament he still
/// plays in, as one taken out does: he has no running board (an account
/// with one is not deleted), so nothing is forfeited, but no format pairs
/// him again, and a match of his is decided by his going. Each is
/// logged; the notices are of the boards the formats begin now.
pub(crate) fn withdraw_everywhere(
    conn: &Connection,
    replays: &Replays,
    settings: &CompetitionSettings,
    userid: &str,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let mut notices = Vec::new();
    for tournament in store::running_tournaments_of(conn, userid)? {
        store::withdraw_from_tournament(conn, tournament.id, userid, now)?;
        log_tournament(
            conn,
            tournament.id,
            userid,
            "withdraw",
            "account deleted",
            now,
        )?;
        let run = Run {
            conn,
            replays,
            settings,
            tournament: &tournament,
            now,
        };
        notices.extend(progress(&run, &format!("{userid} deleted his account"))?);
    }
    Ok(notices)
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
    notices.extend(after_division(&run)?);
    Ok(notices)
}
