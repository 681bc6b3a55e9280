//! Random Swiss tournaments paired round by round by our Dutch engine
//! (`rules::swiss`), written as TRF16 (`rules::trf`) and re-paired by an
//! independent implementation of the Dutch system: the free pairings
//! checker of PyPI's `caissify-pairings` (installed by tests/setup.sh).
//! Every round must keep the absolute criteria, which the test checks
//! itself; the rounds on which the checker pairs exactly as we do are
//! counted and must not fall below the agreement measured when this
//! test was written.

use std::io::Write;
use std::process::{Command, Stdio};

use pbem::rules::swiss::{pair_round, Colour, Outcome, RoundPairing, RoundRecord, SwissPlayer};
use pbem::rules::trf::{TrfPlayer, TrfRound, TrfScore, TrfTournament};

/// A small deterministic generator (xorshift), so failures reproduce.
struct Dice(u64);

impl Dice {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

const CHECKER: &str = r#"
import json, sys
from caissify_pairings.fpc import check_trf
report = check_trf(sys.stdin.read())
for entry in report["rounds"]:
    print(entry["round"], "ok" if entry["match"] else "; ".join(entry["discrepancies"]))
"#;

pub(crate) fn checker_installed() -> bool {
    Command::new("python3")
        .args(["-c", "import caissify_pairings"])
        .status()
        .is_ok_and(|status| status.success())
}

/// Records a round with random results: mostly games, some forfeits.
fn play(players: &mut [SwissPlayer], pairing: &RoundPairing, dice: &mut Dice) {
    let round = players[0].rounds.len();
    let mut records = vec![RoundRecord::Absent; players.len()];
    for &(white, black) in &pairing.boards {
        let roll = dice.below(100);
        let record = |opponent: usize, colour: Colour, mine: Option<Outcome>, won: bool| match mine
        {
            Some(outcome) => RoundRecord::Played {
                opponent,
                colour,
                outcome,
            },
            None => RoundRecord::Forfeit {
                opponent,
                colour,
                won,
            },
        };
        let (white_outcome, black_outcome) = match roll {
            0..=39 => (Some(Outcome::Win), Some(Outcome::Loss)),
            40..=64 => (Some(Outcome::Draw), Some(Outcome::Draw)),
            65..=95 => (Some(Outcome::Loss), Some(Outcome::Win)),
            _ => (None, None),
        };
        let white_won = roll.is_multiple_of(2);
        records[white - 1] = record(black, Colour::White, white_outcome, white_won);
        records[black - 1] = record(white, Colour::Black, black_outcome, !white_won);
    }
    if let Some(bye) = pairing.bye {
        records[bye - 1] = RoundRecord::PairingBye;
    }
    for (player, record) in players.iter_mut().zip(records) {
        player.rounds.push(record);
    }
    assert_eq!(players[0].rounds.len(), round + 1);
}

fn half_points(rounds: &[RoundRecord]) -> u32 {
    rounds
        .iter()
        .map(|record| match record {
            RoundRecord::Played { outcome, .. } => match outcome {
                Outcome::Win => 2,
                Outcome::Draw => 1,
                Outcome::Loss => 0,
            },
            RoundRecord::Forfeit { won, .. } => 2 * u32::from(*won),
            RoundRecord::PairingBye => 2,
            RoundRecord::Absent => 0,
        })
        .sum()
}

fn trf_round(record: &RoundRecord) -> TrfRound {
    match *record {
        RoundRecord::Played {
            opponent,
            colour,
            outcome,
        } => TrfRound::Played {
            opponent,
            colour,
            score: match outcome {
                Outcome::Win => TrfScore::Win,
                Outcome::Draw => TrfScore::Draw,
                Outcome::Loss => TrfScore::Loss,
            },
        },
        RoundRecord::Forfeit {
            opponent,
            colour,
            won,
        } => TrfRound::Forfeit {
            opponent,
            colour,
            won,
        },
        RoundRecord::PairingBye => TrfRound::PairingBye,
        RoundRecord::Absent => TrfRound::Absent,
    }
}

fn trf(players: &[SwissPlayer], total_rounds: usize, initial: Colour) -> String {
    let mut standings: Vec<&SwissPlayer> = players.iter().collect();
    standings.sort_by_key(|p| (std::cmp::Reverse(half_points(&p.rounds)), p.number));
    let rank = |number: usize| 1 + standings.iter().position(|p| p.number == number).unwrap();
    TrfTournament {
        name: "Random Swiss".to_string(),
        city: None,
        start_date: None,
        end_date: None,
        kind: "Swiss Dutch".to_string(),
        rounds: total_rounds,
        initial_colour: Some(initial),
        players: players
            .iter()
            .map(|p| TrfPlayer {
                number: p.number,
                name: format!("Player {}", p.number),
                rating: 2400 - 10 * p.number as u32,
                half_points: half_points(&p.rounds),
                rank: rank(p.number),
                rounds: p.rounds.iter().map(trf_round).collect(),
            })
            .collect(),
    }
    .write()
}

/// The colours of a player's played games, in order.
fn colours_played(rounds: &[RoundRecord]) -> Vec<Colour> {
    rounds
        .iter()
        .filter_map(|record| match record {
            RoundRecord::Played { colour, .. } => Some(*colour),
            _ => None,
        })
        .collect()
}

/// Asserts the absolute criteria of the Dutch system (C.04.3 C.1 to
/// C.3) on a round paired from `players`: every player to be paired is
/// paired once or has the bye, no two meet again, the bye goes to at
/// most one player who had neither a bye nor a win without playing, and
/// nobody but a topscorer in the last round gets a colour difference
/// past two or one colour three times running.
fn assert_absolute_criteria(players: &[SwissPlayer], pairing: &RoundPairing, total_rounds: usize) {
    let round = players[0].rounds.len() + 1;
    let context = format!("round {round} of {pairing:?}");
    let mut seen = vec![0; players.len() + 1];
    for &(white, black) in &pairing.boards {
        seen[white] += 1;
        seen[black] += 1;
        let met = players[white - 1].rounds.iter().any(
            |record| matches!(record, RoundRecord::Played { opponent, .. } if *opponent == black),
        );
        assert!(!met, "{white} and {black} meet again, {context}");
    }
    if let Some(bye) = pairing.bye {
        seen[bye] += 1;
        let had = players[bye - 1].rounds.iter().any(|record| {
            matches!(
                record,
                RoundRecord::PairingBye | RoundRecord::Forfeit { won: true, .. }
            )
        });
        assert!(!had, "{bye} has a second bye, {context}");
    }
    for player in players {
        let expected = usize::from(player.paired_now);
        assert_eq!(
            seen[player.number], expected,
            "{}: {context}",
            player.number
        );
    }
    let last_round = round == total_rounds;
    for &(white, black) in &pairing.boards {
        for (number, colour) in [(white, Colour::White), (black, Colour::Black)] {
            let rounds = &players[number - 1].rounds;
            if last_round && half_points(rounds) as usize > rounds.len() {
                continue;
            }
            let mut colours = colours_played(rounds);
            colours.push(colour);
            let whites = colours.iter().filter(|&&c| c == Colour::White).count();
            let difference = whites.abs_diff(colours.len() - whites);
            assert!(difference <= 2, "{number} colour difference, {context}");
            let third =
                colours.len() >= 3 && colours[colours.len() - 3..].iter().all(|&c| c == colour);
            assert!(!third, "{number} {colour:?} three times running, {context}");
        }
    }
}

/// The checker's verdict per round: None where it pairs as we did.
pub(crate) fn check(trf: &str) -> Vec<Option<String>> {
    let mut child = Command::new("python3")
        .args(["-c", CHECKER])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(trf.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "the checker failed on\n{trf}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let (_, verdict) = line.split_once(' ').unwrap_or((line, ""));
            (verdict != "ok").then(|| verdict.to_string())
        })
        .collect()
}

