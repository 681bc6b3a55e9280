//! Passwords never leave the host: the words of an inbound mail that are
//! passwords are found by where the grammar puts them, and masked in every
//! mail queued for it (the quoted subject and body of an error mail, a
//! refusal that repeats a word, a comment passed on).
//!
//! A line is read as a command line whether or not it parses, so a bad
//! move, a wrong number of words or a `multiple` body are covered:
//!
//! - a known verb gives its password positions: `signup userid PW`,
//!   `change password userid OLD NEW`, `change address userid PW`,
//!   `signoff|delete|set userid PW`, `GAME move|resign|decline|chat board
//!   userid PW`, `GAME accept|reject|limit userid PW`, and so on;
//! - any word `-password:PW` (a challenge's switch) gives its value;
//! - a line whose verb is unknown, or that does not parse completely,
//!   also gives the word after a word in its second to fourth place that
//!   names a player (an existing one, or one signed up in the same mail):
//!   that is where a userid stands in every command, so a misspelt verb
//!   (`chsss move 101 alice PW e4`) or a missing board number still hides
//!   the password. It masks too much rather than too little (`chess games
//!   alice bob` masks `bob` in the error mail about it).
//!
//! Each secret is masked wherever it stands as a whole word: not next to
//! a letter or digit, so `-password:PW` and `"PW"` are masked too.

use super::grammar::parse_command;
use crate::games::GameKind;
use crate::host::model::command::challenge_password;
use crate::host::model::subject;
use crate::mail::inbound::InboundMail;
use crate::store;
use rusqlite::Connection;

/// What a password becomes in outgoing mail.
pub const MASK: &str = "********";

/// Where a line keeps its passwords, by the grammar: word indexes, and
/// whether a userid-then-password guess is needed as well.
fn password_positions(words: &[&str]) -> (Vec<usize>, bool) {
    let lower = |index: usize| words.get(index).map(|word| word.to_lowercase());
    let Some(verb) = lower(0) else {
        return (Vec::new(), false);
    };
    let known = |positions: Vec<usize>| (positions, false);
    match verb.as_str() {
        "help" | "list" | "multiple" | "status" => known(Vec::new()),
        "signup" | "signoff" | "delete" | "set" | "vacation" | "remind" | "message" => {
            known(vec![2])
        }
        "change" => match lower(1).as_deref() {
            Some("address") => known(vec![3]),
            // `change password userid old new`, or a misspelt one.
            _ => known(vec![3, 4]),
        },
        // `GAME seek accept|cancel N userid PW`.
        _ if verb.parse::<GameKind>().is_ok()
            && lower(1).as_deref() == Some("seek")
            && matches!(lower(2).as_deref(), Some("accept" | "cancel")) =>
        {
            known(vec![5])
        }
        _ if verb.parse::<GameKind>().is_ok() => game_positions(lower(1).as_deref()),
        _ => (Vec::new(), true),
    }
}

/// `GAME VERB ...`: the positions of the password after the game name.
fn game_positions(verb: Option<&str>) -> (Vec<usize>, bool) {
    match verb {
        Some("move" | "board" | "mvoe" | "resign" | "decline" | "chat" | "queue" | "note")
        | Some("subscribe" | "unsubscribe") => (vec![4], false),
        Some("accept" | "reject" | "limit" | "notify" | "seek") => (vec![3], false),
        // `GAME ladder join userid password`; `GAME tournament create NAME
        // userid password ...` (the bare forms name nobody).
        Some("ladder") => (vec![4], false),
        Some("tournament") => (vec![5], false),
        Some("challenge" | "help" | "show" | "games" | "preview" | "standings" | "history") => {
            (Vec::new(), false)
        }
        _ => (Vec::new(), true),
    }
}

/// A line as a command line: quote markers a reply put before it removed.
fn command_words(line: &str) -> Vec<&str> {
    line.trim_start_matches(|c: char| c == '>' || c.is_whitespace())
        .split_whitespace()
        .collect()
}

