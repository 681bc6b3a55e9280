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

/// The pieces of `attacker`'s opponent that `attacker` can take now, each
/// once: (value, is a queen), the most valuable first.
fn targets(position: &Position, attacker: Side) -> Vec<(i32, bool)> {
    let mut hit = [false; SQUARES];
    position.for_each_capture(attacker, |_, to| hit[to.index()] = true);
    let mut found: Vec<(i32, bool)> = (0..SQUARES)
        .filter(|&index| hit[index])
        .map(|index| {
            let cell = position.cell(Square(index as u16));
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

/// The pieces of both sides, promotions in progress by the share paid,
/// and the danger of few queens left, from `side`'s view.
fn material(position: &Position, side: Side) -> i32 {
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
    score[side.index()] - score[side.opponent().index()]
}

/// The position from `side`'s view, for a one-action look: the pieces,
/// and the actions still owed in the turn with what they can take.
pub(crate) fn evaluate(position: &Position, side: Side) -> i32 {
    let tempo = match position.to_move() {
        Some(mover) if mover == side => {
            40 * i32::from(position.moves_left()) + threats(position, mover)
        }
        Some(mover) => -40 * i32::from(position.moves_left()) - threats(position, mover),
        None => 0,
    };
    material(position, side) + tempo
}

/// What the side to move stands to lose when it stops taking: the
/// other side's targets among its pieces, less the ones its own actions
/// left can save, of which the other side takes two next turn (at a
/// discount, as some are defended).
fn exposure(position: &Position, mover: Side) -> i32 {
    let saved = usize::from(position.moves_left());
    targets(position, mover.opponent())
        .iter()
        .skip(saved)
        .take(2)
        .map(|(worth, _)| worth / 2)
        .sum()
}

/// The position from `side`'s view at a search's horizon, where the
/// search itself plays out what the actions owed can take.
pub(crate) fn searched(position: &Position, side: Side) -> i32 {
    let tempo = |mover| 40 * i32::from(position.moves_left()) - exposure(position, mover);
    let tempo = match position.to_move() {
        Some(mover) if mover == side => tempo(mover),
        Some(mover) => -tempo(mover),
        None => 0,
    };
    material(position, side) + tempo
}

/// What `side` wins by taking what stands on `to`: the piece, and for a
/// queen the danger its loss brings; the last queen is the game.
pub(crate) fn taken(position: &Position, side: Side, to: Square) -> i32 {
    let cell = position.cell(to);
    let them = side.opponent();
    if cell.side() != Some(them) {
        return 0;
    }
    let worth = value(cell.diagonals().directions());
    if !cell.is_queen_of(them) {
        return worth;
    }
    match position.queens(them) {
        0 | 1 => LAST_QUEEN,
        left => worth + queens_value(left) - queens_value(left - 1),
    }
}

/// Taking the last queen, for a search's move order: before anything.
const LAST_QUEEN: i32 = 10_000;

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

    #[test]
    fn at_the_horizon_pieces_left_to_be_taken_count_against_the_side_to_move() {
        use super::super::piece::Cell;
        let rook = |side| Cell::piece(side, Diagonals::NONE);
        let queen = |side| Cell::piece(side, Diagonals::ALL);
        // White to make its last action; Black's rook on a10 attacks the
        // rooks on a1 and j10 (both ways round file a and rank 10), and
        // Black's queen is walled in by neutral pieces.
        let mut attacked = Position::empty(Side::White, 1);
        attacked.put(Square::new(0, 9), rook(Side::Black));
        attacked.put(Square::new(0, 0), rook(Side::White));
        attacked.put(Square::new(9, 9), rook(Side::White));
        attacked.put(Square::new(5, 5), queen(Side::White));
        attacked.put(Square::new(14, 14), queen(Side::Black));
        for (file, rank) in [
            (13, 13),
            (13, 14),
            (13, 15),
            (14, 13),
            (14, 15),
            (15, 13),
            (15, 14),
            (15, 15),
        ] {
            attacked.put(Square::new(file, rank), Cell::NEUTRAL);
        }
        let mut safe = attacked;
        safe.put(Square::new(0, 9), Cell::EMPTY);
        safe.put(Square::new(3, 3), rook(Side::Black));
        // The same material; the one action left saves one rook, and the
        // other counts as lost at half its worth.
        assert_eq!(
            material(&attacked, Side::White),
            material(&safe, Side::White)
        );
        assert_eq!(
            searched(&attacked, Side::White),
            searched(&safe, Side::White) - 150
        );
        assert_eq!(searched(&safe, Side::Black), -searched(&safe, Side::White));
    }
}
