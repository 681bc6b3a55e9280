//! Which passwords may be chosen, after OWASP and NIST SP 800-63B: long
//! enough, no composition rules (they make passwords harder to remember,
//! not to guess), and none of those an attacker tries first: the userid,
//! the host's own words, moves in notation, or a password common in
//! breaches. The lists ship in `data/passwords/` and are built into the
//! binary; nothing else is read.

use crate::games::GameKind;
pub(crate) use crate::host::model::refusal::Weakness;
use std::collections::HashSet;
use std::sync::LazyLock;

/// Fewer characters are refused (NIST's minimum for a chosen password).
pub(crate) const MIN_CHARS: usize = 8;
/// More are refused: a password is a word in a mail, not a paragraph.
pub(crate) const MAX_CHARS: usize = 64;

/// Every word the grammar reads as a command or a command's keyword;
/// the short ones fail on length, the others are in the vocabulary too.
pub(crate) const COMMAND_WORDS: &[&str] = &[
    "accept",
    "address",
    "all",
    "anyone",
    "board",
    "cancel",
    "challenge",
    "challenges",
    "change",
    "chat",
    "clear",
    "comments",
    "create",
    "decline",
    "delete",
    "digest",
    "draw",
    "games",
    "help",
    "history",
    "join",
    "ladder",
    "language",
    "leave",
    "limit",
    "list",
    "message",
    "move",
    "multiple",
    "nobody",
    "note",
    "notify",
    "off",
    "password",
    "pause",
    "played",
    "preview",
    "private",
    "propose",
    "public",
    "queue",
    "record",
    "reject",
    "remind",
    "resign",
    "resume",
    "seek",
    "seeks",
    "set",
    "show",
    "signoff",
    "signup",
    "standings",
    "start",
    "status",
    "subscribe",
    "tournament",
    "undo",
    "unsubscribe",
    "until",
    "vacation",
];

fn entries(text: &'static str) -> HashSet<&'static str> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
}

/// The passwords most often found in breaches (8 to 64 characters,
/// lower-case).
static COMMON: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| entries(include_str!("../../../data/passwords/common.txt")));

/// Every word of 8 or more letters the host's mails and commands use,
/// lower-case.
static VOCABULARY: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| entries(include_str!("../../../data/passwords/vocabulary.txt")));

/// Whether `password` may be chosen by `userid`; why not when it may not.
pub(crate) fn check(userid: &str, password: &str) -> Result<(), Weakness> {
    let chars = password.chars().count();
    if chars < MIN_CHARS {
        return Err(Weakness::TooShort { min: MIN_CHARS });
    }
    if chars > MAX_CHARS {
        return Err(Weakness::TooLong { max: MAX_CHARS });
    }
    let lower = password.to_lowercase();
    if lower == userid.to_lowercase() {
        return Err(Weakness::Userid);
    }
    // Digits added at the end are the first thing a guesser tries, so
    // `tournament2024` and `baseball1` count as their word.
    let base = lower.trim_end_matches(|c: char| c.is_ascii_digit());
    let forms = [lower.as_str(), base];
    let forms = || forms.into_iter().filter(|form| !form.is_empty());
    // A breached password is refused as one, whatever else it is: the
    // player should hear that `password123` is among the first guessed.
    if forms().any(|form| COMMON.contains(form)) {
        return Err(Weakness::Common);
    }
    if forms().any(|form| COMMAND_WORDS.contains(&form)) {
        return Err(Weakness::CommandWord);
    }
    if forms().any(|form| GameKind::from_name(form).is_some()) {
        return Err(Weakness::GameName);
    }
    if is_notation(&lower) {
        return Err(Weakness::MoveNotation);
    }
    if forms().any(|form| VOCABULARY.contains(form)) {
        return Err(Weakness::HostWord);
    }
    Ok(())
}

/// Where one part of a move may end when it starts at `at`.
type Part = fn(&[u8], usize) -> Vec<usize>;

/// Whether `text` (lower-case) is nothing but moves of the four games,
/// with move numbers and separators between them: `e2e4e7e5`, `nxe5+`,
/// `o-o-o`, `1.e4e5`, `w:e2e4`, Spherical Chess 324's `h8-h12` and
/// `i8+nesw`. It reads as the grammar would, loosely, since a password
/// that merely looks like moves is guessed as easily.
fn is_notation(text: &str) -> bool {
    let text = text.as_bytes();
    // reached[at][moved]: the text up to `at` reads, with a move or not.
    let mut reached = vec![[false; 2]; text.len() + 1];
    reached[0][0] = true;
    for at in 0..text.len() {
        for moved in [false, true] {
            if !reached[at][moved as usize] {
                continue;
            }
            for end in move_ends(text, at) {
                reached[end][1] = true;
            }
            for end in filler_ends(text, at) {
                reached[end][moved as usize] = true;
            }
        }
    }
    reached[text.len()][1]
}

