//! Round-robin tournaments: the pairings of every round by Berger tables,
//! so each player's colours alternate as far as they can (their standings
//! are `rules::standings`).

/// One game of a round: seat numbers (0-based, in the order the players
/// joined), White first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pairing {
    pub(crate) round: u32,
    pub(crate) white: usize,
    pub(crate) black: usize,
}

/// Every game of a round robin of `players`, round by round; with an odd
/// number one player sits out each round (his "bye"). `double` plays
/// every pairing twice, colours reversed in the second cycle.
pub(crate) fn pairings(players: usize, double: bool) -> Vec<Pairing> {
    if players < 2 {
        return Vec::new();
    }
    // With an odd number, a phantom seat: whoever meets it has the bye.
    let seats = players + players % 2;
    let circle = seats - 1;
    let fixed = seats - 1;
    let mut games = Vec::new();
    // Berger's head of each round moves on by half the seats.
    let mut head = 0;
    for round in 0..circle {
        let number = round as u32 + 1;
        let pair = |white: usize, black: usize| Pairing {
            round: number,
            white,
            black,
        };
        games.push(if round % 2 == 0 {
            pair(head, fixed)
        } else {
            pair(fixed, head)
        });
        for step in 1..seats / 2 {
            games.push(pair(
                (head + step) % circle,
                (head + circle - step) % circle,
            ));
        }
        head = (head + seats / 2) % circle;
    }
    games.retain(|game| game.white < players && game.black < players);
    if double {
        let rounds = circle as u32;
        let second: Vec<Pairing> = games
            .iter()
            .map(|game| Pairing {
                round: game.round + rounds,
                white: game.black,
                black: game.white,
            })
            .collect();
        games.extend(second);
    }
    games
}

/// The round each seat sits out (its bye) when the number of players is
/// odd: in every round the one seat no pairing names. Empty for an even
/// number.
pub(crate) fn byes(players: usize, double: bool) -> Vec<(u32, usize)> {
    let games = pairings(players, double);
    let rounds = games.iter().map(|game| game.round).max().unwrap_or(0);
    (1..=rounds)
        .filter_map(|round| {
            (0..players)
                .find(|seat| {
                    !games.iter().any(|game| {
                        game.round == round && (game.white == *seat || game.black == *seat)
                    })
                })
                .map(|seat| (round, seat))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colours(games: &[Pairing], seat: usize) -> String {
        let mut games: Vec<&Pairing> = games
            .iter()
            .filter(|g| g.white == seat || g.black == seat)
            .collect();
        games.sort_by_key(|g| g.round);
        games
            .iter()
            .map(|g| if g.white == seat { 'W' } else { 'B' })
            .collect()
    }

    #[test]
    fn berger_tables_for_six_match_the_published_first_rounds() {
        let games = pairings(6, false);
        let round = |n: u32| -> Vec<(usize, usize)> {
            games
                .iter()
                .filter(|g| g.round == n)
                .map(|g| (g.white + 1, g.black + 1))
                .collect()
        };
        // Round 1: 1-6, 2-5, 3-4; round 2: 6-4, 5-3, 1-2.
        assert_eq!(round(1), [(1, 6), (2, 5), (3, 4)]);
        assert_eq!(round(2), [(6, 4), (5, 3), (1, 2)]);
        assert_eq!(round(5), [(3, 6), (4, 2), (5, 1)]);
    }

    #[test]
    fn everyone_meets_everyone_once_with_colours_balanced() {
        for players in 2..=12 {
            let games = pairings(players, false);
            assert_eq!(games.len(), players * (players - 1) / 2, "{players}");
            for a in 0..players {
                for b in a + 1..players {
                    let meetings = games
                        .iter()
                        .filter(|g| (g.white, g.black) == (a, b) || (g.white, g.black) == (b, a))
                        .count();
                    assert_eq!(meetings, 1, "{players}: {a} and {b}");
                }
                let sequence = colours(&games, a);
                let whites = sequence.matches('W').count() as i64;
                let blacks = sequence.matches('B').count() as i64;
                assert!((whites - blacks).abs() <= 1, "{players}: {a} {sequence}");
            }
        }
    }

    #[test]
    fn the_byes_name_each_seat_once_per_cycle_and_none_for_an_even_number() {
        let byes = byes(5, false);
        assert_eq!(byes.len(), 5);
        let mut seats: Vec<usize> = byes.iter().map(|(_, seat)| *seat).collect();
        seats.sort();
        assert_eq!(seats, [0, 1, 2, 3, 4]);
        for (round, seat) in &byes {
            assert!(!pairings(5, false)
                .iter()
                .any(|g| g.round == *round && (g.white == *seat || g.black == *seat)));
        }
        assert_eq!(super::byes(5, true).len(), 10);
        assert!(super::byes(6, false).is_empty());
    }

    #[test]
    fn with_an_odd_number_each_player_sits_out_one_round() {
        let games = pairings(5, false);
        let rounds = 5;
        for seat in 0..5 {
            let playing: Vec<u32> = games
                .iter()
                .filter(|g| g.white == seat || g.black == seat)
                .map(|g| g.round)
                .collect();
            assert_eq!(playing.len(), 4);
            assert_eq!((1..=rounds).filter(|r| !playing.contains(r)).count(), 1);
        }
    }

    #[test]
    fn a_double_round_robin_plays_each_pairing_again_with_colours_reversed() {
        let games = pairings(4, true);
        assert_eq!(games.len(), 12);
        let first = games.iter().find(|g| g.round == 1).unwrap();
        let again = games
            .iter()
            .find(|g| g.round == 4 && g.white == first.black)
            .unwrap();
        assert_eq!(again.black, first.white);
    }
}
