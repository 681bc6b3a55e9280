//! The operator's tools through the binary (`players`, `lock`, `block`,
//! `reset-password`, `delete-account`, `void-flood`, `security-log`),
//! the userids the host keeps for itself, the one address rule inbound
//! and outbound, and printing into a closed pipe.

use crate::util::host_harness::{address, password, PostOffice, Sent};
use crate::util::{pbem, t0};
use pbem::store::{self, GameStatus};
use std::io::Read;
use std::process::{Output, Stdio};

/// `pbem VERB --data DIR ARGS...` on the post office's data directory,
/// at `seconds` after `t0()`.
fn tool(office: &PostOffice, seconds: i64, verb: &str, args: &[&str]) -> Output {
    let now = (t0() + chrono::Duration::seconds(seconds)).to_rfc3339();
    let data = office.dir.path().to_str().unwrap().to_string();
    let mut command = pbem();
    command.args([verb, "--data", &data]);
    if !matches!(verb, "players" | "security-log" | "outbox") {
        command.args(["--now", &now]);
    }
    command.args(args).output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn ok(out: Output) -> String {
    assert!(
        out.status.success(),
        "{}\n{}",
        stdout(&out),
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
}

fn signed_up(userids: &[&str]) -> PostOffice {
    // A flood to void needs more open challenges than the host allows.
    let mut office = PostOffice::with_config("[limits]\nopen_challenges_per_opponent = 1000\n");
    office.set_clock(0);
    for userid in userids {
        office.signup(userid);
    }
    office
}

/// The mails the binary sent since the office last looked.
fn sent_by_tool(office: &mut PostOffice) -> Vec<Sent> {
    office.run_pass()
}

#[test]
fn players_lists_each_account_with_its_addresses_and_state_filtered_by_text() {
    let mut office = signed_up(&["alice", "bob"]);
    let pw = password("alice");
    office.send(
        &address("alice"),
        &format!("change address alice {pw} alice@example.org alice@home.example"),
        "",
    );
    office.send(&address("alice"), "chess challenge alice bob", "");
    let listed = ok(tool(&office, 60, "players", &[]));
    assert!(
        listed.contains("alice active\n    confirmed: alice@example.org\n"),
        "{listed}"
    );
    assert!(listed.contains("robot1 robot"), "{listed}");
    assert!(
        listed.contains("waiting to confirm: alice@home.example"),
        "{listed}"
    );
    assert!(listed.contains("boards running: 101"), "{listed}");
    let only = ok(tool(&office, 60, "players", &["HOME.example"]));
    assert!(
        only.contains("alice active") && !only.contains("bob"),
        "{only}"
    );
    assert!(only.contains("1 account(s)"), "{only}");
}

#[test]
fn a_locked_account_is_refused_every_command_until_it_is_unlocked() {
    let mut office = signed_up(&["alice", "bob"]);
    assert!(ok(tool(&office, 10, "lock", &["alice"])).contains("alice is locked"));
    let listed = ok(tool(&office, 11, "players", &["alice"]));
    assert!(listed.contains("locked since"), "{listed}");
    let sent = office.send_as("alice", "chess accept alice PW", "");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(
        sent[0].body.contains("locked by the operator"),
        "{}",
        sent[0].body
    );
    // Nobody may start a game with a locked player either.
    let sent = office.send(&address("bob"), "chess challenge bob alice", "");
    assert!(
        sent.iter().all(|mail| mail.to == address("bob"))
            && sent[0].body.contains("cannot be challenged"),
        "{sent:#?}"
    );
    assert!(ok(tool(&office, 20, "unlock", &["alice"])).contains("alice is unlocked"));
    let sent = office.send_as("alice", "chess accept alice PW", "");
    assert!(!sent[0].body.contains("locked"), "{}", sent[0].body);
    let log = ok(tool(&office, 30, "security-log", &["--userid", "alice"]));
    assert!(
        log.contains("operator-lock userid=alice") && log.contains("operator-unlock"),
        "{log}"
    );
    assert_eq!(
        tool(&office, 30, "lock", &["nobody-here"]).status.code(),
        Some(1)
    );
}

#[test]
fn a_blocked_address_or_domain_gets_no_answer_and_its_mail_is_recorded() {
    let mut office = signed_up(&["alice", "bob"]);
    ok(tool(&office, 10, "block", &["evil.example"]));
    ok(tool(&office, 10, "block", &["bob@example.org"]));
    assert_eq!(
        tool(&office, 10, "block", &["not a domain"]).status.code(),
        Some(1)
    );
    for (from, subject) in [
        ("eve@evil.example", "help"),
        ("eve@mail.evil.example", "signup eve pw-eve-quince-ladle"),
        ("bob@example.org", "chess challenge bob alice"),
    ] {
        let sent = office.send(from, subject, "");
        assert!(sent.is_empty(), "{from}: {sent:#?}");
    }
    // Every address of bob's is blocked: he cannot be challenged either.
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(
        sent[0].body.contains("bob cannot be challenged"),
        "{}",
        sent[0].body
    );
    // Nor may an account list a blocked address, to be mailed there.
    let pw = password("alice");
    let sent = office.send(
        &address("alice"),
        &format!("change address alice {pw} alice@example.org eve@evil.example"),
        "",
    );
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].body.contains("has blocked it"), "{}", sent[0].body);
    let log = ok(tool(&office, 20, "security-log", &[]));
    assert_eq!(log.matches("block-hit").count(), 3, "{log}");
    assert!(log.contains("address=eve@mail.evil.example"), "{log}");
    ok(tool(&office, 30, "unblock", &["bob@example.org"]));
    let sent = office.send(&address("bob"), "chess challenge bob alice", "");
    assert_eq!(sent.len(), 2, "{sent:#?}");
}

