//! The published perft counts of chess (the start position, Kiwipete and
//! the other standard test positions). Depth 4 and below run by default; the
//! deeper ones are `#[ignore]`d and run in release mode by `.ci/run`.

use pbem::games::GameKind;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

fn assert_perft(fen: &str, counts: &[u64], depths: std::ops::RangeInclusive<u32>) {
    let game = GameKind::Chess.from_position(&[], fen).unwrap();
    for depth in depths {
        assert_eq!(
            game.perft(depth),
            counts[depth as usize - 1],
            "perft({depth}) of {fen}"
        );
    }
}

const START_COUNTS: [u64; 6] = [20, 400, 8902, 197281, 4865609, 119060324];
const KIWIPETE_COUNTS: [u64; 5] = [48, 2039, 97862, 4085603, 193690690];
const POSITION_3_COUNTS: [u64; 6] = [14, 191, 2812, 43238, 674624, 11030083];
const POSITION_4_COUNTS: [u64; 5] = [6, 264, 9467, 422333, 15833292];
const POSITION_5_COUNTS: [u64; 5] = [44, 1486, 62379, 2103487, 89941194];

#[test]
fn start_position_perft_to_depth_4() {
    assert_perft(START, &START_COUNTS, 1..=4);
}

#[test]
fn kiwipete_perft_to_depth_4() {
    assert_perft(KIWIPETE, &KIWIPETE_COUNTS, 1..=4);
}

#[test]
fn position_3_perft_to_depth_4() {
    assert_perft(POSITION_3, &POSITION_3_COUNTS, 1..=4);
}

#[test]
fn position_4_perft_to_depth_4() {
    assert_perft(POSITION_4, &POSITION_4_COUNTS, 1..=4);
}

#[test]
fn position_5_perft_to_depth_4() {
    assert_perft(POSITION_5, &POSITION_5_COUNTS, 1..=4);
}

#[test]
fn new_game_perft_equals_the_start_fen() {
    let game = GameKind::Chess.new_game(&[]).unwrap();
    assert_eq!(game.perft(3), 8902);
    let divided: u64 = game.divide(3).iter().map(|(_, n)| n).sum();
    assert_eq!(divided, 8902);
    assert_eq!(game.divide(3).len(), 20);
}

#[test]
#[ignore = "deep: run in release mode (.ci/run does)"]
fn deep_perft_counts() {
    assert_perft(START, &START_COUNTS, 5..=6);
    assert_perft(KIWIPETE, &KIWIPETE_COUNTS, 5..=5);
    assert_perft(POSITION_3, &POSITION_3_COUNTS, 5..=6);
    assert_perft(POSITION_4, &POSITION_4_COUNTS, 5..=5);
    assert_perft(POSITION_5, &POSITION_5_COUNTS, 5..=5);
}
