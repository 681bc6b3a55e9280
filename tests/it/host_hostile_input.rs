//! Hostile and odd mail, each fed as a real message file through the
//! Maildir: the host neither panics nor stops, and either answers with a
//! clear error or logs the mail and sets it aside.

use crate::util::alone_in_a_process;
use crate::util::host_harness::{address, PostOffice, Sent, HOST};
use pbem::mail::inbound::failed::FAILED_FOLDER;
use pbem::store;
use std::path::PathBuf;

fn cur_count(office: &PostOffice) -> usize {
    std::fs::read_dir(office.dir.path().join("inbox").join("cur"))
        .unwrap()
        .count()
}

/// The one mail in `sent`, which must go to `to`.
fn only_mail_to<'a>(sent: &'a [Sent], to: &str) -> &'a Sent {
    assert_eq!(sent.len(), 1, "one mail only: {sent:#?}");
    assert_eq!(sent[0].to, to);
    &sent[0]
}

#[test]
fn mail_without_from_is_logged_and_set_aside_unanswered() {
    let mut office = PostOffice::new();
    let raw = b"To: pbem@localhost\r\nSubject: list\r\nMessage-ID: <nofrom-1@example.org>\r\n\r\nlist\r\n";
    assert!(office.deliver_raw(raw).is_empty());
    assert_eq!(cur_count(&office), 1, "the mail left new/");
    // The host goes on answering.
    assert_eq!(office.send(&address("alice"), "list", "").len(), 1);
}

#[test]
fn unterminated_multipart_boundary_is_still_read() {
    let mut office = PostOffice::new();
    let raw = b"From: alice@example.org\r\nTo: pbem@localhost\r\nSubject: multiple\r\nMessage-ID: <mime-1@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"XYZ\"\r\n\r\n--XYZ\r\nContent-Type: text/plain\r\n\r\nlist\r\n--XYZ\r\nContent-Type: text/plain\r\n\r\nthe second part never ends";
    let sent = office.deliver_raw(raw);
    let mail = only_mail_to(&sent, "alice@example.org");
    assert_eq!(mail.subject, "PBeM Game List", "{}", mail.body);
}

#[test]
fn bad_base64_body_gets_an_error_reply() {
    let mut office = PostOffice::new();
    let raw = b"From: alice@example.org\r\nTo: pbem@localhost\r\nSubject: multiple\r\nMessage-ID: <b64-1@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!! this is %%% not base64 ~~~~\r\n";
    let sent = office.deliver_raw(raw);
    let mail = only_mail_to(&sent, "alice@example.org");
    assert!(mail.subject.ends_with("Error"), "{}", mail.subject);
}

#[test]
fn unknown_charset_label_is_read_as_far_as_possible() {
    let mut office = PostOffice::new();
    let raw = b"From: alice@example.org\r\nTo: pbem@localhost\r\nSubject: multiple\r\nMessage-ID: <charset-1@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=\"x-no-such-charset\"\r\nContent-Transfer-Encoding: 8bit\r\n\r\nlist\r\n";
    let sent = office.deliver_raw(raw);
    let mail = only_mail_to(&sent, "alice@example.org");
    assert_eq!(mail.subject, "PBeM Game List", "{}", mail.body);
}

#[test]
fn non_utf8_bytes_in_headers_and_body_are_answered() {
    let mut office = PostOffice::new();
    let raw = b"From: \xff\xfeAl\xe9 <alice@example.org>\r\nTo: pbem@localhost\r\nSubject: multiple \xc3\x28\r\nX-Note: \x80\x81\x82\r\nMessage-ID: <bytes-1@example.org>\r\n\r\nlist\r\n\xff\xfe\xfd not text\r\n";
    let sent = office.deliver_raw(raw);
    assert_eq!(sent.len(), 2, "the list and an error for the junk line");
    assert!(sent.iter().all(|mail| mail.to == "alice@example.org"));
    assert!(sent.iter().any(|mail| mail.subject == "PBeM Game List"));
}

#[test]
fn ten_megabyte_mail_is_refused_before_parsing_with_a_short_error() {
    let mut office = PostOffice::new();
    let mut raw = b"From: bigmouth@example.org\r\nTo: pbem@localhost\r\nSubject: signup bigmouth pw-big-quince\r\nMessage-ID: <big-1@example.org>\r\n\r\n".to_vec();
    raw.extend(std::iter::repeat_n(b'x', 10 * 1024 * 1024));
    let sent = office.deliver_raw(&raw);
    let error = only_mail_to(&sent, "bigmouth@example.org");
    assert!(
        error
            .body
            .contains("more than this host's limit of 1048576"),
        "{}",
        error.body
    );
    assert!(error.raw.len() < 64 * 1024, "the error is short");
    let conn = office.runtime.host.store().connection();
    assert!(
        store::find_player(conn, "bigmouth").unwrap().is_none(),
        "nothing in the mail was done"
    );
}

/// The most memory this test process has held at once, in KiB (the test
/// that reads it runs alone in its process).
fn peak_memory_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())
        .expect("VmHWM in /proc/self/status")
}