/// Where a move starting at `at` may end.
fn move_ends(text: &[u8], at: usize) -> Vec<usize> {
    let mut ends: Vec<usize> = ["o-o-o", "o-o", "0-0-0", "0-0", "ooo", "oo"]
        .into_iter()
        .filter(|castling| text[at..].starts_with(castling.as_bytes()))
        .map(|castling| at + castling.len())
        .collect();
    let mut starts = vec![at];
    let parts: [(Part, bool); 7] = [
        (board_prefix, true),
        (|t, at| one_of(t, at, b"kqrbnp"), true),
        (from_square, true),
        (|t, at| one_of(t, at, b"x:-"), true),
        (square, false),
        (promotion, true),
        (check_mark, true),
    ];
    for (part, optional) in parts {
        starts = then(text, starts, part, optional);
    }
    ends.extend(starts);
    ends
}

/// The ends of `part` after each of `starts`, with `starts` themselves
/// when the part may be left out.
fn then(text: &[u8], starts: Vec<usize>, part: Part, optional: bool) -> Vec<usize> {
    let mut ends = if optional { starts.clone() } else { Vec::new() };
    for start in starts {
        ends.extend(part(text, start));
    }
    ends.sort_unstable();
    ends.dedup();
    ends
}

fn one_of(text: &[u8], at: usize, set: &[u8]) -> Vec<usize> {
    match text.get(at) {
        Some(byte) if set.contains(byte) => vec![at + 1],
        _ => Vec::new(),
    }
}

/// Files a to r: Spherical Chess 324 has 18.
fn file(text: &[u8], at: usize) -> Vec<usize> {
    match text.get(at) {
        Some(b'a'..=b'r') => vec![at + 1],
        _ => Vec::new(),
    }
}

/// A rank of one or two digits.
fn rank(text: &[u8], at: usize) -> Vec<usize> {
    let digit = |at: usize| text.get(at).is_some_and(u8::is_ascii_digit);
    match (digit(at), digit(at + 1)) {
        (true, true) => vec![at + 1, at + 2],
        (true, false) => vec![at + 1],
        _ => Vec::new(),
    }
}

fn square(text: &[u8], at: usize) -> Vec<usize> {
    then(text, file(text, at), rank, false)
}

/// Where a move comes from: a file, a rank or a whole square.
fn from_square(text: &[u8], at: usize) -> Vec<usize> {
    let mut ends = file(text, at);
    ends.extend(rank(text, at));
    ends.extend(square(text, at));
    ends
}

/// Infinite Recursion Chess names the board: `w:e4`.
fn board_prefix(text: &[u8], at: usize) -> Vec<usize> {
    then(
        text,
        one_of(text, at, b"wb"),
        |t, at| one_of(t, at, b":"),
        false,
    )
}

fn promotion(text: &[u8], at: usize) -> Vec<usize> {
    let starts = then(text, vec![at], |t, at| one_of(t, at, b"="), true);
    then(text, starts, |t, at| one_of(t, at, b"qrbn"), false)
}

/// Check, mate and annotations, or Spherical Chess 324's promotion step
/// (`+ne`, `+nesw`, `+q`).
fn check_mark(text: &[u8], at: usize) -> Vec<usize> {
    let end = at
        + text[at..]
            .iter()
            .take_while(|byte| b"+#!?".contains(byte))
            .count();
    if end == at {
        return Vec::new();
    }
    let steps = text[end..]
        .iter()
        .take_while(|byte| b"neswq".contains(byte))
        .count();
    (end..=end + steps).collect()
}

/// Where what may stand between moves ends: a separator, or a move
/// number (`12.`, `1...`).
fn filler_ends(text: &[u8], at: usize) -> Vec<usize> {
    if b" ,;./_-".contains(&text[at]) {
        return vec![at + 1];
    }
    let digits = text[at..].iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = text[at + digits..]
        .iter()
        .take_while(|byte| **byte == b'.')
        .count();
    if digits > 0 && dots > 0 {
        vec![at + digits + dots]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests;
