//! The ladders kept in the store: joining and leaving, the checks on a
//! ladder challenge, a ladder game's result, and the drops of players who
//! stop playing. Each change tells those whose rank it changed.

use super::{CompetitionSettings, LadderSettings};
use crate::games::{GameKind, Side};
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, LadderReason, Notice};
use crate::host::model::replays::LiveGame;
use crate::rules::ladder::{Ladder, Moved};
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
    /// The player has a ladder challenge open already, on `board`.
    Open { userid: String, board: i64 },
}

/// A game type's ladder, and its rungs as stored.
pub fn load(conn: &Connection, kind: GameKind) -> Result<(Ladder, Vec<Rung>), StoreError> {
    let rungs = store::ladder(conn, kind.name())?;
    let ladder = Ladder {
        ranks: rungs.iter().map(|rung| rung.userid.clone()).collect(),
    };
    Ok((ladder, rungs))
}

/// Stores `ladder` in its new order; a player keeps the time of his last
/// ladder game unless he is among `active` (who played one just now).
fn save(
    conn: &Connection,
    settings: &LadderSettings,
    kind: GameKind,
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
                    next_drop: settings.inactive_after.map(|after| now + after),
                },
            }
        })
        .collect();
    store::save_ladder(conn, kind.name(), &rungs)
}

