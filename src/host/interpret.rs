//! Which commands a mail carries: the Subject (pbmserv style), the body
//! lines of a `multiple` mail, or the first line of a reply to a board
//! mail, whose sender is proven by the reply's threading token.

use super::command::{
    clean_subject, host_board_subject, is_chat_subject, is_host_subject, parse_command,
    parse_move_words, Command, CommandError, Credential,
};
use crate::games::GameKind;
use crate::mail::inbound::InboundMail;
use crate::store::{self, StoreError};
use rusqlite::Connection;

/// One command read from a mail, or why a line could not be read, with
/// the comment that goes with it.
pub struct Request {
    pub command: Result<Command, CommandError>,
    pub comment: Option<String>,
    /// The board the request is about, when known, for the error mail.
    pub board: Option<i64>,
}

fn request(command: Result<Command, CommandError>, comment: Option<String>) -> Request {
    Request {
        command,
        comment,
        board: None,
    }
}

fn non_empty(text: String) -> Option<String> {
    let text = text.trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// The requests a mail carries; a `multiple` mail runs at most
/// `max_commands` of its lines and the rest are refused in one error.
pub fn interpret(
    conn: &Connection,
    mail: &InboundMail,
    max_commands: usize,
) -> Result<Vec<Request>, StoreError> {
    let subject = clean_subject(&mail.subject);
    if is_host_subject(&subject) {
        return reply_style(conn, mail, host_board_subject(&subject).map(|(_, id)| id));
    }
    match parse_command(&subject) {
        Ok(Command::Multiple) => {
            let text = mail.sender_text();
            let lines: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .collect();
            let mut requests: Vec<Request> = lines
                .iter()
                .take(max_commands)
                .map(|line| request(parse_command(line), None))
                .collect();
            if lines.len() > max_commands {
                requests.push(request(
                    Err(CommandError {
                        problem: format!(
                            "a multiple mail may carry at most {max_commands} commands; the first \
                             {max_commands} were carried out and the other {} lines (from \"{}\" \
                             on) were not",
                            lines.len() - max_commands,
                            lines[max_commands].chars().take(60).collect::<String>()
                        ),
                        usage: "Send the rest in another mail.".into(),
                    }),
                    None,
                ));
            }
            if requests.is_empty() {
                return Ok(vec![request(
                    Err(CommandError {
                        problem: "a multiple mail with no commands in its body".into(),
                        usage: "Subject: multiple\nthen one command per line of the body".into(),
                    }),
                    None,
                )]);
            }
            Ok(requests)
        }
        Ok(command) => Ok(vec![request(Ok(command), non_empty(mail.sender_text()))]),
        Err(err) => {
            // A reply with a subject of the sender's own is still a reply.
            if names_sent_id(conn, mail)? {
                return reply_style(conn, mail, None);
            }
            Ok(vec![request(Err(err), None)])
        }
    }
}

fn names_sent_id(conn: &Connection, mail: &InboundMail) -> Result<bool, StoreError> {
    for id in mail.thread_ids() {
        if store::find_sent_id(conn, id)?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

fn reply_error(
    problem: impl Into<String>,
    usage: impl Into<String>,
    board: Option<i64>,
) -> Request {
    Request {
        command: Err(CommandError {
            problem: problem.into(),
            usage: usage.into(),
        }),
        comment: None,
        board,
    }
}

const REPLY_USAGE: &str = "Reply to your latest board mail, from the address it was sent to, \
with your move as the first line (or resign, propose, accept, reject).\n\
Or send the command with your password in the subject: GAME move BOARD USERID PASSWORD MOVE";

/// A reply to a board mail: the first non-blank line of what the sender
/// typed is the command, the rest is a comment. A reply to a chat mail is
/// more chat: all of it goes to the board's players.
fn reply_style(
    conn: &Connection,
    mail: &InboundMail,
    subject_board: Option<i64>,
) -> Result<Vec<Request>, StoreError> {
    let text = mail.sender_text();
    let mut lines = text.lines().skip_while(|line| line.trim().is_empty());
    let Some(first) = lines.next().map(str::trim) else {
        return Ok(vec![reply_error(
            "the reply has no move: its first line (above any quoted text) is empty",
            REPLY_USAGE,
            subject_board,
        )]);
    };
    let comment = non_empty(lines.collect::<Vec<_>>().join("\n"));
    // A full command written in the body of a reply is taken as it is.
    if let Ok(command) = parse_command(first) {
        if command != Command::Multiple {
            return Ok(vec![request(Ok(command), comment)]);
        }
    }
    // Who is replying: a Message-ID the host made for a player, named in
    // the threading headers, and the From address of that same player.
    let mut named = None;
    let mut proven = None;
    for id in mail.thread_ids() {
        let Some(sent) = store::find_sent_id(conn, id)? else {
            continue;
        };
        let player = store::find_player(conn, &sent.userid)?;
        if player
            .as_ref()
            .is_some_and(|player| player.has_address(&mail.from))
        {
            proven = Some(sent);
            break;
        }
        named.get_or_insert(sent);
    }
    let Some(sent) = proven else {
        let problem = if named.is_some() {
            format!(
                "this reply comes from {}, which is not the address the board mail was sent to, \
                 so it cannot stand in for a password",
                mail.from
            )
        } else {
            "this reply does not answer a mail the host sent you (its In-Reply-To and \
             References name none), so it cannot stand in for a password"
                .to_string()
        };
        return Ok(vec![reply_error(problem, REPLY_USAGE, subject_board)]);
    };
    let Some(board) = sent.game_id.or(subject_board) else {
        return Ok(vec![reply_error(
            "the mail this reply answers is not about a board",
            REPLY_USAGE,
            None,
        )]);
    };
    let kind = match store::load_game(conn, board) {
        Ok(Some(record)) => GameKind::from_name(&record.kind),
        Ok(None) => None,
        Err(StoreError::Corrupt(_)) => None,
        Err(err) => return Err(err),
    };
    let Some(kind) = kind else {
        return Ok(vec![reply_error(
            format!("board {board} is not a game on this host"),
            REPLY_USAGE,
            None,
        )]);
    };
    let userid = sent.userid;
    let credential = Credential::Proven;
    if is_chat_subject(&clean_subject(&mail.subject)) {
        // All of what the sender typed is the message.
        return Ok(vec![Request {
            command: Ok(Command::Chat {
                kind,
                board,
                userid,
                credential,
            }),
            comment: non_empty(text.trim().to_string()),
            board: Some(board),
        }]);
    }
    let words: Vec<&str> = first.split_whitespace().collect();
    let command = match words.as_slice() {
        [word] if word.eq_ignore_ascii_case("resign") => Ok(Command::Resign {
            kind,
            board,
            userid,
            credential,
        }),
        [word] if word.eq_ignore_ascii_case("decline") => Ok(Command::Decline {
            kind,
            board,
            userid,
            credential,
        }),
        _ => parse_move_words(&words).map(|(words, guard)| Command::Move {
            kind,
            board,
            userid,
            credential,
            words,
            guard,
        }),
    };
    Ok(vec![Request {
        command,
        comment,
        board: Some(board),
    }])
}
