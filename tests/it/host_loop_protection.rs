//! Mail that must never be answered (RFC 3834: auto-replies, bounces,
//! list and bulk mail) and mail loops, including one between two hosts.

use crate::util::host_harness::{address, mail_to, play, PostOffice, Sent, HOST};

/// A message from bob asking for the game list, with extra header lines.
fn list_mail(id: &str, from: &str, extra_headers: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: {HOST}\r\nSubject: list\r\nMessage-ID: <{id}@example.org>\r\n{extra_headers}\r\nlist\r\n"
    )
    .into_bytes()
}

fn is_answered(extra_headers: &str) -> bool {
    let mut office = PostOffice::new();
    !office
        .deliver_raw(&list_mail("m1", &address("bob"), extra_headers))
        .is_empty()
}

#[test]
fn a_plain_mail_is_answered_and_auto_submitted_no_too() {
    // The baseline for every test below: the same mail without the mark
    // is answered.
    assert!(is_answered(""));
    assert!(is_answered("Auto-Submitted: no\r\n"));
}

#[test]
fn auto_submitted_mail_is_not_answered() {
    assert!(!is_answered("Auto-Submitted: auto-generated\r\n"));
    assert!(!is_answered("Auto-Submitted: auto-replied\r\n"));
}

#[test]
fn x_autoreply_and_x_autorespond_are_not_answered() {
    assert!(!is_answered("X-Autoreply: yes\r\n"));
    assert!(!is_answered("X-Autorespond: on vacation\r\n"));
}

#[test]
fn precedence_bulk_junk_and_list_are_not_answered() {
    assert!(!is_answered("Precedence: bulk\r\n"));
    assert!(!is_answered("Precedence: junk\r\n"));
    assert!(!is_answered("Precedence: list\r\n"));
}

#[test]
fn vacation_responder_without_headers_is_recognised_by_its_subject() {
    let mut office = PostOffice::new();
    let raw = format!(
        "From: bob@example.org\r\nTo: {HOST}\r\nSubject: Automatic reply: Chess Board 101 bob\r\nMessage-ID: <ooo-1@example.org>\r\n\r\nI am out of the office until Monday.\r\n"
    );
    assert!(office.deliver_raw(raw.as_bytes()).is_empty());
    let raw = format!(
        "From: bob@example.org\r\nTo: {HOST}\r\nSubject: Out of Office: list\r\nMessage-ID: <ooo-2@example.org>\r\n\r\naway\r\n"
    );
    assert!(office.deliver_raw(raw.as_bytes()).is_empty());
}

#[test]
fn null_return_path_bounce_is_not_answered() {
    assert!(!is_answered("Return-Path: <>\r\n"));
    assert!(!is_answered("Return-Path: < >\r\n"));
}

#[test]
fn mailer_daemon_and_postmaster_are_not_answered() {
    let mut office = PostOffice::new();
    assert!(office
        .deliver_raw(&list_mail("d1", "MAILER-DAEMON@example.org", ""))
        .is_empty());
    assert!(office
        .deliver_raw(&list_mail("d2", "postmaster@example.org", ""))
        .is_empty());
}

#[test]
fn delivery_status_report_is_not_answered() {
    let mut office = PostOffice::new();
    let raw = format!(
        "From: mail-system@example.org\r\nTo: {HOST}\r\nSubject: list\r\nMessage-ID: <dsn-1@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nlist\r\n--B\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; example.org\r\n\r\nFinal-Recipient: rfc822; bob@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n--B--\r\n"
    );
    assert!(office.deliver_raw(raw.as_bytes()).is_empty());
}

#[test]
fn mailing_list_mail_is_not_answered() {
    assert!(!is_answered("List-Id: <chess.lists.example.org>\r\n"));
    assert!(!is_answered(
        "List-Unsubscribe: <mailto:leave@lists.example.org>\r\n"
    ));
    assert!(!is_answered(
        "List-Post: <mailto:chess@lists.example.org>\r\n"
    ));
}

#[test]
fn mail_with_our_own_x_loop_stamp_is_not_answered() {
    assert!(!is_answered(&format!("X-Loop: {HOST}\r\n")));
    // Another robot's stamp alone is no reason.
    assert!(is_answered("X-Loop: robot@elsewhere.example\r\n"));
}

#[test]
fn absurdly_long_references_chain_is_not_answered() {
    let chain: Vec<String> = (0..101).map(|n| format!("<r{n}@example.org>")).collect();
    assert!(!is_answered(&format!(
        "References: {}\r\n",
        chain.join("\r\n ")
    )));
    assert!(is_answered(&format!(
        "References: {}\r\n",
        chain[..20].join("\r\n ")
    )));
}

