//! A ladder's absent players: those without a ladder game for longer
//! than its rules allow drop a place for each period (or leave it, as its
//! rules say), in the timers, each drop logged; a player on vacation does
//! not drop meanwhile, nor can he be challenged, and his absence stands
//! still until he is back (`clocks::vacation` moves it on by as long).

use super::super::log::{log_event, HOST};
use super::climb::{load, tell};
use super::LadderEvent;
use crate::host::model::notice::{LadderReason, Notice};
use crate::rules::ladder::Ladder;
use crate::rules::ladder_rules::Inactivity;
use crate::store::{self, Rung, StoreError};
use rusqlite::Connection;

/// Players whose time without a ladder game has run out drop a place for
/// each period that ran out, each time below the next player who is not
/// away too, so no drop lifts anyone who is away; the mails for everyone
/// who moved.
pub(crate) fn drop_absent(
    conn: &Connection,
    event: &LadderEvent,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let Some(period) = event.rules.inactive_after else {
        return Ok(Vec::new());
    };
    let (mut ladder, mut rungs) = load(conn, event)?;
    let before = ladder.clone();
    let on_holiday = hold_for_vacations(conn, &mut rungs, now)?;
    // Earliest first, so that after downtime drops happen in their order.
    let mut due: Vec<(i64, String)> = rungs
        .iter()
        .filter(|rung| !rung.suspended)
        .filter_map(|rung| Some((rung.next_drop?, rung.userid.clone())))
        .filter(|(at, _)| *at <= now)
        .collect();
    due.sort();
    if event.rules.inactivity == Inactivity::Remove {
        return remove_absent(conn, event, (ladder, rungs), due, now);
    }
    // Who is away now: no ladder game running, and none for a period, or
    // on vacation. A drop changes places only with someone who is not.
    let mut away: Vec<String> = rungs
        .iter()
        .filter(|rung| rung.next_drop.is_some() && now - rung.active_since >= period)
        .map(|rung| rung.userid.to_ascii_lowercase())
        .collect();
    away.extend(on_holiday);
    let active = |userid: &str| !away.contains(&userid.to_ascii_lowercase());
    let mut dropped = Vec::new();
    for (_, userid) in due {
        let Some(rung) = rungs.iter_mut().find(|rung| rung.userid == userid) else {
            continue;
        };
        let periods = (now - rung.active_since) / period;
        let owed = periods - rung.drops;
        rung.drops = periods.max(rung.drops);
        rung.next_drop = Some(rung.active_since + (rung.drops + 1) * period);
        for _ in 0..owed.clamp(0, ladder.ranks.len() as i64) {
            if !ladder.drop_one(&userid, active) {
                break;
            }
            if !dropped.contains(&userid) {
                dropped.push(userid.clone());
            }
        }
    }
    for rung in &mut rungs {
        rung.rank = ladder.rank_of(&rung.userid).unwrap_or(rung.rank);
    }
    rungs.sort_by_key(|rung| rung.rank);
    store::save_ladder(conn, event.id(), &rungs)?;
    for userid in &dropped {
        let (was, is) = (before.rank_of(userid), ladder.rank_of(userid));
        let detail = format!(
            "{userid}: no ladder game for {} days; rank {} to {}",
            period / 86_400,
            was.unwrap_or(0),
            is.unwrap_or(0)
        );
        log_event(conn, event.key(), HOST, "drop", &detail, now)?;
    }
    let reason = LadderReason::Dropped {
        userids: dropped,
        left: false,
    };
    Ok(tell(event, &ladder, ladder.moved_since(&before), reason))
}

/// Who is on vacation (lower-cased): he does not drop meanwhile (a drop
/// due waits until he is back, when his absence goes on), nor does a
/// drop lift him.
fn hold_for_vacations(
    conn: &Connection,
    rungs: &mut [Rung],
    now: i64,
) -> Result<Vec<String>, StoreError> {
    let mut on_holiday = Vec::new();
    for rung in rungs {
        if let Some(until) = super::on_vacation(conn, &rung.userid)? {
            if rung.next_drop.is_some_and(|at| at <= now) {
                rung.next_drop = Some(until.max(now + 1));
            }
            on_holiday.push(rung.userid.to_ascii_lowercase());
        }
    }
    Ok(on_holiday)
}

/// On a ladder whose absent players leave it: those `due` leave, and
/// those below move up; the mails for everyone who moved, the absent
/// too.
fn remove_absent(
    conn: &Connection,
    event: &LadderEvent,
    (mut ladder, mut rungs): (Ladder, Vec<Rung>),
    due: Vec<(i64, String)>,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let before = ladder.clone();
    let mut removed = Vec::new();
    let days = event.rules.inactive_after.unwrap_or(0) / 86_400;
    for (_, userid) in due {
        if ladder.leave(&userid) {
            let detail = format!("{userid}: no ladder game for {days} days; off the ladder");
            log_event(conn, event.key(), HOST, "remove", &detail, now)?;
            removed.push(userid);
        }
    }
    rungs.retain(|rung| ladder.rank_of(&rung.userid).is_some());
    for rung in &mut rungs {
        rung.rank = ladder.rank_of(&rung.userid).unwrap_or(rung.rank);
    }
    rungs.sort_by_key(|rung| rung.rank);
    store::save_ladder(conn, event.id(), &rungs)?;
    let reason = LadderReason::Dropped {
        userids: removed,
        left: true,
    };
    Ok(tell(event, &ladder, ladder.moved_since(&before), reason))
}
