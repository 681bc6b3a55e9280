//! The ladders kept in the store: joining and leaving, the checks on a
//! ladder challenge, a ladder game's result, and the drops of players who
//! stop playing. Each change tells those whose rank it changed.

use super::{self as ladder_event, LadderEvent};
use crate::games::Side;
use crate::host::competition::CompetitionSettings;
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, LadderReason, Notice};
use crate::host::model::replays::LiveGame;
use crate::rules::ladder::{Ladder, Moved};
use crate::rules::ladder_rules::Inactivity;
use crate::rules::score::{EventScore, GameResult};
use crate::store::{self, LadderGame, Rung, StoreError};
use rusqlite::Connection;

/// Why a ladder challenge cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeProblem {
    /// The player is not on the ladder.
    NotOnLadder(String),
    /// The challenged player stands outside the ranks the challenger may
    /// reach (`reach` is empty when he stands at the top); `within` are
    /// those in reach who can be challenged now (no ladder game open).
    OutOfReach {
        rank: usize,
        target: usize,
        reach: std::ops::RangeInclusive<usize>,
        within: Vec<String>,
    },
    /// The player has as many ladder games open as the ladder allows,
    /// the first on `board`.
    Open {
        userid: String,
        board: i64,
        most: usize,
    },
    /// The director suspended the player.
    Suspended(String),
    /// The director ended the ladder.
    Cancelled,
}

/// A ladder's order, and its rungs as stored.
pub fn load(conn: &Connection, event: &LadderEvent) -> Result<(Ladder, Vec<Rung>), StoreError> {
    let rungs = store::ladder(conn, event.id())?;
    let ladder = Ladder {
        ranks: rungs.iter().map(|rung| rung.userid.clone()).collect(),
    };
    Ok((ladder, rungs))
}

/// Stores `ladder` in its new order; a player keeps the time of his last
/// ladder game unless he is among `active` (who played one just now).
fn save(
    conn: &Connection,
    event: &LadderEvent,
    ladder: &Ladder,
    before: &[Rung],
    active: &[&str],
    now: i64,
) -> Result<(), StoreError> {
    let rungs: Vec<Rung> = ladder
        .ranks
        .iter()
        .enumerate()
        .map(|(index, userid)| {
            let old = before
                .iter()
                .find(|rung| rung.userid.eq_ignore_ascii_case(userid));
            match old {
                Some(old) if !active.iter().any(|a| a.eq_ignore_ascii_case(userid)) => Rung {
                    rank: index + 1,
                    ..old.clone()
                },
                _ => Rung {
                    userid: userid.clone(),
                    rank: index + 1,
                    active_since: now,
                    drops: 0,
                    next_drop: event.rules.inactive_after.map(|after| now + after),
                    suspended: old.is_some_and(|old| old.suspended),
                },
            }
        })
        .collect();
    store::save_ladder(conn, event.id(), &rungs)
}

/// The mails for everyone whose rank changed.
fn tell(
    event: &LadderEvent,
    ladder: &Ladder,
    moved: Vec<Moved>,
    reason: LadderReason,
) -> Vec<Notice> {
    moved
        .into_iter()
        .map(|moved| {
            Notice::Competition(CompetitionNews {
                userid: moved.userid,
                kind: event.kind,
                event: CompetitionEvent::LadderMoved {
                    name: event.row.name.clone(),
                    before: moved.before,
                    after: moved.after,
                    reason: reason.clone(),
                    ladder: ladder.ranks.clone(),
                },
            })
        })
        .collect()
}

/// A player joins at the bottom: his rank, and whether he is new there.
pub fn join(
    conn: &Connection,
    event: &LadderEvent,
    userid: &str,
    now: i64,
) -> Result<(usize, bool), StoreError> {
    let (mut ladder, rungs) = load(conn, event)?;
    if let Some(rank) = ladder.rank_of(userid) {
        return Ok((rank, false));
    }
    let rank = ladder.join(userid);
    save(conn, event, &ladder, &rungs, &[userid], now)?;
    store::remove_entrant(conn, event.key(), userid)?;
    Ok((rank, true))
}

