//! Who plays in a league: anyone `join`s (before the first season, or
//! during one to enter the last division at the next), and `leave`s; the
//! director `remove`s. A player who goes during a season loses his
//! running games in his division (as a tournament's removed player
//! does) and is gone when it ends.

use super::{answer, find, news_for};
use crate::games::GameKind;
use crate::host::events::director::desk;
use crate::host::events::log::log_event;
use crate::host::events::tournament::remove_running;
use crate::host::model::notice::{CompetitionEvent, LeagueChange, Notice, TournamentChange};
use crate::host::model::refusal::LeagueRefusal;
use crate::host::request::{refused, Context, Failure, Handled};
use crate::store::{self, League, LeagueStatus, Player};

pub(super) fn join(ctx: &Context<'_>, kind: GameKind, name: &str, player: Player) -> Handled {
    let found = find(ctx, kind, name)?;
    if found.status == LeagueStatus::Cancelled {
        return Err(refused(LeagueRefusal::LeagueCancelled {
            name: found.name,
            game: kind,
        }));
    }
    crate::host::events::door::may_take_part(ctx, &player)?;
    if !store::join_league(ctx.conn, found.id, &player.userid, ctx.now)? {
        return Err(refused(LeagueRefusal::AlreadyInLeague {
            name: found.name,
            userid: player.userid,
            game: kind,
        }));
    }
    let waiting = found.status == LeagueStatus::Running;
    let detail = if waiting { "for the next season" } else { "" };
    log_event(
        ctx.conn,
        found.key(),
        &player.userid,
        "join",
        detail,
        ctx.now,
    )?;
    let change = LeagueChange::Joined {
        userid: player.userid.clone(),
        waiting,
        new: true,
    };
    let mut notices = answer(ctx, &found, Some(change.clone()))?;
    if !found.organiser.eq_ignore_ascii_case(&player.userid) {
        notices.push(news_for(&found.organiser, kind, &found, change));
    }
    Ok(notices)
}

pub(super) fn leave(ctx: &Context<'_>, kind: GameKind, name: &str, player: Player) -> Handled {
    let found = find(ctx, kind, name)?;
    let (boards, mut results) = take_out(ctx, kind, &found, &player.userid, &player.userid)?;
    let detail = lost_text(&boards);
    log_event(
        ctx.conn,
        found.key(),
        &player.userid,
        "leave",
        &detail,
        ctx.now,
    )?;
    let change = LeagueChange::Left {
        userid: player.userid.clone(),
        boards,
    };
    let mut notices = answer(ctx, &found, Some(change.clone()))?;
    if !found.organiser.eq_ignore_ascii_case(&player.userid) {
        notices.push(news_for(&found.organiser, kind, &found, change));
    }
    notices.append(&mut results);
    Ok(notices)
}

/// The director takes `out` out, as if he had left; he is told.
pub(super) fn remove(
    ctx: &Context<'_>,
    kind: GameKind,
    found: League,
    by: &str,
    out: &str,
) -> Handled {
    let userid = store::league_players(ctx.conn, found.id)?
        .into_iter()
        .find(|player| player.userid.eq_ignore_ascii_case(out))
        .map(|player| player.userid)
        .unwrap_or_else(|| out.to_string());
    let (boards, mut results) = take_out(ctx, kind, &found, by, &userid)?;
    let change = LeagueChange::Removed {
        userid: by.to_string(),
        player: userid.clone(),
        boards,
    };
    let mut notices = answer(ctx, &found, Some(change.clone()))?;
    notices.push(news_for(&userid, kind, &found, change));
    notices.append(&mut results);
    Ok(notices)
}

/// Takes `userid` out of the league for `by`: at once when he plays in
/// no division now; else his running games there are lost by him and he
/// goes at the season's end. The boards he lost, and their mails.
fn take_out(
    ctx: &Context<'_>,
    kind: GameKind,
    found: &League,
    by: &str,
    userid: &str,
) -> Result<(Vec<i64>, Vec<Notice>), Failure> {
    let not_in = || {
        refused(LeagueRefusal::NotInLeague {
            name: found.name.clone(),
            userid: userid.to_string(),
            game: kind,
        })
    };
    let member = store::league_players(ctx.conn, found.id)?
        .into_iter()
        .find(|player| player.userid.eq_ignore_ascii_case(userid))
        .ok_or_else(not_in)?;
    if member.leaving {
        return Err(not_in());
    }
    let division = match (found.status, member.division) {
        (LeagueStatus::Running, Some(_)) => super::season::division_of(ctx.conn, found, userid)?,
        _ => None,
    };
    let Some(division) = division else {
        store::remove_league_player(ctx.conn, found.id, userid)?;
        return Ok((Vec::new(), Vec::new()));
    };
    store::mark_leaving(ctx.conn, found.id, userid, ctx.now)?;
    let (change, notices) =
        remove_running(&desk(ctx, by), kind, &division, userid)?.map_err(refused)?;
    let boards = match change {
        TournamentChange::Removed { boards, .. } => boards,
        _ => Vec::new(),
    };
    // The league tells of it; the division's own news would say it again.
    let notices = notices
        .into_iter()
        .filter(|notice| {
            !matches!(notice, Notice::Competition(news)
                if matches!(news.event, CompetitionEvent::TournamentNews { .. }))
        })
        .collect();
    Ok((boards, notices))
}

/// The boards a player lost by going, as the log says them.
fn lost_text(boards: &[i64]) -> String {
    let named: Vec<String> = boards
        .iter()
        .map(|board| format!("board {board}"))
        .collect();
    match named.is_empty() {
        true => String::new(),
        false => format!("lost by him: {}", named.join(", ")),
    }
}
