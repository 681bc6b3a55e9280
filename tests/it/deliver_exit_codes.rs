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
    assert!(stderr(&out).contains("malformed"), "{}", stderr(&out));
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
    let kept: Vec<_> = std::fs::read_dir(dir.path().join("failed"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "deliver"))
        .collect();
    assert_eq!(kept.len(), 1);
    // Kept whole, but for its password (the README: the host keeps none).
    let masked = String::from_utf8(doomed)
        .unwrap()
        .replace("pw-quince-ladle", "********");
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), masked);
}
