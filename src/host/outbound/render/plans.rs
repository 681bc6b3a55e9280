//! The answers about conditional moves, previews and take-backs: their
//! variables (an open challenge's is in `parts`, beside the others the
//! lists share).

use super::reader::Reader;
use super::view::board_view;
use crate::clock::utc_text;
use crate::host::model::notice::{PreviewStep, QueueChange};
use crate::host::model::replays::LiveGame;
use minijinja::{context, Value};

/// The variables of a player's conditional moves.
pub(super) fn queue_context(
    kind: crate::games::GameKind,
    board: i64,
    userid: &str,
    lines: &[Vec<String>],
    change: &QueueChange,
) -> Value {
    context! {
        game => kind,
        board_id => board,
        userid,
        lines,
        change => Value::from_serialize(change),
    }
}

/// The variables of a preview: the board after the hypothetical moves,
/// from the sender's seat when he plays on it, and each move's fate.
pub(super) fn preview_context(
    live: &LiveGame,
    seat: Option<crate::games::Side>,
    start: usize,
    sealed_left_out: usize,
    steps: &[PreviewStep],
    untried: &[String],
    now: i64,
) -> Value {
    let reader = seat.map_or(Reader::Onlooker, Reader::Seated);
    let (side, seated) = reader.seat(live);
    context! {
        start,
        sealed_left_out,
        steps => steps.iter().map(Value::from_serialize).collect::<Vec<_>>(),
        untried,
        ..board_view(live, side, seated, now)
    }
}

/// A take-back in a board's record: after which move, who asked and
/// who agreed, the day, and the moves taken back.
pub(super) fn taken_back_view(event: &crate::store::TakenBack) -> Value {
    context! {
        after => event.after,
        proposer => &event.proposer,
        agreed_by => &event.agreed_by,
        day => utc_text(event.happened).get(..10).map(str::to_string),
        moves => &event.moves,
    }
}
