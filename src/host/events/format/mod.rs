//! How each tournament format pairs its players and when it is over:
//! one trait, [`TournamentFormat`], in `common` with what every format
//! shares, and one file per format behind it. Nothing outside this folder
//! asks which format a tournament has; it asks the format. A new format
//! is a file here, its arm in [`of`], its word in
//! `rules::tournament_rules::Format`, and its texts.

mod common;
mod knockout;
mod round_robin;
mod swiss;

pub(crate) use common::{
    by_rating, division, kind_of, paired, tiebreaks, Next, Run, Standings, TournamentFormat,
};

use crate::rules::score::AbortRule;
use crate::rules::tournament_rules::Format;
use crate::store::Tournament;

/// The format of this name.
pub(crate) fn of(format: Format) -> &'static dyn TournamentFormat {
    match format {
        Format::RoundRobin => &round_robin::SINGLE,
        Format::DoubleRoundRobin => &round_robin::DOUBLE,
        Format::Knockout => &knockout::KNOCKOUT,
        Format::Swiss => &swiss::SWISS,
    }
}

/// How an aborted board of `tournament` counts, as its format rules it.
pub fn abort_rule(tournament: &Tournament, host: AbortRule) -> AbortRule {
    of(tournament.format).abort_rule(tournament, host)
}
