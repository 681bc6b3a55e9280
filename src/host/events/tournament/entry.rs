//! The way in from a mail: `GAME tournament NAME` answers with its
//! table; `GAME tournament VERB NAME userid password [...]` is the
//! sender's, authenticated: `create` makes him its organiser, `join` and
//! `leave` are his own, and a director's verb goes to
//! `events::director`, once he is found to organise it.

use super::super::director::{self, Directed};
use super::{answer, door, find, organised_by, rules};
use crate::games::GameKind;
use crate::host::model::command::{Credential, TournamentAction, TournamentVerb};
use crate::host::request::{authenticate, Context, Handled};

pub(crate) fn tournament(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    action: Option<TournamentAction>,
) -> Handled {
    let Some(action) = action else {
        let found = find(ctx, kind, name)?;
        return answer(ctx, &found, None);
    };
    let credential = Credential::Password(action.password.clone());
    let player = authenticate(ctx, &action.userid, &credential, None)?;
    match action.verb {
        TournamentVerb::Create { switches } => rules::create(ctx, kind, name, player, &switches),
        TournamentVerb::Join => door::join(ctx, kind, name, player),
        TournamentVerb::Leave => door::leave(ctx, kind, name, player),
        TournamentVerb::Direct(verb) => {
            let found = organised_by(ctx, kind, name, &player, verb.word())?;
            director::direct(ctx, kind, Directed::Tournament(found), &player.userid, verb)
        }
    }
}
