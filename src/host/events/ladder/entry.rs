//! The way in from a mail: `GAME ladder VERB [NAME] userid password
//! [...]` is the sender's, authenticated: `create`, `join` and `leave`
//! are his own, logged from what his answer says changed, and a
//! director's verb goes to `events::director`, once he is found to
//! direct the ladder.

use super::super::director::{self, Directed};
use super::super::lists::find_ladder;
use super::super::log::log_event;
use super::verbs::{create, join, leave};
use super::LadderEvent;
use crate::games::GameKind;
use crate::host::model::command::{Credential, DirectorVerb, LadderAction, LadderVerb};
use crate::host::model::notice::{Answer, Notice};
use crate::host::model::refusal::LadderRefusal;
use crate::host::request::{authenticate, refused, Context, Failure, Handled};
use crate::store::Player;

pub(crate) fn act(ctx: &Context<'_>, kind: GameKind, name: &str, action: LadderAction) -> Handled {
    let credential = Credential::Password(action.password.clone());
    let player = authenticate(ctx, &action.userid, &credential, None)?;
    let actor = player.userid.clone();
    let notices = match action.verb {
        LadderVerb::Create { rules } => create(ctx, kind, name, player, &rules)?,
        LadderVerb::Join => join(ctx, &find_ladder(ctx, kind, name)?, player)?,
        LadderVerb::Leave => leave(ctx, &find_ladder(ctx, kind, name)?, player)?,
        LadderVerb::Direct(verb) => {
            let event = find_ladder(ctx, kind, name)?;
            directed_by(&event, &player, &verb)?;
            return director::direct(ctx, kind, Directed::Ladder(event), &actor, verb);
        }
    };
    log_changes(ctx, kind, &actor, &notices)?;
    Ok(notices)
}

/// What a player's answer says changed is what the log keeps (the
/// director's verbs are logged by `events::director`).
fn log_changes(
    ctx: &Context<'_>,
    kind: GameKind,
    actor: &str,
    notices: &[Notice],
) -> Result<(), Failure> {
    for notice in notices {
        if let Notice::Answer(Answer::Ladder {
            info,
            change: Some(change),
            ..
        }) = notice
        {
            let (action, detail) = change.log_line();
            let event = find_ladder(ctx, kind, &info.name)?;
            log_event(ctx.conn, event.key(), actor, action, &detail, ctx.now)?;
        }
    }
    Ok(())
}

/// Refuses a director's verb to anyone but the ladder's director.
fn directed_by(event: &LadderEvent, player: &Player, verb: &DirectorVerb) -> Result<(), Failure> {
    if event.directed_by(&player.userid) {
        return Ok(());
    }
    Err(refused(LadderRefusal::NotLadderDirector {
        ladder: event.row.name.clone(),
        director: event.row.director.clone(),
        action: verb.word().to_string(),
        game: event.kind,
    }))
}
