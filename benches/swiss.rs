//! Swiss pairing speed: `cargo bench --bench swiss` plays a Swiss of each
//! size with made-up results up to its middle round and prints the time
//! our Dutch engine (`rules::swiss`) takes to pair the rounds: the first
//! (one score group) and the middle one (many score groups and floaters).

use std::time::Instant;

use pbem::rules::swiss::{pair_round, Colour, Outcome, RoundRecord, SwissPlayer};

/// The result of a board, fixed by the pairing numbers so runs repeat.
fn outcome(white: usize, black: usize) -> Outcome {
    match (white * 7 + black * 3) % 5 {
        0 | 1 => Outcome::Win,
        2 => Outcome::Draw,
        _ => Outcome::Loss,
    }
}

fn opposite(outcome: Outcome) -> Outcome {
    match outcome {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        Outcome::Draw => Outcome::Draw,
    }
}

/// Seconds to pair each round of a Swiss of `size` players.
fn rounds(size: usize, total_rounds: usize, played: usize) -> Vec<f64> {
    let mut players: Vec<SwissPlayer> = (1..=size)
        .map(|number| SwissPlayer {
            number,
            rounds: Vec::new(),
            paired_now: true,
        })
        .collect();
    let mut times = Vec::new();
    for _ in 0..played {
        let started = Instant::now();
        let pairing = pair_round(&players, total_rounds, Colour::White).expect("a pairing");
        times.push(started.elapsed().as_secs_f64());
        let mut records = vec![RoundRecord::PairingBye; size];
        for &(white, black) in &pairing.boards {
            let result = outcome(white, black);
            records[white - 1] = RoundRecord::Played {
                opponent: black,
                colour: Colour::White,
                outcome: result,
            };
            records[black - 1] = RoundRecord::Played {
                opponent: white,
                colour: Colour::Black,
                outcome: opposite(result),
            };
        }
        for (player, record) in players.iter_mut().zip(records) {
            player.rounds.push(record);
        }
    }
    times
}

fn main() {
    // `cargo bench` passes `--bench`; a number limits the largest size.
    let largest: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1000);
    println!(
        "{:>8} {:>7} {:>12} {:>12} {:>12}",
        "players", "rounds", "round 1 ms", "middle ms", "slowest ms"
    );
    for (size, total_rounds) in [(16, 5), (64, 7), (200, 9), (256, 9), (1000, 11)] {
        if size > largest {
            continue;
        }
        let middle = total_rounds / 2 + 1;
        let times = rounds(size, total_rounds, middle);
        let slowest = times.iter().copied().fold(0.0, f64::max);
        println!(
            "{:>8} {:>7} {:>12.1} {:>12.1} {:>12.1}",
            size,
            total_rounds,
            times[0] * 1e3,
            times[middle - 1] * 1e3,
            slowest * 1e3
        );
    }
}
