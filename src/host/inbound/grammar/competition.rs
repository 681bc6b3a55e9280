//! The commands of ratings, ladders and tournaments:
//! `GAME standings [all]`, `GAME ladders`, `GAME ladder [NAME]`,
//! `GAME ladder VERB [NAME] userid password [...]`,
//! `GAME tournament NAME` and
//! `GAME tournament VERB NAME userid password [...]`, `GAME tournament NAME
//! log`, and the director's rulings `GAME adjudicate|forfeit|void board ...`.

use super::words::Args;
use super::{wrong_arguments, Parsed};
use crate::games::GameKind;
use crate::host::model::command::{
    Command, DirectorVerb, EventList, LadderAction, LadderVerb, OrganiserVerb, RulingVerb, Syntax,
    TournamentAction, TournamentVerb,
};
use crate::host::model::refusal::{LadderRefusal, Refusal, TournamentRefusal};

/// The longest tournament name.
const NAME_LENGTH: usize = 32;

pub fn parse_standings(kind: GameKind, args: &[&str]) -> Parsed {
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

/// A ladder command's verb, its arguments still to come.
fn ladder_verb(word: &str) -> Option<LadderVerb> {
    let player = String::new();
    Some(match word.to_lowercase().as_str() {
        "join" => LadderVerb::Join,
        "leave" => LadderVerb::Leave,
        "create" => LadderVerb::Create { rules: Vec::new() },
        "admit" => LadderVerb::Direct(DirectorVerb::Admit { player }),
        "invite" => LadderVerb::Direct(DirectorVerb::Invite { player }),
        "suspend" => LadderVerb::Direct(DirectorVerb::Suspend { player }),
        "reinstate" => LadderVerb::Direct(DirectorVerb::Reinstate { player }),
        "remove" => LadderVerb::Direct(DirectorVerb::Remove { player }),
        "rules" => LadderVerb::Direct(DirectorVerb::Rules { words: Vec::new() }),
        "handover" | "hand-over" => LadderVerb::Direct(DirectorVerb::HandOver { to: player }),
        "cancel" => LadderVerb::Direct(DirectorVerb::Cancel),
        "announce" => LadderVerb::Direct(DirectorVerb::Announce),
        _ => return None,
    })
}

pub(super) fn parse_ladder(kind: GameKind, args: Args<'_>) -> Parsed {
    let wrong = || wrong_arguments(Syntax::Ladder, Some(kind));
    let verb_of = ladder_verb;
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
            Some(verb @ (LadderVerb::Join | LadderVerb::Leave)) => {
                action(verb, "", userid, args.password(2))
            }
            _ => Err(wrong()),
        },
        [verb, name, userid, _, rest @ ..] => {
            let password = args.password(3);
            let mut verb = verb_of(verb).ok_or_else(wrong)?;
            let words = || rest.iter().map(|word| word.to_string()).collect();
            match (&mut verb, rest) {
                // A verb's name or `log` would read as the command, not the
                // ladder.
                (LadderVerb::Create { .. }, _)
                    if ladder_verb(name).is_some() || name.eq_ignore_ascii_case("log") =>
                {
                    return Err(LadderRefusal::ReservedLadderName {
                        name: name.to_lowercase(),
                        game: kind,
                    }
                    .into())
                }
                (LadderVerb::Create { rules }, _) => *rules = words(),
                (LadderVerb::Direct(DirectorVerb::Rules { words: given }), [_, ..]) => {
                    *given = words()
                }
                (
                    LadderVerb::Direct(
                        DirectorVerb::Admit { player }
                        | DirectorVerb::Invite { player }
                        | DirectorVerb::Suspend { player }
                        | DirectorVerb::Reinstate { player }
                        | DirectorVerb::Remove { player }
                        | DirectorVerb::HandOver { to: player },
                    ),
                    [named],
                ) => *player = named.to_string(),
                (
                    LadderVerb::Join
                    | LadderVerb::Leave
                    | LadderVerb::Direct(DirectorVerb::Cancel | DirectorVerb::Announce),
                    [],
                ) => {}
                _ => return Err(wrong()),
            }
            action(verb, &event_name(kind, name)?, userid, password)
        }
        _ => Err(wrong()),
    }
}

