//! The binary's outgoing side: `pbem outbox` listing what waits, and the
//! sendmail transport driving a fake sendmail that records its arguments
//! and input.

use crate::util::{free_port, pbem};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Output;

/// Runs `pbem ARGS`; its output.
fn run(args: &[&str]) -> Output {
    pbem().args(args).output().unwrap()
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Queues a player's mail with `pbem mail`, then runs one pass.
fn mail_and_serve(config: &Path, from: &str, subject: &str) -> Output {
    let config = config.to_str().unwrap();
    let out = run(&["mail", "--config", config, "--from", from, subject]);
    assert!(out.status.success(), "{:?}", text(&out));
    run(&["serve", "--once", "--config", config])
}

fn write_config(dir: &Path, outbound: &str) -> std::path::PathBuf {
    let path = dir.join("pbem.toml");
    let data = dir.join("data");
    std::fs::write(
        &path,
        format!("data_dir = {:?}\n{outbound}", data.to_str().unwrap()),
    )
    .unwrap();
    path
}

#[test]
fn outbox_lists_retrying_and_waiting_mail_while_the_server_is_down() {
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(
        dir.path(),
        &format!(
            "[outbound]\ntransport = \"smtp\"\nfirst_retry = \"1h\"\n\
             [outbound.smtp]\nhost = \"127.0.0.1\"\nport = {}\ntls = \"none\"\nconnections = 1\n",
            free_port()
        ),
    );
    let config_arg = config.to_str().unwrap();
    for (from, subject) in [
        ("alice@example.org", "signup alice pw-quince-ladle"),
        ("bob@example.org", "signup bob pw-quince-ladle"),
    ] {
        let out = run(&["mail", "--config", config_arg, "--from", from, subject]);
        assert!(out.status.success(), "{:?}", text(&out));
    }
    let out = run(&["serve", "--once", "--config", config_arg]);
    assert!(out.status.success(), "{:?}", text(&out));
    let (stdout, stderr) = text(&out);
    assert!(stdout.contains("handled 2"), "{stdout}");
    assert!(stdout.contains("sent 0"), "{stdout}");
    assert!(stderr.contains("is unavailable"), "{stderr}");
    assert!(stderr.contains("next try in 1h"), "{stderr}");
    // With one connection, the sender stopped at the first failure: the
    // second mail was not tried at all.
    let out = run(&["outbox", "--config", config_arg]);
    assert!(out.status.success(), "{:?}", text(&out));
    let (listing, _) = text(&out);
    let lines: Vec<&str> = listing.lines().collect();
    assert!(
        lines[0].starts_with("#1 retrying to alice@example.org"),
        "{listing}"
    );
    assert!(lines[1].contains("attempts 1, next try 20"), "{listing}");
    assert!(lines[1].contains("cannot connect"), "{listing}");
    assert!(
        lines[2].starts_with("#2 waiting to bob@example.org"),
        "{listing}"
    );
    assert_eq!(
        lines.last(),
        Some(&"1 waiting, 0 held, 1 retrying, 0 given up"),
        "{listing}"
    );
}

#[test]
fn mail_failing_past_the_give_up_time_is_logged_and_listed_as_given_up() {
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(
        dir.path(),
        &format!(
            "[outbound]\ntransport = \"smtp\"\nfirst_retry = \"1ms\"\nmax_retry = \"1ms\"\n\
             give_up_after = \"1h\"\n[outbound.smtp]\nhost = \"127.0.0.1\"\nport = {}\n\
             tls = \"none\"\n",
            free_port()
        ),
    );
    let first = mail_and_serve(&config, "alice@example.org", "signup alice pw-quince-ladle");
    assert!(!text(&first).1.contains("given up"), "{:?}", text(&first));
    // Past the give-up time on the host's clock, the next failure sets
    // the mail aside.
    let later = (chrono::Utc::now() + chrono::Duration::hours(2)).to_rfc3339();
    let out = run(&[
        "serve",
        "--once",
        "--now",
        &later,
        "--config",
        config.to_str().unwrap(),
    ]);
    let (_, stderr) = text(&out);
    assert!(stderr.contains("to alice@example.org"), "{stderr}");
    assert!(stderr.contains("is given up, gave up after 1h"), "{stderr}");
    let (listing, _) = text(&run(&["outbox", "--config", config.to_str().unwrap()]));
    assert!(
        listing.starts_with("#1 given up to alice@example.org"),
        "{listing}"
    );
    assert!(listing.contains("cannot connect"), "{listing}");
    assert!(
        listing.ends_with("0 waiting, 0 held, 0 retrying, 1 given up\n"),
        "{listing}"
    );
}

#[test]
fn outbox_of_a_fresh_host_is_empty_and_of_no_host_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let out = run(&["outbox", "--data", data]);
    assert!(!out.status.success());
    assert!(text(&out).1.contains("no database at"), "{:?}", text(&out));
    assert!(run(&["serve", "--once", "--data", data]).status.success());
    let out = run(&["outbox", "--data", data]);
    assert!(out.status.success());
    assert_eq!(text(&out).0, "the outbox is empty: every mail was sent\n");
}

