//! A director's verbs: rulings on a board (`GAME adjudicate|forfeit|void
//! board userid password ...`), and the tournament verbs that act on a
//! running tournament's boards (`cancel`, `remove` after the start,
//! `replace`); and any tournament's log, for anyone (`GAME tournament
//! NAME log`). The work itself is in the `pub` functions taking a
//! [`Desk`], which the operator's `pbem` subcommands share; the mail
//! handlers check who asks first.
//!
//! The rule for a player removed after the start: each of his boards
//! still running is forfeited by him (a director's ruling against him):
//! a loss once both players have moved (rated where the board is rated),
//! and before that an aborted board, unrated, that the tournament counts
//! by its rule for aborted games (by default: lost by him). His games
//! played stay in the crosstable.

pub mod rulings;

use super::log::log_tournament;
use super::tournament::{answer, news_for, organised_by};
use crate::games::GameKind;
use crate::host::clocks;
use crate::host::competition::CompetitionSettings;
use crate::host::model::command::{Credential, RulingVerb, Syntax};
use crate::host::model::notice::{Answer, BoardNews, Event, Notice, TournamentChange};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LiveGame, LoadError, Replays};
use crate::host::request::{
    authenticate, board_of_kind, reachable, refused, refused_on, Context, Handled,
};
use crate::store::{self, GameStatus, Player, StoreError, Tournament};
use crate::store::{TournamentBoard, TournamentStatus};
use rulings::{director_of_game, Verdict};
use rusqlite::Connection;

/// Where a director's verb is carried out: the store, the settings, the
/// replays, who acts (a userid, or `operator`) and when.
pub struct Desk<'a> {
    pub conn: &'a Connection,
    pub competition: &'a CompetitionSettings,
    pub replays: &'a Replays,
    pub actor: &'a str,
    pub now: i64,
}

fn desk<'a>(ctx: &'a Context<'a>, actor: &'a str) -> Desk<'a> {
    Desk {
        conn: ctx.conn,
        competition: ctx.competition,
        replays: ctx.replays,
        actor,
        now: ctx.now,
    }
}

/// `GAME adjudicate|forfeit|void board userid password ...`: only the
/// director of the board's event may; a director who does not play on
/// the board gets it as it now stands.
pub fn rule(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    (userid, password): (&str, &str),
    verb: &RulingVerb,
    reason: &str,
) -> Handled {
    let live = board_of_kind(ctx, kind, board)?;
    let credential = Credential::Password(password.to_string());
    let player = authenticate(ctx, userid, &credential, Some(&live))?;
    let director = director_of_game(ctx.conn, board)?;
    if !director
        .as_deref()
        .is_some_and(|director| director.eq_ignore_ascii_case(&player.userid))
    {
        return Err(refused_on(Refusal::NotDirector { board, director }, live));
    }
    if live.record.status != GameStatus::Active {
        let refusal = Refusal::BoardOver {
            userid: player.userid,
            board,
            game: kind,
        };
        return Err(refused_on(refusal, live));
    }
    if live.record.side_of(&player.userid).is_some() {
        return Err(refused_on(Refusal::RulingOwnBoard { board }, live));
    }
    let verdict = match verdict_of(&live, verb) {
        Ok(verdict) => verdict,
        Err(refusal) => return Err(refused_on(refusal, live)),
    };
    let mut notices = rule_board(&desk(ctx, &player.userid), live, verdict, reason)?;
    // The director, who does not play on it, gets the board as it now
    // stands.
    let live = replays::load(ctx.conn, ctx.replays, board, None)?;
    let shown = Answer::Show {
        live: Box::new(live),
        after: None,
    };
    notices.insert(0, Notice::Answer(shown));
    Ok(notices)
}

/// What a ruling's words give on `live`: a forfeit names a player of it.
pub fn verdict_of(live: &LiveGame, verb: &RulingVerb) -> Result<Verdict, Refusal> {
    Ok(match verb {
        RulingVerb::Adjudicate(score) => Verdict::Adjudicate(*score),
        RulingVerb::Forfeit { loser } => match live.record.side_of(loser) {
            Some(side) => Verdict::Forfeit(side),
            None => {
                return Err(Refusal::NotSeated {
                    userid: loser.clone(),
                    board: live.record.id,
                    white: live.record.white.clone(),
                    black: live.record.black.clone(),
                })
            }
        },
        RulingVerb::Void => Verdict::Void,
    })
}

/// Ends the running board `live` by a ruling and tells both players: the
/// game-over mail says who ruled, what and why.
pub fn rule_board(
    desk: &Desk<'_>,
    mut live: LiveGame,
    verdict: Verdict,
    reason: &str,
) -> Result<Vec<Notice>, StoreError> {
    let settings = desk.competition;
    let order = (desk.actor, verdict, reason);
    let consequences = rulings::rule(
        desk.conn,
        desk.replays,
        settings,
        &mut live,
        order,
        desk.now,
    )?;
    let mut notices = vec![Notice::Board(BoardNews {
        live,
        events: Vec::new(),
        comment: None,
        new_game: false,
    })];
    notices.extend(consequences);
    Ok(notices)
}

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
pub fn still_on(found: &Tournament) -> Result<(), Refusal> {
    let status = match found.status {
        TournamentStatus::Open | TournamentStatus::Running => return Ok(()),
        TournamentStatus::Finished => "finished",
        TournamentStatus::Cancelled => "cancelled",
    };
    Err(Refusal::TournamentEnded {
        name: found.name.clone(),
        status: status.to_string(),
    })
}

