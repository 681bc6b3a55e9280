//! Which commands a mail carries: the Subject (pbmserv style), the body
//! lines of a `multiple` mail, or the first line of a reply to a board
//! mail, whose sender is proven by the reply's threading token, or the
//! lines of a reply to a daily digest, one board each. The grammar's
//! reading (`parse`) is given; this adds what the store knows.

use super::grammar::parse_move_words;
use super::parse::{non_empty, request, FirstLine, Form, Parsed};
pub(crate) use super::parse::{Interpretation, Request};
use crate::games::GameKind;
use crate::host::accounts::guard::AccountPolicy;
use crate::host::model::command::{Command, Credential};
use crate::host::model::refusal::Refusal;
use crate::host::model::subject::OwnSubject;
use crate::mail::inbound::InboundMail;
use crate::store::{self, GameStatus, SentId, StoreError, TokenScope};
use rusqlite::Connection;

/// What reading a mail needs besides the mail.
#[derive(Clone, Copy)]
pub(crate) struct Reading<'a> {
    /// A `multiple` mail runs at most this many of its lines; the rest
    /// are refused in one error.
    pub(crate) max_commands: usize,
    /// The moment the mail is handled (seconds since the epoch).
    pub(crate) now: i64,
    /// How long reply tokens prove a player.
    pub(crate) policy: &'a AccountPolicy,
}

/// The requests a mail carries, from what the grammar read in it.
pub(crate) fn interpret(
    conn: &Connection,
    mail: &InboundMail,
    parsed: Parsed,
    reading: &Reading<'_>,
) -> Result<Interpretation, StoreError> {
    if let Some(request) = account_reply(conn, mail, reading)? {
        return Ok(Interpretation {
            requests: vec![request],
            command_lines: Vec::new(),
        });
    }
    let Parsed {
        subject,
        form,
        first,
    } = parsed;
    let reply = |first, subject_board, to_chat| -> Result<Interpretation, StoreError> {
        let (requests, line) = reply_style(conn, mail, reading, first, subject_board, to_chat)?;
        Ok(Interpretation {
            requests,
            command_lines: line.into_iter().collect(),
        })
    };
    let read = match form {
        Form::Own(OwnSubject::Board { board, chat, .. }) => return reply(first, Some(board), chat),
        Form::Own(OwnSubject::Answer) => return reply(first, None, false),
        Form::Multiple(read) => return Ok(read),
        Form::Subject(read) => *read,
    };
    let read = match read.command {
        Ok(_) => read,
        // A reply with a subject of the sender's own is still a reply.
        Err(_) if names_sent_id(conn, mail)? => {
            let mut read = reply(first, None, false)?;
            read.command_lines.push(subject);
            return Ok(read);
        }
        Err(_) => Request {
            comment: None,
            ..read
        },
    };
    Ok(Interpretation {
        requests: vec![read],
        command_lines: vec![subject],
    })
}

