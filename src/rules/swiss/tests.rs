//! The Swiss pairings' tests: whole tournaments played with a seeded
//! die, and the pairing rules each round keeps.

use super::*;

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

fn entrants(count: usize) -> Vec<SwissPlayer> {
    (1..=count)
        .map(|number| SwissPlayer {
            number,
            rounds: Vec::new(),
            paired_now: true,
        })
        .collect()
}

/// Records a round's pairing with random results.
fn play(players: &mut [SwissPlayer], pairing: &RoundPairing, dice: &mut Dice) {
    let round = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    for player in players.iter_mut() {
        player.rounds.resize(round, RoundRecord::Absent);
    }
    let mut records = vec![RoundRecord::Absent; players.len()];
    for &(white, black) in &pairing.boards {
        let roll = dice.below(20);
        let (first, second) = if roll == 0 {
            let won = |me: bool| RoundRecord::Forfeit {
                opponent: if me { black } else { white },
                colour: if me { Colour::White } else { Colour::Black },
                won: me,
            };
            (won(true), won(false))
        } else {
            let outcome = [Outcome::Win, Outcome::Draw, Outcome::Loss][(roll % 3) as usize];
            let flip = |o: Outcome| match o {
                Outcome::Win => Outcome::Loss,
                Outcome::Loss => Outcome::Win,
                Outcome::Draw => Outcome::Draw,
            };
            (
                RoundRecord::Played {
                    opponent: black,
                    colour: Colour::White,
                    outcome,
                },
                RoundRecord::Played {
                    opponent: white,
                    colour: Colour::Black,
                    outcome: flip(outcome),
                },
            )
        };
        records[white - 1] = first;
        records[black - 1] = second;
    }
    if let Some(bye) = pairing.bye {
        records[bye - 1] = RoundRecord::PairingBye;
    }
    for (player, record) in players.iter_mut().zip(records) {
        player.rounds.push(record);
    }
}

/// The absolute criteria and colour rules the pairing must keep.
fn check(players: &[SwissPlayer], pairing: &RoundPairing, total_rounds: usize) {
    let paired: Vec<usize> = pairing
        .boards
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .chain(pairing.bye)
        .collect();
    let mut sorted = paired.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), paired.len(), "a player paired twice");
    assert_eq!(
        sorted.len(),
        players.iter().filter(|p| p.paired_now).count()
    );
    let last_round = players[0].rounds.len() + 1 == total_rounds;
    for &(white, black) in &pairing.boards {
        let met = players[white - 1]
            .rounds
            .iter()
            .any(|r| matches!(r, RoundRecord::Played { opponent, .. } if *opponent == black));
        assert!(!met, "{white} and {black} meet again");
        for (number, colour) in [(white, Colour::White), (black, Colour::Black)] {
            let mut colours: Vec<Colour> = players[number - 1]
                .rounds
                .iter()
                .filter_map(|r| match r {
                    RoundRecord::Played { colour, .. } => Some(*colour),
                    _ => None,
                })
                .collect();
            colours.push(colour);
            let whites = colours.iter().filter(|&&c| c == Colour::White).count();
            let difference = whites.abs_diff(colours.len() - whites);
            let three =
                colours.len() >= 3 && colours[colours.len() - 3..].iter().all(|&c| c == colour);
            if !last_round {
                assert!(
                    difference <= 2,
                    "player {number}: colour difference {difference}"
                );
                assert!(!three, "player {number}: three {colour:?} in a row");
            }
        }
    }
    if let Some(bye) = pairing.bye {
        let had = players[bye - 1].rounds.iter().any(|r| {
            matches!(
                r,
                RoundRecord::PairingBye | RoundRecord::Forfeit { won: true, .. }
            )
        });
        assert!(!had, "player {bye} has a second bye");
    }
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_colours() {
    let players = entrants(8);
    let pairing = pair_round(&players, 5, Colour::White).unwrap();
    assert_eq!(pairing.boards, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(pairing.bye, None);
    let pairing = pair_round(&entrants(5), 5, Colour::Black).unwrap();
    assert_eq!(pairing.boards, vec![(3, 1), (2, 4)]);
    assert_eq!(pairing.bye, Some(5));
}

#[test]
fn round_two_pairs_the_winners_and_the_losers() {
    let mut players = entrants(4);
    let mut dice = Dice(7);
    let first = pair_round(&players, 3, Colour::White).unwrap();
    assert_eq!(first.boards, vec![(1, 3), (4, 2)]);
    // White wins on board 1, Black on board 2: 1 and 2 lead.
    for (number, opponent, colour, outcome) in [
        (1, 3, Colour::White, Outcome::Win),
        (2, 4, Colour::Black, Outcome::Win),
        (3, 1, Colour::Black, Outcome::Loss),
        (4, 2, Colour::White, Outcome::Loss),
    ] {
        players[number - 1].rounds.push(RoundRecord::Played {
            opponent,
            colour,
            outcome,
        });
    }
    let second = pair_round(&players, 3, Colour::White).unwrap();
    assert_eq!(second.boards, vec![(2, 1), (3, 4)]);
    play(&mut players, &second, &mut dice);
    check(
        &players,
        &pair_round(&players, 3, Colour::White).unwrap(),
        3,
    );
}

#[test]
fn random_tournaments_keep_the_absolute_criteria() {
    let mut dice = Dice(0x5eed_1234_abcd_0001);
    for size in [3, 4, 7, 10, 13, 20] {
        let total_rounds = 5.min(size - 1);
        let mut players = entrants(size);
        for _ in 0..total_rounds {
            let Ok(pairing) = pair_round(&players, total_rounds, Colour::White) else {
                break;
            };
            check(&players, &pairing, total_rounds);
            play(&mut players, &pairing, &mut dice);
        }
    }
}

#[test]
fn players_not_paired_now_are_left_out() {
    let mut players = entrants(6);
    players[2].paired_now = false;
    let pairing = pair_round(&players, 3, Colour::White).unwrap();
    assert!(pairing.boards.iter().all(|&(w, b)| w != 3 && b != 3));
    assert!(pairing.bye.is_some_and(|bye| bye != 3));
}

#[test]
fn inconsistent_records_are_refused() {
    let mut players = entrants(4);
    players[1].number = 1;
    assert!(matches!(
        pair_round(&players, 3, Colour::White),
        Err(NoValidPairing::InconsistentRecords(_))
    ));
    let mut players = entrants(2);
    players[0].rounds.push(RoundRecord::Played {
        opponent: 9,
        colour: Colour::White,
        outcome: Outcome::Win,
    });
    assert!(matches!(
        pair_round(&players, 3, Colour::White),
        Err(NoValidPairing::InconsistentRecords(_))
    ));
}

#[test]
fn two_players_who_met_cannot_be_paired_again() {
    let mut players = entrants(2);
    let mut dice = Dice(3);
    let first = pair_round(&players, 2, Colour::White).unwrap();
    play(&mut players, &first, &mut dice);
    if matches!(players[0].rounds[0], RoundRecord::Played { .. }) {
        assert_eq!(
            pair_round(&players, 2, Colour::White),
            Err(NoValidPairing::AbsoluteCriteria)
        );
    }
}
