//! A director's verbs on a league, for its director or the operator:
//! the start of a season, its rules (`rules`), a player taken out
//! (`door`), the handover, the cancellation and the message to its
//! players.

use super::super::director::desk;
use super::super::door::may_take_part;
use super::super::log::OPERATOR;
use super::super::tournament::cancel_tournament;
use super::season::{begin, strongest, Seasons};
use super::{answer, concerned, door, news_for, rules};
use crate::games::GameKind;
use crate::host::model::command::{DirectorVerb, Syntax};
use crate::host::model::notice::{LeagueChange, TournamentChange};
use crate::host::model::refusal::{LeagueRefusal, Refusal};
use crate::host::request::limits::count_message;
use crate::host::request::{reachable, refused, Context, Handled};
use crate::rules::league_rules::first_divisions;
use crate::store::{self, League, LeagueStatus, TournamentStatus};

/// A director's verb on a league, for `by`, its director (or the
/// operator); `events::director::direct` logs what it changed.
pub(crate) fn direct(
    ctx: &Context<'_>,
    kind: GameKind,
    found: League,
    by: &str,
    verb: DirectorVerb,
) -> Handled {
    if found.status == LeagueStatus::Cancelled {
        return Err(refused(LeagueRefusal::LeagueCancelled {
            name: found.name,
            game: kind,
        }));
    }
    match verb {
        DirectorVerb::Start => start(ctx, found, by),
        DirectorVerb::Rules { words } => rules::change(ctx, kind, found, by, &words),
        DirectorVerb::Remove { player } => door::remove(ctx, kind, found, by, &player),
        DirectorVerb::HandOver { to } => hand_over(ctx, kind, found, by, &to),
        DirectorVerb::Cancel => cancel(ctx, kind, found, by),
        DirectorVerb::Announce => announce(ctx, kind, found, by),
        DirectorVerb::Admit { .. }
        | DirectorVerb::Invite { .. }
        | DirectorVerb::Suspend { .. }
        | DirectorVerb::Reinstate { .. }
        | DirectorVerb::Replace { .. } => Err(refused(Refusal::NoCommand)),
    }
}

/// The director begins the league's first season (or, after one that
/// found too few players, the next).
fn start(ctx: &Context<'_>, found: League, by: &str) -> Handled {
    if found.status == LeagueStatus::Running {
        return Err(refused(LeagueRefusal::LeagueRunning {
            name: found.name,
            season: found.season,
        }));
    }
    let players: Vec<String> = store::league_players(ctx.conn, found.id)?
        .into_iter()
        .map(|player| player.userid)
        .collect();
    if players.len() < 2 {
        return Err(refused(LeagueRefusal::TooFewForLeague {
            game: super::table::kind_of(&found)?,
            name: found.name,
            players: players.len(),
        }));
    }
    let seasons = Seasons {
        conn: ctx.conn,
        replays: ctx.replays,
        settings: ctx.competition,
        now: ctx.now,
    };
    let strongest_first = strongest(&seasons, &found.kind, &players)?;
    let divisions = first_divisions(&strongest_first, found.size);
    let (change, mut begun) = begin(&seasons, &found, by, divisions)?;
    let running = store::load_league(ctx.conn, found.id)?.unwrap_or(found);
    let mut notices = answer(ctx, &running, Some(change))?;
    notices.append(&mut begun);
    Ok(notices)
}

/// The director hands the league (and the current season's divisions)
/// to another player, who is told.
fn hand_over(ctx: &Context<'_>, kind: GameKind, found: League, by: &str, to: &str) -> Handled {
    let Some(heir) = store::find_player(ctx.conn, to)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: to.to_string(),
            syntax: Some(Syntax::League),
            game: Some(kind),
        }));
    };
    reachable(ctx, &heir)?;
    may_take_part(ctx, &heir)?;
    store::set_league_organiser(ctx.conn, found.id, &heir.userid)?;
    for id in store::league_divisions(ctx.conn, found.id, found.season)? {
        store::set_tournament_organiser(ctx.conn, id, &heir.userid)?;
    }
    let change = LeagueChange::HandedOver {
        userid: by.to_string(),
        to: heir.userid.clone(),
    };
    let handed = League {
        organiser: heir.userid.clone(),
        ..found
    };
    let mut notices = answer(ctx, &handed, Some(change.clone()))?;
    notices.push(news_for(&heir.userid, kind, &handed, change));
    Ok(notices)
}

/// The director ends the league: the current season's running boards
/// are voided, and everyone is told.
fn cancel(ctx: &Context<'_>, kind: GameKind, found: League, by: &str) -> Handled {
    store::set_league_status(ctx.conn, found.id, LeagueStatus::Cancelled)?;
    let mut notices = Vec::new();
    let mut boards = Vec::new();
    for id in store::league_divisions(ctx.conn, found.id, found.season)? {
        let Some(division) = store::load_tournament(ctx.conn, id)? else {
            continue;
        };
        if division.status != TournamentStatus::Running {
            continue;
        }
        let (_, change, _) = cancel_tournament(&desk(ctx, by), kind, &division)?;
        if let TournamentChange::Cancelled { boards: voided, .. } = change {
            boards.extend(voided);
        }
    }
    let cancelled = League {
        status: LeagueStatus::Cancelled,
        ..found
    };
    let change = LeagueChange::Cancelled {
        userid: by.to_string(),
        boards,
    };
    for userid in concerned(ctx.conn, &cancelled, by)? {
        notices.push(news_for(&userid, kind, &cancelled, change.clone()));
    }
    let mut answered = answer(ctx, &cancelled, Some(change))?;
    answered.extend(notices);
    Ok(answered)
}

/// The director's message, the mail's body, to every other player of
/// the league; from a player it counts as one message against the
/// hourly limit, however many it reaches.
fn announce(ctx: &Context<'_>, kind: GameKind, found: League, by: &str) -> Handled {
    let Some(text) = ctx.comment.map(str::trim).filter(|text| !text.is_empty()) else {
        return Err(refused(Refusal::EmptyMessage));
    };
    if by != OPERATOR {
        count_message(ctx, by, &format!("league {} {}", kind.name(), found.name))?;
    }
    let readers = concerned(ctx.conn, &found, by)?;
    let change = LeagueChange::Announced {
        userid: by.to_string(),
        players: readers.len(),
        text: text.to_string(),
    };
    let mut notices = answer(ctx, &found, Some(change.clone()))?;
    notices.extend(
        readers
            .iter()
            .map(|userid| news_for(userid, kind, &found, change.clone())),
    );
    Ok(notices)
}
