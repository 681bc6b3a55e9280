//! How long a group of mails holds the database's write lock, and how
//! long preparing it took outside the lock.
//!
//! `cargo bench --bench write_lock` prepares a group of 64 signups (each
//! hashes a new password with argon2) and, beside it, a group of 64 help
//! requests, each on a fresh database, then handles each group in one
//! transaction the way `serve` does, and prints for both the time spent
//! preparing (no lock held) and the time the write lock was held. With
//! hashing done ahead, a signup group holds the lock about as long as a
//! group of help requests. Median of five rounds.

use pbem::host::outbound::render::Renderer;
use pbem::host::{Host, HostSettings};
use pbem::store::Store;
use std::time::{Duration, Instant};

const GROUP: usize = 64;

fn host(dir: &std::path::Path) -> Host {
    let store = Store::open(&dir.join("pbem.sqlite")).expect("a fresh database");
    let renderer = Renderer::new(None).expect("built-in templates");
    let mut settings = HostSettings::default();
    settings.flood.stranger_answers_per_hour = 1_000_000;
    Host::new(store, renderer, settings)
}

fn mail(n: usize, signup: bool) -> Vec<u8> {
    let subject = if signup {
        format!("signup player{n} plum-orbit-{n}-castle")
    } else {
        "help".to_string()
    };
    format!(
        "From: p{n}@example.org\r\nTo: pbem@localhost\r\nSubject: {subject}\r\n\
         Message-ID: <lock-{n}@example.org>\r\n\r\n"
    )
    .into_bytes()
}

/// (preparing, lock held) for one group on a fresh database.
fn round(signup: bool) -> (Duration, Duration) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut host = host(dir.path());
    let mails: Vec<Vec<u8>> = (0..GROUP).map(|n| mail(n, signup)).collect();
    let began = Instant::now();
    let prepared: Vec<_> = mails
        .iter()
        .map(|raw| host.prepare(raw, raw.len() as u64).expect("prepared"))
        .collect();
    let preparing = began.elapsed();
    let locked = Instant::now();
    let mut batch = host.batch().expect("the write lock");
    for one in prepared {
        batch.receive_prepared(one).expect("handled");
    }
    batch.commit().expect("committed");
    (preparing, locked.elapsed())
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    println!("group of {GROUP} mails, median of 5 rounds:");
    for (name, signup) in [("help", false), ("signup", true)] {
        let rounds: Vec<_> = (0..5).map(|_| round(signup)).collect();
        let preparing = median(rounds.iter().map(|r| r.0).collect());
        let held = median(rounds.iter().map(|r| r.1).collect());
        println!(
            "  {name:<7} preparing (no lock) {:>8.1} ms   write lock held {:>7.1} ms",
            preparing.as_secs_f64() * 1e3,
            held.as_secs_f64() * 1e3
        );
    }
}
