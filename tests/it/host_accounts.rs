//! Accounts that cannot be taken over: password guessing locked out,
//! addresses confirmed before they get mail, address changes announced
//! and undone, reply tokens that prove a player only for their board and
//! only for a while.

use crate::util::host_harness::{address, mail_to, one, password, two_players, PostOffice, Sent};
use chrono::{Duration, Utc};
use pbem::clock::Clock;
use pbem::store;

fn addresses_of(office: &PostOffice, userid: &str) -> Vec<String> {
    store::find_player(office.runtime.host.store().connection(), userid)
        .unwrap()
        .unwrap()
        .addresses
}

fn to<'a>(sent: &'a [Sent], recipient: &str) -> Vec<&'a Sent> {
    sent.iter().filter(|mail| mail.to == recipient).collect()
}

/// The clock `days` from now, as the host will read it.
fn days_later(office: &mut PostOffice, days: i64) {
    let moment = Utc::now() + Duration::days(days);
    office.runtime.host.set_clock(Clock::Fixed(moment));
}

#[test]
fn guesses_then_the_right_password_in_one_mail_cannot_move_an_account() {
    let mut office = two_players();
    let mut body: String = (0..49)
        .map(|n| format!("change address alice guess{n} mallory@evil.example\n"))
        .collect();
    body.push_str(&format!(
        "change address alice {} mallory@evil.example\n",
        password("alice")
    ));
    let sent = office.send("mallory@evil.example", "multiple", &body);
    assert_eq!(addresses_of(&office, "alice"), vec![address("alice")]);
    let last = to(&sent, "mallory@evil.example")
        .into_iter()
        .last()
        .unwrap()
        .clone();
    assert!(
        last.body.contains("too many wrong passwords"),
        "the right password came after the lock: {}",
        last.body
    );
    let warnings = to(&sent, &address("alice"));
    assert_eq!(warnings.len(), 1, "the owner is told once: {sent:#?}");
    assert!(warnings[0].subject.contains("Security alice"));
    assert!(warnings[0].body.contains("mallory@evil.example"));
    assert!(
        warnings[0].body.contains("still\nwork"),
        "{}",
        warnings[0].body
    );
    // The lock holds for later mails, the owner's own too.
    let sent = office.send(
        &address("alice"),
        &format!("set alice {} language de", password("alice")),
        "",
    );
    assert!(sent[0].body.contains("too many wrong passwords"));
}

#[test]
fn a_player_who_mistypes_twice_is_not_locked_out() {
    let mut office = two_players();
    for typo in ["pw-alcie-quince", "pw_alice"] {
        let sent = office.send(
            &address("alice"),
            &format!("set alice {typo} language de"),
            "",
        );
        assert!(sent[0]
            .body
            .contains("the userid alice or its password is not right"));
    }
    let sent = office.send(
        &address("alice"),
        &format!("set alice {} language de", password("alice")),
        "",
    );
    assert!(sent[0].body.contains("Deutsch"), "{}", sent[0].body);
}

#[test]
fn a_lock_runs_out_and_the_right_password_works_again() {
    let mut office = two_players();
    for n in 0..5 {
        office.send(
            "mallory@evil.example",
            &format!("signoff alice guess{n}"),
            "",
        );
    }
    let right = format!("set alice {} language de", password("alice"));
    let sent = office.send(&address("alice"), &right, "");
    assert!(sent[0].body.contains("too many wrong passwords"));
    days_later(&mut office, 1);
    let sent = office.send(&address("alice"), &right, "");
    assert!(sent[0].body.contains("Deutsch"), "{}", sent[0].body);
}

#[test]
fn a_flood_of_guesses_costs_a_handful_of_password_checks() {
    let mut office = two_players();
    let body: String = (0..50)
        .map(|n| format!("signoff alice guess{n}\n"))
        .collect();
    let flood = || {
        pbem::mail::outbound::compose::player_mail(
            "mallory@evil.example",
            crate::util::host_harness::HOST,
            Some("multiple"),
            &body,
            None,
        )
        .unwrap()
    };
    let host = &mut office.runtime.host;
    let raw = flood();
    let prepared = host.prepare(&raw, raw.len() as u64).unwrap();
    assert_eq!(prepared.passwords_checked(), 5);
    let mut batch = host.batch().unwrap();
    batch.receive_prepared(prepared).unwrap();
    batch.commit().unwrap();
    // Locked now: the next mail of guesses checks none.
    let again = flood();
    assert_ne!(raw, again);
    let prepared = host.prepare(&again, again.len() as u64).unwrap();
    assert_eq!(prepared.passwords_checked(), 0);
}

