//! Group commit: `serve` handles a backlog of mails in one transaction,
//! each mail in its own savepoint, and moves their files on only after
//! the commit.

use crate::util::raw_mail;
use pbem::config::Config;
use pbem::daemon::{Runtime, MAILS_PER_COMMIT};
use pbem::host::outbound::render::Renderer;
use pbem::host::{Host, HostError, HostSettings, Receipt};
use pbem::mail::inbound::failed::FAILED_FOLDER;
use pbem::store::{self, Store};
use std::path::Path;

/// Templates whose help page fails while it is rendered, as an operator's
/// broken override would: a mail asking for help fails inside the host.
fn broken_help(dir: &Path) {
    std::fs::create_dir_all(dir.join("en")).unwrap();
    std::fs::write(
        dir.join("en/help.txt"),
        "{% include \"no-such-page.txt\" %}\n",
    )
    .unwrap();
}

fn host_with_broken_help() -> (tempfile::TempDir, Host) {
    let dir = tempfile::tempdir().unwrap();
    broken_help(dir.path());
    let renderer = Renderer::new(Some(dir.path())).unwrap();
    let store = Store::open(&dir.path().join("host.sqlite")).unwrap();
    (dir, Host::new(store, renderer, HostSettings::default()))
}

fn outbox_rows(host: &Host) -> usize {
    store::outbox_entries(host.store().connection())
        .unwrap()
        .len()
}

#[test]
fn a_mail_that_fails_inside_a_group_leaves_nothing_while_the_others_stand() {
    let (_dir, mut host) = host_with_broken_help();
    let mut batch = host.batch().unwrap();
    let first = batch.receive(&raw_mail(
        "a@example.org",
        "g-1@example.org",
        "signup alice pw-quince-ladle",
    ));
    let failing = batch.receive(&raw_mail("h@example.org", "g-2@example.org", "help"));
    let last = batch.receive(&raw_mail(
        "b@example.org",
        "g-3@example.org",
        "signup bob pw-quince-ladle",
    ));
    batch.commit().unwrap();
    assert!(matches!(first, Ok(Receipt::Handled { .. })), "{first:?}");
    assert!(
        matches!(failing, Err(HostError::Template(_))),
        "{failing:?}"
    );
    assert!(matches!(last, Ok(Receipt::Handled { .. })), "{last:?}");
    let conn = host.store().connection();
    assert!(store::find_player(conn, "alice").unwrap().is_some());
    assert!(store::find_player(conn, "bob").unwrap().is_some());
    assert_eq!(outbox_rows(&host), 2, "the two welcomes, no help page");
    // The failed mail was not even recorded as seen: it can be tried again.
    let again = host.receive(&raw_mail("h@example.org", "g-2@example.org", "help"));
    assert!(matches!(again, Err(HostError::Template(_))), "{again:?}");
}

#[test]
fn a_group_that_is_not_committed_stores_none_of_its_mails() {
    let (_dir, mut host) = host_with_broken_help();
    let signup = raw_mail(
        "a@example.org",
        "n-1@example.org",
        "signup alice pw-quince-ladle",
    );
    {
        let mut batch = host.batch().unwrap();
        assert!(matches!(
            batch.receive(&signup),
            Ok(Receipt::Handled { .. })
        ));
        // Dropped here, as when the process dies before the commit.
    }
    assert!(store::find_player(host.store().connection(), "alice")
        .unwrap()
        .is_none());
    assert_eq!(outbox_rows(&host), 0);
    assert!(matches!(host.receive(&signup), Ok(Receipt::Handled { .. })));
}

#[test]
fn the_same_mail_twice_in_one_group_is_handled_once() {
    let (_dir, mut host) = host_with_broken_help();
    let signup = raw_mail(
        "a@example.org",
        "d-1@example.org",
        "signup alice pw-quince-ladle",
    );
    let mut batch = host.batch().unwrap();
    let first = batch.receive(&signup).unwrap();
    let second = batch.receive(&signup).unwrap();
    batch.commit().unwrap();
    assert!(matches!(first, Receipt::Handled { .. }), "{first:?}");
    assert_eq!(second, Receipt::Duplicate);
    assert_eq!(outbox_rows(&host), 1);
}

#[test]
fn a_backlog_larger_than_one_group_is_handled_in_groups_and_all_answered() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config::load(None, Some(dir.path())).unwrap();
    let mut runtime = Runtime::open(&config).unwrap();
    let count = MAILS_PER_COMMIT * 2 + 5;
    for n in 0..count {
        runtime
            .maildir
            .deliver(&raw_mail(
                &format!("p{n}@example.org"),
                &format!("b-{n}@x"),
                "help",
            ))
            .unwrap();
    }
    let pass = runtime.pass().unwrap();
    assert_eq!((pass.handled, pass.failed), (count, 0));
    assert_eq!(pass.sent, count);
    assert!(runtime.maildir.waiting().unwrap().is_empty());
}

