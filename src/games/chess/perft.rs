//! perft: the number of legal move sequences of a given length, the
//! standard check that a move generator is right.

use super::position::Position;

pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut total = 0;
            pos.generate(&mut |mv| {
                let mut next = *pos;
                next.play(mv);
                total += perft(&next, depth - 1);
            });
            total
        }
    }
}
