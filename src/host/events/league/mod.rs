//! Leagues: `GAME league NAME`, `GAME leagues`, and `GAME league VERB
//! NAME userid password [...]`, taken in by `entry`. A player creates
//! one (`rules`); anyone joins and leaves (`door`); its director starts
//! it, changes its rules, takes players out, hands it over, writes to its
//! players and cancels it (the director's verbs in `verbs`, through
//! `events::director`). Each season's divisions are round-robin
//! tournaments of their own, begun and ended by `season`: when the last
//! game of a season is over the players move up and down and the next
//! season begins at once. Its table is `table`; what every verb shares
//! (the league found by name, the answer, the news and who hears it) is
//! here.

mod door;
mod entry;
mod rules;
pub(crate) mod season;
pub(crate) mod table;
mod verbs;

use crate::games::GameKind;
use crate::host::model::notice::{
    Answer, CompetitionEvent, CompetitionNews, LeagueChange, LeagueLine, Notice,
};
use crate::host::model::refusal::LeagueRefusal;
use crate::host::request::{refused, Context, Failure, Handled};
use crate::store::{self, League, StoreError};
use rusqlite::Connection;

pub(crate) use entry::league;
pub(crate) use table::table;
pub(crate) use verbs::direct;

pub(crate) fn find(ctx: &Context<'_>, kind: GameKind, name: &str) -> Result<League, Failure> {
    store::find_league(ctx.conn, kind.name(), name)?.ok_or_else(|| {
        refused(LeagueRefusal::NoSuchLeague {
            name: name.to_string(),
            game: kind,
        })
    })
}

/// The league for the sender, with what his command changed.
pub(super) fn answer(ctx: &Context<'_>, found: &League, change: Option<LeagueChange>) -> Handled {
    let table = table::table(ctx.conn, ctx.competition, found)?;
    Ok(vec![Notice::Answer(Answer::League {
        table: Box::new(table),
        change,
    })])
}

/// `GAME leagues`: every league of the game type, newest first.
pub(crate) fn leagues(ctx: &Context<'_>, kind: GameKind) -> Handled {
    let mut lines = Vec::new();
    for found in store::leagues_of(ctx.conn, Some(kind.name()))? {
        let players = store::league_players(ctx.conn, found.id)?.len();
        let divisions = store::league_divisions(ctx.conn, found.id, found.season)?.len();
        lines.push(LeagueLine {
            name: found.name,
            organiser: found.organiser,
            status: found.status,
            season: found.season,
            players,
            divisions,
        });
    }
    Ok(vec![Notice::Answer(Answer::Leagues { kind, lines })])
}

/// The news of a change for one player.
pub(super) fn news_for(
    userid: &str,
    kind: GameKind,
    found: &League,
    change: LeagueChange,
) -> Notice {
    Notice::Competition(CompetitionNews {
        userid: userid.to_string(),
        kind,
        event: CompetitionEvent::LeagueNews {
            name: found.name.clone(),
            change,
        },
    })
}

/// Everyone in the league and its director, but `by`.
pub(super) fn concerned(
    conn: &Connection,
    found: &League,
    by: &str,
) -> Result<Vec<String>, StoreError> {
    let mut readers: Vec<String> = store::league_players(conn, found.id)?
        .into_iter()
        .map(|player| player.userid)
        .collect();
    if !readers
        .iter()
        .any(|u| u.eq_ignore_ascii_case(&found.organiser))
    {
        readers.push(found.organiser.clone());
    }
    readers.retain(|userid| !userid.eq_ignore_ascii_case(by));
    Ok(readers)
}
