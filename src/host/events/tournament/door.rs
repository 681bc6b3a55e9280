//! Who plays in a tournament before it starts: players `join` and
//! `leave` it; one that admits by approval takes a `join` as a request
//! its organiser grants with `admit`, and one that admits by invitation
//! takes only the players he invited with `invite`.

use super::super::door::{may_invite, may_take_part};
use super::{answer, find, log, news_for, open};
use crate::games::GameKind;
use crate::host::model::command::Syntax;
use crate::host::model::notice::Notice;
use crate::host::model::notice::TournamentChange;
use crate::host::model::refusal::{Refusal, TournamentRefusal};
use crate::host::request::{refused, Context, Failure, Handled};
use crate::rules::ladder_rules::Admission;
use crate::store::{self, Entrant, Player, Tournament};

fn is_in(players: &[String], userid: &str) -> bool {
    players.iter().any(|p| p.eq_ignore_ascii_case(userid))
}

fn players(ctx: &Context<'_>, found: &Tournament) -> Result<Vec<String>, Failure> {
    Ok(store::tournament_players(ctx.conn, found.id)?)
}

/// Adds `userid` to the tournament, unless it has its players already;
/// whether he was not in before.
fn seat(ctx: &Context<'_>, found: &Tournament, userid: &str) -> Result<bool, Failure> {
    let players = players(ctx, found)?;
    let max = ctx.competition.tournaments.max_players;
    if !is_in(&players, userid) && players.len() >= max {
        return Err(refused(Refusal::TournamentFull {
            name: found.name.clone(),
            max,
        }));
    }
    store::remove_entrant(ctx.conn, found.key(), userid)?;
    Ok(store::join_tournament(ctx.conn, found.id, userid)?)
}

pub(super) fn join(ctx: &Context<'_>, kind: GameKind, name: &str, player: Player) -> Handled {
    let found = find(ctx, kind, name)?;
    open(&found)?;
    may_take_part(ctx, &player)?;
    let userid = player.userid;
    let waiting = store::entrant(ctx.conn, found.key(), &userid)?;
    let let_in = is_in(&players(ctx, &found)?, &userid) || waiting == Some(Entrant::Invited);
    match found.admission {
        Admission::Approval if !let_in => {
            // The organiser hears of a request once, however often it
            // is repeated.
            let first = waiting.is_none();
            if first {
                store::set_entrant(ctx.conn, found.key(), &userid, Entrant::Applied, ctx.now)?;
                log(ctx, &found, &userid, "apply", "")?;
            }
            let change = TournamentChange::Applied { userid };
            let mut notices = answer(ctx, &found, Some(change.clone()))?;
            if first {
                notices.push(news_for(&found.organiser, kind, &found, change));
            }
            Ok(notices)
        }
        Admission::Invitation if !let_in => {
            Err(refused(TournamentRefusal::NotInvitedToTournament {
                name: found.name,
                organiser: found.organiser,
            }))
        }
        _ => {
            let new = seat(ctx, &found, &userid)?;
            if new {
                log(ctx, &found, &userid, "join", "")?;
            }
            answer(ctx, &found, Some(TournamentChange::Joined { userid, new }))
        }
    }
}

/// A player leaves before the start, or takes back his request to join.
pub(super) fn leave(ctx: &Context<'_>, kind: GameKind, name: &str, player: Player) -> Handled {
    let found = find(ctx, kind, name)?;
    open(&found)?;
    let applied = store::entrant(ctx.conn, found.key(), &player.userid)? == Some(Entrant::Applied);
    store::remove_entrant(ctx.conn, found.key(), &player.userid)?;
    let was_in = store::leave_tournament(ctx.conn, found.id, &player.userid)? || applied;
    if was_in {
        log(ctx, &found, &player.userid, "leave", "")?;
    }
    let change = TournamentChange::Left {
        userid: player.userid,
        was_in,
    };
    answer(ctx, &found, Some(change))
}

/// The organiser (`by`; the operator too) lets in a player waiting to
/// join, who is told.
pub(super) fn admit(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    by: &str,
    player: &str,
) -> Handled {
    open(&found)?;
    let waiting = store::entrants(ctx.conn, found.key())?
        .into_iter()
        .find(|(userid, _)| userid.eq_ignore_ascii_case(player));
    let Some((userid, _)) = waiting else {
        return Err(refused(TournamentRefusal::NotWaitingForTournament {
            name: found.name,
            userid: player.to_string(),
        }));
    };
    let Some(waiting) = store::find_player(ctx.conn, &userid)? else {
        return Err(refused(Refusal::SignedOff { userid }));
    };
    may_take_part(ctx, &waiting)?;
    seat(ctx, &found, &userid)?;
    let change = TournamentChange::Admitted {
        userid: by.to_string(),
        player: userid.clone(),
    };
    let mut notices = answer(ctx, &found, Some(change.clone()))?;
    notices.push(news_for(&userid, kind, &found, change));
    Ok(notices)
}

/// The organiser (`by`; the operator too) invites a player, who is told
/// how to join.
pub(super) fn invite(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    by: &str,
    player: &str,
) -> Handled {
    open(&found)?;
    let Some(invited) = store::find_player(ctx.conn, player)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: player.to_string(),
            syntax: Some(Syntax::Tournament),
            game: Some(kind),
        }));
    };
    crate::host::request::reachable(ctx, &invited)?;
    may_invite(ctx, by, &invited)?;
    if is_in(&players(ctx, &found)?, &invited.userid) {
        return Err(refused(TournamentRefusal::AlreadyInTournament {
            name: found.name,
            userid: invited.userid,
        }));
    }
    // An invitation is told once, however often it is repeated.
    let userid = invited.userid;
    let first = store::entrant(ctx.conn, found.key(), &userid)? != Some(Entrant::Invited);
    if first {
        store::set_entrant(ctx.conn, found.key(), &userid, Entrant::Invited, ctx.now)?;
    }
    let change = TournamentChange::Invited {
        userid: by.to_string(),
        player: userid.clone(),
    };
    let mut notices = answer(ctx, &found, Some(change.clone()))?;
    if first {
        notices.push(news_for(&userid, kind, &found, change));
    }
    Ok(notices)
}

/// Why the door of a tournament closed on those still waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lapse {
    Started,
    Cancelled,
}

/// The door closes: everyone still waiting to join (asked, or invited)
/// is told his request or invitation lapsed, and no longer waits.
pub(crate) fn lapse(
    ctx: &Context<'_>,
    kind: GameKind,
    found: &Tournament,
    why: Lapse,
) -> Result<Vec<Notice>, Failure> {
    let waiting = store::entrants(ctx.conn, found.key())?;
    store::clear_entrants(ctx.conn, found.key())?;
    Ok(waiting
        .into_iter()
        .map(|(userid, entrant)| {
            let change = TournamentChange::Lapsed {
                invited: entrant == Entrant::Invited,
                cancelled: why == Lapse::Cancelled,
            };
            news_for(&userid, kind, found, change)
        })
        .collect())
}
