//! Every end of a game passes here: the board marked over
//! ([`mark_over`]), then what the end changes beyond the board
//! ([`game_ended`]): its players' ratings, and the ladder or tournament it
//! is a game of. The host's own ends (resignation, decline, loss on time,
//! a ruling) come through [`end_game`].

use super::ladder;
use super::tournament::progress::{after_board, withdraw_everywhere};
use crate::host::clocks;
use crate::host::competition::{rated, CompetitionSettings};
use crate::host::model::notice::{BoardNews, Comment, Notice};
use crate::host::model::replays::{LiveGame, Replays};
use crate::rules::score::Ending;
use crate::store::{self, StoreError};
use rusqlite::Connection;

/// A deleted account leaves every ladder (those below move up and are
/// told), every tournament (withdrawn from a running one), and the
/// standings; a league lets him go at the end of its season.
pub(crate) fn forget_player(
    conn: &Connection,
    replays: &Replays,
    settings: &CompetitionSettings,
    userid: &str,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let mut notices = Vec::new();
    for kind in crate::games::GameKind::ALL {
        for ladder in ladder::all_of(conn, &settings.ladders, kind, now)? {
            if let Some(moved) = ladder::climb::leave(conn, &ladder, userid, now)? {
                notices.extend(moved);
            }
        }
    }
    notices.extend(withdraw_everywhere(conn, replays, settings, userid, now)?);
    crate::store::forget_competitor(conn, userid)?;
    Ok(notices)
}

/// Marks a board over with `ending` in the store and on `live`; every
/// end goes through here, and then through [`game_ended`].
pub(crate) fn mark_over(
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
pub(crate) fn end_game(
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

/// The notices of a game ended by something other than a move: the
/// game-over mail of its board (with the comment of whoever ended it)
/// first, then `consequences`, what the end changed beyond the board.
pub(crate) fn told_over(
    live: LiveGame,
    comment: Option<Comment>,
    consequences: Vec<Notice>,
) -> Vec<Notice> {
    let board = Notice::Board(BoardNews {
        live,
        events: Vec::new(),
        comment,
        new_game: false,
    });
    std::iter::once(board).chain(consequences).collect()
}

/// What a game's end changes beyond the board: its players' ratings (kept
/// on `live` for the game-over mail), the ladder, the tournament. Called
/// once, in the transaction that ends the game; the notices are for
/// players whose place changed, and the new boards a knockout begins
/// (`replays` loads them).
pub(crate) fn game_ended(
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
    let mut notices = ladder::climb::settle(conn, settings, live, result, now)?;
    notices.extend(after_board(conn, replays, settings, live, result, now)?);
    // What the event counted, for the game-over mail.
    live.event = crate::host::model::event::load(conn, live.record.id)?;
    Ok(notices)
}
