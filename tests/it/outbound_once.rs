//! Every reply is handed to the transport once, whole, whoever sends it:
//! `pbem serve` and four `pbem deliver` processes at once on one data
//! directory, `deliver` alone without a daemon, and `serve` killed with
//! SIGKILL again and again during a backlog. The transport is a fake
//! sendmail that keeps every message it is given in a file of its own,
//! so each hand-over is counted and read back.

use crate::util::{drop_mail, pbem, raw_mail, wait_until};
use mail_parser::MessageParser;
use pbem::store::Store;
use std::collections::HashMap;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A data directory with a fake sendmail beside it.
struct Setup {
    _dir: tempfile::TempDir,
    data: PathBuf,
    config: PathBuf,
    /// Where the fake sendmail keeps each message it was handed.
    handed: PathBuf,
    log: PathBuf,
}

/// sendmail's parallel sends: the most mail a crash can leave handed
/// over but not marked sent.
const CONNECTIONS: usize = 4;

fn setup(pause: &str) -> Setup {
    setup_with(pause, None)
}

/// A setup that sends by SMTP to `sink` instead of the fake sendmail.
fn setup_with(pause: &str, sink: Option<&crate::util::smtp_sink::SmtpSink>) -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let handed = dir.path().join("handed");
    std::fs::create_dir(&handed).unwrap();
    let script = dir.path().join("sendmail");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nsleep {pause}\nf=$(mktemp {:?}/mail.XXXXXXXX)\ncat > \"$f\"\n\
             echo $PPID >> {:?}\n",
            handed.display().to_string(),
            dir.path().join("senders.log").display().to_string()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let data = dir.path().join("data");
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(data.join("inbox").join(sub)).unwrap();
    }
    let config = dir.path().join("pbem.toml");
    let outbound = match sink {
        Some(sink) => sink.config(),
        None => format!(
            "[outbound]\ntransport = \"sendmail\"\n[outbound.sendmail]\ncommand = {:?}\n",
            script.display().to_string()
        ),
    };
    std::fs::write(
        &config,
        format!(
            "data_dir = {:?}\n[host]\nmax_mails_per_hour = 100000\n[inbound]\npoll_interval_ms = 50\n\
             [limits]\nstranger_answers_per_hour = 100000\n{outbound}",
            data.display().to_string(),
        ),
    )
    .unwrap();
    let log = dir.path().join("pbem.log");
    Setup {
        _dir: dir,
        data,
        config,
        handed,
        log,
    }
}

fn mail(n: usize) -> Vec<u8> {
    let subject = if n.is_multiple_of(2) { "help" } else { "list" };
    raw_mail(
        &format!("p{n}@example.org"),
        &format!("once-{n}@example.org"),
        subject,
    )
}

impl Setup {
    fn log_file(&self) -> std::fs::File {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap()
    }

