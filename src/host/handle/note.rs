//! Private notes: a player's own words on one of his boards, shown to
//! him alone at the bottom of his board mails.

use super::{authenticate, board_of_kind, refused, refused_on, Context, Handled};
use crate::games::GameKind;
use crate::host::model::command::Credential;
use crate::host::model::notice::{Answer, Notice};
use crate::host::model::refusal::Refusal;
use crate::store;

/// The longest note kept; a longer body is cut there.
pub(crate) const MAX_NOTE_CHARS: usize = 4000;

pub fn note(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    password: &str,
    clear: bool,
) -> Handled {
    let live = board_of_kind(ctx, kind, board)?;
    let credential = Credential::Password(password.to_string());
    let player = authenticate(ctx, userid, &credential, Some(&live))?;
    if live.record.side_of(&player.userid).is_none() {
        // Not shown the board: he does not sit at it.
        return Err(refused(Refusal::NotSeated {
            userid: player.userid,
            board,
            white: live.record.white.clone(),
            black: live.record.black.clone(),
        }));
    }
    let text = if clear {
        None
    } else {
        match ctx.comment.map(str::trim).filter(|text| !text.is_empty()) {
            Some(text) => Some(text.chars().take(MAX_NOTE_CHARS).collect::<String>()),
            None => return Err(refused_on(Refusal::EmptyNote { board, game: kind }, live)),
        }
    };
    let had_one = store::set_note(ctx.conn, board, &player.userid, text.as_deref(), ctx.now)?;
    Ok(vec![Notice::Answer(Answer::Note {
        kind,
        board,
        userid: player.userid,
        text,
        had_one,
    })])
}
