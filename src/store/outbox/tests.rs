//! The outbox's tests: claims, their expiry, and the order rows are
//! handed to the sender.

use super::*;
use crate::store::Store;

fn mail(recipient: &str, purpose: MailPurpose) -> QueuedMail {
    QueuedMail {
        recipient: recipient.into(),
        subject: "Chess Board 101 bob".into(),
        body: "board".into(),
        message_id: format!("pbem.{recipient}@localhost"),
        in_reply_to: None,
        references: Vec::new(),
        purpose,
        attachment: None,
        html: None,
        cause: None,
    }
}

fn claim(conn: &Connection, owner: &str, now_ms: i64, until: i64) -> Vec<i64> {
    let tx = begin_write(conn).unwrap();
    let mut ids = Vec::new();
    for mailbox in due_mailboxes(&tx, owner, now_ms, 10).unwrap() {
        for (id, _) in due_in_mailbox(&tx, &mailbox, owner, now_ms).unwrap() {
            claim_row(&tx, id, owner, until).unwrap();
            ids.push(id);
        }
    }
    tx.commit().unwrap();
    ids
}

#[test]
fn a_claimed_row_is_not_claimable_by_another_owner_until_its_claim_expires() {
    let store = Store::open_in_memory().unwrap();
    let conn = store.connection();
    let id = queue_mail(
        conn,
        &mail("bob@example.org", MailPurpose::Game),
        now(),
        &MailboxRule::default(),
    )
    .unwrap();
    assert_eq!(claim(conn, "first", 1_000, 61_000), vec![id]);
    assert!(claim(conn, "second", 2_000, 62_000).is_empty());
    assert_eq!(claim(conn, "first", 2_000, 62_000), vec![id], "its own");
    assert_eq!(claim(conn, "second", 62_000, 122_000), vec![id], "expired");
    let entry = &outbox_entries_at(conn, 62_000).unwrap()[0];
    assert_eq!(
        entry.claim,
        Some(Claim {
            owner: "second".into(),
            until: 122_000
        })
    );
}

#[test]
fn the_lock_holder_voids_the_claims_of_a_stopped_sender_and_a_sent_row_stays_sent() {
    let store = Store::open_in_memory().unwrap();
    let conn = store.connection();
    let first = queue_mail(
        conn,
        &mail("bob@example.org", MailPurpose::Game),
        now(),
        &MailboxRule::default(),
    )
    .unwrap();
    let second = queue_mail(
        conn,
        &mail("carol@example.org", MailPurpose::Game),
        now(),
        &MailboxRule::default(),
    )
    .unwrap();
    assert_eq!(claim(conn, "dead", 1_000, 600_000), vec![first, second]);
    mark_sent(conn, first, 1_500).unwrap();
    assert_eq!(release_claims_of_others(conn, "alive").unwrap(), 1);
    assert_eq!(claim(conn, "alive", 2_000, 600_000), vec![second]);
    assert_eq!(release_claims(conn, "alive").unwrap(), 1);
    assert_eq!(outbox_entries_at(conn, 2_000).unwrap()[0].claim, None);
}

#[test]
fn held_rows_wait_and_are_listed_and_dropped_rows_are_only_counted() {
    let store = Store::open_in_memory().unwrap();
    let conn = store.connection();
    let held = queue_mail(
        conn,
        &mail("bob@example.org", MailPurpose::Game),
        now(),
        &MailboxRule::default(),
    )
    .unwrap();
    queue_mail(
        conn,
        &mail("bob@example.org", MailPurpose::Answer),
        now(),
        &MailboxRule::default(),
    )
    .unwrap();
    let tx = begin_write(conn).unwrap();
    assert_eq!(hold_due(&tx, "bob@example.org", 10_000, 90_000).unwrap(), 1);
    assert_eq!(drop_due_answers(&tx, "bob@example.org", 10_000).unwrap(), 1);
    tx.commit().unwrap();
    assert!(!any_fresh_due(conn, 89_999).unwrap());
    assert!(any_fresh_due(conn, 90_000).unwrap());
    assert_eq!(next_due(conn).unwrap(), Some(90_000));
    let entries = outbox_entries_at(conn, 10_000).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].state, OutboxState::Held { until: 90_000 });
    assert_eq!(entries[0].purpose, MailPurpose::Game);
    assert_eq!(dropped_since(conn, 10).unwrap(), 1);
    assert_eq!(due(conn, 90_000, 10).unwrap()[0].id, held);
    assert_eq!(
        outbox_entries_at(conn, 90_000).unwrap()[0].state,
        OutboxState::Waiting
    );
}

#[test]
fn the_caps_window_counts_sent_mail_ignoring_case() {
    let store = Store::open_in_memory().unwrap();
    let conn = store.connection();
    for at in [5_000, 3_605_000, 3_700_000] {
        let id = queue_mail(
            conn,
            &mail("Bob@Example.org", MailPurpose::Game),
            now(),
            &MailboxRule::default(),
        )
        .unwrap();
        mark_sent(conn, id, at).unwrap();
    }
    assert_eq!(
        sent_to_since(conn, "bob@example.org", 3_700_000 - 3_600_000, 10).unwrap(),
        vec![3_605_000, 3_700_000]
    );
    assert_eq!(
        sent_to_since(conn, "bob@example.org", 0, 1).unwrap(),
        vec![5_000]
    );
}
