//! Limits that stop floods at their source (issue: nobody can turn the
//! host against others): what one mail may pass on, how many accounts
//! one address holds, how much an error mail quotes, and how many answers
//! forged senders get, however many addresses they write from.

use crate::util::host_harness::{address, mail_to, one, password, table, PostOffice};

#[test]
fn a_move_whose_comment_is_longer_than_the_limit_is_refused_and_nothing_is_sent() {
    let mut office = table("chess");
    let huge = "spam ".repeat(120_000);
    let e4 = format!("chess move 101 alice {} e4", password("alice"));
    let sent = office.send(&address("alice"), &e4, &huge);
    let refusal = one(&sent);
    assert_eq!(refusal.to, address("alice"));
    assert!(
        refusal
            .body
            .contains("bytes long, and this host passes on at most 4096; nothing was sent"),
        "{}",
        refusal.body
    );
    assert!(refusal.body.len() < 8_000, "the refusal does not carry it");
    assert_eq!(office.move_count(101), 0);
    // A comment within the limit goes with the move.
    let sent = office.send(&address("alice"), &e4, "Good luck!");
    assert!(mail_to(&sent, "bob").body.contains("Good luck!"));
}

#[test]
fn a_message_longer_than_the_limit_is_refused_to_its_sender_alone() {
    let mut office = PostOffice::with_config("[limits]\nmax_comment_bytes = 1000\n");
    office.signup("eve");
    office.signup("bob");
    let sent = office.send_as("eve", "message eve PW bob", &"x".repeat(500_000));
    assert_eq!(one(&sent).to, address("eve"));
    assert!(sent[0].body.contains("at most 1000"), "{}", sent[0].body);
    let sent = office.send_as("eve", "message eve PW bob", &"x".repeat(900));
    assert!(mail_to(&sent, "bob").body.contains(&"x".repeat(900)));
}

#[test]
fn one_address_holds_no_more_accounts_than_the_limit() {
    let mut office = PostOffice::with_config("[limits]\naccounts_per_address = 2\n");
    let from = "eve@example.net";
    for n in 1..=2 {
        let sent = office.send(from, &format!("signup eve{n} pw-eve{n}-quince"), "");
        assert!(one(&sent).body.contains("Welcome"), "{}", sent[0].body);
    }
    let sent = office.send(from, "signup eve3 pw-eve3-quince", "");
    assert!(
        one(&sent)
            .body
            .contains("eve@example.net already holds 2 accounts"),
        "{}",
        sent[0].body
    );
    let conn = office.runtime.host.store().connection();
    assert!(pbem::store::find_player(conn, "eve3").unwrap().is_none());
}

#[test]
fn an_error_mail_quotes_only_the_first_lines_of_the_mail_it_answers() {
    let mut office = PostOffice::new();
    let junk: String = (1..=50).map(|n| format!("junk line {n}\n")).collect();
    let sent = office.send("victim@example.net", "frobnicate", &junk);
    let error = one(&sent);
    assert!(error.body.contains("junk line 12"), "{}", error.body);
    assert!(!error.body.contains("junk line 13"), "{}", error.body);
}

#[test]
fn a_multiple_of_fifty_junk_lines_gets_one_short_error_mail() {
    let mut office = PostOffice::new();
    let junk: String = (1..=50).map(|n| format!("frobnicate {n}\n")).collect();
    let sent = office.send("victim@example.net", "multiple", &junk);
    let error = one(&sent);
    assert!(
        error.body.contains("Your mail held 50 commands"),
        "{}",
        error.body
    );
    // Refused alike, they are told once.
    assert_eq!(error.body.matches("Problem:").count(), 1, "{}", error.body);
    assert!(
        error.body.contains("49 more commands were refused as well"),
        "{}",
        error.body
    );
    assert!(error.body.len() < 4_000, "{} bytes", error.body.len());

    // Good lines among bad ones are carried out; the bad ones share one
    // mail that says the others were.
    office.signup("alice");
    let sent = office.send_as("alice", "multiple", "frobnicate\nlist\nfrobnicate again\n");
    assert_eq!(sent.len(), 2, "the list and one error mail");
    let error = sent
        .iter()
        .find(|mail| mail.body.contains("Your mail held 2 commands"))
        .expect("one error mail for both refusals");
    assert!(
        error
            .body
            .contains("the other commands of the same mail were carried out"),
        "{}",
        error.body
    );
}

#[test]
fn forged_senders_get_no_more_answers_an_hour_than_the_limit_in_all() {
    let mut office = PostOffice::with_config("[limits]\nstranger_answers_per_hour = 5\n");
    // Signed up an hour before: the request to confirm an address is a
    // stranger's mail too, counted in the same budget.
    office.set_clock(0);
    office.signup("alice");
    office.set_clock(3601);
    let mut answered = 0;
    for n in 0..20 {
        answered += office
            .send(&format!("victim{n}@example.net"), "frobnicate", "")
            .len();
    }
    assert_eq!(answered, 5);
    // Players are answered as ever.
    assert_eq!(office.send(&address("alice"), "frobnicate", "").len(), 1);
    // An hour on, strangers are answered again.
    office.set_clock(7202);
    assert_eq!(
        office.send("victim99@example.net", "frobnicate", "").len(),
        1
    );
}

#[test]
fn the_hourly_cap_counts_an_address_without_its_tag_and_case() {
    // Answers may fill half the hour: three of six.
    let mut office = PostOffice::with_config("[host]\nmax_mails_per_hour = 6\n");
    let mut delivered = 0;
    for n in 0..10 {
        let from = if n % 2 == 0 {
            format!("victim+{n}@example.net")
        } else {
            format!("VICTIM+{n}@Example.NET")
        };
        delivered += office.send(&from, "frobnicate", "").len();
    }
    assert_eq!(delivered, 3, "one mailbox, one cap");
}

#[test]
fn forged_show_requests_in_a_players_name_cannot_hold_back_his_opponents_move() {
    // Issue 44: `show` needs no password, so anyone may send it in bob's
    // name; its answers counted as bob's game mail and were held, never
    // dropped, so his real mail waited behind them (32 h for 2,040).
    let mut office = PostOffice::with_config("[host]\nmax_mails_per_hour = 6\n");
    office.signup("alice");
    office.signup("bob");
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let shows = "chess show 101\n".repeat(20);
    let mut answered = 0;
    for _ in 0..10 {
        answered += office.send(&address("bob"), "chess show 101", &shows).len();
    }
    assert!(
        answered <= 3,
        "answers fill at most half of bob's hour: {answered}"
    );
    let e4 = format!("chess move 101 alice {} e4", password("alice"));
    let sent = office.send(&address("alice"), &e4, "");
    assert!(
        mail_to(&sent, "bob").body.contains("e4"),
        "the move reaches bob at once"
    );
}
