//! `pbem tick` as operators run it: several at once on one data
//! directory (a cron job overlapping a `serve`), and killed with SIGKILL
//! at any instant. Each board's reminder is queued exactly once.

use crate::util::{pbem, raw_mail, receive_signup};
use pbem::clock::Clock;
use pbem::config::Config;
use pbem::daemon::Runtime;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const BOARDS: usize = 40;
const START: &str = "2027-03-01T09:00:00Z";

/// A mail from `from`, the `n`th of the test.
fn mail(n: usize, from: &str, subject: &str) -> Vec<u8> {
    raw_mail(from, &format!("tick-{n}@example.org"), subject)
}

/// A data directory with `BOARDS` chess boards between alice and bob,
/// all begun at `START`, alice to move on each.
fn data_with_boards(data: &Path) {
    let config = Config::from_toml(
        "[limits]\nopen_challenges = 100000\nopen_challenges_per_opponent = 1000\nboards_per_day = 100000\n",
        Some(data),
    ).unwrap();
    let mut runtime = Runtime::open(&config).unwrap();
    runtime.host.set_clock(Clock::parse_fixed(START).unwrap());
    let alice = mail(0, "alice@example.org", "signup alice pw-a-quince");
    receive_signup(&mut runtime.host, &alice, "alice@example.org");
    let bob = mail(1, "bob@example.org", "signup bob pw-b-quince");
    receive_signup(&mut runtime.host, &bob, "bob@example.org");
    for n in 0..BOARDS {
        runtime
            .host
            .receive(&mail(
                10 + n,
                "alice@example.org",
                "chess challenge alice bob",
            ))
            .unwrap();
    }
}

fn tick(data: &Path, now: &str) -> Command {
    let mut command = pbem();
    command
        .args(["tick", "--data", data.to_str().unwrap(), "--now", now])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// How many reminders were queued for each board, by board.
fn nags_per_board(data: &Path) -> Vec<(i64, i64)> {
    let conn = rusqlite::Connection::open(data.join("pbem.sqlite")).unwrap();
    let mut counts: Vec<(i64, i64)> = (101..101 + BOARDS as i64).map(|id| (id, 0)).collect();
    let mut statement = conn
        .prepare("SELECT subject FROM outbox WHERE subject LIKE 'Nag: %'")
        .unwrap();
    let subjects = statement
        .query_map([], |row| row.get::<_, String>(0))
        .unwrap();
    for subject in subjects {
        let subject = subject.unwrap();
        let board: i64 = subject
            .split_whitespace()
            .nth(3)
            .and_then(|word| word.parse().ok())
            .unwrap();
        counts[(board - 101) as usize].1 += 1;
    }
    counts
}

#[test]
fn ticks_run_at_once_queue_each_reminder_once() {
    let dir = tempfile::tempdir().unwrap();
    data_with_boards(dir.path());
    let week = "2027-03-08T09:00:00Z";
    let mut children: Vec<_> = (0..4)
        .map(|_| tick(dir.path(), week).spawn().unwrap())
        .collect();
    for child in &mut children {
        assert!(child.wait().unwrap().success());
    }
    let counts = nags_per_board(dir.path());
    assert!(counts.iter().all(|(_, n)| *n == 1), "{counts:?}");
}

#[test]
fn a_tick_killed_at_any_instant_loses_and_repeats_no_reminder() {
    let dir = tempfile::tempdir().unwrap();
    data_with_boards(dir.path());
    let week = "2027-03-08T09:00:00Z";
    for delay_ms in [0u64, 3, 7, 12, 20, 35, 60] {
        let mut child = tick(dir.path(), week).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        // SIGKILL: no chance to clean up.
        let _ = child.kill();
        child.wait().unwrap();
    }
    assert!(tick(dir.path(), week).status().unwrap().success());
    let counts = nags_per_board(dir.path());
    assert!(counts.iter().all(|(_, n)| *n == 1), "{counts:?}");
}
