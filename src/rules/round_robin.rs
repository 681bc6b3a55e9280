//! Round-robin tournaments: the pairings of every round by Berger tables
//! (so each player's colours alternate as far as they can), and the
//! standings from the results: points, then Sonneborn-Berger, then the
//! games between the players still tied.

use super::score::EventScore;
use crate::games::Side;

/// One game of a round: seat numbers (0-based, in the order the players
/// joined), White first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub round: u32,
    pub white: usize,
    pub black: usize,
}

/// Every game of a round robin of `players`, round by round; with an odd
/// number one player sits out each round (his "bye"). `double` plays
/// every pairing twice, colours reversed in the second cycle.
pub fn pairings(players: usize, double: bool) -> Vec<Pairing> {
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
pub fn byes(players: usize, double: bool) -> Vec<(u32, usize)> {
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

/// A game of the tournament with its result, when it has one: played,
/// or aborted and counted by the tournament's rule (a forfeit counts as
/// a win and a loss, a void for nobody).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub white: usize,
    pub black: usize,
    pub score: Option<EventScore>,
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub seat: usize,
    /// Shared by players still tied after every tie-break.
    pub rank: usize,
    pub half_points: u32,
    /// Sonneborn-Berger, in quarter points (half-points times
    /// half-points), so that it stays exact.
    pub sonneborn_berger: u32,
    /// Half-points in the games among the players tied with him on points
    /// and Sonneborn-Berger.
    pub among_tied: u32,
    pub games_played: u32,
}

/// The standings of `players` seats after the `games` played so far.
pub fn standings(players: usize, games: &[Played]) -> Vec<Standing> {
    let mut points = vec![0u32; players];
    let mut played = vec![0u32; players];
    let finished = || {
        games
            .iter()
            .filter_map(|game| game.score.map(|score| (game, score)))
            .filter(|(_, score)| score.counts())
    };
    for (game, score) in finished() {
        points[game.white] += score.half_points(Side::White);
        points[game.black] += score.half_points(Side::Black);
        played[game.white] += 1;
        played[game.black] += 1;
    }
    let mut sonneborn_berger = vec![0u32; players];
    for (game, score) in finished() {
        sonneborn_berger[game.white] += score.half_points(Side::White) * points[game.black];
        sonneborn_berger[game.black] += score.half_points(Side::Black) * points[game.white];
    }
    let key = |seat: usize| (points[seat], sonneborn_berger[seat]);
    let mut among_tied = vec![0u32; players];
    for (game, score) in finished() {
        if key(game.white) == key(game.black) {
            among_tied[game.white] += score.half_points(Side::White);
            among_tied[game.black] += score.half_points(Side::Black);
        }
    }
    let mut order: Vec<usize> = (0..players).collect();
    let full = |seat: usize| (points[seat], sonneborn_berger[seat], among_tied[seat]);
    order.sort_by(|a, b| full(*b).cmp(&full(*a)).then(a.cmp(b)));
    let mut lines: Vec<Standing> = Vec::with_capacity(players);
    for (index, seat) in order.iter().copied().enumerate() {
        let rank = match lines.last() {
            Some(last) if full(last.seat) == full(seat) => last.rank,
            _ => index + 1,
        };
        lines.push(Standing {
            seat,
            rank,
            half_points: points[seat],
            sonneborn_berger: sonneborn_berger[seat],
            among_tied: among_tied[seat],
            games_played: played[seat],
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::score::Score;

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

    fn played(games: &[(usize, usize, Score)]) -> Vec<Played> {
        games
            .iter()
            .map(|&(white, black, score)| Played {
                white,
                black,
                score: Some(EventScore::Played(score)),
            })
            .collect()
    }

    #[test]
    fn standings_rank_by_points_then_sonneborn_berger_then_the_tied_players_game() {
        use Score::*;
        // Six players; seats 0 and 1 both score 3 of 5 with equal
        // Sonneborn-Berger (28 quarter points), and 0 beat 1. Seats 4 and
        // 5 both score 2, and 5's wins came against stronger players.
        let games = played(&[
            (0, 1, WhiteWins),
            (2, 0, WhiteWins),
            (3, 0, WhiteWins),
            (0, 4, WhiteWins),
            (0, 5, WhiteWins),
            (1, 2, WhiteWins),
            (1, 3, WhiteWins),
            (1, 4, WhiteWins),
            (5, 1, WhiteWins),
            (2, 3, Draw),
            (2, 4, WhiteWins),
            (2, 5, WhiteWins),
            (4, 3, WhiteWins),
            (5, 3, WhiteWins),
            (4, 5, WhiteWins),
        ]);
        let lines = standings(6, &games);
        let order: Vec<usize> = lines.iter().map(|line| line.seat).collect();
        assert_eq!(order, [2, 0, 1, 5, 4, 3]);
        let points: Vec<u32> = lines.iter().map(|line| line.half_points).collect();
        assert_eq!(points, [7, 6, 6, 4, 4, 3]);
        let sb: Vec<u32> = lines.iter().map(|line| line.sonneborn_berger).collect();
        assert_eq!(sb, [31, 28, 28, 18, 14, 19]);
        assert_eq!((lines[1].among_tied, lines[2].among_tied), (2, 0));
        let ranks: Vec<usize> = lines.iter().map(|line| line.rank).collect();
        assert_eq!(ranks, [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn players_tied_after_every_tie_break_share_their_rank() {
        use Score::*;
        // A cycle: 0 beat 1, 1 beat 2, 2 beat 0, and all beat 3.
        let games = played(&[
            (0, 1, WhiteWins),
            (1, 2, WhiteWins),
            (2, 0, WhiteWins),
            (0, 3, WhiteWins),
            (1, 3, WhiteWins),
            (2, 3, WhiteWins),
        ]);
        let ranks: Vec<(usize, usize)> = standings(4, &games)
            .iter()
            .map(|line| (line.seat, line.rank))
            .collect();
        assert_eq!(ranks, [(0, 1), (1, 1), (2, 1), (3, 4)]);
    }

    #[test]
    fn a_forfeit_counts_as_a_win_and_a_loss_and_a_void_for_nobody() {
        let forfeit = Played {
            white: 0,
            black: 1,
            score: Some(EventScore::Forfeit { loser: Side::White }),
        };
        let void = Played {
            white: 1,
            black: 2,
            score: Some(EventScore::Void),
        };
        let lines = standings(3, &[forfeit, void]);
        let by_seat = |seat: usize| lines.iter().find(|line| line.seat == seat).unwrap();
        assert_eq!((by_seat(1).half_points, by_seat(1).games_played), (2, 1));
        assert_eq!((by_seat(0).half_points, by_seat(0).games_played), (0, 1));
        assert_eq!((by_seat(2).half_points, by_seat(2).games_played), (0, 0));
        assert_eq!(lines[0].seat, 1);
    }

    #[test]
    fn unfinished_games_count_for_nothing_yet() {
        let games = [Played {
            white: 0,
            black: 1,
            score: None,
        }];
        let lines = standings(2, &games);
        assert!(lines
            .iter()
            .all(|line| line.half_points == 0 && line.games_played == 0));
    }
}
