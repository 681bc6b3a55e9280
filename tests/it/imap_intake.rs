//! IMAP intake against a real Dovecot (tests/it/util/imap_server.rs): `pbem serve`
//! and `pbem fetch --once` read its mailbox, answer through the file
//! transport, and move or flag what they handled. Replies are counted by
//! the Message-ID they answer (their In-Reply-To).

use crate::util::imap_server::{self, Dovecot};
use crate::util::wait_until;
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A host's data directory and config, reading `dovecot`.
struct HostDir {
    dir: tempfile::TempDir,
}

impl HostDir {
    fn new(dovecot: &Dovecot, extra_imap: &str) -> HostDir {
        HostDir::with_inbound(&dovecot.config_section("", extra_imap))
    }

    fn with_inbound(inbound: &str) -> HostDir {
        let dir = tempfile::tempdir().unwrap();
        // These hosts answer thousands of strangers' `help` within the hour;
        // the host-wide limit on such answers is tested elsewhere.
        let config = format!(
            "[host]\naddress = \"pbem@localhost\"\n\n\
             [limits]\nstranger_answers_per_hour = 1000000\n\n{inbound}"
        );
        std::fs::write(dir.path().join("pbem.toml"), config).unwrap();
        HostDir { dir }
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    fn config(&self) -> PathBuf {
        self.dir.path().join("pbem.toml")
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("serve.log")).unwrap_or_default()
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_pbem"));
        command
            .args(args)
            .arg("--data")
            .arg(self.data())
            .arg("--config")
            .arg(self.config())
            .stdin(Stdio::null());
        command
    }

    fn fetch_once(&self) -> Output {
        self.command(&["fetch", "--once"]).output().unwrap()
    }

    fn serve(&self) -> Child {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.path().join("serve.log"))
            .unwrap();
        self.command(&["serve"])
            .stdout(Stdio::null())
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap()
    }

    /// How many replies answer each Message-ID.
    fn replies(&self) -> HashMap<String, usize> {
        let mut counts = HashMap::new();
        let Ok(entries) = std::fs::read_dir(self.data().join("outbox")) else {
            return counts;
        };
        for entry in entries.filter_map(Result::ok) {
            if !entry.file_name().to_string_lossy().ends_with(".eml") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(entry.path()) else {
                continue;
            };
            let answered = text
                .lines()
                .take_while(|line| !line.is_empty())
                .find_map(|line| line.strip_prefix("In-Reply-To: "))
                .map(|id| id.trim().trim_matches(['<', '>']).to_string())
                .unwrap_or_default();
            *counts.entry(answered).or_insert(0) += 1;
        }
        counts
    }

    /// How many reply files there are, by their names alone (cheap in a
    /// folder of thousands).
    fn reply_files(&self) -> usize {
        std::fs::read_dir(self.data().join("outbox"))
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter(|entry| entry.file_name().to_string_lossy().ends_with(".eml"))
                    .count()
            })
            .unwrap_or(0)
    }

    fn reply_count(&self) -> usize {
        self.replies().values().sum()
    }

    fn reply_texts(&self) -> Vec<String> {
        let mut texts = Vec::new();
        for entry in std::fs::read_dir(self.data().join("outbox")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|ext| ext == "eml") {
                texts.push(std::fs::read_to_string(path).unwrap());
            }
        }
        texts
    }
}

/// A `help` mail from a sender of its own (so no per-address hourly cap is met).
fn help(tag: &str, n: usize) -> (String, Vec<u8>) {
    let id = format!("{tag}-{n}@example.org");
    let raw = format!(
        "From: s{n}@example.org\r\nTo: pbem@localhost\r\nSubject: help\r\nMessage-ID: <{id}>\r\n\r\nhelp\r\n"
    );
    (id, raw.into_bytes())
}

fn helps(tag: &str, count: usize) -> (Vec<String>, Vec<Vec<u8>>) {
    (0..count).map(|n| help(tag, n)).unzip()
}

