//! A board's page (`/board/101`, any earlier position by `?ply=N`), its
//! PGN (`/board/101.pgn`) and its Atom feed (`/board/101.atom`).

use super::query::Target;
use super::{Page, PageError, Reply, Site, ATOM};
use crate::games::Side;
use crate::host::competition::rated;
use crate::host::model::audience::{may_read, Audience, Piece};
use crate::host::model::replays::{self, LiveGame, LoadError};
use crate::host::outbound::render::public_result;
use crate::rules::score::Ending;
use crate::store;
use minijinja::{context, Value};

/// The most plies `?ply=` may ask for.
const MAX_PLY: i64 = 1_000_000;

impl Site {
    /// `live` loaded for the web: only the first `after` moves when given
    /// (a 404 past the last).
    pub(super) fn load(&self, id: i64, after: Option<usize>) -> Result<LiveGame, PageError> {
        match replays::load(&self.conn, &self.replays, id, after) {
            Ok(live) if after.is_some_and(|after| after > live.total_moves) => {
                Err(PageError::NotFound)
            }
            Ok(live) => Ok(live),
            Err(LoadError::NoSuchBoard(_)) => Err(PageError::NotFound),
            Err(LoadError::Unreadable { id, reason }) => {
                Err(PageError::Store(format!("board {id}: {reason}")))
            }
            Err(LoadError::Store(err)) => Err(err.into()),
        }
    }

    pub(super) fn board(&self, target: &Target, id: i64) -> Page {
        target.only(&["ply"])?;
        let ply = target.number("ply", 0..=MAX_PLY)?.map(|ply| ply as usize);
        let live = self.load(id, ply)?;
        let host = self.facts();
        let shown = self.renderer.public_board(&live, &host)?;
        let moves = numbered_moves(&live, &shown.turns, shown.left_out);
        let comments: Vec<Value> = store::board_comments(&self.conn, id)?
            .iter()
            .filter(|(_, public)| may_read(Piece::Comment { public: *public }, Audience::Public))
            .map(|(comment, _)| comment)
            .filter(|comment| comment.after <= live.moves.len() as i64)
            .map(|c| context! { after => c.after, author => &c.author, text => &c.text })
            .collect();
        let ratings: Vec<Value> = Side::BOTH
            .into_iter()
            .map(|side| self.rating_of(&live, live.record.player(side)))
            .collect::<Result<_, _>>()?;
        let tournament = match store::tournament_of_board(&self.conn, id)? {
            Some(tid) => store::load_tournament(&self.conn, tid)?
                .map(|t| context! { id => t.id, name => t.name }),
            None => None,
        };
        let ladder = store::ladder_game(&self.conn, id)?.is_some();
        // An earlier position is shown with how the game as a whole
        // ended, not with what the position then said. Only an end by
        // the rules needs the last position to tell how; the others are
        // in the board's record, whatever position it is replayed to.
        let earlier = ply.is_some_and(|ply| ply < live.total_moves);
        let whole = match (earlier, live.record.ending) {
            (false, _) => context! {},
            (true, Some(Ending::Rules)) => {
                context! { result => public_result(&self.load(id, None)?) }
            }
            (true, _) => context! { result => public_result(&live) },
        };
        self.html(
            "board.html",
            context! {
                svg => Value::from_safe_string(shown.svg),
                moves => moves,
                left_out => shown.left_out,
                ply => live.moves.len(),
                total => live.total_moves,
                earlier => earlier,
                comments => comments,
                player_ratings => ratings,
                tournament => tournament,
                ladder => ladder,
                started => live.record.created,
                changed => live.record.updated,
                // The first of merged maps wins: the whole game's result
                // over the position's.
                ..context! { ..whole, ..shown.view }
            },
        )
    }

    /// A player's rating in the board's game, as the standings show it.
    fn rating_of(&self, live: &LiveGame, userid: &str) -> Result<Value, PageError> {
        let stored = store::load_rating(&self.conn, live.kind.name(), userid)?;
        let settings = &self.config.host.competition.ratings;
        Ok(context! {
            userid => userid,
            rating => stored.map(|s| rated::current(settings, &s, self.now()).rating.round() as i64),
        })
    }

