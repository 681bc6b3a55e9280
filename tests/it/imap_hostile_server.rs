//! IMAP intake against a hostile server of the test's own on loopback:
//! a literal longer than the size it announced, an answer line without
//! end, an answer trickled a byte at a time, and a BYE on every IDLE.
//! Each costs the host a bounded amount of memory and time, and a message
//! the server lies about is left on it while the others are handled.

use pbem::mail::inbound::imap::{
    self, AfterHandling, Credentials, ImapSettings, ImapTls, Mailbox, Part, ANSWER_BYTES,
};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How the server misbehaves.
#[derive(Clone, Copy)]
enum Trick {
    /// Announces 100 bytes, then sends a literal of `OFFERED`.
    LongLiteral,
    /// Answers SEARCH with one line of `OFFERED` bytes.
    EndlessLine,
    /// Answers SEARCH a byte every 50 ms, for a minute at most.
    Trickle,
    /// Answers every IDLE with BYE and closes.
    ByeOnIdle,
    /// Holds three mails of 100 bytes, gives the first and the third
    /// as announced and the second as a literal of `OFFERED`.
    LiarAmongHonest,
}

/// What the server offers to send at most.
const OFFERED: u64 = 100 * 1024 * 1024;

/// The hostile server: its port, the connections it took and the bytes
/// it managed to send in its trick.
struct Hostile {
    port: u16,
    connections: Arc<AtomicUsize>,
    sent: Arc<AtomicU64>,
}

impl Hostile {
    fn start(trick: Trick) -> Hostile {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let connections = Arc::new(AtomicUsize::new(0));
        let sent = Arc::new(AtomicU64::new(0));
        let (counted, sending) = (connections.clone(), sent.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                counted.fetch_add(1, Ordering::Relaxed);
                let sending = sending.clone();
                std::thread::spawn(move || {
                    let _ = converse(stream, trick, &sending);
                });
            }
        });
        Hostile {
            port,
            connections,
            sent,
        }
    }

    fn settings(&self, timeout: Duration) -> ImapSettings {
        ImapSettings {
            host: "127.0.0.1".into(),
            port: self.port,
            tls: ImapTls::None,
            ca_file: None,
            user: "games".into(),
            credentials: Credentials::Password("secret".into()),
            folder: "INBOX".into(),
            after: AfterHandling::Seen,
            poll_interval: Duration::from_secs(1),
            idle: true,
            idle_renew: Duration::from_secs(600),
            timeout,
        }
    }

    fn sent(&self) -> u64 {
        self.sent.load(Ordering::Relaxed)
    }
}

