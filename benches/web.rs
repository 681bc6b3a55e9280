//! The web view's pages on a big host: every list pages by key through
//! an index, so no page may grow with the number of boards.
//!
//! `cargo bench --bench web` builds a database of 100,000 finished
//! boards (a quarter of each game; the chess ones with eight moves each)
//! between 2,000 players, each rated in chess and all on the chess
//! ladder, with 100 round-robin tournaments of eight players, then asks
//! the site for each kind of page (the same call the HTTP server makes,
//! without the socket) 200 times, each time for another board, player or
//! tournament, and prints the median and p99 of each kind. The standings
//! and the ladder are asked for their first and their last page (100
//! players a page), the archive by dates for a month and, deep in a year,
//! for the page after a given board.

use pbem::clock::Clock;
use pbem::host::HostSettings;
use pbem::store::Store;
use pbem::web::{Site, SiteConfig};
use std::time::{Duration, Instant};

const NOW: i64 = 1_803_891_600;
const BOARDS: i64 = 100_000;
const PLAYERS: i64 = 2_000;
const TOURNAMENTS: i64 = 100;
const RUNS: usize = 200;
const KINDS: [&str; 4] = ["chess", "progression", "recursion", "spherical"];
const RUY_LOPEZ: [&str; 8] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];

fn player(n: i64) -> String {
    format!("player{}", n.rem_euclid(PLAYERS))
}

fn database(path: &std::path::Path) {
    let mut store = Store::open(path).expect("database");
    let tx = store.begin().expect("transaction");
    for n in 0..PLAYERS {
        tx.execute(
            "INSERT INTO players (userid, password_hash, addresses, created) VALUES (?1, 'x', ?2, 0)",
            rusqlite::params![player(n), format!("{}@example.org", player(n))],
        )
        .unwrap();
        tx.execute(
            "INSERT INTO ratings (userid, kind, rating, deviation, volatility, last_rated, won, lost, drawn)
             VALUES (?1, 'chess', ?2, 60, 0.06, ?3, 40, 40, 20)",
            rusqlite::params![player(n), 1200.0 + n as f64 * 0.4, NOW - 3600],
        )
        .unwrap();
        tx.execute(
            "INSERT INTO ladder (kind, userid, rank, active_since) VALUES ('chess', ?1, ?2, ?3)",
            rusqlite::params![player(n), n + 1, NOW - 86_400],
        )
        .unwrap();
    }
    {
        let mut game = tx
            .prepare(
                "INSERT INTO games (id, kind, switches, white, black, status, created, updated,
                                    rated, host_options, ending, ending_side, score)
                 VALUES (?1, ?2, '', ?3, ?4, 'finished', ?5, ?6, 1, '', 'resigned', ?7, ?8)",
            )
            .unwrap();
        let mut moves = tx
            .prepare(
                "INSERT INTO moves (game_id, number, side, notation, public_notation, played)
                 VALUES (?1, ?2, ?3, ?4, ?4, ?5)",
            )
            .unwrap();
        for id in 1..=BOARDS {
            let kind = KINDS[(id % 4) as usize];
            let created = NOW - (BOARDS - id) * 600;
            let loser = if id % 2 == 0 { "white" } else { "black" };
            let score = if id % 2 == 0 { "0-1" } else { "1-0" };
            let (white, black) = (player(id), player(id * 7 + 1));
            game.execute(rusqlite::params![
                id,
                kind,
                white,
                black,
                created,
                created + 3600,
                loser,
                score
            ])
            .unwrap();
            if kind == "chess" {
                for (number, text) in RUY_LOPEZ.iter().enumerate() {
                    let side = if number % 2 == 0 { "white" } else { "black" };
                    moves
                        .execute(rusqlite::params![
                            id,
                            number as i64 + 1,
                            side,
                            text,
                            created + number as i64
                        ])
                        .unwrap();
                }
            }
        }
    }
    for t in 1..=TOURNAMENTS {
        tx.execute(
            "INSERT INTO tournaments (id, kind, name, organiser, double, rated, switches, status, created)
             VALUES (?1, 'chess', ?2, ?3, 0, 1, '', 'finished', ?4)",
            rusqlite::params![t, format!("cup{t}"), player(t * 8), NOW - 86_400],
        )
        .unwrap();
        let seats: Vec<String> = (0..8).map(|seat| player(t * 8 + seat)).collect();
        for (seat, userid) in seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO tournament_players (tournament_id, userid, seat) VALUES (?1, ?2, ?3)",
                rusqlite::params![t, userid, seat as i64],
            )
            .unwrap();
        }
        let mut board = 0;
        for a in 0..8 {
            for b in a + 1..8 {
                board += 1;
                let game_id = t * 100 + board;
                tx.execute(
                    "INSERT INTO tournament_boards (game_id, tournament_id, round, white, black, score)
                     VALUES (?1, ?2, ?3, ?4, ?5, '1-0')",
                    rusqlite::params![game_id, t, board % 7 + 1, seats[a], seats[b]],
                )
                .unwrap();
            }
        }
    }
    for id in (20_001..=25_000).step_by(1) {
        tx.execute(
            "INSERT INTO ladder_games (game_id, kind, challenger, challenged, settled) VALUES (?1, 'chess', ?2, ?3, 1)",
            rusqlite::params![id, player(id), player(id * 7 + 1)],
        )
        .unwrap();
    }
    tx.commit().unwrap();
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at]
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// A chess board's id from a run's number.
fn chess_board(run: usize) -> i64 {
    (run as i64 * 397 % (BOARDS / 4)) * 4 + 4
}