/// The mails for everyone whose rank changed.
fn tell(kind: GameKind, ladder: &Ladder, moved: Vec<Moved>, reason: LadderReason) -> Vec<Notice> {
    moved
        .into_iter()
        .map(|moved| {
            Notice::Competition(CompetitionNews {
                userid: moved.userid,
                kind,
                event: CompetitionEvent::LadderMoved {
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
    settings: &LadderSettings,
    kind: GameKind,
    userid: &str,
    now: i64,
) -> Result<(usize, bool), StoreError> {
    let (mut ladder, rungs) = load(conn, kind)?;
    if let Some(rank) = ladder.rank_of(userid) {
        return Ok((rank, false));
    }
    let rank = ladder.join(userid);
    save(conn, settings, kind, &ladder, &rungs, &[userid], now)?;
    Ok((rank, true))
}

/// A player leaves: the mails for those who moved up, or `None` if he was
/// not on the ladder.
pub fn leave(
    conn: &Connection,
    settings: &LadderSettings,
    kind: GameKind,
    userid: &str,
    now: i64,
) -> Result<Option<Vec<Notice>>, StoreError> {
    let (mut ladder, rungs) = load(conn, kind)?;
    let before = ladder.clone();
    if !ladder.leave(userid) {
        return Ok(None);
    }
    save(conn, settings, kind, &ladder, &rungs, &[], now)?;
    let moved: Vec<Moved> = ladder
        .moved_since(&before)
        .into_iter()
        .filter(|moved| moved.after.is_some())
        .collect();
    let reason = LadderReason::Left {
        userid: userid.to_string(),
    };
    Ok(Some(tell(kind, &ladder, moved, reason)))
}

/// Whether `challenger` may challenge `challenged` on the ladder now.
pub fn check_challenge(
    conn: &Connection,
    settings: &LadderSettings,
    kind: GameKind,
    challenger: &str,
    challenged: &str,
) -> Result<Result<(), ChallengeProblem>, StoreError> {
    let (ladder, _) = load(conn, kind)?;
    let mut ranks = [0; 2];
    for (rank, userid) in ranks.iter_mut().zip([challenger, challenged]) {
        match ladder.rank_of(userid) {
            Some(found) => *rank = found,
            None => return Ok(Err(ChallengeProblem::NotOnLadder(userid.to_string()))),
        }
    }
    let [rank, target] = ranks;
    // One ladder game at a time: with his own open, nobody can be
    // challenged now.
    if let Some(board) = store::open_ladder_game_of(conn, kind.name(), challenger)? {
        return Ok(Err(ChallengeProblem::Open {
            userid: challenger.to_string(),
            board,
        }));
    }
    let reach = Ladder::reach(rank, settings.reach);
    if !reach.contains(&target) {
        // Only those who can be challenged now: none with a ladder game
        // open.
        let mut within = Vec::new();
        for userid in reach.clone().filter_map(|rank| ladder.ranks.get(rank - 1)) {
            if store::open_ladder_game_of(conn, kind.name(), userid)?.is_none() {
                within.push(userid.clone());
            }
        }
        return Ok(Err(ChallengeProblem::OutOfReach {
            rank,
            target,
            reach,
            within,
        }));
    }
    if let Some(board) = store::open_ladder_game_of(conn, kind.name(), challenged)? {
        return Ok(Err(ChallengeProblem::Open {
            userid: challenged.to_string(),
            board,
        }));
    }
    Ok(Ok(()))
}

/// Keeps a new board as a ladder game; neither player drops while it runs.
pub fn record_challenge(
    conn: &Connection,
    kind: GameKind,
    game: &LadderGame,
) -> Result<(), StoreError> {
    store::insert_ladder_game(conn, kind.name(), game)?;
    let mut rungs = store::ladder(conn, kind.name())?;
    for rung in &mut rungs {
        if rung.userid.eq_ignore_ascii_case(&game.challenger)
            || rung.userid.eq_ignore_ascii_case(&game.challenged)
        {
            rung.next_drop = None;
        }
    }
    store::save_ladder(conn, kind.name(), &rungs)
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
    let counted = result.in_event(settings.ladders.aborted);
    store::settle_ladder_game(conn, game.game_id, counted.map(EventScore::stored))?;
    let forfeit = match result {
        GameResult::Aborted(abort) => Some(abort),
        _ => None,
    };
    let kind = live.kind;
    let (mut ladder, rungs) = load(conn, kind)?;
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
    save(conn, &settings.ladders, kind, &ladder, &rungs, &active, now)?;
    if let Some(refuser) = refuser {
        resume_absence(conn, &settings.ladders, kind, refuser)?;
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
    Ok(tell(kind, &ladder, ladder.moved_since(&before), reason))
}

/// A player whose ladder game is over without his having played it is
/// due to drop again when his time without a game runs out, as if the
/// game had never been.
fn resume_absence(
    conn: &Connection,
    settings: &LadderSettings,
    kind: GameKind,
    userid: &str,
) -> Result<(), StoreError> {
    let Some(period) = settings.inactive_after else {
        return Ok(());
    };
    let mut rungs = store::ladder(conn, kind.name())?;
    for rung in &mut rungs {
        if rung.userid.eq_ignore_ascii_case(userid) {
            rung.next_drop = Some(rung.active_since + (rung.drops + 1) * period);
        }
    }
    store::save_ladder(conn, kind.name(), &rungs)
}

/// Players whose time without a ladder game has run out drop a place for
/// each period that ran out, each time below the next player who is not
/// away too, so no drop lifts anyone who is away; the mails for everyone
/// who moved.
pub fn drop_absent(
    conn: &Connection,
    settings: &LadderSettings,
    kind: GameKind,
    now: i64,
) -> Result<Vec<Notice>, StoreError> {
    let Some(period) = settings.inactive_after else {
        return Ok(Vec::new());
    };
    let (mut ladder, mut rungs) = load(conn, kind)?;
    let before = ladder.clone();
    // Earliest first, so that after downtime drops happen in their order.
    let mut due: Vec<(i64, String)> = rungs
        .iter()
        .filter_map(|rung| Some((rung.next_drop?, rung.userid.clone())))
        .filter(|(at, _)| *at <= now)
        .collect();
    due.sort();
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
    store::save_ladder(conn, kind.name(), &rungs)?;
    let reason = LadderReason::Dropped { userids: dropped };
    Ok(tell(kind, &ladder, ladder.moved_since(&before), reason))
}
