//! Tournaments: `GAME tournament NAME`, and `GAME tournament VERB NAME
//! userid password [...]`. A player creates one (`rules`), joins and
//! leaves (`door`); its organiser directs it with the director's verbs
//! ([`direct`], reached through `events::director`): the start, the
//! message to its players and the handover here, who comes in (`door`),
//! its rules (`rules`), and what acts on its boards (`running`). How its
//! format pairs and ends is `format`; its table and what follows a board's
//! end is `table`.

pub(crate) mod deadline;
pub(crate) mod report_file;
pub(crate) mod rules;
mod running;
pub(crate) mod table;

use super::director::{self, Directed};
use super::door;
use super::format::{self, Run};
use super::log::OPERATOR;
use crate::games::GameKind;
use crate::host::model::command::{
    Credential, DirectorVerb, Syntax, TournamentAction, TournamentVerb,
};
use crate::host::model::notice::{
    Answer, CompetitionEvent, CompetitionNews, Notice, TournamentChange,
};
use crate::host::model::refusal::Refusal;
use crate::host::request::limits::count_message;
use crate::host::request::{authenticate, reachable, refused, Context, Failure, Handled};
use crate::store::{self, Player, Tournament, TournamentStatus};

pub(crate) use running::{cancel_tournament, remove_running, still_on};

pub(crate) fn tournament(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    action: Option<TournamentAction>,
) -> Handled {
    let Some(action) = action else {
        let found = find(ctx, kind, name)?;
        return answer(ctx, &found, None);
    };
    let credential = Credential::Password(action.password.clone());
    let player = authenticate(ctx, &action.userid, &credential, None)?;
    match action.verb {
        TournamentVerb::Create { switches } => rules::create(ctx, kind, name, player, &switches),
        TournamentVerb::Join => door::join(ctx, kind, name, player),
        TournamentVerb::Leave => door::leave(ctx, kind, name, player),
        TournamentVerb::Direct(verb) => {
            let found = organised_by(ctx, kind, name, &player, verb.word())?;
            director::direct(ctx, kind, Directed::Tournament(found), &player.userid, verb)
        }
    }
}

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

/// Adds a line to the tournament's log, by `actor`: what players do
/// (the director's verbs are logged by `events::director`).
pub(super) fn log(
    ctx: &Context<'_>,
    found: &Tournament,
    actor: &str,
    action: &str,
    detail: &str,
) -> Result<(), Failure> {
    super::log::log_tournament(ctx.conn, found.id, actor, action, detail, ctx.now)?;
    Ok(())
}

pub(crate) fn find(ctx: &Context<'_>, kind: GameKind, name: &str) -> Result<Tournament, Failure> {
    store::find_tournament(ctx.conn, kind.name(), name)?.ok_or_else(|| {
        refused(Refusal::NoSuchTournament {
            name: name.to_string(),
            game: kind,
        })
    })
}

/// The tournament for the sender, with what his command changed.
pub(super) fn answer(
    ctx: &Context<'_>,
    found: &Tournament,
    change: Option<TournamentChange>,
) -> Handled {
    let table = table::table(ctx.conn, ctx.competition, found)?;
    Ok(vec![Notice::Answer(Answer::Tournament {
        table: Box::new(table),
        change,
    })])
}

/// Players join, leave, the rules change and the start happens only
/// while it is open.
pub(super) fn open(found: &Tournament) -> Result<(), Failure> {
    if found.status == TournamentStatus::Open {
        return Ok(());
    }
    let status = match found.status {
        TournamentStatus::Running => "running",
        TournamentStatus::Cancelled => "cancelled",
        _ => "finished",
    };
    Err(refused(Refusal::TournamentClosed {
        name: found.name.clone(),
        status: status.to_string(),
    }))
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
    let begun = format::of(running.format).start(&run, &players)?;
    let lapsed = door::lapse(ctx, kind, &running, door::Lapse::Started)?;
    let change = TournamentChange::Started {
        userid: by.to_string(),
        players: players.len(),
        boards: begun.boards,
    };
    let mut answered = answer(ctx, &running, Some(change))?;
    answered.extend(begun.notices);
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

/// The tournament, when `player` organises it; else the refusal saying
/// who does and that only he may do `action`.
pub(super) fn organised_by(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    player: &Player,
    action: &str,
) -> Result<Tournament, Failure> {
    let found = find(ctx, kind, name)?;
    if found.organiser.eq_ignore_ascii_case(&player.userid) {
        return Ok(found);
    }
    Err(refused(Refusal::NotOrganiser {
        name: found.name,
        organiser: found.organiser,
        action: action.into(),
    }))
}

/// The news of a change for the one player it concerns.
pub(crate) fn news_for(
    userid: &str,
    kind: GameKind,
    found: &Tournament,
    change: TournamentChange,
) -> Notice {
    Notice::Competition(CompetitionNews {
        userid: userid.to_string(),
        kind,
        event: CompetitionEvent::TournamentNews {
            name: found.name.clone(),
            change,
            status: found.status,
        },
    })
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
    door::may_take_part(ctx, &heir)?;
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
