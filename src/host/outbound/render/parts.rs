//! The small views and texts several renderers share: text a player
//! wrote made safe to quote, points as crosstables write them, a board's
//! result in a tournament, the rating changes of a game, the players
//! waiting to join, an open challenge.

use crate::clock::utc_text;
use crate::games::Side;
use crate::host::inbound::redact::Quote;
use crate::host::model::notice::TournamentTable;
use crate::rules::score::EventScore;
use crate::rules::standings::Played;
use crate::store::{RatingChange, Seek};
use minijinja::{context, Value};

/// Text the sender wrote, with every control character but those `kept`
/// made a space: a lone CR or a vertical tab would start a line of its
/// own in some mail clients, outside the quote or the comment it is in.
pub(super) fn without_controls(text: &str, kept: &[char]) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() && !kept.contains(&c) {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// The original mail, for quoting in error replies: its subject on one
/// line (a line break someone encoded into it must not become a line of
/// the reply) and its first lines.
pub(super) fn quoted(quote: &Quote) -> Value {
    let subject = without_controls(&quote.subject, &[]);
    let lines: Vec<String> = quote
        .lines
        .iter()
        .map(|line| without_controls(line, &['\t']))
        .collect();
    context! { subject => subject, lines => lines }
}

/// Points from half-points, as crosstables write them: `2½`.
pub fn points_text(half_points: u32) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Sonneborn-Berger from quarter points: `7¾`.
pub(super) fn quarters_text(quarters: u32) -> String {
    let fraction = ["", "¼", "½", "¾"][(quarters % 4) as usize];
    match quarters / 4 {
        0 if !fraction.is_empty() => fraction.to_string(),
        whole => format!("{whole}{fraction}"),
    }
}

/// A rating as mails show it: a whole number.
pub(super) fn whole(value: f64) -> i64 {
    value.round() as i64
}

/// What a game changed in its players' ratings, for its game-over mail.
pub fn rating_changes_view(changes: &[RatingChange]) -> Vec<Value> {
    changes
        .iter()
        .map(|change| {
            context! {
                userid => &change.userid,
                before => whole(change.before),
                after => whole(change.after),
                difference => whole(change.after) - whole(change.before),
            }
        })
        .collect()
}

/// Those waiting to join an event: who asked (`applied`) and who was
/// invited (`invited`).
pub(super) fn waiting_view(waiting: &[(String, crate::store::Entrant)]) -> Vec<Value> {
    waiting
        .iter()
        .map(|(userid, state)| context! { userid, state => Value::from_serialize(state) })
        .collect()
}

/// One board of a tournament with its result: `1-0`, `½-½`, a forfeit
/// `+/-` or `-/+` (aborted, lost by `loser`), a void `0-0`.
pub(super) fn board_result_view(
    table: &TournamentTable,
    board: i64,
    round: u32,
    game: &Played,
) -> Value {
    let player = |side: Side| match side {
        Side::White => &table.players[game.white],
        Side::Black => &table.players[game.black],
    };
    let result = game.score.map(|score| match score {
        EventScore::Played(played) => {
            let white = points_text(played.half_points(Side::White));
            let black = points_text(played.half_points(Side::Black));
            format!("{white}-{black}")
        }
        EventScore::Forfeit { loser: Side::White } => "-/+".to_string(),
        EventScore::Forfeit { loser: Side::Black } => "+/-".to_string(),
        EventScore::DoubleForfeit => "-/-".to_string(),
        EventScore::Void => "0-0".to_string(),
    });
    let loser = match game.score {
        Some(EventScore::Forfeit { loser }) => Some(player(loser)),
        _ => None,
    };
    let ruling = table.ruled.iter().find(|(id, _, _)| *id == board);
    context! {
        board_id => board,
        round => round,
        white => player(Side::White),
        black => player(Side::Black),
        result => result,
        aborted => game.score.is_some_and(|score| !matches!(score, EventScore::Played(_))),
        loser => loser,
        nobody_moved => game.score == Some(EventScore::DoubleForfeit),
        ruled => ruling.map(|(_, verdict, _)| verdict),
        ruled_by_operator => ruling.is_some_and(|(_, _, operator)| *operator),
    }
}

/// One open challenge, as the lists show it.
pub(super) fn seek_view(seek: &Seek) -> Value {
    context! {
        id => seek.id,
        userid => &seek.userid,
        switches => &seek.switches,
        comment => seek.comment.as_deref().map(|text| without_controls(text, &['\n'])),
        posted => utc_text(seek.posted),
        expires => utc_text(seek.expires),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_sonneborn_berger_are_written_with_fractions() {
        assert_eq!(points_text(0), "0");
        assert_eq!(points_text(1), "½");
        assert_eq!(points_text(5), "2½");
        assert_eq!(quarters_text(31), "7¾");
        assert_eq!(quarters_text(2), "½");
        assert_eq!(quarters_text(8), "2");
    }
}
