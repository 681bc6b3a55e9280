//! Issue 44, points 8 and 9: a forged From must not act for the player
//! it names. A mail with two From headers is read by the MTA's checks
//! by the first and was believed by the last; now it is refused and
//! recorded.

use crate::util::host_harness::PostOffice;
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
