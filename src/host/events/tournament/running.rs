//! What a tournament's director does to it once players are in:
//! `cancel` (its running boards voided), `remove` (before the start he
//! simply leaves; after it, each of his running boards is forfeited by
//! him and no format pairs him again) and `replace` (another player takes
//! his boards not begun). The work is over a [`Desk`], with who acts.
//!
//! The rule for a player removed after the start: each of his boards
//! still running is forfeited by him (a director's ruling against him):
//! a loss once both players have moved (rated where the board is rated),
//! and before that an aborted board, unrated, that the tournament counts
//! by its rule for aborted games (by default: lost by him). His games
//! played stay in the crosstable.

use super::super::director::rulings::Verdict;
use super::super::director::{desk, rule_board, Desk};
use super::super::door::may_take_part;
use super::super::format::{self, Run};
use super::door;
use super::progress::progress;
use super::{answer, news_for};
use crate::games::GameKind;
use crate::host::clocks;
use crate::host::model::command::Syntax;
use crate::host::model::notice::{BoardNews, Notice, TournamentChange};
use crate::host::model::refusal::{Refusal, TournamentRefusal};
use crate::host::model::replays::{self, LiveGame, LoadError};
use crate::host::request::{reachable, refused, Context, Handled};
use crate::store::{
    self, GameStatus, Player, StoreError, Tournament, TournamentBoard, TournamentStatus,
};

/// A board of the tournament still running, replayed; `None` for one
/// over, or one that does not replay (left for the operator).
fn running(desk: &Desk<'_>, board: &TournamentBoard) -> Result<Option<LiveGame>, StoreError> {
    if board.score.is_some() {
        return Ok(None);
    }
    match replays::load(desk.conn, desk.replays, board.game_id, None) {
        Ok(live) if live.record.status == GameStatus::Active => Ok(Some(live)),
        Ok(_) => Ok(None),
        Err(LoadError::Store(err)) => Err(err),
        Err(_) => Ok(None),
    }
}

/// Everyone a change to the whole tournament concerns (its players and
/// its organiser) but the one who made it, who is answered.
fn concerned(desk: &Desk<'_>, found: &Tournament) -> Result<Vec<String>, StoreError> {
    let mut readers = store::tournament_players(desk.conn, found.id)?;
    if !readers
        .iter()
        .any(|userid| userid.eq_ignore_ascii_case(&found.organiser))
    {
        readers.push(found.organiser.clone());
    }
    readers.retain(|userid| !userid.eq_ignore_ascii_case(desk.actor));
    Ok(readers)
}

/// Refused when the tournament is over already.
pub(crate) fn still_on(found: &Tournament) -> Result<(), Refusal> {
    let status = match found.status {
        TournamentStatus::Open | TournamentStatus::Running => return Ok(()),
        TournamentStatus::Finished => "finished",
        TournamentStatus::Cancelled => "cancelled",
    };
    Err(TournamentRefusal::TournamentEnded {
        name: found.name.clone(),
        status: status.to_string(),
    }
    .into())
}

/// Cancels a tournament not over yet: it ends at once (cancelled), each
/// board still running is voided (aborted, counted for nobody), and every
/// player and the organiser are told. The tournament as it is now, with
/// the change.
pub(crate) fn cancel_tournament(
    desk: &Desk<'_>,
    kind: GameKind,
    found: &Tournament,
) -> Result<(Tournament, TournamentChange, Vec<Notice>), StoreError> {
    // Cancelled first, so the last board voided does not finish it.
    store::set_tournament_status(desk.conn, found.id, TournamentStatus::Cancelled, desk.now)?;
    let mut notices = Vec::new();
    let mut boards = Vec::new();
    for board in store::tournament_boards(desk.conn, found.id)? {
        if let Some(live) = running(desk, &board)? {
            notices.extend(rule_board(desk, live, Verdict::Void, "")?);
            boards.push(board.game_id);
        }
    }
    let cancelled = Tournament {
        status: TournamentStatus::Cancelled,
        ..found.clone()
    };
    let change = TournamentChange::Cancelled {
        userid: desk.actor.to_string(),
        boards,
    };
    for userid in concerned(desk, &cancelled)? {
        notices.push(news_for(&userid, kind, &cancelled, change.clone()));
    }
    Ok((cancelled, change, notices))
}

/// Takes `out` out of a running tournament: each of his boards still
/// running is lost by him (see the module's docs), and he is told.
pub(crate) fn remove_running(
    desk: &Desk<'_>,
    kind: GameKind,
    found: &Tournament,
    out: &str,
) -> Result<Result<(TournamentChange, Vec<Notice>), Refusal>, StoreError> {
    let players = store::tournament_players(desk.conn, found.id)?;
    let Some(userid) = players.into_iter().find(|p| p.eq_ignore_ascii_case(out)) else {
        return Ok(Err(TournamentRefusal::NotInTournament {
            name: found.name.clone(),
            userid: out.to_string(),
        }
        .into()));
    };
    removed(desk, kind, found, userid).map(Ok)
}

