//! What one process costs before and while it does its work: the CPU
//! time of `pbem deliver` (the MTA's pipe, one process per mail), `pbem
//! tick` and `pbem export`, beside the same chess move handled inside
//! an open host, as `serve` handles it.
//!
//! `cargo bench --bench startup` makes a data directory through the
//! release binary (two players, a chess and a Spherical Chess 324 board,
//! one move played), then runs each case `PBEM_BENCH_RUNS` times (default
//! 30), each on a fresh copy of that directory so every mail finds the
//! same board. A process's CPU time is its user and system time as the
//! kernel counts it for a child (getrusage of the children), so the time
//! to copy the directory or to start the process is not in it, but
//! everything the process does from exec to exit is. It prints the
//! median and p90 per case, how many of each a second one core can run
//! (by CPU alone; fsync waits are not CPU), and the wall time of the
//! runs one after another.
//!
//! `PBEM_BENCH_PEER=/path/to/another/pbem` runs every process case with
//! that binary too (an older build, say), on copies of the same data
//! directory, and prints its median beside this build's.
//!
//! The moves come two ways: as a reply to the board mail (proven by the
//! reply's token, no password: the usual way to play) and as a command
//! with the player's password, which costs one argon2 check by design.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const NOW: &str = "2027-03-01T09:00:00Z";
const PBEM: &str = env!("CARGO_BIN_EXE_pbem");

/// The binary a case runs: this build's, or the peer's.
fn program(peer: bool) -> String {
    match peer {
        true => std::env::var("PBEM_BENCH_PEER").unwrap_or_default(),
        false => PBEM.to_string(),
    }
}

/// The CPU time (user + system) of every child waited for so far.
fn children_cpu() -> Duration {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; RUSAGE_CHILDREN is
    // a valid `who`.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr());
        usage.assume_init()
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// This thread's CPU time so far.
fn thread_cpu() -> Duration {
    let mut spec = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut spec) };
    Duration::new(spec.tv_sec as u64, spec.tv_nsec as u32)
}

/// Runs `pbem ARGS` on `data`, with `stdin` as its input; panics if it
/// fails (a benchmark of a failing command measures nothing).
fn pbem(data: &Path, args: &[&str], stdin: Option<&[u8]>) {
    run(&program(false), data, args, stdin)
}

fn run(program: &str, data: &Path, args: &[&str], stdin: Option<&[u8]>) {
    let mut child = Command::new(program)
        .args(args)
        .arg("--data")
        .arg(data)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("pbem starts");
    if let Some(input) = stdin {
        use std::io::Write;
        let mut pipe = child.stdin.take().expect("a pipe to pbem");
        pipe.write_all(input).expect("the mail reaches pbem");
    }
    let status = child.wait().expect("pbem ends");
    assert!(status.success(), "pbem {args:?} failed: {status}");
}

fn mail(data: &Path, from: &str, subject: Option<&str>, reply_to: Option<&Path>, body: &str) {
    let mut command = Command::new(PBEM);
    command
        .args(["mail", "--from", from, "--body", body])
        .arg("--data")
        .arg(data);
    if let Some(original) = reply_to {
        command.arg("--reply-to").arg(original);
    }
    if let Some(subject) = subject {
        command.arg(subject);
    }
    let status = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("pbem mail");
    assert!(status.success(), "pbem mail failed");
}

fn serve_once(data: &Path) {
    pbem(data, &["serve", "--once", "--now", NOW], None);
}

/// The newest mail in the outbox whose subject is `subject`.
fn sent(data: &Path, subject: &str) -> PathBuf {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data.join("outbox"))
        .expect("the outbox")
        .map(|entry| entry.expect("an outbox entry").path())
        .collect();
    files.sort();
    files
        .into_iter()
        .rev()
        .find(|file| {
            std::fs::read_to_string(file)
                .unwrap_or_default()
                .lines()
                .any(|line| line == format!("Subject: {subject}"))
        })
        .unwrap_or_else(|| panic!("no mail {subject:?} was sent"))
}

