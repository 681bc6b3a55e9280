//! Vacations: a player's clocks stop on all his boards while he is away,
//! for at most what is left of his yearly allowance (counted in days,
//! each day begun counting whole), and his opponents are told when he
//! leaves and when he is back. A vacation ends by his `off`, at its
//! `until` date, or when the allowance runs out (the timers end it).
//! While he is away his absence from the ladders stands still: no drop
//! for it, and his time without a ladder game goes on when he is back.

use crate::clock::from_unix;
use crate::games::Side;
use crate::host::clocks;
use crate::host::model::notice::{AccountEvent, AccountNews, Notice};
use crate::rules::time_control::DAY;
use crate::store::{self, StoreError, Vacation};
use chrono::Datelike;
use rusqlite::Connection;

/// The calendar year (UTC) of a moment.
fn year_of(moment: i64) -> i32 {
    from_unix(moment).year()
}

/// A player's vacation with its count of days begun anew in a new year.
pub(crate) fn current(conn: &Connection, userid: &str, now: i64) -> Result<Vacation, StoreError> {
    let mut vacation = store::vacation(conn, userid)?;
    let year = year_of(now);
    if vacation.year != year && vacation.since.is_none() {
        vacation.year = year;
        vacation.used_days = 0;
    }
    Ok(vacation)
}

/// Days of the allowance left, counting a vacation under way to `now`.
pub(crate) fn days_left(vacation: &Vacation, allowance: i64, now: i64) -> i64 {
    let running = vacation.since.map_or(0, |since| days_begun(since, now));
    (allowance - vacation.used_days - running).max(0)
}

/// Whole days from `since` to `until`, a day begun counting whole.
fn days_begun(since: i64, until: i64) -> i64 {
    ((until - since).max(0) + DAY - 1) / DAY
}

/// The boards a player sits at, with his side on each and his opponent.
fn boards_of(
    conn: &Connection,
    userid: &str,
) -> Result<Vec<(store::GameRecord, Side)>, StoreError> {
    let mut boards = Vec::new();
    for id in store::active_boards_of(conn, userid)? {
        // Only the record is needed: the clocks are kept beside it. A
        // damaged row keeps no clock to stop.
        let record = match store::load_game(conn, id) {
            Ok(Some(record)) => record,
            Ok(None) | Err(StoreError::Corrupt(_)) => continue,
            Err(err) => return Err(err),
        };
        if let Some(side) = record.side_of(userid) {
            boards.push((record, side));
        }
    }
    Ok(boards)
}

/// Stops or starts again the player's clocks on all his boards, and tells
/// each opponent once, naming the boards they share.
fn hold_all(
    conn: &Connection,
    userid: &str,
    away: bool,
    back: Option<i64>,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let mut shared: Vec<(String, Vec<i64>)> = Vec::new();
    for (record, side) in boards_of(conn, userid)? {
        clocks::hold(conn, &record, Some(side), away, now)?;
        let opponent = record.player(side.opponent()).to_string();
        match shared
            .iter_mut()
            .find(|(name, _)| name.eq_ignore_ascii_case(&opponent))
        {
            Some((_, boards)) => boards.push(record.id),
            None => shared.push((opponent, vec![record.id])),
        }
    }
    let mut notices = Vec::new();
    for (opponent, boards) in shared {
        let Some(player) = store::find_player(conn, &opponent)? else {
            continue;
        };
        notices.push(Notice::Account(AccountNews {
            userid: player.userid,
            to: player.addresses,
            event: AccountEvent::OpponentAway {
                opponent: userid.to_string(),
                boards,
                away,
                back,
            },
        }));
    }
    Ok(notices)
}

/// Starts a vacation at `now`, ending at `until` or when the allowance
/// runs out, whichever comes first. The caller has checked there is
/// allowance left and that none is under way.
pub(crate) fn begin(
    conn: &Connection,
    userid: &str,
    until: Option<i64>,
    allowance: i64,
    now: i64,
) -> Result<(Vacation, Vec<Notice>), StoreError> {
    let mut vacation = current(conn, userid, now)?;
    let by_allowance = now + days_left(&vacation, allowance, now) * DAY;
    let ends = until.map_or(by_allowance, |until| until.min(by_allowance));
    vacation.since = Some(now);
    vacation.ends = Some(ends);
    store::set_vacation(conn, userid, &vacation)?;
    let notices = hold_all(conn, userid, true, Some(ends), now)?;
    Ok((vacation, notices))
}

/// Ends a vacation whose end has come (the timers): as [`finish`], and the
/// player is told too, since he sent nothing.
pub(crate) fn finish_at_its_end(
    conn: &Connection,
    userid: &str,
    now: i64,
    allowance: i64,
) -> Result<Vec<Notice>, StoreError> {
    let Some(ended) = store::vacation(conn, userid)?
        .ends
        .map(|ends| ends.min(now))
    else {
        return finish(conn, userid, now);
    };
    let mut notices = finish(conn, userid, now)?;
    if let Some(player) = store::find_player(conn, userid)? {
        let after = current(conn, userid, now)?;
        notices.insert(
            0,
            Notice::Account(AccountNews {
                userid: player.userid,
                to: player.addresses,
                event: AccountEvent::VacationOver {
                    ended,
                    days_left: days_left(&after, allowance, now),
                },
            }),
        );
    }
    Ok(notices)
}

/// Ends a player's vacation at `now` (his `off`, or the timers at its
/// end): its days are counted, his clocks run again.
pub(crate) fn finish(conn: &Connection, userid: &str, now: i64) -> Result<Vec<Notice>, StoreError> {
    let mut vacation = store::vacation(conn, userid)?;
    let Some(since) = vacation.since else {
        return Ok(Vec::new());
    };
    // The timers may run late; the vacation ended when it was due to.
    let end = vacation.ends.map_or(now, |ends| ends.min(now));
    if vacation.year != year_of(since) {
        vacation.year = year_of(since);
        vacation.used_days = 0;
    }
    vacation.used_days += days_begun(since, end);
    vacation.since = None;
    vacation.ends = None;
    store::set_vacation(conn, userid, &vacation)?;
    // Away on vacation is not away from the ladders: his time without a
    // ladder game stood still meanwhile (and he dropped nothing).
    store::shift_absence(conn, userid, end - since, end)?;
    hold_all(conn, userid, false, None, end)
}
