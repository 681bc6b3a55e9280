//! `message userid password to-userid`: the mail's body passed on to
//! another player. Neither learns the other's address: the host sends
//! it from its own, and the reply goes the same way.

use super::{authenticate, refused, Context, Failure, Handled};
use crate::host::model::command::{Credential, Syntax};
use crate::host::model::notice::{Answer, Notice};
use crate::host::model::refusal::Refusal;
use crate::store;

/// How many messages a player may send in an hour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MessageSettings {
    pub per_hour: u32,
}

impl Default for MessageSettings {
    fn default() -> Self {
        MessageSettings { per_hour: 10 }
    }
}

const HOUR: i64 = 3600;

pub fn message(ctx: &Context<'_>, userid: &str, credential: &Credential, to: &str) -> Handled {
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

/// Counts a message from `sender` to `to` (a player, or what else it
/// went to) against the hourly limit, or refuses it past the limit.
pub(super) fn count_message(ctx: &Context<'_>, sender: &str, to: &str) -> Result<(), Failure> {
    let max = ctx.messages.per_hour;
    if store::messages_sent_since(ctx.conn, sender, ctx.now - HOUR)? >= max {
        return Err(refused(Refusal::TooManyMessages { max }));
    }
    store::record_message(ctx.conn, sender, to, ctx.now, ctx.now - HOUR)?;
    Ok(())
}