#[test]
fn reset_password_mails_a_strong_new_one_to_the_confirmed_addresses_only() {
    let mut office = signed_up(&["alice"]);
    let pw = password("alice");
    office.send(
        &address("alice"),
        &format!("change address alice {pw} alice@example.org alice@new.example"),
        "",
    );
    ok(tool(&office, 10, "reset-password", &["alice"]));
    let sent = sent_by_tool(&mut office);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert_eq!(sent[0].to, address("alice"), "only the confirmed address");
    let new = sent[0]
        .body
        .lines()
        .map(str::trim)
        .find(|line| line.len() == 23 && line.matches('-').count() == 3)
        .expect("the new password on a line of its own")
        .to_string();
    let worked = office.send(&address("alice"), &format!("signoff alice {new}"), "");
    assert!(
        worked[0].body.contains("takes no new challenges"),
        "{}",
        worked[0].body
    );
    let old = office.send(&address("alice"), &format!("signoff alice {pw}"), "");
    assert!(old[0].body.contains("not right"), "{}", old[0].body);
    // A password the host would refuse at signup is refused here too.
    let weak = tool(
        &office,
        20,
        "reset-password",
        &["alice", "--password", "alice"],
    );
    assert_eq!(weak.status.code(), Some(1));
    let log = ok(tool(&office, 30, "security-log", &[]));
    assert!(
        log.contains("operator-password-reset userid=alice"),
        "{log}"
    );
    assert!(
        !log.contains(&new),
        "the log never holds the password: {log}"
    );
}

