//! Bad input by mail: each is answered with a precise error (or ignored,
//! for a duplicate) and leaves the game as it was.

use crate::util::host_harness::{address, mail_to, password, PostOffice, Sent, HOST};
use pbem::mail::outbound::compose::player_mail;

/// alice (White) and bob (Black) on board 101, after 1. e4.
fn game_after_e4() -> (PostOffice, Vec<Sent>) {
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send(
        &address("alice"),
        &format!("chess move 101 alice {} e4", password("alice")),
        "",
    );
    assert_eq!(office.move_count(101), 1);
    (office, sent)
}

fn only_error(sent: &[Sent], to: &str) -> Sent {
    assert_eq!(sent.len(), 1, "one error mail only: {sent:#?}");
    assert_eq!(sent[0].to, to);
    sent[0].clone()
}

#[test]
fn illegal_move_is_refused_with_the_legal_moves() {
    let (mut office, _) = game_after_e4();
    let sent = office.send(
        &address("bob"),
        &format!("chess move 101 bob {} e4", password("bob")),
        "",
    );
    let error = only_error(&sent, &address("bob"));
    assert_eq!(error.subject, "Chess Board 101 Error");
    assert!(
        error.body.contains("e4 is not legal here"),
        "{}",
        error.body
    );
    assert!(
        error.body.contains("Legal moves for Black now:"),
        "{}",
        error.body
    );
    assert!(error.body.contains(" e5 "), "{}", error.body);
    assert!(error.body.contains("+---+"), "the board is shown");
    assert!(
        error.body.contains("> Subject: chess move 101 bob"),
        "the mail is quoted"
    );
    assert_eq!(office.move_count(101), 1);
}

#[test]
fn wrong_password_is_refused() {
    let (mut office, _) = game_after_e4();
    let sent = office.send(&address("bob"), "chess move 101 bob guess e5", "");
    let error = only_error(&sent, &address("bob"));
    assert!(
        error
            .body
            .contains("the userid bob or its password is not right"),
        "{}",
        error.body
    );
    assert_eq!(office.move_count(101), 1);
}

#[test]
fn spoofed_reply_without_a_valid_token_is_refused() {
    let (mut office, sent) = game_after_e4();
    let board_mail = mail_to(&sent, "bob").clone();
    // From is right, but the threading names an id the host never made.
    let forged = format!(
        "From: bob@example.org\r\nTo: {HOST}\r\nSubject: Re: {}\r\nMessage-ID: <forged-1@example.org>\r\nIn-Reply-To: <pbem.101.00000000000000000000000000000000@localhost>\r\nReferences: <pbem.101.00000000000000000000000000000000@localhost>\r\n\r\ne5\r\n",
        board_mail.subject
    );
    let sent = office.deliver_raw(forged.as_bytes());
    let error = only_error(&sent, &address("bob"));
    assert!(
        error
            .body
            .contains("does not answer a mail the host sent you"),
        "{}",
        error.body
    );
    assert_eq!(office.move_count(101), 1);
}

#[test]
fn reply_with_a_real_token_from_another_address_is_refused() {
    let (mut office, sent) = game_after_e4();
    let board_mail = mail_to(&sent, "bob").clone();
    let sent = office.reply("mallory@example.net", &board_mail, "e5");
    let error = only_error(&sent, "mallory@example.net");
    assert!(
        error
            .body
            .contains("not the address the board mail was sent to"),
        "{}",
        error.body
    );
    assert_eq!(office.move_count(101), 1);
}

#[test]
fn stale_move_number_is_refused() {
    let (mut office, _) = game_after_e4();
    let sent = office.send(
        &address("bob"),
        &format!("chess move 101 bob {} e5#1", password("bob")),
        "",
    );
    let error = only_error(&sent, &address("bob"));
    assert!(
        error
            .body
            .contains("sent as move #1, but the next move on board 101 is #2"),
        "{}",
        error.body
    );
    assert_eq!(office.move_count(101), 1);
}

#[test]
fn duplicate_message_id_is_ignored() {
    let (mut office, _) = game_after_e4();
    let raw = player_mail(
        &address("bob"),
        HOST,
        Some(&format!("chess move 101 bob {} e5", password("bob"))),
        "",
        None,
    )
    .unwrap();
    let first = office.deliver_raw(&raw);
    assert_eq!(first.len(), 2);
    assert_eq!(office.move_count(101), 2);
    let again = office.deliver_raw(&raw);
    assert!(again.is_empty(), "a duplicate gets no answer: {again:#?}");
    assert_eq!(office.move_count(101), 2);
}

