//! The timers: reminders and losses on time from the players' clocks,
//! vacations that end by themselves, and clocks for boards that ran
//! before clocks existed. `pbem tick` runs what is due once; `serve` runs
//! it whenever the next timer falls due. Each action is one savepoint of
//! one transaction together with the mails it causes, and leaves its
//! clock due later than now, so running the timers twice at the same
//! moment sends nothing twice.

use super::clocks::vacation;
use super::clocks::{self, Due};
use super::competition::CompetitionSettings;
use super::events::end_game;
use super::events::ladder::{self as ladder_event};
use super::events::tournament::deadline;
use super::{Batch, Host, HostError};
use crate::games::{GameKind, Side};
use crate::host::model::board_list;
use crate::host::model::notice::{AccountEvent, AccountNews, BoardLine, Notice};
use crate::host::model::replays::{self, LiveGame};
use crate::host::outbound::post::Post;
use crate::rules::score::{Ending, Stop};
use crate::rules::time_control::DAY;
use crate::store::{self, GameStatus, StoreError};
use rusqlite::Connection;

/// What one run of the timers did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TickReport {
    pub clocks_started: usize,
    pub(crate) vacations_ended: usize,
    pub(crate) seeks_expired: usize,
    pub nags: usize,
    pub forfeits: usize,
    pub(crate) digests: usize,
    /// Players whose ladder rank changed because someone stopped playing.
    pub(crate) ladder_moves: usize,
    /// Swiss rounds whose deadline passed.
    pub(crate) round_deadlines: usize,
    /// Addresses and accounts let go, never confirmed.
    pub unconfirmed_lapsed: usize,
    pub(crate) mails_queued: usize,
}

/// Timers handled per look into the store; a backlog takes several.
const PAGE: u32 = 200;

impl Host {
    /// Runs every timer due at the host's clock.
    pub fn tick(&mut self) -> Result<TickReport, HostError> {
        let now = self.clock.now().timestamp();
        let mut batch = self.batch()?;
        let report = batch.tick(now)?;
        batch.commit()?;
        Ok(report)
    }

    /// When the next timer falls due (seconds since the epoch).
    pub fn next_timer(&self) -> Result<Option<i64>, HostError> {
        Ok(store::next_timer(self.store.connection())?)
    }
}

/// One clock's action, found due.
struct Action {
    game_id: i64,
    side: Side,
    due: Due,
    /// When it fell due: forfeits are applied in this order.
    at: i64,
}

impl Batch<'_> {
    fn tick(&mut self, now: i64) -> Result<TickReport, HostError> {
        let mut report = TickReport::default();
        let mut post = super::own_post(&self.tx, self.renderer, self.settings, now);
        report.clocks_started = start_missing_clocks(&self.tx, self.replays, now)?;
        // Counts of wrong passwords the guard has forgotten anyway.
        let forget_before = now - self.settings.accounts.forget_after;
        store::forget_login_failures(&self.tx, forget_before, now)?;
        report.unconfirmed_lapsed =
            super::accounts::lapse::lapse_unconfirmed(&self.tx, &self.settings.accounts, now)?;
        // Seeks past their lifetime, never accepted (every seek command
        // checks the moment too); each author is told.
        for seek in store::sweep_seeks(&self.tx, now)? {
            if let Some(notice) = seek_expired(&self.tx, seek)? {
                post.notice(notice)?;
                report.seeks_expired += 1;
            }
        }
        loop {
            let ending = store::ending_vacations(&self.tx, now, PAGE)?;
            if ending.is_empty() {
                break;
            }
            for userid in ending {
                let allowance = self.settings.clocks.vacation_days;
                let notices = store::in_savepoint(&self.tx, || {
                    vacation::finish_at_its_end(&self.tx, &userid, now, allowance)
                })?;
                for notice in notices {
                    post.notice(notice)?;
                }
                report.vacations_ended += 1;
            }
        }
        report.digests = send_digests(&self.tx, self.replays, &mut post, now)?;
        events_due(
            &self.tx,
            &self.settings.competition,
            &mut post,
            now,
            &mut report,
        )?;
        let mut handled = std::collections::HashSet::new();
        loop {
            let mut actions = due_actions(&self.tx, self.replays, now)?;
            actions.retain(|action| handled.insert((action.game_id, action.side)));
            if actions.is_empty() {
                break;
            }
            actions.sort_by_key(|action| (action.at, action.game_id));
            for action in actions {
                let competition = &self.settings.competition;
                let notices = store::in_savepoint(&self.tx, || {
                    act(&self.tx, self.replays, competition, &action, now)
                })?;
                match action.due {
                    Due::Forfeit => report.forfeits += 1,
                    Due::Nag => report.nags += 1,
                }
                for notice in notices {
                    post.notice(notice)?;
                }
            }
        }
        report.mails_queued = post.queued;
        if report != TickReport::default() {
            tracing::info!(?report, "timers run");
        }
        Ok(report)
    }
}

