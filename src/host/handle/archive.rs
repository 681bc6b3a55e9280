//! Where a player stands and what was played: `status` (every running
//! board of a player) and `GAME history` (finished boards, newest first).

use super::{refused, Context, Handled};
use crate::games::GameKind;
use crate::host::model::audience::{may_read, Audience, Piece};
use crate::host::model::command::{Credential, Syntax};
use crate::host::model::notice::{Answer, HistoryLine, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::model::{board_list, replays};
use crate::store::{self, Watched};

/// Finished boards listed in one mail.
pub(crate) const HISTORY_PAGE: u32 = 20;

pub(crate) fn status(ctx: &Context<'_>, userid: &str) -> Handled {
    let Some(player) = store::find_player(ctx.conn, userid)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: userid.to_string(),
            syntax: Some(Syntax::Status),
            game: None,
        }));
    };
    let running = store::active_boards_of(ctx.conn, &player.userid)?;
    let boards = board_list::board_lines(ctx.conn, ctx.replays, &player.userid, running, |_| true)?;
    Ok(vec![Notice::Answer(Answer::Status {
        userid: player.userid,
        boards,
    })])
}

pub(crate) fn history(
    ctx: &Context<'_>,
    kind: GameKind,
    userid: Option<&str>,
    page: u32,
) -> Handled {
    let userid = match userid {
        None => None,
        Some(userid) => match store::find_player(ctx.conn, userid)? {
            Some(player) => Some(player.userid),
            None => {
                return Err(refused(Refusal::NoSuchPlayer {
                    userid: userid.to_string(),
                    syntax: Some(Syntax::History),
                    game: Some(kind),
                }))
            }
        },
    };
    let offset = (page - 1).saturating_mul(HISTORY_PAGE);
    let (total, finished) = store::finished_boards(
        ctx.conn,
        kind.name(),
        userid.as_deref(),
        HISTORY_PAGE,
        offset,
    )?;
    let boards = finished
        .into_iter()
        .map(|board| HistoryLine {
            board: board.id,
            started: board.started,
            ended: board.ended,
            moves: board.moves,
            live: replays::load(ctx.conn, ctx.replays, board.id, None)
                .map_err(|err| err.to_string()),
        })
        .collect();
    Ok(vec![Notice::Answer(Answer::History {
        kind,
        userid,
        page,
        pages: total.div_ceil(HISTORY_PAGE).max(1),
        total,
        boards,
    })])
}

/// `GAME subscribe|unsubscribe board|all`: every event of a board (or of
/// every new board of the type) by mail, or no more.
pub fn subscribe(
    ctx: &Context<'_>,
    kind: GameKind,
    board: Option<i64>,
    userid: &str,
    password: &str,
    on: bool,
) -> Handled {
    let player = super::authenticate(ctx, userid, &Credential::Password(password.into()), None)?;
    if let Some(board) = board {
        super::board_of_kind(ctx, kind, board)?;
    }
    let changed = if on {
        super::limits::may_subscribe(ctx, &player.userid, kind.name(), &[board])?;
        let watched = match board {
            Some(board) => Watched::Board(board),
            None => Watched::Every {
                since: store::next_board_id(ctx.conn)?,
            },
        };
        store::subscribe(ctx.conn, &player.userid, kind.name(), watched, false)?;
        true
    } else {
        store::unsubscribe(ctx.conn, &player.userid, kind.name(), board)?
    };
    Ok(vec![Notice::Answer(Answer::Watching {
        userid: player.userid,
        kind,
        boards: board.into_iter().collect(),
        on,
        changed,
        results_only: false,
    })])
}

/// `GAME notify userid password [board...]`: a mail when these boards (or
/// any board of the type) end.
pub(crate) fn notify(
    ctx: &Context<'_>,
    kind: GameKind,
    userid: &str,
    password: &str,
    boards: &[i64],
) -> Handled {
    let player = super::authenticate(ctx, userid, &Credential::Password(password.into()), None)?;
    for board in boards {
        super::board_of_kind(ctx, kind, *board)?;
    }
    let asked: Vec<Option<i64>> = match boards {
        [] => vec![None],
        boards => boards.iter().map(|board| Some(*board)).collect(),
    };
    super::limits::may_subscribe(ctx, &player.userid, kind.name(), &asked)?;
    if boards.is_empty() {
        let every = Watched::Every { since: 0 };
        store::subscribe(ctx.conn, &player.userid, kind.name(), every, true)?;
    }
    for board in boards {
        let watched = Watched::Board(*board);
        store::subscribe(ctx.conn, &player.userid, kind.name(), watched, true)?;
    }
    Ok(vec![Notice::Answer(Answer::Watching {
        userid: player.userid,
        kind,
        boards: boards.to_vec(),
        on: true,
        changed: true,
        results_only: true,
    })])
}

/// `GAME record board`: the board's whole record; the PGN goes with the
/// mail (see `post`).
pub(crate) fn record(ctx: &Context<'_>, kind: GameKind, board: i64) -> Handled {
    let live = super::board_of_kind(ctx, kind, board)?;
    let dates = store::move_dates(ctx.conn, board)?;
    // Anyone may ask, from any address: the record shows what observers
    // may read.
    let comments = store::board_comments(ctx.conn, board)?
        .into_iter()
        .filter(|(_, public)| may_read(Piece::Comment { public: *public }, Audience::Observer))
        .map(|(comment, _)| comment)
        .collect();
    let taken_back = store::taken_back(ctx.conn, board)?;
    Ok(vec![Notice::Answer(Answer::Record {
        live: Box::new(live),
        dates,
        comments,
        taken_back,
    })])
}
