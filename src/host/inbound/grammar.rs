//! The command grammar: one line of text (a subject, a line of a
//! `multiple` body) becomes a [`Command`], or a [`Refusal`] that says what
//! was wrong and which form would be right.

mod competition;

use super::normalise;
use crate::games::GameKind;
use crate::host::model::command::{Command, Credential, MoveWord, Setting, Syntax};
use crate::host::model::refusal::Refusal;

mod planning;

/// Commands of the mail interface this host does not run yet, so the
/// reply can say so instead of "unknown command".
const NOT_OFFERED: &[&str] = &["showas"];

type Parsed = Result<Command, Refusal>;

/// Reads one command line.
pub fn parse_command(line: &str) -> Parsed {
    let words = normalise::words(line);
    let Some(first) = words.first() else {
        return Err(Refusal::NoCommand);
    };
    let verb = first.to_lowercase();
    let args = &words[1..];
    let owned = |words: &[&str]| words.iter().map(|word| word.to_string()).collect();
    match verb.as_str() {
        "help" => Ok(Command::Help {
            topic: (!args.is_empty()).then(|| args.join(" ")),
        }),
        "list" => Ok(Command::List),
        "multiple" => Ok(Command::Multiple),
        "signup" => match args {
            [userid, password, addresses @ ..] => Ok(Command::Signup {
                userid: userid.to_string(),
                password: password.to_string(),
                addresses: owned(addresses),
            }),
            _ => Err(wrong_arguments(Syntax::Signup, None)),
        },
        "change" => parse_change(args),
        "signoff" | "delete" => {
            let [userid, password] = args else {
                let syntax = if verb == "signoff" {
                    Syntax::Signoff
                } else {
                    Syntax::Delete
                };
                return Err(wrong_arguments(syntax, None));
            };
            let (userid, password) = (userid.to_string(), password.to_string());
            Ok(if verb == "signoff" {
                Command::Signoff { userid, password }
            } else {
                Command::Delete { userid, password }
            })
        }
        "set" => parse_set(args),
        "vacation" => parse_vacation(args),
        "status" => match args {
            [userid] => Ok(Command::Status {
                userid: userid.to_string(),
            }),
            _ => Err(wrong_arguments(Syntax::Status, None)),
        },
        "message" => planning::parse_message(args),
        "remind" => match args {
            [userid, password, schedule @ ..] if !schedule.is_empty() => Ok(Command::Remind {
                userid: userid.to_string(),
                password: password.to_string(),
                schedule: owned(schedule),
            }),
            _ => Err(wrong_arguments(Syntax::Remind, None)),
        },
        _ => match first.parse::<GameKind>() {
            Ok(kind) => parse_game_command(kind, args),
            Err(_) if NOT_OFFERED.contains(&verb.as_str()) => {
                Err(Refusal::NotOffered { command: verb })
            }
            Err(_) => Err(Refusal::UnknownCommand {
                word: first.to_string(),
            }),
        },
    }
}

/// `vacation userid password on [until YYYY-MM-DD] | off`.
fn parse_vacation(args: &[&str]) -> Parsed {
    let on = match args {
        [_, _, word] if word.eq_ignore_ascii_case("off") => None,
        [_, _, word] if word.eq_ignore_ascii_case("on") => Some(None),
        [_, _, word, until, date]
            if word.eq_ignore_ascii_case("on") && until.eq_ignore_ascii_case("until") =>
        {
            Some(Some(date.to_string()))
        }
        _ => return Err(wrong_arguments(Syntax::Vacation, None)),
    };
    Ok(Command::Vacation {
        userid: args[0].to_string(),
        password: args[1].to_string(),
        on,
    })
}

fn wrong_arguments(syntax: Syntax, game: Option<GameKind>) -> Refusal {
    Refusal::WrongArguments { syntax, game }
}

fn parse_change(args: &[&str]) -> Parsed {
    match args {
        [what, userid, old, new] if what.eq_ignore_ascii_case("password") => {
            Ok(Command::ChangePassword {
                userid: userid.to_string(),
                old: old.to_string(),
                new: new.to_string(),
            })
        }
        [what, userid, password, addresses @ ..]
            if what.eq_ignore_ascii_case("address") && !addresses.is_empty() =>
        {
            Ok(Command::ChangeAddress {
                userid: userid.to_string(),
                password: password.to_string(),
                addresses: addresses.iter().map(|a| a.to_string()).collect(),
            })
        }
        _ => Err(wrong_arguments(Syntax::Change, None)),
    }
}

fn parse_set(args: &[&str]) -> Parsed {
    let [userid, password, setting, value] = args else {
        return Err(wrong_arguments(Syntax::Set, None));
    };
    let setting = match setting.to_lowercase().as_str() {
        "language" => Setting::Language(value.to_lowercase()),
        "comments" => match value.to_lowercase().as_str() {
            "public" => Setting::PublicComments(true),
            "private" => Setting::PublicComments(false),
            _ => return Err(wrong_arguments(Syntax::Set, None)),
        },
        "digest" => match value.to_lowercase().as_str() {
            "on" => Setting::Digest(true),
            "off" => Setting::Digest(false),
            _ => return Err(wrong_arguments(Syntax::Set, None)),
        },
        "board" => match crate::host::model::board_style::BoardStyle::parse(value) {
            Some(style) => Setting::Board(style),
            None => return Err(wrong_arguments(Syntax::Set, None)),
        },
        other => {
            return Err(Refusal::UnknownSetting {
                setting: other.to_string(),
            })
        }
    };
    Ok(Command::Set {
        userid: userid.to_string(),
        password: password.to_string(),
        setting,
    })
}

