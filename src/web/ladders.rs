//! The ladders: the list of every game type's ladders, a ladder's page
//! (its rules, ranks by page and open challenges) and its Atom feed. A
//! game type's default ladder is at `/ladder/GAME`, a named one at
//! `/ladder/GAME/NAME`.

use super::paging::Pager;
use super::query::Target;
use super::rows::board_entry;
use super::{Page, PageError, Site};
use crate::games::GameKind;
use crate::host::events::ladder::{self as ladder_event, listing, LadderEvent};
use crate::host::outbound::render::{ladder_info_view, ladder_line_view};
use crate::store;
use minijinja::{context, Value};

/// Boards in a ladder's feed.
const LADDER_FEED: u32 = 50;
/// Rungs on a page of a ladder.
const LADDER_PAGE: usize = 100;

/// The path of a ladder's page, below the site's root.
fn ladder_path(event: &LadderEvent) -> String {
    if event.is_default() {
        format!("/ladder/{}", event.kind.name())
    } else {
        format!("/ladder/{}/{}", event.kind.name(), event.row.name)
    }
}

impl Site {
    fn find_ladder(&self, kind: GameKind, name: &str) -> Result<LadderEvent, PageError> {
        let settings = &self.config.host.competition.ladders;
        ladder_event::look_up(&self.conn, settings, kind, name)?.ok_or(PageError::NotFound)
    }

    /// Every ladder of every game type, the default ones first.
    pub(super) fn ladders(&self, target: &Target) -> Page {
        target.only(&[])?;
        let settings = &self.config.host.competition.ladders;
        let mut ladders = Vec::new();
        for kind in GameKind::ALL {
            let mut events = vec![ladder_event::look_up(&self.conn, settings, kind, "")?];
            events.extend(
                store::ladders_of(&self.conn, kind.name())?
                    .into_iter()
                    .filter(|row| !row.name.is_empty())
                    .map(|row| ladder_event::look_up(&self.conn, settings, kind, &row.name))
                    .collect::<Result<Vec<_>, _>>()?,
            );
            for event in events.into_iter().flatten() {
                let info = listing::ladder_info(&self.conn, &event)?;
                ladders.push(context! { game => kind, ..ladder_info_view(&info) });
            }
        }
        self.html("ladders.html", context! { ladders => ladders })
    }

    /// A page of a ladder, [`LADDER_PAGE`] rungs a page found by rank,
    /// with its rules and every open challenge on each page.
    pub(super) fn ladder(&self, target: &Target, kind: GameKind, name: &str) -> Page {
        target.only(&["page"])?;
        let conn = &self.conn;
        let event = self.find_ladder(kind, name)?;
        let pager = Pager::of(target, store::ladder_size(conn, event.id())?, LADDER_PAGE)?;
        // Ranks run from 1 without a gap, so a page's lines are its ranks.
        let after = pager.lines().start;
        // The record in this ladder's games, as its listing by mail
        // counts it (an aborted game as the ladder scored it).
        let page = store::ladder_below(conn, event.id(), after, LADDER_PAGE)?;
        // Each rung as the listing by mail shows it.
        let ranks: Vec<Value> = listing::lines_of(conn, &event, page)?
            .iter()
            .map(ladder_line_view)
            .collect();
        let open: Vec<Value> = store::open_ladder_games(conn, event.id())?
            .iter()
            .map(|c| context! { board_id => c.game_id, challenger => &c.challenger, challenged => &c.challenged })
            .collect();
        let info = listing::ladder_info(conn, &event)?;
        let path = ladder_path(&event);
        self.html(
            "ladder.html",
            context! {
                game => kind,
                title => event.title(),
                ranks => ranks,
                open => open,
                pages => pager.view(&path),
                ..ladder_info_view(&info)
            },
        )
    }

    pub(super) fn ladder_feed(&self, target: &Target, kind: GameKind, name: &str) -> Page {
        target.only(&[])?;
        let event = self.find_ladder(kind, name)?;
        let mut entries = Vec::new();
        let mut updated = 0;
        for id in store::recent_ladder_games(&self.conn, event.id(), LADDER_FEED)? {
            if let Some(row) = store::board_row(&self.conn, id)? {
                updated = updated.max(row.updated);
                entries.push(board_entry(&row));
            }
        }
        let path = ladder_path(&event);
        let title = if event.is_default() {
            format!("The {} ladder", kind.title())
        } else {
            format!("The {} ladder {}", kind.title(), event.row.name)
        };
        let feed = path.trim_start_matches('/').to_string();
        self.feed(&title, &feed, &path, entries, updated)
    }
}
