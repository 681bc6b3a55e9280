//! What the pairing knows of each player, read from his records: score,
//! colour difference and preference, floats, whether he may have the
//! bye, whom he has met; and the absolute criteria between two players.

use std::collections::HashMap;

use super::{Colour, NoValidPairing, Outcome, RoundRecord, SwissPlayer};

/// Scores are counted in half points: a win 2, a draw 1.
pub(super) type HalfPoints = u32;

/// How a player floated in a round (C.04.3 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Float {
    Down,
    Up,
    Level,
}

/// How strongly a player wants his preferred colour (C.04.3 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// One player's facts for the round being paired.
#[derive(Clone, Debug)]
pub(super) struct Facts {
    pub(crate) number: usize,
    /// The place among the players still in the tournament by pairing
    /// number (0 the first): it breaks ties and gives colours by parity.
    pub(crate) rank: usize,
    pub(crate) score: HalfPoints,
    pub(crate) paired_now: bool,
    /// The colours of the games he played, in order.
    pub(crate) colours: Vec<Colour>,
    pub(crate) preference: Option<Colour>,
    pub(crate) strength: Strength,
    /// Games as White and as Black, the difference without sign.
    pub(crate) imbalance: usize,
    /// The colour of his last two games when they were the same.
    pub(crate) repeated: Option<Colour>,
    /// His float in each round so far.
    pub(crate) floats: Vec<Float>,
    /// No pairing-allocated bye yet and no win without playing.
    pub(crate) bye_eligible: bool,
    /// The pairing numbers of the players he has played.
    pub(crate) met: Vec<usize>,
}

impl Facts {
    pub(crate) fn absolute(&self) -> bool {
        self.strength == Strength::Absolute
    }

    /// His float `back` rounds before this one (1: the last round).
    pub(crate) fn float(&self, back: usize) -> Float {
        self.floats
            .len()
            .checked_sub(back)
            .map_or(Float::Level, |at| self.floats[at])
    }
}

/// Every player's facts, in the order given, and the number of rounds
/// played.
pub(super) struct History {
    players: Vec<Facts>,
    pub(crate) rounds_played: usize,
}

impl History {
    pub(crate) fn read(players: &[SwissPlayer]) -> Result<Self, NoValidPairing> {
        let mut index = HashMap::new();
        for (at, player) in players.iter().enumerate() {
            if player.number == 0 || index.insert(player.number, at).is_some() {
                return Err(inconsistent(format!(
                    "pairing number {} is zero or given twice",
                    player.number
                )));
            }
        }
        let rounds_played = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
        let record = |player: &SwissPlayer, round: usize| {
            player
                .rounds
                .get(round)
                .unwrap_or(&RoundRecord::Absent)
                .clone()
        };
        for player in players {
            for round in 0..rounds_played {
                if let Some(opponent) = opponent_of(&record(player, round)) {
                    if opponent == player.number || !index.contains_key(&opponent) {
                        return Err(inconsistent(format!(
                            "player {} has opponent {opponent} in round {}",
                            player.number,
                            round + 1
                        )));
                    }
                }
            }
        }
        // Each player's score before each round, to tell floats apart.
        let scores_before: Vec<Vec<HalfPoints>> = players
            .iter()
            .map(|player| {
                let mut running = vec![0];
                for round in 0..rounds_played {
                    let last = running[round];
                    running.push(last + points(&record(player, round)));
                }
                running
            })
            .collect();
        let ranks = ranks(players);
        let facts = players
            .iter()
            .enumerate()
            .map(|(at, player)| {
                let floats = (0..rounds_played)
                    .map(|round| {
                        let opponent_score = opponent_of(&record(player, round))
                            .and_then(|number| index.get(&number))
                            .map(|&other| scores_before[other][round]);
                        float_of(
                            &record(player, round),
                            scores_before[at][round],
                            opponent_score,
                        )
                    })
                    .collect();
                let records: Vec<RoundRecord> =
                    (0..rounds_played).map(|r| record(player, r)).collect();
                facts_of(
                    player,
                    &records,
                    ranks[at],
                    scores_before[at][rounds_played],
                    floats,
                )
            })
            .collect();
        Ok(History {
            players: facts,
            rounds_played,
        })
    }

    pub(crate) fn player(&self, index: usize) -> &Facts {
        &self.players[index]
    }

    /// The players to pair, in pairing order: score, then pairing number.
    pub fn entrants(&self) -> Vec<usize> {
        let mut entrants: Vec<usize> = (0..self.players.len())
            .filter(|&at| self.players[at].paired_now)
            .collect();
        entrants.sort_by_key(|&at| {
            (
                std::cmp::Reverse(self.players[at].score),
                self.players[at].rank,
            )
        });
        entrants
    }

