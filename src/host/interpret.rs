//! Which commands a mail carries: the Subject (pbmserv style), the body
//! lines of a `multiple` mail, or the first line of a reply to a board
//! mail, whose sender is proven by the reply's threading token.

use super::command::{Command, Credential};
use super::grammar::{parse_command, parse_move_words};
use super::refusal::Refusal;
use super::subject::{self, OwnSubject};
use crate::games::GameKind;
use crate::mail::inbound::InboundMail;
use crate::store::{self, StoreError};
use rusqlite::Connection;

/// One command read from a mail, or why a line could not be read, with
/// the comment that goes with it.
pub struct Request {
    pub command: Result<Command, Refusal>,
    pub comment: Option<String>,
    /// The board the request is about, when known, for the error mail.
    pub board: Option<i64>,
}

fn request(command: Result<Command, Refusal>, comment: Option<String>) -> Request {
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
    let subject = subject::clean(&mail.subject);
    match subject::recognise(&subject) {
        Some(OwnSubject::Board { board, chat, .. }) => {
            return reply_style(conn, mail, Some(board), chat)
        }
        Some(OwnSubject::Answer) => return reply_style(conn, mail, None, false),
        None => {}
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
                    Err(Refusal::TooManyCommands {
                        max: max_commands,
                        rest: lines.len() - max_commands,
                        first_left_out: lines[max_commands].chars().take(60).collect(),
                    }),
                    None,
                ));
            }
            if requests.is_empty() {
                return Ok(vec![request(Err(Refusal::EmptyMultiple), None)]);
            }
            Ok(requests)
        }
        Ok(command) => Ok(vec![request(Ok(command), non_empty(mail.sender_text()))]),
        Err(err) => {
            // A reply with a subject of the sender's own is still a reply.
            if names_sent_id(conn, mail)? {
                return reply_style(conn, mail, None, false);
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

fn reply_error(refusal: Refusal, board: Option<i64>) -> Request {
    Request {
        command: Err(refusal),
        comment: None,
        board,
    }
}

/// A reply to a board mail: the first non-blank line of what the sender
/// typed is the command, the rest is a comment. A reply to a chat mail is
/// more chat: all of it goes to the board's players.
fn reply_style(
    conn: &Connection,
    mail: &InboundMail,
    subject_board: Option<i64>,
    to_chat: bool,
) -> Result<Vec<Request>, StoreError> {
    let text = mail.sender_text();
    let mut lines = text.lines().skip_while(|line| line.trim().is_empty());
    let Some(first) = lines.next().map(str::trim) else {
        return Ok(vec![reply_error(Refusal::EmptyReply, subject_board)]);
    };
    let comment = non_empty(lines.collect::<Vec<_>>().join("\n"));
    // A full command written in the body of a reply is taken as it is.
    if let Ok(command) = parse_command(first) {
        if command != Command::Multiple {
            return Ok(vec![request(Ok(command), comment)]);
        }
    }
    let replier = match replier(conn, mail, subject_board)? {
        Ok(replier) => replier,
        Err(refused) => return Ok(vec![refused]),
    };
    let Replier {
        userid,
        kind,
        board,
    } = replier;
    let credential = Credential::Proven;
    if to_chat {
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
        _ => parse_move_words(&words, Some(kind)).map(|(words, guard)| Command::Move {
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

/// The player a reply proves, and the board it is about.
struct Replier {
    userid: String,
    kind: GameKind,
    board: i64,
}

/// Who is replying, about which board: a Message-ID the host made for a
/// player, named in the threading headers, and the From address of that
/// same player. Otherwise the refusal to send.
fn replier(
    conn: &Connection,
    mail: &InboundMail,
    subject_board: Option<i64>,
) -> Result<Result<Replier, Request>, StoreError> {
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
        let refusal = if named.is_some() {
            Refusal::ReplyFromElsewhere {
                from: mail.from.clone(),
            }
        } else {
            Refusal::ReplyNotToUs
        };
        return Ok(Err(reply_error(refusal, subject_board)));
    };
    let Some(board) = sent.game_id.or(subject_board) else {
        return Ok(Err(reply_error(Refusal::ReplyNotAboutBoard, None)));
    };
    let kind = match store::load_game(conn, board) {
        Ok(Some(record)) => GameKind::from_name(&record.kind),
        Ok(None) | Err(StoreError::Corrupt(_)) => None,
        Err(err) => return Err(err),
    };
    Ok(match kind {
        Some(kind) => Ok(Replier {
            userid: sent.userid,
            kind,
            board,
        }),
        None => Err(reply_error(Refusal::NoSuchBoard { board }, None)),
    })
}
