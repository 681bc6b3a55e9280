//! A German and an English player play a short game of each variant by
//! mail: a refused set-up and time option, a challenge with a set-up
//! option, a few moves, refused moves, a draw offer, a resignation. Every
//! mail to the German player is checked for English words and every mail
//! to the English player for German ones, and every mail for answers run
//! together on one line.

use crate::util::host_harness::{address, password, PostOffice, Sent};
use crate::util::template_words::{language_words, words};
use pbem::store::GameStatus;
use std::collections::BTreeSet;
use std::path::Path;

/// English words no German sentence of the host uses: any of them in a
/// German mail is an English line that was left untranslated. (The
/// command words a German mail quotes, `move`, `accept`, `propose`, are
/// not among them.)
const ENGLISH: &[&str] = &[
    "the",
    "you",
    "your",
    "yours",
    "is",
    "are",
    "and",
    "with",
    "not",
    "this",
    "that",
    "have",
    "has",
    "can",
    "cannot",
    "would",
    "which",
    "when",
    "there",
    "they",
    "from",
    "than",
    "should",
    "must",
    "only",
    "please",
    "been",
    "opponent",
    "refused",
    "offered",
    "offers",
    "wins",
    "turn",
    "player",
    "players",
    "switches",
    "reminder",
    "here",
    "now",
    "after",
    "before",
    "again",
    "still",
    "already",
    "because",
    "its",
    "for",
    "of",
    "to",
    "by",
    "at",
    "if",
    "it",
    "board",
    "game",
    "moves",
    "waiting",
    "reply",
    "instead",
    "meanwhile",
    "subject",
    "draw",
    "round",
    "white",
    "black",
    "sealed",
    "over",
    "clock",
    "left",
];

/// German words no English sentence of the host uses.
const GERMAN: &[&str] = &[
    "der", "das", "und", "nicht", "ist", "du", "dein", "deine", "deinen", "mit", "für", "auf",
    "eine", "einen", "zug", "züge", "brett", "partie", "spieler", "wird", "sind", "oder", "kein",
    "keine", "schick", "von", "bitte", "noch", "schon", "wurde", "weiß", "schwarz", "remis",
    "antworte", "gegner", "runde", "liste", "uhr", "zeit",
];

/// The answers a board mail lists, one a line.
const ANSWERS: &[&str] = &[
    "propose", "accept", "reject", "withdraw", "resign", "undo", "pause", "resume", "decline",
];

/// The words that mark a mail as written in the other language: the
/// fixed list, and the words of at least four letters that only the
/// other language's templates use.
fn foreign_words(fixed: &[&str], language: &str, other: &str) -> BTreeSet<String> {
    let is_text = |path: &Path| path.extension().is_some_and(|ext| ext == "txt");
    let own = language_words(language, 1, is_text);
    let mut foreign: BTreeSet<String> = language_words(other, 1, is_text)
        .into_iter()
        .filter(|word| word.chars().count() >= 4 && !own.contains(word))
        .collect();
    foreign.extend(fixed.iter().map(|word| word.to_string()));
    foreign
}

/// What is wrong with the lines of `body`: words of the other language,
/// and answers run together (a lower-case word glued to a capitalised
/// one, or an answer of the list after other text on its line).
fn problems(body: &str, foreign: &BTreeSet<String>) -> Vec<String> {
    let mut found = Vec::new();
    for line in body.lines() {
        let strays: Vec<String> = words(line, 1)
            .into_iter()
            .filter(|word| foreign.contains(word))
            .collect();
        if !strays.is_empty() {
            found.push(format!("{strays:?} in: {}", shortened(line)));
        }
        if let Some(glued) = glued(line) {
            found.push(format!("glued {glued:?} in: {}", shortened(line)));
        }
    }
    found
}

/// `line`, or its start when it is long (a list of legal moves).
fn shortened(line: &str) -> String {
    match line.char_indices().nth(160) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_string(),
    }
}

/// A place in `line` where two texts run together: `vorschlagenOder`
/// (two lower-case letters, then a capitalised word; notation such as
/// `nbNBrRQK` or `wK` has no lower-case letters after its capital), or
/// `vorschlagen  decline   die Partie ablehnen` (an answer of the board
/// mail's list, padded, after other text).
fn glued(line: &str) -> Option<String> {
    let chars: Vec<char> = line.chars().collect();
    for at in 2..chars.len().saturating_sub(2) {
        let before = chars[at - 2].is_lowercase() && chars[at - 1].is_lowercase();
        let after = chars[at + 1].is_lowercase() && chars[at + 2].is_lowercase();
        if before && chars[at].is_uppercase() && after {
            return Some(chars[at - 2..=at + 2].iter().collect());
        }
    }
    let trimmed = line.trim_start();
    for answer in ANSWERS {
        for (at, _) in trimmed.match_indices(answer) {
            let padded = trimmed[at + answer.len()..].starts_with("  ");
            let after_text = at > 0 && trimmed[..at].ends_with(' ');
            if padded && after_text {
                return Some(answer.to_string());
            }
        }
    }
    None
}

/// One game: a set-up option the game refuses, the switches of the
/// challenge it takes, and the commands after it: who sends what after
/// `GAME VERB 101 USERID PASSWORD`.
struct Script {
    game: &'static str,
    bad_switch: &'static str,
    switches: &'static str,
    steps: &'static [(&'static str, &'static str, &'static str)],
}

