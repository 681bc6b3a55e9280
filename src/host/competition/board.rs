//! A new board begun: the game stored, loaded live and its clocks
//! started. Challenges and seeks begin boards from a handler; a knockout
//! begins its next games when a game ends, which may be a timer's doing,
//! so the one way a board begins lives here, below both.

use crate::games::GameKind;
use crate::host::clocks;
use crate::host::model::replays::{self, LiveGame, Replays};
use crate::store::{self, NewGame, StoreError};
use rusqlite::Connection;

/// A board about to begin: its players and what it runs under.
pub(crate) struct NewBoard<'a> {
    pub(crate) kind: GameKind,
    pub(crate) white: &'a str,
    pub(crate) black: &'a str,
    pub(crate) rated: bool,
    /// The host's options (the time control), as `--name=value` words.
    pub(crate) options: &'a [String],
    /// The game's own switches, as the game gives them back once it
    /// read them (`Game::switches`).
    pub(crate) switches: &'a [String],
}

/// Stores the board, loads it and starts its clocks at `now`.
pub(crate) fn begin(
    conn: &Connection,
    replays: &Replays,
    board: &NewBoard<'_>,
    now: i64,
) -> Result<LiveGame, StoreError> {
    let id = store::insert_game(
        conn,
        &NewGame {
            kind: board.kind.name(),
            switches: board.switches,
            white: board.white,
            black: board.black,
            rated: board.rated,
            host_options: &board.options.join(" "),
        },
        now,
    )?;
    let mut live = replays::load(conn, replays, id, None).map_err(|err| match err {
        replays::LoadError::Store(err) => err,
        other => StoreError::Corrupt(other.to_string()),
    })?;
    live.clocks = Some(clocks::start(conn, &live, now)?);
    Ok(live)
}