#[test]
fn a_four_gigabyte_mail_file_is_answered_from_its_header_block_without_being_read() {
    // The peak memory is the process's: other tests must not share it.
    if !alone_in_a_process(
        module_path!(),
        "a_four_gigabyte_mail_file_is_answered_from_its_header_block_without_being_read",
    ) {
        return;
    }
    let mut office = PostOffice::new();
    let head = b"From: huge@example.org\r\nTo: pbem@localhost\r\nSubject: signup huge pw-huge-quince\r\nMessage-ID: <huge-1@example.org>\r\n\r\n";
    let path = office.runtime.maildir.deliver(head).unwrap();
    // A sparse file: it is 4 GiB long, yet neither disk nor memory holds
    // them unless it is read.
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(4 << 30)
        .unwrap();
    let peak_before = peak_memory_kib();
    let sent = office.run_pass();
    let grown_mib = peak_memory_kib().saturating_sub(peak_before) / 1024;
    let error = only_mail_to(&sent, "huge@example.org");
    assert!(
        error.body.contains("the message is 4294967296 bytes"),
        "{}",
        error.body
    );
    assert!(grown_mib < 256, "the pass held {grown_mib} MiB more");
    assert_eq!(cur_count(&office), 1);
}

#[test]
fn oversized_mail_without_a_sender_is_only_logged() {
    let mut office = PostOffice::with_config("[inbound]\nmax_message_bytes = 1000\n");
    let mut raw = b"Subject: list\r\nMessage-ID: <big-2@example.org>\r\n\r\n".to_vec();
    raw.extend(std::iter::repeat_n(b'y', 5000));
    assert!(office.deliver_raw(&raw).is_empty());
    assert_eq!(cur_count(&office), 1);
}

#[test]
fn a_thousand_commands_run_up_to_the_cap_and_the_rest_are_refused() {
    let mut office = PostOffice::with_config(
        "[host]\nmax_mails_per_hour = 5000\n[inbound]\nmax_commands_per_mail = 20\n",
    );
    let body: String = (0..1000).map(|_| "list\n").collect();
    let sent = office.send(&address("alice"), "multiple", &body);
    let lists = sent
        .iter()
        .filter(|mail| mail.subject == "PBeM Game List")
        .count();
    assert_eq!(lists, 20, "the first 20 commands ran");
    let errors: Vec<&Sent> = sent
        .iter()
        .filter(|mail| mail.subject.ends_with("Error"))
        .collect();
    assert_eq!(errors.len(), 1, "one error for the rest: {sent:#?}");
    assert!(
        errors[0].body.contains("at most 20 commands")
            && errors[0].body.contains("the other 980 lines"),
        "{}",
        errors[0].body
    );
    assert_eq!(sent.len(), 21);
}

/// Header names the host may write on a mail.
const HOST_HEADERS: &[&str] = &[
    "from",
    "to",
    "subject",
    "message-id",
    "in-reply-to",
    "references",
    "content-type",
    "content-transfer-encoding",
    "mime-version",
    "date",
    "auto-submitted",
    "x-loop",
];

fn header_names(raw: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(raw);
    let head = text.split("\r\n\r\n").next().unwrap_or_default();
    head.split("\r\n")
        .filter(|line| !line.starts_with([' ', '\t']))
        .map(|line| {
            line.split(':')
                .next()
                .unwrap_or_default()
                .trim()
                .to_lowercase()
        })
        .collect()
}

/// A header's value with folded lines joined, or empty.
fn header_value(raw: &[u8], name: &str) -> String {
    let text = String::from_utf8_lossy(raw);
    let head = text.split("\r\n\r\n").next().unwrap_or_default();
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    let prefix = format!("{}:", name.to_lowercase());
    unfolded
        .split("\r\n")
        .find(|line| line.to_lowercase().starts_with(&prefix))
        .map(|line| line[prefix.len()..].trim().to_string())
        .unwrap_or_default()
}

/// `<left@right>` with nothing odd inside.
fn is_plain_id(token: &str) -> bool {
    token
        .strip_prefix('<')
        .and_then(|rest| rest.strip_suffix('>'))
        .is_some_and(|id| {
            id.contains('@')
                && id
                    .bytes()
                    .all(|byte| byte.is_ascii_graphic() && byte != b'<' && byte != b'>')
        })
}

