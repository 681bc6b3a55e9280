//! Helpers shared by the test files, each once: small ones here, the post
//! office in `host_harness`, the SMTP server in `smtp_sink`, board mails
//! in `board_mail`. A helper a second file needs moves here rather than
//! being copied.

pub mod board_mail;
pub mod browser;
mod certificate;
pub mod club;
pub mod host_harness;
pub mod imap_server;
pub mod postfix_server;
pub mod smtp_sink;
pub mod template_words;
mod waiting;
pub mod web_client;

pub use waiting::{free_port, wait_until};

use chrono::{DateTime, Utc};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The `pbem` binary of this build, to add arguments to.
/// xorshift64: seeded random play, the same on every run, so a failure
/// can be reproduced.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

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

/// For a test that measures the whole process (its peak memory, say):
/// the suite's tests share one process, so `test` (the caller's
/// `module_path!()` and its name) runs again alone in a fresh process of
/// this test binary, and fails here if it fails there. True in that fresh
/// process, where the caller goes on with its body; false here, where it
/// returns.
pub fn alone_in_a_process(module: &str, test: &str) -> bool {
    const ALONE: &str = "PBEM_TEST_ALONE";
    // The harness names tests without the crate's name.
    let module = module.split_once("::").map_or("", |(_, rest)| rest);
    let name = format!("{module}::{test}");
    if std::env::var_os(ALONE).is_some_and(|alone| alone == name.as_str()) {
        return true;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args([&name, "--exact", "--include-ignored", "--test-threads=1"])
        .env(ALONE, &name)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{name}, alone in a process: {}\n{stdout}{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    false
}

/// The reply, as a mail client writes it, that confirms `address`: an
/// answer to the newest "PBeM Confirm" mail the host queued for it in the
/// database `conn`. A signup's own address waits for this before the host
/// sends it anything else.
pub fn confirming_reply(conn: &rusqlite::Connection, address: &str) -> Vec<u8> {
    let (subject, message_id): (String, String) = conn
        .query_row(
            "SELECT subject, message_id FROM outbox
             WHERE recipient = ?1 COLLATE NOCASE AND subject LIKE 'PBeM Confirm%'
             ORDER BY id DESC LIMIT 1",
            [address],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap_or_else(|error| panic!("no confirmation request to {address}: {error}"));
    let id = message_id.trim_matches(|c| c == '<' || c == '>');
    format!(
        "From: {address}\r\nTo: pbem@localhost\r\nSubject: Re: {subject}\r\n\
         Message-ID: <confirm-{id}>\r\nIn-Reply-To: <{id}>\r\nReferences: <{id}>\r\n\r\nyes\r\n"
    )
    .into_bytes()
}

/// Hands `host` the signup mail `raw` from `address`, then the reply that
/// confirms the address, as a new player sends them.
pub fn receive_signup(host: &mut pbem::host::Host, raw: &[u8], address: &str) {
    host.receive(raw).unwrap();
    let confirming = confirming_reply(host.store().connection(), address);
    host.receive(&confirming).unwrap();
}
