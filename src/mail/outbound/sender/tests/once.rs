//! The sender's promises about each mail: the hourly cap holds or drops,
//! a connection's next mail waits for the last one's record, answers the
//! store could not take are recorded before anything else goes, and a
//! stopped sender's claims are taken over.

use super::*;

fn queue_for(store: &Store, recipient: &str, purpose: MailPurpose, n: usize) -> i64 {
    let mail = QueuedMail {
        recipient: recipient.into(),
        subject: format!("mail {n}"),
        body: "text".into(),
        message_id: format!("pbem.{n}.{recipient}@localhost"),
        in_reply_to: None,
        references: Vec::new(),
        purpose,
        attachment: None,
        html: None,
        cause: None,
    };
    store::queue_mail(
        store.connection(),
        &mail,
        store::now(),
        &store::MailboxRule::default(),
    )
    .unwrap()
}

fn capped_sender(transport: &std::sync::Arc<Scripted>, per_hour: u32) -> OutboxSender {
    let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
    let transport = Box::new(std::sync::Arc::clone(transport));
    // The whole hour open to answers: these tests are about the cap's
    // order, backlog.rs about the answers' part of it.
    OutboxSender::new(transport, from, RetryPolicy::default(), per_hour)
        .with_answers_per_hour(per_hour)
}

#[test]
fn the_cap_holds_a_players_game_mail_until_the_hour_allows_and_drops_other_answers() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let mut sender = capped_sender(&transport, 2);
    let start = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let first = queue_for(&store, "bob@example.org", MailPurpose::Game, 1);
    let second = queue_for(&store, "Bob@Example.org", MailPurpose::Answer, 2);
    let board = queue_for(&store, "bob@example.org", MailPurpose::Game, 3);
    let help = queue_for(&store, "bob@example.org", MailPurpose::Answer, 4);
    let drained = sender.drain(store.connection(), start).unwrap();
    assert_eq!(
        (drained.sent, drained.held, drained.dropped),
        (2, 1, 1),
        "{drained:?}"
    );
    let hour_later = millis(start + Duration::from_secs(3600));
    let entries = store::outbox_entries_at(store.connection(), millis(start)).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].id, board);
    assert_eq!(entries[0].state, OutboxState::Held { until: hour_later });
    assert!(
        store::outbox_entries(store.connection())
            .unwrap()
            .iter()
            .all(|entry| entry.id != help),
        "a dropped answer is no longer waiting"
    );
    assert_eq!(store::dropped_since(store.connection(), 0).unwrap(), 1);
    let early = start + Duration::from_secs(3599);
    assert_eq!(sender.drain(store.connection(), early).unwrap().sent, 0);
    let on_time = start + Duration::from_secs(3600);
    assert_eq!(sender.drain(store.connection(), on_time).unwrap().sent, 1);
    assert_eq!(
        *transport.accepted.lock().unwrap(),
        vec![first, second, board]
    );
}

#[test]
fn mails_held_by_the_cap_go_out_before_newer_ones_once_the_cap_is_raised() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let start = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let first = queue_for(&store, "bob@example.org", MailPurpose::Game, 1);
    let held = queue_for(&store, "bob@example.org", MailPurpose::Game, 2);
    let drained = capped_sender(&transport, 1)
        .drain(store.connection(), start)
        .unwrap();
    assert_eq!((drained.sent, drained.held), (1, 1), "{drained:?}");
    // The operator raises the cap and starts the host again.
    let mut raised = capped_sender(&transport, 10);
    raised.take_over(store.connection()).unwrap();
    let newer = queue_for(&store, "bob@example.org", MailPurpose::Game, 3);
    let later = start + Duration::from_secs(60);
    assert_eq!(raised.drain(store.connection(), later).unwrap().sent, 2);
    assert_eq!(
        *transport.accepted.lock().unwrap(),
        vec![first, held, newer]
    );
}

/// A transport that, as each send begins, counts the mails it accepted
/// that are not yet marked sent in the database.
struct Auditing {
    db: Mutex<rusqlite::Connection>,
    accepted: Mutex<Vec<i64>>,
    worst_unmarked: std::sync::atomic::AtomicUsize,
}

impl Transport for std::sync::Arc<Auditing> {
    fn send(&self, mail: &Outgoing) -> Result<(), SendError> {
        // Accepted is held while the marks are counted, so no other
        // connection's accept lands between the two counts (on a busy
        // machine it did, and the audit counted mails it had not seen).
        let mut accepted = self.accepted.lock().unwrap();
        let marked: i64 = self
            .db
            .lock()
            .unwrap()
            .query_row(
                "SELECT COUNT(*) FROM outbox WHERE sent IS NOT NULL",
                [],
                |r| r.get(0),
            )
            .unwrap();
        let unmarked = accepted.len().saturating_sub(marked as usize);
        self.worst_unmarked
            .fetch_max(unmarked, std::sync::atomic::Ordering::SeqCst);
        accepted.push(mail.id);
        Ok(())
    }

