//! The mails of tournaments: a tournament's table (crosstable or wall
//! chart, standings and tie-breaks), its pairings, and the news its
//! players hear.

use super::parts::{board_result_view, points_text, quarters_text, waiting_view, without_controls};
use crate::games::{GameKind, Side};
use crate::host::model::notice::{PairingLine, TournamentChange, TournamentTable};
use crate::host::model::subject::Subject;
use crate::rules::score::EventScore;
use crate::rules::standings::Played;
use crate::store::TournamentStatus;
use minijinja::{context, Value};

/// A mail's template, subject and variables.
pub(super) type Parts = (&'static str, Subject, Value);

fn subject(kind: GameKind, name: &str) -> Subject {
    Subject::Tournament {
        kind,
        name: name.to_string(),
    }
}

pub(super) fn status_name(status: TournamentStatus) -> &'static str {
    match status {
        TournamentStatus::Open => "open",
        TournamentStatus::Running => "running",
        TournamentStatus::Finished => "finished",
        TournamentStatus::Cancelled => "cancelled",
    }
}

/// A result as a crosstable cell shows it, from `seat`'s side.
fn cell_mark(game: &Played, seat: usize) -> &'static str {
    let side = if game.white == seat {
        Side::White
    } else {
        Side::Black
    };
    match game.score {
        None => "*",
        // Aborted: `+` for the winner, `-` for the one who would not play.
        Some(EventScore::Forfeit { loser }) if loser == side => "-",
        Some(EventScore::Forfeit { .. }) => "+",
        // Nobody moved: lost by both.
        Some(EventScore::DoubleForfeit) => "-",
        Some(EventScore::Void) => "v",
        Some(EventScore::Played(score)) => match score.half_points(side) {
            2 => "1",
            1 => "½",
            _ => "0",
        },
    }
}

/// A crosstable row: the marks of the games against each other seat.
fn cross_cells(table: &TournamentTable, seat: usize) -> Vec<String> {
    (0..table.players.len())
        .map(|other| {
            if other == seat {
                return "X".repeat(table.meetings.max(1) as usize);
            }
            let marks: String = table
                .boards
                .iter()
                .filter(|(_, _, game)| {
                    (game.white, game.black) == (seat, other)
                        || (game.white, game.black) == (other, seat)
                })
                .map(|(_, _, game)| cell_mark(game, seat))
                .collect();
            if marks.is_empty() {
                ".".to_string()
            } else {
                marks
            }
        })
        .collect()
}

/// A wall chart row: each round's opponent (his number), colour and
/// result (`12w1`), `bye` for the pairing's bye, `-` for a round he was
/// not paired in, empty for rounds to come.
fn wall_cells(table: &TournamentTable, seat: usize, rounds: u32) -> Vec<String> {
    let paired = table
        .boards
        .iter()
        .map(|(_, round, _)| *round)
        .chain(table.byes.iter().map(|(round, _)| *round))
        .max()
        .unwrap_or(0);
    (1..=rounds)
        .map(|round| {
            let game = table
                .boards
                .iter()
                .find(|(_, r, game)| *r == round && (game.white == seat || game.black == seat));
            if let Some((_, _, game)) = game {
                let (opponent, colour) = match game.white == seat {
                    true => (game.black, 'w'),
                    false => (game.white, 'b'),
                };
                return format!("{}{colour}{}", opponent + 1, cell_mark(game, seat));
            }
            let userid = &table.players[seat];
            if table
                .byes
                .iter()
                .any(|(r, who)| *r == round && who.eq_ignore_ascii_case(userid))
            {
                "bye".to_string()
            } else if round <= paired {
                "-".to_string()
            } else {
                String::new()
            }
        })
        .collect()
}

