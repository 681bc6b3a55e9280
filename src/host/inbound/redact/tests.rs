//! The masker's tests: passwords masked where the grammar reads them, in
//! the sender's command lines and their quoted copies, and nowhere else.

use super::*;

fn masked(line: &str) -> String {
    mask_command_line(line)
}

#[test]
fn every_form_that_takes_a_password_masks_it_and_nothing_else() {
    let cases = [
        ("signup carol s1 c@x.org", "signup carol ******** c@x.org"),
        (
            "change password alice old new",
            "change password alice ******** ********",
        ),
        (
            "change address alice pw a@b.c",
            "change address alice ******** a@b.c",
        ),
        ("signoff alice pw", "signoff alice ********"),
        ("delete alice pw", "delete alice ********"),
        ("set alice pw language de", "set alice ******** language de"),
        ("vacation alice pw on", "vacation alice ******** on"),
        ("remind alice pw 3d 1d", "remind alice ******** 3d 1d"),
        ("message alice pw bob", "message alice ******** bob"),
        (
            "chess move 101 alice to e4 propose",
            "chess move 101 alice ******** e4 propose",
        ),
        (
            "chess resign 101 alice a",
            "chess resign 101 alice ********",
        ),
        (
            "chess decline 101 alice a",
            "chess decline 101 alice ********",
        ),
        ("chess chat 101 alice a", "chess chat 101 alice ********"),
        ("spherical accept bob pw", "spherical accept bob ********"),
        ("spherical limit bob pw 3", "spherical limit bob ******** 3"),
        (
            "chess queue 101 alice pw e5 Nf3",
            "chess queue 101 alice ******** e5 Nf3",
        ),
        (
            "chess note 101 alice pw clear",
            "chess note 101 alice ******** clear",
        ),
        (
            "chess seek alice pw -rated",
            "chess seek alice ******** -rated",
        ),
        (
            "chess seek accept 3 bob pw2",
            "chess seek accept 3 bob ********",
        ),
        (
            "chess subscribe all bob pw",
            "chess subscribe all bob ********",
        ),
        ("chess notify bob pw 101", "chess notify bob ******** 101"),
        ("chess ladder join bob pw", "chess ladder join bob ********"),
        (
            "chess tournament join cup bob pw",
            "chess tournament join cup bob ********",
        ),
    ];
    for (line, expected) in cases {
        assert_eq!(masked(line), expected, "{line}");
    }
}

#[test]
fn commands_without_a_password_are_left_as_written() {
    for line in [
        "chess challenge alice bob -list:nbNBrRQK",
        "chess show 101",
        "chess games alice",
        "chess history alice 99999999999999999999",
        "chess preview 101 e4 e5",
        "chess seeks",
        "status alice",
        "help move",
        "Sorry, I have to go to work.",
    ] {
        assert_eq!(masked(line), line);
    }
}

#[test]
fn lines_that_do_not_parse_mask_the_places_of_their_form() {
    assert_eq!(
        masked("chess move 101 alice secret"),
        "chess move 101 alice ********"
    );
    assert_eq!(
        masked("chess ladder create myclub alice secret"),
        "chess ladder create myclub alice ********"
    );
    assert_eq!(
        masked("change passwrd alice old new"),
        "change passwrd alice ******** ********"
    );
    assert_eq!(masked("chess seek accept 3 bob"), "chess seek accept 3 bob");
}

#[test]
fn a_misspelt_verb_masks_the_places_of_the_verb_it_was_meant_as() {
    assert_eq!(
        masked("chsss move 101 alice secret e4"),
        "chsss move 101 alice ******** e4"
    );
    assert_eq!(
        masked("chess moev 101 alice secret e4"),
        "chess moev 101 alice ******** e4"
    );
    assert_eq!(masked("sigup alice secret"), "sigup alice ********");
    assert_eq!(masked("frobnicate carol secret"), "frobnicate carol secret");
}

#[test]
fn only_the_value_of_a_password_switch_is_masked() {
    assert_eq!(
        masked("chess challenge alice bob -PASSWORD:s3cret -rated"),
        "chess challenge alice bob -PASSWORD:******** -rated"
    );
}