    fn parallel_sends(&self) -> usize {
        3
    }

    fn describe(&self) -> String {
        "auditing".into()
    }
}

#[test]
fn a_connection_hands_over_its_next_mail_only_once_the_last_is_marked_sent() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite");
    let store = Store::open(&path).unwrap();
    for n in 0..120 {
        queue_for(
            &store,
            &format!("p{}@example.org", n % 12),
            MailPurpose::Game,
            n,
        );
    }
    let transport = std::sync::Arc::new(Auditing {
        db: Mutex::new(rusqlite::Connection::open(&path).unwrap()),
        accepted: Mutex::new(Vec::new()),
        worst_unmarked: Default::default(),
    });
    let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
    let boxed = Box::new(std::sync::Arc::clone(&transport));
    let mut sender = OutboxSender::new(boxed, from, RetryPolicy::default(), 1000);
    let drained = sender.drain(store.connection(), SystemTime::now()).unwrap();
    assert_eq!(drained.sent, 120);
    // Each of the other two connections may have one mail out that is
    // not marked yet; never more.
    let worst = transport
        .worst_unmarked
        .load(std::sync::atomic::Ordering::SeqCst);
    assert!(worst <= 2, "{worst} mails were out and unmarked at once");
}

/// A transport that accepts every mail, and as it accepts the first one
/// another connection takes the database's write lock and keeps it.
struct Blocking {
    path: std::path::PathBuf,
    blocker: Mutex<Option<rusqlite::Connection>>,
    accepted: Mutex<Vec<i64>>,
}

impl Transport for std::sync::Arc<Blocking> {
    fn send(&self, mail: &Outgoing) -> Result<(), SendError> {
        let mut blocker = self.blocker.lock().unwrap();
        if blocker.is_none() && self.accepted.lock().unwrap().is_empty() {
            let conn = rusqlite::Connection::open(&self.path).unwrap();
            conn.execute_batch("BEGIN IMMEDIATE").unwrap();
            *blocker = Some(conn);
        }
        self.accepted.lock().unwrap().push(mail.id);
        Ok(())
    }

    fn describe(&self) -> String {
        "blocking".into()
    }
}

#[test]
fn what_the_store_could_not_record_is_recorded_before_anything_is_sent_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite");
    let store = Store::open(&path).unwrap();
    store
        .connection()
        .busy_timeout(Duration::from_millis(20))
        .unwrap();
    let first = queue(&store, "bob@example.org");
    let second = queue(&store, "carol@example.org");
    // Another writer takes the database as the first mail goes out.
    let transport = std::sync::Arc::new(Blocking {
        path: path.clone(),
        blocker: Mutex::new(None),
        accepted: Mutex::new(Vec::new()),
    });
    let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
    let boxed = Box::new(std::sync::Arc::clone(&transport));
    let mut sender = OutboxSender::new(boxed, from, RetryPolicy::default(), 1000);
    assert!(sender.drain(store.connection(), SystemTime::now()).is_err());
    assert_eq!(*transport.accepted.lock().unwrap(), vec![first]);
    let blocker = transport.blocker.lock().unwrap().take().unwrap();
    blocker.execute_batch("COMMIT").unwrap();
    let drained = sender.drain(store.connection(), SystemTime::now()).unwrap();
    assert_eq!(drained.sent, 2);
    let accepted = transport.accepted.lock().unwrap().clone();
    assert_eq!(accepted, vec![first, second], "each handed over once");
    assert!(store::outbox_entries(store.connection())
        .unwrap()
        .is_empty());
}

#[test]
fn the_lock_holder_takes_over_the_rows_a_stopped_sender_claimed() {
    let store = Store::open_in_memory().unwrap();
    let id = queue(&store, "bob@example.org");
    let conn = store.connection();
    let tx = store::begin_write(conn).unwrap();
    let claimed_until = i64::MAX;
    store::claim_row(&tx, id, "pid 1 #dead", claimed_until).unwrap();
    tx.commit().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let mut sender = sender(&transport);
    assert_eq!(sender.drain(conn, SystemTime::now()).unwrap().sent, 0);
    assert_eq!(sender.take_over(conn).unwrap(), 1);
    assert_eq!(sender.drain(conn, SystemTime::now()).unwrap().sent, 1);
}