    /// Whether `a` and `b` may meet by the absolute criteria: not met
    /// before, and not both with the same absolute colour preference,
    /// except in the last round where one of them has more than half the
    /// points played for (C.04.3 2.1, 2.2).
    pub(crate) fn compatible(&self, a: usize, b: usize, total_rounds: usize) -> bool {
        let (first, second) = (&self.players[a], &self.players[b]);
        if first.met.contains(&second.number) {
            return false;
        }
        let clash = first.absolute() && second.absolute() && first.preference == second.preference;
        if !clash {
            return true;
        }
        let last_round = self.rounds_played + 1 >= total_rounds;
        let topscorer = |facts: &Facts| facts.score as usize > self.rounds_played;
        last_round && (topscorer(first) || topscorer(second))
    }
}

fn inconsistent(reason: String) -> NoValidPairing {
    NoValidPairing::InconsistentRecords(reason)
}

fn opponent_of(record: &RoundRecord) -> Option<usize> {
    match record {
        RoundRecord::Played { opponent, .. } | RoundRecord::Forfeit { opponent, .. } => {
            Some(*opponent)
        }
        RoundRecord::PairingBye | RoundRecord::Absent => None,
    }
}

fn points(record: &RoundRecord) -> HalfPoints {
    match record {
        RoundRecord::Played { outcome, .. } => match outcome {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        },
        RoundRecord::Forfeit { won, .. } => 2 * HalfPoints::from(*won),
        RoundRecord::PairingBye => 2,
        RoundRecord::Absent => 0,
    }
}

/// A played game floats the one with more points down, the other up; a
/// round scored without playing floats down when it scored more than a
/// loss (C.04.3 1.4.3).
fn float_of(record: &RoundRecord, own: HalfPoints, opponent: Option<HalfPoints>) -> Float {
    match (record, opponent) {
        (RoundRecord::Played { .. }, Some(other)) => match own.cmp(&other) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::Level,
        },
        _ if points(record) > 0 => Float::Down,
        _ => Float::Level,
    }
}

/// The place of each player by pairing number among those still in the
/// tournament: paired now, or paired in some round before.
fn ranks(players: &[SwissPlayer]) -> Vec<usize> {
    let counts = |player: &SwissPlayer| {
        player.paired_now || player.rounds.iter().any(|r| *r != RoundRecord::Absent)
    };
    let mut order: Vec<usize> = (0..players.len())
        .filter(|&at| counts(&players[at]))
        .collect();
    order.sort_by_key(|&at| players[at].number);
    let mut ranks = vec![usize::MAX; players.len()];
    for (rank, at) in order.into_iter().enumerate() {
        ranks[at] = rank;
    }
    ranks
}

fn facts_of(
    player: &SwissPlayer,
    records: &[RoundRecord],
    rank: usize,
    score: HalfPoints,
    floats: Vec<Float>,
) -> Facts {
    let mut colours = Vec::new();
    let mut met = Vec::new();
    let mut bye_eligible = true;
    for record in records {
        match record {
            RoundRecord::Played {
                opponent, colour, ..
            } => {
                colours.push(*colour);
                met.push(*opponent);
            }
            RoundRecord::Forfeit { won: true, .. } | RoundRecord::PairingBye => {
                bye_eligible = false;
            }
            RoundRecord::Forfeit { won: false, .. } | RoundRecord::Absent => {}
        }
    }
    let preference = ColourPreference::of(&colours);
    Facts {
        number: player.number,
        rank,
        score,
        paired_now: player.paired_now,
        colours,
        preference: preference.colour,
        strength: preference.strength,
        imbalance: preference.imbalance,
        repeated: preference.repeated,
        floats,
        bye_eligible,
        met,
    }
}

/// A colour preference from the colours of the games played (C.04.3
/// 1.7): absolute when the difference passes one or the last two games
/// had the same colour, strong when the difference is one, mild when it
/// is zero (alternate from the last game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ColourPreference {
    pub(crate) colour: Option<Colour>,
    pub(crate) strength: Strength,
    pub(crate) imbalance: usize,
    pub(crate) repeated: Option<Colour>,
}

impl ColourPreference {
    pub(crate) fn of(colours: &[Colour]) -> Self {
        let whites = colours.iter().filter(|&&c| c == Colour::White).count();
        let blacks = colours.len() - whites;
        let imbalance = whites.abs_diff(blacks);
        let fewer = if whites > blacks {
            Colour::Black
        } else {
            Colour::White
        };
        let last = colours.last().copied();
        let run = last.map_or(0, |c| colours.iter().rev().take_while(|&&x| x == c).count());
        let repeated = last.filter(|_| run > 1);
        let (colour, strength) = if imbalance > 1 {
            (Some(fewer), Strength::Absolute)
        } else if let Some(twice) = repeated {
            (Some(twice.opposite()), Strength::Absolute)
        } else if imbalance == 1 {
            (Some(fewer), Strength::Strong)
        } else if let Some(previous) = last {
            (Some(previous.opposite()), Strength::Mild)
        } else {
            (None, Strength::None)
        };
        ColourPreference {
            colour,
            strength,
            imbalance,
            repeated,
        }
    }
}
