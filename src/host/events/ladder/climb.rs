//! The ladders kept in the store: joining and leaving, the checks on a
//! ladder challenge, a ladder game's result, and the drops of players who
//! stop playing (never while they are on vacation). Each change tells
//! those whose rank it changed, and goes into the ladder's log with its
//! cause.

use super::super::log::{log_event, HOST};
use super::{self as ladder_event, LadderEvent};
use crate::games::Side;
use crate::host::competition::CompetitionSettings;
use crate::host::model::notice::{CompetitionEvent, CompetitionNews, LadderReason, Notice};
use crate::host::model::replays::LiveGame;
use crate::rules::ladder::{Ladder, Moved};
use crate::rules::score::{Abort, EventScore, GameResult};
use crate::store::{self, LadderGame, Rung, StoreError};
use rusqlite::Connection;

/// Why a ladder challenge cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ChallengeProblem {
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
    /// The two play a ladder game together on this ladder already.
    PairPlaying { board: i64 },
    /// The challenged player is on vacation until then.
    Away { userid: String, until: i64 },
}

/// A ladder's order, and its rungs as stored.
pub(crate) fn load(
    conn: &Connection,
    event: &LadderEvent,
) -> Result<(Ladder, Vec<Rung>), StoreError> {
    let rungs = store::ladder(conn, event.id())?;
    let ladder = Ladder {
        ranks: rungs.iter().map(|rung| rung.userid.clone()).collect(),
    };
    Ok((ladder, rungs))
}

/// Stores `ladder` in its new order; a player keeps the time of his last
/// ladder game unless he is among `active` (who played one just now).
pub(super) fn save(
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
pub(super) fn tell(
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
pub(crate) fn join(
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
pub(crate) fn leave(
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
pub(crate) fn check_challenge(
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
    // One game at a time between the same two on one ladder.
    let theirs = store::open_ladder_games_of(conn, event.id(), challenger)?;
    for board in theirs {
        let both = store::ladder_game(conn, board)?.is_some_and(|game| {
            [&game.challenger, &game.challenged]
                .iter()
                .any(|userid| userid.eq_ignore_ascii_case(challenged))
        });
        if both {
            return Ok(Err(ChallengeProblem::PairPlaying { board }));
        }
    }
    // A player on vacation is not there to answer.
    if let Some(until) = super::on_vacation(conn, challenged)? {
        return Ok(Err(ChallengeProblem::Away {
            userid: challenged.to_string(),
            until,
        }));
    }
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

/// Keeps a new board as a ladder game; neither player drops while it
/// runs.
pub(crate) fn record_challenge(
    conn: &Connection,
    event: &LadderEvent,
    game: &LadderGame,
    now: i64,
) -> Result<(), StoreError> {
    store::insert_ladder_game(conn, event.kind.name(), game)?;
    let detail = format!(
        "board {}: {} challenges {}",
        game.game_id, game.challenger, game.challenged
    );
    log_event(
        conn,
        event.key(),
        &game.challenger,
        "challenge",
        &detail,
        now,
    )?;
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
pub(crate) fn settle(
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
        log_result(
            conn,
            &event,
            live,
            counted,
            "the ladder is cancelled: nobody moves",
            now,
        )?;
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
    let (active, idle) = who_played(&game, live, forfeit);
    save(conn, &event, &ladder, &rungs, &active, now)?;
    for userid in idle {
        super::resume(conn, &event, userid)?;
    }
    let moved = ladder.moved_since(&before);
    log_result(conn, &event, live, counted, &climb_text(&moved), now)?;
    let Some((winner, loser)) = result else {
        return Ok(Vec::new());
    };
    let reason = LadderReason::Won {
        winner,
        loser,
        board: live.record.id,
        forfeit,
    };
    Ok(tell(&event, &ladder, moved, reason))
}

/// Which players of a ladder game played it, and which did not: who
/// would not play it has not (nor has either, when nobody moved); his
/// time without a ladder game runs on from where it stood before the
/// challenge.
fn who_played<'a>(
    game: &'a LadderGame,
    live: &'a LiveGame,
    forfeit: Option<Abort>,
) -> (Vec<&'a str>, Vec<&'a str>) {
    let both = [game.challenger.as_str(), game.challenged.as_str()];
    let idle: Vec<&str> = match forfeit {
        Some(Abort::Unplayed) => both.to_vec(),
        other => other
            .and_then(|abort| abort.refuser())
            .map(|side| live.record.player(side))
            .into_iter()
            .collect(),
    };
    let active = both
        .into_iter()
        .filter(|userid| !idle.iter().any(|idle| idle.eq_ignore_ascii_case(userid)))
        .collect();
    (active, idle)
}

/// Who climbed, as the log says it.
fn climb_text(moved: &[Moved]) -> String {
    match moved.iter().find(|m| m.after < m.before) {
        Some(up) => format!(
            "{} climbs from rank {} to {}",
            up.userid,
            up.before.unwrap_or(0),
            up.after.unwrap_or(0)
        ),
        None => "nobody moves".to_string(),
    }
}

/// A ladder game's result, what it counted and what it moved, in the
/// ladder's log.
fn log_result(
    conn: &Connection,
    event: &LadderEvent,
    live: &LiveGame,
    counted: Option<EventScore>,
    moved: &str,
    now: i64,
) -> Result<(), StoreError> {
    let player = |side| live.record.player(side).to_string();
    let what = match counted {
        Some(EventScore::Played(score)) => score.pgn().to_string(),
        Some(EventScore::Forfeit { loser }) => {
            format!("lost by {}, who would not play it (aborted)", player(loser))
        }
        Some(EventScore::DoubleForfeit) => "nobody moved: lost by both (aborted)".to_string(),
        Some(EventScore::Void) => "aborted; counts for nobody".to_string(),
        None => "over, its result unknown".to_string(),
    };
    let detail = format!("board {}: {what}; {moved}", live.record.id);
    log_event(conn, event.key(), HOST, "result", &detail, now)
}
