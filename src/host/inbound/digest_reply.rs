//! A reply to a daily digest: one line per board, the board's number and
//! then what a reply to that board's mail may say (`101 e5`, `102
//! resign`). Each line answers its board as the digest showed it, so a
//! line for a board that has moved on since is refused as a late move.

use super::interpret::{reply_command, reply_error, Replier};
use super::parse::{request, Request};
use crate::games::GameKind;
use crate::host::model::refusal::Refusal;
use crate::store::{self, SentId, StoreError};
use rusqlite::Connection;

/// The requests of a digest reply, at most `max` of them. Reading stops
/// at the first line that does not begin with a number (a signature, the
/// quoted digest); a line naming a board the digest did not list is
/// refused on its own.
pub(super) fn read(
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
