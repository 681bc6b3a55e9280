//! A German and an English player refused a move in each game: the
//! reason the rules give reaches each in his own language, with none of
//! the other language's words. (Whole games in both languages, every
//! mail checked: `host_bilingual`.)

use crate::util::host_harness::{address, mail_to, password, play, PostOffice};
use crate::util::template_words::{language_words, template_words, words};
use std::collections::BTreeSet;
use std::path::Path;

/// The words of `language`'s reasons that no template of `other` uses
/// outside its own reasons.
fn foreign_reason_words(language: &str, other: &str) -> BTreeSet<String> {
    let reasons = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("templates")
        .join(language)
        .join("reasons.txt");
    let others = language_words(other, 3, |path| {
        path.file_name().is_some_and(|name| name != "reasons.txt")
    });
    template_words(&std::fs::read_to_string(reasons).unwrap(), 3)
        .into_iter()
        .filter(|word| !others.contains(word))
        .collect()
}

/// The paragraph of a refusal that names `text` and why it is refused.
fn refusal_paragraph<'a>(body: &'a str, text: &str) -> &'a str {
    let start = body
        .find(&format!("{text} is not legal here"))
        .or_else(|| body.find(&format!("{text} ist hier nicht legal")))
        .or_else(|| body.find(&format!("\"{text}\" as a move")))
        .or_else(|| body.find(&format!("„{text}“ lässt sich")))
        .unwrap_or_else(|| panic!("no refusal of {text}:\n{body}"));
    let paragraph = &body[start..];
    &paragraph[..paragraph.find("\n\n").unwrap_or(paragraph.len())]
}

/// alice (English, White) and bob (German, Black) on board 101 of `game`.
fn mixed_table(game: &str) -> PostOffice {
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    office.send(
        &address("bob"),
        &format!("set bob {} language de", password("bob")),
        "",
    );
    let sent = office.send(
        &address("alice"),
        &format!("{game} challenge alice bob"),
        "",
    );
    assert_eq!(sent.len(), 2, "{sent:#?}");
    office
}

#[test]
fn each_player_reads_the_rules_reason_for_a_refused_move_in_his_language() {
    let german_in_english = foreign_reason_words("de", "en");
    let english_in_german = foreign_reason_words("en", "de");
    // Per game: alice's refused move, her move, bob's refused move.
    let games = [
        ("chess", "e5", "e4", "Ke7"),
        ("progression", "list:KQR", "list:nbNBrRQK", "list:KKRrNnBb"),
        ("recursion", "W:e5", "W:e4", "W:c6"),
        ("spherical", "h5-h6", "h8-h7", "h5-h6"),
    ];
    for (game, alice_wrong, alice_right, bob_wrong) in games {
        let mut office = mixed_table(game);
        let sent = play(&mut office, game, 101, "alice", alice_wrong);
        let english = refusal_paragraph(&mail_to(&sent, "alice").body, alice_wrong).to_string();
        let played = play(&mut office, game, 101, "alice", alice_right);
        assert_eq!(played.len(), 2, "{game} {alice_right}: {played:#?}");
        let sent = play(&mut office, game, 101, "bob", bob_wrong);
        let german = refusal_paragraph(&mail_to(&sent, "bob").body, bob_wrong).to_string();
        for (text, foreign, language) in [
            (&english, &german_in_english, "English"),
            (&german, &english_in_german, "German"),
        ] {
            let strays: Vec<String> = words(text, 3)
                .into_iter()
                .filter(|word| foreign.contains(word))
                .collect();
            assert!(
                strays.is_empty(),
                "{game}: the {language} refusal has words of the other language {strays:?}:\n{text}"
            );
        }
        assert!(
            !english.chars().any(|c| "äöüßÄÖÜ„“".contains(c)),
            "{game}: {english}"
        );
    }
}
