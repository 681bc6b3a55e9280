//! Passwords worth keeping: a weak new one is refused at signup and at
//! `change password`, saying why; an old weak one keeps working and its
//! owner is told once.

use crate::util::host_harness::{address, one, password, two_players, PostOffice, Sent};
use pbem::store;

/// The mails in `sent` that warn of a weak password.
fn warnings(sent: &[Sent]) -> Vec<&Sent> {
    sent.iter()
        .filter(|mail| mail.body.contains("You get this mail only once."))
        .collect()
}

#[test]
fn signup_refuses_a_weak_password_saying_why_and_what_would_do() {
    let mut office = PostOffice::new();
    let cases = [
        ("signup alice s3cret", "shorter than 8 characters"),
        (
            "signup alice Spherical324",
            "the name of a game played here",
        ),
        ("signup marguerite MARGUERITE", "the userid itself"),
        ("signup alice tournament", "a word of the host's commands"),
        ("signup alice e2e4e7e5", "reads as chess moves"),
        ("signup alice football2024", "most often found in stolen"),
    ];
    for (subject, why) in cases {
        let userid = subject.split(' ').nth(1).unwrap();
        let sent = office.send(&address(userid), subject, "");
        let body = &one(&sent).body;
        assert!(body.contains("is too easily guessed"), "{subject}: {body}");
        assert!(body.contains(why), "{subject}: {body}");
        assert!(body.contains("8 to 64 characters"), "{body}");
        let conn = office.runtime.host.store().connection();
        assert!(store::find_player(conn, userid).unwrap().is_none());
    }
}

#[test]
fn a_weak_password_is_refused_in_german_too() {
    let mut office = two_players();
    let set = format!("set alice {} language de", password("alice"));
    office.send(&address("alice"), &set, "");
    let change = format!("change password alice {} Schachmatt", password("alice"));
    let sent = office.send(&address("alice"), &change, "");
    let body = &one(&sent).body;
    assert!(body.contains("zu leicht zu erraten"), "{body}");
    assert!(body.contains("8 bis 64 Zeichen"), "{body}");
}

#[test]
fn change_password_refuses_a_weak_new_one_and_keeps_the_old() {
    let mut office = two_players();
    let old = password("alice");
    let change = format!("change password alice {old} baseball");
    let sent = office.send(&address("alice"), &change, "");
    let body = &one(&sent).body;
    assert!(body.contains("that password for alice is too easily guessed"));
    assert!(body.contains("most often found in stolen password lists"));
    // Nothing changed: the old password still works, the weak one not.
    let sent = office.send(&address("alice"), "set alice baseball language en", "");
    assert!(one(&sent).body.contains("its password is not right"));
    let sent = office.send(
        &address("alice"),
        &format!("set alice {old} language en"),
        "",
    );
    assert!(one(&sent).body.contains("written in English"));
}

#[test]
fn an_old_weak_password_works_and_its_owner_is_told_once() {
    let mut office = PostOffice::new();
    office.seed_legacy_player("dora", "secret");
    let sent = office.send(&address("dora"), "set dora secret language en", "");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let warned = warnings(&sent);
    assert_eq!(warned.len(), 1, "{sent:#?}");
    let warning = warned[0];
    assert_eq!(warning.to, address("dora"));
    assert!(warning.body.contains("shorter than 8 characters"));
    assert!(warning.body.contains("change password dora OLD NEW"));
    // The password itself is in no mail.
    for mail in &sent {
        assert!(!mail.body.contains("secret"), "{}", mail.body);
    }
    let again = office.send(&address("dora"), "set dora secret language en", "");
    assert_eq!(again.len(), 1, "{again:#?}");
    assert!(warnings(&again).is_empty());
    let conn = office.runtime.host.store().connection();
    assert!(store::weak_password_told(conn, "dora").unwrap());
}

#[test]
fn changing_an_old_weak_password_brings_no_warning() {
    let mut office = PostOffice::new();
    office.seed_legacy_player("dora", "secret");
    let change = "change password dora secret lantern-quince-orbit";
    let sent = office.send(&address("dora"), change, "");
    assert!(one(&sent).body.contains("password of dora is changed"));
}

#[test]
fn a_strong_password_brings_no_warning() {
    let mut office = two_players();
    let set = format!("set alice {} language en", password("alice"));
    let sent = office.send(&address("alice"), &set, "");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(warnings(&sent).is_empty());
}