/// A player leaves: the mails for those who moved up, or `None` if he was
/// not on the ladder.
pub fn leave(
    conn: &Connection,
    event: &LadderEvent,
    userid: &str,
    now: i64,
) -> Result<Option<Vec<Notice>>, StoreError> {
    let (mut ladder, rungs) = load(conn, event)?;
    let before = ladder.clone();
    if !ladder.leave(userid) {
        return Ok(None);
    }
    save(conn, event, &ladder, &rungs, &[], now)?;
    let moved: Vec<Moved> = ladder
        .moved_since(&before)
        .into_iter()
        .filter(|moved| moved.after.is_some())
        .collect();
    let reason = LadderReason::Left {
        userid: userid.to_string(),
    };
    Ok(Some(tell(event, &ladder, moved, reason)))
}

/// Whether `challenger` may challenge `challenged` on the ladder now.
pub fn check_challenge(
    conn: &Connection,
    event: &LadderEvent,
    challenger: &str,
    challenged: &str,
) -> Result<Result<(), ChallengeProblem>, StoreError> {
    if event.cancelled() {
        return Ok(Err(ChallengeProblem::Cancelled));
    }
    let (ladder, rungs) = load(conn, event)?;
    let mut ranks = [0; 2];
    for (rank, userid) in ranks.iter_mut().zip([challenger, challenged]) {
        match ladder.rank_of(userid) {
            Some(found) => *rank = found,
            None => return Ok(Err(ChallengeProblem::NotOnLadder(userid.to_string()))),
        }
        if rungs[*rank - 1].suspended {
            return Ok(Err(ChallengeProblem::Suspended(userid.to_string())));
        }
    }
    let [rank, target] = ranks;
    // With as many of his own open as the ladder allows, nobody can be
    // challenged now.
    if let Some(problem) = full(conn, event, challenger)? {
        return Ok(Err(problem));
    }
    let reach = Ladder::reach(rank, event.rules.reach);
    if !reach.contains(&target) {
        // Only those who can be challenged now.
        let mut within = Vec::new();
        for rung in reach.clone().filter_map(|rank| rungs.get(rank - 1)) {
            if !rung.suspended && full(conn, event, &rung.userid)?.is_none() {
                within.push(rung.userid.clone());
            }
        }
        return Ok(Err(ChallengeProblem::OutOfReach {
            rank,
            target,
            reach,
            within,
        }));
    }
    Ok(full(conn, event, challenged)?.map_or(Ok(()), Err))
}

/// The problem when a player has as many ladder games open as the
/// ladder allows.
fn full(
    conn: &Connection,
    event: &LadderEvent,
    userid: &str,
) -> Result<Option<ChallengeProblem>, StoreError> {
    let open = store::open_ladder_games_of(conn, event.id(), userid)?;
    Ok(
        (open.len() >= event.rules.max_open).then(|| ChallengeProblem::Open {
            userid: userid.to_string(),
            board: open[0],
            most: event.rules.max_open,
        }),
    )
}

/// Keeps a new board as a ladder game; neither player drops while it runs.
pub fn record_challenge(
    conn: &Connection,
    event: &LadderEvent,
    game: &LadderGame,
) -> Result<(), StoreError> {
    store::insert_ladder_game(conn, event.kind.name(), game)?;
    let mut rungs = store::ladder(conn, event.id())?;
    for rung in &mut rungs {
        if rung.userid.eq_ignore_ascii_case(&game.challenger)
            || rung.userid.eq_ignore_ascii_case(&game.challenged)
        {
            rung.next_drop = None;
        }
    }
    store::save_ladder(conn, event.id(), &rungs)
}

