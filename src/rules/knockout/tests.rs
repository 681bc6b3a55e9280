//! The knockout rules' tests: seeding, brackets, matches and their
//! tie-breaks, byes and final places.

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
        next_round(&[Some(0), Some(4), Some(1), Some(2)]),
        [
            Slot::Match { high: 0, low: 4 },
            Slot::Match { high: 1, low: 2 }
        ]
    );
    assert_eq!(
        next_round(&[Some(4), Some(1)]),
        [Slot::Match { high: 1, low: 4 }]
    );
    assert!(next_round(&[Some(1)]).is_empty());
    // Where nobody went through, the neighbour goes on a walkover.
    assert_eq!(
        next_round(&[None, Some(1), None, None]),
        [Slot::Bye(1), Slot::Empty]
    );
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

#[test]
fn seeds_go_by_rating_and_ties_by_userid() {
    let players = [
        ("cleo", 1500.0),
        ("Ben", 1600.0),
        ("anna", 1500.0),
        ("dan", 1400.0),
    ];
    assert_eq!(seeding(&players), [1, 2, 0, 3]);
    assert!(seeding(&[]).is_empty());
}

#[test]
fn the_lot_is_the_same_for_the_same_game_and_falls_both_ways() {
    let draws: Vec<bool> = (0..64).map(|game| lot([7, 1, 1, game])).collect();
    assert_eq!(
        draws,
        (0..64).map(|game| lot([7, 1, 1, game])).collect::<Vec<_>>()
    );
    assert!(draws.contains(&true) && draws.contains(&false));
}

fn game(
    round: u32,
    match_no: u32,
    white: usize,
    black: usize,
    score: Option<EventScore>,
) -> BracketGame {
    BracketGame {
        round,
        match_no,
        white,
        black,
        score,
    }
}

const WHITE_WINS: Option<EventScore> = Some(EventScore::Played(Score::WhiteWins));
const BLACK_WINS: Option<EventScore> = Some(EventScore::Played(Score::BlackWins));

#[test]
fn a_bracket_of_five_is_played_round_by_round_to_its_champion() {
    let mut games = Vec::new();
    let bracket = Bracket::new(5, &games, &[]);
    assert_eq!(bracket.rounds.len(), 1);
    assert_eq!(
        bracket.due(1),
        [NextGame {
            round: 1,
            match_no: 1,
            white: 3,
            black: 4
        }]
    );
    // A game running: nothing more is due.
    games.push(game(1, 1, 3, 4, None));
    assert!(Bracket::new(5, &games, &[]).due(1).is_empty());
    // Seed 4 wins both games of the only first-round match.
    games[0].score = BLACK_WINS;
    assert_eq!(Bracket::new(5, &games, &[]).due(1)[0].white, 4);
    games.push(game(1, 1, 4, 3, WHITE_WINS));
    let bracket = Bracket::new(5, &games, &[]);
    assert_eq!(bracket.rounds.len(), 2);
    assert_eq!(
        bracket.due(1),
        [
            NextGame {
                round: 2,
                match_no: 1,
                white: 0,
                black: 4
            },
            NextGame {
                round: 2,
                match_no: 2,
                white: 1,
                black: 2
            },
        ]
    );
    assert_eq!(bracket.champion(), None);
    for (match_no, high, low) in [(1, 0, 4), (2, 1, 2)] {
        games.push(game(2, match_no, high, low, WHITE_WINS));
        games.push(game(2, match_no, low, high, BLACK_WINS));
    }
    let bracket = Bracket::new(5, &games, &[]);
    assert_eq!(
        bracket.due(1),
        [NextGame {
            round: 3,
            match_no: 1,
            white: 0,
            black: 1
        }]
    );
    games.push(game(3, 1, 0, 1, BLACK_WINS));
    games.push(game(3, 1, 1, 0, WHITE_WINS));
    let bracket = Bracket::new(5, &games, &[]);
    assert_eq!(bracket.champion(), Some(1));
    assert!(bracket.due(1).is_empty());
    assert_eq!(bracket.placings(), [(1, 1), (0, 2), (2, 3), (4, 3), (3, 5)]);
}