#[test]
fn wrong_passwords_for_a_userid_nobody_has_are_refused_alike() {
    let mut office = two_players();
    let known = office.send("x@example.org", "signoff alice guess", "");
    let unknown = office.send("x@example.org", "signoff zelda guess", "");
    assert_eq!(
        known[0].body.replace("alice", "USER"),
        unknown[0].body.replace("zelda", "USER")
    );
}

#[test]
fn signup_with_thousands_of_addresses_is_refused() {
    let mut office = PostOffice::new();
    let many: Vec<String> = (1..=2000).map(|n| format!("v{n}@victim.example")).collect();
    let sent = office.send(
        "mal@evil.example",
        &format!("signup mal pw-quince-ladle {}", many.join(" ")),
        "",
    );
    assert_eq!(sent.len(), 1, "only the refusal: {}", sent.len());
    assert!(
        sent[0].body.contains("an account has at most 4"),
        "{}",
        sent[0].body
    );
    let conn = office.runtime.host.store().connection();
    assert!(store::find_player(conn, "mal").unwrap().is_none());
}

#[test]
fn an_address_beyond_the_senders_gets_only_a_confirmation_until_it_replies() {
    let mut office = PostOffice::new();
    office.signup("bob");
    let sent = office.send(
        &address("alice"),
        "signup alice pw-alice-quince alice@home.example",
        "",
    );
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let own = to(&sent, &address("alice"))[0].clone();
    let confirm = to(&sent, "alice@home.example")[0].clone();
    assert!(own.subject.starts_with("PBeM Confirm"), "{own:#?}");
    assert!(confirm.body.contains(&address("alice")), "who asked");
    assert!(addresses_of(&office, "alice").is_empty());
    // Until an address of his is confirmed the account does nothing.
    let refused = office.send(&address("alice"), "chess challenge alice bob", "");
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert!(
        refused[0].body.contains("no address of alice is confirmed"),
        "{}",
        refused[0].body
    );
    office.reply(&address("alice"), &own, "yes");
    assert_eq!(addresses_of(&office, "alice"), vec![address("alice")]);
    let board = office.send(&address("alice"), "chess challenge alice bob", "");
    assert!(to(&board, "alice@home.example").is_empty(), "{board:#?}");
    // A reply from elsewhere confirms nothing.
    let sent = office.reply("mallory@evil.example", &confirm, "yes");
    assert!(
        sent[0].body.contains("mallory@evil.example"),
        "{}",
        sent[0].body
    );
    assert_eq!(addresses_of(&office, "alice"), vec![address("alice")]);
    office.reply("alice@home.example", &confirm, "yes");
    assert_eq!(
        addresses_of(&office, "alice"),
        vec![address("alice"), "alice@home.example".to_string()]
    );
}

#[test]
fn a_confirmation_too_old_confirms_nothing() {
    let mut office = PostOffice::new();
    let sent = office.send(
        &address("alice"),
        "signup alice pw-alice-quince alice@home.example",
        "",
    );
    let own = to(&sent, &address("alice"))[0].clone();
    let confirm = to(&sent, "alice@home.example")[0].clone();
    office.reply(&address("alice"), &own, "yes");
    days_later(&mut office, 15);
    let sent = office.reply("alice@home.example", &confirm, "yes");
    assert!(sent[0].body.contains("too old"), "{}", sent[0].body);
    assert_eq!(addresses_of(&office, "alice"), vec![address("alice")]);
}

#[test]
fn an_address_change_is_told_to_the_old_address_which_can_undo_it() {
    let mut office = two_players();
    let sent = office.send(
        "mallory@evil.example",
        &format!(
            "change address alice {} mallory@evil.example",
            password("alice")
        ),
        "",
    );
    let confirm = to(&sent, "mallory@evil.example")
        .into_iter()
        .find(|mail| mail.subject.contains("Confirm alice"))
        .unwrap()
        .clone();
    let announcement = to(&sent, &address("alice"))[0].clone();
    assert!(announcement.body.contains("mallory@evil.example"));
    office.reply("mallory@evil.example", &confirm, "yes");
    assert_eq!(addresses_of(&office, "alice"), vec!["mallory@evil.example"]);
    let sent = office.reply(&address("alice"), &announcement, "that was not me");
    assert!(sent[0].body.contains("undone"), "{}", sent[0].body);
    assert_eq!(addresses_of(&office, "alice"), vec![address("alice")]);
}

#[test]
fn the_welcome_mails_token_cannot_play_on_a_board() {
    let mut office = PostOffice::new();
    let welcome = office.send(&address("alice"), "signup alice pw-alice-quince", "");
    office.signup("bob");
    office.send(&address("alice"), "chess challenge alice bob", "");
    let mut reply = welcome[0].clone();
    reply.subject = "Chess Board 101 alice".into();
    let raw = pbem::mail::outbound::compose::player_mail(
        &address("alice"),
        crate::util::host_harness::HOST,
        Some("Re: Chess Board 101 alice"),
        "e4",
        Some(&reply.raw),
    )
    .unwrap();
    let sent = office.deliver_raw(&raw);
    assert_eq!(office.move_count(101), 0, "{sent:#?}");
}

