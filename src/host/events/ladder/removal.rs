//! A ladder's director takes a player off it: `GAME ladder remove NAME
//! userid password PLAYER`. Each of the player's running games on the
//! ladder is lost by him by forfeit, as `GAME forfeit` rules it (a game
//! played, rated where the board is, once both players have moved; else
//! aborted and counted by the ladder's rule against him); then he leaves
//! the ladder, those below move up, and everyone is told.

use super::climb;
use super::verbs::tell_one;
use super::LadderEvent;
use crate::host::events::director::rulings::Verdict;
use crate::host::events::director::{rule_board, Desk};
use crate::host::model::notice::LadderChange;
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LoadError};
use crate::host::request::{refused, Context, Handled};
use crate::store::{self, GameStatus};

pub(super) fn remove(ctx: &Context<'_>, event: &LadderEvent, by: String, player: &str) -> Handled {
    let rungs = store::ladder(ctx.conn, event.id())?;
    let Some(userid) = rungs
        .iter()
        .map(|rung| rung.userid.clone())
        .find(|userid| userid.eq_ignore_ascii_case(player))
    else {
        return Err(refused(Refusal::NotOnLadder {
            userid: player.to_string(),
            ladder: event.row.name.clone(),
            game: event.kind,
        }));
    };
    let desk = Desk {
        conn: ctx.conn,
        competition: ctx.competition,
        replays: ctx.replays,
        actor: &by,
        now: ctx.now,
    };
    let mut settled = Vec::new();
    let mut boards = Vec::new();
    for board in store::open_ladder_games_of(ctx.conn, event.id(), &userid)? {
        let live = match replays::load(ctx.conn, ctx.replays, board, None) {
            Ok(live) if live.record.status == GameStatus::Active => live,
            Ok(_) => continue,
            Err(LoadError::Store(err)) => return Err(err.into()),
            // A board that does not replay is left for the operator.
            Err(_) => continue,
        };
        let Some(side) = live.record.side_of(&userid) else {
            continue;
        };
        settled.extend(rule_board(&desk, live, Verdict::Forfeit(side), "")?);
        boards.push(board);
    }
    let moved = climb::leave(ctx.conn, event, &userid, ctx.now)?.unwrap_or_default();
    let change = LadderChange::Removed {
        by,
        userid: userid.clone(),
        boards,
    };
    let mut notices = tell_one(ctx, event, &userid, change)?;
    notices.extend(settled);
    notices.extend(moved);
    Ok(notices)
}
