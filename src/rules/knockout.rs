//! Knockout tournaments: the players seeded by rating (seed 0 the
//! strongest), a bracket the size of the next power of two with byes to
//! the top seeds, and each pairing a mini-match of two games with colours
//! alternating (the higher seed White first). A match tied after its two
//! games goes on with single games, each one's colours by lot, until one
//! of them is won (sudden death). A game that counts for nobody (void) is
//! played again with the same colours.

use super::score::EventScore;
use crate::games::Side;

/// Games of a match before sudden death.
pub const MATCH_GAMES: usize = 2;

/// The bracket's size for `players`: the smallest power of two that
/// holds them (1 for none or one).
pub fn bracket_size(players: usize) -> usize {
    players.max(1).next_power_of_two()
}

/// How many rounds a knockout of `players` has (0 for fewer than two).
pub fn rounds(players: usize) -> u32 {
    bracket_size(players).trailing_zeros()
}

/// The seeds in bracket order, top to bottom, so that seed 0 meets the
/// last seed and the two top seeds can meet only in the final: for 8,
/// `[0, 7, 3, 4, 1, 6, 2, 5]`.
pub fn bracket_order(size: usize) -> Vec<usize> {
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

/// A place in a round: a match of two seeds, or one seed through on a
/// bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Match { high: usize, low: usize },
    Bye(usize),
}