fn stdout(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn kill(mut child: Child) {
    let _ = child.kill();
    let _ = child.wait();
}

fn terminate(child: Child) {
    let _ = Command::new("kill").arg(child.id().to_string()).status();
    let mut child = child;
    let _ = child.wait();
}

#[test]
fn a_mail_appended_while_serve_idles_is_answered_within_a_second() {
    let dovecot = Dovecot::start();
    let host = HostDir::new(&dovecot, "");
    let serve = host.serve();
    let (first_id, first) = help("idle", 1);
    dovecot.append_all(&[first]);
    wait_until("the first answer", Duration::from_secs(30), || {
        host.replies().contains_key(&first_id)
    });
    wait_until("the first mail moved", Duration::from_secs(10), || {
        dovecot.count("pbem-handled") == 1
    });
    let (second_id, second) = help("idle", 2);
    let appended = Instant::now();
    dovecot.append_all(&[second]);
    wait_until("the second answer", Duration::from_secs(10), || {
        host.replies().contains_key(&second_id)
    });
    let took = appended.elapsed();
    terminate(serve);
    eprintln!("answered {took:?} after the APPEND");
    assert!(took < Duration::from_secs(1), "took {took:?}");
    assert_eq!(dovecot.count("INBOX"), 0);
    assert_eq!(dovecot.count("pbem-handled"), 2);
    assert_eq!(host.reply_count(), 2, "{:?}", host.replies());
}

#[test]
fn with_idle_off_serve_polls_and_answers_within_the_poll_interval() {
    let dovecot = Dovecot::start();
    // The tests' section polls every second.
    let host = HostDir::new(&dovecot, "idle = false\n");
    let serve = host.serve();
    let (first_id, first) = help("poll", 1);
    dovecot.append_all(&[first]);
    wait_until("the first answer", Duration::from_secs(30), || {
        host.replies().contains_key(&first_id)
    });
    let (second_id, second) = help("poll", 2);
    let appended = Instant::now();
    dovecot.append_all(&[second]);
    wait_until("the second answer", Duration::from_secs(10), || {
        host.replies().contains_key(&second_id)
    });
    let took = appended.elapsed();
    terminate(serve);
    eprintln!("polling answered {took:?} after the APPEND");
    assert!(
        host.log().contains("IMAP intake, polling"),
        "{}",
        host.log()
    );
    let serving = host
        .log()
        .lines()
        .find(|line| line.contains("serving"))
        .map(str::to_string);
    let intake = format!("intake=IMAP 127.0.0.1:{} mailbox INBOX", dovecot.port);
    assert!(
        serving.is_some_and(|line| line.contains(&intake) && !line.contains("inbox/new")),
        "{}",
        host.log()
    );
    // One poll interval and the time to handle it, with room for a busy machine.
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(dovecot.count("pbem-handled"), 2);
    assert_eq!(host.reply_count(), 2, "{:?}", host.replies());
}

#[test]
fn fetch_once_over_implicit_tls_and_starttls_trusts_the_test_certificate_and_nothing_else() {
    let dovecot = Dovecot::start();
    let (id, mail) = help("tls", 1);
    dovecot.append_all(&[mail]);
    // Without ca_file the certificate of the tests' own making is refused:
    // nothing is handled, nothing moved, and the error says why.
    let untrusted = HostDir::with_inbound(&dovecot.config_section_at(
        ("localhost", dovecot.tls_port, "implicit"),
        "",
        "",
    ));
    let refused = untrusted.fetch_once();
    assert!(!refused.status.success(), "{}", stdout(&refused));
    assert!(stdout(&refused).contains("TLS"), "{}", stdout(&refused));
    assert_eq!(dovecot.count("INBOX"), 1);
    assert_eq!(untrusted.reply_count(), 0);

    let ca_file = format!("ca_file = \"{}\"", dovecot.cert().display());
    for (tls, port) in [("implicit", dovecot.tls_port), ("starttls", dovecot.port)] {
        let host = HostDir::with_inbound(&dovecot.config_section_at(
            ("localhost", port, tls),
            "",
            &ca_file,
        ));
        let fetched = host.fetch_once();
        assert!(fetched.status.success(), "{tls}: {}", stdout(&fetched));
        assert!(
            stdout(&fetched).contains("handled 1,"),
            "{tls}: {}",
            stdout(&fetched)
        );
        assert_eq!(host.replies().get(&id), Some(&1), "{tls}");
        // Back to INBOX for the next mode.
        dovecot.doveadm(&[
            "move",
            "-u",
            imap_server::USER,
            "INBOX",
            "mailbox",
            "pbem-handled",
            "all",
        ]);
    }
    assert!(dovecot.log().contains("TLS"), "dovecot saw TLS logins");
}

#[test]
fn a_wrong_password_and_a_missing_folder_get_clear_messages_and_lose_nothing() {
    let dovecot = Dovecot::start();
    let (_, mail) = help("bad", 1);
    dovecot.append_all(&[mail]);
    let host = HostDir::new(&dovecot, "");
    let text = std::fs::read_to_string(host.config())
        .unwrap()
        .replace(imap_server::PASSWORD, "wrong");
    std::fs::write(host.config(), text).unwrap();
    let refused = host.fetch_once();
    assert!(!refused.status.success());
    assert!(
        stdout(&refused).contains("refused the login of games"),
        "{}",
        stdout(&refused)
    );

    let host = HostDir::new(&dovecot, "folder = \"Nowhere\"");
    let missing = host.fetch_once();
    assert!(!missing.status.success());
    assert!(stdout(&missing).contains("SELECT"), "{}", stdout(&missing));
    assert_eq!(dovecot.count("INBOX"), 1, "nothing was touched");
    assert_eq!(host.reply_count(), 0);

    let broken = HostDir::with_inbound(&dovecot.config_section_at(
        ("127.0.0.1", dovecot.port, "sometimes"),
        "",
        "",
    ));
    let said = broken.fetch_once();
    assert!(!said.status.success());
    assert!(
        stdout(&said).contains("inbound.imap.tls"),
        "{}",
        stdout(&said)
    );
}

#[test]
fn a_message_over_the_size_limit_is_refused_by_its_size_before_its_body_is_fetched() {
    let dovecot = Dovecot::start();
    let mut big = b"From: big@example.org\r\nTo: pbem@localhost\r\nSubject: help\r\nMessage-ID: <big-1@example.org>\r\n\r\n".to_vec();
    big.extend(std::iter::repeat_n(b'x', 300_000));
    big.extend(b"\r\n");
    dovecot.append_all(&[big]);
    let host = HostDir::with_inbound(&dovecot.config_section("max_message_bytes = 20000", ""));
    let fetched = host.fetch_once();
    assert!(fetched.status.success(), "{}", stdout(&fetched));
    assert_eq!(host.replies().get("big-1@example.org"), Some(&1));
    let reply = host.reply_texts().join("\n");
    assert!(
        reply.contains("20000"),
        "the refusal names the limit: {reply}"
    );
    // Dovecot's own count of what the session fetched: headers, no body.
    let log = dovecot.log();
    let session = log
        .lines()
        .rfind(|line| line.contains("Disconnected") && line.contains("imap(games)"))
        .unwrap_or_else(|| panic!("a session in the log: {log}"));
    assert!(session.contains("body_count=0"), "{session}");
    assert!(session.contains("hdr_count=1"), "{session}");
    assert_eq!(dovecot.count("pbem-handled"), 1);
}

#[test]
fn a_mail_without_message_id_is_keyed_by_uid_and_never_answered_twice() {
    let dovecot = Dovecot::start();
    let bare = |n: usize| {
        format!("From: bare{n}@example.org\r\nTo: pbem@localhost\r\nSubject: help\r\n\r\nhelp\r\n")
            .into_bytes()
    };
    // Two mails alike but for their sender, neither with a Message-ID,
    // and one that is no mail at all.
    dovecot.append_all(&[bare(1), bare(2), b"\x00\x01 not a mail".to_vec()]);
    let host = HostDir::new(&dovecot, "flag = \"\\\\Seen\"\nmove_to = \"x\"");
    // flag and move_to together are refused, with the key named.
    let said = host.fetch_once();
    assert!(
        stdout(&said).contains("inbound.imap.flag"),
        "{}",
        stdout(&said)
    );
    let host = HostDir::new(&dovecot, "flag = \"\\\\Seen\"");
    let first = host.fetch_once();
    assert!(first.status.success(), "{}", stdout(&first));
    assert!(
        stdout(&first).contains("handled 2, duplicates 0, ignored 1"),
        "{}",
        stdout(&first)
    );
    assert_eq!(host.reply_count(), 2);
    // As if the host had crashed after its commit and before the flags:
    // the mails are unseen again, but at or below the cursor.
    dovecot.doveadm(&[
        "flags",
        "remove",
        "-u",
        imap_server::USER,
        "\\Seen",
        "mailbox",
        "INBOX",
        "all",
    ]);
    let again = host.fetch_once();
    assert!(
        stdout(&again).contains("handled 0, duplicates 0, ignored 0"),
        "{}",
        stdout(&again)
    );
    assert_eq!(host.reply_count(), 2, "nothing answered twice");
    let seen = dovecot.doveadm(&[
        "search",
        "-u",
        imap_server::USER,
        "mailbox",
        "INBOX",
        "SEEN",
    ]);
    assert_eq!(seen.lines().count(), 3, "flagged again: {seen}");
}

#[test]
fn a_changed_uidvalidity_reads_the_folder_again_without_answering_old_mail() {
    let dovecot = Dovecot::start();
    let (ids, mails) = helps("uv", 3);
    let bare =
        b"From: bare@example.org\r\nTo: pbem@localhost\r\nSubject: help\r\n\r\nhelp\r\n".to_vec();
    let mut all = mails.clone();
    all.push(bare);
    dovecot.append_all(&all);
    let host = HostDir::new(&dovecot, "");
    let first = host.fetch_once();
    assert!(stdout(&first).contains("handled 4,"), "{}", stdout(&first));
    // The old mails come back (a restore) under a new UIDVALIDITY, with a
    // new one among them.
    dovecot.doveadm(&[
        "copy",
        "-u",
        imap_server::USER,
        "INBOX",
        "mailbox",
        "pbem-handled",
        "all",
    ]);
    dovecot.doveadm(&[
        "mailbox",
        "update",
        "-u",
        imap_server::USER,
        "--uid-validity",
        "4242",
        "INBOX",
    ]);
    let (new_id, new) = help("uv-new", 9);
    dovecot.append_all(&[new]);
    let second = host.fetch_once();
    let said = stdout(&second);
    assert!(said.contains("handled 1, duplicates 4"), "{said}");
    assert!(said.contains("UIDVALIDITY changed"), "{said}");
    let replies = host.replies();
    for id in ids.iter().chain([&new_id]) {
        assert_eq!(replies.get(id), Some(&1), "{id}: {replies:?}");
    }
    assert_eq!(host.reply_count(), 5);
    assert_eq!(dovecot.count("INBOX"), 0);
}

#[test]
fn serve_rides_out_the_server_cut_off_mid_idle_and_restarted() {
    let mut dovecot = Dovecot::start();
    let host = HostDir::new(&dovecot, "");
    let serve = host.serve();
    let (first_id, first) = help("cut", 1);
    dovecot.append_all(&[first]);
    wait_until("the first answer", Duration::from_secs(30), || {
        host.replies().contains_key(&first_id)
    });
    dovecot.stop();
    wait_until("serve to notice", Duration::from_secs(30), || {
        host.log().contains("trying again")
    });
    dovecot.run();
    let (second_id, second) = help("cut", 2);
    dovecot.append_all(&[second]);
    wait_until(
        "the answer after the restart",
        Duration::from_secs(30),
        || host.replies().contains_key(&second_id),
    );
    terminate(serve);
    assert_eq!(host.reply_count(), 2);
    assert!(host.log().contains("failures="), "{}", host.log());
}

fn backlog_handled_once(count: usize, kills: usize) {
    let dovecot = Dovecot::start();
    let (ids, mails) = helps(&format!("backlog{count}"), count);
    dovecot.append_all(&mails);
    let host = HostDir::new(&dovecot, "");
    let mut waiting_at_kills = Vec::new();
    for round in 1..=kills {
        let serve = host.serve();
        let target = round * count / (kills + 1);
        // Killed once the server shows this much handled (moved): the
        // host is then at work in the middle of the backlog.
        wait_until("mails to be moved", Duration::from_secs(60), || {
            dovecot.count("pbem-handled") >= target
        });
        kill(serve);
        waiting_at_kills.push(dovecot.count("INBOX"));
    }
    eprintln!("mails still waiting at each SIGKILL: {waiting_at_kills:?}");
    let mid_backlog = waiting_at_kills.iter().filter(|&&n| n > 0).count();
    assert!(
        mid_backlog * 2 >= kills,
        "most kills hit a backlog: {waiting_at_kills:?}"
    );
    let serve = host.serve();
    wait_until("every mail answered", Duration::from_secs(110), || {
        host.reply_count() >= count && dovecot.count("INBOX") == 0
    });
    terminate(serve);
    let replies = host.replies();
    let twice: Vec<_> = replies.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "answered twice: {twice:?}");
    let missing: Vec<_> = ids.iter().filter(|id| !replies.contains_key(*id)).collect();
    assert!(missing.is_empty(), "never answered: {missing:?}");
    assert_eq!(host.reply_count(), count);
    assert_eq!(dovecot.count("pbem-handled"), count);
}

