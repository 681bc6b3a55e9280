//! Tournaments: `GAME tournament NAME`, and `GAME tournament VERB NAME
//! userid password [...]`, taken in by `entry`. A player creates one
//! (`rules`), joins and leaves (`door`); its organiser directs it with
//! the director's verbs (`verbs`, reached through `events::director`):
//! the start, the message to its players and the handover there, who
//! comes in (`door`), its rules (`rules`), and what acts on its boards
//! (`running`). How its format pairs and ends is `format`; how it begins
//! is `begin`, what follows a board's end `progress`, and its table
//! `table`. What every verb shares (the tournament found by name, the
//! answer with its table, the news for one player) is here.

pub(crate) mod begin;
pub(crate) mod deadline;
mod door;
mod entry;
pub(crate) mod progress;
pub(crate) mod report_file;
pub(crate) mod rules;
mod running;
pub(crate) mod table;
mod verbs;

use crate::games::GameKind;
use crate::host::model::notice::{
    Answer, CompetitionEvent, CompetitionNews, Notice, TournamentChange,
};
use crate::host::model::refusal::Refusal;
use crate::host::request::{refused, Context, Failure, Handled};
use crate::store::{self, Player, Tournament, TournamentStatus};

pub(crate) use entry::tournament;
pub(crate) use running::{cancel_tournament, remove_running, still_on};
pub(crate) use verbs::direct;

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
