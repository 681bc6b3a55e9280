//! Knockout tournaments: the players seeded by rating (seed 0 the
//! strongest), a bracket the size of the next power of two with byes to
//! the top seeds, and each pairing a mini-match of two games with colours
//! alternating (the higher seed White first). A match tied after its two
//! games goes on with single games, each one's colours by lot, until one
//! of them is won (sudden death). A game that counts for nobody (void) is
//! played again with the same colours. A game nobody moved in (a double
//! forfeit) is lost by both: where it leaves the match tied after its
//! two games, or comes in sudden death, both players are out and the
//! player they would have met goes through on a walkover. A player
//! taken out of the tournament loses every match not decided yet.

use super::score::EventScore;
use crate::games::Side;

/// Games of a match before sudden death.
pub(crate) const MATCH_GAMES: usize = 2;

/// The bracket's size for `players`: the smallest power of two that
/// holds them (1 for none or one).
pub(crate) fn bracket_size(players: usize) -> usize {
    players.max(1).next_power_of_two()
}

/// How many rounds a knockout of `players` has (0 for fewer than two).
pub(crate) fn rounds(players: usize) -> u32 {
    bracket_size(players).trailing_zeros()
}

/// The seeds in bracket order, top to bottom, so that seed 0 meets the
/// last seed and the two top seeds can meet only in the final: for 8,
/// `[0, 7, 3, 4, 1, 6, 2, 5]`.
pub(crate) fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![0];
    while order.len() < size {
        let next = order.len() * 2;
        order = order
            .iter()
            .flat_map(|&seed| [seed, next - 1 - seed])
            .collect();
    }
    order
}

/// A place in a round: a match of two seeds, one seed through on a
/// bye, or nobody (both who would have met there were out before).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    Match { high: usize, low: usize },
    Bye(usize),
    Empty,
}

/// The first round of `players` seeds, top of the bracket first: the
/// seeds beyond the players are byes for those they would have met.
pub(crate) fn first_round(players: usize) -> Vec<Slot> {
    if players < 2 {
        return Vec::new();
    }
    bracket_order(bracket_size(players))
        .chunks(2)
        .map(|pair| {
            let (high, low) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            if low < players {
                Slot::Match { high, low }
            } else {
                Slot::Bye(high)
            }
        })
        .collect()
}

/// The next round from who went through each place of the last, in
/// bracket order (`None`: nobody did): each two neighbours meet, the
/// better seed as the higher; one alone goes through on a walkover.
/// Empty once the last round had one place.
pub(crate) fn next_round(through: &[Option<usize>]) -> Vec<Slot> {
    if through.len() < 2 {
        return Vec::new();
    }
    through
        .chunks(2)
        .map(|pair| match pair {
            [Some(a), Some(b)] => Slot::Match {
                high: *a.min(b),
                low: *a.max(b),
            },
            [Some(only), None] | [None, Some(only)] | [Some(only)] => Slot::Bye(*only),
            _ => Slot::Empty,
        })
        .collect()
}

/// One game of a match as it ended: who had White, and what it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MatchGame {
    pub(crate) white: usize,
    pub(crate) score: EventScore,
}

/// A mini-match between two seeds, the games it has had, and which of
/// its seeds were taken out of the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Match {
    pub(crate) high: usize,
    pub(crate) low: usize,
    pub(crate) games: Vec<MatchGame>,
    pub(crate) withdrawn: Vec<usize>,
}

/// How a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatchOutcome {
    Undecided,
    /// This seed goes through.
    Won(usize),
    /// Neither goes through: nobody played the game that was to decide
    /// it, or both were taken out.
    BothOut,
}

impl Match {
    pub(crate) fn new(high: usize, low: usize) -> Match {
        Match {
            high,
            low,
            games: Vec::new(),
            withdrawn: Vec::new(),
        }
    }

    /// The games that count (a void is played again).
    fn counted(&self) -> impl Iterator<Item = &MatchGame> {
        self.games.iter().filter(|game| game.score.counts())
    }

    /// Half-points of `seed` in the match.
    pub(crate) fn half_points(&self, seed: usize) -> u32 {
        self.counted()
            .map(|game| game.score.half_points(self.side_of(game, seed)))
            .sum()
    }

    /// Whether the match went past its two games, tied after them.
    pub(crate) fn in_sudden_death(&self) -> bool {
        let played = self.counted().count();
        self.by_games() == MatchOutcome::Undecided
            && (played > MATCH_GAMES
                || played == MATCH_GAMES
                    && self.half_points(self.high) == self.half_points(self.low))
    }

    /// How the match stands: by its games, and where they decide
    /// nothing yet, by who was taken out (he loses it; both out, nobody
    /// goes through).
    pub(crate) fn outcome(&self) -> MatchOutcome {
        let decided = self.by_games();
        if decided != MatchOutcome::Undecided {
            return decided;
        }
        let out = |seed| self.withdrawn.contains(&seed);
        match (out(self.high), out(self.low)) {
            (true, true) => MatchOutcome::BothOut,
            (true, false) => MatchOutcome::Won(self.low),
            (false, true) => MatchOutcome::Won(self.high),
            (false, false) => MatchOutcome::Undecided,
        }
    }

