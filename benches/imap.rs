//! IMAP intake beside the Maildir: the same mails (`help` from senders of
//! their own) fetched and handled from a Dovecot of the bench's own
//! (tests/it/util/imap_server.rs; Dovecot installed by tests/setup.sh) and handled from the
//! Maildir, each into a fresh data directory, in one run. Prints mails per
//! second for both. `PBEM_BENCH_MAILS` sets the count (default 1000).

// The tests' Dovecot, and the two small helpers it takes from its parent.
#[path = "../tests/it/util/imap_server.rs"]
mod imap_server;
#[path = "../tests/it/util/waiting.rs"]
mod waiting;
// The bench reads the certificate's files, not the paths it returns.
#[allow(dead_code)]
#[path = "../tests/it/util/certificate.rs"]
mod certificate;
use waiting::{free_port, wait_until};

use pbem::config::Config;
use pbem::daemon::Runtime;
use std::time::Instant;

fn mails(count: usize) -> Vec<Vec<u8>> {
    (0..count)
        .map(|n| {
            format!(
                "From: s{n}@example.org\r\nTo: pbem@localhost\r\nSubject: help\r\nMessage-ID: <bench-{n}@example.org>\r\n\r\nhelp\r\n"
            )
            .into_bytes()
        })
        .collect()
}

fn runtime(dir: &std::path::Path) -> Runtime {
    let config = Config::from_toml("[host]\naddress = \"pbem@localhost\"\n", Some(dir)).unwrap();
    Runtime::open(&config).unwrap()
}

fn main() {
    let count: usize = std::env::var("PBEM_BENCH_MAILS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let mails = mails(count);

    let maildir_dir = tempfile::tempdir().unwrap();
    let mut from_maildir = runtime(maildir_dir.path());
    for mail in &mails {
        from_maildir.maildir.deliver(mail).unwrap();
    }
    let started = Instant::now();
    let mut handled = 0;
    while handled < count {
        let pass = from_maildir.receive_waiting().unwrap();
        assert!(
            pass.handled > 0,
            "the Maildir pass handled nothing: {pass:?}"
        );
        handled += pass.handled;
    }
    let maildir_secs = started.elapsed().as_secs_f64();

    let dovecot = imap_server::Dovecot::start();
    dovecot.append_all(&mails);
    let imap_dir = tempfile::tempdir().unwrap();
    let mut from_imap = runtime(imap_dir.path());
    let settings = dovecot.settings();
    let started = Instant::now();
    let mut session = pbem::mail::inbound::imap::connect(&settings).unwrap();
    let mut pass = pbem::daemon::Pass::default();
    from_imap
        .imap_pass(&mut session, &settings, &mut pass)
        .unwrap();
    let imap_secs = started.elapsed().as_secs_f64();
    assert_eq!(pass.handled, count, "{pass:?}");
    assert_eq!(dovecot.count("pbem-handled"), count);

    println!("inbound {count} mails, fetched and handled (help, one reply each):");
    println!(
        "  Maildir:        {:8.0} mails/s ({maildir_secs:.2} s)",
        count as f64 / maildir_secs
    );
    println!(
        "  IMAP (Dovecot): {:8.0} mails/s ({imap_secs:.2} s, connect, fetch, handle, move)",
        count as f64 / imap_secs
    );
}
