//! The sender's tests over a transport that records: retries, the hourly
//! cap, parallel sends and what stays queued.

use super::*;
use crate::mail::outbound::host_mailbox;
use crate::store::{MailPurpose, OutboxState, QueuedMail, Store};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

const MINUTE: Duration = Duration::from_secs(60);

/// A transport whose server can be switched off, that refuses some
/// recipients for good, and records what it accepted.
#[derive(Default)]
struct Scripted {
    down: AtomicBool,
    refused: Vec<String>,
    busy: Vec<String>,
    /// Rows whose sending takes a while, as a big message would.
    slow: Vec<i64>,
    accepted: Mutex<Vec<i64>>,
}

impl Transport for std::sync::Arc<Scripted> {
    fn send(&self, mail: &Outgoing) -> Result<(), SendError> {
        if self.down.load(Ordering::SeqCst) {
            return Err(SendError::new(
                FailureKind::Unavailable,
                "connection refused",
            ));
        }
        let to = mail.envelope.to()[0].to_string();
        if self.refused.contains(&to) {
            return Err(SendError::new(FailureKind::Rejected, "550 no such user"));
        }
        if self.busy.contains(&to) {
            return Err(SendError::new(FailureKind::Deferred, "451 try later"));
        }
        if self.slow.contains(&mail.id) {
            std::thread::sleep(Duration::from_millis(200));
        }
        self.accepted.lock().unwrap().push(mail.id);
        Ok(())
    }

    fn parallel_sends(&self) -> usize {
        3
    }

    fn describe(&self) -> String {
        "scripted".into()
    }
}

fn queue(store: &Store, recipient: &str) -> i64 {
    let mail = QueuedMail {
        recipient: recipient.into(),
        subject: "Chess Board 101 bob".into(),
        body: "board".into(),
        message_id: format!("pbem.{recipient}@localhost"),
        in_reply_to: None,
        references: Vec::new(),
        purpose: MailPurpose::Game,
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

fn sender(transport: &std::sync::Arc<Scripted>) -> OutboxSender {
    let policy = RetryPolicy {
        first_retry: MINUTE,
        max_retry: 8 * MINUTE,
        give_up_after: Duration::from_secs(5 * 86400),
    };
    let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
    OutboxSender::new(
        Box::new(std::sync::Arc::clone(transport)),
        from,
        policy,
        1000,
    )
}

fn state(store: &Store, id: i64) -> OutboxState {
    store::outbox_entries(store.connection())
        .unwrap()
        .into_iter()
        .find(|entry| entry.id == id)
        .map(|entry| entry.state)
        .expect("the row is still unsent")
}

#[test]
fn a_players_mails_arrive_in_the_order_they_were_queued() {
    let store = Store::open_in_memory().unwrap();
    let first = queue(&store, "bob@example.org");
    let others = [
        queue(&store, "carol@example.org"),
        queue(&store, "dave@example.org"),
    ];
    let second = queue(&store, "Bob@Example.org");
    // The first of bob's mails is slow to send; the other connections
    // are free meanwhile.
    let transport = std::sync::Arc::new(Scripted {
        slow: vec![first],
        ..Scripted::default()
    });
    let drained = sender(&transport)
        .drain(store.connection(), SystemTime::now())
        .unwrap();
    assert_eq!(drained.sent, 4);
    let accepted = transport.accepted.lock().unwrap().clone();
    let position = |id| accepted.iter().position(|sent| *sent == id).unwrap();
    assert!(position(first) < position(second), "{accepted:?}");
    assert!(others.iter().all(|id| position(*id) < position(first)));
}

#[test]
fn back_off_doubles_from_the_first_retry_up_to_the_maximum() {
    let policy = RetryPolicy {
        first_retry: MINUTE,
        max_retry: 60 * MINUTE,
        give_up_after: Duration::from_secs(86400),
    };
    let delays: Vec<u64> = (1..=8)
        .map(|failures| policy.delay_after(failures).as_secs() / 60)
        .collect();
    assert_eq!(delays, [1, 2, 4, 8, 16, 32, 60, 60]);
    assert_eq!(policy.delay_after(1000), 60 * MINUTE);
}

#[test]
fn a_failed_row_waits_out_its_back_off_then_goes_out_once() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let mut sender = sender(&transport);
    let id = queue(&store, "bob@example.org");
    let start = SystemTime::now();
    transport.down.store(true, Ordering::SeqCst);

    let drained = sender.drain(store.connection(), start).unwrap();
    assert_eq!((drained.sent, drained.deferred), (0, 1));
    let OutboxState::Retrying {
        attempts,
        next_attempt,
        last_error,
    } = state(&store, id)
    else {
        panic!("the row should be retrying")
    };
    assert_eq!(attempts, 1);
    assert_eq!(next_attempt, millis(start + MINUTE));
    assert_eq!(last_error, "connection refused");

    // Second failure: the wait doubles.
    let second = start + MINUTE;
    sender.drain(store.connection(), second).unwrap();
    assert!(matches!(
        state(&store, id),
        OutboxState::Retrying { attempts: 2, next_attempt, .. }
            if next_attempt == millis(second + 2 * MINUTE)
    ));

    // The server is back, but the row's time has not come.
    transport.down.store(false, Ordering::SeqCst);
    let early = sender
        .drain(
            store.connection(),
            second + MINUTE + Duration::from_secs(30),
        )
        .unwrap();
    assert_eq!(early.sent, 0);
    assert!(transport.accepted.lock().unwrap().is_empty());

    let due = sender
        .drain(store.connection(), second + 2 * MINUTE)
        .unwrap();
    assert_eq!(due.sent, 1);
    assert!(store::outbox_entries(store.connection())
        .unwrap()
        .is_empty());
    assert_eq!(*transport.accepted.lock().unwrap(), vec![id]);
    // Nothing is sent a second time.
    assert_eq!(
        sender
            .drain(store.connection(), second + 10 * MINUTE)
            .unwrap()
            .sent,
        0
    );
}

#[test]
fn an_unreachable_server_pauses_the_sender_instead_of_failing_every_row() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let mut sender = sender(&transport);
    let start = SystemTime::now();
    transport.down.store(true, Ordering::SeqCst);
    let first = queue(&store, "bob@example.org");
    assert_eq!(sender.drain(store.connection(), start).unwrap().deferred, 1);
    // Mail queued during the outage is not tried until the pause ends.
    let later = queue(&store, "carol@example.org");
    let paused = sender
        .drain(store.connection(), start + Duration::from_secs(30))
        .unwrap();
    assert_eq!(paused, Drained::default());
    assert_eq!(state(&store, later), OutboxState::Waiting);
    transport.down.store(false, Ordering::SeqCst);
    let resumed = sender.drain(store.connection(), start + MINUTE).unwrap();
    assert_eq!(resumed.sent, 2);
    let mut accepted = transport.accepted.lock().unwrap().clone();
    accepted.sort();
    assert_eq!(accepted, vec![first, later]);
}

