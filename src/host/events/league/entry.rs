//! The way in from a mail: `GAME league NAME` answers with its table;
//! `GAME league VERB NAME userid password [...]` is the sender's,
//! authenticated: `create` makes him its director, `join` and `leave`
//! are his own, and a director's verb goes to `events::director`, once
//! he is found to direct it.

use super::super::director::{self, Directed};
use super::{answer, door, find, rules};
use crate::games::GameKind;
use crate::host::model::command::{Credential, TournamentAction, TournamentVerb};
use crate::host::model::refusal::LeagueRefusal;
use crate::host::request::{authenticate, refused, Context, Handled};

pub(crate) fn league(
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
            let found = find(ctx, kind, name)?;
            if !found.organiser.eq_ignore_ascii_case(&player.userid) {
                return Err(refused(LeagueRefusal::NotLeagueDirector {
                    name: found.name,
                    director: found.organiser,
                    action: verb.word().to_string(),
                }));
            }
            director::direct(ctx, kind, Directed::League(found), &player.userid, verb)
        }
    }
}