fn parse_board(kind: GameKind, text: &str, syntax: Syntax) -> Result<i64, Refusal> {
    text.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| Refusal::NotABoardNumber {
            text: text.to_string(),
            syntax,
            game: kind,
        })
}

/// Splits a trailing `#n` guard off a move (`e4#5`). A `#` with no digits
/// after it is a mate sign and stays part of the move.
pub fn split_guard(word: &str) -> (&str, Option<i64>) {
    if let Some(at) = word.rfind('#') {
        let digits = &word[at + 1..];
        if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
            if let Ok(number) = digits.parse() {
                return (&word[..at], Some(number));
            }
        }
    }
    (word, None)
}

/// Reads the words after `userid password` in a move command (or the
/// first line of a reply): moves, draw words and one `#n` guard, with
/// the moves in the ASCII the notations read (see `normalise`).
pub fn parse_move_words(
    words: &[&str],
    kind: Option<GameKind>,
) -> Result<(Vec<MoveWord>, Option<i64>), Refusal> {
    let mut guard = None;
    let mut moves = Vec::new();
    for word in normalise::move_words(&words.join(" ")) {
        let (text, number) = split_guard(&word);
        if let Some(number) = number {
            if guard.replace(number).is_some() {
                return Err(Refusal::TwoGuards);
            }
        }
        if text.is_empty() {
            continue;
        }
        moves.push(match text.to_lowercase().as_str() {
            "propose" | "draw" => MoveWord::ProposeDraw,
            "accept" => MoveWord::AcceptDraw,
            "reject" => MoveWord::RejectDraw,
            "pause" => MoveWord::Pause,
            "resume" => MoveWord::Resume,
            "undo" => MoveWord::Undo,
            _ => MoveWord::Play(text.to_string()),
        });
    }
    if moves.is_empty() {
        return Err(Refusal::NoMoveGiven { game: kind });
    }
    Ok((moves, guard))
}

/// Whether a word a player wrote after his turn was complete could be
/// meant as one more move or command word: it names a square (every
/// square has a digit), castles, or is a draw word, `resign` or
/// `decline`. Anything else there is taken as a comment.
pub fn could_be_a_move(word: &str) -> bool {
    let lower = word.to_lowercase();
    let bare = lower.trim_end_matches(['+', '#', '!', '?', '.', ',']);
    word.chars().any(|c| c.is_ascii_digit())
        || matches!(bare, "o-o" | "o-o-o" | "oo" | "ooo")
        || matches!(
            bare,
            "propose"
                | "draw"
                | "accept"
                | "reject"
                | "resign"
                | "decline"
                | "pause"
                | "resume"
                | "undo"
        )
}

fn parse_game_command(kind: GameKind, args: &[&str]) -> Parsed {
    let Some(verb) = args.first() else {
        return Err(Refusal::UnknownGameCommand {
            word: String::new(),
            game: kind,
        });
    };
    let verb = verb.to_lowercase();
    let args = &args[1..];
    match verb.as_str() {
        "help" => Ok(Command::GameHelp { kind }),
        "challenge" => parse_challenge(kind, args),
        "accept" | "reject" => parse_accepting(kind, args, verb == "accept"),
        "limit" => parse_limit(kind, args),
        "move" | "board" | "mvoe" => parse_move(kind, args),
        "resign" => parse_ending(kind, args, Syntax::Resign),
        "decline" => parse_ending(kind, args, Syntax::Decline),
        "show" => parse_show(kind, args),
        "games" => match args {
            [userid] => Ok(Command::Games {
                kind,
                userid: userid.to_string(),
            }),
            _ => Err(wrong_arguments(Syntax::Games, Some(kind))),
        },
        "chat" => parse_chat(kind, args),
        "history" => parse_history(kind, args),
        "record" => match args {
            [board] => Ok(Command::Record {
                kind,
                board: parse_board(kind, board, Syntax::Record)?,
            }),
            _ => Err(wrong_arguments(Syntax::Record, Some(kind))),
        },
        "subscribe" | "unsubscribe" => parse_subscribe(kind, args, verb == "subscribe"),
        "notify" => parse_notify(kind, args),
        "standings" => competition::parse_standings(kind, args),
        "ladder" => competition::parse_ladder(kind, args),
        "tournament" => competition::parse_tournament(kind, args),
        "queue" | "preview" | "note" | "seek" | "seeks" => {
            planning::parse_game_command(kind, &verb, args)
        }
        other if NOT_OFFERED.contains(&other) => Err(Refusal::NotOffered {
            command: format!("{} {other}", kind.name()),
        }),
        other => Err(Refusal::UnknownGameCommand {
            word: other.to_string(),
            game: kind,
        }),
    }
}