#[test]
fn serve_sets_aside_the_mail_that_fails_and_answers_the_rest_of_its_group() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config::load(None, Some(dir.path())).unwrap();
    broken_help(&config.templates);
    let mut runtime = Runtime::open(&config).unwrap();
    let failing = runtime
        .maildir
        .deliver(&raw_mail("h@example.org", "s-2@example.org", "help"))
        .unwrap();
    for (n, who) in ["alice", "bob"].iter().enumerate() {
        runtime
            .maildir
            .deliver(&raw_mail(
                &format!("{who}@example.org"),
                &format!("s-{}@example.org", n * 2 + 1),
                &format!("signup {who} pw-quince-ladle"),
            ))
            .unwrap();
    }
    let pass = runtime.pass().unwrap();
    assert_eq!((pass.handled, pass.failed, pass.sent), (2, 1, 2));
    let name = failing.file_name().unwrap();
    assert!(dir.path().join(FAILED_FOLDER).join(name).is_file());
    assert!(runtime.maildir.waiting().unwrap().is_empty());
    let conn = runtime.host.store().connection();
    assert!(store::find_player(conn, "alice").unwrap().is_some());
    assert!(store::find_player(conn, "bob").unwrap().is_some());
}

/// Password checks (argon2, slow on purpose) are made while the mail is
/// prepared, which only reads: another process may hold the write lock
/// meanwhile, and a flood of guesses never holds it.
#[test]
fn passwords_are_checked_while_another_process_holds_the_write_lock() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("host.sqlite");
    let store = Store::open(&path).unwrap();
    let renderer = Renderer::new(None).unwrap();
    let mut host = Host::new(store, renderer, HostSettings::default());
    host.receive(&raw_mail(
        "a@example.org",
        "p-1@example.org",
        "signup alice pw-quince-ladle",
    ))
    .unwrap();
    let guesses: String = (0..5)
        .map(|n| format!("chess accept alice guess{n}\r\n"))
        .collect();
    let flood = format!(
        "From: mallory@example.org\r\nSubject: multiple\r\nMessage-ID: <p-2@example.org>\r\n\r\n{guesses}"
    );
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let prepared = host.prepare(flood.as_bytes(), flood.len() as u64).unwrap();
    assert_eq!(prepared.passwords_checked(), 5);
    other.execute_batch("COMMIT").unwrap();
    let mut batch = host.batch().unwrap();
    let receipt = batch.receive_prepared(prepared).unwrap();
    batch.commit().unwrap();
    assert!(
        matches!(receipt, Receipt::Handled { commands: 5, .. }),
        "{receipt:?}"
    );
    let bodies: Vec<String> = store::unsent(host.store().connection(), 20)
        .unwrap()
        .into_iter()
        .map(|row| row.mail.body)
        .collect();
    // The five refusals share one error mail.
    let refused: Vec<&String> = bodies
        .iter()
        .filter(|body| body.contains("the userid alice or its password is not right"))
        .collect();
    assert_eq!(refused.len(), 1, "{bodies:#?}");
    assert!(
        refused[0].contains("Your mail held 5 commands"),
        "{bodies:#?}"
    );
}

/// New passwords are hashed while the mail is prepared too, with another
/// process holding the write lock: a signup's, and only the first change
/// of a userid however many lines repeat it; a weak one not at all.
#[test]
fn new_passwords_are_hashed_while_another_process_holds_the_write_lock() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("host.sqlite");
    let store = Store::open(&path).unwrap();
    let renderer = Renderer::new(None).unwrap();
    // A club that trusts From lines: the account serves at once.
    let mut settings = HostSettings::default();
    settings.accounts.confirm_signup_address = false;
    let mut host = Host::new(store, renderer, settings);
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let signups =
        "From: a@example.org\r\nSubject: multiple\r\nMessage-ID: <h-1@example.org>\r\n\r\n\
                   signup alice pw-quince-ladle\r\nsignup weak 1234\r\n";
    let prepared = host
        .prepare(signups.as_bytes(), signups.len() as u64)
        .unwrap();
    assert_eq!(
        prepared.passwords_hashed(),
        1,
        "the weak one is refused unhashed"
    );
    other.execute_batch("COMMIT").unwrap();
    let mut batch = host.batch().unwrap();
    batch.receive_prepared(prepared).unwrap();
    batch.commit().unwrap();

    let changes: String = (0..20)
        .map(|n| format!("change password alice pw-quince-ladle new-ladle-quince-{n}\r\n"))
        .collect();
    let mail = format!(
        "From: a@example.org\r\nSubject: multiple\r\nMessage-ID: <h-2@example.org>\r\n\r\n{changes}"
    );
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let prepared = host.prepare(mail.as_bytes(), mail.len() as u64).unwrap();
    assert_eq!(prepared.passwords_hashed(), 1);
    other.execute_batch("COMMIT").unwrap();
    let mut batch = host.batch().unwrap();
    batch.receive_prepared(prepared).unwrap();
    batch.commit().unwrap();
    // The first change was made, with the hash made ahead.
    let conn = host.store().connection();
    let alice = store::find_player(conn, "alice").unwrap().unwrap();
    assert!(pbem::host::accounts::password::VerifiedPasswords::new()
        .matches("new-ladle-quince-0", &alice.password_hash));
}
