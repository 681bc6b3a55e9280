//! The binary as an operator and an MTA use it: `pbem mail`, `pbem serve`
//! (once and watching), `pbem deliver` and its exit codes.

use crate::util::{confirming_reply, pbem, raw_mail, run_with_stdin};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn outbox_files(data: &Path) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(data.join("outbox"))
        .map(|dir| {
            dir.map(|entry| entry.unwrap().path().display().to_string())
                .filter(|path| path.ends_with(".eml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn mail_then_serve_once_answers_into_the_outbox() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let out = pbem()
        .args([
            "mail",
            "--data",
            data,
            "--from",
            "alice@example.org",
            "signup alice pw-quince-ladle",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("inbox/new/"));
    let out = pbem()
        .args(["serve", "--once", "--data", data])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("handled 1"));
    let files = outbox_files(dir.path());
    assert_eq!(files.len(), 1);
    let reply = std::fs::read_to_string(&files[0]).unwrap();
    assert!(reply.contains("To: alice@example.org"));
    assert!(reply.contains("Subject: PBeM Confirm alice"), "{reply}");
    // The README's confirming reply: `pbem mail --reply-to` the request.
    let out = pbem()
        .args(["mail", "--data", data, "--from", "alice@example.org"])
        .args(["--reply-to", &files[0], "--body", "yes"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = pbem()
        .args(["serve", "--once", "--data", data])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = outbox_files(dir.path());
    assert_eq!(files.len(), 2);
    let welcome = std::fs::read_to_string(&files[1]).unwrap();
    assert!(welcome.contains("Welcome, alice"), "{welcome}");
    // The handled mails moved from new/ to cur/.
    assert_eq!(
        std::fs::read_dir(dir.path().join("inbox/new"))
            .unwrap()
            .count(),
        0
    );
    assert_eq!(
        std::fs::read_dir(dir.path().join("inbox/cur"))
            .unwrap()
            .count(),
        2
    );
}

/// Runs `pbem deliver --data DATA` as an MTA does, with `message` on its
/// standard input.
fn deliver_piped(data: &Path, message: &[u8]) -> std::process::Output {
    let mut command = pbem();
    command.args(["deliver", "--data", data.to_str().unwrap()]);
    run_with_stdin(command, message)
}

#[test]
fn deliver_reads_one_message_from_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let out = deliver_piped(
        dir.path(),
        b"From: bob@example.org\r\nTo: pbem@localhost\r\nSubject: list\r\nMessage-ID: <l1@example.org>\r\n\r\n",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = outbox_files(dir.path());
    assert_eq!(files.len(), 1);
    assert!(std::fs::read_to_string(&files[0])
        .unwrap()
        .contains("Subject: PBeM Game List"));
}

#[test]
fn deliver_answers_an_oversized_piped_message_with_its_full_length() {
    let dir = tempfile::tempdir().unwrap();
    let head = b"From: bob@example.org\r\nTo: pbem@localhost\r\nSubject: list\r\nMessage-ID: <big@example.org>\r\n\r\n";
    let body = vec![b'x'; 3 * 1024 * 1024];
    let out = deliver_piped(dir.path(), &[head.as_slice(), &body].concat());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = outbox_files(dir.path());
    assert_eq!(files.len(), 1);
    let reply = std::fs::read_to_string(&files[0]).unwrap();
    let length = head.len() + body.len();
    assert!(
        reply.contains(&format!("the message is {length} bytes")),
        "{reply}"
    );
}

#[test]
fn deliver_exits_75_when_the_host_cannot_work_yet() {
    let dir = tempfile::tempdir().unwrap();
    // The data directory is a file: nothing can be stored now, but an
    // operator can fix that, so the MTA should keep the mail.
    let blocked = dir.path().join("data");
    std::fs::write(&blocked, "not a directory").unwrap();
    let out = deliver_piped(&blocked, b"From: bob@example.org\r\nSubject: list\r\n\r\n");
    assert_eq!(
        out.status.code(),
        Some(75),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bad_config_names_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("pbem.toml");
    std::fs::write(&config, "[host]\nmax_mails_per_hour = 0\n").unwrap();
    let out = pbem()
        .args(["serve", "--once", "--config", config.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("host.max_mails_per_hour"), "{err}");
}

#[test]
fn serve_answers_within_a_second_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let mut server = pbem()
        .args(["serve", "--data", data])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the Maildir to exist, then drop a mail into it.
    let started = Instant::now();
    while !dir.path().join("inbox/new").is_dir() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "serve did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = pbem()
        .args([
            "mail",
            "--data",
            data,
            "--from",
            "carol@example.org",
            "help",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let dropped = Instant::now();
    while outbox_files(dir.path()).is_empty() {
        assert!(
            dropped.elapsed() < Duration::from_secs(1),
            "no answer within a second"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = Command::new("sh")
        .args(["-c", &format!("kill -TERM {}", server.id())])
        .status()
        .unwrap();
    assert!(status.success());
    let stopped = Instant::now();
    loop {
        if let Some(status) = server.try_wait().unwrap() {
            assert!(status.success(), "serve exited with {status}");
            break;
        }
        assert!(
            stopped.elapsed() < Duration::from_secs(5),
            "serve ignored SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let log = String::from_utf8_lossy(&server.wait_with_output().unwrap().stderr).into_owned();
    let serving = log.lines().find(|line| line.contains("serving"));
    assert!(
        serving.is_some_and(|line| line.contains(&format!("intake=Maildir {data}/inbox"))),
        "{log}"
    );
}

#[test]
fn serve_once_names_the_maildir_it_reads_and_where_the_imap_mailbox_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("pbem.toml");
    std::fs::write(
        &config,
        format!(
            "data_dir = \"{}\"\n[inbound]\nsource = \"imap\"\n[inbound.imap]\n\
             host = \"imap.example.org\"\nuser = \"pbem\"\npassword = \"secret\"\nfolder = \"Games\"\n",
            dir.path().display()
        ),
    )
    .unwrap();
    let out = pbem()
        .args(["serve", "--once", "--config", config.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let log = String::from_utf8_lossy(&out.stderr);
    let maildir = format!("intake=Maildir {}/inbox", dir.path().display());
    assert!(log.contains(&maildir), "{log}");
    assert!(
        log.contains(
            "IMAP imap.example.org:993 mailbox Games as pbem is read by pbem fetch --once"
        ),
        "{log}"
    );
}

/// How many mails `serve` has moved on from inbox/new.
fn handled_count(data: &Path) -> usize {
    std::fs::read_dir(data.join("inbox/cur"))
        .map(|dir| dir.count())
        .unwrap_or(0)
}

fn mail_help_from(data: &str, from: &str) {
    let out = pbem()
        .args(["mail", "--data", data, "--from", from, "help"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
}

#[test]
fn serve_keeps_handling_mail_while_the_smtp_server_hangs() {
    // A server that takes connections and then says nothing, ever.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (accepted, connection_taken) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming() {
            held.push(stream);
            let _ = accepted.send(());
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let config = dir.path().join("pbem.toml");
    std::fs::write(
        &config,
        format!(
            "[outbound]\ntransport = \"smtp\"\n[outbound.smtp]\nhost = \"127.0.0.1\"\n\
             port = {port}\ntls = \"none\"\ntimeout = \"300s\"\nconnections = 1\n"
        ),
    )
    .unwrap();
    let _server = KillOnDrop(
        pbem()
            .args([
                "serve",
                "--data",
                data,
                "--config",
                config.to_str().unwrap(),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let started = Instant::now();
    while !dir.path().join("inbox/new").is_dir() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "serve did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    mail_help_from(data, "carol@example.org");
    // The reply to it is now stuck on the silent server.
    connection_taken
        .recv_timeout(Duration::from_secs(10))
        .expect("the sender connected");
    mail_help_from(data, "dave@example.org");
    let dropped = Instant::now();
    while handled_count(dir.path()) < 2 {
        // The server's timeout is 300 s: a sender in the same loop would
        // hold the second mail up that long.
        assert!(
            dropped.elapsed() < Duration::from_secs(20),
            "the second mail waited for the hung server"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A server process that is killed however the test ends: one stuck on a
/// hung mail server would not stop on SIGTERM in time.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `pbem deliver --now`: the host acts at the moment given, so a lock
/// earned by wrong passwords holds a minute later and is gone two days on.
#[test]
fn deliver_acts_at_the_moment_given_with_now() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let deliver_raw = |raw: &[u8], now: &str| {
        let mut command = pbem();
        command.args(["deliver", "--data", data, "--now", now]);
        let out = run_with_stdin(command, raw);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let deliver = |n: u32, subject: &str, now: &str| {
        let raw = raw_mail(
            "alice@example.org",
            &format!("now-{n}@example.org"),
            subject,
        );
        let mut command = pbem();
        command.args(["deliver", "--data", data, "--now", now]);
        let out = run_with_stdin(command, &raw);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let newest = || {
        let files = outbox_files(dir.path());
        std::fs::read_to_string(files.last().unwrap()).unwrap()
    };
    deliver(0, "signup alice pw-quince-ladle", "2027-03-01T09:00:00Z");
    let conn = rusqlite::Connection::open(dir.path().join("pbem.sqlite")).unwrap();
    let confirming = confirming_reply(&conn, "alice@example.org");
    drop(conn);
    deliver_raw(&confirming, "2027-03-01T09:00:00Z");
    for n in 1..=5 {
        deliver(
            n,
            &format!("signoff alice guess{n}"),
            "2027-03-01T09:00:00Z",
        );
    }
    deliver(
        6,
        "set alice pw-quince-ladle language de",
        "2027-03-01T09:01:00Z",
    );
    assert!(newest().contains("2027-03-01 09:15 UTC"), "{}", newest());
    deliver(
        7,
        "set alice pw-quince-ladle language de",
        "2027-03-03T09:00:00Z",
    );
    assert!(newest().contains("Deutsch"), "{}", newest());
}

#[test]
fn a_now_that_is_no_time_or_a_watching_serve_with_now_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let out = pbem()
        .args(["deliver", "--data", data, "--now", "tomorrow"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("RFC 3339"));
    let out = pbem()
        .args(["serve", "--data", data, "--now", "2027-03-01T09:00:00Z"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--once"));
}