#[test]
#[ignore = "slow: 1,000 mails"]
fn a_thousand_mails_waiting_at_start_are_each_handled_once() {
    backlog_handled_once(1000, 0);
}

#[test]
#[ignore = "slow: 500 mails and ten SIGKILLs"]
fn serve_killed_ten_times_over_a_backlog_of_500_loses_none_and_answers_none_twice() {
    backlog_handled_once(500, 10);
}

#[test]
#[ignore = "slow: 10,000 mails"]
fn ten_thousand_handled_mails_do_not_slow_the_fetch_of_a_new_one() {
    let dovecot = Dovecot::start();
    let host = HostDir::new(&dovecot, "flag = \"\\\\Seen\"");
    let (_, mails) = helps("tenk", 10_000);
    dovecot.append_all(&mails);
    let first = host.fetch_once();
    assert!(
        stdout(&first).contains("handled 10000,"),
        "{}",
        stdout(&first)
    );
    let serve = host.serve();
    let mut times = Vec::new();
    for n in 0..3 {
        let (_, mail) = help("tenk-new", 20_000 + n);
        let appended = Instant::now();
        dovecot.append_all(&[mail]);
        wait_until("the new mail's answer", Duration::from_secs(10), || {
            host.reply_files() > 10_000 + n
        });
        times.push(appended.elapsed());
    }
    terminate(serve);
    let replies = host.replies();
    for n in 0..3 {
        let id = help("tenk-new", 20_000 + n).0;
        assert_eq!(replies.get(&id), Some(&1), "{id}");
    }
    eprintln!("answered beside 10,000 handled mails in {times:?}");
    assert!(
        times.iter().all(|t| *t < Duration::from_secs(1)),
        "{times:?}"
    );
    let started = Instant::now();
    let quiet = host.fetch_once();
    eprintln!("a fetch --once with nothing new: {:?}", started.elapsed());
    assert!(stdout(&quiet).contains("handled 0,"), "{}", stdout(&quiet));
    assert!(started.elapsed() < Duration::from_secs(2));
}
