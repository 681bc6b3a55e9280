//! A tournament begins: its format pairs the first boards, and where the
//! format keeps a bracket (a knockout) each player is mailed it as it
//! stands with those boards. The organiser's `start` and a league's new
//! season both begin tournaments here.

use super::super::format::{self, Run};
use super::table::table;
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, Notice};
use crate::store::StoreError;

/// Begins `run`'s tournament with `players` (in the order they joined):
/// the bracket mails first, then the notices of the boards begun; and
/// how many boards began.
pub(crate) fn begin(run: &Run<'_>, players: &[String]) -> Result<(Vec<Notice>, usize), StoreError> {
    let tournament = run.tournament;
    let begun = format::of(tournament.format).start(run, players)?;
    let mut notices = Vec::new();
    if !begun.bracket_for.is_empty() {
        let table = table(run.conn, run.settings, tournament)?;
        notices.extend(begun.bracket_for.into_iter().map(|userid| {
            Notice::Competition(CompetitionNews {
                userid,
                kind: table.kind,
                event: CompetitionEvent::KnockoutBegun {
                    table: table.clone(),
                },
            })
        }));
    }
    notices.extend(begun.notices);
    Ok((notices, begun.boards))
}
