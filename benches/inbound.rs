//! How fast the inbound path is, beside the disk's own limit.
//!
//! `cargo bench --bench inbound [-- GAMES]` pushes generated mails
//! (100 players sign up untimed, then GAMES challenges among them, then a
//! 20-ply opening played across all games at once, every command in the
//! Subject) through `Host::receive` into a
//! fresh database: parse, commands, one IMMEDIATE transaction, outbox
//! rows. Between every 50 mails it makes as many raw SQLite commits of
//! the same durability (WAL, `synchronous=FULL`, one small INSERT per
//! IMMEDIATE transaction) in the same folder, so that both rates are taken
//! under the same load on a shared disk, and prints both and their ratio.
//! It does this in five rounds on fresh databases and quotes the median
//! round, since this disk's fsync time wanders from second to second.

use pbem::daemon::MAILS_PER_COMMIT;
use pbem::host::outbound::render::Renderer;
use pbem::host::{Host, HostSettings, Receipt};
use pbem::store::Store;
use rusqlite::{Connection, TransactionBehavior};
use std::path::Path;
use std::time::{Duration, Instant};

const OPENING: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
];

/// Players of the run: each sits in two of the default 100 games, so that
/// with the host's default hourly cap (60) no reply is held back.
const PLAYERS: usize = 100;

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
    Host::new(store, renderer, HostSettings::default())
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

/// Time spent per kind of mail.
struct KindTime {
    kind: &'static str,
    spent: Duration,
    count: usize,
}

/// One small INSERT per IMMEDIATE transaction, with the store's journal
/// mode and `synchronous` setting.
struct RawCommits {
    conn: Connection,
    done: usize,
}

impl RawCommits {
    fn open(path: &Path) -> RawCommits {
        let conn = Connection::open(path).expect("a fresh database");
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.pragma_update(None, "synchronous", "FULL").unwrap();
        conn.execute_batch("CREATE TABLE seen (id TEXT PRIMARY KEY, at INTEGER NOT NULL)")
            .unwrap();
        RawCommits { conn, done: 0 }
    }

    fn commit(&mut self, count: usize) {
        for _ in 0..count {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .unwrap();
            tx.execute(
                "INSERT INTO seen (id, at) VALUES (?1, ?2)",
                rusqlite::params![format!("raw-{}@example.org", self.done), self.done as i64],
            )
            .unwrap();
            tx.commit().unwrap();
            self.done += 1;
        }
    }
}

/// How the host's transactions are cut.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Commits {
    /// One transaction per mail, as `deliver` runs and as `serve` runs
    /// when mail trickles in.
    PerMail,
    /// `serve` with a backlog: up to `MAILS_PER_COMMIT` mails a
    /// transaction, each in its own savepoint.
    Grouped,
}

/// Mails through the host and as many raw commits, taken in turns of
/// `MAILS_PER_COMMIT` so that both see the same load on a shared disk.
/// Returns the host's time, the raw commits' time, the mail count and
/// (one commit per mail only) the time per kind.
fn measure(
    folder: &Path,
    games: usize,
    commits: Commits,
) -> (Duration, Duration, usize, Vec<KindTime>) {
    let mut host = fresh_host(&folder.join("host.sqlite"));
    let mut raw = RawCommits::open(&folder.join("raw.sqlite"));
    let (signups, mails): (Vec<_>, Vec<_>) = mails(games)
        .into_iter()
        .partition(|(kind, _)| *kind == "signup");
    // Accounts are the host's set-up, not its traffic: the issue measures
    // challenges and moves. A signup pays one deliberate argon2 hash.
    for (_, mail) in &signups {
        host.receive(mail).expect("the host handles a signup");
    }
    let check = |kind: &str, receipt: Receipt| {
        assert!(
            matches!(receipt, Receipt::Handled { mails_queued, .. } if mails_queued > 0),
            "{kind}: {receipt:?}"
        );
    };
    let mut per_kind: Vec<KindTime> = Vec::new();
    let (mut host_time, mut raw_time) = (Duration::ZERO, Duration::ZERO);
    for chunk in mails.chunks(MAILS_PER_COMMIT) {
        match commits {
            Commits::PerMail => {
                for (kind, mail) in chunk {
                    let began = Instant::now();
                    let receipt = host.receive(mail).expect("the host handles the mail");
                    let spent = began.elapsed();
                    check(kind, receipt);
                    host_time += spent;
                    match per_kind.iter_mut().find(|entry| entry.kind == *kind) {
                        Some(entry) => {
                            entry.spent += spent;
                            entry.count += 1;
                        }
                        None => per_kind.push(KindTime {
                            kind,
                            spent,
                            count: 1,
                        }),
                    }
                }
            }
            Commits::Grouped => {
                let began = Instant::now();
                let mut batch = host.batch().expect("a batch");
                for (kind, mail) in chunk {
                    check(
                        kind,
                        batch.receive(mail).expect("the host handles the mail"),
                    );
                }
                batch.commit().expect("the batch commits");
                host_time += began.elapsed();
            }
        }
        let began = Instant::now();
        raw.commit(chunk.len());
        raw_time += began.elapsed();
    }
    (host_time, raw_time, mails.len(), per_kind)
}

