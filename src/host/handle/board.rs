//! The other board actions and the views of boards: resigning, declining,
//! showing a board, a player's list of games, chat.

use super::{
    authenticate, board_of_kind, comment_of, refused, refused_on, seated_game, Context, Handled,
};
use crate::games::GameKind;
use crate::host::model::answers::{self, Reply};
use crate::host::model::board_list;
use crate::host::model::command::{Credential, Syntax};
use crate::host::model::notice::{Answer, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LiveGame};
use crate::rules::score::{Ending, Stop};
use crate::store;

pub(crate) fn resign(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
) -> Handled {
    let (live, player, side) = seated_game(ctx, kind, board, userid, credential)?;
    // Before each player has moved, resigning aborts the game.
    let ending = Ending::by_host(Stop::Resign(side), live.begun());
    end(ctx, live, ending, &player.userid)
}

pub(crate) fn decline(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
) -> Handled {
    let (live, player, side) = seated_game(ctx, kind, board, userid, credential)?;
    if let Err(refusal) = answers::may(&live, side, Reply::Decline) {
        return Err(refused_on(refusal, live));
    }
    let ending = Ending::by_host(Stop::Decline(side), live.begun());
    end(ctx, live, ending, &player.userid)
}

/// Ends a game by a player's word and tells both players.
fn end(ctx: &Context<'_>, mut live: LiveGame, ending: Ending, author: &str) -> Handled {
    let consequences = crate::host::events::end_game(
        ctx.conn,
        ctx.replays,
        ctx.competition,
        &mut live,
        ending,
        ctx.now,
    )?;
    let comment = comment_of(ctx, author)?;
    Ok(crate::host::events::told_over(live, comment, consequences))
}

pub(crate) fn show(ctx: &Context<'_>, kind: GameKind, board: i64, after: Option<i64>) -> Handled {
    let live = board_of_kind(ctx, kind, board)?;
    let Some(after) = after else {
        return Ok(vec![Notice::Answer(Answer::Show {
            live: Box::new(live),
            after: None,
        })]);
    };
    if after < 0 || after as usize > live.total_moves {
        let refusal = Refusal::NoSuchMove {
            board,
            moves: live.total_moves,
            after,
            game: kind,
        };
        return Err(refused_on(refusal, live));
    }
    let earlier = replays::load(ctx.conn, ctx.replays, board, Some(after as usize))?;
    Ok(vec![Notice::Answer(Answer::Show {
        live: Box::new(earlier),
        after: Some(after),
    })])
}

/// Boards on one page of `GAME games`.
pub(crate) const GAMES_PAGE: u32 = 20;

/// A player's boards of one game, newest first, a page at a time.
pub(crate) fn games(ctx: &Context<'_>, kind: GameKind, userid: &str, page: u32) -> Handled {
    let Some(player) = store::find_player(ctx.conn, userid)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: userid.to_string(),
            syntax: Some(Syntax::Games),
            game: Some(kind),
        }));
    };
    let mut ids = Vec::new();
    for id in store::game_ids_of(ctx.conn, &player.userid, false)? {
        if store::load_game(ctx.conn, id)?.is_some_and(|record| record.kind == kind.name()) {
            ids.push(id);
        }
    }
    let total = ids.len() as u32;
    // Only the boards of the page are replayed.
    let start = (page - 1).saturating_mul(GAMES_PAGE) as usize;
    let shown: Vec<i64> = ids
        .into_iter()
        .skip(start)
        .take(GAMES_PAGE as usize)
        .collect();
    let boards = board_list::board_lines(ctx.conn, ctx.replays, &player.userid, shown, |_| true)?;
    Ok(vec![Notice::Answer(Answer::Games {
        userid: player.userid,
        kind,
        page,
        pages: total.div_ceil(GAMES_PAGE).max(1),
        total,
        boards,
    })])
}

pub(crate) fn chat(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
) -> Handled {
    let live = board_of_kind(ctx, kind, board)?;
    let player = authenticate(ctx, userid, credential, Some(&live))?;
    if live.record.side_of(&player.userid).is_none() {
        let refusal = Refusal::NotSeatedForChat {
            userid: player.userid,
            board,
        };
        return Err(refused_on(refusal, live));
    }
    let Some(comment) = comment_of(ctx, &player.userid)? else {
        return Err(refused_on(Refusal::EmptyChat, live));
    };
    Ok(vec![Notice::Chat {
        live,
        author: comment.author,
        text: comment.text,
    }])
}
