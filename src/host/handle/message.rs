//! `message userid password to-userid`: the mail's body passed on to
//! another player. Neither learns the other's address: the host sends
//! it from its own, and the reply goes the same way.

use super::{authenticate, refused, Context, Handled};
use crate::host::model::command::{Credential, Syntax};
use crate::host::model::notice::{Answer, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::request::limits::count_message;
use crate::store;

pub(crate) fn message(
    ctx: &Context<'_>,
    userid: &str,
    credential: &Credential,
    to: &str,
) -> Handled {
    let player = authenticate(ctx, userid, credential, None)?;
    let Some(text) = ctx.comment.map(str::trim).filter(|text| !text.is_empty()) else {
        return Err(refused(Refusal::EmptyMessage));
    };
    let Some(recipient) = store::find_player(ctx.conn, to)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: to.to_string(),
            syntax: Some(Syntax::Message),
            game: None,
        }));
    };
    if recipient.userid == player.userid {
        return Err(refused(Refusal::MessageToSelf));
    }
    super::reachable(ctx, &recipient)?;
    count_message(ctx, &player.userid, &recipient.userid)?;
    Ok(vec![
        Notice::Message {
            from: player.userid.clone(),
            to: recipient.userid.clone(),
            text: text.to_string(),
        },
        Notice::Answer(Answer::MessageSent {
            userid: player.userid,
            to: recipient.userid,
        }),
    ])
}