    pub(super) fn board_pgn(&self, target: &Target, id: i64) -> Page {
        target.only(&[])?;
        self.pgn_of(&[id])
    }

    /// One entry per turn of the move list, each dated by its last move.
    pub(super) fn board_feed(&self, target: &Target, id: i64) -> Page {
        target.only(&[])?;
        let live = self.load(id, None)?;
        let shown = self.renderer.public_board(&live, &self.facts())?;
        let dates = store::move_dates(&self.conn, id)?;
        let moves = numbered_moves(&live, &shown.turns, shown.left_out);
        let entries: Vec<Value> = moves
            .iter()
            .rev()
            .take(50)
            .map(|turn| {
                let last = turn.get_attr("last_ply").ok();
                let ply = last.as_ref().and_then(|v| i64::try_from(v.clone()).ok());
                let ply = ply.unwrap_or(0);
                let when = dates
                    .get(ply.saturating_sub(1) as usize)
                    .copied()
                    .unwrap_or(live.record.updated);
                context! {
                    id => format!("board/{id}/ply/{ply}"),
                    link => format!("/board/{id}?ply={ply}"),
                    updated => when,
                    turn => turn,
                    title => format!("Board {id}, turn {}", turn.get_attr("number").unwrap_or_default()),
                }
            })
            .collect();
        let title = format!("Board {id}: {} – {}", live.record.white, live.record.black);
        self.feed(
            &title,
            &format!("board/{id}"),
            &format!("/board/{id}"),
            entries,
            live.record.updated,
        )
    }

    /// An Atom feed from `feed.atom`: `link` is the page the feed is of
    /// (`/board/101`), its own address the same with `.atom`.
    pub(super) fn feed(
        &self,
        title: &str,
        id: &str,
        link: &str,
        entries: Vec<Value>,
        updated: i64,
    ) -> Page {
        let host = &self.config.host;
        let body = self.render(
            "feed.atom",
            context! {
                title, id, link, entries, updated,
                domain => host.identity().domain(),
                base => host.public_url.as_deref().unwrap_or_default(),
            },
        )?;
        Ok(Reply {
            status: 200,
            content_type: ATOM,
            body: body.into_bytes(),
            allow: false,
        })
    }
}

/// The move list by turn with each move's ply (the position after it is
/// `?ply=N`), its text as the board view gives it to an observer: the
/// view's turns hold each side's moves in the order played, so they are
/// taken in the order of the stored moves.
fn numbered_moves(live: &LiveGame, turns: &[Value], left_out: usize) -> Vec<Value> {
    let mut ply = left_out;
    let mut out = Vec::new();
    let texts = |turn: &Value, side: &str| -> Vec<String> {
        turn.get_attr(side)
            .ok()
            .and_then(|list| {
                list.try_iter()
                    .ok()
                    .map(|it| it.map(|v| v.to_string()).collect())
            })
            .unwrap_or_default()
    };
    for turn in turns {
        let mut white = texts(turn, "white").into_iter();
        let mut black = texts(turn, "black").into_iter();
        let count = white.len() + black.len();
        let mut entries = Vec::new();
        for record in live.moves.iter().skip(ply).take(count) {
            ply += 1;
            let text = match record.side {
                Side::White => white.next(),
                Side::Black => black.next(),
            };
            let entry = context! { ply, side => record.side, text => text.unwrap_or_default() };
            entries.push((record.side, entry));
        }
        // White's move first in every turn, as the mails and the PGN list
        // a round of sealed moves whoever sealed first; each still links
        // to the position after it as it was stored.
        entries.sort_by_key(|(side, _)| *side == Side::Black);
        let entries: Vec<Value> = entries.into_iter().map(|(_, entry)| entry).collect();
        out.push(context! {
            number => turn.get_attr("number").unwrap_or_default(),
            entries => entries,
            last_ply => ply,
        });
    }
    out
}
