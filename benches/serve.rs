//! `pbem serve` as a process under a steady load: how long a mail waits
//! from its arrival in the Maildir to its replies being queued, and how
//! much memory the daemon holds after it.
//!
//! `cargo bench --bench serve` starts the release `pbem serve` on a fresh
//! data directory (file transport, default settings but for the hourly
//! cap) and drops 2,000 mails into `inbox/new/` at 20 a second: 100
//! signups (an argon2 hash each), 50 challenges, a 20-ply opening on
//! every board, 250 moves with a wrong password (a full argon2 check each,
//! never remembered) and 600 `show` commands. A mail's latency runs from
//! just before its rename into `new/` to its rename into `cur/`, which
//! `serve` does right after the commit that queued its replies; both are
//! seen through inotify. It prints the median, p99 and worst latency, and
//! the daemon's resident memory at rest before the first mail, its peak
//! (VmHWM) and what it holds at the end. `PBEM_BENCH_MAILS` sets how many
//! mails (default 2000), `PBEM_BENCH_RATE` the mails per second (20).

use rustix::fs::inotify;
use std::collections::HashMap;
use std::mem::MaybeUninit;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const OPENING: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
];
const GAMES: usize = 50;

/// The mails of the run, in order: (subject, sender number).
fn subjects(total: usize) -> Vec<(String, usize)> {
    let players = 2 * GAMES;
    let mut mails: Vec<(String, usize)> = (0..players)
        .map(|p| (format!("signup p{p} pw{p}"), p))
        .collect();
    for game in 0..GAMES {
        let (white, black) = (2 * game, 2 * game + 1);
        mails.push((format!("chess challenge p{white} p{black}"), white));
    }
    let mut guess = 0;
    for (ply, notation) in OPENING.iter().enumerate() {
        for game in 0..GAMES {
            let mover = 2 * game + ply % 2;
            let board = 101 + game;
            mails.push((
                format!("chess move {board} p{mover} pw{mover} {notation}"),
                mover,
            ));
            // Every fourth mover also tries a wrong password on the
            // other board once in a while, and someone looks at a board.
            if game % 4 == ply % 4 {
                let other = 2 * ((game + 1) % GAMES) + ply % 2;
                mails.push((
                    format!(
                        "chess move {} p{other} wrong{guess} {notation}",
                        101 + (game + 1) % GAMES
                    ),
                    other,
                ));
                guess += 1;
            }
            if game % 5 < 3 {
                mails.push((format!("chess show {board}"), (mover + 7) % players));
            }
        }
    }
    mails.truncate(total);
    mails
}

fn raw_mail(n: usize, subject: &str, from: usize) -> Vec<u8> {
    format!(
        "From: p{from}@example.org\r\nTo: pbem@localhost\r\nSubject: {subject}\r\n\
         Message-ID: <serve-bench-{n}@example.org>\r\n\r\n"
    )
    .into_bytes()
}

/// Resident and peak resident memory of a process, in KiB.
fn memory_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kib| kib.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Watches `cur/` and reports each mail's number as it lands there.
fn watch_handled(cur: &Path, handled: mpsc::Sender<(usize, Instant)>) {
    let fd = inotify::init(inotify::CreateFlags::CLOEXEC).expect("inotify");
    inotify::add_watch(&fd, cur, inotify::WatchFlags::MOVED_TO).expect("a watch on cur/");
    std::thread::spawn(move || {
        let mut buffer = [MaybeUninit::<u8>::uninit(); 8192];
        let mut reader = inotify::Reader::new(&fd, &mut buffer);
        loop {
            let Ok(event) = reader.next() else { return };
            let at = Instant::now();
            let number = event
                .file_name()
                .and_then(|name| name.to_str().ok())
                .and_then(|name| name.split('.').next())
                .and_then(|n| n.parse::<usize>().ok());
            if let Some(number) = number {
                if handled.send((number, at)).is_err() {
                    return;
                }
            }
        }
    });
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        let _ = self.0.wait();
    }
}

fn start_server(dir: &Path) -> (Server, PathBuf) {
    let data = dir.join("data");
    let config = dir.join("pbem.toml");
    std::fs::write(&config, "[host]\nmax_mails_per_hour = 100000\n").unwrap();
    let inbox = data.join("inbox");
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(inbox.join(sub)).unwrap();
    }
    let child = Command::new(env!("CARGO_BIN_EXE_pbem"))
        .arg("serve")
        .arg("--data")
        .arg(&data)
        .arg("--config")
        .arg(&config)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("pbem serve starts");
    (Server(child), inbox)
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * fraction).round() as usize;
    sorted[index]
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let total = env_number("PBEM_BENCH_MAILS", 2000);
    let rate = env_number("PBEM_BENCH_RATE", 20).max(1);
    let folder = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a bench folder");
    let (server, inbox) = start_server(folder.path());
    let pid = server.0.id();
    let (handled_tx, handled) = mpsc::channel();
    watch_handled(&inbox.join("cur"), handled_tx);
    // Let the daemon settle before measuring it at rest.
    std::thread::sleep(Duration::from_millis(500));
    let (at_rest, _) = memory_kib(pid);
    let mails = subjects(total);
    let spacing = Duration::from_secs_f64(1.0 / rate as f64);
    println!(
        "serve: {} mails at {rate}/s into {}",
        mails.len(),
        inbox.display()
    );
    let mut arrived: HashMap<usize, Instant> = HashMap::new();
    let mut latencies = Vec::with_capacity(mails.len());
    let started = Instant::now();
    for (n, (subject, from)) in mails.iter().enumerate() {
        let due = started + spacing * n as u32;
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let name = format!("{n:06}.bench");
        let tmp = inbox.join("tmp").join(&name);
        std::fs::write(&tmp, raw_mail(n, subject, *from)).unwrap();
        arrived.insert(n, Instant::now());
        std::fs::rename(&tmp, inbox.join("new").join(&name)).unwrap();
        while let Ok((number, at)) = handled.try_recv() {
            latencies.push(at - arrived[&number]);
        }
    }
    while latencies.len() < mails.len() {
        let (number, at) = handled
            .recv_timeout(Duration::from_secs(60))
            .expect("every mail is handled within a minute");
        latencies.push(at - arrived[&number]);
    }
    // The replies of the last mails leave; then the daemon is at rest.
    std::thread::sleep(Duration::from_secs(2));
    let (resident, peak) = memory_kib(pid);
    drop(server);
    latencies.sort();
    println!(
        "arrival -> replies queued: median {:.1} ms, p99 {:.1} ms, worst {:.1} ms",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99)),
        ms(latencies[latencies.len() - 1])
    );
    println!(
        "serve resident memory: {:.1} MB at rest before, {:.1} MB peak, {:.1} MB after {} mails",
        at_rest as f64 / 1024.0,
        peak as f64 / 1024.0,
        resident as f64 / 1024.0,
        mails.len()
    );
    let outbox = std::fs::read_dir(folder.path().join("data/outbox"))
        .map(|dir| dir.count())
        .unwrap_or(0);
    println!("replies written: {outbox}");
}