/// A mail without a Message-ID: its id is the SHA-256 of its bytes, so a
/// redelivered copy is a duplicate; and one handled by a version that
/// made the id with the `DefaultHasher` (a row in that form) is known as
/// handled too.
#[test]
fn a_mail_without_a_message_id_is_known_again_by_its_bytes_in_either_form() {
    use pbem::mail::inbound::made_id::{former_made_id, made_id};
    let (mut office, _) = game_after_e4();
    let mail = |text: &str| {
        format!(
            "From: {}\r\nTo: {HOST}\r\nSubject: chess move 101 bob {} {text}\r\n\r\n\r\n",
            address("bob"),
            password("bob")
        )
        .into_bytes()
    };
    let once = mail("e5");
    assert_eq!(office.deliver_raw(&once).len(), 2);
    assert!(
        office.deliver_raw(&once).is_empty(),
        "a copy is a duplicate"
    );
    assert_eq!(office.move_count(101), 2);
    let seen: bool = office
        .runtime
        .host
        .store()
        .connection()
        .query_row(
            "SELECT EXISTS (SELECT 1 FROM seen_messages WHERE message_id = ?1)",
            [made_id(&once)],
            |row| row.get(0),
        )
        .unwrap();
    assert!(seen, "kept under the SHA-256 form");

    // Handled before the change: only the former id is stored.
    let earlier = mail("Nf6");
    let conn = office.runtime.host.store().connection();
    conn.execute(
        "INSERT INTO seen_messages (message_id, received) VALUES (?1, 0)",
        [former_made_id(&earlier)],
    )
    .unwrap();
    assert!(office.deliver_raw(&earlier).is_empty(), "known as handled");
    assert_eq!(office.move_count(101), 2);
}

#[test]
fn challenge_with_a_bad_switch_is_refused_and_starts_nothing() {
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    let sent = office.send(&address("alice"), "chess challenge alice bob -list:Q", "");
    let error = only_error(&sent, &address("alice"));
    assert_eq!(error.subject, "PBeM Error");
    assert!(
        error.body.contains("switches are refused"),
        "{}",
        error.body
    );
    assert!(error.body.contains("-list:Q"), "{}", error.body);
    let sent = office.send(
        &address("alice"),
        "chess challenge alice bob --colour=red",
        "",
    );
    let error = only_error(&sent, &address("alice"));
    assert!(
        error.body.contains("not a time option the host can use"),
        "{}",
        error.body
    );
    // Nothing was created: the next challenge still gets board 101.
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert_eq!(mail_to(&sent, "bob").subject, "New Chess Board 101 alice");
}

#[test]
fn unknown_command_names_the_valid_syntax() {
    let mut office = PostOffice::new();
    let sent = office.send("carol@example.org", "chess mvoe", "");
    let error = only_error(&sent, "carol@example.org");
    assert!(
        error.body.contains("move needs different arguments"),
        "{}",
        error.body
    );
    assert!(error
        .body
        .contains("chess move board userid password MOVE[#n]"));
    let sent = office.send("carol@example.org", "please start a game", "");
    let error = only_error(&sent, "carol@example.org");
    assert!(
        error.body.contains("neither a command nor a game name"),
        "{}",
        error.body
    );
}

#[test]
fn auto_replies_and_bounces_are_never_answered() {
    let mut office = PostOffice::new();
    let vacation = b"From: bob@example.org\r\nTo: pbem@localhost\r\nSubject: Re: Chess Board 101 bob\r\nMessage-ID: <away-1@example.org>\r\nAuto-Submitted: auto-replied\r\n\r\nI am away.\r\n";
    assert!(office.deliver_raw(vacation).is_empty());
    let bounce = b"From: MAILER-DAEMON@example.org\r\nTo: pbem@localhost\r\nSubject: Undelivered Mail\r\nMessage-ID: <bounce-1@example.org>\r\n\r\nfailed\r\n";
    assert!(office.deliver_raw(bounce).is_empty());
}

#[test]
fn malformed_mail_does_not_stop_the_host() {
    let mut office = PostOffice::new();
    assert!(office
        .deliver_raw(b"\x00\xff garbage without headers")
        .is_empty());
    assert!(office.deliver_raw(b"").is_empty());
    // The host still works afterwards.
    office.signup("alice");
}

#[test]
fn nobody_gets_more_than_the_hourly_limit() {
    // Answers may fill half of an hour's mails (rounded up): two of three.
    let mut office = PostOffice::with_config("[host]\nmax_mails_per_hour = 3\n");
    for _ in 0..2 {
        assert_eq!(office.send("pest@example.org", "list", "").len(), 1);
    }
    assert!(office.send("pest@example.org", "list", "").is_empty());
    // Others are still answered.
    assert_eq!(office.send("other@example.org", "list", "").len(), 1);
}

#[test]
fn mail_from_the_host_itself_is_never_answered() {
    let mut office = PostOffice::new();
    assert!(office.send(HOST, "list", "").is_empty());
}

#[test]
fn draw_offer_is_refused_where_the_game_has_no_draws() {
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    office.send(&address("alice"), "spherical challenge alice bob", "");
    let sent = office.send(
        &address("alice"),
        &format!(
            "spherical move 101 alice {} h8-h7 propose",
            password("alice")
        ),
        "",
    );
    let error = only_error(&sent, &address("alice"));
    assert_eq!(error.subject, "Spherical Chess 324 Board 101 Error");
    assert!(
        error.body.contains("no draw can be offered in this game"),
        "{}",
        error.body
    );
    // The move before the offer in the same command is not played either.
    assert_eq!(office.move_count(101), 0);
}
