//! Standings per game, tournaments and leagues, with the Atom feed of a
//! tournament (the ladders are in `ladders`). The standings and the crosstable are the
//! same the mails show (`rated::standings`, `tournament::table`).

use super::paging::Pager;
use super::query::Target;
use super::rows::{board_entry, tournament_line};
use super::{Page, PageError, Site};
use crate::games::GameKind;
use crate::host::competition::rated;
use crate::host::events::league;
use crate::host::events::tournament::table as tournament;
use crate::host::outbound::render::{league_view, standing_view, table_view};
use crate::store::{self, Tournament};
use minijinja::{context, Value};

/// Tournaments listed on their page.
const TOURNAMENTS: u32 = 200;
/// Players on a page of the standings.
const STANDINGS_PAGE: usize = 100;

impl Site {
    /// A page of a game's standings, [`STANDINGS_PAGE`] players a page:
    /// established players by rank, then the provisional ones, as the
    /// mails rank them; only the page's players' running boards are
    /// counted.
    pub(super) fn standings(&self, target: &Target, kind: GameKind) -> Page {
        target.only(&["page"])?;
        let settings = &self.config.host.competition.ratings;
        let (mut lines, hidden) = rated::ranking(&self.conn, settings, kind, false, self.now())?;
        let ranked_total = lines.iter().filter(|line| line.rank.is_some()).count();
        let pager = Pager::of(target, lines.len(), STANDINGS_PAGE)?;
        let mut shown: Vec<_> = lines.drain(pager.lines()).collect();
        rated::count_running(&self.conn, kind, &mut shown)?;
        let (ranked, provisional): (Vec<_>, Vec<_>) =
            shown.iter().partition(|line| line.rank.is_some());
        self.html(
            "standings.html",
            context! {
                game => kind,
                established => ranked.into_iter().map(standing_view).collect::<Vec<_>>(),
                provisional => provisional.into_iter().map(standing_view).collect::<Vec<_>>(),
                ranked_total => ranked_total,
                hidden => hidden,
                inactive_days => settings.inactive_days,
                pages => pager.view(&format!("/standings/{}", kind.name())),
            },
        )
    }

    pub(super) fn tournaments(&self, target: &Target) -> Page {
        target.only(&[])?;
        let list: Vec<Value> = store::web_tournaments(&self.conn, None, TOURNAMENTS)?
            .iter()
            .map(tournament_line)
            .collect();
        self.html("tournaments.html", context! { tournaments => list })
    }

    fn tournament_named(&self, id: i64) -> Result<Tournament, PageError> {
        store::load_tournament(&self.conn, id)?.ok_or(PageError::NotFound)
    }

    pub(super) fn tournament(&self, target: &Target, id: i64) -> Page {
        target.only(&[])?;
        let found = self.tournament_named(id)?;
        let table = tournament::table(&self.conn, &self.config.host.competition, &found)?;
        let mut rounds: Vec<u32> = table.boards.iter().map(|(_, round, _)| *round).collect();
        rounds.dedup();
        self.html(
            "tournament.html",
            context! {
                tournament => tournament_line(&found),
                table => table_view(&table),
                rounds => rounds,
            },
        )
    }

    /// A league: its current season's divisions, and every season's
    /// divisions (their pages) with where the players went after it.
    pub(super) fn league(&self, target: &Target, kind: GameKind, name: &str) -> Page {
        target.only(&[])?;
        let found =
            store::find_league(&self.conn, kind.name(), name)?.ok_or(PageError::NotFound)?;
        let table = league::table(&self.conn, &self.config.host.competition, &found)?;
        let mut seasons = Vec::new();
        for season in (1..=found.season).rev() {
            let divisions = store::league_divisions(&self.conn, found.id, season)?;
            seasons.push(context! { season, divisions });
        }
        self.html(
            "league.html",
            context! {
                league => league_view(&table),
                history => seasons,
                current => store::league_divisions(&self.conn, found.id, found.season)?,
            },
        )
    }

    pub(super) fn tournament_feed(&self, target: &Target, id: i64) -> Page {
        target.only(&[])?;
        let found = self.tournament_named(id)?;
        let mut rows = Vec::new();
        for board in store::tournament_boards(&self.conn, id)? {
            if let Some(row) = store::board_row(&self.conn, board.game_id)? {
                rows.push(row);
            }
        }
        rows.sort_by(|a, b| b.updated.cmp(&a.updated).then(b.id.cmp(&a.id)));
        let updated = rows.first().map(|row| row.updated).unwrap_or(found.created);
        let entries: Vec<Value> = rows.iter().map(board_entry).collect();
        let path = format!("tournament/{id}");
        let title = format!("Tournament {}", found.name);
        self.feed(&title, &path, &format!("/{path}"), entries, updated)
    }
}