#[test]
fn mail_that_passed_too_many_relays_is_not_answered() {
    let hop = |n: usize| {
        format!("Received: from relay{n}.example.org by relay{}.example.org; Sun, 29 Nov 2026 12:00:00 +0000\r\n", n + 1)
    };
    let many: String = (0..31).map(hop).collect();
    let few: String = (0..5).map(hop).collect();
    assert!(!is_answered(&many));
    assert!(is_answered(&few));
}

#[test]
fn the_hosts_own_mail_coming_back_is_not_answered() {
    let mut office = PostOffice::new();
    let sent = office.send(&address("bob"), "list", "");
    assert_eq!(sent.len(), 1);
    // A forwarding alias sends the host's reply straight back to it.
    let mut echoed = sent[0].raw.clone();
    strip_header(&mut echoed, "Auto-Submitted");
    assert!(office.deliver_raw(&echoed).is_empty());
}

#[test]
fn the_hourly_cap_is_configurable_and_holds() {
    // Answers (a list) may fill half the hour: two of four.
    let mut office = PostOffice::with_config("[host]\nmax_mails_per_hour = 4\n");
    for n in 0..2 {
        let answered = office.deliver_raw(&list_mail(&format!("cap{n}"), &address("bob"), ""));
        assert_eq!(answered.len(), 1);
    }
    assert!(office
        .deliver_raw(&list_mail("cap2", &address("bob"), ""))
        .is_empty());
}

