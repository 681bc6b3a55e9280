//! The host behind a real Postfix (tests/it/util/postfix_server.rs), the
//! two ways docs/operating.md sets up: the pipe entry of
//! deploy/postfix-master.cf handing each mail to `pbem deliver`, whose
//! exit codes Postfix acts on and whose short line is all Postfix keeps
//! of a failure; and Postfix writing mail into the data directory's
//! `inbox/`, where `serve --once` reads it; and Postfix handing mail to
//! Dovecot by LMTP, read by `fetch --once` over IMAP, whose answers go
//! out through Postfix's submission port with STARTTLS and a login that
//! Dovecot checks. (The pipe command itself, without Postfix, is in
//! deploy_files.rs; IMAP intake from Dovecot in imap_intake.rs.)

use crate::util::imap_server::{Dovecot, PASSWORD, USER};
use crate::util::postfix_server::{
    Postfix, LMTP_DOMAIN, MAILDIR_ADDRESS, PIPE_ADDRESS, PLAYERS_DOMAIN,
};
use crate::util::{pbem, wait_until};
use lettre::address::Envelope;
use lettre::{SmtpTransport, Transport};
use pbem::mail::outbound::compose::player_mail;
use std::path::Path;
use std::time::Duration;

/// Sends `help` from `from` to `to` through Postfix's SMTP port.
fn send_help(postfix: &Postfix, from: &str, to: &str) {
    let raw = player_mail(from, to, Some("help"), "", None).unwrap();
    let envelope = Envelope::new(Some(from.parse().unwrap()), vec![to.parse().unwrap()]).unwrap();
    SmtpTransport::builder_dangerous("127.0.0.1")
        .port(postfix.port)
        .build()
        .send_raw(&envelope, &raw)
        .unwrap_or_else(|err| panic!("Postfix refused the mail: {err}\n{}", postfix.log()));
}

fn answers(data: &Path) -> usize {
    std::fs::read_dir(data.join("outbox"))
        .map(|dir| dir.count())
        .unwrap_or(0)
}

/// Waits until Postfix's log has said `what` `count` times; fails with
/// the log after a minute.
fn wait_for_log(postfix: &Postfix, what: &str, count: usize) {
    let start = std::time::Instant::now();
    while postfix.log().matches(what).count() < count {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no {what} ({count}) in Postfix's log:\n{}",
            postfix.log()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn postfix_pipes_mail_to_deliver_and_keeps_it_while_the_host_cannot_take_it() {
    let postfix = Postfix::start();
    let data = postfix.pipe_data.clone();
    send_help(&postfix, "carol@example.org", PIPE_ADDRESS);
    wait_for_log(&postfix, "status=sent (delivered via pbem service)", 1);
    assert_eq!(answers(&data), 1, "{}", postfix.log());
    let log = std::fs::read_to_string(data.join("deliver.log")).unwrap();
    assert!(log.contains("from=carol@example.org"), "{log}");

    // A database the host cannot read: Postfix defers the mail with
    // deliver's short line, and nothing of the host's files.
    let database = data.join("pbem.sqlite");
    let good = std::fs::read(&database).unwrap();
    std::fs::write(&database, vec![0x5A; 8192]).unwrap();
    send_help(&postfix, "dave@example.org", PIPE_ADDRESS);
    wait_for_log(&postfix, "status=deferred", 1);
    let deferred = postfix
        .log()
        .lines()
        .find(|line| line.contains("status=deferred"))
        .unwrap()
        .to_string();
    assert!(
        deferred.contains("Command output: pbem: the game host cannot take mail just now"),
        "{deferred}"
    );
    assert!(
        !deferred.contains("sqlite") && !deferred.contains("database"),
        "{deferred}"
    );
    assert_eq!(answers(&data), 1);

    // Repaired, the mail Postfix kept is handed over again and answered
    // (by the flush, or by Postfix's own retry, a second in this test).
    std::fs::write(&database, good).unwrap();
    postfix.flush();
    wait_for_log(&postfix, "status=sent (delivered via pbem service)", 2);
    assert_eq!(answers(&data), 2, "{}", postfix.log());
}

#[test]
fn postfix_writes_mail_into_the_inbox_and_serve_once_answers_it() {
    let postfix = Postfix::start();
    let data = postfix.maildir_data.clone();
    send_help(&postfix, "carol@example.org", MAILDIR_ADDRESS);
    wait_for_log(&postfix, "status=sent (delivered to maildir)", 1);
    let out = pbem()
        .args(["serve", "--once", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("handled 1, duplicates 0"), "{stdout}");
    assert_eq!(answers(&data), 1);
    // Postfix put the envelope sender above the mail, as the host reads it
    // to know a bounce.
    let cur = std::fs::read_dir(data.join("inbox/cur"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let kept = std::fs::read_to_string(cur.path()).unwrap();
    assert!(
        kept.starts_with("Return-Path: <carol@example.org>"),
        "{kept}"
    );
}

#[test]
fn postfix_hands_mail_to_dovecot_by_lmtp_and_takes_the_answers_by_submission_with_a_login() {
    let dovecot = Dovecot::start();
    let postfix = Postfix::start_with_dovecot(&dovecot);
    let host = format!("{USER}@{LMTP_DOMAIN}");
    let carol = format!("carol@{PLAYERS_DOMAIN}");
    send_help(&postfix, &carol, &host);
    wait_for_log(&postfix, &format!("to=<{host}>, relay=127.0.0.1"), 1);
    wait_until("the mail in Dovecot", Duration::from_secs(30), || {
        dovecot.count("INBOX") == 1
    });
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("pbem.toml");
    let submission = format!(
        "data_dir = \"{}\"\n[host]\naddress = \"{host}\"\n\
         [outbound]\ntransport = \"smtp\"\n[outbound.smtp]\nhost = \"localhost\"\n\
         port = {}\ntls = \"starttls\"\nca_file = \"{}\"\nuser = \"{USER}\"\npassword = '{PASSWORD}'\n",
        data.path().display(),
        postfix.submission_port,
        dovecot.cert().display(),
    );
    std::fs::write(&config, submission + &dovecot.config_section("", "")).unwrap();
    let out = pbem()
        .args(["fetch", "--once", "--config"])
        .arg(&config)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("handled 1") && stdout.contains("sent 1"),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    wait_for_log(&postfix, &format!("sasl_username={USER}"), 1);
    wait_until(
        "the answer in carol's mailbox",
        Duration::from_secs(30),
        || !postfix.player_mails("carol").is_empty(),
    );
    let answer = &postfix.player_mails("carol")[0];
    assert!(
        answer.contains(&format!("From: {host}")) || answer.contains(&format!("<{host}>")),
        "{answer}"
    );
}
