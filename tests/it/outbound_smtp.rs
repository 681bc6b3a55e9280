//! Mail sent through the SMTP transport to a real server (aiosmtpd, see
//! tests/setup.sh), read back from the server's Maildir: a whole game,
//! and an outage in the middle of one.

use crate::util::host_harness::{address, mail_to, password, PostOffice};
use crate::util::smtp_sink::{header, SmtpSink};
use pbem::store::{self, OutboxState};
use std::collections::HashMap;
use std::time::{Duration, Instant};

fn office_for(sink: &SmtpSink) -> PostOffice {
    PostOffice::reading_from(&sink.config(), sink.maildir.join("new"))
}

/// Asserts every Message-ID the sink received is there exactly once, and
/// returns how many there were.
fn assert_each_arrived_once(sink: &SmtpSink) -> usize {
    let ids = sink.message_ids();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for id in &ids {
        *counts.entry(id.as_str()).or_default() += 1;
    }
    let repeated: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(
        repeated.is_empty(),
        "delivered more than once: {repeated:?}"
    );
    ids.len()
}

#[test]
fn fools_mate_by_smtp_reaches_each_player_once_per_board() {
    let sinkdir = tempfile::tempdir().unwrap();
    let sink = SmtpSink::start(&sinkdir.path().join("maildir"));
    let mut office = office_for(&sink);
    office.signup("alice");
    office.signup("bob");
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    for player in ["alice", "bob"] {
        let mail = mail_to(&sent, player);
        assert!(
            mail.subject.starts_with("New Chess Board 101 "),
            "{}",
            mail.subject
        );
    }
    let moves = [
        ("alice", "f3", "bob"),
        ("bob", "e5", "alice"),
        ("alice", "g4", "bob"),
    ];
    for (number, (player, text, next)) in moves.iter().enumerate() {
        let subject = format!(
            "chess move 101 {player} {} {text}#{}",
            password(player),
            number + 1
        );
        let sent = office.send(&address(player), &subject, "");
        assert_eq!(sent.len(), 2, "one board for each player: {sent:#?}");
        for participant in ["alice", "bob"] {
            assert_eq!(
                mail_to(&sent, participant).subject,
                format!("Chess Board 101 {next}")
            );
        }
    }
    let subject = format!("chess move 101 bob {} Qh4#4", password("bob"));
    let last = office.send(&address("bob"), &subject, "");
    assert_eq!(last.len(), 2, "{last:#?}");
    for participant in ["alice", "bob"] {
        let mail = mail_to(&last, participant);
        assert_eq!(mail.subject, "Chess Board 101 Game Over");
        assert!(
            mail.body.contains("bob wins by checkmate."),
            "{}",
            mail.body
        );
        // The envelope recipient is the one in To, and the host is the
        // envelope sender.
        let text = std::fs::read_to_string(&mail.path).unwrap();
        assert_eq!(
            header(&text, "X-RcptTo").as_deref(),
            Some(address(participant).as_str())
        );
        assert_eq!(
            header(&text, "X-MailFrom").as_deref(),
            Some("pbem@localhost")
        );
    }
    // 2 requests to confirm + 2 welcomes + 2 new boards + 4 moves x 2
    // players.
    assert_eq!(assert_each_arrived_once(&sink), 14);
    let conn = office.runtime.host.store().connection();
    assert!(store::outbox_entries(conn).unwrap().is_empty());
}

#[test]
fn mail_queued_while_the_server_is_down_is_delivered_once_when_it_returns() {
    let sinkdir = tempfile::tempdir().unwrap();
    let maildir = sinkdir.path().join("maildir");
    let mut sink = SmtpSink::start(&maildir);
    let port = sink.port;
    let mut office = office_for(&sink);
    office.signup("alice");
    office.signup("bob");
    assert_eq!(
        office
            .send(&address("alice"), "chess challenge alice bob", "")
            .len(),
        2
    );

    sink.stop();
    // Moves are still accepted and their boards queued; nothing answers.
    for (number, (player, text)) in [("alice", "e4"), ("bob", "e5"), ("alice", "Nf3")]
        .iter()
        .enumerate()
    {
        let subject = format!(
            "chess move 101 {player} {} {text}#{}",
            password(player),
            number + 1
        );
        assert!(office.send(&address(player), &subject, "").is_empty());
        assert_eq!(office.move_count(101), number + 1);
        std::thread::sleep(Duration::from_millis(150));
    }
    let entries = store::outbox_entries(office.runtime.host.store().connection()).unwrap();
    assert_eq!(entries.len(), 6, "{entries:#?}");
    assert!(
        entries.iter().any(|entry| matches!(
            &entry.state,
            OutboxState::Retrying { attempts, last_error, .. }
                if *attempts >= 1 && last_error.contains("cannot connect")
        )),
        "rows wait with back-off: {entries:#?}"
    );
    assert!(
        !entries
            .iter()
            .any(|entry| matches!(entry.state, OutboxState::GivenUp { .. })),
        "{entries:#?}"
    );

    let sink = SmtpSink::start_on(port, &maildir);
    let deadline = Instant::now() + Duration::from_secs(15);
    while !store::outbox_entries(office.runtime.host.store().connection())
        .unwrap()
        .is_empty()
    {
        assert!(Instant::now() < deadline, "the outbox never emptied");
        std::thread::sleep(Duration::from_millis(50));
        office.runtime.pass().unwrap();
    }
    // 2 requests to confirm + 2 welcomes + 2 new boards + 3 moves x 2
    // players, each once.
    assert_eq!(assert_each_arrived_once(&sink), 12);
}