#[test]
fn crlf_in_userids_comments_and_ids_never_reaches_an_outgoing_header() {
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    office.send(&address("alice"), "chess challenge alice bob", "");
    // "signup eve\r\nBcc: victim@example.org pw-quince-ladle" as an encoded word, a
    // folded Message-ID and References with header text inside, and a
    // comment whose lines look like headers.
    let subject = "=?utf-8?b?Y2hlc3MgbW92ZSAxMDEgYWxpY2UgcHctYWxpY2UtcXVpbmNlIGU0DQpCY2M6IHZpY3RpbUBleGFtcGxlLm9yZw0KWC1JbmplY3RlZDogeWVz?=";
    let raw = format!(
        "From: alice@example.org\r\nTo: {HOST}\r\nSubject: {subject}\r\nMessage-ID: <evil-1@example.org\r\n X-Injected: yes>\r\nReferences: <ok@example.org> <bad\r\n Bcc: victim@example.org>\r\n\r\nBcc: victim@example.org\r\nX-Injected: yes\r\n"
    );
    let sent = office.deliver_raw(raw.as_bytes());
    let signup = format!(
        "From: eve@example.org\r\nTo: {HOST}\r\nSubject: =?utf-8?b?c2lnbnVwIGV2ZQ0KQmNjOiB2aWN0aW1AZXhhbXBsZS5vcmcgcHctcXVpbmNlLWxhZGxl?=\r\nMessage-ID: <evil-2@example.org>\r\n\r\n"
    );
    let mut all = sent.clone();
    all.extend(office.deliver_raw(signup.as_bytes()));
    assert!(!sent.is_empty(), "the move mail was answered");
    for mail in &all {
        for name in header_names(&mail.raw) {
            assert!(
                HOST_HEADERS.contains(&name.as_str()),
                "unexpected header {name:?} in\n{}",
                String::from_utf8_lossy(&mail.raw)
            );
        }
        assert!(
            !mail.to.contains("victim"),
            "nothing went to the injected address"
        );
        for name in ["In-Reply-To", "References"] {
            let value = header_value(&mail.raw, name);
            assert!(
                value.split_whitespace().all(is_plain_id),
                "{name} holds text that is not a plain <id>: {value:?}"
            );
        }
    }
}

/// A signup mail whose writes the database refuses (a trigger stands in
/// for a database failure on one mail).
fn doomed_signup(office: &PostOffice) -> Vec<u8> {
    let conn = rusqlite::Connection::open(office.dir.path().join("pbem.sqlite")).unwrap();
    conn.execute_batch(
        "CREATE TRIGGER refuse_doomed BEFORE INSERT ON players
         WHEN NEW.userid = 'doomed'
         BEGIN SELECT RAISE(ABORT, 'simulated database failure'); END;",
    )
    .unwrap();
    pbem::mail::outbound::compose::player_mail(
        "doomed@example.org",
        HOST,
        Some("signup doomed pw-quince-ladle"),
        "",
        None,
    )
    .unwrap()
}

#[test]
fn mail_that_makes_the_database_fail_is_set_aside_and_the_next_is_handled() {
    let mut office = PostOffice::new();
    let doomed = doomed_signup(&office);
    let waiting = office.runtime.maildir.deliver(&doomed).unwrap();
    let alice = pbem::mail::outbound::compose::player_mail(
        &address("alice"),
        HOST,
        Some("signup alice pw-alice-quince"),
        "",
        None,
    )
    .unwrap();
    office.runtime.maildir.deliver(&alice).unwrap();
    let pass = office.runtime.pass().unwrap();
    assert_eq!(pass.failed, 1);
    assert_eq!(pass.handled, 1, "the next mail was handled");
    let failed = office.dir.path().join(FAILED_FOLDER);
    let name = waiting.file_name().unwrap().to_string_lossy().into_owned();
    assert!(failed.join(&name).is_file(), "the mail is in failed/");
    let note = std::fs::read_to_string(failed.join(format!("{name}.error"))).unwrap();
    assert!(note.contains("simulated database failure"), "{note}");
    assert!(office.runtime.maildir.waiting().unwrap().is_empty());
    let conn = office.runtime.host.store().connection();
    assert!(store::find_player(conn, "alice").unwrap().is_some());
    assert!(store::find_player(conn, "doomed").unwrap().is_none());
    // The failed mail's Message-ID is not marked seen: an operator can put
    // it back into new/ once the cause is fixed.
    assert_eq!(office.runtime.pass().unwrap().failed, 0);
}

#[test]
fn piped_mail_that_makes_the_database_fail_is_kept_in_failed_and_reported_as_not_handled() {
    let mut office = PostOffice::new();
    let doomed = doomed_signup(&office);
    // Not handled, so not a success for the MTA (deliver exits 70); the
    // mail is kept for the operator all the same.
    let err = office.runtime.deliver(&doomed).unwrap_err();
    assert!(
        matches!(&err, pbem::daemon::DaemonError::SetAside { .. }),
        "{err:?}"
    );
    assert!(!err.is_temporary());
    let failed = office.dir.path().join(FAILED_FOLDER);
    let kept: Vec<PathBuf> = std::fs::read_dir(&failed)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    let mail = kept
        .iter()
        .find(|path| path.extension().is_some_and(|ext| ext == "deliver"))
        .expect("the mail is kept");
    // Kept whole, but for its password (docs/playing.md: the host keeps none).
    let masked = String::from_utf8(doomed)
        .unwrap()
        .replace("pw-quince-ladle", "********");
    assert_eq!(std::fs::read_to_string(mail).unwrap(), masked);
    let note = std::fs::read_to_string(format!("{}.error", mail.display())).unwrap();
    assert!(note.contains("simulated database failure"), "{note}");
}
