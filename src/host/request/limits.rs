//! The `[limits]` a command may meet before it makes the host write to
//! others: open challenges, boards a day, robot boards, subscriptions and
//! observers, confirmation requests (per account, and with every other
//! mail to strangers), an event's news. A limit met is refused to the sender
//! and kept in the security log. Beside them, the limit each player sets
//! himself: who may challenge him (refused to the sender alone too, but
//! no one's misuse, so not logged).

use super::{refused, Context, Failure};
use crate::host::model::challengers::Challengers;
use crate::host::model::limits::LimitHit;
use crate::host::model::refusal::Refusal;
use crate::store::challenges::Counted;
use crate::store::security::SecurityKind;
use crate::store::{self, challenges};

const DAY: i64 = 86_400;
const HOUR: i64 = 3600;

/// The refusal of a limit met by `userid` (logged as it is posted: the
/// command's own writes are undone).
fn met(userid: &str, hit: LimitHit) -> Failure {
    refused(Refusal::Limit {
        userid: userid.to_string(),
        hit,
    })
}

/// Whether `challenger` may start another board by challenging
/// `opponent` (`None`: two robots he sets going). A challenge his password
/// proved (`proven`) counts only the proven ones before it, so challenges
/// a forged From line issued in his name never spend his own; one his
/// From line alone issues counts them all.
pub(crate) fn may_challenge(
    ctx: &Context<'_>,
    (challenger, proven): (&str, bool),
    opponent: Option<&str>,
) -> Result<(), Failure> {
    let limits = &ctx.flood;
    let counted = if proven {
        Counted::Proven
    } else {
        Counted::All
    };
    let Some(opponent) = opponent else {
        let max = limits.robot_boards;
        if challenges::running_robot_boards(ctx.conn, challenger)? >= max {
            return Err(met(challenger, LimitHit::RobotBoards { max }));
        }
        return may_start_today(ctx, (challenger, counted));
    };
    let max = limits.open_challenges_per_opponent;
    let asked = (challenger, counted);
    if challenges::unanswered_challenges(ctx.conn, asked, Some(opponent))? >= max {
        let opponent = opponent.to_string();
        return Err(met(
            challenger,
            LimitHit::OpenChallengesTo { opponent, max },
        ));
    }
    let max = limits.open_challenges;
    if challenges::unanswered_challenges(ctx.conn, asked, None)? >= max {
        return Err(met(challenger, LimitHit::OpenChallenges { max }));
    }
    may_start_today(ctx, asked)
}

/// Whether `opponent` takes a challenge from `challenger`: his own
/// choice of who may challenge him. A robot has none and takes anyone;
/// a userid with no account is left to the seats' check.
pub(crate) fn takes_challenge_from(
    ctx: &Context<'_>,
    challenger: &str,
    opponent: &str,
) -> Result<(), Failure> {
    if store::robot_level(ctx.conn, opponent)?.is_some() {
        return Ok(());
    }
    let Some(stored) = store::challengers(ctx.conn, opponent)? else {
        return Ok(());
    };
    let takes = Challengers::from_stored(Some(&stored));
    let admitted = match takes {
        Challengers::Anyone => true,
        Challengers::Played => store::have_played(ctx.conn, challenger, opponent)?,
        Challengers::Nobody => false,
    };
    if admitted {
        return Ok(());
    }
    let userid = store::find_player(ctx.conn, opponent)?
        .map_or_else(|| opponent.to_string(), |player| player.userid);
    Err(refused(Refusal::Unchallengeable { userid, takes }))
}

fn may_start_today(ctx: &Context<'_>, asked: (&str, Counted)) -> Result<(), Failure> {
    let (challenger, _) = asked;
    let max = ctx.flood.boards_per_day;
    if challenges::challenges_since(ctx.conn, asked, ctx.now - DAY)? >= max {
        return Err(met(challenger, LimitHit::BoardsPerDay { max }));
    }
    Ok(())
}

/// Whether `userid` may follow these boards of `kind` more (`None`:
/// every new board of it), all or none.
pub(crate) fn may_subscribe(
    ctx: &Context<'_>,
    userid: &str,
    kind: &str,
    boards: &[Option<i64>],
) -> Result<(), Failure> {
    let max = ctx.flood.subscriptions_per_player;
    if challenges::subscriptions_of(ctx.conn, userid)? + boards.len() > max {
        return Err(met(userid, LimitHit::Subscriptions { max }));
    }
    let max = ctx.flood.observers_per_board;
    for &board in boards {
        // Those following every board follow the newest one there can be.
        let observers = store::observers(ctx.conn, kind, board.unwrap_or(i64::MAX))?;
        let already = observers
            .iter()
            .any(|(o, _)| o.eq_ignore_ascii_case(userid));
        if !already && observers.len() >= max {
            return Err(met(userid, LimitHit::Observers { board, max }));
        }
    }
    Ok(())
}

/// Whether the host may ask `count` more addresses of `userid` to
/// confirm today; each request asked is logged, and counted so.
pub(crate) fn may_ask_to_confirm(
    ctx: &Context<'_>,
    userid: &str,
    count: usize,
) -> Result<(), Failure> {
    if count == 0 {
        return Ok(());
    }
    let max = ctx.flood.confirmations_per_day;
    let since = ctx.now - DAY;
    let asked = store::security::security_log(ctx.conn, Some(since), Some(userid))?
        .iter()
        .filter(|event| event.kind == SecurityKind::ConfirmationAsked)
        .count();
    if asked + count > max {
        return Err(met(userid, LimitHit::Confirmations { max }));
    }
    // The addresses are strangers' until they confirm: the requests come
    // out of the strangers' budget, so forged signups relay no more than
    // any other forged mail.
    let max = ctx.flood.stranger_answers_per_hour as usize;
    if store::stranger_answers_since(ctx.conn, ctx.now - HOUR)? + count > max {
        return Err(met(userid, LimitHit::StrangerMail { max }));
    }
    Ok(())
}

/// What a director does that mails everyone in his event: its log
/// actions.
const EVENT_NEWS: &[&str] = &["rules", "announce"];

/// Whether `director` may change the rules of `event`, or announce to
/// it, once more this hour: each mails every player, and one mail may
/// carry fifty such commands.
pub(crate) fn may_tell_event(
    ctx: &Context<'_>,
    director: &str,
    event: store::LoggedEvent,
) -> Result<(), Failure> {
    let max = ctx.flood.event_news_per_hour;
    if store::logged_since(ctx.conn, event, EVENT_NEWS, ctx.now - HOUR)? >= max {
        return Err(met(director, LimitHit::EventNews { max }));
    }
    Ok(())
}

/// Counts a message from `sender` to `to` (a player, or what else it
/// went to) against the hourly limit, or refuses it past the limit.
pub(crate) fn count_message(ctx: &Context<'_>, sender: &str, to: &str) -> Result<(), Failure> {
    let max = ctx.messages.per_hour;
    if store::messages_sent_since(ctx.conn, sender, ctx.now - HOUR)? >= max {
        return Err(refused(Refusal::TooManyMessages { max }));
    }
    store::record_message(ctx.conn, sender, to, ctx.now, ctx.now - HOUR)?;
    Ok(())
}
