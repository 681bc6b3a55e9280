//! A static estimate of a Spherical Chess 324 position for robots'
//! searches: pieces by their directions, queens above all (the last one
//! is the game), promotions in progress by the share already paid, and
//! the actions left in the pendulum turn.

use super::piece::Diagonals;
use super::position::{promotion_cost, Position};
use super::square::{Square, SQUARES};
use crate::games::Side;

/// A mobile piece by its number of directions (4 to 8).
fn value(directions: u32) -> i32 {
    match directions {
        4 => 300,
        5 => 380,
        6 => 470,
        7 => 560,
        _ => 900,
    }
}

/// A side with few queens left is in danger of losing them all.
fn queens_value(queens: u8) -> i32 {
    match queens {
        0 => 0,
        1 => -1500,
        2 => -400,
        _ => 0,
    }
}

/// The position from `side`'s view.
pub fn evaluate(position: &Position, side: Side) -> i32 {
    let mut score = [0i32; 2];
    for index in 0..SQUARES {
        let square = Square(index as u16);
        let cell = position.cell(square);
        let Some(owner) = cell.side() else {
            continue;
        };
        let now = value(cell.diagonals().directions());
        let mut worth = now;
        if let Some(progress) = position.progress(square) {
            let adds = Diagonals(progress.target.0 & !cell.diagonals().0);
            if let Some(cost) = promotion_cost(adds) {
                let target = value(progress.target.directions());
                worth += (target - now) * i32::from(progress.steps) / i32::from(cost);
            }
        }
        score[owner.index()] += worth;
    }
    for owner in Side::BOTH {
        score[owner.index()] += queens_value(position.queens(owner));
    }
    // Actions still owed in the turn are worth having.
    let tempo = match position.to_move() {
        Some(mover) if mover == side => 40 * i32::from(position.moves_left()),
        Some(_) => -40 * i32::from(position.moves_left()),
        None => 0,
    };
    score[side.index()] - score[side.opponent().index()] + tempo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_but_for_whites_single_first_move() {
        let start = Position::start();
        assert_eq!(
            evaluate(&start, Side::White),
            -evaluate(&start, Side::Black)
        );
        assert_eq!(evaluate(&start, Side::White), 40);
    }
}
