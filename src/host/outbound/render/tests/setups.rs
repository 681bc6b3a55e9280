//! Every kind of reason a game gives for refusing its switches, and the
//! rules for refusing a time option, worded in every language: none may
//! lack its wording, none may keep the other language's words, and the
//! English is the one `Display` gives.

use super::reasons::{only_in, words};
use super::*;
use crate::games::SetupError;
use crate::rules::time_control::{TimeError, OPTION_NAMES};

fn text(s: &str) -> String {
    s.to_string()
}

/// The place of each kind in the samples; a new kind does not compile
/// until it is given a place here, and [`setup_samples`] a sample.
fn setup_place(error: &SetupError) -> usize {
    use SetupError::*;
    match error {
        NoSwitches { .. } => 0,
        UnknownSwitch { .. } => 1,
        NotASwitch { .. } => 2,
        NeedsValue { .. } => 3,
        GivenTwice { .. } => 4,
        TemplateEmpty => 5,
        TemplateTooLong { .. } => 6,
        TemplateLetter { .. } => 7,
        TemplateKindTwice { .. } => 8,
        TooManyWildcards { .. } => 9,
        PromoteEmpty => 10,
        PromoteTooLong { .. } => 11,
        PromoteNotADigit { .. } => 12,
        NoSuchSetUp { .. } => 13,
        SetUpTwice { .. } => 14,
        NoPositionNotation { .. } => 15,
        Position { .. } => 16,
    }
}

const SETUP_KINDS: usize = 17;

fn setup_samples() -> Vec<SetupError> {
    use SetupError::*;
    let mut all = Vec::new();
    for game in GameKind::ALL {
        let switch = text("-q:1");
        all.push(NoSwitches {
            game,
            switch: switch.clone(),
        });
        all.push(UnknownSwitch {
            game,
            switch: switch.clone(),
        });
        all.push(NotASwitch {
            game,
            switch: text("list:xx"),
        });
        all.push(NeedsValue {
            game,
            switch: text("-list"),
        });
        all.push(NoPositionNotation {
            game,
            position: text("8/8/8/8/8/8/8/8 w - - 0 1"),
        });
    }
    all.extend([
        GivenTwice {
            switch: text("-list:"),
        },
        TemplateEmpty,
        TemplateTooLong {
            text: text("xxxxxxxxx"),
            length: 9,
        },
        TemplateLetter {
            letter: text("X"),
            position: 1,
        },
        TemplateKindTwice {
            letter: text("Q"),
            first: 1,
            second: 2,
        },
        PromoteEmpty,
        PromoteTooLong {
            text: text("123456789"),
            count: 9,
        },
        PromoteNotADigit {
            letter: text("9"),
            text: text("19"),
        },
        NoSuchSetUp {
            switch: text("-setup:5"),
        },
        SetUpTwice {
            switch: text("-setup:2"),
        },
        Position {
            problem: text("8/8"),
        },
    ]);
    for free in [vec![], vec![text("Q")], vec![text("Q"), text("K")]] {
        all.push(TooManyWildcards { count: 3, free });
    }
    all
}

fn time_samples() -> Vec<TimeError> {
    vec![
        TimeError::NotALength { text: text("7x") },
        TimeError::CapBelowStart {
            text: text("30d+1d/20d"),
        },
        TimeError::NeedsValue {
            option: text("--forfeittime"),
        },
        TimeError::NotAnOption {
            option: text("--tiem=30d"),
            options: OPTION_NAMES.iter().map(|name| text(name)).collect(),
        },
        TimeError::NagNeverComes {
            nag: text("30d"),
            limit: text("5d"),
        },
    ]
}

/// `source` rendered with `e` in both languages, each checked: worded,
/// no word of the other language, no German letters in the English, and
/// the English as `display` says it.
fn check_both(source: &str, e: Value, what: &str, display: &str) {
    let templates = crate::host::outbound::templates::Templates::new(None).unwrap();
    let worded = |language: &str| {
        templates
            .render_source(language, source, context! { e => e.clone() })
            .unwrap_or_else(|err| panic!("{what} in {language}: {err}"))
    };
    let (en, de) = (worded("en"), worded("de"));
    for (language, text, foreign) in [
        ("en", &en, only_in("de", "en")),
        ("de", &de, only_in("en", "de")),
    ] {
        assert!(!text.trim().is_empty(), "{what} has no {language} wording");
        let strays: Vec<String> = words(text)
            .into_iter()
            .filter(|word| foreign.contains(word))
            .collect();
        assert!(
            strays.is_empty(),
            "{language} {what}: {text}\nwords of the other language: {strays:?}"
        );
    }
    assert!(
        !en.chars().any(|c| "äöüßÄÖÜ„“".contains(c)),
        "German letters in English: {en}"
    );
    assert_ne!(en, de, "{what} is worded alike in both languages");
    assert_eq!(en, display, "the English template and Display differ");
}

#[test]
fn every_setup_error_kind_is_sampled() {
    let mut seen = [false; SETUP_KINDS];
    for error in setup_samples() {
        seen[setup_place(&error)] = true;
    }
    let missing: Vec<usize> = (0..SETUP_KINDS).filter(|&place| !seen[place]).collect();
    assert!(missing.is_empty(), "kinds without a sample: {missing:?}");
}

#[test]
fn every_setup_error_is_worded_in_every_language_and_only_in_it() {
    for error in setup_samples() {
        check_both(
            r#"{% import "reasons.txt" as reasons %}{{ reasons.setup(e) }}"#,
            Value::from_serialize(&error),
            &format!("{error:?}"),
            &error.to_string(),
        );
    }
}

#[test]
fn every_time_error_is_worded_in_every_language_and_only_in_it() {
    for error in time_samples() {
        check_both(
            r#"{% import "reasons.txt" as reasons %}{{ reasons.time(e) }}"#,
            Value::from_serialize(&error),
            &format!("{error:?}"),
            &error.to_string(),
        );
    }
}

#[test]
fn the_games_give_typed_setup_errors() {
    let refused = |kind: GameKind, switches: &[&str]| {
        let switches: Vec<String> = switches.iter().map(|s| text(s)).collect();
        kind.new_game(&switches).err().expect("refused")
    };
    assert!(matches!(
        refused(GameKind::Chess, &["-x"]),
        SetupError::NoSwitches { .. }
    ));
    assert!(matches!(
        refused(GameKind::Recursion, &["-x"]),
        SetupError::NoSwitches { .. }
    ));
    assert!(matches!(
        refused(GameKind::Spherical, &["-setup:9"]),
        SetupError::NoSuchSetUp { .. }
    ));
    assert_eq!(
        refused(GameKind::Progression, &["-list:zzz"]),
        SetupError::TooManyWildcards {
            count: 3,
            free: vec![text("Q"), text("K")]
        }
    );
}
