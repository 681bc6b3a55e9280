//! Helpers shared by the test files, each once: small ones here, the post
//! office in `host_harness`, the SMTP server in `smtp_sink`, board mails
//! in `board_mail`. A helper a second file needs moves here rather than
//! being copied.

pub mod board_mail;
pub mod host_harness;
pub mod smtp_sink;

use chrono::{DateTime, Utc};
use std::io::Write;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The `pbem` binary of this build, to add arguments to.
pub fn pbem() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pbem"))
}

/// Runs `command` with `stdin` on its standard input; its output.
pub fn run_with_stdin(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// The moment the tests on a fixed clock start at.
pub fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2027-03-01T09:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

/// A day in seconds.
pub const DAY: i64 = 86_400;

/// Waits until `done`, looking every 5 ms; fails the test after `limit`.
pub fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A loopback port nobody listens on right now (the OS picks it).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A bare mail to the host as an MTA hands it over: From, To, Subject
/// and `Message-ID: <id>`, no body.
pub fn raw_mail(from: &str, id: &str, subject: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: pbem@localhost\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\n\r\n"
    )
    .into_bytes()
}

/// Writes a mail into the Maildir `inbox` the Maildir way (into tmp/,
/// then renamed into new/) as `name`.
pub fn drop_mail(inbox: &Path, name: &str, raw: &[u8]) {
    let tmp = inbox.join("tmp").join(name);
    std::fs::write(&tmp, raw).unwrap();
    std::fs::rename(&tmp, inbox.join("new").join(name)).unwrap();
}
