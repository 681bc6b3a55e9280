//! Issue 44, points 6, 7 and 12: the mails asking an address to confirm
//! are strangers' mail, counted as such; what never confirms lapses; and
//! only the reply the host asked for confirms an address.

use crate::util::host_harness::{one, PostOffice, Sent};
use pbem::store::{self, security::SecurityKind};

const DAY: i64 = 86_400;

fn signup(office: &mut PostOffice, from: &str, userid: &str, more: &str) -> Vec<Sent> {
    office.send(
        from,
        &format!("signup {userid} pw-{userid}-quince {more}"),
        "",
    )
}

fn exists(office: &PostOffice, userid: &str) -> bool {
    let conn = office.runtime.host.store().connection();
    store::find_player(conn, userid).unwrap().is_some()
}

#[test]
fn forged_signups_relay_no_more_confirmation_requests_than_the_strangers_budget() {
    // The attack: 300 forged signups, each naming three more addresses,
    // sent 1,200 requests to 1,200 addresses, outside every budget.
    let mut office = PostOffice::with_config("[limits]\nstranger_answers_per_hour = 12\n");
    office.set_clock(0);
    let mut relayed = 0;
    for n in 0..8 {
        let victims: Vec<String> = (0..3)
            .map(|k| format!("victim{n}.{k}@example.net"))
            .collect();
        let from = format!("forger{n}@example.net");
        relayed += signup(
            &mut office,
            &from,
            &format!("forged{n}"),
            &victims.join(" "),
        )
        .len();
    }
    assert_eq!(
        relayed, 12,
        "three signups' four requests, and nothing more"
    );
    assert!(exists(&office, "forged2"));
    assert!(
        !exists(&office, "forged3"),
        "no account is made whose requests could not go"
    );
    let conn = office.runtime.host.store().connection();
    let log = store::security::security_log(conn, None, Some("forged3")).unwrap();
    assert!(
        log.iter().any(|event| event.kind == SecurityKind::LimitHit
            && event.detail.contains("stranger_answers_per_hour")),
        "{log:?}"
    );
    // An hour on, the budget has room again.
    office.set_clock(3601);
    assert_eq!(signup(&mut office, "late@example.net", "late", "").len(), 1);
}

#[test]
fn dot_variants_of_a_gmail_address_get_no_more_requests_than_its_cap() {
    // Gmail ignores dots: forty spellings are one mailbox, whose hour
    // answers may fill only half of.
    let mut office = PostOffice::with_config("[host]\nmax_mails_per_hour = 10\n");
    office.set_clock(0);
    let name = "victimsmailbox";
    let mut delivered = 0;
    for n in 1..name.len() {
        let from = format!("{}.{}@gmail.com", &name[..n], &name[n..]);
        delivered += signup(&mut office, &from, &format!("dotted{n}"), "").len();
    }
    assert_eq!(delivered, 5, "one mailbox, one cap");
}

#[test]
fn forged_signups_naming_an_address_lapse_and_free_it_and_their_userids() {
    // The attack: three forged signups naming victim@example.net still
    // refused the victim's own signup three months later.
    let mut office = PostOffice::new();
    office.set_clock(0);
    for n in 0..3 {
        let from = format!("forger{n}@example.net");
        signup(
            &mut office,
            &from,
            &format!("squat{n}"),
            "victim@example.net",
        );
    }
    office.set_clock(60);
    let refused = signup(&mut office, "victim@example.net", "victim", "");
    assert!(
        one(&refused).body.contains("already holds 3 accounts"),
        "{}",
        refused[0].body
    );
    let taken = signup(&mut office, "victim@example.net", "squat0", "");
    assert!(one(&taken).body.contains("squat0"), "{}", taken[0].body);
    // Three days on, what never confirmed has lapsed.
    office.set_clock(3 * DAY + 120);
    let welcome = signup(&mut office, "victim@example.net", "victim", "");
    assert!(
        one(&welcome).body.contains("Welcome"),
        "{}",
        welcome[0].body
    );
    assert!(!exists(&office, "squat1"), "the userid is free again");
    let welcome = signup(&mut office, "other@example.net", "squat1", "");
    assert!(
        one(&welcome).body.contains("Welcome"),
        "{}",
        welcome[0].body
    );
    let conn = office.runtime.host.store().connection();
    let log = store::security::security_log(conn, None, Some("squat2")).unwrap();
    let lapsed = log
        .iter()
        .filter(|event| event.kind == SecurityKind::UnconfirmedLapsed)
        .count();
    assert_eq!(lapsed, 3, "two addresses and the account: {log:?}");
}