/// `GAME subscribe|unsubscribe board|all userid password`.
fn parse_subscribe(kind: GameKind, args: &[&str], on: bool) -> Parsed {
    let [target, userid, password] = args else {
        return Err(wrong_arguments(Syntax::Subscribe, Some(kind)));
    };
    let board = if target.eq_ignore_ascii_case("all") {
        None
    } else {
        Some(parse_board(kind, target, Syntax::Subscribe)?)
    };
    Ok(Command::Subscribe {
        kind,
        board,
        userid: userid.to_string(),
        password: password.to_string(),
        on,
    })
}

/// `GAME notify userid password [board...]`.
fn parse_notify(kind: GameKind, args: &[&str]) -> Parsed {
    let [userid, password, boards @ ..] = args else {
        return Err(wrong_arguments(Syntax::Notify, Some(kind)));
    };
    let boards = boards
        .iter()
        .map(|text| parse_board(kind, text, Syntax::Notify))
        .collect::<Result<Vec<i64>, Refusal>>()?;
    Ok(Command::Notify {
        kind,
        userid: userid.to_string(),
        password: password.to_string(),
        boards,
    })
}

/// `GAME history [userid] [page]`.
fn parse_history(kind: GameKind, args: &[&str]) -> Parsed {
    let page = |text: &str| {
        text.parse::<u32>()
            .ok()
            .filter(|page| *page > 0)
            .ok_or_else(|| Refusal::NotANumber {
                text: text.to_string(),
                game: kind,
            })
    };
    let (userid, page) = match args {
        [] => (None, 1),
        [word] if word.chars().all(|c| c.is_ascii_digit()) => (None, page(word)?),
        [userid] => (Some(userid.to_string()), 1),
        [userid, number] => (Some(userid.to_string()), page(number)?),
        _ => return Err(wrong_arguments(Syntax::History, Some(kind))),
    };
    Ok(Command::History { kind, userid, page })
}

fn parse_challenge(kind: GameKind, args: &[&str]) -> Parsed {
    let [white, black, switches @ ..] = args else {
        return Err(wrong_arguments(Syntax::Challenge, Some(kind)));
    };
    Ok(Command::Challenge {
        kind,
        white: white.to_string(),
        black: black.to_string(),
        switches: switches.iter().map(|s| s.to_string()).collect(),
    })
}

fn parse_accepting(kind: GameKind, args: &[&str], accepts: bool) -> Parsed {
    let [userid, password] = args else {
        return Err(wrong_arguments(Syntax::Accepting, Some(kind)));
    };
    Ok(Command::Accepting {
        kind,
        userid: userid.to_string(),
        password: password.to_string(),
        accepts,
    })
}

fn parse_limit(kind: GameKind, args: &[&str]) -> Parsed {
    let [userid, password, limit] = args else {
        return Err(wrong_arguments(Syntax::Limit, Some(kind)));
    };
    let limit = limit.parse().map_err(|_| Refusal::NotANumber {
        text: limit.to_string(),
        game: kind,
    })?;
    Ok(Command::Limit {
        kind,
        userid: userid.to_string(),
        password: password.to_string(),
        limit,
    })
}

fn parse_move(kind: GameKind, args: &[&str]) -> Parsed {
    let [board, userid, password, words @ ..] = args else {
        return Err(wrong_arguments(Syntax::Move, Some(kind)));
    };
    let board = parse_board(kind, board, Syntax::Move)?;
    let (words, guard) = parse_move_words(words, Some(kind))?;
    Ok(Command::Move {
        kind,
        board,
        userid: userid.to_string(),
        credential: Credential::Password(password.to_string()),
        words,
        guard,
    })
}

/// `resign` or `decline`: a player ends a board.
fn parse_ending(kind: GameKind, args: &[&str], syntax: Syntax) -> Parsed {
    let [board, userid, password] = args else {
        return Err(wrong_arguments(syntax, Some(kind)));
    };
    let board = parse_board(kind, board, syntax)?;
    let (userid, credential) = (
        userid.to_string(),
        Credential::Password(password.to_string()),
    );
    Ok(if syntax == Syntax::Resign {
        Command::Resign {
            kind,
            board,
            userid,
            credential,
        }
    } else {
        Command::Decline {
            kind,
            board,
            userid,
            credential,
        }
    })
}

fn parse_show(kind: GameKind, args: &[&str]) -> Parsed {
    let [board] = args else {
        return Err(wrong_arguments(Syntax::Show, Some(kind)));
    };
    let (board, after) = split_guard(board);
    let board = parse_board(kind, board, Syntax::Show)?;
    Ok(Command::Show { kind, board, after })
}

fn parse_chat(kind: GameKind, args: &[&str]) -> Parsed {
    let [board, userid, password] = args else {
        return Err(wrong_arguments(Syntax::Chat, Some(kind)));
    };
    Ok(Command::Chat {
        kind,
        board: parse_board(kind, board, Syntax::Chat)?,
        userid: userid.to_string(),
        credential: Credential::Password(password.to_string()),
    })
}

#[cfg(test)]
mod tests;
