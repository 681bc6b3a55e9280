//! The command grammar: one line of text (a subject, a line of a
//! `multiple` body) becomes a [`Command`], or an error that says what was
//! wrong and what would be right.

use crate::games::GameKind;

/// Who a command acts for and how that is proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    /// The password given in the command.
    Password(String),
    /// A reply that named a Message-ID the host generated for this player
    /// and came from the player's address.
    Proven,
}

/// One word of a move command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveWord {
    Play(String),
    ProposeDraw,
    AcceptDraw,
    RejectDraw,
}

/// A command, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help {
        topic: Option<String>,
    },
    List,
    Signup {
        userid: String,
        password: String,
        addresses: Vec<String>,
    },
    ChangePassword {
        userid: String,
        old: String,
        new: String,
    },
    ChangeAddress {
        userid: String,
        password: String,
        addresses: Vec<String>,
    },
    Signoff {
        userid: String,
        password: String,
    },
    Delete {
        userid: String,
        password: String,
    },
    /// The subject `multiple`: one command per body line.
    Multiple,
    GameHelp {
        kind: GameKind,
    },
    Challenge {
        kind: GameKind,
        white: String,
        black: String,
        switches: Vec<String>,
    },
    /// `accept` (true) or `reject` (false) challenges of a game type.
    Accepting {
        kind: GameKind,
        userid: String,
        password: String,
        accepts: bool,
    },
    Limit {
        kind: GameKind,
        userid: String,
        password: String,
        limit: u32,
    },
    Move {
        kind: GameKind,
        board: i64,
        userid: String,
        credential: Credential,
        words: Vec<MoveWord>,
        /// The `#n` guard: the move number the sender expects to play.
        guard: Option<i64>,
    },
    Resign {
        kind: GameKind,
        board: i64,
        userid: String,
        credential: Credential,
    },
    Decline {
        kind: GameKind,
        board: i64,
        userid: String,
        credential: Credential,
    },
    Show {
        kind: GameKind,
        board: i64,
        /// Show the board after this many moves instead of now.
        after: Option<i64>,
    },
    Games {
        kind: GameKind,
        userid: String,
    },
    Chat {
        kind: GameKind,
        board: i64,
        userid: String,
        credential: Credential,
    },
}

/// A line that is not a valid command: what was wrong, and the form that
/// would have been right.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{problem}")]
pub struct CommandError {
    pub problem: String,
    pub usage: String,
}

impl CommandError {
    fn new(problem: impl Into<String>, usage: impl Into<String>) -> CommandError {
        CommandError {
            problem: problem.into(),
            usage: usage.into(),
        }
    }
}

