//! Perft speed, this project's core beside the `chess` crate in one run.
//!
//! `cargo bench --bench perft` prints, per position, nodes per second for
//! both and their ratio. Both count the last ply in bulk (from the move
//! generator's target sets, without playing the moves). The two are timed
//! in turns, a second each, five times, and each keeps its best: on a
//! shared machine a burst of someone else's work then spoils a turn of
//! one or the other, not the whole comparison.

use pbem::games::chess::{fen, perft::perft, Rules};
use pbem::games::GameKind;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// Runs `f` until at least `min` has passed; returns (nodes, best seconds).
fn measure(min: Duration, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    let started = Instant::now();
    while started.elapsed() < min || best == f64::MAX {
        let t = Instant::now();
        nodes = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (nodes, best)
}

/// Turns of a second each for the two, the best of each kept.
const TURNS: u32 = 5;

/// Times `ours` and `theirs` in turns; returns each one's (nodes, best
/// seconds).
fn measure_in_turns(
    mut ours: impl FnMut() -> u64,
    mut theirs: impl FnMut() -> u64,
) -> ((u64, f64), (u64, f64)) {
    let turn = Duration::from_secs(1);
    let (mut our_best, mut their_best) = ((0, f64::MAX), (0, f64::MAX));
    for _ in 0..TURNS {
        let (nodes, secs) = measure(turn, &mut ours);
        our_best = (nodes, our_best.1.min(secs));
        let (nodes, secs) = measure(turn, &mut theirs);
        their_best = (nodes, their_best.1.min(secs));
    }
    (our_best, their_best)
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument filters by name.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let min = Duration::from_secs(3);
    println!(
        "{:<12} {:>5} {:>12} {:>12} {:>12} {:>7}",
        "position", "depth", "nodes", "pbem Mn/s", "chess Mn/s", "ratio"
    );
    let cases = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
        ),
    ];
    for (name, text, depth) in cases {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let pos = fen::parse(text, Rules::STANDARD).expect("benchmark FEN");
        let board = chess::Board::from_str(text).expect("benchmark FEN");
        let ((ours, our_secs), (theirs, their_secs)) = measure_in_turns(
            || perft(&pos, depth),
            || chess::MoveGen::movegen_perft_test(&board, depth as usize) as u64,
        );
        assert_eq!(ours, theirs, "the two implementations disagree on {name}");
        let our_rate = ours as f64 / our_secs / 1e6;
        let their_rate = theirs as f64 / their_secs / 1e6;
        println!(
            "{name:<12} {depth:>5} {ours:>12} {our_rate:>12.1} {their_rate:>12.1} {:>7.2}",
            our_rate / their_rate
        );
    }
    // The other games' boards, through the host's Game interface.
    for kind in GameKind::ALL {
        if kind == GameKind::Chess || filter.as_deref().is_some_and(|f| !kind.name().contains(f)) {
            continue;
        }
        // Fixed lists for Progression Chess, so its list phase is skipped.
        let (switches, depth): (&[&str], u32) = match kind.name() {
            "progression" => (&["-list:nbNBrRQK", "-promote:15"], 4),
            "spherical" => (&[], 3),
            _ => (&[], 5),
        };
        let switches: Vec<String> = switches.iter().map(|s| s.to_string()).collect();
        let game = kind.new_game(&switches).expect("benchmark set-up");
        let (nodes, secs) = measure(min, || game.perft(depth));
        println!(
            "{:<12} {depth:>5} {nodes:>12} {:>12.1} {:>12} {:>7}",
            kind.name(),
            nodes as f64 / secs / 1e6,
            "-",
            "-"
        );
    }
}