/// Removes every line of a header (and its folded continuation lines),
/// as a careless relay might.
fn strip_header(raw: &mut Vec<u8>, name: &str) {
    let text = String::from_utf8_lossy(raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let prefix = format!("{}:", name.to_lowercase());
    let mut kept = Vec::new();
    let mut skipping = false;
    for line in head.split("\r\n") {
        if line.starts_with([' ', '\t']) {
            if !skipping {
                kept.push(line);
            }
            continue;
        }
        skipping = line.to_lowercase().starts_with(&prefix);
        if !skipping {
            kept.push(line);
        }
    }
    *raw = format!("{}\r\n\r\n{body}", kept.join("\r\n")).into_bytes();
}

/// Two hosts answering each other: the mail one writes is delivered into
/// the other's inbox, and back, until one sends nothing. Returns how many
/// mails went across.
fn run_loop(first: &mut PostOffice, second: &mut PostOffice, start: Vec<u8>, strip: bool) -> usize {
    let mut raw = start;
    // Each round is one mail answered, so the round that sends nothing
    // counts the mails that went across before it.
    for round in 0..200 {
        let office = if round % 2 == 0 {
            &mut *first
        } else {
            &mut *second
        };
        let sent: Vec<Sent> = office.deliver_raw(&raw);
        if sent.is_empty() {
            return round;
        }
        assert_eq!(sent.len(), 1, "one answer per mail: {sent:#?}");
        raw = sent[0].raw.clone();
        if strip {
            strip_header(&mut raw, "Auto-Submitted");
        }
    }
    panic!("the two hosts were still mailing each other after 200 mails");
}

fn two_hosts(cap: u32) -> (PostOffice, PostOffice) {
    let config = |name: &str| {
        format!("[host]\naddress = \"pbem@{name}.example\"\nmax_mails_per_hour = {cap}\n")
    };
    (
        PostOffice::with_config(&config("a")),
        PostOffice::with_config(&config("b")),
    )
}

/// A mail "from" host B to host A (a forged or misdirected command), the
/// start of a possible loop.
fn forged_start() -> Vec<u8> {
    b"From: pbem@b.example\r\nTo: pbem@a.example\r\nSubject: list\r\nMessage-ID: <start-1@b.example>\r\n\r\nlist\r\n".to_vec()
}

#[test]
fn a_loop_between_two_hosts_stops_at_the_first_automatic_mail() {
    let (mut a, mut b) = two_hosts(60);
    // A answers the forged mail once; B sees A's Auto-Submitted answer and
    // stays silent.
    assert_eq!(run_loop(&mut a, &mut b, forged_start(), false), 1);
}

#[test]
fn a_loop_between_two_hosts_stops_even_when_a_relay_strips_the_marks() {
    let (mut a, mut b) = two_hosts(5);
    // Without Auto-Submitted the hosts take each other for players and
    // trade error mails; the hourly cap on each side still ends it.
    let crossings = run_loop(&mut a, &mut b, forged_start(), true);
    assert!(
        (2..=10).contains(&crossings),
        "the loop ran {crossings} mails"
    );
}

/// What a careless autoresponder writes back to every mail, as a person
/// would: no Auto-Submitted, no X-Autoreply, no Precedence, a subject of
/// "Re: …" and the original quoted.
const AUTORESPONSE: &str =
    "Thank you for your message. I am away and will answer when I am back.\n\nBest regards,\nBob";

/// Lets bob's autoresponder answer every mail the host sends him, from
/// `froms` in turn, starting with `first`; returns the host's answers.
fn autoresponder_loop(office: &mut PostOffice, first: &Sent, froms: &[&str]) -> Vec<Sent> {
    let mut answering = first.clone();
    let mut answers = Vec::new();
    for round in 0..200 {
        office.set_clock(3600 + round as i64);
        let from = froms[round % froms.len()];
        let sent = office.reply(from, &answering, AUTORESPONSE);
        let Some(last) = sent.last() else {
            return answers;
        };
        assert_eq!(sent.len(), 1, "one answer per mail: {sent:#?}");
        answering = last.clone();
        answers.extend(sent);
    }
    panic!("the host still answered the autoresponder after 200 mails");
}

/// alice and bob signed up on the host's clock at `t0()` under `config`,
/// and alice's e4 played on board 101; bob's board mail.
fn board_at_t0(config: &str) -> (PostOffice, Sent) {
    let mut office = PostOffice::with_config(config);
    office.set_clock(0);
    for userid in ["alice", "bob"] {
        office.signup(userid);
    }
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = play(&mut office, "chess", 101, "alice", "e4");
    let board_mail = mail_to(&sent, "bob").clone();
    (office, board_mail)
}

#[test]
fn an_autoresponder_without_marks_gets_a_bounded_number_of_error_mails_then_silence() {
    let (mut office, board_mail) = board_at_t0("");
    // The same mailbox however its address is written: case and +tag.
    let froms = ["bob@example.org", "Bob@Example.ORG", "bob+away@example.org"];
    let answers = autoresponder_loop(&mut office, &board_mail, &froms);
    assert_eq!(answers.len(), 10, "limits.errors_in_a_row by default");
    let (last_answer, earlier) = answers.split_last().unwrap();
    assert!(
        last_answer
            .body
            .starts_with("This is the last answer you get for now: your last 10 mails"),
        "{}",
        last_answer.body
    );
    assert!(earlier
        .iter()
        .all(|sent| !sent.body.contains("the last answer")));
    assert_eq!(office.move_count(101), 1, "no move was played");
    let conn = office.runtime.host.store().connection();
    let log = pbem::store::security::security_log(conn, None, None).unwrap();
    let loops: Vec<_> = log
        .iter()
        .filter(|event| event.kind == pbem::store::security::SecurityKind::ErrorLoop)
        .collect();
    assert_eq!(loops.len(), 1, "{log:#?}");
}

#[test]
fn a_mail_that_does_something_ends_the_silence_and_the_quiet_minutes_do_too() {
    let config = "[limits]\nerrors_in_a_row = 3\nerror_quiet_minutes = 30\n";
    let (mut office, board_mail) = board_at_t0(config);
    let answers = autoresponder_loop(&mut office, &board_mail, &["bob@example.org"]);
    assert_eq!(answers.len(), 3);
    // Still silent a minute later.
    office.set_clock(3600 + 60);
    assert!(office
        .reply(&address("bob"), &board_mail, AUTORESPONSE)
        .is_empty());
    // Bob, back, replies with his move: it is played and answered, and
    // his next mistake is answered again.
    let sent = office.reply(&address("bob"), &board_mail, "e5");
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    assert!(!sent.is_empty());
    let error = office.send(&address("bob"), "no such command", "");
    assert_eq!(error.len(), 1, "{error:#?}");
    // A run that ends in silence ends too when the quiet minutes pass
    // without a mail.
    let answers = autoresponder_loop(&mut office, &error[0], &["bob@example.org"]);
    assert_eq!(answers.len(), 2, "one error mail counted already");
    office.set_clock(3600 + 200 + 31 * 60);
    let sent = office.send(&address("bob"), "no such command", "");
    assert_eq!(sent.len(), 1, "answered after the quiet minutes: {sent:#?}");
}

#[test]
fn error_mails_past_the_hourly_cap_are_dropped_never_held_as_game_mail() {
    // bob's signup mails take part of the answers' half of his hour.
    let (mut office, board_mail) = board_at_t0("[host]\nmax_mails_per_hour = 16\n");
    let mut answered = 0;
    for n in 0..8 {
        office.set_clock(60 + n);
        answered += office
            .reply(&address("bob"), &board_mail, "not a move at all")
            .len();
    }
    assert!((1..8).contains(&answered), "the cap let {answered} through");
    // Hours later nothing held comes out: errors were never game mail.
    office.set_clock(3 * 3600);
    assert!(office.run_pass().is_empty());
}