/// The syntax of every command this host takes, for error mails.
pub fn command_summary() -> String {
    let games: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
    format!(
        "help [topic]
list
signup userid password [address...]
change password userid old new
change address userid password address...
signoff userid password
delete userid password
multiple                      (then one command per body line)
GAME help
GAME challenge userid1 userid2 [-switch...]
GAME accept|reject userid password
GAME limit userid password N
GAME move board userid password MOVE[#n] [MOVE...]
GAME move board userid password propose|accept|reject
GAME resign board userid password
GAME decline board userid password
GAME show board[#n]
GAME games userid
GAME chat board userid password   (the body goes to every player;
                                   a reply to a chat mail does the same)
where GAME is one of: {}",
        games.join(", ")
    )
}

/// Commands of COMMANDS.md this host does not run yet, so the reply can say
/// so instead of "unknown command".
const NOT_OFFERED: &[&str] = &[
    "vacation",
    "queue",
    "preview",
    "undo",
    "subscribe",
    "unsubscribe",
    "notify",
    "history",
    "standings",
    "ladder",
];

/// Removes what mail clients and pbmserv add around a subject: leading
/// `Re:`/`Fwd:`/`AW:` (repeated, any case), a `[tag]`, and a trailing ` **`.
pub fn clean_subject(subject: &str) -> String {
    const PREFIXES: &[&str] = &[
        "re:", "fwd:", "fw:", "aw:", "wg:", "sv:", "vs:", "antw:", "tr:", "rif:", "r:",
    ];
    let mut text = subject.trim();
    loop {
        let before = text;
        if text.starts_with('[') {
            if let Some(close) = text.find(']') {
                text = text[close + 1..].trim_start();
            }
        }
        let has_prefix = |prefix: &&&str| {
            text.get(..prefix.len())
                .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
        };
        if let Some(prefix) = PREFIXES.iter().find(has_prefix) {
            text = text[prefix.len()..].trim_start();
        }
        if text == before {
            break;
        }
    }
    let mut text = text.trim_end();
    while let Some(rest) = text.strip_suffix("**") {
        text = rest.trim_end();
    }
    text.to_string()
}

/// A subject the host itself writes on board mails (`New Chess Board 101
/// alice`, `Chess Board 101 bob`, `Chess Board 101 Error`): the game and
/// the board it names. Such a subject is never read as a command.
pub fn host_board_subject(cleaned: &str) -> Option<(GameKind, i64)> {
    let lower = cleaned.to_lowercase();
    let lower = lower.strip_prefix("new ").unwrap_or(&lower);
    GameKind::ALL.into_iter().find_map(|kind| {
        let rest = lower.strip_prefix(&kind.title().to_lowercase())?;
        let rest = rest.strip_prefix(" board ")?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after = &rest[digits.len()..];
        if digits.is_empty() || !(after.is_empty() || after.starts_with(' ')) {
            return None;
        }
        Some((kind, digits.parse().ok()?))
    })
}

/// Whether a cleaned subject is the host's chat subject ("Chess Board 101
/// Chat alice"): a reply to a chat mail is more chat, not a move.
pub fn is_chat_subject(cleaned: &str) -> bool {
    host_board_subject(cleaned).is_some_and(|(_, board)| {
        cleaned
            .to_lowercase()
            .contains(&format!(" board {board} chat "))
    })
}

/// The prefix of the subjects of the host's other replies (help, list,
/// account changes); such subjects are not commands either.
pub const HOST_SUBJECT_PREFIX: &str = "PBeM ";

pub fn is_host_subject(cleaned: &str) -> bool {
    host_board_subject(cleaned).is_some()
        || cleaned
            .to_lowercase()
            .starts_with(&HOST_SUBJECT_PREFIX.to_lowercase())
}

/// Reads one command line.
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Err(CommandError::new("there is no command", command_summary()));
    };
    let verb = first.to_lowercase();
    let args = &words[1..];
    match verb.as_str() {
        "help" => Ok(Command::Help {
            topic: (!args.is_empty()).then(|| args.join(" ")),
        }),
        "list" => Ok(Command::List),
        "multiple" => Ok(Command::Multiple),
        "signup" => {
            let usage = "signup userid password [address...]";
            let [userid, password, addresses @ ..] = args else {
                return Err(wrong_count("signup", usage));
            };
            Ok(Command::Signup {
                userid: userid.to_string(),
                password: password.to_string(),
                addresses: addresses.iter().map(|a| a.to_string()).collect(),
            })
        }
        "change" => parse_change(args),
        "signoff" | "delete" => {
            let usage = format!("{verb} userid password");
            let [userid, password] = args else {
                return Err(wrong_count(&verb, &usage));
            };
            let (userid, password) = (userid.to_string(), password.to_string());
            Ok(if verb == "signoff" {
                Command::Signoff { userid, password }
            } else {
                Command::Delete { userid, password }
            })
        }
        _ => match GameKind::from_name(first) {
            Some(kind) => parse_game_command(kind, args),
            None if NOT_OFFERED.contains(&verb.as_str()) => Err(not_offered(&verb)),
            None => Err(CommandError::new(
                format!("{first:?} is neither a command nor a game name"),
                command_summary(),
            )),
        },
    }
}

fn wrong_count(command: &str, usage: &str) -> CommandError {
    CommandError::new(
        format!("{command} needs different arguments"),
        usage.to_string(),
    )
}

