//! Seeks (open challenges) and messages between players by mail.

use crate::util::host_harness::{address, mail_to, one, password, PostOffice};
use crate::util::t0;
use chrono::Duration;
use pbem::clock::Clock;

fn players(names: &[&str]) -> PostOffice {
    let mut office = PostOffice::with_config("[messages]\nper_hour = 3\n");
    office.set_clock(0);
    for name in names {
        office.signup(name);
    }
    office
}

#[test]
fn a_seek_is_listed_and_the_first_other_player_who_accepts_starts_the_board() {
    let mut office = players(&["alice", "bob", "carol"]);
    let sent = office.send_as(
        "alice",
        "spherical seek alice PW -setup:3",
        "Anyone for a torus?",
    );
    let body = &one(&sent).body;
    assert!(
        body.contains("Your Spherical Chess 324 seek #1 is open until 2027-03-08 09:00 UTC"),
        "{body}"
    );
    assert!(!body.contains(&password("alice")), "{body}");
    let listed = one(&office.send("someone@example.net", "spherical seeks", ""))
        .body
        .clone();
    assert!(listed.contains("#1 alice -setup:3"), "{listed}");
    assert!(listed.contains("Anyone for a torus?"), "{listed}");
    assert!(
        !listed.contains("alice@example.org"),
        "no address: {listed}"
    );

    let sent = office.send_as("alice", "spherical seek accept 1 alice PW", "");
    assert!(
        one(&sent).body.contains("seek #1 is your own"),
        "{}",
        sent[0].body
    );

    let sent = office.send_as("bob", "spherical seek accept 1 bob PW", "");
    assert_eq!(sent.len(), 2, "a new board for both: {sent:#?}");
    for player in ["alice", "bob"] {
        let mail = mail_to(&sent, player);
        assert!(
            mail.subject
                .starts_with("New Spherical Chess 324 Board 101"),
            "{}",
            mail.subject
        );
        assert!(
            mail.body.contains("alice has White, bob has Black"),
            "{}",
            mail.body
        );
        assert!(mail.body.contains("Anyone for a torus?"), "{}", mail.body);
    }
    assert_eq!(office.game(101).switches, ["-setup:3"]);

    let sent = office.send_as("carol", "spherical seek accept 1 carol PW", "");
    assert!(
        one(&sent)
            .body
            .contains("there is no open Spherical Chess 324 seek #1"),
        "{}",
        sent[0].body
    );
    let listed = one(&office.send("someone@example.net", "spherical seeks", ""))
        .body
        .clone();
    assert!(listed.contains("There are no open"), "{listed}");
}

#[test]
fn a_seek_expires_after_a_week_and_cannot_be_accepted_then() {
    let mut office = players(&["alice", "bob"]);
    office.send_as("alice", "chess seek alice PW --nagtime=3", "");
    office.runtime.host.set_clock(Clock::Fixed(
        t0() + Duration::days(7) + Duration::seconds(1),
    ));
    let sent = office.send_as("bob", "chess seek accept 1 bob PW", "");
    assert!(
        mail_to(&sent, "bob").body.contains("has expired"),
        "{sent:#?}"
    );
    assert_eq!(office.move_count(101), 0);
    // The timers of the same pass sweep it, and tell its author: once.
    let told = mail_to(&sent, "alice");
    assert_eq!(sent.len(), 2);
    assert!(
        told.body
            .contains("seek #1 (--nagtime=3) expired on 2027-03-08")
            && told.body.contains("nobody accepted it")
            && told.body.contains("chess seek alice PASSWORD --nagtime=3"),
        "{}",
        told.body
    );
    assert!(office.run_pass().is_empty());
    let conn = office.runtime.host.store().connection();
    let left: i64 = conn
        .query_row("SELECT count(*) FROM seeks", [], |row| row.get(0))
        .unwrap();
    assert_eq!(left, 0, "the expired seek was swept");
    assert!(
        pbem::store::load_game(conn, 101).unwrap().is_none(),
        "no board"
    );
}

#[test]
fn seeks_are_checked_withdrawn_only_by_their_author_and_limited() {
    let mut office = players(&["alice", "bob"]);
    let sent = office.send_as("alice", "progression seek alice PW -list:xyz", "");
    assert!(
        one(&sent).body.contains("could not be carried out"),
        "{}",
        sent[0].body
    );
    let sent = office.send_as("alice", "chess seek alice wrong", "");
    assert!(one(&sent)
        .body
        .contains("the userid alice or its password is not right"));
    office.send_as("alice", "chess seek alice PW", "");
    let sent = office.send_as("bob", "chess seek cancel 1 bob PW", "");
    assert!(
        one(&sent).body.contains("only its author can withdraw it"),
        "{}",
        sent[0].body
    );
    let sent = office.send_as("alice", "chess seek cancel 1 alice PW", "");
    assert!(
        one(&sent).body.contains("seek #1 is withdrawn"),
        "{}",
        sent[0].body
    );
    for _ in 0..5 {
        office.send_as("alice", "chess seek alice PW", "");
    }
    let sent = office.send_as("alice", "chess seek alice PW", "");
    assert!(
        one(&sent).body.contains("you have 5 open seeks"),
        "{}",
        sent[0].body
    );
}