fn removed(
    desk: &Desk<'_>,
    kind: GameKind,
    found: &Tournament,
    userid: String,
) -> Result<(TournamentChange, Vec<Notice>), StoreError> {
    // Out first, so that no board his forfeits end begins a game of his.
    store::withdraw_from_tournament(desk.conn, found.id, &userid, desk.now)?;
    let mut notices = Vec::new();
    let mut boards = Vec::new();
    for board in store::tournament_boards(desk.conn, found.id)? {
        let Some(live) = running(desk, &board)? else {
            continue;
        };
        let Some(side) = live.record.side_of(&userid) else {
            continue;
        };
        notices.extend(rule_board(desk, live, Verdict::Forfeit(side), "")?);
        boards.push(board.game_id);
    }
    // A match of his between two games is decided by his going: the
    // format goes on now, whether a board of his ended or not.
    let now_found = store::load_tournament(desk.conn, found.id)?;
    if let Some(current) = now_found.filter(|t| t.status == TournamentStatus::Running) {
        let run = Run {
            conn: desk.conn,
            replays: desk.replays,
            settings: desk.competition,
            tournament: &current,
            now: desk.now,
        };
        notices.extend(progress(&run, &format!("{userid} was taken out"))?);
    }
    let change = TournamentChange::Removed {
        userid: desk.actor.to_string(),
        player: userid.clone(),
        was_in: true,
        boards,
    };
    for reader in told(desk, found, &[&userid]) {
        notices.push(news_for(&reader, kind, found, change.clone()));
    }
    Ok((change, notices))
}

/// `new` takes `old`'s place in a running tournament on each of `old`'s
/// running boards on which `old` has not moved yet: the board is
/// `new`'s from now on, as it stands (its clocks start again, as a new
/// board's), and both of its players get it as a new board. `old` keeps his seat for the
/// games he played or began; `new` joins the table as a player of his
/// own, for the boards he took over.
pub(crate) fn replace_player(
    desk: &Desk<'_>,
    kind: GameKind,
    found: &Tournament,
    old: &str,
    new: &Player,
) -> Result<Result<(TournamentChange, Vec<Notice>), Refusal>, StoreError> {
    let name = found.name.clone();
    if found.status != TournamentStatus::Running {
        return Ok(Err(TournamentRefusal::TournamentNotRunning { name }.into()));
    }
    // A knockout's places are its seeds, and its bracket is rebuilt from
    // them (a Swiss's its pairing numbers): nobody takes over another's.
    if !format::of(found.format).hands_over_seats() {
        let format = found.format.name().to_string();
        return Ok(Err(TournamentRefusal::SeedSeatTaken { name, format }.into()));
    }
    let players = store::tournament_players(desk.conn, found.id)?;
    let Some(old) = players
        .iter()
        .find(|p| p.eq_ignore_ascii_case(old))
        .cloned()
    else {
        let userid = old.to_string();
        return Ok(Err(
            TournamentRefusal::NotInTournament { name, userid }.into()
        ));
    };
    if players.iter().any(|p| p.eq_ignore_ascii_case(&new.userid)) {
        let userid = new.userid.clone();
        return Ok(Err(
            TournamentRefusal::AlreadyInTournament { name, userid }.into()
        ));
    }
    let mut handed = Vec::new();
    for board in store::tournament_boards(desk.conn, found.id)? {
        let Some(live) = running(desk, &board)? else {
            continue;
        };
        if live
            .record
            .side_of(&old)
            .is_some_and(|side| !live.has_moved(side))
        {
            handed.push(board);
        }
    }
    if handed.is_empty() {
        return Ok(Err(TournamentRefusal::NothingToReplace {
            name,
            userid: old,
        }
        .into()));
    }
    store::join_tournament(desk.conn, found.id, &new.userid)?;
    let mut notices = hand_boards(desk, found, &handed, &old, &new.userid)?;
    let boards: Vec<i64> = handed.iter().map(|board| board.game_id).collect();
    let change = TournamentChange::Replaced {
        userid: desk.actor.to_string(),
        old: old.clone(),
        new: new.userid.clone(),
        boards,
    };
    for userid in told(desk, found, &[&old, &new.userid]) {
        notices.push(news_for(&userid, kind, found, change.clone()));
    }
    Ok(Ok((change, notices)))
}

