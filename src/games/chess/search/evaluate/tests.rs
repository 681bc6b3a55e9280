//! The evaluation's tests: material, development, pawn structure and
//! king safety each move the score the way a player would expect.

use super::*;
use crate::games::chess::fen;
use crate::games::chess::position::Rules;

fn score(text: &str, side: Color) -> i32 {
    evaluate(&fen::parse(text, Rules::STANDARD).unwrap(), side)
}

#[test]
fn the_start_is_even_and_a_queen_up_is_far_ahead() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(score(start, Color::White), 0);
    let queen_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(score(queen_up, Color::White) > 800);
    assert_eq!(
        score(queen_up, Color::White),
        -score(queen_up, Color::Black)
    );
}

#[test]
fn developed_knights_and_advanced_pawns_score_better() {
    let home = "4k3/8/8/8/8/8/4P3/1N2K3 w - - 0 1";
    let out = "4k3/8/8/4P3/8/2N5/8/4K3 w - - 0 1";
    assert!(score(out, Color::White) > score(home, Color::White));
}

#[test]
fn a_passed_pawn_beats_a_blocked_one_and_doubled_pawns_cost() {
    let passed = "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1";
    let faced = "4k3/3p4/8/3P4/8/8/8/4K3 w - - 0 1";
    let alone = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    // The same pawn is worth more with nothing in its way (against a
    // pawn of Black's that costs White its own worth too).
    assert!(score(passed, Color::White) > score(faced, Color::White) + 100);
    assert!(score(passed, Color::White) > score(alone, Color::White));
    let doubled = "4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1";
    let apart = "4k3/8/8/8/8/8/2PP4/4K3 w - - 0 1";
    assert!(score(apart, Color::White) > score(doubled, Color::White));
}

#[test]
fn a_king_behind_its_pawns_is_safer_than_one_in_the_open() {
    let castled = "r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1";
    let walked = "r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPPKPPP/R1BQ3R w - - 0 1";
    assert!(score(castled, Color::White) > score(walked, Color::White));
}

#[test]
fn far_ahead_in_an_ending_the_bare_king_belongs_on_the_edge() {
    let edge = "k7/8/8/8/8/8/8/4K2R w - - 0 1";
    let centre = "8/8/8/3k4/8/8/8/4K2R w - - 0 1";
    assert!(score(edge, Color::White) > score(centre, Color::White));
}