/// The crosstable (a Swiss's wall chart), standings and boards of a
/// tournament.
pub fn table_view(table: &TournamentTable) -> Value {
    let rows: Vec<Value> = table
        .standings
        .iter()
        .map(|standing| {
            let seat = standing.seat;
            let cells = match table.rounds {
                Some(rounds) => wall_cells(table, seat, rounds),
                None => cross_cells(table, seat),
            };
            let tiebreaks: Vec<String> = standing
                .tiebreaks
                .iter()
                .zip(&table.tiebreaks)
                .map(|(value, tiebreak)| match tiebreak.counts_games() {
                    true => value.to_string(),
                    false => quarters_text(*value),
                })
                .collect();
            context! {
                rank => standing.rank,
                number => seat + 1,
                userid => &table.players[seat],
                cells => cells,
                points => points_text(standing.half_points),
                tiebreaks => tiebreaks,
                played => standing.games_played,
            }
        })
        .collect();
    let boards: Vec<Value> = table
        .boards
        .iter()
        .map(|(board, round, game)| board_result_view(table, *board, *round, game))
        .collect();
    let finished = table.boards.iter().filter(|(_, _, g)| g.score.is_some());
    context! {
        game => table.kind,
        name => &table.name,
        organiser => &table.organiser,
        status => status_name(table.status),
        format => table.format.name(),
        wide => table.meetings > 1,
        bracket => super::knockout::bracket_view(table),
        rated => table.rated,
        control => super::view::control_view(&table.control),
        switches => &table.switches,
        comment => table.comment.as_deref().map(|text| without_controls(text, &['\n', '\t'])),
        admission => table.admission.name(),
        aborted => table.aborted.name(),
        waiting => waiting_view(&table.waiting),
        withdrawn => &table.withdrawn,
        byes => table.byes.iter().map(|(round, userid)| context! { round, userid }).collect::<Vec<_>>(),
        tiebreaks => table.tiebreaks.iter().map(|tiebreak| tiebreak.name()).collect::<Vec<_>>(),
        rounds => table.rounds,
        round_days => table.round_days,
        division => Value::from_serialize(&table.division),
        players => &table.players,
        numbers => (1..=table.players.len()).collect::<Vec<_>>(),
        rows => rows,
        boards => boards,
        boards_done => finished.count(),
    }
}

/// A player's pairings, as `pairings.txt` lists them.
fn pairing_lines(boards: &[PairingLine]) -> Vec<Value> {
    boards
        .iter()
        .map(|line| {
            context! {
                board_id => line.board,
                round => line.round,
                side => line.side,
                opponent => &line.opponent,
            }
        })
        .collect()
}

/// A player's pairings of a round robin, all at its start.
pub(super) fn pairings_parts(
    userid: &str,
    kind: GameKind,
    name: &str,
    boards: &[PairingLine],
    players: usize,
    bye_rounds: &[u32],
) -> Parts {
    let boards = pairing_lines(boards);
    (
        "pairings.txt",
        subject(kind, name),
        context! { userid, game => kind, name, boards, players, bye_rounds },
    )
}

/// What the organiser changed that concerns the player.
pub(super) fn change_parts(
    userid: &str,
    kind: GameKind,
    name: &str,
    change: &TournamentChange,
    status: TournamentStatus,
) -> Parts {
    (
        "tournament-news.txt",
        subject(kind, name),
        context! { userid, game => kind, name, status => status_name(status), change => Value::from_serialize(change) },
    )
}

/// The organiser's words to every player.
pub(super) fn announcement_parts(
    userid: &str,
    kind: GameKind,
    name: &str,
    from: &str,
    text: &str,
) -> Parts {
    (
        "announcement.txt",
        subject(kind, name),
        context! { userid, game => kind, name, from, text => without_controls(text, &['\n', '\t']) },
    )
}

/// A Swiss's bye of one round.
pub(super) fn bye_parts(
    userid: &str,
    kind: GameKind,
    name: &str,
    round: u32,
    rounds: u32,
) -> Parts {
    (
        "swiss-bye.txt",
        subject(kind, name),
        context! { userid, game => kind, name, round, rounds },
    )
}

/// A round's deadline passed with `boards` running, for its director.
pub(super) fn deadline_parts(
    userid: &str,
    kind: GameKind,
    name: &str,
    round: u32,
    boards: &[(i64, String, String)],
) -> Parts {
    let boards: Vec<Value> = boards
        .iter()
        .map(|(board, white, black)| context! { board_id => board, white, black })
        .collect();
    (
        "round-deadline.txt",
        subject(kind, name),
        context! { userid, game => kind, name, round, boards },
    )
}

/// The tournament is over: its final table.
pub(super) fn over_parts(userid: &str, table: &TournamentTable) -> Parts {
    (
        "tournament-over.txt",
        subject(table.kind, &table.name),
        context! {
            userid,
            playing => table.players.iter().any(|p| p.eq_ignore_ascii_case(userid)),
            ..table_view(table)
        },
    )
}