/// Speaks just enough IMAP for a login, a SELECT, a SEARCH, the sizes,
/// a fetch and IDLE, and plays its trick where it has one.
fn converse(stream: TcpStream, trick: Trick, sent: &AtomicU64) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    out.write_all(b"* OK hostile server ready\r\n")?;
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let (tag, command) = line.trim_end().split_once(' ').unwrap_or(("*", ""));
        let command = command.to_ascii_uppercase();
        let done = format!("{tag} OK done\r\n");
        if command.starts_with("CAPABILITY") {
            write!(out, "* CAPABILITY IMAP4rev1 IDLE\r\n{done}")?;
        } else if command.starts_with("SELECT") {
            // The BYE server's folder is empty: the host goes straight to IDLE.
            let exists = usize::from(!matches!(trick, Trick::ByeOnIdle));
            write!(
                out,
                "* {exists} EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n{tag} OK [READ-WRITE] done\r\n"
            )?;
        } else if command.starts_with("UID SEARCH") {
            match trick {
                Trick::EndlessLine => flood(&mut out, b"* SEARCH", b" 1", sent)?,
                Trick::Trickle => trickle(&mut out, sent)?,
                Trick::LiarAmongHonest => write!(out, "* SEARCH 1 2 3\r\n{done}")?,
                _ => write!(out, "* SEARCH 1\r\n{done}")?,
            }
        } else if command.contains("RFC822.SIZE") {
            for uid in uids_of(&command) {
                write!(out, "* {uid} FETCH (UID {uid} RFC822.SIZE 100)\r\n")?;
            }
            out.write_all(done.as_bytes())?;
        } else if command.contains("BODY.PEEK[]") && matches!(trick, Trick::LiarAmongHonest) {
            for uid in uids_of(&command) {
                if uid == 2 {
                    let open = format!("* 2 FETCH (UID 2 BODY[] {{{OFFERED}}}\r\n");
                    return flood(&mut out, open.as_bytes(), b"x", sent);
                }
                let mail = honest_mail(uid);
                write!(
                    out,
                    "* {uid} FETCH (UID {uid} BODY[] {{{}}}\r\n",
                    mail.len()
                )?;
                out.write_all(&mail)?;
                out.write_all(b")\r\n")?;
            }
            out.write_all(done.as_bytes())?;
        } else if command.contains("BODY.PEEK[]") {
            let open = format!("* 1 FETCH (UID 1 BODY[] {{{OFFERED}}}\r\n");
            flood(&mut out, open.as_bytes(), b"x", sent)?;
        } else if command.starts_with("IDLE") {
            out.write_all(b"+ idling\r\n")?;
            if matches!(trick, Trick::ByeOnIdle) {
                out.write_all(b"* BYE going away\r\n")?;
                return Ok(());
            }
        } else if command.starts_with("LOGOUT") {
            write!(out, "* BYE\r\n{done}")?;
            return Ok(());
        } else {
            out.write_all(done.as_bytes())?;
        }
    }
}

/// The UIDs a `UID FETCH` names ("1:3", "1,3", "2").
fn uids_of(command: &str) -> Vec<u32> {
    let set = command.split_whitespace().nth(2).unwrap_or_default();
    let mut uids = Vec::new();
    for part in set.split(',') {
        let (start, end) = part.split_once(':').unwrap_or((part, part));
        if let (Ok(start), Ok(end)) = (start.parse::<u32>(), end.parse::<u32>()) {
            uids.extend(start.min(3)..=end.min(3));
        }
    }
    uids
}

/// An honest mail of exactly 100 bytes asking for help.
fn honest_mail(uid: u32) -> Vec<u8> {
    let head = format!(
        "From: asker{uid}@example.org\r\nSubject: help\r\nMessage-ID: <m{uid}@example.org>\r\n\r\n"
    );
    let mut mail = head.into_bytes();
    mail.resize(98, b' ');
    mail.extend(b"\r\n");
    mail
}

/// `head`, then `unit` over and over until `OFFERED` bytes or the client
/// closes; the bytes sent are counted.
fn flood(out: &mut TcpStream, head: &[u8], unit: &[u8], sent: &AtomicU64) -> std::io::Result<()> {
    out.write_all(head)?;
    let chunk = unit.repeat(64 * 1024 / unit.len());
    while sent.load(Ordering::Relaxed) < OFFERED {
        out.write_all(&chunk)?;
        sent.fetch_add(chunk.len() as u64, Ordering::Relaxed);
    }
    Ok(())
}

fn trickle(out: &mut TcpStream, sent: &AtomicU64) -> std::io::Result<()> {
    out.write_all(b"* SEARCH")?;
    let until = Instant::now() + Duration::from_secs(60);
    while Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
        out.write_all(b" ")?;
        sent.fetch_add(1, Ordering::Relaxed);
    }
    Ok(())
}

/// Well beyond what the answer bound and the sockets' buffers hold.
const HELD_AT_MOST: u64 = ANSWER_BYTES + 32 * 1024 * 1024;

/// A session with INBOX selected on a server playing `trick`, each read
/// given `timeout`.
fn selected(trick: Trick, timeout: Duration) -> (Hostile, imap::ImapSession) {
    let server = Hostile::start(trick);
    let mut session = imap::connect(&server.settings(timeout)).unwrap();
    session.select("INBOX").unwrap();
    (server, session)
}

/// The server sent no more than `HELD_AT_MOST` before the client cut
/// it off.
fn assert_cut_off(server: &Hostile) {
    assert!(
        server.sent() < HELD_AT_MOST,
        "{} bytes taken",
        server.sent()
    );
}

