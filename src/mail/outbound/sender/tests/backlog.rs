//! A backlog an attacker builds cannot hold a player's game mail back or
//! make the sender slow: answers fill only their part of a mailbox's hour
//! and are dropped past it, held rows are decided once (not again every
//! round or every start), and sent rows are pruned after `keep_sent`.

use super::*;

fn queue_n(store: &Store, recipient: &str, purpose: MailPurpose, n: usize) -> Vec<i64> {
    let conn = store.connection();
    let tx = store::begin_write(conn).unwrap();
    let ids = (0..n)
        .map(|i| {
            let mail = QueuedMail {
                recipient: recipient.into(),
                subject: format!("mail {i}"),
                body: "text".into(),
                message_id: format!("pbem.{i}.{purpose:?}.{recipient}@localhost"),
                in_reply_to: None,
                references: Vec::new(),
                purpose,
                attachment: None,
                html: None,
                cause: None,
            };
            store::queue_mail(&tx, &mail, store::now(), &store::MailboxRule::default()).unwrap()
        })
        .collect();
    tx.commit().unwrap();
    ids
}

fn capped(transport: &std::sync::Arc<Scripted>, per_hour: u32) -> OutboxSender {
    let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
    let transport = Box::new(std::sync::Arc::clone(transport));
    OutboxSender::new(transport, from, RetryPolicy::default(), per_hour)
}

const START: u64 = 1_700_000_000;

#[test]
fn a_flood_of_answers_is_dropped_and_the_players_game_mail_still_goes_out_at_once() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let mut sender = capped(&transport, 60);
    // Forged `show` mails in bob's name, 2,000 answers, then his
    // opponent's move.
    queue_n(&store, "bob@example.org", MailPurpose::Answer, 2000);
    let game = queue_n(&store, "Bob+x@example.org", MailPurpose::Game, 1)[0];
    let start = UNIX_EPOCH + Duration::from_secs(START);
    let drained = sender.drain(store.connection(), start).unwrap();
    assert_eq!(
        (drained.sent, drained.held, drained.dropped),
        (31, 0, 1970),
        "half the hour for answers, the move on top: {drained:?}"
    );
    assert!(transport.accepted.lock().unwrap().contains(&game));
    assert!(store::outbox_entries(store.connection())
        .unwrap()
        .is_empty());
}

#[test]
fn a_held_backlog_is_decided_once_and_not_again_on_each_round_or_start() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let mut sender = capped(&transport, 10);
    sender.take_over(store.connection()).unwrap();
    queue_n(&store, "bob@example.org", MailPurpose::Game, 2000);
    let start = UNIX_EPOCH + Duration::from_secs(START);
    let drained = sender.drain(store.connection(), start).unwrap();
    assert_eq!((drained.sent, drained.held), (10, 1990), "{drained:?}");
    // Another start under the same cap, a minute later: nothing is due,
    // nothing is decided again.
    let mut again = capped(&transport, 10);
    again.take_over(store.connection()).unwrap();
    let minute = start + Duration::from_secs(60);
    let drained = again.drain(store.connection(), minute).unwrap();
    assert_eq!((drained.sent, drained.held), (0, 0), "{drained:?}");
    // An hour on, the next ten go and the rest are held again at once.
    let hour = start + Duration::from_secs(3600);
    let drained = again.drain(store.connection(), hour).unwrap();
    assert_eq!((drained.sent, drained.held), (10, 1980), "{drained:?}");
}

#[test]
fn sent_and_dropped_rows_are_pruned_after_keep_sent_but_never_the_newest() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let keep = Duration::from_secs(86400);
    let mut sender = capped(&transport, 4).keeping_sent(keep);
    queue_n(&store, "bob@example.org", MailPurpose::Answer, 10);
    let start = UNIX_EPOCH + Duration::from_secs(START);
    let drained = sender.drain(store.connection(), start).unwrap();
    assert_eq!((drained.sent, drained.dropped), (2, 8), "{drained:?}");
    let rows = |store: &Store| -> i64 {
        store
            .connection()
            .query_row("SELECT count(*) FROM outbox", [], |row| row.get(0))
            .unwrap()
    };
    assert_eq!(rows(&store), 10, "kept for a day");
    sender.drain(store.connection(), start + keep).unwrap();
    assert_eq!(rows(&store), 10, "not yet past keep_sent");
    let later = start + keep + Duration::from_secs(61);
    sender.drain(store.connection(), later).unwrap();
    assert_eq!(
        rows(&store),
        1,
        "all but the newest, so no id is used again"
    );
    let next = queue_n(&store, "bob@example.org", MailPurpose::Game, 1)[0];
    assert!(next > 10, "{next}");
}