    /// How the games alone decide it: the seed ahead after the two
    /// games, or the winner of the first decisive game after them; both
    /// out when the game that left it tied, or a sudden-death game, is a
    /// double forfeit.
    fn by_games(&self) -> MatchOutcome {
        let counted: Vec<&MatchGame> = self.counted().collect();
        if counted.len() < MATCH_GAMES {
            return MatchOutcome::Undecided;
        }
        let (first, sudden_death) = counted.split_at(MATCH_GAMES);
        let points = |seed: usize| -> u32 {
            first
                .iter()
                .map(|game| game.score.half_points(self.side_of(game, seed)))
                .sum()
        };
        let (high, low) = (points(self.high), points(self.low));
        if high != low {
            return MatchOutcome::Won(if high > low { self.high } else { self.low });
        }
        if first[MATCH_GAMES - 1].score == EventScore::DoubleForfeit {
            return MatchOutcome::BothOut;
        }
        for game in sudden_death {
            if game.score == EventScore::DoubleForfeit {
                return MatchOutcome::BothOut;
            }
            if let Some(side) = game.score.winner() {
                return MatchOutcome::Won(match side {
                    Side::White => game.white,
                    Side::Black => self.opponent(game.white),
                });
            }
        }
        MatchOutcome::Undecided
    }

    /// The side `seed` had in `game`.
    fn side_of(&self, game: &MatchGame, seed: usize) -> Side {
        if game.white == seed {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The seed who won the match, once one did.
    pub(crate) fn winner(&self) -> Option<usize> {
        match self.outcome() {
            MatchOutcome::Won(seed) => Some(seed),
            _ => None,
        }
    }

    /// The other seed of the match.
    pub(crate) fn opponent(&self, seed: usize) -> usize {
        if seed == self.high {
            self.low
        } else {
            self.high
        }
    }

    /// Who has White in the next game, unless the match is decided: the
    /// higher seed in the first, the lower in the second, then whoever
    /// `lot` draws (true: the higher seed) for each sudden-death game.
    pub(crate) fn next_white(&self, lot: impl FnOnce() -> bool) -> Option<usize> {
        if self.outcome() != MatchOutcome::Undecided {
            return None;
        }
        Some(match self.counted().count() {
            0 => self.high,
            1 => self.low,
            _ if lot() => self.high,
            _ => self.low,
        })
    }
}

/// The seeds of players by their ratings, the strongest first, ties
/// broken by userid (case-insensitive): the indexes into `players`.
pub(crate) fn seeding(players: &[(&str, f64)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| {
        let ((a_id, a_rating), (b_id, b_rating)) = (players[a], players[b]);
        b_rating
            .total_cmp(&a_rating)
            .then_with(|| a_id.to_lowercase().cmp(&b_id.to_lowercase()))
    });
    order
}

/// The lot for a sudden-death game's colours: true gives the higher
/// seed White. Drawn from `key` (the event, round, match and how many
/// of the match's games counted), so that the same game draws the same
/// lot every time it is asked, and a void game is played again with
/// the colours it had.
pub(crate) fn lot(key: [u64; 4]) -> bool {
    // SplitMix64 over the key's words: well mixed, and no state.
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let hashed = key.iter().fold(0x9e37_79b9_7f4a_7c15_u64, |acc, word| {
        mix(acc.wrapping_add(*word).wrapping_add(0x9e37_79b9_7f4a_7c15))
    });
    hashed & 1 == 1
}

/// A game of a knockout as the store keeps it: its round and match (both
/// from 1; byes are not numbered), the seeds at White and Black, and what
/// it counted once over (`None` while it runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BracketGame {
    pub(crate) round: u32,
    pub(crate) match_no: u32,
    pub(crate) white: usize,
    pub(crate) black: usize,
    pub(crate) score: Option<EventScore>,
}

/// A place in a round as it stands: a seed through on a bye, nobody,
/// or a numbered match with the games it has had and whether one runs
/// now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Bye(usize),
    Empty,
    Match {
        number: u32,
        game: Match,
        running: bool,
    },
}

impl Place {
    /// Who goes through from this place, once it is decided (`None`
    /// also when nobody does).
    pub(crate) fn winner(&self) -> Option<usize> {
        match self {
            Place::Bye(seed) => Some(*seed),
            Place::Empty => None,
            Place::Match { game, .. } => game.winner(),
        }
    }

    /// Whether it is decided: who goes through, if anyone, is known.
    pub(crate) fn decided(&self) -> bool {
        match self {
            Place::Bye(_) | Place::Empty => true,
            Place::Match { game, .. } => game.outcome() != MatchOutcome::Undecided,
        }
    }
}

/// A round of the bracket (numbered from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Round {
    pub(crate) number: u32,
    pub(crate) places: Vec<Place>,
}

