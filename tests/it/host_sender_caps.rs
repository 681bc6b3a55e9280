//! Issue 44's last gaps in what the host sends: every mail counts against
//! the sender whose mail caused it as well as against its recipient, and
//! which domains ignore dots is the operator's to say.

use crate::util::host_harness::{address, password, PostOffice, Sent};
use pbem::store::{self, security::SecurityKind};

const HOUR: i64 = 3600;

fn to(sent: &[Sent], userid: &str) -> usize {
    sent.iter()
        .filter(|mail| mail.to == address(userid))
        .count()
}

#[test]
fn a_senders_mails_to_others_stop_at_his_own_cap_but_his_boards_go() {
    let mut office = PostOffice::with_config("[limits]\nmails_per_sender_per_hour = 3\n");
    office.set_clock(0);
    let others = ["carol", "dave", "erin", "frank"];
    for userid in ["alice", "bob"].iter().chain(&others) {
        office.signup(userid);
    }
    // What the signups caused is an hour old.
    office.set_clock(2 * HOUR);
    // Mail forged in her name, to her own mailbox, spends none of what
    // she may send others (the hourly cap counts it).
    let help = "help\n".repeat(20);
    office.send(&address("alice"), "multiple", &help);
    let challenge = office.send(&address("alice"), "chess challenge alice bob", "");
    assert_eq!(challenge.len(), 2, "{challenge:#?}");
    let mut messages = Vec::new();
    for userid in others {
        let subject = format!("message alice {} {userid}", password("alice"));
        messages.extend(office.send(&address("alice"), &subject, "hello"));
    }
    // bob's new board and two messages make three mails to others; her
    // own notes that each message went are hers.
    let delivered: Vec<usize> = others.iter().map(|userid| to(&messages, userid)).collect();
    assert_eq!(delivered, [1, 1, 0, 0], "{messages:#?}");
    assert_eq!(to(&messages, "alice"), 4);
    // Mail about a board its recipient sits at is counted, and goes.
    let e4 = format!("chess move 101 alice {} e4", password("alice"));
    let moved = office.send(&address("alice"), &e4, "");
    assert_eq!(
        (to(&moved, "alice"), to(&moved, "bob")),
        (1, 1),
        "{moved:#?}"
    );
    // Another sender's mail is his own.
    let subject = format!("message bob {} dave", password("bob"));
    assert_eq!(to(&office.send(&address("bob"), &subject, "hi"), "dave"), 1);
    let conn = office.runtime.host.store().connection();
    let log = store::security::security_log(conn, None, None).unwrap();
    let hits: Vec<_> = log
        .iter()
        .filter(|event| {
            event.kind == SecurityKind::LimitHit
                && event
                    .detail
                    .starts_with("mails_per_sender_per_hour: 1 mail(s)")
        })
        .collect();
    assert_eq!(hits.len(), 2, "one entry per mail that met it: {log:#?}");
    assert_eq!(hits[0].address.as_deref(), Some("alice@example.org"));
    // An hour on, her mails go again.
    office.set_clock(3 * HOUR + 1);
    let subject = format!("message alice {} erin", password("alice"));
    assert_eq!(
        to(&office.send(&address("alice"), &subject, "again"), "erin"),
        1
    );
}

/// `help` from eight spellings of one local part: answers may fill half
/// of a mailbox's hour (5 of 10).
fn helps_answered(office: &mut PostOffice, domain: &str) -> usize {
    let name = "victimsbox";
    (1..=8)
        .map(|n| {
            let from = format!("{}.{}@{domain}", &name[..n], &name[n..]);
            office.send(&from, "help", "").len()
        })
        .sum()
}

#[test]
fn the_domains_the_operator_names_and_only_those_count_dot_variants_as_one_mailbox() {
    let mut office = PostOffice::with_config(
        "[host]\nmax_mails_per_hour = 10\n[limits]\ndotless_domains = [\"example.net\"]\n",
    );
    office.set_clock(0);
    assert_eq!(helps_answered(&mut office, "example.net"), 5, "one mailbox");
    assert_eq!(
        helps_answered(&mut office, "gmail.com"),
        8,
        "gmail.com is not named here: eight mailboxes"
    );
    let mut office = PostOffice::with_config("[host]\nmax_mails_per_hour = 10\n");
    office.set_clock(0);
    assert_eq!(helps_answered(&mut office, "example.net"), 8);
    assert_eq!(helps_answered(&mut office, "gmail.com"), 5, "the default");
}
