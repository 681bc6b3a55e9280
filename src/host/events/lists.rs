//! The lists of events by mail: `GAME ladder [NAME]`, `GAME ladders`,
//! `GAME tournaments`, and the checks on a `-ladder` challenge.

use super::ladder::climb::{self, ChallengeProblem};
use super::ladder::listing;
use super::ladder::{self as ladder_event, LadderEvent};
use crate::games::GameKind;
use crate::host::model::notice::{Answer, LadderChange, Notice, TournamentLine};
use crate::host::model::refusal::{LadderRefusal, Refusal};
use crate::host::request::{refused, Context, Failure, Handled};

/// `GAME ladder [NAME]`: the ladder, for anyone.
pub fn ladder(ctx: &Context<'_>, kind: GameKind, name: &str) -> Handled {
    let event = find_ladder(ctx, kind, name)?;
    Ok(vec![ladder_answer(ctx, &event, None)?])
}

/// `GAME ladders`: every ladder of the game type.
pub(crate) fn ladders(ctx: &Context<'_>, kind: GameKind) -> Handled {
    let mut ladders = Vec::new();
    for event in ladder_event::all_of(ctx.conn, &ctx.competition.ladders, kind, ctx.now)? {
        ladders.push(listing::ladder_info(ctx.conn, &event)?);
    }
    Ok(vec![Notice::Answer(Answer::Ladders { kind, ladders })])
}

/// `GAME tournaments`: every tournament of the game type, newest first.
pub(crate) fn tournaments(ctx: &Context<'_>, kind: GameKind) -> Handled {
    let lines = crate::store::tournaments_of(ctx.conn, kind.name())?
        .into_iter()
        .map(|(tournament, players)| TournamentLine {
            name: tournament.name,
            organiser: tournament.organiser,
            format: tournament.format,
            rated: tournament.rated,
            admission: tournament.admission,
            status: tournament.status,
            players,
            comment: tournament.comment,
        })
        .collect();
    Ok(vec![Notice::Answer(Answer::Tournaments { kind, lines })])
}

/// A game type's ladder by name (empty: its default one), or the refusal
/// that names the ladders it has.
pub fn find_ladder(ctx: &Context<'_>, kind: GameKind, name: &str) -> Result<LadderEvent, Failure> {
    let settings = &ctx.competition.ladders;
    if let Some(event) = ladder_event::named(ctx.conn, settings, kind, name, ctx.now)? {
        return Ok(event);
    }
    let known = ladder_event::all_of(ctx.conn, settings, kind, ctx.now)?
        .into_iter()
        .filter(|event| !event.is_default())
        .map(|event| event.row.name)
        .collect();
    Err(refused(LadderRefusal::NoSuchLadder {
        name: name.to_string(),
        game: kind,
        known,
    }))
}

/// The ladder as its listing shows it, with what a command changed.
pub(crate) fn ladder_answer(
    ctx: &Context<'_>,
    event: &LadderEvent,
    change: Option<LadderChange>,
) -> Result<Notice, Failure> {
    Ok(Notice::Answer(Answer::Ladder {
        info: listing::ladder_info(ctx.conn, event)?,
        lines: listing::ladder_lines(ctx.conn, event)?,
        change,
    }))
}

/// Refuses a ladder challenge the ladder does not allow.
pub(crate) fn check_ladder_challenge(
    ctx: &Context<'_>,
    event: &LadderEvent,
    challenger: &str,
    challenged: &str,
) -> Result<(), Failure> {
    let kind = event.kind;
    let ladder = event.row.name.clone();
    let problem = match climb::check_challenge(ctx.conn, event, challenger, challenged)? {
        Ok(()) => return Ok(()),
        Err(problem) => problem,
    };
    Err(refused(match problem {
        ChallengeProblem::NotOnLadder(userid) => Refusal::NotOnLadder {
            userid,
            ladder,
            game: kind,
        },
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
            reach: event.rules.reach,
            ladder,
            game: kind,
        },
        ChallengeProblem::Open {
            userid,
            board,
            most,
        } => Refusal::LadderChallengeOpen {
            userid,
            board,
            most,
            ladder,
            game: kind,
        },
        ChallengeProblem::Suspended(userid) => LadderRefusal::LadderSuspended {
            userid,
            ladder,
            game: kind,
        }
        .into(),
        ChallengeProblem::Cancelled => LadderRefusal::LadderCancelled { ladder, game: kind }.into(),
        ChallengeProblem::PairPlaying { board } => LadderRefusal::LadderPairPlaying {
            userid: challenged.to_string(),
            board,
            ladder,
            game: kind,
        }
        .into(),
        ChallengeProblem::Away { userid, until } => LadderRefusal::LadderPlayerAway {
            userid,
            until: crate::clock::utc_text(until),
            ladder,
            game: kind,
        }
        .into(),
    }))
}