/// The next game a match needs: where it belongs and who has White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NextGame {
    pub(crate) round: u32,
    pub(crate) match_no: u32,
    pub(crate) white: usize,
    pub(crate) black: usize,
}

/// A knockout as its games so far make it: every round that has begun.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bracket {
    pub(crate) players: usize,
    pub(crate) rounds: Vec<Round>,
}

impl Bracket {
    /// The bracket of `players` seeds after `games` (in the order they
    /// were begun), the seeds in `withdrawn` taken out: the first round,
    /// then each next one once every place of the one before is decided.
    pub(crate) fn new(players: usize, games: &[BracketGame], withdrawn: &[usize]) -> Bracket {
        let mut rounds = Vec::new();
        let mut slots = first_round(players);
        let mut number = 1;
        while !slots.is_empty() {
            let mut match_no = 0;
            let places: Vec<Place> = slots
                .iter()
                .map(|slot| match *slot {
                    Slot::Bye(seed) => Place::Bye(seed),
                    Slot::Empty => Place::Empty,
                    Slot::Match { high, low } => {
                        match_no += 1;
                        place_of(number, match_no, (high, low), games, withdrawn)
                    }
                })
                .collect();
            let decided = places.iter().all(Place::decided);
            let through: Vec<Option<usize>> = places.iter().map(Place::winner).collect();
            rounds.push(Round { number, places });
            if !decided {
                break;
            }
            slots = next_round(&through);
            number += 1;
        }
        Bracket { players, rounds }
    }

    /// Whether the final is decided (with a champion or, when nobody
    /// went through it, without one).
    pub(crate) fn finished(&self) -> bool {
        match self.rounds.last().map(|round| round.places.as_slice()) {
            Some([only]) => self.rounds.len() as u32 == rounds(self.players) && only.decided(),
            _ => false,
        }
    }

    /// The winner, once the final is decided and someone went through it.
    pub(crate) fn champion(&self) -> Option<usize> {
        match self.rounds.last()?.places.as_slice() {
            [only] if self.finished() => only.winner(),
            _ => None,
        }
    }

    /// The games to begin now: one for each match of the current round
    /// that is neither decided nor playing a game. `event` keys the lot
    /// of sudden-death colours.
    pub fn due(&self, event: u64) -> Vec<NextGame> {
        let Some(round) = self.rounds.last() else {
            return Vec::new();
        };
        round
            .places
            .iter()
            .filter_map(|place| match place {
                Place::Match {
                    number,
                    game,
                    running: false,
                } => {
                    let counted = game.games.iter().filter(|g| g.score.counts()).count();
                    let key = [event, round.number.into(), (*number).into(), counted as u64];
                    let white = game.next_white(|| lot(key))?;
                    Some(NextGame {
                        round: round.number,
                        match_no: *number,
                        white,
                        black: game.opponent(white),
                    })
                }
                _ => None,
            })
            .collect()
    }

    /// Final places once the final is decided, best first: 1 the
    /// champion, 2 the loser of the final, 3 (shared) those of the
    /// semi-finals, 5 those of the quarter-finals, and so on, both
    /// players of a match nobody won sharing its loser's place; ties by
    /// seed. Empty before.
    pub(crate) fn placings(&self) -> Vec<(usize, u32)> {
        if !self.finished() {
            return Vec::new();
        }
        let last = self.rounds.len() as u32;
        let mut places: Vec<(usize, u32)> =
            self.champion().map(|seed| (seed, 1)).into_iter().collect();
        for round in &self.rounds {
            let place_of_loser = (1 << (last - round.number)) + 1;
            for place in &round.places {
                let Place::Match { game, .. } = place else {
                    continue;
                };
                match game.outcome() {
                    MatchOutcome::Won(winner) => {
                        places.push((game.opponent(winner), place_of_loser))
                    }
                    MatchOutcome::BothOut => {
                        places.push((game.high, place_of_loser));
                        places.push((game.low, place_of_loser));
                    }
                    MatchOutcome::Undecided => {}
                }
            }
        }
        places.sort_by_key(|&(seed, place)| (place, seed));
        places
    }
}

/// The match `match_no` of round `number` between two seeds, from the
/// games stored for it and who of them was taken out.
fn place_of(
    number: u32,
    match_no: u32,
    (high, low): (usize, usize),
    games: &[BracketGame],
    withdrawn: &[usize],
) -> Place {
    let mut game = Match::new(high, low);
    game.withdrawn = [high, low]
        .into_iter()
        .filter(|seed| withdrawn.contains(seed))
        .collect();
    let mut running = false;
    for played in games
        .iter()
        .filter(|g| g.round == number && g.match_no == match_no)
    {
        match played.score {
            Some(score) => game.games.push(MatchGame {
                white: played.white,
                score,
            }),
            None => running = true,
        }
    }
    Place::Match {
        number: match_no,
        game,
        running,
    }
}

#[cfg(test)]
mod tests;
