//! The command grammar: one line of text (a subject, a line of a
//! `multiple` body) becomes a [`Command`], or a [`Refusal`] that says what
//! was wrong and which form would be right, and the places in the line
//! that hold passwords. Each form notes its password's place as it reads
//! it, so where a password stands is known here and nowhere else.

mod account;
pub(crate) mod competition;
mod planning;
mod words;

use super::normalise;
use crate::games::GameKind;
use crate::host::model::answers::Reply;
use crate::host::model::command::{Command, Credential, EventList, MoveWord, Syntax};
use crate::host::model::refusal::Refusal;
use std::cell::RefCell;
pub use words::split_guard;
use words::{parse_board, wrong_arguments, Args, Parsed, GAME_VERBS, VERBS};
pub use words::{Noted, SecretSpans};

/// Commands of the mail interface this host does not run yet, so the
/// reply can say so instead of "unknown command".
const NOT_OFFERED: &[&str] = &["showas"];

/// A line as the grammar read it.
#[derive(Debug)]
pub(crate) struct ReadLine {
    pub(crate) command: Parsed,
    /// The line's passwords: where the form it was read as has them, even
    /// when the rest did not fit (for a misspelt verb, where the form of
    /// the verb it was meant as has them), and the one that proves a
    /// player.
    pub(crate) noted: Noted,
}

/// Reads one command line.
pub fn parse_command(line: &str) -> Parsed {
    read_line(line).command
}

/// Reads one command line, noting where its passwords stand.
pub(crate) fn read_line(line: &str) -> ReadLine {
    let words = normalise::words(line);
    let spans = words::spans(line, &words);
    let secrets = RefCell::new(Noted::default());
    let command = match words.first() {
        None => Err(Refusal::NoCommand),
        Some(first) => {
            let args = Args::new(&words, &spans, &secrets).after(1);
            parse_verb(first, &first.to_lowercase(), args)
        }
    };
    let mut noted = secrets.into_inner();
    noted
        .spans
        .extend(words::unread_places(&command, &words, &spans));
    ReadLine { command, noted }
}

/// The command of `verb` with the words after it.
fn parse_verb(first: &str, verb: &str, args: Args<'_>) -> Parsed {
    match verb {
        "help" => Ok(Command::Help {
            topic: (!args.words.is_empty()).then(|| args.words.join(" ")),
        }),
        "list" => Ok(Command::List),
        "multiple" => Ok(Command::Multiple),
        "signup" => account::parse_signup(args),
        "change" => account::parse_change(args),
        "signoff" | "delete" => account::parse_leaving(args, verb == "signoff"),
        "set" => account::parse_set(args),
        "vacation" => account::parse_vacation(args),
        "status" => match args.words {
            [userid] => Ok(Command::Status {
                userid: userid.to_string(),
            }),
            _ => Err(wrong_arguments(Syntax::Status, None)),
        },
        "message" => planning::parse_message(args),
        "remind" => account::parse_remind(args),
        _ => match first.parse::<GameKind>() {
            Ok(kind) => parse_game_command(kind, args),
            Err(_) if NOT_OFFERED.contains(&verb) => Err(Refusal::NotOffered {
                command: verb.to_string(),
            }),
            Err(_) => Err(Refusal::UnknownCommand {
                word: first.to_string(),
                meant: note_nearest_secrets(verb, args).map(str::to_string),
            }),
        },
    }
}

