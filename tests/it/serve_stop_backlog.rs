//! `serve` stops promptly on SIGTERM however large the backlog: 40,000
//! unsent mails to one mailbox that is over its hourly cap (held, as a
//! flood leaves them) and 200 mails waiting in `inbox/new/` whose
//! subjects are words of 100,000 letters. The bound tested is generous
//! (10 s); operating.md promises 2 s, and the figure measured is printed.

use crate::util::pbem;
use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const HELD: usize = 40_000;
const HUGE_WORDS: usize = 200;

/// The unsent mails, and the hour's sent ones that put the mailbox over
/// its cap, straight into the outbox table.
fn held_backlog(database: &Path, now: i64) {
    let mut conn = rusqlite::Connection::open(database).unwrap();
    let tx = conn.transaction().unwrap();
    {
        let mut insert = tx
            .prepare(
                "INSERT INTO outbox (recipient, mailbox, subject, body, message_id, \
                 references_ids, created, sent, purpose) \
                 VALUES ('alice@example.org', 'alice@example.org', 'Board', 'text', ?1, '', ?2, ?3, 'game')",
            )
            .unwrap();
        for n in 0..60 {
            insert
                .execute(rusqlite::params![
                    format!("sent-{n}@pbem"),
                    now - 60,
                    now - 60
                ])
                .unwrap();
        }
        for n in 0..HELD {
            let sent: Option<i64> = None;
            insert
                .execute(rusqlite::params![format!("held-{n}@pbem"), now, sent])
                .unwrap();
        }
    }
    tx.commit().unwrap();
}

fn serve_lock_held(data: &Path) -> bool {
    let Ok(file) = File::open(data.join("serve.lock")) else {
        return false;
    };
    matches!(
        file.try_lock_shared(),
        Err(std::fs::TryLockError::WouldBlock)
    )
}

#[test]
fn serve_stops_within_ten_seconds_of_sigterm_with_a_large_held_backlog() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let made = pbem().arg("tick").arg("--data").arg(data).output().unwrap();
    assert!(made.status.success());
    let now = chrono::Utc::now().timestamp();
    held_backlog(&data.join("pbem.sqlite"), now);
    for n in 0..HUGE_WORDS {
        let raw = format!(
            "From: s{n}@example.org\r\nTo: pbem@localhost\r\nSubject: chess {}\r\nMessage-ID: <w{n}@example.org>\r\n\r\n",
            "z".repeat(100_000)
        );
        std::fs::write(data.join("inbox/new").join(format!("{n}.word")), raw).unwrap();
    }
    let mut server = pbem()
        .arg("serve")
        .arg("--data")
        .arg(data)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !serve_lock_held(data) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "serve never started"
        );
        assert!(server.try_wait().unwrap().is_none(), "serve ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Into the backlog: the sender and the mails are under way.
    std::thread::sleep(Duration::from_millis(300));
    let kill = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let signalled = Instant::now();
    let status = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break status;
        }
        if signalled.elapsed() > Duration::from_secs(10) {
            let _ = server.kill();
            panic!("serve was still running 10 s after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = signalled.elapsed();
    eprintln!(
        "serve stopped {took:?} after SIGTERM with {HELD} held mails and {HUGE_WORDS} huge words"
    );
    assert!(status.success(), "{status}");
}
