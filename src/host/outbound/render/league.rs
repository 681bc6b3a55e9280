//! How a league reads in mails and pages: the league with each
//! division's table, the list of a game type's leagues, what a command
//! changed, and where a season left a player.

use super::parts::without_controls;
use super::tournament::table_view;
use crate::games::GameKind;
use crate::host::model::notice::{Answer, LeagueChange, LeagueLine, LeagueTable, SeasonEnd};
use crate::host::model::subject::Subject;
use crate::store::{LeagueMove, LeagueStatus};
use minijinja::{context, Value};

/// A league with its divisions, its waiting players and its seasons'
/// moves.
pub fn league_view(table: &LeagueTable) -> Value {
    let divisions: Vec<Value> = table
        .divisions
        .iter()
        .enumerate()
        .map(|(index, division)| context! { number => index + 1, ..table_view(division) })
        .collect();
    // A cancelled league has no next season: nobody waits for it, and
    // nobody leaves at the end of one that will not end.
    let goes_on = table.status != LeagueStatus::Cancelled;
    let waiting: Vec<&str> = table
        .players
        .iter()
        .filter(|player| goes_on && player.division.is_none())
        .map(|player| player.userid.as_str())
        .collect();
    let leaving: Vec<&str> = table
        .players
        .iter()
        .filter(|player| goes_on && player.leaving)
        .map(|player| player.userid.as_str())
        .collect();
    let seasons: Vec<Value> = (1..table.season)
        .rev()
        .map(|season| season_moves(&table.moves, season))
        .collect();
    context! {
        game => table.kind,
        name => &table.name,
        organiser => &table.organiser,
        status => table.status.name(),
        season => table.season,
        size => table.size,
        updown => table.updown,
        rules => &table.rules,
        comment => table.comment.as_deref().map(|text| without_controls(text, &['\n', '\t'])),
        players => table.players.len(),
        divisions => divisions,
        waiting => waiting,
        leaving => leaving,
        seasons => seasons,
    }
}

/// Where the players went when `season` ended: up, down, in, out.
fn season_moves(moves: &[LeagueMove], season: u32) -> Value {
    let of_season = || moves.iter().filter(move |m| m.season == season);
    let line = |m: &LeagueMove| context! { userid => &m.userid, from => m.from, to => m.to };
    let up: Vec<Value> = of_season()
        .filter(|m| matches!((m.from, m.to), (Some(from), Some(to)) if to < from))
        .map(line)
        .collect();
    let down: Vec<Value> = of_season()
        .filter(|m| matches!((m.from, m.to), (Some(from), Some(to)) if to > from))
        .map(line)
        .collect();
    let joined: Vec<Value> = of_season().filter(|m| m.from.is_none()).map(line).collect();
    let left: Vec<Value> = of_season().filter(|m| m.to.is_none()).map(line).collect();
    context! { season, up, down, joined, left }
}

fn line_view(line: &LeagueLine) -> Value {
    context! {
        name => &line.name,
        organiser => &line.organiser,
        status => line.status.name(),
        season => line.season,
        players => line.players,
        divisions => line.divisions,
    }
}

/// The template variables of a league answer.
pub(super) fn answer_context(answer: &Answer) -> Value {
    match answer {
        Answer::Leagues { kind, lines } => {
            let lines: Vec<Value> = lines.iter().map(line_view).collect();
            context! { game => kind, leagues => lines }
        }
        Answer::League { table, change } => {
            context! { change => change.as_ref().map(change_view), ..league_view(table) }
        }
        _ => Value::UNDEFINED,
    }
}

/// A change, an announcement's text without control characters.
fn change_view(change: &LeagueChange) -> Value {
    match change {
        LeagueChange::Announced {
            userid,
            players,
            text,
        } => Value::from_serialize(LeagueChange::Announced {
            userid: userid.clone(),
            players: *players,
            text: without_controls(text, &['\n', '\t']),
        }),
        _ => Value::from_serialize(change),
    }
}

/// The template, subject and variables of league news for `userid`.
pub(super) fn news_parts(
    userid: &str,
    kind: GameKind,
    name: &str,
    change: Option<&LeagueChange>,
    end: Option<&SeasonEnd>,
) -> (&'static str, Subject, Value) {
    let subject = Subject::League {
        kind,
        name: Some(name.to_string()),
    };
    let change = change.map(change_view);
    let end = end.map(Value::from_serialize);
    (
        "league-news.txt",
        subject,
        context! { userid, game => kind, name, change, end },
    )
}