/// One round's figures.
struct Round {
    host: f64,
    raw: f64,
    per_kind: Vec<KindTime>,
    mails: usize,
}

impl Round {
    fn ratio(&self) -> f64 {
        100.0 * self.host / self.raw
    }
}

/// Rounds run, each on fresh databases.
const ROUNDS: usize = 5;

fn run_round(folder: &Path, games: usize, commits: Commits) -> Round {
    std::fs::create_dir(folder).expect("a round folder");
    let (host_time, raw_time, mails, per_kind) = measure(folder, games, commits);
    Round {
        host: mails as f64 / host_time.as_secs_f64(),
        raw: mails as f64 / raw_time.as_secs_f64(),
        per_kind,
        mails,
    }
}

fn print_round(label: &str, round: &Round) {
    let kinds: Vec<String> = round
        .per_kind
        .iter()
        .map(|entry| {
            format!(
                "{} {:.3} ms",
                entry.kind,
                entry.spent.as_secs_f64() * 1000.0 / entry.count as f64
            )
        })
        .collect();
    println!(
        "  {label}: {} mails, host {:>7.1} mails/s, raw {:>8.1} commits/s, ratio {:>5.1} %{}",
        round.mails,
        round.host,
        round.raw,
        round.ratio(),
        if kinds.is_empty() {
            String::new()
        } else {
            format!(" ({})", kinds.join(", "))
        }
    );
}

/// The median round of each way, by ratio.
fn print_median(title: &str, mut rounds: Vec<Round>) {
    rounds.sort_by(|a, b| a.ratio().total_cmp(&b.ratio()));
    let median = &rounds[rounds.len() / 2];
    println!("{title} (median of {} rounds):", rounds.len());
    println!("  host:        {:>10.1} mails/s", median.host);
    println!(
        "  raw commits: {:>10.1} commits/s (WAL, synchronous=FULL)",
        median.raw
    );
    println!(
        "  ratio:       {:>10.1} %  (rounds from {:.1} to {:.1} %)",
        median.ratio(),
        rounds[0].ratio(),
        rounds[rounds.len() - 1].ratio()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; the first number given is the games.
    let games = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse::<usize>().ok())
        .unwrap_or(100);
    let folder = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a bench folder");
    warm_up(folder.path());
    println!("inbound: {games} games in {}", folder.path().display());
    let (mut per_mail, mut grouped) = (Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        let figures = run_round(
            &folder.path().join(format!("per-mail-{round}")),
            games,
            Commits::PerMail,
        );
        print_round(&format!("round {} one commit a mail", round + 1), &figures);
        per_mail.push(figures);
        let figures = run_round(
            &folder.path().join(format!("grouped-{round}")),
            games,
            Commits::Grouped,
        );
        print_round(
            &format!("round {} {MAILS_PER_COMMIT} mails a commit", round + 1),
            &figures,
        );
        grouped.push(figures);
    }
    print_median(
        "one commit a mail (deliver; serve when mail trickles in)",
        per_mail,
    );
    print_median(
        &format!("grouped, up to {MAILS_PER_COMMIT} mails a commit (serve with a backlog)"),
        grouped,
    );
}