/// Hands `old`'s seat on each of `boards` to `new` (without `old`'s
/// conditional moves or draw offer there), each board's clocks started
/// again; both players get it as a new board of the tournament.
fn hand_boards(
    desk: &Desk<'_>,
    found: &Tournament,
    boards: &[TournamentBoard],
    old: &str,
    new: &str,
) -> Result<Vec<Notice>, StoreError> {
    let mut notices = Vec::new();
    for board in boards {
        // What `old` left on the board is his, not `new`'s: his
        // conditional moves and a draw offer of his seat.
        store::clear_lines(desk.conn, board.game_id, Some(old))?;
        if let Some(record) = store::load_game(desk.conn, board.game_id)? {
            let seat = record.side_of(old);
            if seat.is_some() && record.draw_offer == seat {
                store::set_draw_offer(desk.conn, board.game_id, None, desk.now)?;
            }
        }
        store::hand_board_seat(desk.conn, board.game_id, old, new)?;
        let mut live = match replays::load(desk.conn, desk.replays, board.game_id, None) {
            Ok(live) => live,
            Err(LoadError::Store(err)) => return Err(err),
            Err(_) => continue,
        };
        // The new player's clock starts afresh, as on a new board.
        if live.clocks.is_some() {
            live.clocks = Some(clocks::start(desk.conn, &live, desk.now)?);
        }
        notices.push(Notice::Board(BoardNews {
            live,
            // Only round robins hand a seat over: no bout.
            events: vec![format::paired(
                desk.conn,
                found,
                (board.round, None),
                format::abort_rule(found, desk.competition.tournaments.aborted),
            )?],
            comment: None,
            new_game: true,
        }));
    }
    Ok(notices)
}

/// The players a change concerns, and the organiser too when someone
/// else (the operator) made it; each once.
fn told(desk: &Desk<'_>, found: &Tournament, players: &[&str]) -> Vec<String> {
    let mut readers: Vec<String> = players.iter().map(|userid| userid.to_string()).collect();
    let organiser = &found.organiser;
    if !organiser.eq_ignore_ascii_case(desk.actor)
        && !readers
            .iter()
            .any(|userid| userid.eq_ignore_ascii_case(organiser))
    {
        readers.push(organiser.clone());
    }
    readers
}

/// `cancel`: the tournament ends at once, its running boards voided.
pub(super) fn cancel(ctx: &Context<'_>, kind: GameKind, found: Tournament, by: &str) -> Handled {
    still_on(&found).map_err(refused)?;
    let (cancelled, change, mut notices) = cancel_tournament(&desk(ctx, by), kind, &found)?;
    // Those still waiting to join hear that it will never begin.
    if found.status == TournamentStatus::Open {
        notices.extend(door::lapse(ctx, kind, &cancelled, door::Lapse::Cancelled)?);
    }
    let mut answered = answer(ctx, &cancelled, Some(change))?;
    answered.extend(notices);
    Ok(answered)
}

/// `remove PLAYER`: before the start he simply leaves; after, each of his
/// running boards is lost by him and he plays no more.
pub(super) fn remove(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    by: &str,
    out: &str,
) -> Handled {
    still_on(&found).map_err(refused)?;
    if found.status == TournamentStatus::Open {
        return remove_before_start(ctx, kind, found, by, out);
    }
    let desk = desk(ctx, by);
    let (change, notices) = remove_running(&desk, kind, &found, out)?.map_err(refused)?;
    let found = store::load_tournament(ctx.conn, found.id)?.unwrap_or(found);
    let mut answered = answer(ctx, &found, Some(change))?;
    answered.extend(notices);
    Ok(answered)
}

/// Before the start a player taken out simply leaves the tournament, and
/// is told.
fn remove_before_start(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    by: &str,
    out: &str,
) -> Handled {
    let players = store::tournament_players(ctx.conn, found.id)?;
    let Some(userid) = players.into_iter().find(|p| p.eq_ignore_ascii_case(out)) else {
        return Err(refused(TournamentRefusal::NotInTournament {
            name: found.name,
            userid: out.to_string(),
        }));
    };
    store::leave_tournament(ctx.conn, found.id, &userid)?;
    let change = TournamentChange::Removed {
        userid: by.to_string(),
        player: userid.clone(),
        was_in: true,
        boards: Vec::new(),
    };
    let mut notices = answer(ctx, &found, Some(change.clone()))?;
    for reader in told(&desk(ctx, by), &found, &[&userid]) {
        notices.push(news_for(&reader, kind, &found, change.clone()));
    }
    Ok(notices)
}

/// `replace OLD NEW`: `new` takes `old`'s place on the boards `old` has
/// not begun.
pub(super) fn replace(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    by: &str,
    (old, new): (&str, &str),
) -> Handled {
    still_on(&found).map_err(refused)?;
    let Some(heir) = store::find_player(ctx.conn, new)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: new.to_string(),
            syntax: Some(Syntax::Tournament),
            game: Some(kind),
        }));
    };
    reachable(ctx, &heir)?;
    may_take_part(ctx, &heir)?;
    let desk = desk(ctx, by);
    let (change, notices) = replace_player(&desk, kind, &found, old, &heir)?.map_err(refused)?;
    let mut answered = answer(ctx, &found, Some(change))?;
    answered.extend(notices);
    Ok(answered)
}
