//! The grammar's tests: each command form read, and each wrong form
//! refused with the form that would be right.

use super::*;
use crate::host::model::command::Setting;

#[test]
fn move_with_guard_and_several_moves_is_read() {
    let command = parse_command("CHESS MOVE 101 alice secret e4#1 Nf3 propose").unwrap();
    assert_eq!(
        command,
        Command::Move {
            kind: GameKind::Chess,
            board: 101,
            userid: "alice".into(),
            credential: Credential::Password("secret".into()),
            words: vec![
                MoveWord::Play("e4".into()),
                MoveWord::Play("Nf3".into()),
                MoveWord::ProposeDraw
            ],
            guard: Some(1),
        }
    );
}

#[test]
fn words_that_could_be_moves_are_told_from_comment_words() {
    for word in [
        "Nf3", "a6", "O-O", "o-o-o+", "h8-h2", "W:e4", "Propose", "resign",
    ] {
        assert!(could_be_a_move(word), "{word}");
    }
    for word in ["thanks", "is", "my", "reply", "gg", "Good", "luck!"] {
        assert!(!could_be_a_move(word), "{word}");
    }
}

#[test]
fn move_words_of_a_reply_are_read_in_plain_notation() {
    let (words, guard) = parse_move_words(&["\u{2658}f3\u{00A0}0-0#3"], None).unwrap();
    assert_eq!(
        words,
        [MoveWord::Play("Nf3".into()), MoveWord::Play("O-O".into())]
    );
    assert_eq!(guard, Some(3));
}

#[test]
fn mate_sign_is_not_a_guard() {
    assert_eq!(split_guard("Qh4#"), ("Qh4#", None));
    assert_eq!(split_guard("Qh4##8"), ("Qh4#", Some(8)));
    assert_eq!(split_guard("101#3"), ("101", Some(3)));
}

#[test]
fn aliases_of_move_are_accepted() {
    for verb in ["board", "mvoe", "move"] {
        let line = format!("chess {verb} 101 bob pw e5");
        assert!(
            matches!(parse_command(&line), Ok(Command::Move { .. })),
            "{verb}"
        );
    }
}

#[test]
fn wrong_arguments_name_the_right_form() {
    assert_eq!(
        parse_command("chess move 101 alice"),
        Err(Refusal::WrongArguments {
            syntax: Syntax::Move,
            game: Some(GameKind::Chess)
        })
    );
    assert!(matches!(
        parse_command("chess show abc"),
        Err(Refusal::NotABoardNumber { .. })
    ));
    assert!(matches!(
        parse_command("frobnicate"),
        Err(Refusal::UnknownCommand { .. })
    ));
    assert_eq!(
        parse_command("chess showas 101 white"),
        Err(Refusal::NotOffered {
            command: "chess showas".into()
        })
    );
}

#[test]
fn set_reads_a_language_and_refuses_unknown_settings() {
    assert_eq!(
        parse_command("set alice pw language DE"),
        Ok(Command::Set {
            userid: "alice".into(),
            password: "pw".into(),
            setting: Setting::Language("de".into()),
        })
    );
    assert_eq!(
        parse_command("set alice pw colour blue"),
        Err(Refusal::UnknownSetting {
            setting: "colour".into()
        })
    );
}

#[test]
fn set_reads_who_may_challenge_in_a_few_spellings_and_refuses_others() {
    use crate::host::model::challengers::Challengers;
    let set = |challengers| {
        Ok(Command::Set {
            userid: "alice".into(),
            password: "pw".into(),
            setting: Setting::Challengers(challengers),
        })
    };
    for (line, challengers) in [
        ("set alice pw challenges anyone", Challengers::Anyone),
        ("set alice pw Challenges PLAYED", Challengers::Played),
        ("set alice pw challenges players", Challengers::Played),
        ("set alice pw challenges nobody", Challengers::Nobody),
        ("set alice pw challengers none", Challengers::Nobody),
    ] {
        assert_eq!(parse_command(line), set(challengers), "{line}");
    }
    for line in [
        "set alice pw challenges friends",
        "set alice pw challenges",
        "set alice pw challenges played nobody",
    ] {
        assert_eq!(
            parse_command(line),
            Err(Refusal::WrongArguments {
                syntax: Syntax::Set,
                game: None
            }),
            "{line}"
        );
    }
}

#[test]
fn the_verbs_a_misspelling_is_matched_against_are_the_grammars_own() {
    for verb in VERBS {
        assert!(
            !matches!(
                parse_command(verb),
                Err(Refusal::UnknownCommand { .. } | Refusal::NotOffered { .. })
            ),
            "{verb}"
        );
    }
    for verb in GAME_VERBS {
        assert!(
            !matches!(
                parse_command(&format!("chess {verb}")),
                Err(Refusal::UnknownGameCommand { .. } | Refusal::NotOffered { .. })
            ),
            "{verb}"
        );
    }
}

#[test]
fn a_page_number_too_large_reads_as_past_the_last_page() {
    assert!(matches!(
        parse_command("chess history alice 99999999999999999999"),
        Ok(Command::History { page: u32::MAX, .. })
    ));
    assert!(matches!(
        parse_command("chess history alice 0"),
        Err(Refusal::NotANumber {
            syntax: Syntax::History,
            ..
        })
    ));
}

#[test]
fn a_line_names_the_password_that_proves_a_player_and_the_ones_chosen() {
    let claim = |line: &str| read_line(line).noted.claim;
    let pair = |userid: &str, password: &str| Some((userid.to_string(), password.to_string()));
    assert_eq!(
        claim("chess move 101 alice s3cret e4"),
        pair("alice", "s3cret")
    );
    assert_eq!(claim("change password alice old new"), pair("alice", "old"));
    assert_eq!(claim("chess seek accept 4 bob pw"), pair("bob", "pw"));
    assert_eq!(claim("chess ladder join bob pw"), pair("bob", "pw"));
    assert_eq!(
        claim("chess challenge alice bob -rated -Password:s3cret"),
        pair("alice", "s3cret")
    );
    // A password being chosen proves no one, but is noted all the same.
    let signup = read_line("signup carol new-secret carol@example.org");
    assert_eq!(signup.noted.claim, None);
    assert_eq!(signup.noted.passwords, ["new-secret"]);
    assert_eq!(
        read_line("change password alice old new").noted.passwords,
        ["old", "new"]
    );
    assert_eq!(claim("chess challenge alice bob -password:"), None);
    assert_eq!(claim("chess show 101"), None);
}

#[test]
fn a_word_of_a_megabyte_is_refused_in_one_pass() {
    // `Subject: chess zzz...` cost ten seconds of CPU a mail, partly in
    // the write transaction, looking for the verb it was meant as.
    let word = "z".repeat(1_000_000);
    for line in [
        format!("chess {word}"),
        word.clone(),
        format!("chess {word} 101"),
    ] {
        assert!(parse_command(&line).is_err());
    }
}
