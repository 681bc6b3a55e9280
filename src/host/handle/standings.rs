//! `GAME standings [all]`: a game type's players by rating.

use crate::games::GameKind;
use crate::host::competition::rated;
use crate::host::model::notice::{Answer, Notice};
use crate::host::request::{Context, Handled};

pub(crate) fn standings(ctx: &Context<'_>, kind: GameKind, all: bool) -> Handled {
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
