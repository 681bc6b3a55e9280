//! `withdraw`: a player takes back his own standing proposals (a draw
//! offer, a take-back, a pause), so another can be made.

use super::{comment_of, refused_on, Context, Handled};
use crate::games::Side;
use crate::host::model::answers::{may, own_proposals, Proposal, Reply};
use crate::host::model::notice::{BoardNews, Event, Notice};
use crate::host::model::replays::LiveGame;
use crate::store::{self, Player};

/// Withdraws every proposal of `side`'s that stands on `live`.
pub(super) fn withdraw(
    ctx: &Context<'_>,
    mut live: LiveGame,
    player: &Player,
    side: Side,
) -> Handled {
    if let Err(refusal) = may(&live, side, Reply::Withdraw) {
        return Err(refused_on(refusal, live));
    }
    let board = live.record.id;
    let proposals = own_proposals(&live, side);
    for proposal in &proposals {
        match proposal {
            Proposal::Draw => {
                store::set_draw_offer(ctx.conn, board, None, ctx.now)?;
                live.record.draw_offer = None;
            }
            Proposal::TakeBack => {
                store::set_undo_proposal(ctx.conn, board, None, ctx.now)?;
                live.undo_offer = None;
            }
            Proposal::Pause => {
                store::set_pause(ctx.conn, board, live.record.paused, None)?;
                live.record.pause_offer = None;
            }
        }
    }
    Ok(vec![Notice::Board(BoardNews {
        live,
        events: vec![Event::Withdrawn {
            userid: player.userid.clone(),
            proposals,
        }],
        comment: comment_of(ctx, &player.userid)?,
        new_game: false,
    })])
}