/// Plays one tournament; returns (rounds, rounds the checker agrees on).
fn tournament(size: usize, total_rounds: usize, seed: u64) -> (usize, usize) {
    let mut dice = Dice(seed);
    let initial = if seed.is_multiple_of(2) {
        Colour::White
    } else {
        Colour::Black
    };
    let mut players: Vec<SwissPlayer> = (1..=size)
        .map(|number| SwissPlayer {
            number,
            rounds: Vec::new(),
            paired_now: true,
        })
        .collect();
    // In some tournaments a player withdraws after round 3.
    let quitter = seed
        .is_multiple_of(3)
        .then(|| 1 + dice.below(size as u64) as usize);
    let mut played = 0;
    for round in 0..total_rounds {
        if round == 3 {
            if let Some(number) = quitter {
                players[number - 1].paired_now = false;
            }
        }
        let Ok(pairing) = pair_round(&players, total_rounds, initial) else {
            break;
        };
        assert_absolute_criteria(&players, &pairing, total_rounds);
        play(&mut players, &pairing, &mut dice);
        played += 1;
    }
    let verdicts = check(&trf(&players, total_rounds, initial));
    assert_eq!(verdicts.len(), played, "the checker saw every round");
    for (round, verdict) in verdicts.iter().enumerate() {
        if let Some(difference) = verdict {
            eprintln!(
                "{size} players, seed {seed}, round {}: {difference}",
                round + 1
            );
        }
    }
    (played, verdicts.iter().filter(|v| v.is_none()).count())
}

#[test]
fn random_tournaments_are_paired_as_an_independent_dutch_checker_pairs_them() {
    if !checker_installed() {
        eprintln!("skipped: python module caissify_pairings missing (tests/setup.sh installs it)");
        return;
    }
    let mut rounds = 0;
    let mut agreed = 0;
    for (at, (size, total_rounds)) in [(5, 4), (8, 5), (11, 5), (16, 7), (23, 7), (40, 9)]
        .into_iter()
        .enumerate()
    {
        for seed in 1..=3u64 {
            let (played, same) = tournament(size, total_rounds, 1000 * at as u64 + seed);
            rounds += played;
            agreed += same;
        }
    }
    eprintln!("the checker pairs {agreed} of {rounds} rounds as we do");
    assert!(rounds > 90, "only {rounds} rounds were paired");
    assert!(
        agreed * 100 >= rounds * AGREEMENT_PERCENT,
        "{agreed} of {rounds}"
    );
}

/// The share of rounds on which the checker agrees: all of them (111
/// rounds when this was written). Should a change of either side make
/// them differ, bbpPairings (the engine FIDE endorses) run on the
/// printed tournament tells which of the two departs from the rules.
/// The checker is not flawless: on a wider run (seeds 4 to 9 of these
/// sizes, and 61 players) it agreed on 272 of 273 rounds; the other,
/// 8 players, seed 1006, round 5 (the last), bbpPairings 5.0 pairs
/// exactly as we do (1-8, 2-3, 4-7, 5-6 with our colours), the checker
/// 1-2, 3-4, 5-8, 6-7.
const AGREEMENT_PERCENT: usize = 100;