#[test]
fn a_literal_longer_than_the_size_the_server_announced_is_cut_off_not_held() {
    let (server, mut session) = selected(Trick::LongLiteral, Duration::from_secs(30));
    assert_eq!(session.sizes(&[1]).unwrap(), [(1, 100)]);
    let err = session.fetch(&[(1, 100)], Part::Whole).unwrap_err();
    assert!(err.to_string().contains("passed"), "{err}");
    assert_cut_off(&server);
}

#[test]
fn an_answer_line_without_end_is_cut_off_at_the_answer_bound() {
    let (server, mut session) = selected(Trick::EndlessLine, Duration::from_secs(30));
    let err = session.search("ALL").unwrap_err();
    assert!(err.to_string().contains("passed"), "{err}");
    assert_cut_off(&server);
}

/// The server's bytes come well within the one-second timeout of each
/// read; the command's whole answer does not.
#[test]
fn an_answer_trickled_a_byte_at_a_time_ends_at_the_command_deadline() {
    let (_server, mut session) = selected(Trick::Trickle, Duration::from_secs(1));
    let began = Instant::now();
    let err = session.search("ALL").unwrap_err();
    assert!(err.to_string().contains("within"), "{err}");
    // Measured: a second and a little; the server would go on for 60.
    assert!(
        began.elapsed() < Duration::from_secs(10),
        "{:?}",
        began.elapsed()
    );
}

#[test]
fn a_bye_during_idle_ends_the_session_as_a_failure_not_as_news() {
    let (server, mut session) = selected(Trick::ByeOnIdle, Duration::from_secs(30));
    let err = session.idle(Duration::from_secs(30)).unwrap_err();
    assert!(err.to_string().contains("BYE"), "{err}");
    assert_eq!(server.connections.load(Ordering::Relaxed), 1);
}

/// `pbem VERB...` with its mail from the server on `port`: the config
/// `dir/pbem.toml` (plain IMAP as games/secret, then `imap_lines` of
/// `[inbound.imap]`) and the data directory `dir/data`.
fn pbem_against(dir: &Path, port: u16, imap_lines: &str, verb: &[&str]) -> Command {
    let config = dir.join("pbem.toml");
    std::fs::write(
        &config,
        format!(
            "[inbound]\nsource = \"imap\"\n[inbound.imap]\nhost = \"127.0.0.1\"\nport = {port}\n\
             tls = \"none\"\nuser = \"games\"\npassword = \"secret\"\n{imap_lines}"
        ),
    )
    .unwrap();
    let mut pbem = crate::util::pbem();
    pbem.args(verb)
        .arg("--config")
        .arg(&config)
        .arg("--data")
        .arg(dir.join("data"));
    pbem
}