const SCRIPTS: &[Script] = &[
    Script {
        game: "chess",
        bad_switch: "-setup:2",
        switches: "--nagtime=3",
        steps: &[
            ("alice", "move", "e4"),
            ("bob", "move", "Ke6"),
            ("bob", "move", "e5"),
            ("alice", "move", "Qh6"),
            ("alice", "move", "Nf3 propose"),
            ("bob", "move", "reject"),
            ("bob", "move", "Nc6"),
            ("alice", "move", "Bb5"),
            ("bob", "resign", ""),
        ],
    },
    Script {
        game: "progression",
        bad_switch: "-list:zzz",
        switches: "-promote:12",
        steps: &[
            ("alice", "move", "list:KQR"),
            ("alice", "move", "list:nbNBrRQK"),
            ("bob", "move", "list:KKRrNnBb"),
            ("bob", "move", "list:KQRrNnBb"),
            ("alice", "move", "e2e4"),
            ("bob", "move", "e7e5"),
            ("alice", "move", "d2d4 propose"),
            ("bob", "move", "accept"),
        ],
    },
    Script {
        game: "recursion",
        bad_switch: "-mega:off",
        switches: "--time=30d+1d",
        steps: &[
            ("alice", "move", "W:d4"),
            ("bob", "move", "W:c6"),
            ("bob", "move", "B:c6"),
            ("bob", "move", "W:b5"),
            ("alice", "move", "B:d4"),
            ("alice", "move", "W:e5"),
            ("alice", "move", "W:e4 propose"),
            ("bob", "move", "reject"),
            ("bob", "move", "B:b5"),
            ("alice", "resign", ""),
        ],
    },
    Script {
        game: "spherical",
        bad_switch: "-setup:9",
        switches: "-setup:1",
        steps: &[
            ("alice", "move", "h5-h6"),
            ("alice", "move", "h8-h7"),
            ("bob", "move", "h5-h6"),
            ("bob", "move", "a2+ne"),
            ("bob", "move", "a2+ne"),
            ("alice", "move", "h7-h1"),
            ("alice", "move", "h1xb1"),
            ("bob", "move", "propose"),
            ("bob", "resign", ""),
        ],
    },
];

/// Plays `script` between alice (English) and bob (German); every mail
/// the host sent them, the signups' aside.
fn play(script: &Script) -> Vec<Sent> {
    let game = script.game;
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    let mut mails = office.send(
        &address("bob"),
        &format!("set bob {} language de", password("bob")),
        "",
    );
    let mut send = |office: &mut PostOffice, who: &str, subject: String| {
        let sent = office.send_as(who, &subject, "");
        assert!(!sent.is_empty(), "{game}: nothing came of {subject}");
        mails.extend(sent.clone());
        sent
    };
    // A set-up option and a time option refused, to each in his language.
    for (who, other) in [("bob", "alice"), ("alice", "bob")] {
        let challenge = format!("{game} challenge {who} {other} {}", script.bad_switch);
        let sent = send(&mut office, who, challenge);
        assert_eq!(
            sent.len(),
            1,
            "{game}: {} was not refused",
            script.bad_switch
        );
    }
    let options = "--nagtime=30 --forfeittime=5";
    let sent = send(
        &mut office,
        "bob",
        format!("{game} challenge bob alice {options}"),
    );
    assert_eq!(sent.len(), 1, "{game}: {options} was not refused");
    let challenge = format!("{game} challenge alice bob {}", script.switches);
    let sent = send(&mut office, "alice", challenge);
    assert_eq!(sent.len(), 2, "{game}: no board: {sent:#?}");
    for (who, verb, rest) in script.steps {
        let subject = format!("{game} {verb} 101 {who} PW {rest}");
        send(&mut office, who, subject.trim().to_string());
    }
    assert_eq!(
        office.game(101).status,
        GameStatus::Finished,
        "{game}: the game did not end"
    );
    mails
}

#[test]
fn a_german_and_an_english_player_read_every_mail_of_a_game_in_their_own_language() {
    let in_german = foreign_words(ENGLISH, "de", "en");
    let in_english = foreign_words(GERMAN, "en", "de");
    for script in SCRIPTS {
        let mails = play(script);
        let mut wrong = Vec::new();
        let mut refusals = [0, 0];
        for mail in &mails {
            let (foreign, seat) = if mail.to == address("bob") {
                (&in_german, 1)
            } else {
                (&in_english, 0)
            };
            if mail.subject.contains("Error") {
                refusals[seat] += 1;
            }
            for problem in problems(&mail.body, foreign) {
                wrong.push(format!("{} ({}): {problem}", mail.to, mail.subject));
            }
            if seat == 0 && mail.body.chars().any(|c| "äöüßÄÖÜ„“".contains(c)) {
                wrong.push(format!(
                    "German letters in {}:\n{}",
                    mail.subject, mail.body
                ));
            }
        }
        assert!(wrong.is_empty(), "{}: {}", script.game, wrong.join("\n"));
        // Each refused his bad switch, and a move (bob his time option).
        assert!(
            refusals[0] >= 2 && refusals[1] >= 3,
            "{}: {refusals:?}",
            script.game
        );
    }
}

#[test]
fn the_checks_find_an_english_line_and_answers_run_together() {
    let in_german = foreign_words(ENGLISH, "de", "en");
    let in_english = foreign_words(GERMAN, "en", "de");
    let german = "Brett 101: alice hat e4 gespielt.\n  propose   Remis anbieten\n";
    assert!(problems(german, &in_german).is_empty(), "{german}");
    for wrong in [
        "the Chess switches are refused: Chess takes no switches",
        "Remis vorschlagen  decline   die Partie ablehnen",
        "Remis vorschlagenOder schick einen Befehl",
        "It is your move.",
    ] {
        assert!(!problems(wrong, &in_german).is_empty(), "{wrong}");
    }
    assert!(!problems("Du bist am Zug.", &in_english).is_empty());
    assert!(problems("It is your move.", &in_english).is_empty());
}
