//! Secrets and strangers: passwords never leave the host, only players
//! see their boards in error mails, a challenge needs one of its players,
//! and text the sender controls is quoted as text.

use crate::util::host_harness::{address, one, table, two_players, PostOffice, Sent};
use crate::util::pbem;

/// Every subject and body in the outbox table.
fn outbox_texts(office: &PostOffice) -> Vec<String> {
    let conn = office.runtime.host.store().connection();
    let mut statement = conn.prepare("SELECT subject, body FROM outbox").unwrap();
    let rows = statement
        .query_map([], |row| {
            Ok(format!(
                "{}\n{}",
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?
            ))
        })
        .unwrap();
    rows.map(Result::unwrap).collect()
}

fn assert_nowhere(office: &PostOffice, sent: &[Sent], secret: &str) {
    for mail in sent {
        let raw = String::from_utf8_lossy(&std::fs::read(&mail.path).unwrap()).into_owned();
        assert!(!mail.body.contains(secret), "{}", mail.body);
        assert!(!raw.contains(secret), "{raw}");
    }
    for text in outbox_texts(office) {
        assert!(!text.contains(secret), "{text}");
    }
}

#[test]
fn an_error_mail_quotes_the_command_without_its_password() {
    let mut office = table("chess");
    let sent = office.send(
        &address("alice"),
        "chess move 101 alice pw-alice-quince e2e5",
        "This is my move.",
    );
    let error = one(&sent);
    assert!(error.body.contains("not legal"), "{}", error.body);
    assert!(
        error
            .body
            .contains("> Subject: chess move 101 alice ******** e2e5"),
        "{}",
        error.body
    );
    assert_nowhere(&office, &sent, "pw-alice-quince");
}

#[test]
fn passwords_of_lines_that_do_not_parse_are_masked_too() {
    let mut office = table("chess");
    let body = "chess move 101 bob pw-bob-quince\nchsss move 101 alice pw-alice-quince e4\n\
                change password bob pw-bob-quince n3w-secret extra\nsignup carol carols-pw x y@\n";
    let sent = office.send(&address("bob"), "multiple", body);
    assert!(!sent.is_empty());
    for secret in [
        "pw-bob-quince",
        "pw-alice-quince",
        "n3w-secret",
        "carols-pw",
    ] {
        assert_nowhere(&office, &sent, secret);
    }
}

/// Lines the grammar cannot read, each as a subject and all together in
/// a `multiple` mail: an unknown verb, an unknown game, a missing board
/// number. Every one came back with the password in clear.
#[test]
fn passwords_of_unknown_verbs_games_and_missing_boards_are_masked() {
    let secret = "lanterns-at-dusk";
    let lines = [
        format!("chess zug 101 alice {secret} e4"),
        format!("chess play 101 alice {secret} e4"),
        format!("schach move 101 alice {secret} e4"),
        format!("chess move alice {secret} e4"),
        format!("register alice {secret} alice@example.org"),
    ];
    let mut office = table("chess");
    for line in &lines {
        let sent = office.send(&address("alice"), line, "");
        assert!(!sent.is_empty(), "{line}: no answer");
        assert!(
            sent.iter().any(|mail| mail.body.contains("********")),
            "{line}"
        );
        assert_nowhere(&office, &sent, secret);
    }
    let sent = office.send(&address("alice"), "multiple", &lines.join("\n"));
    assert!(!sent.is_empty());
    assert_nowhere(&office, &sent, secret);
}

#[test]
fn an_error_mail_to_a_stranger_shows_no_board() {
    let mut office = table("chess");
    office.signup("mallory");
    let sent = office.send(
        &address("mallory"),
        "chess move 101 mallory pw-mallory-quince e4",
        "",
    );
    let error = one(&sent);
    assert!(
        error.body.contains("does not play on board 101"),
        "{}",
        error.body
    );
    assert!(!error.body.contains("+---+"), "{}", error.body);
    let sent = office.send("eve@example.org", "chess move 101 alice guess e4", "");
    let error = one(&sent);
    assert!(error.body.contains("wrong password"), "{}", error.body);
    assert!(!error.body.contains("+---+"), "{}", error.body);
}

#[test]
fn an_error_mail_to_a_player_of_the_board_still_shows_it() {
    let mut office = table("chess");
    let sent = office.send(
        &address("alice"),
        "chess move 101 alice pw-alice-quince e2e5",
        "",
    );
    assert!(one(&sent).body.contains("+---+"), "{}", sent[0].body);
}

/// Lines of a mail as any client may break them: at CR, LF or both.
fn client_lines(text: &str) -> Vec<&str> {
    text.split(['\r', '\n']).collect()
}

