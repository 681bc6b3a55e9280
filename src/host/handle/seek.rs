//! Seeks: open challenges. A player posts one with the switches he
//! wants (`GAME seek userid password [switches]`), anyone lists them
//! (`GAME seeks`), and the first other player who accepts (`GAME seek
//! accept N userid password`) starts the board with the author as
//! White. A seek lasts a week (`[seeks] lifetime`); expired ones are
//! never accepted and are swept by the timers and by every seek command.

use super::challenge::{check_seek, start};
use super::{authenticate, refused, Context, Handled};
use crate::games::GameKind;
use crate::host::model::command::Credential;
use crate::host::model::command::PASSWORD_SWITCH;
use crate::host::model::notice::{Answer, Comment, Event, Notice};
use crate::host::model::refusal::Refusal;
use crate::store::{self, NewSeek};

pub(crate) fn seek(
    ctx: &Context<'_>,
    kind: GameKind,
    userid: &str,
    password: &str,
    switches: &[String],
) -> Handled {
    let credential = Credential::Password(password.to_string());
    let player = authenticate(ctx, userid, &credential, None)?;
    // A password given as a switch is never kept.
    let switches: Vec<String> = switches
        .iter()
        .filter(|switch| !switch.to_lowercase().starts_with(PASSWORD_SWITCH))
        .cloned()
        .collect();
    check_seek(ctx, kind, &player, &switches)?;
    let max = ctx.seeks.max_open;
    if store::open_seeks(ctx.conn, None, Some(&player.userid), ctx.now)?.len() >= max {
        return Err(refused(Refusal::TooManySeeks { max }));
    }
    let comment = ctx.comment.map(str::trim).filter(|text| !text.is_empty());
    let expires = ctx.now.saturating_add(ctx.seeks.lifetime);
    let new = NewSeek {
        kind: kind.name(),
        userid: &player.userid,
        switches: &switches,
        comment,
    };
    let id = store::insert_seek(ctx.conn, &new, ctx.now, expires)?;
    let seek = store::open_seek(ctx.conn, id, ctx.now)?
        .ok_or(Refusal::NoSuchSeek {
            seek: id,
            game: kind,
        })
        .map_err(refused)?;
    Ok(vec![Notice::Answer(Answer::SeekChanged {
        kind,
        seek,
        posted: true,
    })])
}

pub(crate) fn seeks(ctx: &Context<'_>, kind: GameKind) -> Handled {
    let seeks = store::open_seeks(ctx.conn, Some(kind.name()), None, ctx.now)?;
    Ok(vec![Notice::Answer(Answer::Seeks { kind, seeks })])
}

/// Accepts a seek (the board starts) or withdraws one's own.
pub(crate) fn answer(
    ctx: &Context<'_>,
    kind: GameKind,
    id: i64,
    userid: &str,
    password: &str,
    accept: bool,
) -> Handled {
    let credential = Credential::Password(password.to_string());
    let player = authenticate(ctx, userid, &credential, None)?;
    let Some(seek) = store::open_seek(ctx.conn, id, ctx.now)?.filter(|s| s.kind == kind.name())
    else {
        return Err(refused(Refusal::NoSuchSeek {
            seek: id,
            game: kind,
        }));
    };
    let own = seek.userid.eq_ignore_ascii_case(&player.userid);
    match (accept, own) {
        (true, true) => Err(refused(Refusal::OwnSeek { seek: id })),
        (false, false) => Err(refused(Refusal::NotYourSeek { seek: id })),
        (true, false) => {
            store::delete_seek(ctx.conn, id)?;
            // Everyone read it on the list of seeks already.
            let comment = seek.comment.clone().map(|text| Comment {
                author: seek.userid.clone(),
                text,
                public: true,
            });
            let events = vec![Event::SeekAccepted {
                userid: player.userid.clone(),
                author: seek.userid.clone(),
                seek: id,
            }];
            let players = [seek.userid.as_str(), player.userid.as_str()];
            start(ctx, kind, players, &seek.switches, events, comment)
        }
        (false, true) => {
            store::delete_seek(ctx.conn, id)?;
            Ok(vec![Notice::Answer(Answer::SeekChanged {
                kind,
                seek,
                posted: false,
            })])
        }
    }
}