fn not_offered(command: &str) -> CommandError {
    CommandError::new(
        format!("the {command} command is not offered by this host yet"),
        command_summary(),
    )
}

fn parse_change(args: &[&str]) -> Result<Command, CommandError> {
    let usage = "change password userid old new\nchange address userid password address...";
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
        _ => Err(CommandError::new("change needs different arguments", usage)),
    }
}

fn parse_board(kind: GameKind, text: &str, usage: &str) -> Result<i64, CommandError> {
    text.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| {
            CommandError::new(
                format!(
                    "{text:?} is not a board number ({} boards are numbered from 101)",
                    kind.title()
                ),
                usage.to_string(),
            )
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

/// Reads the words after `userid password` in a move command.
pub fn parse_move_words(words: &[&str]) -> Result<(Vec<MoveWord>, Option<i64>), CommandError> {
    let mut guard = None;
    let mut moves = Vec::new();
    for word in words {
        let (text, number) = split_guard(word);
        if let Some(number) = number {
            if guard.replace(number).is_some() {
                return Err(CommandError::new(
                    "only one #n guard may be given in a command",
                    "MOVE#n [MOVE...]: n is the number of the first move of the command",
                ));
            }
        }
        if text.is_empty() {
            continue;
        }
        moves.push(match text.to_lowercase().as_str() {
            "propose" | "draw" => MoveWord::ProposeDraw,
            "accept" => MoveWord::AcceptDraw,
            "reject" => MoveWord::RejectDraw,
            _ => MoveWord::Play(text.to_string()),
        });
    }
    if moves.is_empty() {
        return Err(CommandError::new(
            "no move was given",
            "a move in the game's notation, or propose, accept or reject",
        ));
    }
    Ok((moves, guard))
}

fn parse_game_command(kind: GameKind, args: &[&str]) -> Result<Command, CommandError> {
    let name = kind.name();
    let Some(verb) = args.first() else {
        return Err(CommandError::new(
            format!("{name} needs a command after it"),
            command_summary(),
        ));
    };
    let verb = verb.to_lowercase();
    let args = &args[1..];
    match verb.as_str() {
        "help" => Ok(Command::GameHelp { kind }),
        "challenge" => {
            let usage = format!("{name} challenge userid1 userid2 [-switch...]");
            let [white, black, switches @ ..] = args else {
                return Err(wrong_count("challenge", &usage));
            };
            Ok(Command::Challenge {
                kind,
                white: white.to_string(),
                black: black.to_string(),
                switches: switches.iter().map(|s| s.to_string()).collect(),
            })
        }
        "accept" | "reject" => {
            let usage = format!("{name} {verb} userid password");
            let [userid, password] = args else {
                return Err(wrong_count(&verb, &usage));
            };
            Ok(Command::Accepting {
                kind,
                userid: userid.to_string(),
                password: password.to_string(),
                accepts: verb == "accept",
            })
        }
        "limit" => {
            let usage = format!("{name} limit userid password N");
            let [userid, password, limit] = args else {
                return Err(wrong_count("limit", &usage));
            };
            let limit = limit.parse().map_err(|_| {
                CommandError::new(format!("{limit:?} is not a number of games"), usage.clone())
            })?;
            Ok(Command::Limit {
                kind,
                userid: userid.to_string(),
                password: password.to_string(),
                limit,
            })
        }
        "move" | "board" | "mvoe" => {
            let usage = format!("{name} move board userid password MOVE[#n] [MOVE...]");
            let [board, userid, password, words @ ..] = args else {
                return Err(wrong_count("move", &usage));
            };
            let board = parse_board(kind, board, &usage)?;
            let (words, guard) = parse_move_words(words).map_err(|mut err| {
                err.usage = format!("{usage}\n{}", err.usage);
                err
            })?;
            Ok(Command::Move {
                kind,
                board,
                userid: userid.to_string(),
                credential: Credential::Password(password.to_string()),
                words,
                guard,
            })
        }
        "resign" | "decline" => {
            let usage = format!("{name} {verb} board userid password");
            let [board, userid, password] = args else {
                return Err(wrong_count(&verb, &usage));
            };
            let board = parse_board(kind, board, &usage)?;
            let (userid, credential) = (
                userid.to_string(),
                Credential::Password(password.to_string()),
            );
            Ok(if verb == "resign" {
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
        "show" => {
            let usage = format!("{name} show board[#n]");
            let [board] = args else {
                return Err(wrong_count("show", &usage));
            };
            let (board, after) = split_guard(board);
            let board = parse_board(kind, board, &usage)?;
            Ok(Command::Show { kind, board, after })
        }
        "games" => {
            let usage = format!("{name} games userid");
            let [userid] = args else {
                return Err(wrong_count("games", &usage));
            };
            Ok(Command::Games {
                kind,
                userid: userid.to_string(),
            })
        }
        "chat" => {
            let usage = format!("{name} chat board userid password (the body is the message)");
            let [board, userid, password] = args else {
                return Err(wrong_count("chat", &usage));
            };
            Ok(Command::Chat {
                kind,
                board: parse_board(kind, board, &usage)?,
                userid: userid.to_string(),
                credential: Credential::Password(password.to_string()),
            })
        }
        other if NOT_OFFERED.contains(&other) => Err(not_offered(&format!("{name} {other}"))),
        other => Err(CommandError::new(
            format!("{other:?} is not a {name} command"),
            command_summary(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subject_prefixes_tags_and_comment_marker_are_removed() {
        assert_eq!(
            clean_subject("Re: AW: [pbem] Fwd: chess move 101 a b e4 **"),
            "chess move 101 a b e4"
        );
        assert_eq!(
            clean_subject("RE: Chess Board 101 bob"),
            "Chess Board 101 bob"
        );
    }

    #[test]
    fn host_subjects_are_recognised() {
        assert_eq!(
            host_board_subject("Chess Board 101 bob"),
            Some((GameKind::Chess, 101))
        );
        assert_eq!(
            host_board_subject("New Chess Board 102 alice"),
            Some((GameKind::Chess, 102))
        );
        assert_eq!(
            host_board_subject("Chess Board 103 Error"),
            Some((GameKind::Chess, 103))
        );
        assert_eq!(host_board_subject("chess move 101 a b e4"), None);
        assert_eq!(host_board_subject("Chess Boards 1"), None);
    }

    #[test]
    fn move_with_guard_and_several_moves_is_read() {
        let command = parse_command("CHESS MOVE 101 alice secret e4#1 Nf3 propose").unwrap();
        assert_eq!(
            command,
            Command::Move {
                kind: GameKind::Chess,
                board: 101,
                userid: "alice".into(),
                credential: Credential::Password("secret".into()),
                words: vec![
                    MoveWord::Play("e4".into()),
                    MoveWord::Play("Nf3".into()),
                    MoveWord::ProposeDraw
                ],
                guard: Some(1),
            }
        );
    }

    #[test]
    fn mate_sign_is_not_a_guard() {
        assert_eq!(split_guard("Qh4#"), ("Qh4#", None));
        assert_eq!(split_guard("Qh4##8"), ("Qh4#", Some(8)));
        assert_eq!(split_guard("101#3"), ("101", Some(3)));
    }

    #[test]
    fn aliases_of_move_are_accepted() {
        for verb in ["board", "mvoe", "move"] {
            let line = format!("chess {verb} 101 bob pw e5");
            assert!(
                matches!(parse_command(&line), Ok(Command::Move { .. })),
                "{verb}"
            );
        }
    }

    #[test]
    fn wrong_arguments_name_the_right_syntax() {
        let err = parse_command("chess move 101 alice").unwrap_err();
        assert!(err
            .usage
            .contains("chess move board userid password MOVE[#n]"));
        let err = parse_command("chess show abc").unwrap_err();
        assert!(err.problem.contains("not a board number"));
        let err = parse_command("frobnicate").unwrap_err();
        assert!(err.usage.contains("signup userid password"));
        let err = parse_command("chess queue 101 a b e4").unwrap_err();
        assert!(err.problem.contains("not offered"));
    }
}
