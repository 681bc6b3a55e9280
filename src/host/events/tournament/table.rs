//! A tournament's table as it stands: the crosstable or bracket every
//! listing, mail and page shows, with its players, boards, rulings and
//! rules.

use super::super::format::{self, Standings};
use super::super::log::OPERATOR;
use crate::host::competition::CompetitionSettings;
use crate::host::model::notice::TournamentTable;
use crate::rules::score::EventScore;
use crate::rules::standings::Played;
use crate::rules::time_control::TimeControl;
use crate::store::{self, StoreError, Tournament, TournamentStatus};
use rusqlite::Connection;

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
        division: format::division(conn, tournament)?,
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