type Target = fn(usize) -> String;

/// Each kind of page, and the address of its run's page.
fn page_kinds() -> Vec<(&'static str, Target)> {
    vec![
        ("front page", |_| "/".into()),
        ("archive, first page", |_| "/archive".into()),
        ("archive, deep page", |run| {
            format!("/archive?before={}", 90_000 - run as i64 * 300)
        }),
        ("archive, filtered", |run| {
            format!(
                "/archive?game=chess&player={}&result=white",
                player(run as i64 * 13)
            )
        }),
        ("archive, by dates", |run| {
            let day = 20 + run % 300;
            format!(
                "/archive?from=2026-{:02}-01&to=2026-{:02}-28",
                day % 12 + 1,
                day % 12 + 1
            )
        }),
        ("archive, by dates, deep", |run| {
            format!(
                "/archive?from=2026-01-01&to=2026-12-31&before={}",
                40_000 + run as i64 * 250
            )
        }),
        ("archive, no draw at all", |_| "/archive?result=draw".into()),
        ("archive PGN, filtered", |run| {
            format!("/archive.pgn?game=chess&player={}", player(run as i64 * 13))
        }),
        ("board", |run| format!("/board/{}", chess_board(run))),
        ("board, earlier ply", |run| {
            format!("/board/{}?ply=3", chess_board(run))
        }),
        ("board PGN", |run| {
            format!("/board/{}.pgn", chess_board(run))
        }),
        ("board feed", |run| {
            format!("/board/{}.atom", chess_board(run))
        }),
        ("player", |run| {
            format!("/player/{}", player(run as i64 * 17))
        }),
        ("player status", |run| {
            format!("/player/{}/status.txt", player(run as i64 * 17))
        }),
        ("player feed", |run| {
            format!("/player/{}.atom", player(run as i64 * 17))
        }),
        ("standings", |_| "/standings/chess".into()),
        ("standings, last page", |_| {
            "/standings/chess?page=20".into()
        }),
        ("ladder", |_| "/ladder/chess".into()),
        ("ladder, last page", |_| "/ladder/chess?page=20".into()),
        ("ladder feed", |_| "/ladder/chess.atom".into()),
        ("tournaments", |_| "/tournaments".into()),
        ("tournament", |run| {
            format!("/tournament/{}", run % TOURNAMENTS as usize + 1)
        }),
        ("tournament feed", |run| {
            format!("/tournament/{}.atom", run % TOURNAMENTS as usize + 1)
        }),
    ]
}

fn main() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("web.sqlite");
    let built = Instant::now();
    database(&path);
    println!(
        "{BOARDS} finished boards, {PLAYERS} players, {TOURNAMENTS} tournaments built in {:.1} s",
        built.elapsed().as_secs_f64()
    );
    let site = Site::open(SiteConfig {
        database: path,
        templates: None,
        host: HostSettings::default(),
        clock: Clock::Fixed(pbem::clock::from_unix(NOW)),
    })
    .expect("the site opens");
    let kinds = page_kinds();
    println!("{:<24} {:>12} {:>12}", "page", "median ms", "p99 ms");
    for (name, target) in kinds {
        let mut times = Vec::with_capacity(RUNS);
        for run in 0..RUNS {
            let target = target(run);
            let start = Instant::now();
            let reply = site.respond("GET", &target);
            times.push(start.elapsed());
            assert_eq!(
                reply.status,
                200,
                "{target}: {}",
                String::from_utf8_lossy(&reply.body)
            );
        }
        times.sort();
        println!(
            "{name:<24} {:>12.2} {:>12.2}",
            ms(percentile(&times, 0.5)),
            ms(percentile(&times, 0.99))
        );
    }
}
