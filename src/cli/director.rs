//! `pbem director VERB ...`: the operator as the director of every
//! event (rulings on any running board; every director's verb on any
//! ladder or tournament, read by the mail grammar), each logged with the
//! actor `operator` and told by mail to whom it concerns, the mails sent
//! at once; and `pbem event-log`, an event's log.

use super::args::{Command, DirectorVerb, EventDirecting, Moment, Place};
use super::database::existing_store;
use crate::clock::utc_text_seconds;
use crate::daemon::Runtime;
use crate::games::GameKind;
use crate::host::inbound::grammar::competition::director_verb;
use crate::host::model::command::{DirectorVerb as Verb, EventList, RulingVerb};
use crate::host::operator::{ladder_log, tournament_log, Directing};
use anyhow::{bail, Result};
use std::process::ExitCode;

pub(super) fn direct(verb: DirectorVerb) -> Result<ExitCode> {
    let (place, moment, action) = match verb {
        DirectorVerb::Adjudicate {
            place,
            moment,
            board,
            result,
            reason,
        } => {
            let mut words = vec![result];
            words.extend(reason);
            (place, moment, ruling("adjudicate", board, &words)?)
        }
        DirectorVerb::Forfeit {
            place,
            moment,
            board,
            loser,
            reason,
        } => {
            let mut words = vec![loser];
            words.extend(reason);
            (place, moment, ruling("forfeit", board, &words)?)
        }
        DirectorVerb::Void {
            place,
            moment,
            board,
            reason,
        } => (place, moment, ruling("void", board, &reason)?),
        DirectorVerb::Ladder(on) => on_event(on, EventList::Ladders)?,
        DirectorVerb::Tournament(on) => on_event(on, EventList::Tournaments)?,
        DirectorVerb::League(on) => on_event(on, EventList::Leagues)?,
    };
    run(&place, &moment, &action)
}

/// A ruling as the mail grammar reads its words.
fn ruling(verb: &str, board: i64, words: &[String]) -> Result<Directing> {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let Some((verb, reason)) = RulingVerb::read(verb, &words) else {
        bail!(
            "{verb} takes: adjudicate BOARD 1-0|0-1|1/2 REASON..., forfeit BOARD LOSER [REASON...], void BOARD [REASON...]"
        );
    };
    Ok(Directing::Rule {
        board,
        verb,
        reason,
    })
}

/// An event's subcommand: where and when it acts, and its verb read.
fn on_event(on: EventDirecting, events: EventList) -> Result<(Place, Moment, Directing)> {
    let action = event(on.game, events, on.name, &on.verb)?;
    Ok((on.place, on.moment, action))
}

/// A director's verb on an event, read by the mail grammar; an
/// announcement's text is the words after `announce`.
fn event(kind: GameKind, events: EventList, name: String, words: &[String]) -> Result<Directing> {
    let (first, rest) = words
        .split_first()
        .map_or(("", &[][..]), |(f, r)| (f.as_str(), r));
    let announces = first.eq_ignore_ascii_case("announce");
    let text = announces.then(|| rest.join(" "));
    let read: Vec<&str> = match announces {
        true => vec![first],
        false => words.iter().map(String::as_str).collect(),
    };
    let known = Verb::from_word(first).filter(|verb| verb.belongs_to(events));
    if let (Some(verb), None) = (&known, director_verb(events, &read)) {
        bail!("{first} takes {}", verb.takes());
    }
    let Some(verb) = director_verb(events, &read) else {
        let (kind_word, verbs) = match events {
            EventList::Ladders => (
                "ladder",
                "admit|invite|suspend|reinstate|remove PLAYER, handover TO, rules RULE..., cancel, announce TEXT...",
            ),
            EventList::Tournaments => (
                "tournament",
                "start, admit|invite|remove PLAYER, replace OLD NEW, handover TO, rules RULE..., cancel, announce TEXT...",
            ),
            EventList::Leagues => (
                "league",
                "start, remove PLAYER, handover TO, rules RULE..., cancel, announce TEXT...",
            ),
        };
        bail!(
            "{:?} is not a {kind_word} director's verb with its arguments: {verbs}",
            words.join(" ")
        );
    };
    if announces && text.as_deref().is_none_or(|text| text.trim().is_empty()) {
        bail!("announce takes {}", verb.takes());
    }
    Ok(Directing::Event {
        kind,
        events,
        name,
        verb,
        text,
    })
}

fn run(place: &Place, moment: &Moment, action: &Directing) -> Result<ExitCode> {
    let config = place.config()?;
    existing_store(&config)?;
    let mut runtime = Runtime::open(&config)?;
    runtime.host.set_clock(moment.clock());
    let outcome = runtime.host.direct(action)?;
    super::operator::report(&mut runtime, outcome)
}

/// `pbem event-log --game G --tournament NAME|--ladder NAME`: the log,
/// oldest first.
pub(super) fn event_log(command: Command) -> Result<ExitCode> {
    let Command::EventLog {
        place,
        game: kind,
        tournament,
        ladder,
    } = command
    else {
        bail!("{command:?} is not event-log");
    };
    let config = place.config()?;
    let store = existing_store(&config)?;
    let conn = store.connection();
    let entries = match (tournament.as_deref(), ladder.as_deref()) {
        (Some(name), None) => match tournament_log(conn, kind, name)? {
            Some(entries) => entries,
            None => bail!("there is no {} tournament called {name}", kind.name()),
        },
        (None, Some(name)) => match ladder_log(conn, kind, name)? {
            Some(entries) => entries,
            None => bail!("there is no {} ladder called {name}", kind.name()),
        },
        _ => bail!("give one of --tournament NAME or --ladder NAME"),
    };
    for entry in &entries {
        let detail = match entry.detail.is_empty() {
            true => String::new(),
            false => format!(": {}", entry.detail),
        };
        say!(
            "{} {} {}{detail}",
            utc_text_seconds(entry.at),
            entry.actor,
            entry.action
        );
    }
    say!(
        "{} entr{}",
        entries.len(),
        if entries.len() == 1 { "y" } else { "ies" }
    );
    Ok(ExitCode::SUCCESS)
}
