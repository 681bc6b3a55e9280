//! Handing claimed mail to the transport on several connections at once.
//! Each connection waits until what it handed over is recorded before it
//! starts its next mail, so a crash at any instant leaves at most one
//! accepted but unrecorded mail per connection (the one that may go out
//! twice); the records of all connections share one short commit.

use crate::mail::outbound::transport::{FailureKind, Outgoing, SendError, Transport};
use crate::store::StoreError;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// A transport's answer for one outbox row.
pub type Outcome = (i64, Result<(), SendError>);

/// What a sending round left behind.
#[derive(Default)]
pub(crate) struct Sent {
    /// Answers that could not be recorded (the store failed): the sender
    /// records them before it sends anything else.
    pub(crate) unrecorded: Vec<Outcome>,
    pub(crate) store_error: Option<StoreError>,
}

/// Sends `mails` on up to the transport's `parallel_sends` connections,
/// each recipient's mails in queue order on one connection, none after
/// `claim_ends` (the rows' claim has run out by then). `record` stores a
/// group of answers in one commit. Once the transport is unavailable or
/// the store fails, no further mail is started.
pub(crate) fn send_all<F>(
    transport: &dyn Transport,
    mails: &[Outgoing],
    claim_ends: Instant,
    mut record: F,
) -> Sent
where
    F: FnMut(&[Outcome]) -> Result<(), StoreError>,
{
    let queues = by_recipient(mails);
    let threads = transport.parallel_sends().clamp(1, queues.len().max(1));
    if threads == 1 {
        return send_in_turn(transport, &queues, claim_ends, record);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (answers, received) = mpsc::channel::<(Outcome, mpsc::SyncSender<bool>)>();
        for _ in 0..threads {
            let answers = answers.clone();
            let (next, stop, queues) = (&next, &stop, &queues);
            scope.spawn(move || {
                let (recorded_tx, recorded) = mpsc::sync_channel(1);
                while let Some(queue) = queues.get(next.fetch_add(1, Ordering::Relaxed)) {
                    for mail in queue {
                        if stop.load(Ordering::Relaxed) || Instant::now() >= claim_ends {
                            return;
                        }
                        let result = transport.send(mail);
                        if matches!(&result, Err(err) if err.kind == FailureKind::Unavailable) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        if answers
                            .send(((mail.id, result), recorded_tx.clone()))
                            .is_err()
                        {
                            return;
                        }
                        // Wait for the record: at most this one mail of
                        // the connection is out and not yet marked.
                        if recorded.recv() != Ok(true) {
                            return;
                        }
                    }
                }
            });
        }
        drop(answers);
        let mut sent = Sent::default();
        while let Ok(first) = received.recv() {
            let mut group = vec![first];
            group.extend(received.try_iter());
            let outcomes: Vec<Outcome> = group.iter().map(|(outcome, _)| outcome.clone()).collect();
            let stored = sent.store_error.is_none()
                && match record(&outcomes) {
                    Ok(()) => true,
                    Err(err) => {
                        stop.store(true, Ordering::Relaxed);
                        sent.store_error = Some(err);
                        false
                    }
                };
            if !stored {
                sent.unrecorded.extend(outcomes);
            }
            for (_, recorded) in group {
                let _ = recorded.send(stored);
            }
        }
        sent
    })
}

/// [`send_all`] on one connection: on this thread, each answer recorded
/// before the next mail goes.
fn send_in_turn<F>(
    transport: &dyn Transport,
    queues: &[Vec<&Outgoing>],
    claim_ends: Instant,
    mut record: F,
) -> Sent
where
    F: FnMut(&[Outcome]) -> Result<(), StoreError>,
{
    let mut sent = Sent::default();
    for mail in queues.iter().flatten() {
        if Instant::now() >= claim_ends {
            break;
        }
        let outcome = (mail.id, transport.send(mail));
        let unavailable = matches!(&outcome.1, Err(err) if err.kind == FailureKind::Unavailable);
        if let Err(err) = record(std::slice::from_ref(&outcome)) {
            sent.unrecorded.push(outcome);
            sent.store_error = Some(err);
            break;
        }
        if unavailable {
            break;
        }
    }
    sent
}

/// The mails in one queue per recipient, each in outbox order: a queue
/// goes out over one connection, so a player's later board never
/// overtakes an earlier one on a parallel connection.
fn by_recipient(mails: &[Outgoing]) -> Vec<Vec<&Outgoing>> {
    let mut queues: Vec<Vec<&Outgoing>> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for mail in mails {
        let recipient = mail
            .envelope
            .to()
            .iter()
            .map(|address| address.to_string().to_lowercase())
            .collect::<Vec<_>>()
            .join(",");
        let at = *index.entry(recipient).or_insert_with(|| {
            queues.push(Vec::new());
            queues.len() - 1
        });
        queues[at].push(mail);
    }
    queues
}