#[test]
fn a_tied_match_draws_its_colours_by_lot_and_a_void_keeps_them() {
    let mut games = vec![game(1, 1, 0, 1, WHITE_WINS), game(1, 1, 1, 0, WHITE_WINS)];
    let due = Bracket::new(2, &games, &[]).due(9)[0];
    let expected = if lot([9, 1, 1, 2]) { 0 } else { 1 };
    assert_eq!(due.white, expected);
    assert_eq!(due.black, 1 - expected);
    games.push(game(1, 1, due.white, due.black, Some(EventScore::Void)));
    assert_eq!(
        Bracket::new(2, &games, &[]).due(9)[0],
        due,
        "a void is played again alike"
    );
    games.push(game(1, 1, due.white, due.black, WHITE_WINS));
    let bracket = Bracket::new(2, &games, &[]);
    assert_eq!(bracket.champion(), Some(due.white));
    assert_eq!(bracket.placings(), [(due.white, 1), (due.black, 2)]);
}

const NOBODY_MOVED: Option<EventScore> = Some(EventScore::DoubleForfeit);

#[test]
fn a_match_nobody_played_puts_both_out_and_a_final_nobody_played_has_no_champion() {
    // Four players; both first-round matches are never touched.
    let games = vec![
        game(1, 1, 0, 3, NOBODY_MOVED),
        game(1, 1, 3, 0, NOBODY_MOVED),
        game(1, 2, 1, 2, NOBODY_MOVED),
        game(1, 2, 2, 1, NOBODY_MOVED),
    ];
    let bracket = Bracket::new(4, &games, &[]);
    assert!(bracket.finished(), "{bracket:#?}");
    assert_eq!(bracket.champion(), None, "no colour or lot decides");
    assert!(bracket.due(1).is_empty());
    assert_eq!(bracket.placings(), [(0, 3), (1, 3), (2, 3), (3, 3)]);

    // Only the second match is untouched: seed 0 wins the first and goes
    // through the final on a walkover.
    let games = vec![
        game(1, 1, 0, 3, WHITE_WINS),
        game(1, 1, 3, 0, BLACK_WINS),
        game(1, 2, 1, 2, NOBODY_MOVED),
        game(1, 2, 2, 1, NOBODY_MOVED),
    ];
    let bracket = Bracket::new(4, &games, &[]);
    assert_eq!(bracket.champion(), Some(0));
    assert!(bracket.due(1).is_empty());

    // One game untouched, the other won: the winner goes through.
    let mut one = Match::new(0, 1);
    one.games.push(MatchGame {
        white: 0,
        score: EventScore::DoubleForfeit,
    });
    assert_eq!(one.outcome(), MatchOutcome::Undecided);
    one.games.push(MatchGame {
        white: 1,
        score: EventScore::Played(Score::WhiteWins),
    });
    assert_eq!(one.outcome(), MatchOutcome::Won(1));

    // A sudden-death game nobody plays ends the match for both.
    let mut tied = Match::new(0, 1);
    tied.games.push(won_by_white(0));
    tied.games.push(won_by_white(1));
    tied.games.push(MatchGame {
        white: 0,
        score: EventScore::DoubleForfeit,
    });
    assert_eq!(tied.outcome(), MatchOutcome::BothOut);
    assert_eq!(tied.next_white(|| true), None);
}

#[test]
fn a_withdrawn_seed_loses_every_match_not_decided_and_his_opponent_goes_through() {
    // Seed 0 won his first match, then was taken out with the match of
    // the final tied 1-1: seed 1 goes through, and nothing more is due.
    let mut games = vec![
        game(1, 1, 0, 3, WHITE_WINS),
        game(1, 1, 3, 0, BLACK_WINS),
        game(1, 2, 1, 2, WHITE_WINS),
        game(1, 2, 2, 1, BLACK_WINS),
        game(2, 1, 0, 1, WHITE_WINS),
        game(2, 1, 1, 0, WHITE_WINS),
    ];
    let bracket = Bracket::new(4, &games, &[0]);
    assert_eq!(bracket.champion(), Some(1));
    assert!(bracket.due(1).is_empty(), "no sudden death for him");
    // His first match stands as played.
    let Place::Match { game: first, .. } = &bracket.rounds[0].places[0] else {
        panic!("a match");
    };
    assert_eq!(first.outcome(), MatchOutcome::Won(0));
    // Taken out before his first match was decided: his opponent goes
    // through to meet the other winner.
    games.truncate(1);
    let bracket = Bracket::new(4, &games, &[0]);
    let Place::Match { game: first, .. } = &bracket.rounds[0].places[0] else {
        panic!("a match");
    };
    assert_eq!(first.outcome(), MatchOutcome::Won(3));
    assert_eq!(bracket.due(1)[0].round, 1, "the other match still plays");
    // Both of a match taken out: nobody goes through it.
    let bracket = Bracket::new(2, &[], &[0, 1]);
    assert!(bracket.finished());
    assert_eq!(bracket.champion(), None);
}