#[test]
fn a_line_break_encoded_into_the_subject_or_body_stays_inside_the_quote() {
    let mut office = table("chess");
    let raw = "From: eve@example.org\r\nTo: pbem@localhost\r\nMessage-ID: <inject@example.org>\r\n\
               Subject: =?utf-8?q?chess_move=0D=0AInjected_line?=\r\n\
               Content-Type: text/plain; charset=utf-8\r\n\
               Content-Transfer-Encoding: quoted-printable\r\n\r\n\
               hello=0DInjected body=0BInjected tab\r\n";
    let sent = office.deliver_raw(raw.as_bytes());
    let error = one(&sent);
    let raw_sent = String::from_utf8_lossy(&std::fs::read(&error.path).unwrap()).into_owned();
    for text in [error.body.as_str(), raw_sent.as_str()] {
        let holding: Vec<&str> = client_lines(text)
            .into_iter()
            .filter(|line| line.contains("Injected"))
            .collect();
        assert!(!holding.is_empty(), "{text}");
        for line in holding {
            assert!(
                line.starts_with('>'),
                "an unquoted line {line:?} in:\n{text}"
            );
        }
    }
}

fn board_count(office: &PostOffice) -> i64 {
    office
        .runtime
        .host
        .store()
        .connection()
        .query_row("SELECT COUNT(*) FROM games", [], |row| row.get(0))
        .unwrap()
}

#[test]
fn a_strangers_challenge_starts_no_board_and_does_not_tell_who_exists() {
    let mut office = two_players();
    let real = office.send("mallory@example.org", "chess challenge alice bob", "");
    let made_up = office.send("mallory@example.org", "chess challenge alice nobody", "");
    assert_eq!(board_count(&office), 0);
    let (real, made_up) = (one(&real), one(&made_up));
    assert!(
        real.body.contains("must come from one of the two players"),
        "{}",
        real.body
    );
    assert!(real.body.contains("-password:PASSWORD"), "{}", real.body);
    let problem = |body: &str| {
        body.lines()
            .find(|l| l.starts_with("Problem"))
            .map(String::from)
    };
    assert_eq!(problem(&real.body), problem(&made_up.body));
    let wrong = office.send(
        "mallory@example.org",
        "chess challenge alice bob -password:guess",
        "",
    );
    assert_eq!(problem(&one(&wrong).body), problem(&real.body));
    assert_eq!(board_count(&office), 0);
}

#[test]
fn multiple_mails_of_fifty_forged_challenges_start_no_board() {
    let mut office = two_players();
    let body = "chess challenge alice bob\n".repeat(50);
    for _ in 0..2 {
        office.send("mallory@example.org", "multiple", &body);
    }
    assert_eq!(board_count(&office), 0);
}

#[test]
fn a_challenge_from_the_second_players_address_names_him_and_carries_his_comment() {
    let mut office = two_players();
    let sent = office.send(
        &address("bob"),
        "chess challenge alice bob",
        "Good luck, alice!",
    );
    assert_eq!(sent.len(), 2, "{sent:#?}");
    assert_eq!(board_count(&office), 1);
    for player in ["alice", "bob"] {
        let mail = crate::util::host_harness::mail_to(&sent, player);
        assert!(
            mail.body.contains("bob issued the challenge"),
            "{}",
            mail.body
        );
        assert!(
            mail.body
                .contains("bob (the challenger) writes:\nGood luck, alice!"),
            "{}",
            mail.body
        );
    }
}

#[test]
fn the_password_switch_lets_the_challenger_write_from_elsewhere_and_is_not_kept() {
    let mut office = two_players();
    let sent = office.send(
        "alice.phone@example.net",
        "chess challenge alice bob -password:pw-alice-quince -unrated",
        "",
    );
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let game = office.game(101);
    assert!(
        game.switches
            .iter()
            .all(|s| !s.contains("pw-alice-quince") && !s.contains("password")),
        "{:?}",
        game.switches
    );
    assert!(!game.host_options.contains("pw-alice-quince"));
    for mail in &sent {
        assert!(
            mail.body.contains("alice issued the challenge"),
            "{}",
            mail.body
        );
        assert!(!mail.body.contains("pw-alice-quince"), "{}", mail.body);
    }
    assert_nowhere(&office, &sent, "pw-alice-quince");
}

/// An error mail as versions before 10 wrote it: the command quoted with
/// its password.
const OLD_ERROR_BODY: &str = "Your mail could not be carried out.\n\n\
    Problem: e2e5 is not legal here: the pawn cannot go there\n\n\
    Your mail:\n> Subject: chess move 101 alice old-secret e2e5\n>\n> sigup alice other-secret\n";

