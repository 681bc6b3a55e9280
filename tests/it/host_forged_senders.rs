//! Issue 44, points 8 and 9: a forged From must not act for the player
//! it names. A mail with two From headers is read by the MTA's checks
//! by the first and was believed by the last; now it is refused and
//! recorded. Setting robots playing and ladder challenges, which spend
//! a player's budget beyond one board, need his password.

use crate::util::host_harness::{address, mail_to, mails_to, one, PostOffice};
use pbem::store::security::{security_log, SecurityKind};

#[test]
fn a_mail_with_two_from_headers_does_nothing_and_is_recorded() {
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    let raw = "From: mallory@attacker.test\r\nFrom: alice@example.org\r\nTo: pbem@localhost\r\n\
               Subject: chess challenge alice bob\r\nMessage-ID: <two-froms@attacker.test>\r\n\r\n\r\n";
    let sent = office.deliver_raw(raw.as_bytes());
    assert!(sent.is_empty(), "nobody is answered: {sent:#?}");
    let conn = office.runtime.host.store().connection();
    assert!(
        pbem::store::load_game(conn, 101).unwrap().is_none(),
        "no board was made in alice's name"
    );
    let log = security_log(conn, None, None).unwrap();
    let entry = log
        .iter()
        .find(|event| event.kind == SecurityKind::AmbiguousSender)
        .expect("the mail is recorded");
    assert_eq!(
        entry.address.as_deref(),
        Some("mallory@attacker.test, alice@example.org")
    );
}

#[test]
fn a_forged_from_sets_no_robots_playing_in_a_players_name() {
    // The attack: `chess challenge robot1 robot2` forged from bob made
    // four robot boards mailing bob, and spent his hourly cap.
    let mut office = PostOffice::new();
    office.signup("bob");
    let forged = "chess challenge robot1 robot2\n".repeat(4);
    let sent = office.send(&address("bob"), "multiple", &forged);
    let refusal = one(&sent);
    assert!(
        refusal
            .body
            .contains("two robots are set playing only with the password"),
        "{}",
        refusal.body
    );
    let conn = office.runtime.host.store().connection();
    assert!(pbem::store::load_game(conn, 101).unwrap().is_none());
    // His own mail, with his password, sets them playing.
    let sent = office.send_as("bob", "chess challenge robot1 robot2 -password:PW", "");
    assert!(
        sent.iter()
            .any(|mail| mail.subject.starts_with("New Chess Board 101")),
        "{sent:#?}"
    );
}

#[test]
fn a_forged_ladder_challenge_in_a_players_name_is_refused_and_his_own_goes() {
    // The attack: a ladder challenge forged in dan's name blocked his
    // own, and declining it counted as his ladder loss.
    let mut office = PostOffice::new();
    for userid in ["eve", "dan"] {
        office.signup(userid);
        office.send_as(userid, &format!("chess ladder join {userid} PW"), "");
    }
    let sent = office.send(&address("dan"), "chess challenge dan eve -ladder", "");
    assert!(
        one(&sent)
            .body
            .contains("a ladder challenge is issued only with the password"),
        "{}",
        sent[0].body
    );
    assert!(mails_to(&sent, "eve").is_empty(), "eve hears of nothing");
    let conn = office.runtime.host.store().connection();
    assert!(pbem::store::load_game(conn, 101).unwrap().is_none());
    let sent = office.send_as("dan", "chess challenge dan eve -ladder -password:PW", "");
    assert!(
        mail_to(&sent, "eve").subject.contains("Board 101"),
        "{sent:#?}"
    );
}

/// The attack: ordinary challenges forged from bob's address used up his
/// open challenges, so his own were refused. Challenges a From line alone
/// issued still count for one issued so; one with his password counts
/// only those his password issued, and goes.
#[test]
fn forged_challenges_do_not_spend_the_open_challenges_of_a_players_password() {
    let mut office = PostOffice::new();
    for userid in ["bob", "carol", "dan"] {
        office.signup(userid);
    }
    // Two unanswered challenges to carol are the most one may have.
    let forged = "chess challenge bob carol\n".repeat(2);
    office.send(&address("bob"), "multiple", &forged);
    let sent = office.send(&address("bob"), "chess challenge bob carol", "");
    let refusal = &mail_to(&sent, "bob").body;
    assert!(
        refusal.contains("you already have 2 challenges to carol"),
        "{refusal}"
    );
    assert!(refusal.contains("add -password:PASSWORD"), "{refusal}");
    let sent = office.send_as("bob", "chess challenge bob carol -password:PW", "");
    let board = mail_to(&sent, "carol");
    assert!(board.subject.contains("Board 103"), "{sent:#?}");
    // Two proven ones are his limit all the same.
    office.send_as("bob", "chess challenge bob carol -password:PW", "");
    let sent = office.send_as("bob", "chess challenge bob carol -password:PW", "");
    assert!(mails_to(&sent, "carol").is_empty(), "{sent:#?}");
    assert!(one(&sent)
        .body
        .contains("you already have 2 challenges to carol"));
}
