//! A knockout's bracket as the mails show it: each round's byes and
//! matches, each match's points, games and who went through, and the
//! final places once the final is decided.

use super::parts::{board_result_view, points_text};
use crate::host::model::notice::TournamentTable;
use crate::rules::knockout::{Bracket, MatchOutcome, Place};
use minijinja::{context, Value};

/// The bracket of a knockout that has begun; undefined otherwise.
pub(super) fn bracket_view(table: &TournamentTable) -> Value {
    let Some(bracket) = &table.bracket else {
        return Value::UNDEFINED;
    };
    let name = |seed: usize| table.players.get(seed).cloned().unwrap_or_default();
    let last = crate::rules::knockout::rounds(bracket.players);
    let rounds: Vec<Value> = bracket
        .rounds
        .iter()
        .map(|round| {
            let places: Vec<Value> = round
                .places
                .iter()
                .map(|place| place_view(table, round.number, place))
                .collect();
            context! {
                number => round.number,
                last => round.number == last,
                places => places,
            }
        })
        .collect();
    let placings: Vec<Value> = bracket
        .placings()
        .into_iter()
        .map(|(seed, place)| context! { place, userid => name(seed), seed => seed + 1 })
        .collect();
    context! {
        rounds => rounds,
        total_rounds => last,
        champion => bracket.champion().map(name),
        finished => bracket.finished(),
        placings => placings,
        seeds => seeds(table, bracket),
    }
}

/// The players by seed, from 1.
fn seeds(table: &TournamentTable, bracket: &Bracket) -> Vec<Value> {
    (0..bracket.players)
        .map(|seed| context! { seed => seed + 1, userid => table.players.get(seed) })
        .collect()
}

/// A bye, or a match with its points, games and winner.
fn place_view(table: &TournamentTable, round: u32, place: &Place) -> Value {
    let name = |seed: usize| table.players.get(seed).cloned().unwrap_or_default();
    match place {
        Place::Bye(seed) => context! { kind => "bye", userid => name(*seed), seed => seed + 1 },
        Place::Empty => context! { kind => "empty" },
        Place::Match {
            number,
            game,
            running,
        } => {
            let pair = [game.high, game.low];
            let boards: Vec<Value> = table
                .boards
                .iter()
                .filter(|(_, at, played)| {
                    *at == round && pair.contains(&played.white) && pair.contains(&played.black)
                })
                .map(|(board, at, played)| board_result_view(table, *board, *at, played))
                .collect();
            context! {
                kind => "match",
                number,
                high => name(game.high),
                high_seed => game.high + 1,
                low => name(game.low),
                low_seed => game.low + 1,
                high_points => points_text(game.half_points(game.high)),
                low_points => points_text(game.half_points(game.low)),
                winner => game.winner().map(name),
                both_out => game.outcome() == MatchOutcome::BothOut,
                withdrawn => game.withdrawn.iter().map(|seed| name(*seed)).collect::<Vec<_>>(),
                sudden_death => game.in_sudden_death(),
                running,
                boards,
            }
        }
    }
}
