//! `pbem deliver` tells the MTA the truth: 0 only once the mail and its
//! effects are committed (or it is a known duplicate), 75 when the MTA
//! should keep it and try again (a damaged database among the reasons),
//! 70 when it cannot be handled (it is kept in failed/). `serve` keeps
//! the mail of a damaged database in new/.

use crate::util::{pbem, raw_mail, run_with_stdin};
use std::path::Path;
use std::process::Output;

fn deliver(data: &Path, raw: &[u8]) -> Output {
    let mut command = pbem();
    command.args(["deliver", "--data"]).arg(data);
    run_with_stdin(command, raw)
}

/// A mail from bob.
fn mail(id: &str, subject: &str) -> Vec<u8> {
    raw_mail("bob@example.org", &format!("{id}@example.org"), subject)
}

fn files_in(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|dir| dir.count()).unwrap_or(0)
}

/// A data directory whose database has had one mail, all of it in the
/// main file (the WAL checkpointed away).
fn data_with_one_mail() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let out = deliver(dir.path(), &mail("first", "signup bob pw-quince-ladle"));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let conn = rusqlite::Connection::open(dir.path().join("pbem.sqlite")).unwrap();
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .unwrap();
    dir
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// What `deliver` logged for the operator.
fn deliver_log(data: &Path) -> String {
    std::fs::read_to_string(data.join("deliver.log")).unwrap_or_default()
}

/// `deliver`'s standard error is one short line the MTA may mail to the
/// sender: nothing of the host's files, database or config.
fn assert_safe_for_the_sender(out: &Output, data: &Path) {
    let text = stderr(out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.len() < 100, "{text}");
    for secret in [
        data.to_str().unwrap(),
        "sqlite",
        "malformed",
        "database",
        "toml",
        "simulated",
    ] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
}

#[test]
fn deliver_logs_to_the_data_directory_and_tells_the_mta_one_short_line() {
    // Delivered: nothing on standard error, the handling in the log.
    let dir = data_with_one_mail();
    let log = deliver_log(dir.path());
    assert!(log.contains("first@example.org"), "{log}");
    // Damaged: 75, one short line, the detail in the log.
    let database = dir.path().join("pbem.sqlite");
    std::fs::write(&database, vec![0x5A; 8192]).unwrap();
    let out = deliver(dir.path(), &mail("second", "help"));
    assert_eq!(out.status.code(), Some(75));
    assert_safe_for_the_sender(&out, dir.path());
    let log = deliver_log(dir.path());
    assert!(log.contains("temporary failure"), "{log}");
    assert!(log.contains("pbem.sqlite"), "{log}");
    // A config that cannot be read: 75, one short line, the detail in
    // the log of the data directory named on the command line.
    let config = dir.path().join("pbem.toml");
    std::fs::write(
        &config,
        "[outbound.smtp]\npassword = \"hunter2\"\nport = oops\n",
    )
    .unwrap();
    let mut command = pbem();
    command
        .args(["deliver", "--config"])
        .arg(&config)
        .arg("--data")
        .arg(dir.path());
    // From a file: deliver may end before it reads a pipe.
    let message = dir.path().join("third.eml");
    std::fs::write(&message, mail("third", "help")).unwrap();
    let out = command
        .stdin(std::fs::File::open(&message).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(75));
    assert_safe_for_the_sender(&out, dir.path());
    assert!(!stderr(&out).contains("hunter2"));
    assert!(
        deliver_log(dir.path()).contains("pbem.toml"),
        "{}",
        deliver_log(dir.path())
    );
}

#[test]
fn damaged_database_pages_are_75_and_the_mail_is_neither_set_aside_nor_lost() {
    let dir = data_with_one_mail();
    let database = dir.path().join("pbem.sqlite");
    // Every page but the first (the header and the schema's root) is
    // overwritten, as a failing disk might.
    let length = std::fs::metadata(&database).unwrap().len() as usize;
    let mut bytes = std::fs::read(&database).unwrap();
    bytes[4096..length].fill(0xA5);
    std::fs::write(&database, bytes).unwrap();

    let out = deliver(dir.path(), &mail("second", "help"));
    assert_eq!(out.status.code(), Some(75), "{}", stderr(&out));
    assert!(
        deliver_log(dir.path()).contains("malformed"),
        "{}",
        deliver_log(dir.path())
    );
    assert_eq!(files_in(&dir.path().join("failed")), 0);

    // serve keeps such mail in new/ for when the file is repaired.
    let inbox = pbem::mail::inbound::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    inbox.deliver(&mail("third", "help")).unwrap();
    let out = pbem()
        .args(["serve", "--once", "--data"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success(), "{}", stderr(&out));
    assert_eq!(inbox.waiting().unwrap().len(), 1, "{}", stderr(&out));
    assert_eq!(files_in(&dir.path().join("failed")), 0);
}

#[test]
fn a_file_that_is_no_database_is_75() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("pbem.sqlite"), vec![0x5A; 8192]).unwrap();
    let out = deliver(dir.path(), &mail("first", "help"));
    assert_eq!(out.status.code(), Some(75), "{}", stderr(&out));
    assert_eq!(files_in(&dir.path().join("failed")), 0);
}

#[test]
fn a_stored_mail_and_its_known_duplicate_are_0() {
    let dir = data_with_one_mail();
    let again = deliver(dir.path(), &mail("first", "signup bob pw-quince-ladle"));
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(files_in(&dir.path().join("outbox")), 1, "answered once");
}

#[test]
fn a_mail_that_cannot_be_handled_is_70_and_kept_in_failed() {
    let dir = data_with_one_mail();
    let conn = rusqlite::Connection::open(dir.path().join("pbem.sqlite")).unwrap();
    conn.execute_batch(
        "CREATE TRIGGER refuse_doomed BEFORE INSERT ON players
         WHEN NEW.userid = 'doomed'
         BEGIN SELECT RAISE(ABORT, 'simulated database failure'); END;",
    )
    .unwrap();
    let doomed = mail("doomed", "signup doomed pw-quince-ladle");
    let out = deliver(dir.path(), &doomed);
    assert_eq!(out.status.code(), Some(70), "{}", stderr(&out));
    assert!(stderr(&out).contains("set aside"), "{}", stderr(&out));
    assert_safe_for_the_sender(&out, dir.path());
    assert!(deliver_log(dir.path()).contains("simulated database failure"));
    let kept: Vec<_> = std::fs::read_dir(dir.path().join("failed"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "deliver"))
        .collect();
    assert_eq!(kept.len(), 1);
    // Kept whole, but for its password (docs/playing.md: the host keeps none).
    let masked = String::from_utf8(doomed)
        .unwrap()
        .replace("pw-quince-ladle", "********");
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), masked);
}
