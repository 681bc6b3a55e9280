//! Who may be a player of any event: a robot never is, nor a player who
//! signed off, and an invitation, which mails a player as a challenge
//! would, goes only to one who takes challenges from its sender.

use crate::host::model::refusal::Refusal;
use crate::host::request::{refused, Context, Failure};
use crate::store::{self, Player};

/// Whether `by` may invite `player` to an event: an invitation mails
/// him as a challenge would, so he takes it only from those he takes
/// challenges from (the operator excepted), and never as a robot.
pub(crate) fn may_invite(ctx: &Context<'_>, by: &str, player: &Player) -> Result<(), Failure> {
    may_take_part(ctx, player)?;
    if by != super::log::OPERATOR {
        crate::host::request::limits::takes_challenge_from(ctx, by, &player.userid)?;
    }
    Ok(())
}

/// Refuses a robot as a player of an event: robots answer only the
/// challenges of their own boards, never an invitation, so no event
/// takes one (not by invitation, admission, replacement or handover).
/// Refuses a player who signed off too: he takes no new games, whoever
/// would give him some.
pub(crate) fn may_take_part(ctx: &Context<'_>, player: &Player) -> Result<(), Failure> {
    if player.signed_off {
        return Err(refused(Refusal::SignedOff {
            userid: player.userid.clone(),
        }));
    }
    if store::robot_level(ctx.conn, &player.userid)?.is_some() {
        return Err(refused(Refusal::RobotInEvent {
            userid: player.userid.clone(),
        }));
    }
    Ok(())
}