/// The tournament verb a word names, its arguments still empty.
fn tournament_verb(word: &str) -> Option<TournamentVerb> {
    let player = String::new;
    Some(match word.to_lowercase().as_str() {
        "create" => TournamentVerb::Create {
            switches: Vec::new(),
        },
        "join" => TournamentVerb::Join,
        "leave" => TournamentVerb::Leave,
        "start" => TournamentVerb::Start,
        "announce" => TournamentVerb::Announce,
        "remove" => TournamentVerb::Remove { player: player() },
        "handover" | "hand-over" => TournamentVerb::HandOver { to: player() },
        "cancel" => TournamentVerb::Cancel,
        "replace" => TournamentVerb::Replace {
            old: player(),
            new: player(),
        },
        "admit" => TournamentVerb::Organise(OrganiserVerb::Admit { player: player() }),
        "invite" => TournamentVerb::Organise(OrganiserVerb::Invite { player: player() }),
        "rules" => TournamentVerb::Organise(OrganiserVerb::Rules { words: Vec::new() }),
        _ => return None,
    })
}

pub(super) fn parse_tournament(kind: GameKind, args: Args<'_>) -> Parsed {
    let wrong = || wrong_arguments(Syntax::Tournament, Some(kind));
    if args.words.len() > 1 {
        args.password(3);
    }
    match args.words {
        [name] if tournament_verb(name).is_none() => Ok(Command::Tournament {
            kind,
            name: event_name(kind, name)?,
            action: None,
        }),
        [name, log] if log.eq_ignore_ascii_case("log") && tournament_verb(name).is_none() => {
            Ok(Command::EventLog {
                kind,
                name: event_name(kind, name)?,
                of: EventList::Tournaments,
            })
        }
        [verb, name, userid, password, rest @ ..] => {
            let mut verb = tournament_verb(verb).ok_or_else(wrong)?;
            if matches!(verb, TournamentVerb::Create { .. })
                && (tournament_verb(name).is_some() || name.eq_ignore_ascii_case("log"))
            {
                return Err(TournamentRefusal::ReservedTournamentName {
                    name: name.to_string(),
                    game: kind,
                }
                .into());
            }
            if !given_arguments(&mut verb, rest) {
                return Err(wrong());
            }
            Ok(Command::Tournament {
                kind,
                name: event_name(kind, name)?,
                action: Some(TournamentAction {
                    verb,
                    userid: userid.to_string(),
                    password: password.to_string(),
                }),
            })
        }
        _ => Err(wrong()),
    }
}

/// Fills in the verb's arguments from the words after the password;
/// false when they are not the ones it takes.
fn given_arguments(verb: &mut TournamentVerb, rest: &[&str]) -> bool {
    let all = || rest.iter().map(|word| word.to_string()).collect();
    match (verb, rest) {
        (TournamentVerb::Create { switches }, _) => *switches = all(),
        (TournamentVerb::Remove { player }, [named])
        | (
            TournamentVerb::Organise(
                OrganiserVerb::Admit { player } | OrganiserVerb::Invite { player },
            ),
            [named],
        ) => *player = named.to_string(),
        (TournamentVerb::Organise(OrganiserVerb::Rules { words }), [_, ..]) => *words = all(),
        (TournamentVerb::HandOver { to }, [named]) => *to = named.to_string(),
        (TournamentVerb::Replace { old, new }, [out, into]) => {
            *old = out.to_string();
            *new = into.to_string();
        }
        (
            TournamentVerb::Remove { .. }
            | TournamentVerb::HandOver { .. }
            | TournamentVerb::Replace { .. }
            | TournamentVerb::Organise(_),
            _,
        ) => return false,
        (_, rest) => return rest.is_empty(),
    }
    true
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
    let (verb, reason) = match (syntax, rest) {
        (Syntax::Adjudicate, [result, reason @ ..]) if !reason.is_empty() => {
            (RulingVerb::adjudicate(result).ok_or_else(wrong)?, reason)
        }
        (Syntax::Forfeit, [loser, reason @ ..]) => (
            RulingVerb::Forfeit {
                loser: loser.to_string(),
            },
            reason,
        ),
        (Syntax::Void, reason) => (RulingVerb::Void, reason),
        _ => return Err(wrong()),
    };
    Ok(Command::Rule {
        kind,
        board,
        userid: userid.to_string(),
        password,
        verb,
        reason: reason.join(" "),
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
