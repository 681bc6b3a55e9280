//! Which passwords are refused and why: length, the lists built in from
//! `data/passwords/`, and a password made of the userid.

use super::*;
use crate::host::outbound::templates;

fn refused(userid: &str, password: &str) -> Weakness {
    check(userid, password).expect_err(password)
}

#[test]
fn seven_characters_are_too_short_and_eight_enough() {
    assert_eq!(refused("alice", "qzv7kw2"), Weakness::TooShort { min: 8 });
    assert_eq!(check("alice", "qzv7kw2m"), Ok(()));
}

#[test]
fn sixty_four_characters_are_enough_and_sixty_five_too_long() {
    let longest = "velvetcompassriver".repeat(4)[..64].to_string();
    assert_eq!(check("alice", &longest), Ok(()));
    let over = format!("{longest}x");
    assert_eq!(refused("alice", &over), Weakness::TooLong { max: 64 });
}

#[test]
fn length_counts_characters_not_bytes() {
    // Seven characters in fourteen bytes: too short all the same.
    assert_eq!(refused("alice", "äöüßéèê"), Weakness::TooShort { min: 8 });
    assert_eq!(check("alice", "äöüßéèêë"), Ok(()));
    // Sixty-four characters in 128 bytes are not too long.
    assert_eq!(check("alice", &"äöüßéèêë".repeat(8)), Ok(()));
}

#[test]
fn no_composition_rules_only_length_and_guessability() {
    // All lower-case letters, no digit: fine when long and uncommon.
    assert_eq!(check("alice", "velvetcompassriver"), Ok(()));
    assert_eq!(check("alice", "correct-horse-battery"), Ok(()));
}

#[test]
fn the_userid_is_refused_in_any_case() {
    assert_eq!(refused("Marguerite", "mARGUERITE"), Weakness::Userid);
}

#[test]
fn command_words_are_refused_with_or_without_digits() {
    assert_eq!(refused("alice", "Tournament"), Weakness::CommandWord);
    assert_eq!(refused("alice", "unsubscribe2024"), Weakness::CommandWord);
}

#[test]
fn game_names_are_refused_in_every_spelling() {
    for name in ["Spherical", "progression", "Infinite-Recursion-Chess"] {
        assert_eq!(refused("alice", name), Weakness::GameName, "{name}");
    }
}

#[test]
fn moves_in_notation_of_the_four_games_are_refused() {
    for moves in [
        "e2e4e7e5",
        "Nxe5+Nf6",
        "O-O-O-O-O",
        "1.e4 e5 2.Nf3",
        "e7e8=Qch8",
        "h8-h12r18xa9",
        "i8+neswh9xa9",
        "W:e2e4B:e7e5",
        "a1b2c3d4e5f6",
    ] {
        assert_eq!(refused("alice", moves), Weakness::MoveNotation, "{moves}");
    }
    // Squares among other letters are no moves.
    assert_eq!(check("alice", "h4ppyd4ys"), Ok(()));
}

#[test]
fn words_of_the_hosts_own_mails_are_refused() {
    assert_eq!(refused("alice", "Stalemate"), Weakness::HostWord);
    assert_eq!(refused("alice", "Passwörter"), Weakness::HostWord);
}

#[test]
fn common_passwords_are_refused_also_with_digits_added() {
    assert_eq!(refused("alice", "baseball"), Weakness::Common);
    assert_eq!(refused("alice", "SUNSHINE"), Weakness::Common);
    assert_eq!(refused("alice", "football2024"), Weakness::Common);
}

#[test]
fn a_breached_password_is_refused_as_common_before_any_other_reason() {
    // Its word is a command word, but the reason that helps is the breach.
    assert_eq!(refused("alice", "password123"), Weakness::Common);
    assert_eq!(refused("alice", "mysecret"), Weakness::Common);
    // A move and a word of the host's mails, but first a breached password.
    assert_eq!(refused("alice", "a1b2c3d4e5"), Weakness::Common);
    assert_eq!(refused("alice", "Checkmate"), Weakness::Common);
}

/// The userid and password of the help's first step, `1. signup alice
/// PASSWORD`, in every language: a newcomer copies it first.
fn help_examples() -> Vec<(String, String)> {
    templates::built_in_texts()
        .flat_map(str::lines)
        .filter_map(|line| {
            let mut words = line
                .trim_start()
                .strip_prefix("1. signup ")?
                .split_whitespace();
            Some((words.next()?.to_string(), words.next()?.to_string()))
        })
        .collect()
}

#[test]
fn the_helps_example_passwords_are_accepted() {
    let examples = help_examples();
    assert!(examples.len() >= 2, "{examples:?}");
    for (userid, password) in examples {
        assert_eq!(
            check(&userid, &password),
            Ok(()),
            "signup {userid} {password}"
        );
    }
}

#[test]
fn the_shipped_lists_hold_only_what_can_matter() {
    for list in [&*COMMON, &*VOCABULARY] {
        assert!(list.len() > 100);
        for entry in list.iter() {
            let chars = entry.chars().count();
            assert!((MIN_CHARS..=MAX_CHARS).contains(&chars), "{entry}");
            assert_eq!(*entry, entry.to_lowercase(), "{entry}");
        }
    }
}

/// The words of 8 or more letters in `text`, lower-case.
fn long_words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|word| word.chars().count() >= MIN_CHARS)
        .map(str::to_lowercase)
}

#[test]
fn the_vocabulary_holds_every_long_word_of_the_templates_commands_and_games() {
    let mut sources: Vec<&str> = templates::built_in_texts().collect();
    sources.extend(COMMAND_WORDS);
    for kind in GameKind::ALL {
        sources.extend([kind.name(), kind.title()]);
        sources.extend(kind.aliases());
    }
    let mut missing: Vec<String> = sources
        .into_iter()
        .flat_map(long_words)
        .filter(|word| !VOCABULARY.contains(word.as_str()))
        .collect();
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "add to data/passwords/vocabulary.txt: {missing:?}"
    );
}