/// For a verb that is none: the password places of the verb or game it
/// was most likely meant as (`chsss move 101 alice PW e4`), so the line
/// quoted back still hides the password. That verb or game, for the
/// refusal to suggest.
fn note_nearest_secrets(verb: &str, args: Args<'_>) -> Option<&'static str> {
    let games: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
    let known: Vec<&str> = VERBS.iter().copied().chain(games).collect();
    let meant = words::nearest(verb, &known)?;
    // Read only for the places it notes; the line stays unknown.
    let _ = parse_verb(meant, meant, args);
    Some(meant)
}

/// Reads the words after `userid password` in a move command (or the
/// first line of a reply): moves, draw words and one `#n` guard, with
/// the moves in the ASCII the notations read (see `normalise`).
pub(crate) fn parse_move_words(
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
        let named = Reply::named(&text.to_lowercase()).and_then(Reply::move_word);
        moves.push(named.unwrap_or_else(|| MoveWord::Play(text.to_string())));
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
pub(crate) fn could_be_a_move(word: &str) -> bool {
    let lower = word.to_lowercase();
    let bare = lower.trim_end_matches(['+', '#', '!', '?', '.', ',']);
    word.chars().any(|c| c.is_ascii_digit())
        || matches!(bare, "o-o" | "o-o-o" | "oo" | "ooo")
        || Reply::named(bare).is_some()
}

fn parse_game_command(kind: GameKind, args: Args<'_>) -> Parsed {
    let Some(verb) = args.words.first() else {
        return Err(Refusal::UnknownGameCommand {
            word: String::new(),
            meant: None,
            game: kind,
        });
    };
    let verb = verb.to_lowercase();
    let mut parsed = parse_game_verb(kind, &verb, args.after(1));
    if let Err(Refusal::UnknownGameCommand { meant, .. }) = &mut parsed {
        if let Some(nearest) = words::nearest(&verb, GAME_VERBS) {
            // Read only for the password places it notes.
            let _ = parse_game_verb(kind, nearest, args.after(1));
            *meant = Some(nearest.to_string());
        }
    }
    parsed
}

fn parse_game_verb(kind: GameKind, verb: &str, args: Args<'_>) -> Parsed {
    let words = args.words;
    match verb {
        "help" => Ok(Command::GameHelp { kind }),
        "challenge" => parse_challenge(kind, args),
        "accept" | "reject" => parse_accepting(kind, args, verb == "accept"),
        "limit" => parse_limit(kind, args),
        "move" | "board" | "mvoe" => parse_move(kind, args),
        "resign" => parse_ending(kind, args, Syntax::Resign),
        "decline" => parse_ending(kind, args, Syntax::Decline),
        "show" => parse_show(kind, words),
        "games" => match words {
            [userid] => Ok(Command::Games {
                kind,
                userid: userid.to_string(),
                page: 1,
            }),
            [userid, number] => Ok(Command::Games {
                kind,
                userid: userid.to_string(),
                page: page_number(kind, number, Syntax::Games)?,
            }),
            _ => Err(wrong_arguments(Syntax::Games, Some(kind))),
        },
        "chat" => parse_chat(kind, args),
        "history" => parse_history(kind, words),
        "record" => match words {
            [board] => Ok(Command::Record {
                kind,
                board: parse_board(kind, board, Syntax::Record)?,
            }),
            _ => Err(wrong_arguments(Syntax::Record, Some(kind))),
        },
        "subscribe" | "unsubscribe" => parse_subscribe(kind, args, verb == "subscribe"),
        "notify" => parse_notify(kind, args),
        "standings" => competition::parse_standings(kind, words),
        "ladder" => competition::parse_ladder(kind, args),
        "ladders" | "tournaments" | "leagues" => competition::parse_event_list(kind, verb, words),
        "tournament" => competition::parse_tournament(kind, args, EventList::Tournaments),
        "league" => competition::parse_tournament(kind, args, EventList::Leagues),
        "adjudicate" | "forfeit" | "void" => competition::parse_ruling(kind, verb, args),
        "queue" | "preview" | "note" | "seek" | "seeks" => {
            planning::parse_game_command(kind, verb, args)
        }
        other if NOT_OFFERED.contains(&other) => Err(Refusal::NotOffered {
            command: format!("{} {other}", kind.name()),
        }),
        other => Err(Refusal::UnknownGameCommand {
            word: other.to_string(),
            meant: None,
            game: kind,
        }),
    }
}

/// `GAME subscribe|unsubscribe board|all userid password`.
fn parse_subscribe(kind: GameKind, args: Args<'_>, on: bool) -> Parsed {
    let password = args.password(2);
    let [target, userid, _] = args.words else {
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
        password,
        on,
    })
}

/// `GAME notify userid password [board...]`.
fn parse_notify(kind: GameKind, args: Args<'_>) -> Parsed {
    let password = args.password(1);
    let [userid, _, boards @ ..] = args.words else {
        return Err(wrong_arguments(Syntax::Notify, Some(kind)));
    };
    let boards = boards
        .iter()
        .map(|text| parse_board(kind, text, Syntax::Notify))
        .collect::<Result<Vec<i64>, Refusal>>()?;
    Ok(Command::Notify {
        kind,
        userid: userid.to_string(),
        password,
        boards,
    })
}

/// A page number: a number too large to be one is read as the largest,
/// which is past the last page.
fn page_number(kind: GameKind, text: &str, syntax: Syntax) -> Result<u32, Refusal> {
    let not_a_page = || Refusal::NotANumber {
        text: text.to_string(),
        syntax,
        game: kind,
    };
    match text.parse::<u32>() {
        Ok(0) => Err(not_a_page()),
        Ok(page) => Ok(page),
        Err(_) if is_number(text) => Ok(u32::MAX),
        Err(_) => Err(not_a_page()),
    }
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_digit())
}