    fn serve(&self) -> Child {
        let child = pbem()
            .args(["serve", "--config"])
            .arg(&self.config)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(self.log_file()))
            .spawn()
            .unwrap();
        // Up once it listens for deliver's wake-ups.
        wait_until("serve to start", Duration::from_secs(120), || {
            self.data.join("wake.fifo").exists()
        });
        child
    }

    /// Pipes one mail to `pbem deliver`; returns its exit code.
    fn deliver(&self, raw: &[u8]) -> Option<i32> {
        let mut child = pbem()
            .args(["deliver", "--config"])
            .arg(&self.config)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::from(self.log_file()))
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(raw).unwrap();
        child.wait().unwrap().code()
    }

    fn drop_into_inbox(&self, n: usize) {
        drop_mail(&self.data.join("inbox"), &format!("{n:06}.once"), &mail(n));
    }

    /// Every message sendmail was handed.
    fn handed(&self) -> Vec<PathBuf> {
        std::fs::read_dir(&self.handed)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect()
    }

    /// How many times each Message-ID was handed over, checking that
    /// every message is whole: its body is the outbox row's, to the end.
    fn handed_ids(&self) -> HashMap<String, usize> {
        let store = Store::open(&self.data.join("pbem.sqlite")).unwrap();
        let bodies: HashMap<String, String> = store
            .connection()
            .prepare("SELECT message_id, body FROM outbox")
            .unwrap()
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut counts = HashMap::new();
        for path in self.handed() {
            let raw = std::fs::read(&path).unwrap();
            let message = MessageParser::default().parse(&raw);
            let message = message.unwrap_or_else(|| panic!("{} is no message", path.display()));
            let id = message.message_id().unwrap_or_default().to_string();
            let body = message
                .body_text(0)
                .unwrap_or_default()
                .replace("\r\n", "\n");
            let expected = bodies
                .get(&id)
                .unwrap_or_else(|| panic!("{} has no row's Message-ID {id:?}", path.display()));
            assert_eq!(body.trim_end(), expected.trim_end(), "{}", path.display());
            *counts.entry(id).or_insert(0) += 1;
        }
        counts
    }

    fn unsent_rows(&self) -> i64 {
        let store = Store::open(&self.data.join("pbem.sqlite")).unwrap();
        store
            .connection()
            .query_row(
                "SELECT COUNT(*) FROM outbox WHERE sent IS NULL AND failure IS NULL",
                [],
                |row| row.get(0),
            )
            .unwrap()
    }

    /// The process ids that ran sendmail, one per hand-over.
    fn senders(&self) -> Vec<u32> {
        let log = self.log.with_file_name("senders.log");
        std::fs::read_to_string(log)
            .unwrap_or_default()
            .lines()
            .map(|pid| pid.trim().parse().unwrap())
            .collect()
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Setup {
    /// Serves a backlog of `mails` waiting in the inbox, SIGKILLed ten
    /// times as the replies `sent` so far pass a twelfth of it each, then
    /// lets it finish; returns the kills.
    fn kill_during_backlog(&self, mails: usize, sent: impl Fn() -> usize) -> usize {
        let mut server = self.serve();
        let mut kills = 0;
        for step in 1..=10 {
            let threshold = step * mails / 12;
            wait_until("replies before a kill", Duration::from_secs(180), || {
                sent() >= threshold
            });
            server.kill().unwrap(); // SIGKILL
            server.wait().unwrap();
            kills += 1;
            server = self.serve();
        }
        let handled = || {
            std::fs::read_dir(self.data.join("inbox/cur"))
                .unwrap()
                .count()
        };
        wait_until("every reply", Duration::from_secs(180), || {
            handled() == mails && self.unsent_rows() == 0
        });
        stop(server);
        kills
    }
}

fn stop(mut server: Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status();
    server.wait().unwrap();
}

/// Pipes mails `range` to `deliver`, from `threads` threads at once.
fn deliver_concurrently(setup: &Setup, range: std::ops::Range<usize>, threads: usize) {
    let mails: Vec<usize> = range.collect();
    std::thread::scope(|scope| {
        for share in mails.chunks(mails.len().div_ceil(threads)) {
            scope.spawn(move || {
                for &n in share {
                    assert_eq!(setup.deliver(&mail(n)), Some(0), "{}", setup.log_text());
                }
            });
        }
    });
}

fn assert_each_once(setup: &Setup, expected: usize) {
    let counts = setup.handed_ids();
    let repeated: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(
        repeated.is_empty(),
        "handed over more than once: {repeated:?}"
    );
    assert_eq!(counts.len(), expected, "{}", setup.log_text());
}

#[test]
fn serve_and_four_delivers_at_once_hand_each_reply_over_exactly_once() {
    let setup = setup("0");
    let server = setup.serve();
    // A hundred mails reach serve's Maildir while four deliver processes
    // pipe two hundred more: all of it on one data directory.
    std::thread::scope(|scope| {
        scope.spawn(|| {
            for n in 0..100 {
                setup.drop_into_inbox(n);
            }
        });
        deliver_concurrently(&setup, 100..300, 4);
    });
    wait_until("300 replies", Duration::from_secs(120), || {
        setup.handed().len() >= 300
    });
    // A reply handed over twice would show by now.
    std::thread::sleep(Duration::from_millis(500));
    let daemon = server.id();
    stop(server);
    assert_each_once(&setup, 300);
    // With the daemon running, the deliver processes only stored and
    // woke it: it sent everything.
    assert!(setup.senders().iter().all(|pid| *pid == daemon));
    assert_eq!(setup.unsent_rows(), 0);

    // Without a daemon, each deliver sends for itself under the sender
    // lock, and a reply stored while another process sends is not left
    // behind.
    deliver_concurrently(&setup, 300..400, 4);
    assert_eq!(setup.unsent_rows(), 0, "{}", setup.log_text());
    assert_each_once(&setup, 400);
    let senders = setup.senders();
    assert_eq!(senders.len(), 400);
    assert!(senders[300..].iter().all(|pid| *pid != daemon));
}

#[test]
fn sigkill_during_a_backlog_repeats_at_most_one_mail_per_connection_per_kill() {
    // Each sendmail takes a moment, so kills land while mail is handed
    // over.
    let setup = setup("0.02");
    const MAILS: usize = 300;
    for n in 0..MAILS {
        setup.drop_into_inbox(n);
    }
    let kills = setup.kill_during_backlog(MAILS, || setup.handed().len());
    let counts = setup.handed_ids();
    assert_eq!(counts.len(), MAILS, "{}", setup.log_text());
    let duplicates: usize = counts.values().map(|n| n - 1).sum();
    println!(
        "{kills} SIGKILLs of serve: {duplicates} duplicate send(s) out of {} hand-overs \
         (at most {} allowed: {CONNECTIONS} connections a kill)",
        setup.handed().len(),
        kills * CONNECTIONS
    );
    assert!(
        duplicates <= kills * CONNECTIONS,
        "{duplicates} duplicates after {kills} kills: {:?}",
        counts.iter().filter(|(_, n)| **n > 1).collect::<Vec<_>>()
    );
}

#[test]
fn serve_and_four_delivers_sending_by_smtp_deliver_each_reply_once() {
    let sinkdir = tempfile::tempdir().unwrap();
    let sink = crate::util::smtp_sink::SmtpSink::start(&sinkdir.path().join("maildir"));
    let setup = setup_with("0", Some(&sink));
    let server = setup.serve();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            for n in 0..40 {
                setup.drop_into_inbox(n);
            }
        });
        deliver_concurrently(&setup, 40..120, 4);
    });
    wait_until(
        "120 replies at the SMTP server",
        Duration::from_secs(120),
        || sink.message_ids().len() >= 120,
    );
    std::thread::sleep(Duration::from_millis(500));
    stop(server);
    let ids = sink.message_ids();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for id in &ids {
        *counts.entry(id.as_str()).or_default() += 1;
    }
    assert_eq!(counts.len(), 120, "{}", setup.log_text());
    assert!(
        counts.values().all(|n| *n == 1),
        "delivered more than once: {:?}",
        counts.iter().filter(|(_, n)| **n > 1).collect::<Vec<_>>()
    );
    assert_eq!(setup.unsent_rows(), 0);
}

