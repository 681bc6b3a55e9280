//! The commands of ratings, ladders and tournaments:
//! `GAME standings [all]`, `GAME ladders`, `GAME ladder [NAME]`,
//! `GAME ladder VERB [NAME] userid password [...]`,
//! `GAME tournament NAME` and
//! `GAME tournament VERB NAME userid password [...]`, `GAME tournament NAME
//! log`, and the director's rulings `GAME adjudicate|forfeit|void board ...`.

use super::words::{wrong_arguments, Args, Parsed};
use crate::games::GameKind;
use crate::host::model::command::{
    Command, DirectorVerb, EventList, LadderAction, LadderVerb, RulingVerb, Syntax,
    TournamentAction, TournamentVerb,
};
use crate::host::model::refusal::{LadderRefusal, LeagueRefusal, Refusal, TournamentRefusal};

/// The longest tournament name.
const NAME_LENGTH: usize = 32;

pub(crate) fn parse_standings(kind: GameKind, args: &[&str]) -> Parsed {
    match args {
        [] => Ok(Command::Standings { kind, all: false }),
        [word] if word.eq_ignore_ascii_case("all") => Ok(Command::Standings { kind, all: true }),
        _ => Err(wrong_arguments(Syntax::Standings, Some(kind))),
    }
}

/// `GAME ladders` and `GAME tournaments`.
pub(super) fn parse_event_list(kind: GameKind, verb: &str, args: &[&str]) -> Parsed {
    let (list, syntax) = match verb {
        "ladders" => (EventList::Ladders, Syntax::Ladder),
        "leagues" => (EventList::Leagues, Syntax::League),
        _ => (EventList::Tournaments, Syntax::Tournament),
    };
    match args {
        [] => Ok(Command::EventList { kind, list }),
        _ => Err(wrong_arguments(syntax, Some(kind))),
    }
}

/// `GAME ladder [NAME] log`.
fn ladder_log(kind: GameKind, name: &str) -> Parsed {
    Ok(Command::EventLog {
        kind,
        name: name.to_string(),
        of: EventList::Ladders,
    })
}

/// A ladder or tournament command's verb, its arguments still to come:
/// a player's (`join`, `leave`, `create`) or a director's.
enum EventVerb {
    Join,
    Leave,
    Create,
    Direct(DirectorVerb),
}

fn event_verb(word: &str, events: EventList) -> Option<EventVerb> {
    Some(match word.to_ascii_lowercase().as_str() {
        "join" => EventVerb::Join,
        "leave" => EventVerb::Leave,
        "create" => EventVerb::Create,
        _ => EventVerb::Direct(DirectorVerb::from_word(word).filter(|v| v.belongs_to(events))?),
    })
}

/// A director's verb of `events` with its arguments, as written after
/// the event's name (and, by mail, the userid and password): what the
/// operator's `pbem director` reads too.
pub(crate) fn director_verb(events: EventList, words: &[&str]) -> Option<DirectorVerb> {
    let (verb, rest) = words.split_first()?;
    DirectorVerb::from_word(verb)
        .filter(|verb| verb.belongs_to(events))?
        .with_arguments(rest)
}

pub(super) fn parse_ladder(kind: GameKind, args: Args<'_>) -> Parsed {
    let wrong = || wrong_arguments(Syntax::Ladder, Some(kind));
    let verb_of = |word: &str| event_verb(word, EventList::Ladders);
    let action = |verb, name: &str, userid: &str, password: String| {
        Ok(Command::Ladder {
            kind,
            name: name.to_string(),
            action: Some(LadderAction {
                verb,
                userid: userid.to_string(),
                password,
            }),
        })
    };
    match args.words {
        [] => Ok(Command::Ladder {
            kind,
            name: String::new(),
            action: None,
        }),
        [log] if log.eq_ignore_ascii_case("log") => ladder_log(kind, ""),
        [name] if verb_of(name).is_none() => Ok(Command::Ladder {
            kind,
            name: event_name(kind, name)?,
            action: None,
        }),
        [name, log] if log.eq_ignore_ascii_case("log") && verb_of(name).is_none() => {
            ladder_log(kind, &event_name(kind, name)?)
        }
        // The default ladder: join and leave name none.
        [verb, userid, _] => match verb_of(verb) {
            Some(EventVerb::Join) => action(LadderVerb::Join, "", userid, args.password(2)),
            Some(EventVerb::Leave) => action(LadderVerb::Leave, "", userid, args.password(2)),
            _ => Err(wrong()),
        },
        [verb, name, userid, _, rest @ ..] => {
            let password = args.password(3);
            let verb = match (verb_of(verb).ok_or_else(wrong)?, rest) {
                // A verb's name or `log` would read as the command, not
                // the ladder.
                (EventVerb::Create, _)
                    if verb_of(name).is_some() || name.eq_ignore_ascii_case("log") =>
                {
                    return Err(LadderRefusal::ReservedLadderName {
                        name: name.to_lowercase(),
                        game: kind,
                    }
                    .into())
                }
                (EventVerb::Create, _) => LadderVerb::Create {
                    rules: rest.iter().map(|word| word.to_string()).collect(),
                },
                (EventVerb::Join, []) => LadderVerb::Join,
                (EventVerb::Leave, []) => LadderVerb::Leave,
                (EventVerb::Direct(verb), _) => {
                    LadderVerb::Direct(verb.with_arguments(rest).ok_or_else(wrong)?)
                }
                _ => return Err(wrong()),
            };
            action(verb, &event_name(kind, name)?, userid, password)
        }
        _ => Err(wrong()),
    }
}