/// The one mail `pbem mail` just wrote into the inbox, taken out of it.
fn take_written(data: &Path) -> Vec<u8> {
    let new = data.join("inbox/new");
    let file = std::fs::read_dir(&new)
        .expect("inbox/new")
        .next()
        .expect("a written mail")
        .expect("an inbox entry")
        .path();
    let raw = std::fs::read(&file).expect("the written mail");
    std::fs::remove_file(file).expect("the inbox emptied");
    raw
}

fn raw(from: &str, subject: &str, id: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: pbem@localhost\r\nSubject: {subject}\r\n\
         Message-ID: <{id}@example.org>\r\n\r\n"
    )
    .into_bytes()
}

/// The inputs every case starts from.
struct Setup {
    data: PathBuf,
    chess_reply: Vec<u8>,
    spherical_reply: Vec<u8>,
}

/// Two players, a chess board on which White has moved and a Spherical
/// Chess 324 board, all made through the binary as a newcomer would.
fn set_up(dir: &Path) -> Setup {
    let data = dir.join("template");
    mail(
        &data,
        "alice@example.org",
        Some("signup alice lanterns-at-dusk"),
        None,
        "",
    );
    mail(
        &data,
        "bob@example.org",
        Some("signup bob quiet-harbour-7"),
        None,
        "",
    );
    serve_once(&data);
    for (player, address) in [("alice", "alice@example.org"), ("bob", "bob@example.org")] {
        let confirm = sent(&data, &format!("PBeM Confirm {player}"));
        mail(&data, address, None, Some(&confirm), "yes");
    }
    serve_once(&data);
    for game in ["chess", "spherical"] {
        mail(
            &data,
            "alice@example.org",
            Some(&format!("{game} challenge alice bob")),
            None,
            "",
        );
    }
    serve_once(&data);
    mail(
        &data,
        "alice@example.org",
        Some("chess move 101 alice lanterns-at-dusk e4"),
        None,
        "",
    );
    serve_once(&data);
    let board = sent(&data, "Chess Board 101 bob");
    mail(&data, "bob@example.org", None, Some(&board), "e5");
    let chess_reply = take_written(&data);
    let board = sent(&data, "New Spherical Chess 324 Board 102 alice");
    mail(&data, "alice@example.org", None, Some(&board), "h8-h7");
    let spherical_reply = take_written(&data);
    Setup {
        data,
        chess_reply,
        spherical_reply,
    }
}

/// A fresh copy of the set-up's data directory.
fn fresh_copy(from: &Path, to: &Path) {
    if to.exists() {
        std::fs::remove_dir_all(to).expect("the old copy removed");
    }
    let status = Command::new("cp")
        .arg("-a")
        .arg(from)
        .arg(to)
        .status()
        .expect("cp");
    assert!(status.success(), "copying the data directory failed");
}

struct Row {
    case: String,
    cpu: Vec<Duration>,
    wall: Duration,
    /// The peer binary's CPU times, when there is one.
    peer: Vec<Duration>,
}

fn median(sorted: &[Duration]) -> Duration {
    sorted[sorted.len() / 2]
}

fn p90(sorted: &[Duration]) -> Duration {
    sorted[((sorted.len() - 1) as f64 * 0.9).round() as usize]
}

/// Runs one process per run on a fresh copy, measuring its CPU.
fn processes(
    setup: &Setup,
    work: &Path,
    runs: usize,
    case: &str,
    args: &[&str],
    stdin: Option<&[u8]>,
) -> Row {
    let (cpu, wall) = timed_runs(&program(false), setup, work, runs, (args, stdin));
    let peer = match std::env::var_os("PBEM_BENCH_PEER") {
        Some(_) => timed_runs(&program(true), setup, work, runs, (args, stdin)).0,
        None => Vec::new(),
    };
    Row {
        case: case.to_string(),
        cpu,
        wall,
        peer,
    }
}

/// The sorted CPU times of `runs` runs of `program`, and their wall time
/// together.
fn timed_runs(
    program: &str,
    setup: &Setup,
    work: &Path,
    runs: usize,
    (args, stdin): (&[&str], Option<&[u8]>),
) -> (Vec<Duration>, Duration) {
    let mut cpu = Vec::with_capacity(runs);
    let mut wall = Duration::ZERO;
    for _ in 0..runs {
        fresh_copy(&setup.data, work);
        let before = children_cpu();
        let started = Instant::now();
        run(program, work, args, stdin);
        wall += started.elapsed();
        cpu.push(children_cpu() - before);
    }
    cpu.sort();
    (cpu, wall)
}

