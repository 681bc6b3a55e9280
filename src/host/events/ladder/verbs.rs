//! What players and directors do to ladders: a player's `create`,
//! `join` and `leave`, and the director's `admit`, `invite`, `suspend`,
//! `reinstate`, `remove`, `rules`, `handover`, `cancel` and `announce`
//! (for a named ladder's director, or the operator). The default ladder
//! of each game type is the operator's: by mail it is only joined and
//! left.

use super::super::director::rulings::Verdict;
use super::super::director::{rule_board, Desk};
use super::super::door::{may_invite, may_take_part};
use super::super::lists::{find_ladder, ladder_answer};
use super::super::log::OPERATOR;
use super::climb;
use super::LadderEvent;
use crate::games::GameKind;
use crate::host::model::command::{DirectorVerb, Syntax};
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, LadderChange, Notice};
use crate::host::model::refusal::{LadderRefusal, Refusal};
use crate::host::model::replays::{self, LoadError};
use crate::host::request::limits::count_message;
use crate::host::request::switches::split_switches;
use crate::host::request::{refused, Context, Failure, Handled};
use crate::rules::ladder_rules::{Admission, LadderRules};
use crate::store::{self, Entrant, GameStatus, Player};

/// A director's verb on a ladder, for `by`, its director (or the
/// operator); `events::director::direct` logs what it changed.
pub(crate) fn direct(
    ctx: &Context<'_>,
    event: &LadderEvent,
    by: String,
    verb: DirectorVerb,
) -> Handled {
    match verb {
        DirectorVerb::Admit { player } => admit(ctx, event, by, &player),
        DirectorVerb::Invite { player } => {
            let invited = existing(ctx, event.kind, &player)?;
            may_invite(ctx, &by, &invited)?;
            store::set_entrant(
                ctx.conn,
                event.key(),
                &invited.userid,
                Entrant::Invited,
                ctx.now,
            )?;
            let change = LadderChange::Invited {
                by,
                userid: invited.userid.clone(),
            };
            tell_one(ctx, event, &invited.userid, change)
        }
        DirectorVerb::Suspend { player } => suspend(ctx, event, by, &player, true),
        DirectorVerb::Reinstate { player } => suspend(ctx, event, by, &player, false),
        DirectorVerb::Remove { player } => remove(ctx, event, by, &player),
        DirectorVerb::Rules { words } => change_rules(ctx, event, by, &words),
        DirectorVerb::HandOver { to } => {
            let heir = existing(ctx, event.kind, &to)?;
            crate::host::request::reachable(ctx, &heir)?;
            may_take_part(ctx, &heir)?;
            store::set_ladder_director(ctx.conn, event.id(), &heir.userid)?;
            let change = LadderChange::HandedOver {
                by,
                to: heir.userid.clone(),
            };
            tell_one(ctx, &reloaded(ctx, event)?, &heir.userid, change)
        }
        DirectorVerb::Cancel => {
            store::set_ladder_status(ctx.conn, event.id(), store::CANCELLED)?;
            let cancelled = reloaded(ctx, event)?;
            let lapsed = lapse_entrants(ctx, &cancelled)?;
            let mut notices = tell_all(
                ctx,
                &cancelled,
                &by,
                LadderChange::Cancelled { by: by.clone() },
            )?;
            notices.extend(lapsed);
            Ok(notices)
        }
        DirectorVerb::Announce => {
            let Some(text) = ctx.comment.map(str::trim).filter(|text| !text.is_empty()) else {
                return Err(refused(Refusal::EmptyMessage));
            };
            if by != OPERATOR {
                let to = format!("ladder {} {}", event.kind.name(), event.row.name);
                count_message(ctx, &by, &to)?;
            }
            let change = LadderChange::Announcement {
                by: by.clone(),
                text: text.to_string(),
            };
            tell_all(ctx, event, &by, change)
        }
        DirectorVerb::Replace { .. } | DirectorVerb::Start => Err(refused(Refusal::NoCommand)),
    }
}