/// A ladder game is over: a lower winner climbs. An aborted game counts
/// by the ladder's rule: by default the player who would not play it
/// loses it (unrated), or it counts for nobody.
pub fn settle(
    conn: &Connection,
    settings: &CompetitionSettings,
    live: &LiveGame,
    result: GameResult,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let Some(game) = store::ladder_game(conn, live.record.id)? else {
        return Ok(Vec::new());
    };
    if game.settled {
        return Ok(Vec::new());
    }
    let Some(event) = ladder_event::by_id(conn, &settings.ladders, game.ladder_id)? else {
        return Ok(Vec::new());
    };
    let counted = result.in_event(game.aborted.unwrap_or(event.rules.aborted));
    store::settle_ladder_game(conn, game.game_id, counted.map(EventScore::stored))?;
    // An ended ladder stands as it was left.
    if event.cancelled() {
        return Ok(Vec::new());
    }
    let forfeit = match result {
        GameResult::Aborted(abort) => Some(abort),
        _ => None,
    };
    let (mut ladder, rungs) = load(conn, &event)?;
    let before = ladder.clone();
    let result = counted.and_then(EventScore::winner).map(|side: Side| {
        (
            live.record.player(side).to_string(),
            live.record.player(side.opponent()).to_string(),
        )
    });
    if let Some((winner, loser)) = &result {
        ladder.won(winner, loser);
    }
    // The one who would not play has not played: his time without a
    // ladder game runs on from where it stood before the challenge.
    let refuser = forfeit
        .and_then(|abort| abort.refuser())
        .map(|side| live.record.player(side));
    let active: Vec<&str> = [game.challenger.as_str(), game.challenged.as_str()]
        .into_iter()
        .filter(|userid| refuser.is_none_or(|refuser| !refuser.eq_ignore_ascii_case(userid)))
        .collect();
    save(conn, &event, &ladder, &rungs, &active, now)?;
    if let Some(refuser) = refuser {
        resume_absence(conn, &event, refuser)?;
    }
    let Some((winner, loser)) = result else {
        return Ok(Vec::new());
    };
    let reason = LadderReason::Won {
        winner,
        loser,
        board: live.record.id,
        forfeit,
    };
    Ok(tell(&event, &ladder, ladder.moved_since(&before), reason))
}

/// A player whose ladder game is over without his having played it is
/// due to drop again when his time without a game runs out, as if the
/// game had never been.
fn resume_absence(conn: &Connection, event: &LadderEvent, userid: &str) -> Result<(), StoreError> {
    let Some(period) = event.rules.inactive_after else {
        return Ok(());
    };
    let mut rungs = store::ladder(conn, event.id())?;
    for rung in &mut rungs {
        if rung.userid.eq_ignore_ascii_case(userid) {
            rung.next_drop = Some(rung.active_since + (rung.drops + 1) * period);
        }
    }
    store::save_ladder(conn, event.id(), &rungs)
}

/// Players whose time without a ladder game has run out drop a place for
/// each period that ran out, each time below the next player who is not
/// away too, so no drop lifts anyone who is away; the mails for everyone
/// who moved.
pub fn drop_absent(
    conn: &Connection,
    event: &LadderEvent,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let Some(period) = event.rules.inactive_after else {
        return Ok(Vec::new());
    };
    let (mut ladder, mut rungs) = load(conn, event)?;
    let before = ladder.clone();
    // Earliest first, so that after downtime drops happen in their order.
    let mut due: Vec<(i64, String)> = rungs
        .iter()
        .filter(|rung| !rung.suspended)
        .filter_map(|rung| Some((rung.next_drop?, rung.userid.clone())))
        .filter(|(at, _)| *at <= now)
        .collect();
    due.sort();
    if event.rules.inactivity == Inactivity::Remove {
        return remove_absent(conn, event, ladder, rungs, due);
    }
    // Who is away now: no ladder game running, and none for a period.
    // A drop changes places only with someone who is not.
    let away: Vec<String> = rungs
        .iter()
        .filter(|rung| rung.next_drop.is_some() && now - rung.active_since >= period)
        .map(|rung| rung.userid.to_ascii_lowercase())
        .collect();
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
    let reason = LadderReason::Dropped {
        userids: dropped,
        left: false,
    };
    Ok(tell(event, &ladder, ladder.moved_since(&before), reason))
}

/// On a ladder whose absent players leave it: those `due` leave, and
/// those below move up; the mails for everyone who moved, the absent
/// too.
fn remove_absent(
    conn: &Connection,
    event: &LadderEvent,
    mut ladder: Ladder,
    mut rungs: Vec<Rung>,
    due: Vec<(i64, String)>,
) -> Result<Vec<Notice>, StoreError> {
    let before = ladder.clone();
    let mut removed = Vec::new();
    for (_, userid) in due {
        if ladder.leave(&userid) {
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
