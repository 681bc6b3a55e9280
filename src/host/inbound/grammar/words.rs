//! The words of a line as the grammar reads them: each with its place in
//! the line, so a form that reads a password notes where it stood, and
//! the nearest verb for one misspelt.

use crate::games::GameKind;
use crate::host::model::command::PASSWORD_SWITCH;
use crate::host::model::command::{Command, Syntax};
use crate::host::model::refusal::Refusal;
use std::cell::RefCell;
use std::ops::Range;

/// The verbs of the commands that name no game, for finding the one a
/// misspelt verb was meant as.
pub(super) const VERBS: &[&str] = &[
    "help", "list", "multiple", "signup", "change", "signoff", "delete", "set", "vacation",
    "status", "message", "remind",
];

/// The verbs after a game's name.
pub(super) const GAME_VERBS: &[&str] = &[
    "help",
    "challenge",
    "accept",
    "reject",
    "limit",
    "move",
    "resign",
    "decline",
    "show",
    "games",
    "chat",
    "history",
    "record",
    "subscribe",
    "unsubscribe",
    "notify",
    "standings",
    "ladder",
    "tournament",
    "league",
    "leagues",
    "adjudicate",
    "forfeit",
    "void",
    "queue",
    "preview",
    "note",
    "seek",
    "seeks",
];

/// The refusal of a form's arguments, naming the form.
pub(super) fn wrong_arguments(syntax: Syntax, game: Option<GameKind>) -> Refusal {
    Refusal::WrongArguments { syntax, game }
}

/// A board's number, or the refusal that names the form.
pub(super) fn parse_board(kind: GameKind, text: &str, syntax: Syntax) -> Result<i64, Refusal> {
    text.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| Refusal::NotABoardNumber {
            text: text.to_string(),
            syntax,
            game: kind,
        })
}

/// A line read as a command, or why not.
pub(super) type Parsed = Result<Command, Refusal>;

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

/// Byte ranges of a line that hold passwords.
pub type SecretSpans = Vec<Range<usize>>;

/// What the forms note of a line's passwords as they read them.
#[derive(Debug, Default)]
pub struct Noted {
    /// Where each password stands.
    pub(crate) spans: SecretSpans,
    /// Each password, as written.
    pub(crate) passwords: Vec<String>,
    /// The password the command proves a player with, and that player's
    /// userid: the word before it (a challenge's switch proves the first
    /// player named). A new password chosen (signup, change) proves no one.
    pub(crate) claim: Option<(String, String)>,
}

/// The words after a command's verb(s), each with its byte range in the
/// whole line, and the note of passwords the forms add to.
#[derive(Clone, Copy)]
pub(super) struct Args<'a> {
    pub(crate) words: &'a [&'a str],
    spans: &'a [Range<usize>],
    secrets: &'a RefCell<Noted>,
}

impl<'a> Args<'a> {
    pub(crate) fn new(
        words: &'a [&'a str],
        spans: &'a [Range<usize>],
        secrets: &'a RefCell<Noted>,
    ) -> Args<'a> {
        Args {
            words,
            spans,
            secrets,
        }
    }

    /// The words from `count` on.
    pub(crate) fn after(self, count: usize) -> Args<'a> {
        let count = count.min(self.words.len());
        Args {
            words: &self.words[count..],
            spans: &self.spans[count..],
            secrets: self.secrets,
        }
    }

    /// The password a form reads at `index`, which proves the player
    /// named by the word before it: its place noted whether or not the
    /// rest of the line fits the form (a line that does not is still
    /// quoted back, with its password masked). Empty when the line is too
    /// short to have one there.
    pub(crate) fn password(self, index: usize) -> String {
        let userid = index.checked_sub(1).and_then(|at| self.words.get(at));
        let password = self.new_password(index);
        if let (Some(userid), false) = (userid, password.is_empty()) {
            let mut noted = self.secrets.borrow_mut();
            if noted.claim.is_none() {
                noted.claim = Some((userid.to_string(), password.clone()));
            }
        }
        password
    }

    /// A password a form reads at `index` that proves no one yet (one
    /// being chosen), noted as [`Args::password`] notes it.
    pub(crate) fn new_password(self, index: usize) -> String {
        match (self.words.get(index), self.spans.get(index)) {
            (Some(word), Some(span)) => {
                let mut noted = self.secrets.borrow_mut();
                noted.spans.push(span.clone());
                noted.passwords.push(word.to_string());
                word.to_string()
            }
            _ => String::new(),
        }
    }

    /// Notes the values of `-password:PW` switches among these words:
    /// the password of the first player named.
    pub(crate) fn switch_passwords(self) {
        for (word, span) in self.words.iter().zip(self.spans) {
            let Some(value) = crate::host::model::command::challenge_password(word) else {
                continue;
            };
            let mut noted = self.secrets.borrow_mut();
            noted
                .spans
                .push(span.start + PASSWORD_SWITCH.len()..span.end);
            noted.passwords.push(value.to_string());
            if let (None, Some(first)) = (&noted.claim, self.words.first()) {
                noted.claim = Some((first.to_string(), value.to_string()));
            }
        }
    }
}

/// Each word's byte range in `line`: the words are slices of it.
pub(super) fn spans(line: &str, words: &[&str]) -> Vec<Range<usize>> {
    let base = line.as_ptr() as usize;
    words
        .iter()
        .map(|word| {
            let start = word.as_ptr() as usize - base;
            start..start + word.len()
        })
        .collect()
}

