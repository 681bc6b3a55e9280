//! The front page and the archive: boards in lists, and the PGN of any
//! archive filter.

use super::query::Target;
use super::routes::query_string;
use super::rows::{row_view, tournament_line};
use super::{Page, PageError, Reply, Site, PGN};
use crate::games::GameKind;
use crate::store::{self, BoardQuery, EventFilter, GameStatus, ResultFilter};
use minijinja::{context, Value};

/// Boards on one archive page.
pub(crate) const ARCHIVE_PAGE: u32 = 50;
/// Boards in one PGN download of a filter.
pub(crate) const PGN_BOARDS: u32 = 200;
/// Boards in each list of the front page.
const FRONT_LIST: u32 = 20;

const FILTERS: &[&str] = &["game", "player", "result", "event", "from", "to", "before"];

/// The archive's filters from a request.
fn board_query(target: &Target) -> Result<BoardQuery, PageError> {
    target.only(FILTERS)?;
    let kind = match target.param("game") {
        Some(name) => Some(
            GameKind::from_name(name)
                .ok_or_else(|| PageError::BadRequest(format!("there is no game {name:?}")))?
                .name()
                .to_string(),
        ),
        None => None,
    };
    let result = match target.param("result") {
        None => None,
        Some("white") => Some(ResultFilter::WhiteWon),
        Some("black") => Some(ResultFilter::BlackWon),
        Some("draw") => Some(ResultFilter::Drawn),
        Some("running") => Some(ResultFilter::Running),
        Some("aborted") => Some(ResultFilter::Aborted),
        Some(_) => {
            return Err(PageError::BadRequest(
                "result is white, black, draw, aborted or running".into(),
            ))
        }
    };
    let event = match target.param("event") {
        None => None,
        Some("ladder") => Some(EventFilter::Ladder),
        Some(_) => Some(EventFilter::Tournament(
            target.number("event", 1..=i64::MAX)?.unwrap_or_default(),
        )),
    };
    let day = |name: &str| -> Result<Option<i64>, PageError> {
        target
            .param(name)
            .map(|text| {
                crate::archive::day_start(text)
                    .map_err(|why| PageError::BadRequest(format!("{name}: {why}")))
            })
            .transpose()
    };
    Ok(BoardQuery {
        kind,
        player: target.param("player").map(str::to_string),
        result,
        event,
        since: day("from")?,
        until: day("to")?.map(|start| start + 24 * 3600),
        before: target.number("before", 1..=i64::MAX)?,
    })
}

/// The filters as given, for the form and the links.
fn filter_values(target: &Target) -> Vec<(&'static str, Option<String>)> {
    ["game", "player", "result", "event", "from", "to"]
        .into_iter()
        .map(|name| (name, target.param(name).map(str::to_string)))
        .collect()
}

impl Site {
    pub(super) fn front(&self, target: &Target) -> Page {
        target.only(&[])?;
        let conn = &self.conn;
        let running = store::recent_boards(conn, GameStatus::Active, None, FRONT_LIST)?;
        let finished = store::recent_boards(conn, GameStatus::Finished, None, FRONT_LIST)?;
        let events: Vec<Value> = store::web_tournaments(conn, None, FRONT_LIST)?
            .iter()
            .filter(|t| {
                !matches!(
                    t.status,
                    store::TournamentStatus::Finished | store::TournamentStatus::Cancelled
                )
            })
            .map(tournament_line)
            .collect();
        // Every ladder someone stands on, named ones too, not cancelled.
        let mut ladders = Vec::new();
        for kind in GameKind::ALL {
            for row in store::ladders_of(conn, kind.name())? {
                let players = store::ladder_size(conn, row.id)?;
                if players > 0 && row.status != store::CANCELLED {
                    ladders.push(context! { game => kind, name => row.name, players => players });
                }
            }
        }
        let leagues: Vec<Value> = store::leagues_of(conn, None)?
            .iter()
            .filter(|league| league.status != store::LeagueStatus::Cancelled)
            .map(|league| {
                context! {
                    game => GameKind::from_name(&league.kind),
                    name => &league.name,
                    season => league.season,
                    status => league.status.name(),
                }
            })
            .collect();
        self.html(
            "front.html",
            context! {
                running => running.iter().map(row_view).collect::<Vec<_>>(),
                finished => finished.iter().map(row_view).collect::<Vec<_>>(),
                tournaments => events,
                ladders => ladders,
                leagues => leagues,
            },
        )
    }

    pub(super) fn archive(&self, target: &Target) -> Page {
        let query = board_query(target)?;
        let mut rows = store::web_boards(&self.conn, &query, ARCHIVE_PAGE + 1)?;
        let more = rows.len() > ARCHIVE_PAGE as usize;
        rows.truncate(ARCHIVE_PAGE as usize);
        let filters = filter_values(target);
        let base = query_string(&filters);
        let next = more.then(|| {
            let mut pairs = filters.clone();
            pairs.push(("before", rows.last().map(|row| row.id.to_string())));
            query_string(&pairs)
        });
        let given: Value = filters
            .iter()
            .map(|(name, value)| (*name, value.clone().unwrap_or_default()))
            .collect::<std::collections::BTreeMap<_, _>>()
            .into();
        self.html(
            "archive.html",
            context! {
                boards => rows.iter().map(row_view).collect::<Vec<_>>(),
                filters => given,
                query => base,
                next => next,
                paged => query.before.is_some(),
                page_size => ARCHIVE_PAGE,
                pgn_boards => PGN_BOARDS,
            },
        )
    }

    /// The PGN of the boards an archive filter takes (the newest
    /// [`PGN_BOARDS`] of them), each as the export writes it.
    pub(super) fn archive_pgn(&self, target: &Target) -> Page {
        let query = board_query(target)?;
        let rows = store::web_boards(&self.conn, &query, PGN_BOARDS)?;
        let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
        self.pgn_of(&ids)
    }

    /// The boards `ids` as one PGN text, a blank line between games; a
    /// board that cannot be written is left out (and logged).
    pub(super) fn pgn_of(&self, ids: &[i64]) -> Page {
        let identity = self.config.host.identity();
        let mut text = String::new();
        for &id in ids {
            match crate::archive::archive_board(&self.conn, id, &identity) {
                Ok(pgn) => {
                    if !text.is_empty() {
                        text.push('\n');
                    }
                    text.push_str(&pgn);
                }
                Err(crate::archive::ArchiveError::NoSuchBoard(_)) => {
                    return Err(PageError::NotFound)
                }
                Err(err) => tracing::warn!("web view: board {id} left out of a PGN: {err}"),
            }
        }
        Ok(Reply {
            status: 200,
            content_type: PGN,
            body: text.into_bytes(),
            allow: false,
        })
    }
}