#[test]
fn a_row_failing_past_the_give_up_time_is_set_aside_and_listed() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let mut sender = sender(&transport);
    let old = queue(&store, "bob@example.org");
    transport.down.store(true, Ordering::SeqCst);
    let start = SystemTime::now();
    // Four days of failures: still waiting.
    let drained = sender
        .drain(store.connection(), start + Duration::from_secs(4 * 86400))
        .unwrap();
    assert_eq!((drained.deferred, drained.given_up), (1, 0));
    // Past five days, the next failure gives it up.
    let drained = sender
        .drain(
            store.connection(),
            start + Duration::from_secs(5 * 86400 + 60),
        )
        .unwrap();
    assert_eq!((drained.deferred, drained.given_up), (0, 1));
    let OutboxState::GivenUp {
        attempts, reason, ..
    } = state(&store, old)
    else {
        panic!("the row should be given up")
    };
    assert_eq!(attempts, 2);
    assert!(
        reason.starts_with("gave up after 5d and 2 tries"),
        "{reason}"
    );
    assert!(reason.contains("connection refused"), "{reason}");
    // A given-up row is never tried again.
    transport.down.store(false, Ordering::SeqCst);
    let later = start + Duration::from_secs(6 * 86400);
    assert_eq!(sender.drain(store.connection(), later).unwrap().sent, 0);
    assert!(transport.accepted.lock().unwrap().is_empty());
}

#[test]
fn a_refused_recipient_is_set_aside_and_the_others_still_go_out() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted {
        refused: vec!["nobody@example.org".into()],
        ..Scripted::default()
    });
    let mut sender = sender(&transport);
    let first = queue(&store, "alice@example.org");
    let refused = queue(&store, "nobody@example.org");
    let last = queue(&store, "bob@example.org");
    let drained = sender.drain(store.connection(), SystemTime::now()).unwrap();
    assert_eq!((drained.sent, drained.given_up), (2, 1));
    let mut accepted = transport.accepted.lock().unwrap().clone();
    accepted.sort();
    assert_eq!(accepted, vec![first, last]);
    assert!(matches!(
        state(&store, refused),
        OutboxState::GivenUp { reason, .. } if reason == "refused: 550 no such user"
    ));
}

#[test]
fn an_unbuildable_row_is_set_aside_and_the_rest_go_out() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted::default());
    let mut sender = sender(&transport);
    let broken = queue(&store, "not an address");
    let fine = queue(&store, "bob@example.org");
    let drained = sender.drain(store.connection(), SystemTime::now()).unwrap();
    assert_eq!((drained.sent, drained.given_up), (1, 1));
    assert_eq!(*transport.accepted.lock().unwrap(), vec![fine]);
    assert!(matches!(state(&store, broken), OutboxState::GivenUp { .. }));
}

#[test]
fn after_a_restart_the_first_success_sends_mail_held_back_by_an_outage() {
    let store = Store::open_in_memory().unwrap();
    let transport = std::sync::Arc::new(Scripted {
        busy: vec!["busy@example.org".into()],
        ..Scripted::default()
    });
    let start = SystemTime::now();
    transport.down.store(true, Ordering::SeqCst);
    let held = queue(&store, "bob@example.org");
    let mut before_restart = sender(&transport);
    for minutes in [1, 3, 7] {
        before_restart
            .drain(store.connection(), start + minutes * MINUTE)
            .unwrap();
    }
    let held_state = state(&store, held);
    assert!(
        matches!(
            held_state,
            OutboxState::Retrying { attempts: 3, next_attempt, .. }
                if next_attempt == millis(start + 11 * MINUTE)
        ),
        "{held_state:?}"
    );
    // A new process, the server back: the first mail that goes out
    // brings the held-back one with it, long before its own next try;
    // the mailbox that was busy keeps its back-off.
    transport.down.store(false, Ordering::SeqCst);
    let busy = queue(&store, "busy@example.org");
    let fresh = queue(&store, "carol@example.org");
    let drained = sender(&transport)
        .drain(store.connection(), start + 8 * MINUTE)
        .unwrap();
    assert_eq!(drained.sent, 2);
    let mut accepted = transport.accepted.lock().unwrap().clone();
    accepted.sort();
    assert_eq!(accepted, vec![held, fresh]);
    assert!(matches!(
        state(&store, busy),
        OutboxState::Retrying { attempts: 1, .. }
    ));
}

mod backlog;
mod once;