/// The places of a line the grammar could not read that could hold a
/// password: every word after the first that reads as a userid. The
/// command's own words come first (its verb or game, the game's verb
/// whatever it is, then board numbers and the grammar's own words),
/// and no password can be one of those, since the host refuses its own
/// words as passwords. Masking too much of a refused line costs the
/// sender a word of his quote; masking too little would mail his
/// password back in clear.
pub(super) fn unread_places(
    command: &Result<Command, Refusal>,
    words: &[&str],
    spans: &[Range<usize>],
) -> SecretSpans {
    // A misspelt verb was read as the one it was meant as, which noted
    // its places; a line that parsed has its own.
    let guessed = matches!(
        command,
        Err(Refusal::UnknownCommand { meant: Some(_), .. }
            | Refusal::UnknownGameCommand { meant: Some(_), .. })
    );
    if command.is_ok() || guessed || !reads_as_command(words) {
        return Vec::new();
    }
    let mut at = match words.first() {
        Some(first) if is_game_name(first) => 2,
        _ => 1,
    };
    // A slip is forgiven only where a verb stands: a userid one letter
    // from a verb (`starts`) must not pass for one, or the password after
    // it would be taken for the userid.
    while words.get(at).is_some_and(|word| {
        let word = word.to_lowercase();
        word.chars().all(|c| c.is_ascii_digit())
            || is_keyword(&word)
            || (at < 2 && is_near_keyword(&word))
    }) {
        at += 1;
    }
    spans.iter().skip(at + 1).cloned().collect()
}

/// The words that follow a verb before its userid: `ladder join`,
/// `change password`, `subscribe all`, `seek accept`.
const SUB_VERBS: &[&str] = &[
    "join", "leave", "start", "create", "cancel", "remove", "rules", "announce", "handover",
    "invite", "admit", "accept", "decline", "password", "address", "all", "board",
];

/// A game's name, or a word near one (`chsss`; `schach` is not).
fn is_game_name(word: &str) -> bool {
    let games: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
    word.parse::<GameKind>().is_ok() || nearest(word, &games).is_some()
}

/// The grammar's own words: its verbs and sub-verbs.
fn keywords() -> impl Iterator<Item = &'static str> {
    VERBS.iter().chain(GAME_VERBS).chain(SUB_VERBS).copied()
}

fn is_keyword(word: &str) -> bool {
    keywords().any(|keyword| keyword == word)
}

/// One of the grammar's own words, or one slip from one.
fn is_near_keyword(word: &str) -> bool {
    is_keyword(word) || nearest(word, &keywords().collect::<Vec<_>>()).is_some()
}

/// Verbs that players try though the host has none of them: other
/// hosts' and other languages' words for signing up and moving.
const TRIED_VERBS: &[&str] = &[
    "register", "login", "logon", "join", "play", "zug", "ziehe", "anmelden", "schach",
];

/// Whether a line reads as a command, though it may not parse: it starts
/// with a verb or a game (or a word near one, or one players try), or its
/// second word is one (`schach move ...`). Text such as "Sorry, I have to
/// go" does not.
fn reads_as_command(words: &[&str]) -> bool {
    let commandish = |at: usize| {
        words.get(at).is_some_and(|word| {
            let word = word.to_lowercase();
            is_game_name(&word) || is_near_keyword(&word) || TRIED_VERBS.contains(&word.as_str())
        })
    };
    commandish(0) || commandish(1)
}

/// The known word `word` was most likely meant as: one slip (a letter
/// wrong, missing, added or two swapped) in a word of four letters or
/// more, two in one of seven or more. Shorter words must be exact, so
/// ordinary words are not taken for verbs.
pub(super) fn nearest<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    let word = word.to_lowercase();
    let length = word.chars().count();
    let allowed = match length {
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    };
    known
        .iter()
        // No word more letters longer or shorter than the slips allowed
        // is near: a word of a megabyte costs a count, not a table of a
        // megabyte's letters for every candidate.
        .filter(|candidate| candidate.chars().count().abs_diff(length) <= allowed)
        .map(|candidate| (slips(&word, candidate), *candidate))
        .filter(|(distance, _)| *distance <= allowed)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// The optimal-string-alignment distance: letters changed, dropped,
/// added or swapped with the next.
fn slips(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_verb_is_found_and_ordinary_words_are_not() {
        let known = ["chess", "signup", "change", "set", "progression"];
        assert_eq!(nearest("chsss", &known), Some("chess"));
        assert_eq!(nearest("sigup", &known), Some("signup"));
        assert_eq!(nearest("Chnage", &known), Some("change"));
        assert_eq!(nearest("progresion", &known), Some("progression"));
        for word in ["sit", "get", "Waiting", "Black", "Reply", "Sorry", "e4"] {
            assert_eq!(nearest(word, &known), None, "{word}");
        }
    }

    #[test]
    fn a_word_of_a_megabyte_is_near_nothing_and_costs_one_pass() {
        // Ten seconds of CPU a mail before: a table per candidate.
        let word = "z".repeat(1_000_000);
        assert_eq!(nearest(&word, &["chess", "signup", "progression"]), None);
        let word = format!("chesz{}", "z".repeat(1_000_000));
        assert_eq!(nearest(&word, &["chess"]), None);
    }

    #[test]
    fn spans_are_the_words_places_in_the_line() {
        let line = "  chess\u{00A0}move 101";
        let words: Vec<&str> = line.split_whitespace().collect();
        let spans = spans(line, &words);
        let back: Vec<&str> = spans.iter().map(|span| &line[span.clone()]).collect();
        assert_eq!(back, words);
    }
}
