//! Correspondence clocks: each board's time control, each player's clock
//! on it, and what their time calls for (a reminder, a loss on time).
//! The pure rules of time live in `rules::time_control` and
//! `rules::side_clock`; this module keeps
//! them in step with the games and the store.

pub(crate) mod vacation;

use crate::games::{GameKind, Side};
use crate::host::model::replays::LiveGame;
pub(crate) use crate::rules::side_clock::{BoardClocks, Due, Reminders, SideClock};
pub(crate) use crate::rules::time_control::TimeControl;
use crate::store::{self, GameRecord, GameStatus, StoreResult};
use rusqlite::Connection;

/// The operator's clock settings: the time control of boards whose
/// challenge gives none (for all games, then per game), and each
/// player's yearly vacation allowance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockSettings {
    pub(crate) options: Vec<String>,
    pub(crate) per_game: Vec<(GameKind, Vec<String>)>,
    pub(crate) vacation_days: i64,
}

/// Each player's yearly vacation allowance where the config gives none.
pub(crate) const VACATION_DAYS: i64 = 45;

impl Default for ClockSettings {
    fn default() -> Self {
        ClockSettings {
            options: Vec::new(),
            per_game: Vec::new(),
            vacation_days: VACATION_DAYS,
        }
    }
}

impl ClockSettings {
    /// The default time control of a game type.
    pub(crate) fn control(&self, kind: GameKind) -> TimeControl {
        self.try_control(kind).unwrap_or_default()
    }

    /// The default time control of a game type, or why the settings do
    /// not read.
    pub(crate) fn try_control(
        &self,
        kind: GameKind,
    ) -> Result<TimeControl, crate::rules::time_control::TimeError> {
        let own = self
            .per_game
            .iter()
            .filter(|(game, _)| *game == kind)
            .flat_map(|(_, options)| options);
        TimeControl::default().with_options(self.options.iter().chain(own).map(String::as_str))
    }
}

/// A player's reminder schedule: his own (`3d 1d 4h`, `off`) or the nags.
pub(crate) fn reminders_of(conn: &Connection, userid: &str) -> StoreResult<Reminders> {
    Ok(match store::reminders(conn, userid)? {
        None => Reminders::Nag,
        Some(text) if text.trim().eq_ignore_ascii_case("off") => Reminders::Off,
        Some(text) => {
            let mut offsets: Vec<i64> = text
                .split_whitespace()
                .filter_map(|word| crate::rules::time_control::parse_length(word).ok())
                .collect();
            offsets.sort_unstable_by(|a, b| b.cmp(a));
            Reminders::Before(offsets)
        }
    })
}

/// Stores a board's clocks, each with the moment it next needs the host.
pub(crate) fn save(
    conn: &Connection,
    record: &GameRecord,
    clocks: &BoardClocks,
) -> StoreResult<()> {
    for side in Side::BOTH {
        let clock = clocks.side(side);
        let reminders = reminders_of(conn, record.player(side))?;
        let due = clock
            .due(&clocks.control, &reminders)
            .map(|(moment, _)| moment);
        store::save_clock(conn, record.id, side, &(*clock).into(), due)?;
    }
    Ok(())
}

/// Whether a side's clock is held: the board is paused, or its player is
/// on vacation.
pub(crate) fn held(conn: &Connection, record: &GameRecord, side: Side) -> StoreResult<bool> {
    Ok(record.paused || store::vacation(conn, record.player(side))?.since.is_some())
}

/// Starts a board's clocks at `now`: the sides the game waits for begin
/// their turn.
pub fn start(conn: &Connection, live: &LiveGame, now: i64) -> StoreResult<BoardClocks> {
    let control = TimeControl::from_stored(&live.record.host_options);
    let mut clocks = BoardClocks {
        control,
        sides: [SideClock::new(&control), SideClock::new(&control)],
    };
    for side in live.game.to_move() {
        let held = held(conn, &live.record, side)?;
        clocks.side_mut(side).start_turn(now, held);
    }
    save(conn, &live.record, &clocks)?;
    Ok(clocks)
}

/// Brings the clocks in step after `mover`'s command changed the board
/// (the game in `live` as it now stands; `turn_before` its turn number
/// before the command). A side whose turn ended pays its time and gets
/// its increment; a side the game now waits for begins its turn; a side
/// still in the same turn (the second action of a Spherical Chess 324
/// turn) keeps running. Once the game is over every clock stops.
pub(crate) fn after_command(
    conn: &Connection,
    live: &LiveGame,
    mover: Side,
    turn_before: u32,
    now: i64,
) -> StoreResult<()> {
    let Some(mut clocks) = crate::host::model::replays::load_clocks(conn, &live.record)? else {
        if live.record.status == GameStatus::Active {
            start(conn, live, now)?;
            store::clocks_started(conn, live.record.id)?;
        }
        return Ok(());
    };
    let waiting = if live.record.status == GameStatus::Active {
        live.game.to_move()
    } else {
        Vec::new()
    };
    let new_turn = live.game.turn_number() != turn_before;
    let control = clocks.control;
    for side in Side::BOTH {
        let held = held(conn, &live.record, side)?;
        let clock = clocks.side_mut(side);
        let owes = waiting.contains(&side);
        match (clock.to_move, owes) {
            (true, false) => clock.end_turn(&control, now),
            (false, true) => clock.start_turn(now, held),
            (true, true) if side == mover && new_turn => {
                clock.end_turn(&control, now);
                clock.start_turn(now, held);
            }
            _ => {}
        }
    }
    save(conn, &live.record, &clocks)
}

/// Stops every clock of a board that is over (no side is waited for, so
/// the mover does not matter).
pub(crate) fn stop_all(conn: &Connection, live: &LiveGame, turn: u32, now: i64) -> StoreResult<()> {
    after_command(conn, live, Side::White, turn, now)
}

/// Stops (`hold`) or starts again the clock of `side` on a board, or of
/// both sides when `side` is `None`; a side still held for another reason
/// stays stopped.
pub(crate) fn hold(
    conn: &Connection,
    record: &GameRecord,
    side: Option<Side>,
    hold: bool,
    now: i64,
) -> StoreResult<()> {
    let Some(mut clocks) = crate::host::model::replays::load_clocks(conn, record)? else {
        return Ok(());
    };
    for each in Side::BOTH {
        if side.is_some_and(|side| side != each) {
            continue;
        }
        if hold {
            clocks.side_mut(each).stop(now);
        } else if !held(conn, record, each)? {
            clocks.side_mut(each).resume(now);
        }
    }
    save(conn, record, &clocks)
}
