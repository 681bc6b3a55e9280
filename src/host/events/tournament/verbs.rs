//! A director's verbs on a tournament, for its organiser or the
//! operator: each goes where it belongs (`door`, `rules`, `running`);
//! the start, the message to its players and the handover are here.

use super::super::door::may_take_part;
use super::super::format::{self, Run};
use super::super::log::OPERATOR;
use super::begin::begin;
use super::{answer, door, news_for, open, rules, running, still_on};
use crate::games::GameKind;
use crate::host::model::command::{DirectorVerb, Syntax};
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, Notice, TournamentChange};
use crate::host::model::refusal::Refusal;
use crate::host::request::limits::count_message;
use crate::host::request::{reachable, refused, Context, Handled};
use crate::store::{self, Tournament, TournamentStatus};

/// A director's verb on a tournament, for `by`, its organiser (or the
/// operator); `events::director::direct` logs what it changed.
pub(crate) fn direct(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    by: &str,
    verb: DirectorVerb,
) -> Handled {
    match verb {
        DirectorVerb::Admit { player } => door::admit(ctx, kind, found, by, &player),
        DirectorVerb::Invite { player } => door::invite(ctx, kind, found, by, &player),
        DirectorVerb::Rules { words } => rules::change(ctx, kind, found, by, &words),
        DirectorVerb::Start => start(ctx, kind, found, by),
        DirectorVerb::Announce => announce(ctx, kind, found, by),
        DirectorVerb::HandOver { to } => hand_over(ctx, kind, found, by, &to),
        DirectorVerb::Remove { player } => running::remove(ctx, kind, found, by, &player),
        DirectorVerb::Replace { old, new } => running::replace(ctx, kind, found, by, (&old, &new)),
        DirectorVerb::Cancel => running::cancel(ctx, kind, found, by),
        DirectorVerb::Suspend { .. } | DirectorVerb::Reinstate { .. } => {
            Err(refused(Refusal::NoCommand))
        }
    }
}

/// The organiser starts the tournament: it runs from now, its format
/// begins its first boards and tells every player, and whoever still
/// waited to join (asked, or invited) hears that the door closed.
fn start(ctx: &Context<'_>, kind: GameKind, found: Tournament, by: &str) -> Handled {
    open(&found)?;
    let players = store::tournament_players(ctx.conn, found.id)?;
    let needed = format::of(found.format).fewest_players(&found);
    if players.len() < needed {
        return Err(refused(Refusal::TooFewPlayers {
            name: found.name,
            players: players.len(),
            needed,
            rounds: found.rounds,
        }));
    }
    store::set_tournament_status(ctx.conn, found.id, TournamentStatus::Running, ctx.now)?;
    let running = Tournament {
        status: TournamentStatus::Running,
        ..found
    };
    let run = Run {
        conn: ctx.conn,
        replays: ctx.replays,
        settings: ctx.competition,
        tournament: &running,
        now: ctx.now,
    };
    let (begun, boards) = begin(&run, &players)?;
    let lapsed = door::lapse(ctx, kind, &running, door::Lapse::Started)?;
    let change = TournamentChange::Started {
        userid: by.to_string(),
        players: players.len(),
        boards,
    };
    let mut answered = answer(ctx, &running, Some(change))?;
    answered.extend(begun);
    answered.extend(lapsed);
    Ok(answered)
}

/// The director's message, the mail's body, to every other player of
/// the tournament and its organiser. From a player it counts as one
/// message against the hourly limit on messages, however many it
/// reaches.
fn announce(ctx: &Context<'_>, kind: GameKind, found: Tournament, by: &str) -> Handled {
    let Some(text) = ctx.comment.map(str::trim).filter(|text| !text.is_empty()) else {
        return Err(refused(Refusal::EmptyMessage));
    };
    if by != OPERATOR {
        let to = format!("tournament {} {}", kind.name(), found.name);
        count_message(ctx, by, &to)?;
    }
    let mut readers = store::tournament_players(ctx.conn, found.id)?;
    if !readers
        .iter()
        .any(|userid| userid.eq_ignore_ascii_case(&found.organiser))
    {
        readers.push(found.organiser.clone());
    }
    readers.retain(|userid| !userid.eq_ignore_ascii_case(by));
    let change = TournamentChange::Announced {
        userid: by.to_string(),
        players: readers.len(),
        text: text.to_string(),
    };
    let mut notices = answer(ctx, &found, Some(change))?;
    notices.extend(readers.into_iter().map(|userid| {
        Notice::Competition(CompetitionNews {
            userid,
            kind,
            event: CompetitionEvent::Announcement {
                name: found.name.clone(),
                from: by.to_string(),
                text: text.to_string(),
            },
        })
    }));
    Ok(notices)
}

/// The organiser hands his tournament to another player, who is told and
/// organises it from now on.
fn hand_over(ctx: &Context<'_>, kind: GameKind, found: Tournament, by: &str, to: &str) -> Handled {
    still_on(&found).map_err(refused)?;
    let Some(heir) = store::find_player(ctx.conn, to)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: to.to_string(),
            syntax: Some(Syntax::Tournament),
            game: Some(kind),
        }));
    };
    reachable(ctx, &heir)?;
    may_take_part(ctx, &heir)?;
    store::set_tournament_organiser(ctx.conn, found.id, &heir.userid)?;
    let change = TournamentChange::HandedOver {
        userid: by.to_string(),
        to: heir.userid.clone(),
    };
    let handed = Tournament {
        organiser: heir.userid.clone(),
        ..found
    };
    let mut notices = answer(ctx, &handed, Some(change.clone()))?;
    notices.push(news_for(&heir.userid, kind, &handed, change));
    Ok(notices)
}