/// The mail telling a seek's author it expired; none for a seek of a game
/// this host no longer runs, or an author without an address.
fn seek_expired(conn: &Connection, seek: store::Seek) -> Result<Option<Notice>, HostError> {
    let Some(kind) = GameKind::from_name(&seek.kind) else {
        return Ok(None);
    };
    let Some(player) = store::find_player(conn, &seek.userid)? else {
        return Ok(None);
    };
    Ok(Some(Notice::Account(AccountNews {
        userid: player.userid,
        to: player.addresses,
        event: AccountEvent::SeekExpired { kind, seek },
    })))
}

/// The events' own timers: ladder drops for absence, Swiss round
/// deadlines.
fn events_due(
    conn: &Connection,
    settings: &CompetitionSettings,
    post: &mut Post<'_>,
    now: i64,
    report: &mut TickReport,
) -> Result<(), HostError> {
    for id in store::ladders_with_drops_due(conn, now)? {
        let ladders = &settings.ladders;
        let Some(ladder) = ladder_event::by_id(conn, ladders, id)? else {
            continue;
        };
        let notices = store::in_savepoint(conn, || ladder_event::drop_absent(conn, &ladder, now))?;
        report.ladder_moves += notices.len();
        for notice in notices {
            post.notice(notice)?;
        }
    }
    for id in store::rounds_due(conn, now)? {
        let notices = store::in_savepoint(conn, || deadline::round_deadline(conn, id, now))?;
        report.round_deadlines += 1;
        for notice in notices {
            post.notice(notice)?;
        }
    }
    Ok(())
}

/// The daily digests due: each lists the player's boards that wait for
/// his move (none sent on a day when nothing waits); the next is due a day
/// after this one was, past now, so a host that was down sends one.
fn send_digests(
    conn: &Connection,
    replays: &replays::Replays,
    post: &mut Post<'_>,
    now: i64,
) -> Result<usize, HostError> {
    let mut sent = 0;
    loop {
        let due = store::due_digests(conn, now, PAGE)?;
        if due.is_empty() {
            return Ok(sent);
        }
        for (userid, at) in due {
            let notice = store::in_savepoint(conn, || -> Result<_, HostError> {
                let next = at + ((now - at) / DAY + 1) * DAY;
                store::set_digest_due(conn, &userid, Some(next))?;
                let boards = waiting_boards(conn, replays, &userid)?;
                Ok((!boards.is_empty()).then_some(Notice::Digest { userid, boards }))
            })?;
            if let Some(notice) = notice {
                post.notice(notice)?;
                sent += 1;
            }
        }
    }
}

/// The running boards that wait for `userid`'s move.
fn waiting_boards(
    conn: &Connection,
    replays: &replays::Replays,
    userid: &str,
) -> Result<Vec<BoardLine>, StoreError> {
    let running = store::active_boards_of(conn, userid)?;
    let mut boards = board_list::board_lines(conn, replays, userid, running, |_| true)?;
    boards.retain(|line| {
        line.live
            .as_ref()
            .is_ok_and(|live| live.game.to_move().contains(&line.side))
    });
    Ok(boards)
}