#[test]
fn a_refused_recipient_is_given_up_and_a_deferred_one_waits_without_holding_back_others() {
    let sinkdir = tempfile::tempdir().unwrap();
    let sink = SmtpSink::start_refusing(&sinkdir.path().join("maildir"));
    // The deferred mail is not due again during the test, however slowly
    // a busy machine runs it: it is tried once.
    let mut office =
        PostOffice::reading_from(&sink.config_retrying("1h", "1h"), sink.maildir.join("new"));
    office.signup("alice");
    assert!(office
        .send("refused@example.org", "signup carol pw-carol-quince", "")
        .is_empty());
    assert!(office
        .send("later@example.org", "signup dave pw-dave-quince", "")
        .is_empty());
    office.signup("bob");
    let entries = store::outbox_entries(office.runtime.host.store().connection()).unwrap();
    assert_eq!(entries.len(), 2, "{entries:#?}");
    assert_eq!(entries[0].recipient, "refused@example.org");
    assert!(
        matches!(&entries[0].state, OutboxState::GivenUp { reason, .. }
            if reason.starts_with("refused:") && reason.contains("550")),
        "{entries:#?}"
    );
    assert_eq!(entries[1].recipient, "later@example.org");
    assert!(
        matches!(&entries[1].state, OutboxState::Retrying { attempts: 1, last_error, .. }
            if last_error.contains("451")),
        "{entries:#?}"
    );
    // Alice's and Bob's requests to confirm and welcomes arrived, once
    // each.
    assert_eq!(assert_each_arrived_once(&sink), 4);
}

#[test]
fn auth_with_the_right_password_delivers_and_a_wrong_one_waits() {
    let sinkdir = tempfile::tempdir().unwrap();
    let sink = SmtpSink::start_with_auth(&sinkdir.path().join("maildir"), "pbem", "s3cret");
    let login = |password: &str| {
        format!(
            "{}user = \"pbem\"\npassword = \"{password}\"\n",
            sink.config()
        )
    };
    let mut office = PostOffice::reading_from(&login("s3cret"), sink.maildir.join("new"));
    office.signup("alice");
    // The request to confirm and the welcome.
    assert_eq!(assert_each_arrived_once(&sink), 2);

    let mut refused = PostOffice::reading_from(&login("guess"), sink.maildir.join("new"));
    refused.send(&address("bob"), "signup bob pw-bob-quince", "");
    let entries = store::outbox_entries(refused.runtime.host.store().connection()).unwrap();
    assert!(
        matches!(&entries[..], [entry] if matches!(&entry.state,
            OutboxState::Retrying { last_error, .. } if last_error.contains("authentication failed"))),
        "{entries:#?}"
    );
    assert_eq!(assert_each_arrived_once(&sink), 2);
}

#[test]
fn a_board_mails_html_part_and_image_survive_the_smtp_server() {
    let sinkdir = tempfile::tempdir().unwrap();
    let sink = SmtpSink::start(&sinkdir.path().join("maildir"));
    let mut office = office_for(&sink);
    let sent = crate::util::board_mail::play_sample(
        &mut office,
        pbem::games::GameKind::Spherical,
        &["set alice pw-alice-quince board image"],
    );
    // alice takes the image, bob the default table: both as sent.
    let alice =
        crate::util::board_mail::parts(&std::fs::read(&mail_to(&sent, "alice").path).unwrap());
    assert!(alice.text.contains("+---+"), "{}", alice.text);
    let png = alice.png.expect("the image arrived");
    let reader = png::Decoder::new(std::io::Cursor::new(&png))
        .read_info()
        .unwrap();
    assert!(reader.info().width > 400, "a whole board");
    let html = alice.html.expect("the HTML part arrived");
    assert!(html.contains("cid:board.png"), "{html}");
    assert_eq!(alice.png_id.as_deref(), Some("board.png"));
    let bob = crate::util::board_mail::parts(&std::fs::read(&mail_to(&sent, "bob").path).unwrap());
    let table = bob.html.expect("the HTML part arrived");
    assert_eq!(table.matches("title=\"").count(), 324, "every square");
    assert!(bob.png.is_none());
}