#[test]
fn opening_an_older_data_directory_masks_the_passwords_its_mails_quoted() {
    let dir = tempfile::tempdir().unwrap();
    let config = pbem::config::Config::from_toml("", Some(dir.path())).unwrap();
    drop(pbem::daemon::Runtime::open(&config).unwrap());
    // As an older version left it: never scrubbed.
    let _ = std::fs::remove_file(config.data_dir.join("outbox-passwords-masked"));
    let conn = rusqlite::Connection::open(&config.database).unwrap();
    conn.execute_batch(
        "INSERT INTO players (userid, password_hash, addresses, signed_off, created)
             VALUES ('alice', 'x', 'alice@example.org', 0, 1);
         PRAGMA user_version = 9;",
    )
    .unwrap();
    conn.execute(
        "INSERT INTO outbox (id, recipient, subject, body, message_id, references_ids, created, sent)
         VALUES (1, 'alice@example.org', 'Chess Board 101 Error', ?1, 'old@localhost', '', 1, 1)",
        [OLD_ERROR_BODY],
    )
    .unwrap();
    drop(conn);
    let eml = format!(
        "From: pbem@localhost\r\nTo: alice@example.org\r\nSubject: Chess Board 101 Error\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\n{}",
        OLD_ERROR_BODY.replace('\n', "\r\n")
    );
    let eml_path = config.outbox_folder.join("00000001.eml");
    std::fs::write(&eml_path, eml).unwrap();

    let runtime = pbem::daemon::Runtime::open(&config).unwrap();
    let body: String = runtime
        .host
        .store()
        .connection()
        .query_row("SELECT body FROM outbox WHERE id = 1", [], |row| row.get(0))
        .unwrap();
    let file = std::fs::read_to_string(&eml_path).unwrap();
    for text in [&body, &file] {
        assert!(!text.contains("old-secret"), "{text}");
        assert!(!text.contains("other-secret"), "{text}");
        assert!(
            text.contains("chess move 101 alice ******** e2e5"),
            "{text}"
        );
    }
}

fn run_pbem(args: &[&str]) {
    let out = pbem().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// Every file and folder under `root`, itself included.
fn tree(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut all = vec![root.to_path_buf()];
    let mut next = 0;
    while next < all.len() {
        if all[next].is_dir() {
            let children: Vec<_> = std::fs::read_dir(&all[next])
                .unwrap()
                .map(|entry| entry.unwrap().path())
                .collect();
            all.extend(children);
        }
        next += 1;
    }
    all
}

fn assert_owner_only(root: &std::path::Path) {
    for path in tree(root) {
        let expected = if path.is_dir() { 0o700 } else { 0o600 };
        assert_eq!(
            mode(&path),
            expected,
            "{} is {:o}",
            path.display(),
            mode(&path)
        );
    }
}

#[test]
fn the_host_creates_its_data_directory_and_files_for_its_owner_only() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data_arg = data.to_str().unwrap();
    run_pbem(&[
        "mail",
        "--data",
        data_arg,
        "--from",
        "alice@example.org",
        "signup alice pw-quince-ladle",
    ]);
    run_pbem(&["serve", "--once", "--data", data_arg]);
    assert!(data.join("pbem.sqlite").exists());
    assert!(tree(&data)
        .iter()
        .any(|path| path.extension().is_some_and(|e| e == "eml")));
    assert_owner_only(&data);
}

#[test]
fn opening_a_data_directory_tightens_it_and_its_database() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data_arg = data.to_str().unwrap();
    run_pbem(&["serve", "--once", "--data", data_arg]);
    let loose = |path: &std::path::Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    loose(&data, 0o755);
    loose(&data.join("pbem.sqlite"), 0o644);
    run_pbem(&["serve", "--once", "--data", data_arg]);
    assert_eq!(mode(&data), 0o700);
    assert_eq!(mode(&data.join("pbem.sqlite")), 0o600);
}

/// docs/playing.md: the host keeps only a hash of each password; the copies
/// of handled mails in `inbox/cur/` hold none either.
#[test]
fn handled_mails_are_kept_in_inbox_cur_with_their_passwords_masked() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    for (subject, body) in [
        ("signup alice pw-quince-ladle", ""),
        ("help", "chess move 9 alice pw-quince-ladle e4\nthanks"),
        ("help", "no password here"),
    ] {
        let out = pbem()
            .args(["mail", "--data", data, "--from", "alice@example.org"])
            .args([subject, "--body", body])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = pbem()
        .args(["serve", "--once", "--data", data])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cur = dir.path().join("inbox/cur");
    let kept: Vec<String> = std::fs::read_dir(&cur)
        .unwrap()
        .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
        .collect();
    assert_eq!(kept.len(), 3, "{kept:?}");
    assert!(
        kept.iter().all(|mail| !mail.contains("pw-quince-ladle")),
        "{kept:?}"
    );
    assert!(
        kept.iter()
            .any(|mail| mail.contains("Subject: signup alice ********")),
        "{kept:?}"
    );
    assert!(
        kept.iter()
            .any(|mail| mail.contains("chess move 9 alice ******** e4")),
        "{kept:?}"
    );
    assert!(
        kept.iter().any(|mail| mail.contains("no password here")),
        "{kept:?}"
    );
    let new = std::fs::read_dir(dir.path().join("inbox/new"))
        .unwrap()
        .count();
    assert_eq!(new, 0);
}