/// The director takes a player off the ladder (`GAME ladder remove NAME
/// userid password PLAYER`): each of the player's running games on the
/// ladder is lost by him by forfeit, as `GAME forfeit` rules it (a game
/// played, rated where the board is, once both players have moved; else
/// aborted and counted by the ladder's rule against him); then he leaves
/// the ladder, those below move up, and everyone is told.
fn remove(ctx: &Context<'_>, event: &LadderEvent, by: String, player: &str) -> Handled {
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

/// Those waiting to join a ladder that ended (asked, or invited) are
/// told their request or invitation lapsed, and wait no more.
fn lapse_entrants(ctx: &Context<'_>, event: &LadderEvent) -> Handled {
    let waiting = store::entrants(ctx.conn, event.key())?;
    store::clear_entrants(ctx.conn, event.key())?;
    Ok(waiting
        .into_iter()
        .map(|(userid, entrant)| {
            let change = LadderChange::Lapsed {
                invited: entrant == Entrant::Invited,
            };
            news(event, &userid, change)
        })
        .collect())
}

/// The rules as written after `create` or `rules`, every switch checked
/// as a challenge would check it.
fn read_rules(
    ctx: &Context<'_>,
    kind: GameKind,
    base: &LadderRules,
    words: &[String],
) -> Result<LadderRules, Failure> {
    let rules = LadderRules::read(base, words)
        .map_err(|reason| refused(LadderRefusal::BadLadderRule { reason, game: kind }))?;
    let split = split_switches(ctx, kind, &rules.switches)?;
    if split.ladder.is_some() {
        return Err(refused(Refusal::LadderSwitch {
            game: kind,
            tournament: false,
        }));
    }
    kind.new_game(&split.game)
        .map_err(|reason| refused(Refusal::BadSwitches { game: kind, reason }))?;
    Ok(rules)
}

pub(super) fn create(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    director: Player,
    words: &[String],
) -> Handled {
    if store::find_ladder(ctx.conn, kind.name(), name)?.is_some() {
        return Err(refused(LadderRefusal::LadderExists {
            name: name.to_string(),
            game: kind,
        }));
    }
    let most = ctx.competition.ladders.max_per_director;
    if store::ladders_directed(ctx.conn, &director.userid)? >= most {
        return Err(refused(LadderRefusal::DirectsTooMany { most, game: kind }));
    }
    let rules = read_rules(ctx, kind, &ctx.competition.ladders.rules(), words)?;
    let comment = ctx.comment.map(str::trim).unwrap_or_default();
    store::insert_ladder(
        ctx.conn,
        kind.name(),
        name,
        &director.userid,
        &rules.words().join(" "),
        comment,
        ctx.now,
    )?;
    let event = find_ladder(ctx, kind, name)?;
    let change = LadderChange::Created {
        userid: director.userid,
    };
    Ok(vec![ladder_answer(ctx, &event, Some(change))?])
}

pub(super) fn join(ctx: &Context<'_>, event: &LadderEvent, player: Player) -> Handled {
    open(event)?;
    may_take_part(ctx, &player)?;
    let userid = player.userid;
    let on = store::ladder_rank(ctx.conn, event.id(), &userid)?.is_some();
    let entrant = store::entrant(ctx.conn, event.key(), &userid)?;
    let invited = entrant == Some(Entrant::Invited);
    match event.rules.admission {
        Admission::Approval if !on && !invited => {
            store::set_entrant(ctx.conn, event.key(), &userid, Entrant::Applied, ctx.now)?;
            let change = LadderChange::Applied {
                userid: userid.clone(),
            };
            let mut notices = vec![ladder_answer(ctx, event, Some(change.clone()))?];
            notices.extend(director_news(event, change));
            Ok(notices)
        }
        Admission::Invitation if !on && !invited => Err(refused(LadderRefusal::NotInvited {
            ladder: event.row.name.clone(),
            director: event.row.director.clone().unwrap_or_default(),
            game: event.kind,
        })),
        _ => {
            let (rank, new) = climb::join(ctx.conn, event, &userid, ctx.now)?;
            let change = LadderChange::Joined { userid, rank, new };
            Ok(vec![ladder_answer(ctx, event, Some(change))?])
        }
    }
}

pub(super) fn leave(ctx: &Context<'_>, event: &LadderEvent, player: Player) -> Handled {
    let left = climb::leave(ctx.conn, event, &player.userid, ctx.now)?;
    store::remove_entrant(ctx.conn, event.key(), &player.userid)?;
    let change = LadderChange::Left {
        userid: player.userid,
        was_on: left.is_some(),
    };
    let mut notices = vec![ladder_answer(ctx, event, Some(change))?];
    notices.extend(left.unwrap_or_default());
    Ok(notices)
}

/// The director admits a player who asked to join: he joins at the
/// bottom, and is told.
fn admit(ctx: &Context<'_>, event: &LadderEvent, by: String, player: &str) -> Handled {
    open(event)?;
    let waiting = store::entrant(ctx.conn, event.key(), player)?;
    let Some(waiting) = store::find_player(ctx.conn, player)?.filter(|_| waiting.is_some()) else {
        return Err(refused(LadderRefusal::NotWaiting {
            userid: player.to_string(),
            ladder: event.row.name.clone(),
            game: event.kind,
        }));
    };
    may_take_part(ctx, &waiting)?;
    let (rank, _) = climb::join(ctx.conn, event, &waiting.userid, ctx.now)?;
    let change = LadderChange::Admitted {
        by,
        userid: waiting.userid.clone(),
        rank,
    };
    tell_one(ctx, event, &waiting.userid, change)
}

/// The director suspends a player on the ladder, or lifts it: a
/// suspended player keeps his place and his running games, but plays no
/// new ladder game and does not drop; lifted, his time without a ladder
/// game starts again.
fn suspend(
    ctx: &Context<'_>,
    event: &LadderEvent,
    by: String,
    player: &str,
    suspended: bool,
) -> Handled {
    let mut rungs = store::ladder(ctx.conn, event.id())?;
    let Some(rung) = rungs
        .iter_mut()
        .find(|rung| rung.userid.eq_ignore_ascii_case(player))
    else {
        return Err(refused(Refusal::NotOnLadder {
            userid: player.to_string(),
            ladder: event.row.name.clone(),
            game: event.kind,
        }));
    };
    rung.suspended = suspended;
    if suspended {
        rung.next_drop = None;
    } else {
        rung.active_since = ctx.now;
        rung.drops = 0;
        rung.next_drop = event.rules.inactive_after.map(|after| ctx.now + after);
    }
    let userid = rung.userid.clone();
    store::save_ladder(ctx.conn, event.id(), &rungs)?;
    let change = if suspended {
        LadderChange::Suspended {
            by,
            userid: userid.clone(),
        }
    } else {
        LadderChange::Reinstated {
            by,
            userid: userid.clone(),
        }
    };
    tell_one(ctx, event, &userid, change)
}

/// The director changes rules for the games not begun yet (a running
/// game keeps the rule it began under); every player is told.
fn change_rules(ctx: &Context<'_>, event: &LadderEvent, by: String, words: &[String]) -> Handled {
    // What the words name changes, a switch given replacing the old one
    // of its name; the rest stays.
    let rules = read_rules(ctx, event.kind, &event.rules, words)?;
    let whole = rules.words();
    store::set_ladder_rules(ctx.conn, event.id(), &whole.join(" "))?;
    let change = LadderChange::RulesChanged {
        by: by.clone(),
        words: words.to_vec(),
        rules: whole,
    };
    tell_all(ctx, &reloaded(ctx, event)?, &by, change)
}

fn open(event: &LadderEvent) -> Result<(), Failure> {
    if event.cancelled() {
        return Err(refused(LadderRefusal::LadderCancelled {
            ladder: event.row.name.clone(),
            game: event.kind,
        }));
    }
    Ok(())
}

pub(super) fn existing(ctx: &Context<'_>, kind: GameKind, userid: &str) -> Result<Player, Failure> {
    store::find_player(ctx.conn, userid)?.ok_or_else(|| {
        refused(Refusal::NoSuchPlayer {
            userid: userid.to_string(),
            syntax: Some(Syntax::Ladder),
            game: Some(kind),
        })
    })
}

fn reloaded(ctx: &Context<'_>, event: &LadderEvent) -> Result<LadderEvent, Failure> {
    find_ladder(ctx, event.kind, &event.row.name)
}

fn news(event: &LadderEvent, userid: &str, change: LadderChange) -> Notice {
    Notice::Competition(CompetitionNews {
        userid: userid.to_string(),
        kind: event.kind,
        event: CompetitionEvent::LadderNews {
            name: event.row.name.clone(),
            change,
        },
    })
}

fn director_news(event: &LadderEvent, change: LadderChange) -> Option<Notice> {
    let director = event.row.director.as_deref()?;
    Some(news(event, director, change))
}

/// The sender's answer, and the news for the one player it concerns.
fn tell_one(ctx: &Context<'_>, event: &LadderEvent, userid: &str, change: LadderChange) -> Handled {
    Ok(vec![
        ladder_answer(ctx, event, Some(change.clone()))?,
        news(event, userid, change),
    ])
}

/// The sender's answer, and the news for every other player on the
/// ladder.
fn tell_all(ctx: &Context<'_>, event: &LadderEvent, sender: &str, change: LadderChange) -> Handled {
    let mut notices = vec![ladder_answer(ctx, event, Some(change.clone()))?];
    for rung in store::ladder(ctx.conn, event.id())? {
        if !rung.userid.eq_ignore_ascii_case(sender) {
            notices.push(news(event, &rung.userid, change.clone()));
        }
    }
    Ok(notices)
}
