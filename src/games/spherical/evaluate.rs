//! A static estimate of a Spherical Chess 324 position for robots'
//! searches: pieces by their directions, queens above all (the last one
//! is the game), promotions in progress by the share already paid, and
//! the actions left in the pendulum turn.

use super::piece::Diagonals;
use super::position::{promotion_cost, Move, Position};
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

/// The pieces of `attacker`'s opponent that `attacker` can take now, each
/// once: (value, is a queen), the most valuable first.
fn targets(position: &Position, attacker: Side) -> Vec<(i32, bool)> {
    let cells = position.cells();
    let mut hit = [false; SQUARES];
    for (index, &cell) in cells.iter().enumerate() {
        if cell.side() != Some(attacker) {
            continue;
        }
        position.for_each_slide(Square(index as u16), cell, &mut |mv| {
            if let Move::Slide { to, .. } = mv {
                if cells[to.index()].side() == Some(attacker.opponent()) {
                    hit[to.index()] = true;
                }
            }
        });
    }
    let mut found: Vec<(i32, bool)> = (0..SQUARES)
        .filter(|&index| hit[index])
        .map(|index| {
            let cell = cells[index];
            (
                value(cell.diagonals().directions()),
                cell.is_queen_of(attacker.opponent()),
            )
        })
        .collect();
    found.sort_by_key(|(worth, _)| std::cmp::Reverse(*worth));
    found
}

/// What the side to move stands to take with the actions left in its
/// turn: its best targets (at a discount, as some are defended), and the
/// game when the opponent's last queens are among them.
fn threats(position: &Position, mover: Side) -> i32 {
    let actions = usize::from(position.moves_left());
    let found = targets(position, mover);
    let mut gain: i32 = found
        .iter()
        .take(actions)
        .map(|(worth, _)| worth * 3 / 4)
        .sum();
    let queens_hit = found
        .iter()
        .take(actions)
        .filter(|(_, queen)| *queen)
        .count();
    if usize::from(position.queens(mover.opponent())) <= queens_hit {
        gain += 5000;
    }
    gain
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
    // Actions still owed in the turn are worth having, and what they can
    // take.
    let tempo = match position.to_move() {
        Some(mover) if mover == side => {
            40 * i32::from(position.moves_left()) + threats(position, mover)
        }
        Some(mover) => -40 * i32::from(position.moves_left()) - threats(position, mover),
        None => 0,
    };
    score[side.index()] - score[side.opponent().index()] + tempo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_but_for_whites_first_move_and_what_it_can_take() {
        let start = Position::start();
        assert_eq!(
            evaluate(&start, Side::White),
            -evaluate(&start, Side::Black)
        );
        // White moves once, and that move can take a rook (worth 300,
        // counted at three quarters): no queen stands capturable.
        assert_eq!(evaluate(&start, Side::White), 40 + 225);
    }
}