fn names_sent_id(conn: &Connection, mail: &InboundMail) -> Result<bool, StoreError> {
    for id in mail.thread_ids() {
        if store::find_sent_id(conn, id)?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

pub(super) fn reply_error(refusal: Refusal, board: Option<i64>) -> Request {
    Request {
        board,
        ..request(Err(refusal), None)
    }
}

/// A reply to a board mail: the first non-blank line of what the sender
/// typed is the command, the rest is a comment; that line is returned
/// too, as the mail's command line. A reply to a chat mail is
/// more chat: all of it goes to the board's players.
fn reply_style(
    conn: &Connection,
    mail: &InboundMail,
    reading: &Reading<'_>,
    first: Option<FirstLine>,
    subject_board: Option<i64>,
    to_chat: bool,
) -> Result<(Vec<Request>, Option<String>), StoreError> {
    let text = mail.sender_text();
    let Some(FirstLine { line: first, read }) = first else {
        return Ok((vec![reply_error(Refusal::EmptyReply, subject_board)], None));
    };
    // A full command written in the body of a reply is taken as it is.
    if read
        .command
        .as_ref()
        .is_ok_and(|command| *command != Command::Multiple)
    {
        return Ok((vec![read], Some(first)));
    }
    let (first, comment) = (first.as_str(), read.comment);
    let proven = proving_id(conn, mail)?;
    if let Some(Ok(sent)) = &proven {
        let expired = reading.now
            > sent
                .created
                .saturating_add(reading.policy.account_token_life);
        match &sent.scope {
            TokenScope::Message(_) | TokenScope::Digest(_) if expired => {
                let refusal = Refusal::TokenExpired { board: None };
                return Ok((vec![reply_error(refusal, None)], Some(first.to_string())));
            }
            TokenScope::Message(from) => {
                return Ok((vec![message_reply(sent, from, &text)], None));
            }
            TokenScope::Digest(boards) => {
                return read_digest_reply(conn, sent, boards, &text, reading.max_commands);
            }
            _ => {}
        }
    }
    let replier = match replier(conn, proven, reading, subject_board)? {
        Ok(replier) => replier,
        Err(refused) => return Ok((vec![refused], Some(first.to_string()))),
    };
    let board = replier.board;
    if to_chat {
        // All of what the sender typed is the message.
        let chat = Command::Chat {
            kind: replier.kind,
            board,
            userid: replier.userid,
            credential: Credential::Proven,
        };
        let comment = non_empty(text.trim().to_string());
        let requests = vec![Request {
            board: Some(board),
            ..request(Ok(chat), comment)
        }];
        return Ok((requests, None));
    }
    let requests = vec![Request {
        board: Some(board),
        ..request(reply_command(first, replier), comment)
    }];
    Ok((requests, Some(first.to_string())))
}

/// A reply to a message from another player: all of what the sender
/// typed goes back to that player, as a message.
fn message_reply(sent: &SentId, from: &str, text: &str) -> Request {
    let command = Command::Message {
        userid: sent.userid.clone(),
        credential: Credential::Proven,
        to: from.to_string(),
    };
    request(Ok(command), non_empty(text.trim().to_string()))
}

/// The command of a reply's first line: `resign`, `decline`, or move
/// words, read as move words are (`ｒｅｓｉｇｎ` from a phone is `resign`).
pub(super) fn reply_command(first: &str, replier: Replier) -> Result<Command, Refusal> {
    let Replier {
        userid,
        kind,
        board,
        asks,
    } = replier;
    let credential = Credential::Proven;
    let plain = super::normalise::move_words(first);
    let words: Vec<&str> = plain.iter().map(String::as_str).collect();
    match words.as_slice() {
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
        // A reply answers the move its board mail asked for, unless it
        // names another with `#n`.
        _ => parse_move_words(&words, Some(kind)).map(|(words, guard)| Command::Move {
            kind,
            board,
            userid,
            credential,
            words,
            guard: guard.or(asks),
        }),
    }
}

/// The player a reply proves, the board it is about, and the move the
/// board mail replied to asked for.
pub(super) struct Replier {
    pub(crate) userid: String,
    pub(crate) kind: GameKind,
    pub(crate) board: i64,
    pub(crate) asks: Option<i64>,
}

/// Who is replying, about which board: a Message-ID the host made for a
/// player about that board, named in the threading headers, and the From
/// address of that same player. A token proves its player only for the
/// board its mail was about, and only until a while after that game
/// ended. Otherwise the refusal to send.
fn replier(
    conn: &Connection,
    proven: Option<Result<SentId, Refusal>>,
    reading: &Reading<'_>,
    subject_board: Option<i64>,
) -> Result<Result<Replier, Request>, StoreError> {
    let Some(sent) = proven else {
        return Ok(Err(reply_error(Refusal::ReplyNotToUs, subject_board)));
    };
    let sent = match sent {
        Ok(sent) => sent,
        Err(refusal) => return Ok(Err(reply_error(refusal, subject_board))),
    };
    let (Some(board), TokenScope::Game) = (sent.game_id, &sent.scope) else {
        return Ok(Err(reply_error(Refusal::ReplyNotAboutBoard, None)));
    };
    let record = match store::load_game(conn, board) {
        Ok(record) => record,
        Err(StoreError::Corrupt(_)) => None,
        Err(err) => return Err(err),
    };
    let Some((record, kind)) =
        record.and_then(|record| GameKind::from_name(&record.kind).map(|kind| (record, kind)))
    else {
        return Ok(Err(reply_error(Refusal::NoSuchBoard { board }, None)));
    };
    let ended_long_ago = record.status != GameStatus::Active
        && reading.now
            > record
                .updated
                .saturating_add(reading.policy.game_token_life);
    if ended_long_ago {
        let refusal = Refusal::TokenExpired { board: Some(board) };
        return Ok(Err(reply_error(refusal, Some(board))));
    }
    // A digest player gets no board mail when his opponent moves: his
    // reply to the latest mail of the board answers the board as it
    // stands, as his digest says. (A later mail of the board, which he may
    // not have read, keeps the guard of the one he answers.)
    let latest = store::latest_sent_ids(conn, &sent.userid, board)?
        .is_some_and(|(_, latest)| latest == sent.message_id);
    let asks = if latest && store::digest_due(conn, &sent.userid)?.is_some() {
        None
    } else {
        sent.asks
    };
    Ok(Ok(Replier {
        userid: sent.userid,
        kind,
        board,
        asks,
    }))
}

/// The id the host sent that this reply names and its sender may use: one
/// made for a player with the From address. `None` when the mail names no
/// id of the host's; a refusal when it names only ids of other players.
fn proving_id(
    conn: &Connection,
    mail: &InboundMail,
) -> Result<Option<Result<SentId, Refusal>>, StoreError> {
    let mut named = false;
    for id in mail.thread_ids() {
        let Some(sent) = store::find_sent_id(conn, id)? else {
            continue;
        };
        let player = store::find_player(conn, &sent.userid)?;
        if player
            .as_ref()
            .is_some_and(|player| player.has_address(&mail.from))
        {
            return Ok(Some(Ok(sent)));
        }
        named = true;
    }
    Ok(named.then(|| {
        Err(Refusal::ReplyFromElsewhere {
            from: mail.from.clone(),
        })
    }))
}

/// The words a reply confirming an address begins with, as the request
/// asks (in English or German): an automatic reply, which says
/// something else, confirms nothing.
const CONFIRMING_WORDS: &[&str] = &["yes", "ja", "confirm"];

/// Whether the text the sender typed begins with a confirming word.
fn says_yes(typed: &str) -> bool {
    typed
        .split_whitespace()
        .next()
        .map(|word| {
            word.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .is_some_and(|word| CONFIRMING_WORDS.contains(&word.as_str()))
}

/// A reply to a mail asking an address to confirm, or to one announcing
/// a change of addresses: the token of the mail replied to says what it
/// proves, and only from the address it was sent to.
fn account_reply(
    conn: &Connection,
    mail: &InboundMail,
    reading: &Reading<'_>,
) -> Result<Option<Request>, StoreError> {
    for id in &mail.in_reply_to {
        let Some(sent) = store::find_sent_id(conn, id)? else {
            continue;
        };
        let from_elsewhere = || {
            Err(Refusal::ReplyFromElsewhere {
                from: mail.from.clone(),
            })
        };
        let command = match sent.scope {
            TokenScope::Confirm(address) if !says_yes(&mail.sender_text()) => {
                Err(Refusal::ConfirmWithYes { address })
            }
            TokenScope::Confirm(address) if address.eq_ignore_ascii_case(mail.from.trim()) => {
                Ok(Command::ConfirmAddress {
                    userid: sent.userid,
                    address,
                })
            }
            TokenScope::Undo(restore)
                if restore
                    .iter()
                    .any(|address| address.eq_ignore_ascii_case(mail.from.trim())) =>
            {
                Ok(Command::UndoAddressChange {
                    userid: sent.userid,
                    restore,
                })
            }
            TokenScope::Confirm(_) | TokenScope::Undo(_) => from_elsewhere(),
            TokenScope::Game
            | TokenScope::Account
            | TokenScope::Message(_)
            | TokenScope::Digest(_) => continue,
        };
        let expired = reading.now
            > sent
                .created
                .saturating_add(reading.policy.account_token_life);
        let command = if expired {
            Err(Refusal::TokenExpired { board: None })
        } else {
            command
        };
        return Ok(Some(request(command, None)));
    }
    Ok(None)
}

// A reply to a daily digest: one line per board, the board's number and
// then what a reply to that board's mail may say (`101 e5`, `102
// resign`). Each line answers its board as the digest showed it, so a
// line for a board that has moved on since is refused as a late move.
/// The requests of a digest reply, at most `max` of them. Reading stops
/// at the first line that does not begin with a number (a signature, the
/// quoted digest); a line naming a board the digest did not list is
/// refused on its own.
fn read_digest_reply(
    conn: &Connection,
    sent: &SentId,
    boards: &[(i64, i64)],
    text: &str,
    max: usize,
) -> Result<(Vec<Request>, Option<String>), StoreError> {
    let listed: Vec<i64> = boards.iter().map(|(board, _)| *board).collect();
    let mut requests = Vec::new();
    for line in text.lines().map(str::trim).filter(|line| !line.is_empty()) {
        let (number, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let Ok(board) = number.trim_start_matches('#').parse::<i64>() else {
            break;
        };
        if requests.len() == max {
            let refusal = Refusal::TooManyCommands {
                max,
                rest: 1,
                first_left_out: line.chars().take(60).collect(),
            };
            requests.push(reply_error(refusal, None));
            break;
        }
        let Some(&(_, asks)) = boards.iter().find(|(listed, _)| *listed == board) else {
            let refusal = Refusal::DigestReply {
                boards: listed.clone(),
                line: Some(line.to_string()),
            };
            requests.push(reply_error(refusal, Some(board)));
            continue;
        };
        let kind = match store::load_game(conn, board) {
            Ok(record) => record.and_then(|record| GameKind::from_name(&record.kind)),
            Err(StoreError::Corrupt(_)) => None,
            Err(err) => return Err(err),
        };
        let Some(kind) = kind else {
            requests.push(reply_error(Refusal::NoSuchBoard { board }, None));
            continue;
        };
        let replier = Replier {
            userid: sent.userid.clone(),
            kind,
            board,
            asks: Some(asks),
        };
        requests.push(Request {
            board: Some(board),
            ..request(reply_command(rest.trim(), replier), None)
        });
    }
    if requests.is_empty() {
        let refusal = Refusal::DigestReply {
            boards: listed,
            line: None,
        };
        requests.push(reply_error(refusal, None));
    }
    Ok((requests, None))
}
