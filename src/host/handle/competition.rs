//! `GAME standings` and the ladders: `GAME ladder`, `GAME ladder
//! join|leave`, and the checks on a `-ladder` challenge.

use super::{authenticate, refused, Context, Failure, Handled};
use crate::games::GameKind;
use crate::host::competition::climb::{self, ChallengeProblem};
use crate::host::competition::listing;
use crate::host::competition::rated;
use crate::host::model::command::{Credential, LadderAction};
use crate::host::model::notice::{Answer, LadderChange, Notice};
use crate::host::model::refusal::Refusal;

pub fn standings(ctx: &Context<'_>, kind: GameKind, all: bool) -> Handled {
    let (lines, hidden) = rated::standings(ctx.conn, &ctx.competition.ratings, kind, all, ctx.now)?;
    let settings = &ctx.competition.ratings;
    Ok(vec![Notice::Answer(Answer::Standings {
        kind,
        lines,
        all,
        hidden,
        provisional_above: settings.provisional_above,
        inactive_days: settings.inactive_days,
    })])
}

pub fn ladder(ctx: &Context<'_>, kind: GameKind, action: Option<LadderAction>) -> Handled {
    let settings = &ctx.competition.ladders;
    let Some(action) = action else {
        return Ok(vec![Notice::Answer(Answer::Ladder {
            kind,
            lines: listing::ladder_lines(ctx.conn, kind)?,
            change: None,
            reach: settings.reach,
        })]);
    };
    let credential = Credential::Password(action.password.clone());
    let player = authenticate(ctx, &action.userid, &credential, None)?;
    let mut notices = Vec::new();
    let change = if action.join {
        if player.signed_off {
            return Err(refused(Refusal::SignedOff {
                userid: player.userid,
            }));
        }
        let (rank, new) = climb::join(ctx.conn, settings, kind, &player.userid, ctx.now)?;
        LadderChange::Joined {
            userid: player.userid,
            rank,
            new,
        }
    } else {
        let left = climb::leave(ctx.conn, settings, kind, &player.userid, ctx.now)?;
        let was_on = left.is_some();
        notices.extend(left.unwrap_or_default());
        LadderChange::Left {
            userid: player.userid,
            was_on,
        }
    };
    notices.insert(
        0,
        Notice::Answer(Answer::Ladder {
            kind,
            lines: listing::ladder_lines(ctx.conn, kind)?,
            change: Some(change),
            reach: settings.reach,
        }),
    );
    Ok(notices)
}

/// Refuses a ladder challenge the ladder does not allow.
pub(super) fn check_ladder_challenge(
    ctx: &Context<'_>,
    kind: GameKind,
    challenger: &str,
    challenged: &str,
) -> Result<(), Failure> {
    let settings = &ctx.competition.ladders;
    let problem = match climb::check_challenge(ctx.conn, settings, kind, challenger, challenged)? {
        Ok(()) => return Ok(()),
        Err(problem) => problem,
    };
    Err(refused(match problem {
        ChallengeProblem::NotOnLadder(userid) => Refusal::NotOnLadder { userid, game: kind },
        ChallengeProblem::OutOfReach {
            rank,
            target,
            reach,
            within,
        } => Refusal::OutOfReach {
            userid: challenged.to_string(),
            rank,
            target,
            highest: *reach.start(),
            lowest: *reach.end(),
            within,
            reach: settings.reach,
            game: kind,
        },
        ChallengeProblem::Open { userid, board } => Refusal::LadderChallengeOpen {
            userid,
            board,
            game: kind,
        },
    }))
}
