//! The published order of the boards (C.04.2): the higher score on a
//! board first, then the higher sum of scores, then the better pairing
//! number of the board's higher player.

use std::cmp::Reverse;

use super::facts::History;

/// Sorts the boards, given as (White, Black) indices into the history.
pub(super) fn order(history: &History, boards: &mut [(usize, usize)]) {
    boards.sort_by_key(|&(white, black)| {
        let (a, b) = (history.player(white), history.player(black));
        let higher = if (Reverse(a.score), a.rank) <= (Reverse(b.score), b.rank) {
            a
        } else {
            b
        };
        let lower_score = a.score.min(b.score);
        (Reverse(higher.score), Reverse(lower_score), higher.rank)
    });
}