#[test]
fn a_message_reaches_the_other_player_without_either_address() {
    let mut office = players(&["alice", "bob"]);
    let sent = office.send_as(
        "alice",
        "message alice PW bob",
        "Fancy a game of chess?\nAlice",
    );
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let to_bob = mail_to(&sent, "bob");
    assert_eq!(to_bob.subject, "PBeM Message from alice");
    assert!(
        to_bob.body.contains("Fancy a game of chess?\nAlice"),
        "{}",
        to_bob.body
    );
    let raw = String::from_utf8_lossy(&to_bob.raw);
    assert!(
        !raw.contains("alice@example.org"),
        "alice's address leaked:\n{raw}"
    );
    assert!(!raw.contains(&password("alice")), "{raw}");
    let header_end = raw.find("\r\n\r\n").unwrap();
    let headers = &raw[..header_end];
    for header in ["Reply-To:", "Cc:", "Sender:"] {
        let found = headers.lines().any(|line| line.starts_with(header));
        assert!(!found, "{header} in\n{headers}");
    }
    assert!(headers.contains("From: "), "{headers}");
    let to_alice = mail_to(&sent, "alice");
    assert!(
        to_alice.body.contains("passed on to bob"),
        "{}",
        to_alice.body
    );
    assert!(!String::from_utf8_lossy(&to_alice.raw).contains("bob@example.org"));
}

#[test]
fn a_reply_to_a_message_goes_back_to_its_author_through_the_host() {
    let mut office = players(&["alice", "bob", "carol"]);
    let sent = office.send_as("carol", "message carol PW bob", "Rematch?");
    let message = mail_to(&sent, "bob").clone();
    let sent = office.reply(&address("bob"), &message, "Gladly.\nbob");
    let back = mail_to(&sent, "carol");
    assert_eq!(back.subject, "PBeM Message from bob");
    assert!(back.body.contains("Gladly.\nbob"), "{}", back.body);
    assert!(
        !back.body.contains("Rematch?"),
        "the quote stays out: {}",
        back.body
    );
    assert!(!String::from_utf8_lossy(&back.raw).contains("bob@example.org"));
    assert!(mail_to(&sent, "bob").body.contains("passed on to carol"));
    // And a reply to that reply goes back again.
    let back = back.clone();
    let sent = office.reply(&address("carol"), &back, "Tomorrow then.");
    assert!(mail_to(&sent, "bob").body.contains("Tomorrow then."));
    // A reply from an address that did not get the message proves nothing.
    let sent = office.reply(&address("alice"), &message, "hijack");
    assert!(
        sent.iter().all(|mail| mail.to != address("carol")),
        "{sent:#?}"
    );
}

/// Each player's mail program shows the conversation as one thread, by
/// the host's own Message-IDs alone: a player's own would tell the other
/// his mail provider.
#[test]
fn a_conversation_of_messages_threads_in_both_mailboxes() {
    let mut office = players(&["alice", "bob", "carol"]);
    let sent = office.send_as("carol", "message carol PW bob", "Rematch?");
    let first = mail_to(&sent, "bob").clone();
    assert!(first.references.is_empty(), "{first:#?}");
    let sent = office.reply(&address("bob"), &first, "Gladly.");
    let back = mail_to(&sent, "carol").clone();
    assert_eq!(back.references, vec![first.message_id.clone()]);
    assert_eq!(back.in_reply_to, vec![first.message_id.clone()]);
    let sent = office.reply(&address("carol"), &back, "Tomorrow then.");
    let again = mail_to(&sent, "bob");
    // bob has the first message and carol the second: each thread holds.
    assert_eq!(
        again.references,
        [first.message_id.clone(), back.message_id.clone()]
    );
    for mail in [&first, &back, again] {
        let raw = String::from_utf8_lossy(&mail.raw);
        assert!(!raw.contains("@example.org>"), "a player's id: {raw}");
    }
}

#[test]
fn messages_to_oneself_or_nobody_empty_or_too_many_are_refused() {
    let mut office = players(&["alice", "bob"]);
    let sent = office.send_as("alice", "message alice PW alice", "hi");
    assert!(one(&sent)
        .body
        .contains("a message to yourself is not passed on"));
    let sent = office.send_as("alice", "message alice PW nobody", "hi");
    assert!(one(&sent).body.contains("nobody"), "{}", sent[0].body);
    let sent = office.send_as("alice", "message alice PW bob", "");
    assert!(one(&sent).body.contains("the message is empty"));
    let sent = office.send_as("alice", "message alice wrong bob", "hi");
    assert!(one(&sent)
        .body
        .contains("the userid alice or its password is not right"));
    for _ in 0..3 {
        assert_eq!(
            office.send_as("alice", "message alice PW bob", "hi").len(),
            2
        );
    }
    let sent = office.send_as("alice", "message alice PW bob", "hi");
    assert!(
        one(&sent)
            .body
            .contains("you sent 3 messages in the last hour"),
        "{}",
        sent[0].body
    );
    office
        .runtime
        .host
        .set_clock(Clock::Fixed(t0() + Duration::minutes(61)));
    assert_eq!(
        office
            .send_as("alice", "message alice PW bob", "again")
            .len(),
        2
    );
}