/// Cancels a tournament not over yet: it ends at once (cancelled), each
/// board still running is voided (aborted, counted for nobody), and every
/// player and the organiser are told. The tournament as it is now, with
/// the change.
pub fn cancel_tournament(
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
    let detail = format!("running boards voided: {}", board_list(&boards));
    log(desk, found.id, "cancel", &detail)?;
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
pub fn remove_running(
    desk: &Desk<'_>,
    kind: GameKind,
    found: &Tournament,
    out: &str,
) -> Result<Result<(TournamentChange, Vec<Notice>), Refusal>, StoreError> {
    let players = store::tournament_players(desk.conn, found.id)?;
    let Some(userid) = players.into_iter().find(|p| p.eq_ignore_ascii_case(out)) else {
        return Ok(Err(Refusal::NotInTournament {
            name: found.name.clone(),
            userid: out.to_string(),
        }));
    };
    removed(desk, kind, found, userid).map(Ok)
}

fn removed(
    desk: &Desk<'_>,
    kind: GameKind,
    found: &Tournament,
    userid: String,
) -> Result<(TournamentChange, Vec<Notice>), StoreError> {
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
    let detail = format!("{userid}; open boards lost by him: {}", board_list(&boards));
    log(desk, found.id, "remove", &detail)?;
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
pub fn replace_player(
    desk: &Desk<'_>,
    kind: GameKind,
    found: &Tournament,
    old: &str,
    new: &Player,
) -> Result<Result<(TournamentChange, Vec<Notice>), Refusal>, StoreError> {
    let name = found.name.clone();
    if found.status != TournamentStatus::Running {
        return Ok(Err(Refusal::TournamentNotRunning { name }));
    }
    // A knockout's places are its seeds, and its bracket is rebuilt from
    // them: nobody takes over another's.
    if found.format == crate::store::TournamentFormat::Knockout {
        return Ok(Err(Refusal::KnockoutSeatTaken { name }));
    }
    let players = store::tournament_players(desk.conn, found.id)?;
    let Some(old) = players
        .iter()
        .find(|p| p.eq_ignore_ascii_case(old))
        .cloned()
    else {
        let userid = old.to_string();
        return Ok(Err(Refusal::NotInTournament { name, userid }));
    };
    if players.iter().any(|p| p.eq_ignore_ascii_case(&new.userid)) {
        let userid = new.userid.clone();
        return Ok(Err(Refusal::AlreadyInTournament { name, userid }));
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
        return Ok(Err(Refusal::NothingToReplace { name, userid: old }));
    }
    store::join_tournament(desk.conn, found.id, &new.userid)?;
    let mut notices = hand_boards(desk, found, &handed, &old, &new.userid)?;
    let boards: Vec<i64> = handed.iter().map(|board| board.game_id).collect();
    let detail = format!(
        "{} takes {old}'s place on {}",
        new.userid,
        board_list(&boards)
    );
    log(desk, found.id, "replace", &detail)?;
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
            events: vec![Event::Paired {
                tournament: found.name.clone(),
                round: board.round,
                aborted: found.abort_rule(desk.competition.tournaments.aborted),
                note: found.comment.clone(),
                // Only round robins hand a seat over.
                bout: None,
            }],
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

fn board_list(boards: &[i64]) -> String {
    match boards.is_empty() {
        true => "none".to_string(),
        false => boards
            .iter()
            .map(|board| format!("board {board}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn log(desk: &Desk<'_>, id: i64, action: &str, detail: &str) -> Result<(), StoreError> {
    log_tournament(desk.conn, id, desk.actor, action, detail, desk.now)
}

/// `GAME tournament cancel NAME userid password`.
pub(super) fn cancel(ctx: &Context<'_>, kind: GameKind, name: &str, player: Player) -> Handled {
    let found = organised_by(ctx, kind, name, &player, "cancel")?;
    still_on(&found).map_err(refused)?;
    let (cancelled, change, notices) = cancel_tournament(&desk(ctx, &player.userid), kind, &found)?;
    let mut answered = answer(ctx, &cancelled, Some(change))?;
    answered.extend(notices);
    Ok(answered)
}

/// `GAME tournament remove NAME userid password PLAYER`, once it runs.
pub(super) fn remove(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    player: Player,
    out: &str,
) -> Handled {
    let desk = desk(ctx, &player.userid);
    let (change, notices) = remove_running(&desk, kind, &found, out)?.map_err(refused)?;
    let found = store::load_tournament(ctx.conn, found.id)?.unwrap_or(found);
    let mut answered = answer(ctx, &found, Some(change))?;
    answered.extend(notices);
    Ok(answered)
}

/// `GAME tournament replace NAME userid password OLD NEW`.
pub(super) fn replace(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    player: Player,
    (old, new): (&str, &str),
) -> Handled {
    let found = organised_by(ctx, kind, name, &player, "replace")?;
    let Some(heir) = store::find_player(ctx.conn, new)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: new.to_string(),
            syntax: Some(Syntax::Tournament),
            game: Some(kind),
        }));
    };
    reachable(ctx, &heir)?;
    let desk = desk(ctx, &player.userid);
    let (change, notices) = replace_player(&desk, kind, &found, old, &heir)?.map_err(refused)?;
    let mut answered = answer(ctx, &found, Some(change))?;
    answered.extend(notices);
    Ok(answered)
}

/// `GAME tournament NAME log`: anyone may read it.
pub fn log_of(ctx: &Context<'_>, kind: GameKind, name: &str) -> Handled {
    let found = super::tournament::find(ctx, kind, name)?;
    let entries = store::event_log(ctx.conn, found.key())?;
    Ok(vec![Notice::Answer(Answer::EventLog {
        kind,
        name: found.name,
        ladder: false,
        entries,
    })])
}
