//! The operator's view of standings, ladders and tournaments: the same
//! text a player gets by mail, for `pbem standings`, `pbem ladder` and
//! `pbem tournament`; the operator's tools on accounts (`accounts`); and
//! the operator as every event's director (`director`).

mod accounts;
mod director;

pub use accounts::{players, Action, Outcome, PlayerLine};
pub(crate) use director::{ladder_log, tournament_log, Directing};

use crate::games::GameKind;
use crate::host::competition::rated;
use crate::host::events::ladder::{self as ladder_event, listing};
use crate::host::events::tournament::report_file;
use crate::host::events::tournament::table as tournament;
use crate::host::model::notice::Answer;
use crate::host::outbound::render::{Reader, Renderer};
use crate::host::{HostError, HostSettings};
use crate::store;
use rusqlite::Connection;

/// What the operator asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Report {
    Standings {
        kind: GameKind,
        all: bool,
    },
    /// A ladder by name; the empty name is the game type's default one.
    Ladder {
        kind: GameKind,
        name: String,
    },
    Tournament {
        kind: GameKind,
        name: String,
    },
    /// A tournament as a FIDE Tournament Report File (TRF16).
    TournamentFile {
        kind: GameKind,
        name: String,
    },
}

impl Report {
    /// A tournament's table, or (`file`) its report file.
    pub(crate) fn tournament(kind: GameKind, name: String, file: bool) -> Report {
        match file {
            true => Report::TournamentFile { kind, name },
            false => Report::Tournament { kind, name },
        }
    }

    /// A game type's ladder: the one `name` names, or its default one.
    pub fn ladder(kind: GameKind, name: Option<String>) -> Report {
        Report::Ladder {
            kind,
            name: name.unwrap_or_default(),
        }
    }
}

/// The report's text, in the host's language; `None` when the tournament
/// asked for does not exist.
pub(crate) fn report(
    conn: &Connection,
    settings: &HostSettings,
    renderer: &Renderer,
    report: &Report,
    now: i64,
) -> Result<Option<String>, HostError> {
    let competition = &settings.competition;
    let answer = match report {
        Report::Standings { kind, all } => {
            let (lines, hidden) = rated::standings(conn, &competition.ratings, *kind, *all, now)?;
            Answer::Standings {
                kind: *kind,
                lines,
                all: *all,
                hidden,
                provisional_above: competition.ratings.provisional_above,
                inactive_days: competition.ratings.inactive_days,
            }
        }
        Report::Ladder { kind, name } => {
            let settings = &competition.ladders;
            let Some(event) = ladder_event::look_up(conn, settings, *kind, name)? else {
                return Ok(None);
            };
            Answer::Ladder {
                info: listing::ladder_info(conn, &event)?,
                lines: listing::ladder_lines(conn, &event)?,
                change: None,
            }
        }
        Report::TournamentFile { kind, name } => {
            let Some(found) = store::find_tournament(conn, kind.name(), name)? else {
                return Ok(None);
            };
            let text = report_file::report_file(conn, &settings.competition, &found)?;
            return Ok(Some(text));
        }
        Report::Tournament { kind, name } => {
            let Some(found) = store::find_tournament(conn, kind.name(), name)? else {
                return Ok(None);
            };
            Answer::Tournament {
                table: Box::new(tournament::table(conn, &settings.competition, &found)?),
                change: None,
            }
        }
    };
    let host = settings.facts(now);
    let language = renderer.language_for(None);
    let letter = renderer.answer(&answer, Reader::Onlooker, &host, &language)?;
    Ok(Some(letter.body))
}
