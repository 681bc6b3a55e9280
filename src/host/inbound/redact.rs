//! Passwords never leave the host, and nothing else is hidden: a password
//! is masked where the sender's own command line has it (the subject, a
//! line of a `multiple` body, the first line of a reply, and a quoted
//! copy of one of those lines), at the places the grammar read it from,
//! and nowhere else. Text the host wrote is never masked, nor is a
//! player's comment: one that holds its author's password is refused
//! instead (see [`holds_password`]).
//!
//! A command line that does not parse still has its password places:
//! those of the form its verb names, or, for a misspelt verb, of the
//! verb it was meant as. Such a line is quoted back to its sender alone.

use super::grammar::{read_line, SecretSpans};
use crate::host::model::subject;
use crate::mail::inbound::InboundMail;

/// What a password becomes in outgoing mail.
pub(crate) const MASK: &str = "********";

/// How many lines of a mail an error mail quotes back: enough to show a
/// player what he sent, too few to make the host a relay for a forged
/// From's text.
const QUOTED_LINES: usize = 12;

/// A quoted line is cut after this many characters, for the same reason.
const QUOTED_LINE_CHARS: usize = 200;

/// `line` cut to [`QUOTED_LINE_CHARS`], marked where it was cut.
fn cut(line: &str) -> String {
    match line.char_indices().nth(QUOTED_LINE_CHARS) {
        Some((at, _)) => format!("{} [...]", &line[..at]),
        None => line.to_string(),
    }
}

/// `line` with the byte ranges of `spans` masked.
fn mask_spans(line: &str, mut spans: SecretSpans) -> String {
    spans.sort_by_key(|span| span.start);
    let mut out = String::with_capacity(line.len());
    let mut at = 0;
    for span in spans {
        if span.start < at || span.end > line.len() {
            continue;
        }
        out.push_str(&line[at..span.start]);
        out.push_str(MASK);
        at = span.end;
    }
    out.push_str(&line[at..]);
    out
}

/// A command line with its passwords masked where the grammar reads them.
pub(crate) fn mask_command_line(line: &str) -> String {
    let read = read_line(line);
    mask_spans(line, read.noted.spans)
}

/// A line of text split into the quote markers and `Subject:` label a
/// reply put before it, and the rest.
fn unquoted(line: &str) -> (&str, &str) {
    let rest = line.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
    let rest = ["Subject:", "Betreff:"]
        .iter()
        .find_map(|label| rest.strip_prefix(label))
        .map_or(rest, str::trim_start);
    line.split_at(line.len() - rest.len())
}

/// A mail as an error mail quotes it back to its sender: its subject and
/// first lines, with the passwords of its command lines masked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Quote {
    pub(crate) subject: String,
    pub(crate) lines: Vec<String>,
}

impl Quote {
    /// The quote of `mail`, whose command lines (as the interpreter read
    /// them) are `command_lines`. A line of its text is masked when it
    /// is one of them, or a quoted copy of one.
    pub(crate) fn of(mail: &InboundMail, command_lines: &[String]) -> Quote {
        let is_command = |text: &str| {
            let text = text.trim();
            !text.is_empty() && command_lines.iter().any(|line| line.trim() == text)
        };
        let mask = |line: &str| {
            let (markers, rest) = unquoted(line);
            if is_command(rest) {
                format!("{markers}{}", mask_command_line(rest))
            } else {
                line.to_string()
            }
        };
        let cleaned = subject::clean(&mail.subject);
        let subject = match mail.subject.find(cleaned.as_str()) {
            Some(at) if is_command(&cleaned) => format!(
                "{}{}{}",
                &mail.subject[..at],
                mask_command_line(&cleaned),
                &mail.subject[at + cleaned.len()..]
            ),
            None if is_command(&cleaned) => mask_command_line(&cleaned),
            _ => mail.subject.clone(),
        };
        Quote {
            subject,
            lines: mail
                .text
                .lines()
                .take(QUOTED_LINES)
                .map(|line| cut(&mask(line)))
                .collect(),
        }
    }
}

impl Quote {
    /// The quote with `held` (passwords a comment of the mail holds, so
    /// the mail is refused) masked wherever they stand as whole words:
    /// the sender typed them, and the refusal must not show them either.
    pub(crate) fn hiding(self, held: &[String]) -> Quote {
        let hide = |text: &str| {
            held.iter().fold(text.to_string(), |text, password| {
                mask_whole_word(&text, password)
            })
        };
        Quote {
            subject: hide(&self.subject),
            lines: self.lines.iter().map(|line| hide(line)).collect(),
        }
    }
}

/// Where `password` stands in `text` as a whole word: not next to a
/// letter or digit.
fn whole_word_at(text: &str, password: &str) -> Vec<usize> {
    if password.is_empty() {
        return Vec::new();
    }
    let is_word_char = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(password)
        .filter(|(at, _)| {
            let before = text[..*at].chars().next_back();
            let after = text[at + password.len()..].chars().next();
            !is_word_char(before) && !is_word_char(after)
        })
        .map(|(at, _)| at)
        .collect()
}

/// `text` with `password` masked wherever it stands as a whole word.
pub(crate) fn mask_whole_word(text: &str, password: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for at in whole_word_at(text, password) {
        if at < from {
            continue;
        }
        out.push_str(&text[from..at]);
        out.push_str(MASK);
        from = at + password.len();
    }
    out.push_str(&text[from..]);
    out
}

/// Whether `text` holds `password` as a whole word. A comment that does
/// is not passed on.
pub(crate) fn holds_password(text: &str, password: &str) -> bool {
    !whole_word_at(text, password).is_empty()
}

/// The passwords of `passwords` that `comment` holds.
pub(crate) fn held_passwords(comment: Option<&str>, passwords: &[String]) -> Vec<String> {
    let Some(comment) = comment else {
        return Vec::new();
    };
    passwords
        .iter()
        .filter(|password| holds_password(comment, password))
        .cloned()
        .collect()
}

/// A stored mail written by an older version, with its passwords masked:
/// those versions quoted the command in `> Subject: ...` (`> Betreff:`)
/// and `> line` lines. Each quoted line is masked as a command line.
/// `None` when the mail quotes no password.
pub(crate) fn scrub_stored(body: &str) -> Option<String> {
    let mut changed = false;
    let lines: Vec<String> = body
        .split_inclusive('\n')
        .map(|line| {
            if !line.starts_with('>') {
                return line.to_string();
            }
            let (markers, rest) = unquoted(line);
            let masked = format!("{markers}{}", mask_command_line(rest));
            changed |= masked != line;
            masked
        })
        .collect();
    changed.then(|| lines.concat())
}

#[cfg(test)]
mod tests;