/// The password words of one command line. `is_player` says whether a
/// word names a player.
pub fn line_secrets(line: &str, is_player: &dyn Fn(&str) -> bool) -> Vec<String> {
    let words = command_words(line);
    let (positions, guess) = password_positions(&words);
    let mut secrets: Vec<String> = positions
        .iter()
        .filter_map(|&index| words.get(index))
        .map(|word| word.to_string())
        .collect();
    let unparsed = parse_command(&words.join(" ")).is_err();
    if guess || (unparsed && !words.is_empty()) {
        for index in 1..=3 {
            if let (Some(userid), Some(next)) = (words.get(index), words.get(index + 1)) {
                if is_player(userid) {
                    secrets.push(next.to_string());
                }
            }
        }
    }
    secrets.extend(
        words
            .iter()
            .filter_map(|word| challenge_password(word))
            .map(str::to_string),
    );
    let mut seen = Vec::with_capacity(secrets.len());
    secrets.retain(|secret| {
        let fresh = !seen.contains(secret);
        seen.push(secret.clone());
        fresh
    });
    secrets
}

/// The passwords of one inbound mail, to be masked in what goes out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Secrets {
    /// Longest first, so a secret inside a longer one is not masked
    /// before the longer one is.
    words: Vec<String>,
}

impl Secrets {
    /// The secrets of these command lines. Userids signed up by one of
    /// the lines count as players for the others.
    pub fn of_lines<'a>(
        lines: impl IntoIterator<Item = &'a str>,
        is_player: &dyn Fn(&str) -> bool,
    ) -> Secrets {
        let lines: Vec<&str> = lines.into_iter().collect();
        let signed_up: Vec<String> = lines
            .iter()
            .map(|line| command_words(line))
            .filter(|words| {
                words
                    .first()
                    .is_some_and(|w| w.eq_ignore_ascii_case("signup"))
            })
            .filter_map(|words| words.get(1).map(|userid| userid.to_lowercase()))
            .collect();
        let player = |word: &str| signed_up.contains(&word.to_lowercase()) || is_player(word);
        let mut words: Vec<String> = lines
            .iter()
            .flat_map(|line| line_secrets(line, &player))
            .collect();
        words.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        words.dedup();
        Secrets { words }
    }

    /// The secrets of an inbound mail: its subject and every line of its
    /// text (a reply may carry a whole command, a quote an old one).
    pub fn of_mail(conn: &Connection, mail: &InboundMail) -> Secrets {
        let subject = subject::clean(&mail.subject);
        let lines: Vec<&str> = std::iter::once(subject.as_str())
            .chain(mail.text.lines())
            .chain(mail.typed.lines())
            .collect();
        // A lookup that fails counts the word as a player's: better one
        // word too many masked than a password shown.
        let is_player = |word: &str| !matches!(store::find_player(conn, word), Ok(None));
        Secrets::of_lines(lines, &is_player)
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The text with every secret that stands as a whole word masked.
    pub fn mask(&self, text: &str) -> String {
        let mut text = text.to_string();
        for secret in &self.words {
            text = mask_word(&text, secret);
        }
        text
    }
}

/// `text` with each whole-word occurrence of `secret` masked: one with no
/// letter or digit right before or after it.
fn mask_word(text: &str, secret: &str) -> String {
    let is_word_char = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(secret) {
        let before = rest[..at].chars().next_back().or(out.chars().next_back());
        let after = rest[at + secret.len()..].chars().next();
        out.push_str(&rest[..at]);
        if is_word_char(before) || is_word_char(after) {
            // Part of a longer word: keep its first character, look on.
            let first = secret.chars().next().map_or(1, char::len_utf8);
            out.push_str(&rest[at..at + first]);
            rest = &rest[at + first..];
        } else {
            out.push_str(MASK);
            rest = &rest[at + secret.len()..];
        }
    }
    out.push_str(rest);
    out
}

