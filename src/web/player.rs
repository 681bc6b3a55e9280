//! A player's page (`/player/alice`), his plain-text status
//! (`/player/alice/status.txt`: whose move, time left) and the Atom feed
//! of his boards (`/player/alice.atom`). Nothing of his account but his
//! userid is ever read.

use super::query::Target;
use super::rows::{board_entry, default_ladder, row_view, tournament_line};
use super::{Page, PageError, Reply, Site, TEXT};
use crate::games::GameKind;
use crate::host::competition::rated;
use crate::host::outbound::render::PublicBoard;
use crate::store::{self, GameStatus};
use minijinja::{context, Value};

/// Boards in each list of a player's page and feed.
const PLAYER_LIST: u32 = 50;
/// Running boards on the status page.
const STATUS_BOARDS: u32 = 200;

/// Rows the most recently changed first, as many as a list shows.
fn newest_first(rows: &mut Vec<store::BoardRow>) {
    rows.sort_by(|a, b| b.updated.cmp(&a.updated).then(b.id.cmp(&a.id)));
    rows.truncate(PLAYER_LIST as usize);
}

impl Site {
    /// A player's boards that are over, played to a result or aborted,
    /// the most recently changed first.
    fn over_boards(&self, userid: &str) -> Result<Vec<store::BoardRow>, PageError> {
        let conn = &self.conn;
        let mut rows = store::recent_boards(conn, GameStatus::Finished, Some(userid), PLAYER_LIST)?;
        rows.extend(store::recent_boards(
            conn,
            GameStatus::Aborted,
            Some(userid),
            PLAYER_LIST,
        )?);
        newest_first(&mut rows);
        Ok(rows)
    }

    fn player_named(&self, userid: &str) -> Result<String, PageError> {
        store::player_userid(&self.conn, userid)?.ok_or(PageError::NotFound)
    }

    pub(super) fn player(&self, target: &Target, userid: &str) -> Page {
        target.only(&[])?;
        let userid = self.player_named(userid)?;
        let conn = &self.conn;
        let running = store::recent_boards(conn, GameStatus::Active, Some(&userid), PLAYER_LIST)?;
        let finished = self.over_boards(&userid)?;
        let settings = &self.config.host.competition.ratings;
        let mut games = Vec::new();
        for kind in GameKind::ALL {
            let rating = store::load_rating(conn, kind.name(), &userid)?;
            let ladder = default_ladder(conn, kind)?;
            let rung = store::ladder_rank(conn, ladder, &userid)?;
            if rating.is_none() && rung.is_none() {
                continue;
            }
            games.push(context! {
                game => kind,
                rating => rating.as_ref().map(|s| rated::current(settings, s, self.now()).rating.round() as i64),
                won => rating.as_ref().map(|s| s.won),
                lost => rating.as_ref().map(|s| s.lost),
                drawn => rating.as_ref().map(|s| s.drawn),
                ladder_rank => rung,
            });
        }
        let tournaments: Vec<Value> = store::web_tournaments(conn, Some(&userid), PLAYER_LIST)?
            .iter()
            .map(tournament_line)
            .collect();
        self.html(
            "player.html",
            context! {
                userid => userid,
                running => running.iter().map(row_view).collect::<Vec<_>>(),
                finished => finished.iter().map(row_view).collect::<Vec<_>>(),
                ratings => games,
                tournaments => tournaments,
            },
        )
    }

    /// Every running board of the player: whose move, and the time left.
    pub(super) fn status(&self, target: &Target, userid: &str) -> Page {
        target.only(&[])?;
        let userid = self.player_named(userid)?;
        let rows =
            store::recent_boards(&self.conn, GameStatus::Active, Some(&userid), STATUS_BOARDS)?;
        let mut boards = Vec::new();
        for row in &rows {
            let live = self.load(row.id, None)?;
            let PublicBoard { view, .. } = self.renderer.public_board(&live, &self.facts())?;
            let side = live.record.side_of(&userid);
            let opponent = side.map(|side| live.record.player(side.opponent()).to_string());
            boards.push(context! {
                board_id => row.id,
                game => live.kind,
                opponent => opponent,
                your_move => live.waiting().iter().any(|w| w.eq_ignore_ascii_case(&userid)),
                ..view
            });
        }
        let body = self.render("status.txt", context! { userid, boards, now => self.now() })?;
        Ok(Reply {
            status: 200,
            content_type: TEXT,
            body: body.into_bytes(),
            allow: false,
        })
    }

    /// The player's boards, the most recently changed first.
    pub(super) fn player_feed(&self, target: &Target, userid: &str) -> Page {
        target.only(&[])?;
        let userid = self.player_named(userid)?;
        let conn = &self.conn;
        let mut rows = store::recent_boards(conn, GameStatus::Active, Some(&userid), PLAYER_LIST)?;
        rows.extend(self.over_boards(&userid)?);
        newest_first(&mut rows);
        let updated = rows.first().map(|row| row.updated).unwrap_or(0);
        let entries = rows.iter().map(board_entry).collect();
        let path = format!("/player/{}", super::query::encode(&userid));
        let title = format!("The boards of {userid}");
        self.feed(&title, &path[1..], &path, entries, updated)
    }
}