/// `GAME history [userid] [page]`.
fn parse_history(kind: GameKind, args: &[&str]) -> Parsed {
    let page = |text: &str| page_number(kind, text, Syntax::History);
    let (userid, page) = match args {
        [] => (None, 1),
        [word] if is_number(word) => (None, page(word)?),
        [userid] => (Some(userid.to_string()), 1),
        [userid, number] => (Some(userid.to_string()), page(number)?),
        _ => return Err(wrong_arguments(Syntax::History, Some(kind))),
    };
    Ok(Command::History { kind, userid, page })
}

fn parse_challenge(kind: GameKind, args: Args<'_>) -> Parsed {
    args.switch_passwords();
    let [white, black, switches @ ..] = args.words else {
        return Err(wrong_arguments(Syntax::Challenge, Some(kind)));
    };
    Ok(Command::Challenge {
        kind,
        white: white.to_string(),
        black: black.to_string(),
        switches: switches.iter().map(|s| s.to_string()).collect(),
    })
}

fn parse_accepting(kind: GameKind, args: Args<'_>, accepts: bool) -> Parsed {
    let password = args.password(1);
    let [userid, _] = args.words else {
        return Err(wrong_arguments(Syntax::Accepting, Some(kind)));
    };
    Ok(Command::Accepting {
        kind,
        userid: userid.to_string(),
        password,
        accepts,
    })
}

fn parse_limit(kind: GameKind, args: Args<'_>) -> Parsed {
    let password = args.password(1);
    let [userid, _, limit] = args.words else {
        return Err(wrong_arguments(Syntax::Limit, Some(kind)));
    };
    let limit = limit.parse().map_err(|_| Refusal::NotANumber {
        text: limit.to_string(),
        syntax: Syntax::Limit,
        game: kind,
    })?;
    Ok(Command::Limit {
        kind,
        userid: userid.to_string(),
        password,
        limit,
    })
}

fn parse_move(kind: GameKind, args: Args<'_>) -> Parsed {
    let password = args.password(2);
    let [board, userid, _, words @ ..] = args.words else {
        return Err(wrong_arguments(Syntax::Move, Some(kind)));
    };
    let board = parse_board(kind, board, Syntax::Move)?;
    let (words, guard) = parse_move_words(words, Some(kind))?;
    Ok(Command::Move {
        kind,
        board,
        userid: userid.to_string(),
        credential: Credential::Password(password),
        words,
        guard,
    })
}

/// `resign` or `decline`: a player ends a board.
fn parse_ending(kind: GameKind, args: Args<'_>, syntax: Syntax) -> Parsed {
    let password = args.password(2);
    let [board, userid, _] = args.words else {
        return Err(wrong_arguments(syntax, Some(kind)));
    };
    let board = parse_board(kind, board, syntax)?;
    let (userid, credential) = (userid.to_string(), Credential::Password(password));
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

fn parse_chat(kind: GameKind, args: Args<'_>) -> Parsed {
    let password = args.password(2);
    let [board, userid, _] = args.words else {
        return Err(wrong_arguments(Syntax::Chat, Some(kind)));
    };
    Ok(Command::Chat {
        kind,
        board: parse_board(kind, board, Syntax::Chat)?,
        userid: userid.to_string(),
        credential: Credential::Password(password),
    })
}

#[cfg(test)]
mod tests;
