//! Outbound SMTP speed to a loopback sink: plain lettre `SmtpTransport`
//! (one reused connection) beside this project's outbox sender, in one
//! run.
//!
//! `cargo bench --bench outbound` uses Postfix's `smtp-sink` when it is
//! installed (Debian package `postfix`; run as `-u nobody`, which it needs
//! when started by root), aiosmtpd's discarding handler otherwise (or when
//! `PBEM_BENCH_SINK=aiosmtpd`), and says which. `PBEM_BENCH_MESSAGES` sets
//! how many messages the sender sends (default 5000); lettre gets a tenth
//! as many, as it is far slower. The sender's figure includes reading the
//! rows, building each message and marking it sent in the SQLite file.

use lettre::Transport as _;
use pbem::mail::outbound::host_mailbox;
use pbem::mail::outbound::sender::{OutboxSender, RetryPolicy};
use pbem::mail::outbound::transport::{SmtpSettings, SmtpTransport, TlsMode};
use pbem::store::{self, MailPurpose, QueuedMail, Store};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

const SMTP_SINK: &str = "/usr/sbin/smtp-sink";

struct Sink {
    name: &'static str,
    child: Child,
    port: u16,
}

impl Drop for Sink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_sink() -> Sink {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let address = format!("127.0.0.1:{port}");
    let quiet = |command: &mut Command| {
        command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
    };
    let want_aiosmtpd = std::env::var("PBEM_BENCH_SINK").is_ok_and(|sink| sink == "aiosmtpd");
    let (name, child) = if std::path::Path::new(SMTP_SINK).exists() && !want_aiosmtpd {
        let child = quiet(Command::new(SMTP_SINK).args(["-u", "nobody", address.as_str(), "1000"]));
        ("Postfix smtp-sink", child.expect("smtp-sink starts"))
    } else {
        let child = quiet(Command::new("python3").args([
            "-m",
            "aiosmtpd",
            "-n",
            "-l",
            &address,
            "-c",
            "aiosmtpd.handlers.Sink",
        ]));
        (
            "aiosmtpd (Sink handler)",
            child.expect("python3 with aiosmtpd (run tests/setup.sh)"),
        )
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "{name} did not start on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
    Sink { name, child, port }
}

fn board(n: usize) -> QueuedMail {
    let body = format!(
        "bob moved e7e5.\n\n.   +---+---+\n8 | r | n |\n  +---+---+\nIt is your turn, alice. (mail {n})\n"
    );
    QueuedMail {
        recipient: format!("player{}@example.org", n % 50),
        subject: format!("Chess Board {} alice", 101 + n % 50),
        body,
        message_id: format!("pbem.bench.{n}@localhost"),
        in_reply_to: Some("pbem.bench.root@localhost".into()),
        references: vec!["pbem.bench.root@localhost".into()],
        purpose: MailPurpose::Game,
        attachment: None,
        html: None,
        cause: None,
    }
}

/// Plain lettre: a message built the same way, sent one after another.
fn lettre_rate(port: u16, count: usize) -> f64 {
    let transport = lettre::SmtpTransport::builder_dangerous("127.0.0.1")
        .port(port)
        .build();
    let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
    let messages: Vec<_> = (0..count)
        .map(|n| pbem::mail::outbound::build_message(n as i64, &board(n), &from).unwrap())
        .collect();
    let started = Instant::now();
    for message in &messages {
        transport.send(message).expect("the sink accepts");
    }
    count as f64 / started.elapsed().as_secs_f64()
}

/// The outbox sender: rows queued in a real database file, drained.
fn sender_rate(port: u16, count: usize, connections: usize) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("bench.sqlite")).unwrap();
    let tx = store.begin().unwrap();
    for n in 0..count {
        store::queue_mail(&tx, &board(n), store::now(), &store::MailboxRule::default()).unwrap();
    }
    tx.commit().unwrap();
    let transport = SmtpTransport::new(SmtpSettings {
        host: "127.0.0.1".into(),
        port,
        tls: TlsMode::None,
        credentials: None,
        timeout: Duration::from_secs(10),
        hello_name: Some("pbem.bench".into()),
        connections,
        ca_file: None,
    })
    .unwrap();
    let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
    let mut sender = OutboxSender::new(Box::new(transport), from, RetryPolicy::default(), u32::MAX);
    let started = Instant::now();
    let drained = sender.drain(store.connection(), SystemTime::now()).unwrap();
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(drained.sent, count, "every message went out: {drained:?}");
    count as f64 / seconds
}

fn main() {
    let count: usize = std::env::var("PBEM_BENCH_MESSAGES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5000);
    let sink = start_sink();
    println!("sink: {} on 127.0.0.1:{}", sink.name, sink.port);
    let lettre_count = (count / 10).max(50);
    let lettre = lettre_rate(sink.port, lettre_count);
    println!(
        "{:<44} {:>6} msgs {:>9.0} msg/s",
        "lettre SmtpTransport, 1 connection", lettre_count, lettre
    );
    for connections in [1, 4] {
        let rate = sender_rate(sink.port, count, connections);
        let label = format!("pbem outbox sender, {connections} connection(s)");
        println!(
            "{label:<44} {count:>6} msgs {rate:>9.0} msg/s ({:.0}x lettre)",
            rate / lettre
        );
    }
}