/// A stored mail written by an older version, with its passwords masked:
/// those versions quoted the command in `> Subject: ...` (`> Betreff:`)
/// and `> line` lines, and refusals repeated its words. `None` when the
/// mail quotes no password.
pub fn scrub_stored(body: &str, is_player: &dyn Fn(&str) -> bool) -> Option<String> {
    let quoted = body.lines().filter_map(|line| {
        let line = line.strip_prefix('>')?.trim_start();
        Some(
            line.strip_prefix("Subject:")
                .or_else(|| line.strip_prefix("Betreff:"))
                .unwrap_or(line),
        )
    });
    let secrets = Secrets::of_lines(quoted, is_player);
    let masked = secrets.mask(body);
    (masked != body).then_some(masked)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(word: &str) -> bool {
        ["alice", "bob"].contains(&word.to_lowercase().as_str())
    }

    fn secrets(line: &str) -> Vec<String> {
        line_secrets(line, &players)
    }

    #[test]
    fn every_verb_that_takes_a_password_gives_it() {
        assert_eq!(secrets("signup carol s1 c@x.org"), ["s1"]);
        assert_eq!(secrets("change password alice old new"), ["old", "new"]);
        assert_eq!(secrets("change address alice pw a@b.c"), ["pw"]);
        for verb in ["signoff", "delete"] {
            assert_eq!(secrets(&format!("{verb} alice pw")), ["pw"]);
        }
        assert_eq!(secrets("set alice pw language de"), ["pw"]);
        for verb in ["move", "resign", "decline", "chat"] {
            assert_eq!(secrets(&format!("chess {verb} 101 alice pw")), ["pw"]);
        }
        for verb in ["accept", "reject", "limit"] {
            assert_eq!(secrets(&format!("spherical {verb} alice pw 3")), ["pw"]);
        }
        assert!(secrets("chess challenge alice bob").is_empty());
        assert!(secrets("chess show 101").is_empty());
    }

    #[test]
    fn queues_notes_seeks_and_messages_give_their_passwords() {
        assert_eq!(secrets("chess queue 101 alice pw e5 Nf3"), ["pw"]);
        assert_eq!(secrets("chess note 101 alice pw clear"), ["pw"]);
        assert_eq!(secrets("chess seek alice pw -rated"), ["pw"]);
        assert_eq!(secrets("chess seek accept 3 bob pw2"), ["pw2"]);
        assert_eq!(secrets("chess seek cancel 3 alice pw3"), ["pw3"]);
        assert_eq!(secrets("message alice pw bob"), ["pw"]);
        assert!(secrets("chess preview 101 e4 e5").is_empty());
        assert!(secrets("chess seeks").is_empty());
    }

    #[test]
    fn lines_that_do_not_parse_still_give_their_passwords() {
        assert_eq!(secrets("chess move 101 alice secret e9e9"), ["secret"]);
        assert_eq!(secrets("chess move 101 alice secret"), ["secret"]);
        assert_eq!(secrets("> chess move 101 alice secret e4"), ["secret"]);
        assert_eq!(secrets("chess move alice secret e4"), ["e4", "secret"]);
        assert_eq!(secrets("change password alice old"), ["old"]);
    }

    #[test]
    fn an_unknown_verb_masks_the_word_after_a_players_userid() {
        assert_eq!(secrets("chsss move 101 alice secret e4"), ["secret"]);
        assert_eq!(secrets("sigup alice secret"), ["secret"]);
        assert!(secrets("frobnicate carol secret").is_empty());
        assert!(secrets("Good luck, bob!").is_empty());
    }

    #[test]
    fn the_challenge_password_switch_is_a_secret() {
        assert_eq!(
            secrets("chess challenge alice bob -PASSWORD:s3cret -rated"),
            ["s3cret"]
        );
        assert!(secrets("chess challenge alice bob -password:").is_empty());
    }

    #[test]
    fn masking_takes_whole_words_only() {
        let secrets = Secrets::of_lines(["chess move 101 alice e4 e4"], &players);
        assert_eq!(
            secrets.mask("e4 \"e4\" -password:e4 be4 e45 e4."),
            "******** \"********\" -password:******** be4 e45 ********."
        );
    }

    #[test]
    fn a_userid_signed_up_in_the_same_mail_counts_as_a_player() {
        let secrets = Secrets::of_lines(["signup carol pw1", "chsss move 9 carol pw2"], &players);
        assert_eq!(secrets.mask("pw1 pw2"), format!("{MASK} {MASK}"));
    }

    #[test]
    fn a_stored_error_mail_loses_the_password_it_quoted() {
        let body = "Problem: e5 is not legal\n\nYour mail:\n> Subject: chess move 101 alice secret e5\n>\n> chess resign 101 bob hidden\n";
        let scrubbed = scrub_stored(body, &players).unwrap();
        assert!(!scrubbed.contains("secret") && !scrubbed.contains("hidden"));
        assert!(scrubbed.contains("> Subject: chess move 101 alice ******** e5"));
        assert_eq!(scrub_stored("no quotes here", &players), None);
    }
}