#[test]
fn the_timers_let_unconfirmed_accounts_lapse_but_never_a_players() {
    let mut office = PostOffice::with_config("[accounts]\nunconfirmed_life = \"2d\"\n");
    office.set_clock(0);
    office.signup("alice");
    signup(&mut office, "mallory@example.net", "squatter", "");
    // A player's new address waits, and lapses too; his account stays.
    let change = "change address alice pw-alice-quince alice@example.org alice@home.example";
    office.send("alice@example.org", change, "");
    office.set_clock(DAY);
    let report = office.runtime.host.tick().unwrap();
    assert_eq!(report.unconfirmed_lapsed, 0, "nothing has waited two days");
    assert!(exists(&office, "squatter"));
    office.set_clock(2 * DAY + 1);
    let report = office.runtime.host.tick().unwrap();
    assert_eq!(report.unconfirmed_lapsed, 3, "{report:?}");
    assert!(!exists(&office, "squatter"));
    assert!(exists(&office, "alice"));
    let conn = office.runtime.host.store().connection();
    assert!(store::pending_addresses(conn, "alice").unwrap().is_empty());
}

#[test]
fn a_helpdesks_ticket_reply_confirms_nothing_and_yes_does() {
    // The attack: an account signed up naming a helpdesk's address; the
    // helpdesk's ticket auto-reply (without RFC 3834 headers) confirmed it.
    let mut office = PostOffice::new();
    office.set_clock(0);
    let sent = signup(
        &mut office,
        "mallory@example.net",
        "mallory",
        "help@desk.example",
    );
    let request = sent
        .iter()
        .find(|mail| mail.to == "help@desk.example")
        .expect("a request to confirm")
        .clone();
    assert!(
        request.body.contains("with the word yes"),
        "{}",
        request.body
    );
    let ticket = "Thank you for contacting support. Your ticket #4711 has been opened;\n\
                  an agent will answer you soon.";
    let answer = office.reply("help@desk.example", &request, ticket);
    assert!(
        one(&answer)
            .body
            .contains("only when it begins with the word yes"),
        "{}",
        answer[0].body
    );
    let conn = office.runtime.host.store().connection();
    let waiting = store::pending_addresses(conn, "mallory").unwrap();
    assert!(waiting.iter().any(|address| address == "help@desk.example"));
    let player = store::find_player(conn, "mallory").unwrap().unwrap();
    assert!(!player.has_address("help@desk.example"), "not confirmed");
    // The owner who wants it says so.
    office.reply("help@desk.example", &request, "Yes, please.");
    let conn = office.runtime.host.store().connection();
    let player = store::find_player(conn, "mallory").unwrap().unwrap();
    assert!(player.has_address("help@desk.example"));
}

#[test]
fn a_helpdesk_answering_every_refusal_loops_no_longer_than_the_error_run() {
    // A naive auto-responder (no RFC 3834 headers, the original below a
    // separator, a new ticket each time) answers every mail the host
    // sends it: the refusals count as errors in a row, and stop.
    let mut office = PostOffice::with_config("[limits]\nerrors_in_a_row = 4\n");
    office.set_clock(0);
    let sent = signup(
        &mut office,
        "mallory@example.net",
        "mallory",
        "help@desk.example",
    );
    let mut answering = sent
        .into_iter()
        .find(|mail| mail.to == "help@desk.example")
        .expect("a request to confirm");
    let mut mails = 0;
    for ticket in 1..=50 {
        office.set_clock(ticket * 60);
        let body = format!(
            "Your ticket #{ticket} has been opened.\n\n-------- Original Message --------\n\
             Subject: {}\n\n{}",
            answering.subject, answering.body
        );
        let sent = office.reply("help@desk.example", &answering, &body);
        let Some(last) = sent.last() else {
            break;
        };
        mails += sent.len();
        answering = last.clone();
    }
    assert_eq!(mails, 4, "limits.errors_in_a_row");
    let conn = office.runtime.host.store().connection();
    let player = store::find_player(conn, "mallory").unwrap().unwrap();
    assert!(!player.has_address("help@desk.example"), "never confirmed");
}

/// Accounts per address count a mailbox however it is spelt: forged
/// signups naming `+tag`, case and Gmail dot variants of one mailbox
/// held it all the same, one spelling at a time.
#[test]
fn accounts_per_address_count_a_mailbox_under_every_spelling() {
    let mut office = PostOffice::new();
    office.set_clock(0);
    let spellings = [
        "Victim+a@example.net",
        "victim+b@EXAMPLE.net",
        "victim@example.net",
    ];
    for (n, spelling) in spellings.iter().enumerate() {
        signup(
            &mut office,
            &format!("forger{n}@example.org"),
            &format!("squat{n}"),
            spelling,
        );
    }
    let refused = signup(&mut office, "victim+c@example.net", "victim", "");
    assert!(
        one(&refused).body.contains("already holds 3 accounts"),
        "{}",
        refused[0].body
    );
    for (n, spelling) in [
        "vic.tim@gmail.com",
        "v.ictim+x@gmail.com",
        "victim@gmail.com",
    ]
    .iter()
    .enumerate()
    {
        signup(
            &mut office,
            &format!("gforger{n}@example.org"),
            &format!("gsquat{n}"),
            spelling,
        );
    }
    let refused = signup(&mut office, "vict.im@gmail.com", "gvictim", "");
    assert!(one(&refused).body.contains("already holds 3 accounts"));
}
