//! Competition between players: Glicko-2 ratings per game type, the
//! challenge ladders, and round-robin tournaments. The rules of each
//! (`rules::rating`, `rules::ladder`, `rules::round_robin`) are pure; `rated`, `climb` and
//! `tournament` keep them in the store and say who must hear of a change.
//! Every game ending passes through [`game_ended`]; `director` gives a
//! board's rulings and answers who directs its event.

pub mod board;
pub mod climb;
pub mod director;
pub mod knockout;
pub mod ladder_event;
pub mod listing;
pub mod rated;
pub mod tournament;

use crate::host::clocks;
use crate::host::model::notice::Notice;
use crate::host::model::replays::{LiveGame, Replays};
use crate::rules::score::{AbortRule, Ending};
use crate::store;
use crate::store::StoreError;
use rusqlite::Connection;

pub use crate::rules::rating::RatingSettings;
pub use crate::rules::score::Score;

const DAY: i64 = 24 * 3600;

/// How ladders run; every value is in the config.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderSettings {
    /// A player may challenge at most this many places above him.
    pub reach: usize,
    /// A player without a ladder game this long drops one place, and one
    /// more each time it passes again; `None`: nobody drops.
    pub inactive_after: Option<i64>,
    /// A ladder challenge whose time control sets no time per move gets
    /// this one, so an unanswered challenge ends in the end (aborted,
    /// and scored by `aborted`).
    pub forfeit_after: i64,
    /// How a ladder game aborted before each player moved counts.
    pub aborted: AbortRule,
    /// The most ladders not cancelled one player may direct.
    pub max_per_director: usize,
}

impl LadderSettings {
    /// The default ladders' rules: the config's, and the usual for what
    /// the config does not set.
    pub fn rules(&self) -> crate::rules::ladder_rules::LadderRules {
        crate::rules::ladder_rules::LadderRules {
            reach: self.reach,
            inactive_after: self.inactive_after,
            aborted: self.aborted,
            ..Default::default()
        }
    }
}

impl Default for LadderSettings {
    fn default() -> Self {
        LadderSettings {
            reach: 3,
            inactive_after: Some(30 * DAY),
            forfeit_after: 21 * DAY,
            aborted: AbortRule::default(),
            max_per_director: 5,
        }
    }
}

/// How tournaments run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSettings {
    /// The most players one tournament takes.
    pub max_players: usize,
    /// How a tournament game aborted before each player moved counts.
    pub aborted: AbortRule,
    /// The most tournaments not over one player may organise.
    pub max_per_organiser: usize,
}

impl Default for TournamentSettings {
    fn default() -> Self {
        TournamentSettings {
            max_players: 20,
            aborted: AbortRule::default(),
            max_per_organiser: 5,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CompetitionSettings {
    pub ratings: RatingSettings,
    pub ladders: LadderSettings,
    pub tournaments: TournamentSettings,
}

/// A deleted account leaves every ladder (those below move up and are
/// told), every tournament not begun yet, and the standings.
pub fn forget_player(
    conn: &Connection,
    settings: &CompetitionSettings,
    userid: &str,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let mut notices = Vec::new();
    for kind in crate::games::GameKind::ALL {
        for ladder in ladder_event::all_of(conn, &settings.ladders, kind, now)? {
            if let Some(moved) = climb::leave(conn, &ladder, userid, now)? {
                notices.extend(moved);
            }
        }
    }
    crate::store::forget_competitor(conn, userid)?;
    Ok(notices)
}

/// Marks a board over with `ending` in the store and on `live`; every
/// end goes through here, and then through [`game_ended`].
pub fn mark_over(
    conn: &Connection,
    live: &mut LiveGame,
    ending: Ending,
    now: i64,
) -> Result<(), StoreError> {
    store::set_game_over(conn, live.record.id, ending, now)?;
    live.record.status = ending.status();
    live.record.ending = Some(ending);
    live.record.draw_offer = None;
    // Over: a move still sealed is nobody's secret any more.
    live.game.reveal_sealed();
    Ok(())
}

/// Ends a board by something other than a move (a resignation, a
/// decline, a loss on time): marked over, every clock stopped and read
/// again for the game-over mail, and what the end changes beyond the
/// board.
pub fn end_game(
    conn: &Connection,
    replays: &Replays,
    settings: &CompetitionSettings,
    live: &mut LiveGame,
    ending: Ending,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    mark_over(conn, live, ending, now)?;
    // Over: every clock stops (the turn number does not matter then).
    let turn = live.game.turn_number();
    clocks::stop_all(conn, live, turn, now)?;
    live.clocks = crate::host::model::replays::load_clocks(conn, &live.record)?;
    game_ended(conn, replays, settings, live, now)
}

/// What a game's end changes beyond the board: its players' ratings (kept
/// on `live` for the game-over mail), the ladder, the tournament. Called
/// once, in the transaction that ends the game; the notices are for
/// players whose place changed, and the new boards a knockout begins
/// (`replays` loads them).
pub fn game_ended(
    conn: &Connection,
    replays: &Replays,
    settings: &CompetitionSettings,
    live: &mut LiveGame,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let result = live.record.result(live.game.outcome().as_ref());
    // Only a game played to a result has a score: an aborted one has
    // none, and is never rated.
    let score = result.score();
    // Kept with the board, so the web archive filters by result.
    store::set_game_score(conn, live.record.id, score.map(|score| score.pgn()))?;
    if live.record.rated {
        if let Some(score) = score {
            live.ratings = rated::rate(conn, &settings.ratings, &live.record, score, now)?;
        }
    }
    let mut notices = climb::settle(conn, settings, live, result, now)?;
    notices.extend(tournament::after_board(
        conn,
        replays,
        &settings.tournaments,
        live,
        result,
        now,
    )?);
    // What the event counted, for the game-over mail.
    live.event = crate::host::model::event::load(conn, live.record.id)?;
    Ok(notices)
}