#[test]
fn a_board_token_expires_some_time_after_its_game_ended() {
    let mut office = two_players();
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    let bobs_board = mail_to(&sent, "bob").clone();
    office.send(
        &address("bob"),
        &format!("chess resign 101 bob {}", password("bob")),
        "",
    );
    let sent = office.reply(&address("bob"), &bobs_board, "e5");
    assert!(sent[0].body.contains("is over"), "{}", sent[0].body);
    days_later(&mut office, 61);
    let sent = office.reply(&address("bob"), &bobs_board, "e5");
    assert!(sent[0].body.contains("too old"), "{}", sent[0].body);
}

#[test]
fn a_reply_to_an_out_of_date_board_is_refused_and_says_what_changed() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let mv = |office: &mut PostOffice, player: &str, text: &str| {
        office.send(
            &address(player),
            &format!("chess move 101 {player} {} {text}", password(player)),
            "",
        )
    };
    let sent = mv(&mut office, "alice", "e4");
    let asks_for_2 = mail_to(&sent, "bob").clone();
    mv(&mut office, "bob", "e5");
    mv(&mut office, "alice", "Nf3");
    let sent = office.reply(&address("bob"), &asks_for_2, "Nc6");
    assert_eq!(office.move_count(101), 3, "the late reply played nothing");
    let error = mail_to(&sent, "bob");
    assert!(error.body.contains("sent as move #2"), "{}", error.body);
    assert!(
        error.body.contains("#2 bob e5, #3 alice Nf3"),
        "{}",
        error.body
    );
    // A reply to the current board plays.
    let sent = mv(&mut office, "bob", "Nc6");
    let current = mail_to(&sent, "alice").clone();
    office.reply(&address("alice"), &current, "Bb5");
    assert_eq!(office.move_count(101), 5);
}

/// A forged signup: eve writes "signup vict1" from the victim's address.
/// The victim gets the one request to confirm and nothing more, however
/// eve then uses the account.
#[test]
fn a_forged_signup_gets_its_address_one_mail_and_cannot_be_used() {
    let mut office = two_players();
    let victim = "victim@example.net";
    let sent = office.send(victim, "signup vict1 pw-vict1-quince", "");
    assert_eq!(one(&sent).to, victim);
    assert_eq!(one(&sent).subject, "PBeM Confirm vict1");
    // From the forged address, with the password eve chose: refused, and
    // the refusal goes to the sender, as every refusal does, once.
    for command in [
        "chess subscribe all vict1 pw-vict1-quince",
        "message vict1 pw-vict1-quince alice",
        "set vict1 pw-vict1-quince digest on",
    ] {
        let sent = office.send(victim, command, "hello");
        assert!(sent.len() <= 1, "{command}: {sent:#?}");
        assert!(
            sent.iter()
                .all(|mail| mail.body.contains("no address of vict1 is confirmed")),
            "{command}: {sent:#?}"
        );
    }
    let sent = office.send(victim, "chess challenge vict1 alice", "");
    assert!(one(&sent).body.contains("no address of vict1 is confirmed"));
    // Nobody can make the host write to the waiting account either.
    let sent = office.send_as("alice", "message alice PW vict1", "hello");
    assert!(
        one(&sent)
            .body
            .contains("vict1 has not confirmed an address yet"),
        "{}",
        one(&sent).body
    );
    let sent = office.send(&address("alice"), "chess challenge alice vict1", "");
    assert_eq!(one(&sent).to, address("alice"));
    let conn = office.runtime.host.store().connection();
    assert!(store::find_player(conn, "vict1")
        .unwrap()
        .unwrap()
        .addresses
        .is_empty());
}

/// A closed club that trusts its From lines turns the signup's own
/// confirmation off: the welcome comes at once and the account plays.
#[test]
fn a_host_trusting_from_lines_serves_a_signups_own_address_at_once() {
    let mut office = PostOffice::with_config("[accounts]\nconfirm_signup_address = false\n");
    let sent = office.send(&address("alice"), "signup alice pw-alice-quince", "");
    assert!(
        one(&sent).body.contains("Welcome, alice"),
        "{}",
        one(&sent).body
    );
    assert_eq!(addresses_of(&office, "alice"), vec![address("alice")]);
    office.send(&address("bob"), "signup bob pw-bob-quince", "");
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert_eq!(sent.len(), 2, "{sent:#?}");
}