/// The same mail handled inside an open host, as `serve` handles each
/// mail: only the handling (and sending its replies) is measured, not
/// the opening.
fn in_process(setup: &Setup, work: &Path, runs: usize, case: &str, raw: &[u8]) -> Row {
    let mut cpu = Vec::with_capacity(runs);
    let mut wall = Duration::ZERO;
    for _ in 0..runs {
        fresh_copy(&setup.data, work);
        let config = pbem::config::Config::load(None, Some(work)).expect("config");
        let mut runtime = pbem::daemon::Runtime::open(&config).expect("an open host");
        let clock = pbem::clock::Clock::parse_fixed(NOW).expect("the moment");
        runtime.host.set_clock(clock);
        let before = thread_cpu();
        let started = Instant::now();
        runtime.deliver(raw).expect("the mail is handled");
        wall += started.elapsed();
        cpu.push(thread_cpu() - before);
    }
    cpu.sort();
    Row {
        case: case.to_string(),
        cpu,
        wall,
        peer: Vec::new(),
    }
}

fn main() {
    let runs: usize = std::env::var("PBEM_BENCH_RUNS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(30)
        .max(1);
    let folder = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a bench folder");
    let setup = set_up(folder.path());
    let work = folder.path().join("run");
    let deliver = ["deliver", "--now", NOW];
    let password_move = raw(
        "bob@example.org",
        "chess move 101 bob quiet-harbour-7 e5",
        "password-move",
    );
    let spherical_password = raw(
        "alice@example.org",
        "spherical move 102 alice lanterns-at-dusk h8-h7",
        "spherical-password-move",
    );
    let help = raw("bob@example.org", "help", "help");
    let rows = vec![
        processes(
            &setup,
            &work,
            runs,
            "deliver: help mail",
            &deliver,
            Some(&help),
        ),
        processes(
            &setup,
            &work,
            runs,
            "deliver: chess move (reply)",
            &deliver,
            Some(&setup.chess_reply),
        ),
        processes(
            &setup,
            &work,
            runs,
            "deliver: chess move (password)",
            &deliver,
            Some(&password_move),
        ),
        processes(
            &setup,
            &work,
            runs,
            "deliver: spherical move (reply)",
            &deliver,
            Some(&setup.spherical_reply),
        ),
        processes(
            &setup,
            &work,
            runs,
            "deliver: spherical move (password)",
            &deliver,
            Some(&spherical_password),
        ),
        processes(
            &setup,
            &work,
            runs,
            "tick, nothing due",
            &["tick", "--now", NOW],
            None,
        ),
        processes(
            &setup,
            &work,
            runs,
            "export --pgn --game 101",
            &["export", "--pgn", "--game", "101", "--out", "/dev/null"],
            None,
        ),
        in_process(
            &setup,
            &work,
            runs,
            "in-process (serve): chess move (reply)",
            &setup.chess_reply,
        ),
    ];
    println!("CPU time per process ({runs} runs each, a fresh data directory per run)");
    println!(
        "{:<40} {:>10} {:>10} {:>12} {:>12} {:>10}",
        "case", "median ms", "p90 ms", "per core/s", "wall ms/run", "peer ms"
    );
    let help_median = median(&rows[0].cpu);
    for row in &rows {
        let middle = median(&row.cpu);
        let peer = match row.peer.is_empty() {
            true => "-".to_string(),
            false => format!("{:.2}", median(&row.peer).as_secs_f64() * 1e3),
        };
        println!(
            "{:<40} {:>10.2} {:>10.2} {:>12.0} {:>12.2} {:>10}",
            row.case,
            middle.as_secs_f64() * 1e3,
            p90(&row.cpu).as_secs_f64() * 1e3,
            1.0 / middle.as_secs_f64().max(1e-9),
            row.wall.as_secs_f64() * 1e3 / runs as f64,
            peer,
        );
    }
    let chess = median(&rows[1].cpu);
    println!(
        "a chess move by reply costs {:.1}x a help mail",
        chess.as_secs_f64() / help_median.as_secs_f64().max(1e-9)
    );
}