fn mail(subject: &str, text: &str) -> InboundMail {
    InboundMail {
        message_id: "m@x".into(),
        former_id: None,
        from: "alice@example.org".into(),
        subject: subject.into(),
        in_reply_to: Vec::new(),
        references: Vec::new(),
        text: text.into(),
        typed: text.into(),
        unanswerable: None,
        received_hops: 0,
        loop_stamps: Vec::new(),
    }
}

#[test]
fn a_quote_masks_the_command_lines_and_their_copies_only() {
    let command = "chess move 101 alice to e9";
    let text = "I have to go to work.\n> Waiting for bob to move.\n> Subject: chess move 101 alice to e9\n";
    let quote = Quote::of(&mail(&format!("Re: {command}"), text), &[command.into()]);
    assert_eq!(quote.subject, "Re: chess move 101 alice ******** e9");
    assert_eq!(
        quote.lines,
        [
            "I have to go to work.",
            "> Waiting for bob to move.",
            "> Subject: chess move 101 alice ******** e9",
        ]
    );
}

#[test]
fn a_quote_of_a_mail_with_no_command_line_is_the_mail_as_sent() {
    let text = "e4 propose\nchange password alice old new";
    let quote = Quote::of(&mail("Re: PBeM chess 101", text), &["e4 propose".into()]);
    assert_eq!(quote.subject, "Re: PBeM chess 101");
    assert_eq!(quote.lines, ["e4 propose", "change password alice old new"]);
}

#[test]
fn a_quote_hides_a_password_its_comment_held() {
    let command = "chess move 101 alice lanterns e4";
    let text = "my password is lanterns, not lanternsx";
    let quote = Quote::of(&mail(command, text), &[command.into()]).hiding(&["lanterns".into()]);
    assert_eq!(quote.subject, "chess move 101 alice ******** e4");
    assert_eq!(quote.lines, ["my password is ********, not lanternsx"]);
}

#[test]
fn a_password_counts_in_a_comment_only_as_a_whole_word() {
    assert!(holds_password("I offer a draw, fred.", "draw"));
    assert!(holds_password("(draw)", "draw"));
    assert!(!holds_password("a drawn game", "draw"));
    assert!(!holds_password("withdraw", "draw"));
    assert!(!holds_password("I offer a Draw", "draw"));
    assert!(!holds_password("anything", ""));
}

#[test]
fn a_stored_error_mail_loses_the_password_it_quoted() {
    let body = "Problem: e5 is not legal\n\nYour mail:\n> Subject: chess move 101 alice secret e5\n>\n> chess resign 101 bob hidden\n> Waiting for bob to move.\n";
    let scrubbed = scrub_stored(body).unwrap();
    assert!(!scrubbed.contains("secret") && !scrubbed.contains("hidden"));
    assert!(scrubbed.contains("> Subject: chess move 101 alice ******** e5\n"));
    assert!(scrubbed.contains("> Waiting for bob to move.\n"));
    assert_eq!(scrub_stored("no quotes here\n> nor here"), None);
}

#[test]
fn a_line_with_an_unknown_verb_or_game_or_no_board_masks_every_word_after_its_userid() {
    let cases = [
        (
            "chess zug 101 alice lanterns-at-dusk e4",
            "chess zug 101 alice ******** ********",
        ),
        (
            "chess play 101 alice lanterns-at-dusk e4",
            "chess play 101 alice ******** ********",
        ),
        (
            "schach move 101 alice lanterns-at-dusk e4",
            "schach move 101 alice ******** ********",
        ),
        (
            "chess move alice lanterns-at-dusk e4",
            "chess move alice ******** ********",
        ),
        // A userid one slip from a verb is still the userid.
        (
            "chess zug 101 starts lanterns-at-dusk",
            "chess zug 101 starts ********",
        ),
    ];
    for (line, expected) in cases {
        assert_eq!(masked(line), expected, "{line}");
    }
    // Text that does not read as a command is left as written.
    let text = "Moving house this week, sorry for the delay.";
    assert_eq!(masked(text), text);
}