/// Starts the clocks of boards that ran before clocks existed, at `now`.
fn start_missing_clocks(
    conn: &Connection,
    replays: &replays::Replays,
    now: i64,
) -> Result<usize, HostError> {
    let mut started = 0;
    loop {
        let boards = store::boards_without_clocks(conn, PAGE)?;
        if boards.is_empty() {
            return Ok(started);
        }
        for id in boards {
            match replays::load(conn, replays, id, None) {
                Ok(live) if live.record.status == GameStatus::Active && live.clocks.is_none() => {
                    clocks::start(conn, &live, now)?;
                    started += 1;
                }
                Ok(_) => {}
                Err(replays::LoadError::Store(err)) => return Err(err.into()),
                // A board that does not replay gets no clock; it is
                // refused as unreadable wherever it is used.
                Err(err) => tracing::warn!(board = id, "no clock for an unreadable board: {err}"),
            }
            store::clocks_started(conn, id)?;
        }
    }
}

/// The clocks due by `now` and what each calls for: a loss on time once
/// the turn's time is used up, else a reminder.
fn due_actions(
    conn: &Connection,
    replays: &replays::Replays,
    now: i64,
) -> Result<Vec<Action>, HostError> {
    let mut actions = Vec::new();
    for (game_id, side) in store::due_clocks(conn, now, PAGE)? {
        let live = replays::load(conn, replays, game_id, None);
        let Some((clock_set, live)) = live
            .ok()
            .and_then(|live| Some((live.clocks.clone()?, live)))
        else {
            // Nothing to time: a board over or unreadable keeps no timer.
            store::save_clock(conn, game_id, side, &Default::default(), None)?;
            continue;
        };
        let clock = clock_set.side(side);
        let control = &clock_set.control;
        let reminders = clocks::reminders_of(conn, live.record.player(side))?;
        let action = match (clock.deadline(control), clock.due(control, &reminders)) {
            (Some(deadline), _) if deadline <= now => Some((Due::Forfeit, deadline)),
            (_, Some((at, Due::Nag))) if at <= now => Some((Due::Nag, at)),
            _ => None,
        };
        match action {
            Some((due, at)) => actions.push(Action {
                game_id,
                side,
                due,
                at,
            }),
            // Due earlier than its clock says (a schedule changed): stored
            // again with the right moment.
            None => clocks::save(conn, &live.record, &clock_set)?,
        }
    }
    Ok(actions)
}

/// Carries out one clock's action: the notices it causes.
fn act(
    conn: &Connection,
    replays: &replays::Replays,
    competition: &CompetitionSettings,
    action: &Action,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let mut live = replays::load(conn, replays, action.game_id, None).map_err(|err| match err {
        replays::LoadError::Store(err) => err,
        other => StoreError::Corrupt(other.to_string()),
    })?;
    match action.due {
        Due::Forfeit => forfeit(conn, replays, competition, live, action.side, now),
        Due::Nag => {
            if let Some(clock_set) = live.clocks.as_mut() {
                clock_set.side_mut(action.side).nag_sent(now);
                clocks::save(conn, &live.record, clock_set)?;
            }
            Ok(vec![Notice::Nag {
                live: Box::new(live),
                side: action.side,
            }])
        }
    }
}

/// `side` ran out of time: he loses, or (when his opponent could not
/// possibly have won) the game is drawn, or (before each player has
/// moved) the game is aborted.
fn forfeit(
    conn: &Connection,
    replays: &replays::Replays,
    competition: &CompetitionSettings,
    mut live: LiveGame,
    side: Side,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let drawn = !live.game.could_still_win(side.opponent());
    // Before each player has moved, nobody loses on time: it is aborted;
    // where nobody moved at all, neither is more to blame than the other.
    let stop = match live.moves.is_empty() {
        true => Stop::Unplayed,
        false => Stop::OutOfTime { side, drawn },
    };
    let ending = Ending::by_host(stop, live.begun());
    let consequences = end_game(conn, replays, competition, &mut live, ending, now)?;
    Ok(crate::host::events::told_over(live, None, consequences))
}
