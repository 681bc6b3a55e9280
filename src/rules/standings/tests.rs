//! The standings' tests: points first, then each tie-break in its order.

use super::*;
use crate::rules::score::{EventScore, Score};

const ROUND_ROBIN: [TieBreak; 2] = [TieBreak::SonnebornBerger, TieBreak::DirectEncounter];

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

fn table(players: usize, games: &[Played], order: &[TieBreak]) -> Vec<Standing> {
    let results = Results {
        players,
        games,
        bye_points: &[],
        unplayed_rounds: &[],
    };
    standings(&results, order)
}

#[test]
fn standings_rank_by_points_then_sonneborn_berger_then_the_tied_players_game() {
    use Score::*;
    // Six players; seats 0 and 1 both score 3 of 5 with equal
    // Sonneborn-Berger (28 quarter points), and 0 beat 1. Seats 4 and 5
    // both score 2, and 5's wins came against stronger players.
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
    let lines = table(6, &games, &ROUND_ROBIN);
    let order: Vec<usize> = lines.iter().map(|line| line.seat).collect();
    assert_eq!(order, [2, 0, 1, 5, 4, 3]);
    let points: Vec<u32> = lines.iter().map(|line| line.half_points).collect();
    assert_eq!(points, [7, 6, 6, 4, 4, 3]);
    let sb: Vec<u32> = lines.iter().map(|line| line.tiebreaks[0]).collect();
    assert_eq!(sb, [31, 28, 28, 18, 14, 19]);
    // The game between the two level seats: 0 won it (a point: four
    // quarters).
    assert_eq!((lines[1].tiebreaks[1], lines[2].tiebreaks[1]), (4, 0));
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
    let ranks: Vec<(usize, usize)> = table(4, &games, &ROUND_ROBIN)
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
    let lines = table(3, &[forfeit, void], &ROUND_ROBIN);
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
    let lines = table(2, &games, &ROUND_ROBIN);
    assert!(lines
        .iter()
        .all(|line| line.half_points == 0 && line.games_played == 0));
}

#[test]
fn buchholz_adds_the_opponents_points_and_cut_one_drops_the_smallest() {
    use Score::*;
    // Three rounds of a Swiss of five: seat 4 had the bye in round 3
    // (a point, and a round counted as an opponent with his own points).
    let games = played(&[
        (0, 1, WhiteWins),
        (2, 3, Draw),
        (1, 4, BlackWins),
        (3, 0, BlackWins),
        (0, 2, Draw),
        (4, 3, WhiteWins),
        (1, 2, BlackWins),
    ]);
    // Points: 0: 2.5, 1: 0, 2: 2, 3: 0.5, 4: 3 (2 won, 1 bye).
    let results = Results {
        players: 5,
        games: &games,
        bye_points: &[(4, 2)],
        unplayed_rounds: &[0, 0, 0, 0, 1],
    };
    let order = [TieBreak::Buchholz, TieBreak::BuchholzCut1, TieBreak::Wins];
    let lines = standings(&results, &order);
    let line = |seat: usize| lines.iter().find(|line| line.seat == seat).unwrap();
    assert_eq!(line(4).half_points, 6);
    // Seat 0 met 1 (0), 3 (½) and 2 (2): Buchholz 2½, cut 1 drops the 0.
    assert_eq!(line(0).tiebreaks, [10, 10, 2]);
    // Seat 4 met 1 (0) and 3 (½), and his bye counts his own 3 points.
    assert_eq!(line(4).tiebreaks, [14, 14, 2]);
    // Seat 1 met 0 (2½), 4 (3) and 2 (2): the cut drops the 2.
    assert_eq!(line(1).tiebreaks, [30, 22, 0]);
    assert_eq!(lines[0].seat, 4);
}

#[test]
fn most_wins_ranks_a_win_and_a_loss_above_two_draws() {
    use Score::*;
    // 0 and 1 each have a point: 0 by two draws, 1 by a win and a loss;
    // 3 leads with a point and a half.
    let games = played(&[
        (0, 2, Draw),
        (0, 3, Draw),
        (1, 2, WhiteWins),
        (3, 1, WhiteWins),
    ]);
    let lines = table(4, &games, &[TieBreak::Wins]);
    let seats: Vec<usize> = lines.iter().map(|line| line.seat).collect();
    assert_eq!(seats, [3, 1, 0, 2]);
    assert_eq!((lines[1].tiebreaks[0], lines[2].tiebreaks[0]), (1, 0));
}

#[test]
fn tiebreak_lists_read_back_and_refuse_unknown_or_repeated_words() {
    let order = read_tiebreaks("cut1,SB,direct").unwrap();
    assert_eq!(
        order,
        [
            TieBreak::BuchholzCut1,
            TieBreak::SonnebornBerger,
            TieBreak::DirectEncounter
        ]
    );
    assert_eq!(read_tiebreaks(&tiebreaks_text(&order)).unwrap(), order);
    assert_eq!(read_tiebreaks("sb,elo"), Err("elo".to_string()));
    assert_eq!(read_tiebreaks("sb,sb"), Err("sb".to_string()));
    for tiebreak in TieBreak::ALL {
        assert_eq!(TieBreak::from_name(tiebreak.name()), Some(tiebreak));
    }
}