/// A mail of the signup backlog: every other one a signup (argon2 runs
/// for it), the rest asks for help; each is answered by one mail.
fn signup_or_help(n: usize) -> Vec<u8> {
    let from = format!("s{n}@example.org");
    let subject = if n.is_multiple_of(2) {
        format!("signup player{n} plum-orbit-{n}-castle {from}")
    } else {
        "help".to_string()
    };
    raw_mail(&from, &format!("signup-{n}@example.org"), &subject)
}

#[test]
#[ignore = "a backlog of signups killed ten times: about half a minute in release"]
fn sigkill_during_a_backlog_of_signups_by_smtp_repeats_at_most_one_mail_per_connection_per_kill() {
    let sinkdir = tempfile::tempdir().unwrap();
    let sink = crate::util::smtp_sink::SmtpSink::start(&sinkdir.path().join("maildir"));
    let setup = setup_with("0", Some(&sink));
    const MAILS: usize = 200;
    for n in 0..MAILS {
        drop_mail(
            &setup.data.join("inbox"),
            &format!("{n:06}.signup"),
            &signup_or_help(n),
        );
    }
    let kills = setup.kill_during_backlog(MAILS, || sink.message_ids().len());
    let ids = sink.message_ids();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for id in &ids {
        *counts.entry(id.as_str()).or_default() += 1;
    }
    assert_eq!(counts.len(), MAILS, "{}", setup.log_text());
    let duplicates: usize = counts.values().map(|n| n - 1).sum();
    let most = counts.values().max().copied().unwrap_or(0);
    println!(
        "{kills} SIGKILLs of serve over signups by SMTP: {duplicates} duplicate(s) out of {} \
         deliveries, no mail more than {most} times (at most {} allowed)",
        ids.len(),
        kills * CONNECTIONS
    );
    assert!(
        duplicates <= kills * CONNECTIONS,
        "{duplicates} duplicates after {kills} kills: {:?}",
        counts.iter().filter(|(_, n)| **n > 1).collect::<Vec<_>>()
    );
}