/// The first round of `players` seeds, top of the bracket first: the
/// seeds beyond the players are byes for those they would have met.
pub fn first_round(players: usize) -> Vec<Slot> {
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

/// The next round from the winners of the last, in bracket order: each
/// two neighbours meet, the better seed as the higher. Empty once one
/// winner is left.
pub fn next_round(winners: &[usize]) -> Vec<Slot> {
    if winners.len() < 2 {
        return Vec::new();
    }
    winners
        .chunks(2)
        .map(|pair| match pair {
            [a, b] => Slot::Match {
                high: *a.min(b),
                low: *a.max(b),
            },
            [only] => Slot::Bye(*only),
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

/// One game of a match as it ended: who had White, and what it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchGame {
    pub white: usize,
    pub score: EventScore,
}

/// A mini-match between two seeds and the games it has had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub high: usize,
    pub low: usize,
    pub games: Vec<MatchGame>,
}

impl Match {
    pub fn new(high: usize, low: usize) -> Match {
        Match {
            high,
            low,
            games: Vec::new(),
        }
    }

    /// The games that count (a void is played again).
    fn counted(&self) -> impl Iterator<Item = &MatchGame> {
        self.games.iter().filter(|game| game.score.counts())
    }

    /// Half-points of `seed` in the match.
    pub fn half_points(&self, seed: usize) -> u32 {
        self.counted()
            .map(|game| {
                let side = if game.white == seed {
                    Side::White
                } else {
                    Side::Black
                };
                game.score.half_points(side)
            })
            .sum()
    }

    /// Whether the match went past its two games, tied after them.
    pub fn in_sudden_death(&self) -> bool {
        let played = self.counted().count();
        played > MATCH_GAMES
            || played == MATCH_GAMES && self.half_points(self.high) == self.half_points(self.low)
    }

    /// The seed who won the match: ahead after the two games, or the
    /// winner of the first decisive game after them.
    pub fn winner(&self) -> Option<usize> {
        let counted: Vec<&MatchGame> = self.counted().collect();
        if counted.len() < MATCH_GAMES {
            return None;
        }
        let (high, low) = (self.half_points(self.high), self.half_points(self.low));
        if counted.len() == MATCH_GAMES && high != low {
            return Some(if high > low { self.high } else { self.low });
        }
        counted[MATCH_GAMES..].iter().find_map(|game| {
            game.score.winner().map(|side| match side {
                Side::White => game.white,
                Side::Black => self.opponent(game.white),
            })
        })
    }

    fn opponent(&self, seed: usize) -> usize {
        if seed == self.high {
            self.low
        } else {
            self.high
        }
    }

    /// Who has White in the next game, unless the match is decided: the
    /// higher seed in the first, the lower in the second, then whoever
    /// `lot` draws (true: the higher seed) for each sudden-death game.
    pub fn next_white(&self, lot: impl FnOnce() -> bool) -> Option<usize> {
        if self.winner().is_some() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::score::Score;

    fn won_by_white(white: usize) -> MatchGame {
        MatchGame {
            white,
            score: EventScore::Played(Score::WhiteWins),
        }
    }

    fn drawn(white: usize) -> MatchGame {
        MatchGame {
            white,
            score: EventScore::Played(Score::Draw),
        }
    }

    #[test]
    fn the_bracket_keeps_the_top_seeds_apart_until_the_final() {
        assert_eq!(bracket_order(1), [0]);
        assert_eq!(bracket_order(2), [0, 1]);
        assert_eq!(bracket_order(4), [0, 3, 1, 2]);
        assert_eq!(bracket_order(8), [0, 7, 3, 4, 1, 6, 2, 5]);
        // Every first-round pair sums to size - 1: 1 meets 8, 2 meets 7.
        for size in [2, 4, 8, 16, 32] {
            let order = bracket_order(size);
            assert!(order.chunks(2).all(|pair| pair[0] + pair[1] == size - 1));
            let mut sorted = order.clone();
            sorted.sort();
            assert_eq!(sorted, (0..size).collect::<Vec<_>>());
            // The top two are in different halves.
            let half = size / 2;
            assert!(order[..half].contains(&0) && order[half..].contains(&1));
        }
    }

    #[test]
    fn five_players_give_byes_to_the_top_three_seeds() {
        assert_eq!(rounds(5), 3);
        assert_eq!(
            first_round(5),
            [
                Slot::Bye(0),
                Slot::Match { high: 3, low: 4 },
                Slot::Bye(1),
                Slot::Bye(2),
            ]
        );
        // Seed 4 beats seed 3; then 0 meets him and 1 meets 2.
        assert_eq!(
            next_round(&[0, 4, 1, 2]),
            [
                Slot::Match { high: 0, low: 4 },
                Slot::Match { high: 1, low: 2 }
            ]
        );
        assert_eq!(next_round(&[4, 1]), [Slot::Match { high: 1, low: 4 }]);
        assert!(next_round(&[1]).is_empty());
        assert!(first_round(1).is_empty());
        assert_eq!(first_round(2), [Slot::Match { high: 0, low: 1 }]);
    }

    #[test]
    fn a_match_alternates_colours_and_is_won_on_points_after_two_games() {
        let mut game = Match::new(0, 3);
        assert_eq!(game.next_white(|| unreachable!()), Some(0));
        game.games.push(won_by_white(0));
        assert_eq!(game.winner(), None);
        assert_eq!(game.next_white(|| unreachable!()), Some(3));
        game.games.push(drawn(3));
        assert_eq!(game.half_points(0), 3);
        assert_eq!(game.half_points(3), 1);
        assert_eq!(game.winner(), Some(0));
        assert_eq!(game.next_white(|| true), None);
        assert!(!game.in_sudden_death());
    }

    #[test]
    fn a_tied_match_goes_to_sudden_death_with_colours_by_lot() {
        let mut game = Match::new(1, 2);
        game.games.push(won_by_white(1));
        game.games.push(won_by_white(2));
        assert_eq!(game.winner(), None);
        assert!(game.in_sudden_death());
        assert_eq!(game.next_white(|| false), Some(2));
        assert_eq!(game.next_white(|| true), Some(1));
        // A drawn sudden-death game decides nothing.
        game.games.push(drawn(2));
        assert_eq!(game.winner(), None);
        // Seed 2 has White by lot and loses: seed 1 wins the match.
        game.games.push(MatchGame {
            white: 2,
            score: EventScore::Played(Score::BlackWins),
        });
        assert_eq!(game.winner(), Some(1));
        assert_eq!(game.next_white(|| true), None);
    }

    #[test]
    fn a_void_game_is_played_again_and_a_forfeit_counts_as_a_loss() {
        let mut game = Match::new(0, 1);
        game.games.push(MatchGame {
            white: 0,
            score: EventScore::Void,
        });
        assert_eq!(game.next_white(|| unreachable!()), Some(0), "again");
        game.games.push(MatchGame {
            white: 0,
            score: EventScore::Forfeit { loser: Side::Black },
        });
        game.games.push(MatchGame {
            white: 1,
            score: EventScore::Forfeit { loser: Side::White },
        });
        assert_eq!(game.half_points(0), 4);
        assert_eq!(game.winner(), Some(0));
    }
}
