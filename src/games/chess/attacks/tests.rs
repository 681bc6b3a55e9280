//! The compiled-in tables against a brute-force walk over files and ranks,
//! written apart from the build script's generator so that the two check
//! each other.

use super::*;

/// The squares reached from (file, rank) by each (df, dr) step, repeated
/// while `slides` and the square passed is empty.
fn walk(sq: Square, occupied: u64, steps: &[(i32, i32)], slides: bool) -> u64 {
    let mut reached = 0u64;
    for &(df, dr) in steps {
        let (mut file, mut rank) = (sq.file() as i32, sq.rank() as i32);
        loop {
            file += df;
            rank += dr;
            if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                break;
            }
            let bit = 1u64 << (rank * 8 + file);
            reached |= bit;
            if !slides || occupied & bit != 0 {
                break;
            }
        }
    }
    reached
}

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Every subset of `mask`: the occupancies a slider's entry can depend on.
fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(current)
    })
}

/// What a slider on `sq` sees of the board, edges excluded: the squares
/// whose occupancy can change its attacks.
fn inner_rays(sq: Square, steps: &[(i32, i32)]) -> u64 {
    let edges_of = |s: u64| {
        let mut inner = 0;
        for index in 0..64 {
            let bit = 1u64 << index;
            if s & bit == 0 {
                continue;
            }
            let (file, rank) = (index % 8, index / 8);
            let (sf, sr) = (sq.file() as i32, sq.rank() as i32);
            let on_edge_away = (file == 0 && sf != 0)
                || (file == 7 && sf != 7)
                || (rank == 0 && sr != 0)
                || (rank == 7 && sr != 7);
            if !on_edge_away {
                inner |= bit;
            }
        }
        inner
    };
    steps
        .iter()
        .map(|step| edges_of(walk(sq, 0, std::slice::from_ref(step), true)))
        .fold(0, |a, b| a | b)
}

#[test]
fn slider_tables_match_a_brute_force_walk_for_every_relevant_occupancy() {
    for sq in Square::all() {
        for occupied in subsets(inner_rays(sq, &ORTHOGONAL)) {
            assert_eq!(
                rook(sq, Bitboard(occupied)).0,
                walk(sq, occupied, &ORTHOGONAL, true)
            );
        }
        for occupied in subsets(inner_rays(sq, &DIAGONAL)) {
            assert_eq!(
                bishop(sq, Bitboard(occupied)).0,
                walk(sq, occupied, &DIAGONAL, true)
            );
        }
    }
}

#[test]
fn slider_tables_match_a_brute_force_walk_on_random_boards() {
    // xorshift64: any fixed sequence of dense and sparse boards will do.
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..3000 {
        let occupied = if round % 2 == 0 {
            next() & next()
        } else {
            next()
        };
        for sq in Square::all() {
            let board = Bitboard(occupied);
            assert_eq!(rook(sq, board).0, walk(sq, occupied, &ORTHOGONAL, true));
            assert_eq!(bishop(sq, board).0, walk(sq, occupied, &DIAGONAL, true));
            assert_eq!(
                queen(sq, board).0,
                walk(sq, occupied, &ORTHOGONAL, true) | walk(sq, occupied, &DIAGONAL, true)
            );
        }
    }
}

#[test]
fn leaper_tables_match_a_brute_force_walk_on_every_square() {
    let knight_steps = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let king_steps = [ORTHOGONAL, DIAGONAL].concat();
    for sq in Square::all() {
        assert_eq!(knight(sq).0, walk(sq, 0, &knight_steps, false));
        assert_eq!(king(sq).0, walk(sq, 0, &king_steps, false));
        assert_eq!(
            pawn(Color::White, sq).0,
            walk(sq, 0, &[(-1, 1), (1, 1)], false)
        );
        assert_eq!(
            pawn(Color::Black, sq).0,
            walk(sq, 0, &[(-1, -1), (1, -1)], false)
        );
    }
}

#[test]
fn between_and_line_match_a_brute_force_walk_for_every_pair() {
    let all_steps = [ORTHOGONAL, DIAGONAL].concat();
    for a in Square::all() {
        for b in Square::all() {
            let mut expected_between = 0;
            let mut expected_line = 0;
            for &step in &all_steps {
                let ray = walk(a, b.bb().0, &[step], true);
                if a != b && ray & b.bb().0 != 0 {
                    expected_between = ray & !b.bb().0;
                    let back = (-step.0, -step.1);
                    expected_line = walk(a, 0, &[step, back], true) | a.bb().0;
                }
            }
            assert_eq!(between(a, b).0, expected_between, "between {a} {b}");
            assert_eq!(line(a, b).0, expected_line, "line {a} {b}");
        }
    }
}

#[test]
fn between_and_line_cover_aligned_squares_only() {
    let sq = |name| Square::parse(name).unwrap();
    assert_eq!(between(sq("a1"), sq("d4")), sq("b2").bb() | sq("c3").bb());
    assert!(between(sq("a1"), sq("b3")).is_empty());
    assert!(line(sq("a1"), sq("b3")).is_empty());
    assert_eq!(line(sq("e1"), sq("e4")), Bitboard::file(4));
}
