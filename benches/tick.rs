//! `pbem tick` with nothing due, over ever more running boards: the
//! timers are found through an index on when each clock is next due, so
//! the time must not grow with the number of boards.
//!
//! `cargo bench --bench tick` builds, for 1,000, 10,000 and 100,000
//! running boards, a database whose every board has both clocks (the
//! side to move due in a week), then times the timers' run at a moment
//! when nothing is due (the whole run: its transaction, the looks into
//! the indexes and the commit) and the look `serve` makes every poll for
//! the next timer. It prints the median and p99 of each, side by side.

use pbem::clock::Clock;
use pbem::host::outbound::render::Renderer;
use pbem::host::{Host, HostSettings};
use pbem::store::Store;
use std::time::{Duration, Instant};

const NOW: i64 = 1_803_891_600;
const RUNS: usize = 300;

/// A database of `boards` running chess boards with their clocks.
fn database(dir: &std::path::Path, boards: i64) -> Store {
    let path = dir.join(format!("tick-{boards}.sqlite"));
    let mut store = Store::open(&path).expect("database");
    let tx = store.begin().expect("transaction");
    {
        let mut game = tx
            .prepare(
                "INSERT INTO games (id, kind, switches, white, black, status, created, updated,
                                    rated, host_options)
                 VALUES (?1, 'chess', '', 'alice', 'bob', 'active', ?2, ?2, 1,
                         '--nagtime=7d --forfeittime=21d')",
            )
            .unwrap();
        let mut clock = tx
            .prepare(
                "INSERT INTO clocks (game_id, side, to_move, running_since, used, due)
                 VALUES (?1, ?2, ?3, ?4, 0, ?5)",
            )
            .unwrap();
        for id in 101..101 + boards {
            game.execute(rusqlite::params![id, NOW]).unwrap();
            // Due from a day after NOW up to a week after, spread out.
            let due = NOW + 86_400 + (id * 7919) % (6 * 86_400);
            clock
                .execute(rusqlite::params![id, "white", 1, NOW, due])
                .unwrap();
            clock
                .execute(rusqlite::params![id, "black", 0, None::<i64>, None::<i64>])
                .unwrap();
        }
    }
    tx.commit().unwrap();
    store
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let sizes = [1_000i64, 10_000, 100_000];
    let mut rows = Vec::new();
    for boards in sizes {
        let store = database(dir.path(), boards);
        let renderer = Renderer::new(None).expect("templates");
        let mut host = Host::new(store, renderer, HostSettings::default());
        host.set_clock(Clock::Fixed(
            chrono::DateTime::from_timestamp(NOW, 0).expect("moment"),
        ));
        let mut ticks = Vec::with_capacity(RUNS);
        let mut looks = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let start = Instant::now();
            let report = host.tick().expect("tick");
            ticks.push(start.elapsed());
            assert_eq!(report, pbem::host::TickReport::default(), "nothing is due");
            let start = Instant::now();
            let next = host.next_timer().expect("next timer");
            looks.push(start.elapsed());
            assert!(next.is_some_and(|due| due > NOW));
        }
        ticks.sort();
        looks.sort();
        rows.push((boards, ticks, looks));
    }
    println!("tick with nothing due ({RUNS} runs each)");
    println!(
        "{:>10}  {:>12}  {:>12}  {:>16}  {:>16}",
        "boards", "tick median", "tick p99", "next timer med.", "next timer p99"
    );
    for (boards, ticks, looks) in rows {
        println!(
            "{:>10}  {:>10.1}µs  {:>10.1}µs  {:>14.1}µs  {:>14.1}µs",
            boards,
            percentile(&ticks, 0.5).as_secs_f64() * 1e6,
            percentile(&ticks, 0.99).as_secs_f64() * 1e6,
            percentile(&looks, 0.5).as_secs_f64() * 1e6,
            percentile(&looks, 0.99).as_secs_f64() * 1e6,
        );
    }
}