/// A fake sendmail that writes its arguments (one per line) and its
/// standard input beside itself, then exits with `status`.
fn fake_sendmail(dir: &Path, status: u8) -> std::path::PathBuf {
    let script = dir.join("sendmail");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nhere=$(dirname \"$0\")\nn=$(ls \"$here\" | grep -c '^argv')\n\
             printf '%s\\n' \"$@\" > \"$here/argv.$n\"\ncat > \"$here/stdin.$n\"\n\
             echo 'queue is full' >&2\nexit {status}\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    script
}

#[test]
fn sendmail_gets_the_envelope_as_arguments_and_the_message_on_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let script = fake_sendmail(&bin, 0);
    let config = write_config(
        dir.path(),
        &format!(
            "[outbound]\ntransport = \"sendmail\"\n[outbound.sendmail]\ncommand = {script:?}\n"
        ),
    );
    let out = mail_and_serve(&config, "alice@example.org", "signup alice pw-quince-ladle");
    let (stdout, stderr) = text(&out);
    assert!(stdout.contains("sent 1"), "{stdout} {stderr}");
    let argv = std::fs::read_to_string(bin.join("argv.0")).unwrap();
    assert_eq!(argv, "-i\n-f\npbem@localhost\n--\nalice@example.org\n");
    let message = std::fs::read_to_string(bin.join("stdin.0")).unwrap();
    assert!(message.contains("To: alice@example.org\r\n"), "{message}");
    assert!(
        message.contains("From: \"PBeM host\" <pbem@localhost>\r\n")
            || message.contains("From: PBeM host <pbem@localhost>\r\n"),
        "{message}"
    );
    assert!(message.contains("Message-ID: <"), "{message}");
    assert!(message.contains("Subject: PBeM Confirm alice"), "{message}");
    // Sent once: a second pass has nothing to do.
    let (stdout, _) = text(&run(&[
        "serve",
        "--once",
        "--config",
        config.to_str().unwrap(),
    ]));
    assert!(stdout.contains("sent 0"), "{stdout}");
    assert!(!bin.join("argv.1").exists());
}

#[test]
fn a_failing_sendmail_leaves_the_mail_retrying_with_its_error() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let script = fake_sendmail(&bin, 75);
    let config = write_config(
        dir.path(),
        &format!(
            "[outbound]\ntransport = \"sendmail\"\n[outbound.sendmail]\ncommand = {script:?}\n"
        ),
    );
    let out = mail_and_serve(&config, "alice@example.org", "signup alice pw-quince-ladle");
    assert!(text(&out).0.contains("sent 0"), "{:?}", text(&out));
    let (listing, _) = text(&run(&["outbox", "--config", config.to_str().unwrap()]));
    assert!(
        listing.starts_with("#1 retrying to alice@example.org"),
        "{listing}"
    );
    assert!(listing.contains("queue is full"), "{listing}");
}