/// `GAME tournament NAME [log]`, `GAME tournament VERB NAME userid
/// password [...]`, and the same of a league (`events`).
pub(super) fn parse_tournament(kind: GameKind, args: Args<'_>, events: EventList) -> Parsed {
    let syntax = match events {
        EventList::Leagues => Syntax::League,
        _ => Syntax::Tournament,
    };
    let wrong = || wrong_arguments(syntax, Some(kind));
    let verb_of = |word: &str| event_verb(word, events);
    if args.words.len() > 1 {
        args.password(3);
    }
    let command = |name: &str, action: Option<TournamentAction>| -> Parsed {
        let name = event_name(kind, name)?;
        Ok(match events {
            EventList::Leagues => Command::League { kind, name, action },
            _ => Command::Tournament { kind, name, action },
        })
    };
    match args.words {
        [name] if verb_of(name).is_none() => command(name, None),
        [name, log] if log.eq_ignore_ascii_case("log") && verb_of(name).is_none() => {
            Ok(Command::EventLog {
                kind,
                name: event_name(kind, name)?,
                of: events,
            })
        }
        [verb, name, userid, password, rest @ ..] => {
            let verb = match (verb_of(verb).ok_or_else(wrong)?, rest) {
                (EventVerb::Create, _)
                    if verb_of(name).is_some() || name.eq_ignore_ascii_case("log") =>
                {
                    let name = name.to_string();
                    return Err(match events {
                        EventList::Leagues => {
                            LeagueRefusal::ReservedLeagueName { name, game: kind }.into()
                        }
                        _ => TournamentRefusal::ReservedTournamentName { name, game: kind }.into(),
                    });
                }
                (EventVerb::Create, _) => TournamentVerb::Create {
                    switches: rest.iter().map(|word| word.to_string()).collect(),
                },
                (EventVerb::Join, []) => TournamentVerb::Join,
                (EventVerb::Leave, []) => TournamentVerb::Leave,
                (EventVerb::Direct(verb), _) => {
                    TournamentVerb::Direct(verb.with_arguments(rest).ok_or_else(wrong)?)
                }
                _ => return Err(wrong()),
            };
            let action = TournamentAction {
                verb,
                userid: userid.to_string(),
                password: password.to_string(),
            };
            command(name, Some(action))
        }
        _ => Err(wrong()),
    }
}

/// `GAME adjudicate board userid password 1-0|0-1|1/2 REASON...`,
/// `GAME forfeit board userid password LOSER [REASON...]` and
/// `GAME void board userid password [REASON...]`: a director's ruling.
pub(super) fn parse_ruling(kind: GameKind, verb: &str, args: Args<'_>) -> Parsed {
    let syntax = match verb {
        "adjudicate" => Syntax::Adjudicate,
        "forfeit" => Syntax::Forfeit,
        _ => Syntax::Void,
    };
    let wrong = || wrong_arguments(syntax, Some(kind));
    let password = args.password(2);
    let [board, userid, _, rest @ ..] = args.words else {
        return Err(wrong());
    };
    let board = super::parse_board(kind, board, syntax)?;
    let (verb, reason) = RulingVerb::read(verb, rest).ok_or_else(wrong)?;
    Ok(Command::Rule {
        kind,
        board,
        userid: userid.to_string(),
        password,
        verb,
        reason,
    })
}

/// A tournament's or a ladder's name: one word of ASCII letters, digits,
/// `-` and `_` (no look-alike letters from other scripts).
fn event_name(kind: GameKind, name: &str) -> Result<String, Refusal> {
    let fits = !name.is_empty()
        && name.chars().count() <= NAME_LENGTH
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if fits {
        Ok(name.to_string())
    } else {
        Err(TournamentRefusal::BadTournamentName {
            name: name.chars().take(NAME_LENGTH + 8).collect(),
            game: kind,
        }
        .into())
    }
}

#[cfg(test)]
mod tests;
