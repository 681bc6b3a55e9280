//! Mails as real clients write them (fixtures in tests/fixtures/): each
//! is read, cleaned of quotes and signatures, and acted on by the host.
//! Reply fixtures carry {{IN_REPLY_TO}} and {{REFERENCES}} where the
//! client would have copied the host's Message-IDs; the test fills in the
//! ids of the real board mail it answers.

use crate::util::host_harness::{board_after, mail_to, PostOffice, Sent};
use pbem::mail::inbound::parse;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|err| panic!("{path}: {err}"))
}

/// The fixture as a reply to `answering`, with its threading filled in.
fn reply_fixture(name: &str, answering: &Sent) -> Vec<u8> {
    let mut references: Vec<String> = answering
        .references
        .iter()
        .map(|id| format!("<{id}>"))
        .collect();
    references.push(format!("<{}>", answering.message_id));
    let text = String::from_utf8(fixture(name)).expect("reply fixtures are ASCII");
    text.replace("{{IN_REPLY_TO}}", &answering.message_id)
        .replace("{{REFERENCES}}", &references.join("\r\n "))
        .into_bytes()
}

#[test]
fn thunderbird_flowed_signup_creates_the_account() {
    let mut office = PostOffice::new();
    let sent = office.deliver_raw(&fixture("thunderbird_signup_flowed.eml"));
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, "carol@example.org");
    // The answer asks carol to confirm her address, and welcomes her.
    assert_eq!(sent[0].subject, "PBeM Confirm carol");
    assert!(
        sent[0].body.contains("signed up as carol"),
        "{}",
        sent[0].body
    );
}

#[test]
fn html_only_base64_mail_passes_its_comment_on_without_the_signature() {
    let (mut office, _) = board_after("chess", &[]);
    let sent = office.deliver_raw(&fixture("webmail_html_only_base64.eml"));
    assert_eq!(office.move_count(101), 1);
    let bob = mail_to(&sent, "bob");
    assert!(
        bob.body.contains("alice writes:\nGood luck & have fun!"),
        "{}",
        bob.body
    );
    assert!(!bob.body.contains("Sent from my phone"));
}

#[test]
fn mutt_latin1_comment_arrives_as_unicode() {
    let (mut office, _) = board_after("chess", &[("alice", "e4")]);
    let sent = office.deliver_raw(&fixture("mutt_latin1_8bit.eml"));
    assert_eq!(office.move_count(101), 2);
    let alice = mail_to(&sent, "alice");
    assert!(
        alice.body.contains("Schöne Eröffnung, Grüße!"),
        "{}",
        alice.body
    );
    assert!(!alice.body.contains("\nBob\n"));
}

#[test]
fn iso_2022_jp_subject_and_body_are_decoded() {
    let (mut office, _) = board_after("chess", &[("alice", "e4")]);
    let sent = office.deliver_raw(&fixture("becky_iso2022jp.eml"));
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    let alice = mail_to(&sent, "alice");
    assert!(
        alice.body.contains("よろしくお願いします。"),
        "{}",
        alice.body
    );
}

#[test]
fn gmail_top_posted_reply_plays_its_first_line() {
    let (mut office, last) = board_after("chess", &[("alice", "e4")]);
    let board_mail = mail_to(&last, "bob").clone();
    let sent = office.deliver_raw(&reply_fixture(
        "gmail_reply_alternative_qp.eml",
        &board_mail,
    ));
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    let alice = mail_to(&sent, "alice");
    assert!(alice.body.contains("bob (Black) played e5"));
    assert!(
        alice
            .body
            .contains("bob writes:\nLet's see what you've got."),
        "{}",
        alice.body
    );
    assert!(
        !alice.body.contains("wrote:"),
        "the quoted board is not a comment"
    );
}

#[test]
fn apple_mail_reply_with_move_number_guard_plays() {
    let (mut office, last) = board_after("chess", &[("alice", "e4"), ("bob", "e5")]);
    let board_mail = mail_to(&last, "alice").clone();
    let sent = office.deliver_raw(&reply_fixture("apple_mail_reply_qp.eml", &board_mail));
    assert_eq!(office.move_count(101), 3, "{sent:#?}");
    assert!(mail_to(&sent, "bob")
        .body
        .contains("alice (White) played Nf3 (move #3)."));
}

#[test]
fn outlook_reply_drops_the_original_message_block() {
    let (mut office, last) =
        board_after("chess", &[("alice", "e4"), ("bob", "e5"), ("alice", "Nf3")]);
    let board_mail = mail_to(&last, "bob").clone();
    let sent = office.deliver_raw(&reply_fixture("outlook_reply_alternative.eml", &board_mail));
    assert_eq!(office.move_count(101), 4, "{sent:#?}");
    let alice = mail_to(&sent, "alice");
    assert!(
        alice.body.contains("bob writes:\nNice opening."),
        "{}",
        alice.body
    );
    assert!(!alice.body.contains("Sent: Sunday"));
}

#[test]
fn thunderbird_bottom_posted_reply_plays_the_move_under_the_quote() {
    let (mut office, last) = board_after("chess", &[("alice", "e4")]);
    let board_mail = mail_to(&last, "bob").clone();
    let sent = office.deliver_raw(&reply_fixture(
        "thunderbird_bottom_posted_reply.eml",
        &board_mail,
    ));
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    let alice = mail_to(&sent, "alice");
    assert!(
        alice.body.contains("bob (Black) played c5"),
        "{}",
        alice.body
    );
    assert!(
        alice.body.contains("bob writes:\nThe Sicilian, then."),
        "{}",
        alice.body
    );
    assert!(!alice.body.contains("\nBob\n"), "the signature is cut");
}

#[test]
fn every_fixture_parses_to_what_its_sender_typed() {
    let cases = [
        (
            "thunderbird_signup_flowed.eml",
            "Hello, I would like to play",
        ),
        ("webmail_html_only_base64.eml", "Good luck & have fun!"),
        ("mutt_latin1_8bit.eml", "Schöne Eröffnung, Grüße!"),
        ("becky_iso2022jp.eml", "よろしくお願いします。"),
        (
            "gmail_reply_alternative_qp.eml",
            "e5\n\nLet's see what you've got.",
        ),
        ("apple_mail_reply_qp.eml", "Nf3#3"),
        ("outlook_reply_alternative.eml", "Nc6\n\nNice opening."),
        (
            "thunderbird_bottom_posted_reply.eml",
            "c5\n\nThe Sicilian, then.",
        ),
    ];
    for (name, typed) in cases {
        let mail = parse(&fixture(name)).unwrap_or_else(|err| panic!("{name}: {err}"));
        let text = mail.sender_text();
        assert!(text.starts_with(typed), "{name}: {text:?}");
        assert!(!text.contains("-- "), "{name}: signature left in {text:?}");
        assert!(!text.contains("> "), "{name}: quote left in {text:?}");
        assert_eq!(mail.unanswerable, None, "{name}");
    }
    let japanese = parse(&fixture("becky_iso2022jp.eml")).unwrap();
    assert_eq!(
        japanese.subject,
        "[対局] chess move 101 bob pw-bob-quince e5"
    );
}
