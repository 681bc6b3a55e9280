//! An event's log read by mail: the event found by its name, then its
//! log as it stands (`log` writes it).

use crate::games::GameKind;
use crate::host::model::command::EventList;
use crate::host::model::notice::{Answer, Notice};
use crate::host::request::{Context, Handled};
use crate::store;

/// `GAME tournament NAME log`, `GAME league NAME log` and `GAME ladder
/// [NAME] log`: an event's log, for anyone.
pub fn answer_log(ctx: &Context<'_>, kind: GameKind, name: &str, of: EventList) -> Handled {
    let (key, name) = match of {
        EventList::Ladders => {
            let event = super::lists::find_ladder(ctx, kind, name)?;
            (event.key(), event.row.name)
        }
        EventList::Tournaments => {
            let found = super::tournament::find(ctx, kind, name)?;
            (found.key(), found.name)
        }
        EventList::Leagues => {
            let found = super::league::find(ctx, kind, name)?;
            (found.key(), found.name)
        }
    };
    let entries = store::event_log(ctx.conn, key)?;
    Ok(vec![Notice::Answer(Answer::EventLog {
        kind,
        name,
        of,
        entries,
    })])
}