#[test]
fn delete_account_removes_it_and_what_only_it_owns_but_not_while_it_plays() {
    let mut office = signed_up(&["alice", "bob"]);
    office.send_as("alice", "chess seek alice PW", "");
    office.send(&address("alice"), "chess challenge alice bob", "");
    let refused = tool(&office, 10, "delete-account", &["alice"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("101"));
    office.send_as("bob", "chess decline 101 bob PW", "");
    ok(tool(&office, 20, "delete-account", &["alice"]));
    let conn = office.runtime.host.store().connection();
    assert!(store::find_player(conn, "alice").unwrap().is_none());
    let seeks = store::open_seeks(conn, None, None, t0().timestamp()).unwrap();
    assert!(seeks.is_empty(), "{seeks:?}");
    let listed = ok(tool(&office, 30, "players", &[]));
    assert!(
        !listed.contains("alice") && listed.contains("bob active"),
        "{listed}"
    );
    let log = ok(tool(&office, 30, "security-log", &["--userid", "alice"]));
    assert!(log.contains("operator-delete"), "{log}");
}

#[test]
fn void_flood_ends_the_boards_the_other_never_answered_unrated_and_tells_both() {
    let mut office = signed_up(&["eve", "bob"]);
    for board in 101..=103 {
        office.send(&address("eve"), "chess challenge eve bob", "");
        office.send_as("eve", &format!("chess move {board} eve PW e4"), "");
    }
    office.send_as("bob", "chess move 103 bob PW e5", "");
    // Boards begun later than the period stay.
    office.set_clock(7200);
    office.send(&address("eve"), "chess challenge eve bob", "");
    let done = ok(tool(
        &office,
        7300,
        "void-flood",
        &[
            "eve",
            "--since",
            "2027-03-01",
            "--until",
            "2027-03-01T10:00:00Z",
        ],
    ));
    assert!(
        done.contains("voided 2 board(s) of eve: [101, 102]"),
        "{done}"
    );
    let sent = sent_by_tool(&mut office);
    for who in ["eve", "bob"] {
        let told = sent.iter().filter(|mail| mail.to == address(who)).count();
        assert_eq!(told, 2, "{who}: {sent:#?}");
    }
    for (board, status) in [
        (101, GameStatus::Aborted),
        (102, GameStatus::Aborted),
        (103, GameStatus::Active),
        (104, GameStatus::Active),
    ] {
        assert_eq!(office.game(board).status, status, "board {board}");
    }
    let conn = office.runtime.host.store().connection();
    for board in [101, 102] {
        let changes = store::rating_changes(conn, board).unwrap();
        assert!(changes.is_empty(), "unrated: {changes:?}");
    }
}

#[test]
fn the_security_log_is_read_by_time_and_userid() {
    let office = signed_up(&["alice", "bob"]);
    ok(tool(&office, 100, "lock", &["alice"]));
    ok(tool(&office, 200, "lock", &["bob"]));
    let later = ok(tool(
        &office,
        300,
        "security-log",
        &["--since", "2027-03-01T09:02:00Z"],
    ));
    assert!(
        later.contains("userid=bob") && !later.contains("userid=alice"),
        "{later}"
    );
    assert!(later.contains("1 entry"), "{later}");
    let alices = ok(tool(&office, 300, "security-log", &["--userid", "ALICE"]));
    assert!(alices.contains("2027-03-01 09:01:40"), "{alices}");
}

#[test]
fn the_hosts_own_names_are_refused_at_signup_and_old_accounts_keep_working() {
    let mut office = PostOffice::with_config("[host]\naddress = \"games@example.org\"\n");
    for userid in [
        "postmaster",
        "Abuse",
        "admin",
        "mailer-daemon",
        "pbem",
        "games",
    ] {
        let sent = office.send(
            &format!("someone.{}@example.org", userid.len()),
            &format!("signup {userid} pw-anyone-quince-ladle"),
            "",
        );
        assert_eq!(sent.len(), 1, "{sent:#?}");
        assert!(
            sent[0].body.contains("is reserved for the host"),
            "{userid}: {}",
            sent[0].body
        );
    }
    office.seed_legacy_player("webmaster", "pw-webmaster-quince");
    let sent = office.send(
        &address("webmaster"),
        "signoff webmaster pw-webmaster-quince",
        "",
    );
    assert!(
        sent[0].body.contains("takes no new challenges"),
        "{}",
        sent[0].body
    );
}

/// A mail from `from` (raw header bytes) asking for help.
fn help_from(from: &[u8], id: &str) -> Vec<u8> {
    let mut raw = b"From: ".to_vec();
    raw.extend_from_slice(from);
    raw.extend_from_slice(
        format!("\r\nTo: pbem@localhost\r\nSubject: help\r\nMessage-ID: <{id}>\r\n\r\n").as_bytes(),
    );
    raw
}

#[test]
fn an_address_the_host_cannot_send_to_is_neither_answered_nor_taken() {
    let mut office = signed_up(&["alice"]);
    for (n, from) in [
        &b"\"quoted local\"@example.org"[..],
        b"user+tag@[127.0.0.1]",
        b"al\xffce@example.org",
    ]
    .into_iter()
    .enumerate()
    {
        let sent = office.deliver_raw(&help_from(from, &format!("odd-{n}@example.org")));
        assert!(sent.is_empty(), "{sent:#?}");
    }
    // Nor is such an address taken for an account, where it would be sent
    // its confirmation and set aside.
    let pw = password("alice");
    let sent = office.send(
        &address("alice"),
        &format!("change address alice {pw} alice@example.org user+tag@[127.0.0.1]"),
        "",
    );
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(
        sent[0].body.contains("is not a mail address"),
        "{}",
        sent[0].body
    );
    let conn = office.runtime.host.store().connection();
    let waiting = store::outbox_entries(conn).unwrap();
    assert!(waiting.is_empty(), "nothing set aside: {waiting:#?}");
    let log = ok(tool(&office, 10, "security-log", &[]));
    // mail-parser reads the quoted local part as none at all.
    for shown in [
        "@example.org",
        "user+tag@[127.0.0.1]",
        "al\u{FFFD}ce@example.org",
    ] {
        let line = format!("unusable-sender address=\"{shown}\"");
        assert!(log.contains(&line), "{line} in {log}");
    }
}

#[test]
fn printing_into_a_closed_pipe_ends_quietly() {
    let office = signed_up(&[]);
    let conn = office.runtime.host.store().connection();
    for n in 0..3000 {
        let mail = store::QueuedMail {
            recipient: format!("player{n}@example.org"),
            subject: format!("PBeM Help {n}"),
            body: "help".into(),
            message_id: format!("pbem.pipe.{n}@localhost"),
            in_reply_to: None,
            references: Vec::new(),
            purpose: store::MailPurpose::Game,
            attachment: None,
            html: None,
            cause: None,
        };
        store::queue_mail(conn, &mail, 1, &store::MailboxRule::default()).unwrap();
    }
    let data = office.dir.path().to_str().unwrap().to_string();
    let mut child = pbem()
        .args(["outbox", "--data", &data])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    use std::os::unix::process::ExitStatusExt;
    assert!(
        out.status.code() == Some(0) || out.status.signal() == Some(13),
        "{:?} {stderr}",
        out.status
    );
}