/// `pbem serve` against the server on `port`, as `pbem_against` sets it
/// up, its output dropped.
fn start_serve(dir: &Path, port: u16, imap_lines: &str) -> Child {
    pbem_against(dir, port, imap_lines, &["serve"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// `serve` against a server that answers every IDLE with BYE: each
/// reconnection waits twice as long as the one before (0.2 s, 0.4 s,
/// 0.8 s, 1.6 s: 3 s before the fifth connection), where it used to
/// start again from 0.2 s after every SELECT (a connection every 0.2 s).
#[test]
fn serve_backs_off_from_a_server_that_says_bye_on_every_idle() {
    let server = Hostile::start(Trick::ByeOnIdle);
    let dir = tempfile::tempdir().unwrap();
    let mut serve = start_serve(dir.path(), server.port, "flag = \"\\\\Seen\"\n");
    let connections = || server.connections.load(Ordering::Relaxed);
    crate::util::wait_until("the first connection", Duration::from_secs(30), || {
        connections() >= 1
    });
    let first = Instant::now();
    crate::util::wait_until("the fifth connection", Duration::from_secs(30), || {
        connections() >= 5
    });
    let took = first.elapsed();
    let _ = serve.kill();
    let _ = serve.wait();
    eprintln!("five connections in {took:?}");
    assert!(took >= Duration::from_millis(2500), "{took:?}");
}

/// `pbem fetch --once` against the server on `port`, in `dir` as
/// `pbem_against` sets it up: its exit status and what it said.
fn fetch_once(dir: &Path, port: u16) -> (bool, String) {
    let out = pbem_against(dir, port, "", &["fetch", "--once"])
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), said)
}

/// The attacker's `fetch --once` against a size of 100 bytes and a
/// literal of hundreds of megabytes: the message is left on the server
/// and noted, its answer cut at the bound, and the next run fetches it no
/// more (it used to end every run at the same message for ever).
#[test]
fn fetch_once_leaves_a_message_longer_than_announced_on_the_server_and_moves_on() {
    let server = Hostile::start(Trick::LongLiteral);
    let dir = tempfile::tempdir().unwrap();
    let (ok, said) = fetch_once(dir.path(), server.port);
    assert!(ok, "{said}");
    assert!(said.contains("passed"), "{said}");
    assert!(said.contains("left on the server 1"), "{said}");
    let taken = server.sent();
    assert!(taken < HELD_AT_MOST, "{taken} bytes taken");
    let note = std::fs::read_to_string(dir.path().join("data/failed/imap.7.1.error")).unwrap();
    assert!(
        note.contains("message UID 1 of imap://games@127.0.0.1"),
        "{note}"
    );
    assert!(note.contains("announced as 100 bytes"), "{note}");
    let (ok, said) = fetch_once(dir.path(), server.port);
    assert!(ok && said.contains("left on the server 0"), "{said}");
    assert_eq!(server.sent(), taken, "it was not fetched again");
}

/// Three mails, the second of which the server sends as hundreds of
/// megabytes: one run of `fetch --once` answers the first and the third
/// and leaves the second on the server (the first session fetches all
/// three at once and ends at the bound; the next fetches them alone).
#[test]
fn a_lying_message_among_honest_ones_is_left_and_the_others_are_handled() {
    let server = Hostile::start(Trick::LiarAmongHonest);
    let dir = tempfile::tempdir().unwrap();
    let (ok, said) = fetch_once(dir.path(), server.port);
    assert!(ok, "{said}");
    assert!(
        said.contains("handled 2, duplicates 0, ignored 0, failed 0, sent 2, left on the server 1"),
        "{said}"
    );
    assert!(dir.path().join("data/failed/imap.7.2.error").exists());
    assert!(
        server.sent() < 2 * HELD_AT_MOST,
        "{} bytes taken",
        server.sent()
    );
    let replies: Vec<String> = std::fs::read_dir(dir.path().join("data/outbox"))
        .unwrap()
        .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
        .collect();
    for asker in ["asker1@example.org", "asker3@example.org"] {
        assert!(
            replies
                .iter()
                .any(|reply| reply.contains(&format!("To: {asker}"))),
            "{asker}: {replies:?}"
        );
    }
    assert_eq!(server.connections.load(Ordering::Relaxed), 3, "{said}");
}

/// `serve` against the same server: the first session ends at the bound,
/// the next fetches the three mails alone and leaves the liar, the third
/// answers the mail behind it; intake goes on.
#[test]
fn serve_goes_on_past_a_lying_message() {
    let server = Hostile::start(Trick::LiarAmongHonest);
    let dir = tempfile::tempdir().unwrap();
    let mut serve = start_serve(
        dir.path(),
        server.port,
        "idle = false\npoll_interval = \"1s\"\n",
    );
    let outbox = dir.path().join("data/outbox");
    let replies = || std::fs::read_dir(&outbox).map_or(0, |entries| entries.count());
    crate::util::wait_until(
        "both honest mails answered",
        Duration::from_secs(30),
        || replies() >= 2,
    );
    let _ = serve.kill();
    let _ = serve.wait();
    assert!(dir.path().join("data/failed/imap.7.2.error").exists());
    assert!(
        server.sent() < 2 * HELD_AT_MOST,
        "{} bytes taken",
        server.sent()
    );
}
