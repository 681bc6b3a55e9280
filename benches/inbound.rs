//! How fast the inbound path is, beside the disk's own limit.
//!
//! `cargo bench --bench inbound [-- GAMES]` pushes generated mails
//! (20 players sign up, then GAMES challenges among them, then a 20-ply
//! opening played across all games at once, every command in the
//! Subject) through `Host::receive` into a
//! fresh database: parse, commands, one IMMEDIATE transaction, outbox
//! rows. Then it measures raw SQLite commits of the same durability (WAL,
//! `synchronous=FULL`, one small INSERT per IMMEDIATE transaction) in the
//! same folder, and prints both rates and their ratio.

use pbem::host::render::Renderer;
use pbem::host::{Host, HostSettings, Receipt};
use pbem::store::Store;
use rusqlite::{Connection, TransactionBehavior};
use std::path::Path;
use std::time::{Duration, Instant};

const OPENING: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
];

/// Players of the run; each plays many games, as on a real host.
const PLAYERS: usize = 20;

/// The mails of the run, in the order they arrive, with what each is:
/// the signups, a challenge per game (pairs taken round the players),
/// then the opening played ply by ply across all games at once.
fn mails(games: usize) -> Vec<(&'static str, Vec<u8>)> {
    let mut mails = Vec::new();
    let mut add = |kind: &'static str, from: usize, subject: String| {
        let n = mails.len();
        let raw = format!(
            "From: p{from}@example.org\r\nTo: pbem@localhost\r\nSubject: {subject}\r\nMessage-ID: <bench-{n}@example.org>\r\n\r\n"
        );
        mails.push((kind, raw.into_bytes()));
    };
    for player in 0..PLAYERS {
        add("signup", player, format!("signup p{player} pw{player}"));
    }
    let seats = |game: usize| {
        let white = game % PLAYERS;
        let black = (white + 1 + game / PLAYERS % (PLAYERS - 1)) % PLAYERS;
        (white, black)
    };
    for game in 0..games {
        let (white, black) = seats(game);
        add(
            "challenge",
            white,
            format!("chess challenge p{white} p{black}"),
        );
    }
    for (ply, notation) in OPENING.iter().enumerate() {
        for game in 0..games {
            let (white, black) = seats(game);
            let mover = if ply % 2 == 0 { white } else { black };
            add(
                "move",
                mover,
                format!("chess move {} p{mover} pw{mover} {notation}", 101 + game),
            );
        }
    }
    mails
}

/// A host on a fresh database in `folder`.
fn fresh_host(path: &Path) -> Host {
    let store = Store::open(path).expect("a fresh database");
    let renderer = Renderer::new(None).expect("built-in templates");
    let settings = HostSettings {
        max_mails_per_hour: u32::MAX,
        ..HostSettings::default()
    };
    Host::new(store, renderer, settings)
}

/// What a server pays once at start (the move generator's tables), paid
/// before the clock starts by playing one move on a scratch host.
fn warm_up(folder: &Path) {
    let mut host = fresh_host(&folder.join("warm-up.sqlite"));
    for (n, subject) in [
        "signup wa pw",
        "signup wb pw",
        "chess challenge wa wb",
        "chess move 101 wa pw e4",
    ]
    .iter()
    .enumerate()
    {
        let raw = format!(
            "From: w@example.org\r\nSubject: {subject}\r\nMessage-ID: <warm-{n}@example.org>\r\n\r\n"
        );
        host.receive(raw.as_bytes()).expect("the warm-up mail");
    }
}

/// Mails per second through `Host::receive`, and the time per kind.
fn host_rate(folder: &Path, games: usize) -> (f64, usize, Vec<(&'static str, Duration, usize)>) {
    let mut host = fresh_host(&folder.join("host.sqlite"));
    let mails = mails(games);
    let mut per_kind: Vec<(&'static str, Duration, usize)> = Vec::new();
    let start = Instant::now();
    for (kind, raw) in &mails {
        let began = Instant::now();
        let receipt = host.receive(raw).expect("the host handles the mail");
        assert!(
            matches!(receipt, Receipt::Handled { mails_queued, .. } if mails_queued > 0),
            "{kind}: {receipt:?}"
        );
        let spent = began.elapsed();
        match per_kind.iter_mut().find(|(name, _, _)| name == kind) {
            Some(entry) => {
                entry.1 += spent;
                entry.2 += 1;
            }
            None => per_kind.push((kind, spent, 1)),
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    (mails.len() as f64 / elapsed, mails.len(), per_kind)
}

/// Commits per second of one small INSERT per IMMEDIATE transaction, with
/// the store's journal mode and `synchronous` setting.
fn raw_commit_rate(folder: &Path, commits: usize) -> f64 {
    let mut conn = Connection::open(folder.join("raw.sqlite")).expect("a fresh database");
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    conn.pragma_update(None, "synchronous", "FULL").unwrap();
    conn.execute_batch("CREATE TABLE seen (id TEXT PRIMARY KEY, at INTEGER NOT NULL)")
        .unwrap();
    let start = Instant::now();
    for n in 0..commits {
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .unwrap();
        tx.execute(
            "INSERT INTO seen (id, at) VALUES (?1, ?2)",
            rusqlite::params![format!("raw-{n}@example.org"), n as i64],
        )
        .unwrap();
        tx.commit().unwrap();
    }
    commits as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    // `cargo bench` passes `--bench`; the first number given is the games.
    let games = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse::<usize>().ok())
        .unwrap_or(100);
    let folder = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a bench folder");
    warm_up(folder.path());
    let (host, mails, per_kind) = host_rate(folder.path(), games);
    let raw = raw_commit_rate(folder.path(), mails);
    println!(
        "inbound: {mails} mails ({games} games) in {}",
        folder.path().display()
    );
    for (kind, spent, count) in &per_kind {
        println!(
            "  {kind:<10} {count:>6} mails, {:>8.3} ms each",
            spent.as_secs_f64() * 1000.0 / *count as f64
        );
    }
    println!("host:        {host:>10.1} mails/s");
    println!("raw commits: {raw:>10.1} commits/s (WAL, synchronous=FULL)");
    println!("ratio:       {:>10.1} %", 100.0 * host / raw);
}
