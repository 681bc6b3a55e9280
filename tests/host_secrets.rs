//! Secrets and strangers: passwords never leave the host, only players
//! see their boards in error mails, a challenge needs one of its players,
//! and text the sender controls is quoted as text.

mod host_harness;

use host_harness::{address, PostOffice, Sent};

fn two_players_on_a_board() -> PostOffice {
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    office
}

fn one(sent: &[Sent]) -> &Sent {
    assert_eq!(sent.len(), 1, "{sent:#?}");
    &sent[0]
}

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
    let mut office = two_players_on_a_board();
    let sent = office.send(
        &address("alice"),
        "chess move 101 alice pw-alice e2e5",
        "chess move 101 alice pw-alice e2e5 again",
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
    assert_nowhere(&office, &sent, "pw-alice");
}

#[test]
fn passwords_of_lines_that_do_not_parse_are_masked_too() {
    let mut office = two_players_on_a_board();
    let body = "chess move 101 bob pw-bob\nchsss move 101 alice pw-alice e4\n\
                change password bob pw-bob n3w-secret extra\nsignup carol carols-pw x y@\n";
    let sent = office.send(&address("bob"), "multiple", body);
    assert!(!sent.is_empty());
    for secret in ["pw-bob", "pw-alice", "n3w-secret", "carols-pw"] {
        assert_nowhere(&office, &sent, secret);
    }
}

#[test]
fn an_error_mail_to_a_stranger_shows_no_board() {
    let mut office = two_players_on_a_board();
    office.signup("mallory");
    let sent = office.send(
        &address("mallory"),
        "chess move 101 mallory pw-mallory e4",
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
    let mut office = two_players_on_a_board();
    let sent = office.send(&address("alice"), "chess move 101 alice pw-alice e2e5", "");
    assert!(one(&sent).body.contains("+---+"), "{}", sent[0].body);
}

/// Lines of a mail as any client may break them: at CR, LF or both.
fn client_lines(text: &str) -> Vec<&str> {
    text.split(['\r', '\n']).collect()
}

#[test]
fn a_line_break_encoded_into_the_subject_or_body_stays_inside_the_quote() {
    let mut office = two_players_on_a_board();
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
