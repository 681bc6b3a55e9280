//! Who directs a board's event, and the rulings a director (or the
//! host's operator) gives on a board: an adjudication (a result and a
//! reason), a forfeit (an adjudicated loss for one side), a void (aborted,
//! counted for nobody). A ruling ends the board like any other end, through
//! `end_game`: after each player has moved an adjudication or forfeit is a
//! game played (rated where the board is rated); before, the board is
//! aborted (unrated) and the event counts it by its rule for aborted
//! games, against the side the ruling went against. Every ruling and every
//! change to a tournament goes into the event's append-only log.

use super::super::log::log_event;
use super::desk::Desk;
use crate::games::Side;
use crate::host::competition::CompetitionSettings;
use crate::host::model::notice::Notice;
use crate::host::model::replays::LiveGame;
use crate::rules::score::{Ending, Score, Stop};
use crate::store::{self, LoggedEvent, StoreError};
use rusqlite::Connection;

/// Who directs the event board `game_id` is a game of: a tournament's
/// organiser, a named ladder's director. The default ladders' games and
/// plain games have no director by mail (the operator directs every
/// event from the CLI); `None` for them. This is the one place that
/// answers it.
pub(crate) fn director_of_game(
    conn: &Connection,
    game_id: i64,
) -> Result<Option<String>, StoreError> {
    if let Some(game) = store::ladder_game(conn, game_id)? {
        return Ok(store::ladder_by_id(conn, game.ladder_id)?.and_then(|ladder| ladder.director));
    }
    let Some(id) = store::tournament_of_board(conn, game_id)? else {
        return Ok(None);
    };
    Ok(store::load_tournament(conn, id)?.map(|tournament| tournament.organiser))
}

/// The log a board's rulings go to: its tournament's or its ladder's.
fn event_of_board(conn: &Connection, game_id: i64) -> Result<Option<LoggedEvent>, StoreError> {
    if let Some(game) = store::ladder_game(conn, game_id)? {
        return Ok(Some(LoggedEvent::Ladder(game.ladder_id)));
    }
    Ok(store::tournament_of_board(conn, game_id)?.map(LoggedEvent::Tournament))
}

/// What a ruling gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// This result.
    Adjudicate(Score),
    /// The side loses by forfeit.
    Forfeit(Side),
    /// Aborted, counted for nobody.
    Void,
}

impl Verdict {
    /// The verdict's name, as the log and the stored ruling have it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Verdict::Adjudicate(_) => "adjudicate",
            Verdict::Forfeit(_) => "forfeit",
            Verdict::Void => "void",
        }
    }

    /// How the board ends by it, `begun` when each player has moved.
    pub(crate) fn ending(self, begun: bool) -> Ending {
        match self {
            Verdict::Adjudicate(score) => Ending::by_host(Stop::Adjudicate(score), begun),
            Verdict::Forfeit(side) => {
                Ending::by_host(Stop::Adjudicate(Score::win_for(side.opponent())), begun)
            }
            Verdict::Void => Ending::by_host(Stop::Void, begun),
        }
    }
}

/// Ends the running board `live` by a ruling of `actor` (a director's
/// userid, or [`OPERATOR`](crate::host::events::log::OPERATOR)) with `reason`: the ruling is kept with the
/// board, logged in its event's log, and the board ends as the verdict
/// says. The notices are what the end changes beyond the board; the
/// caller tells the players of the board itself.
pub(crate) fn rule(
    conn: &Connection,
    replays: &crate::host::model::replays::Replays,
    settings: &CompetitionSettings,
    live: &mut LiveGame,
    (actor, verdict, reason): (&str, Verdict, &str),
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let ruling = store::Ruling {
        actor: actor.to_string(),
        verdict: verdict.name().to_string(),
        reason: reason.to_string(),
        at: now,
    };
    store::insert_ruling(conn, live.record.id, &ruling)?;
    let ending = verdict.ending(live.begun());
    let board = live.record.id;
    if let Some(event) = event_of_board(conn, board)? {
        let result = match verdict {
            Verdict::Adjudicate(score) => score.pgn().to_string(),
            Verdict::Forfeit(side) => format!("{} loses", live.record.player(side)),
            Verdict::Void => "void".to_string(),
        };
        let detail = match reason.is_empty() {
            true => format!("board {board}: {result}"),
            false => format!("board {board}: {result}: {reason}"),
        };
        log_event(conn, event, actor, verdict.name(), &detail, now)?;
    }
    live.ruling = Some(ruling);
    crate::host::events::end_game(conn, replays, settings, live, ending, now)
}

/// Ends the running board `live` by a ruling and tells both players: the
/// game-over mail says who ruled, what and why.
pub fn rule_board(
    desk: &Desk<'_>,
    mut live: LiveGame,
    verdict: Verdict,
    reason: &str,
) -> Result<Vec<Notice>, StoreError> {
    let order = (desk.actor, verdict, reason);
    let consequences = rule(
        desk.conn,
        desk.replays,
        desk.competition,
        &mut live,
        order,
        desk.now,
    )?;
    Ok(super::super::told_over(live, None, consequences))
}
