//! Who has White on a board (C.04.3 E): both preferences if they differ;
//! else the stronger one, a wider colour difference winning between two
//! absolute ones; else the colours swapped from the last round in which
//! the two had different colours; else the higher player's preference;
//! else by the higher player's pairing number and the first round's
//! colour.

use std::cmp::Ordering;

use super::facts::{Facts, History, Strength};
use super::Colour;

/// Seats the pair of `higher` (earlier in the pairing order) and
/// `lower`: (White, Black).
pub(super) fn seat(
    history: &History,
    higher: usize,
    lower: usize,
    initial: Colour,
) -> (usize, usize) {
    let colour = colour_of_higher(history.player(higher), history.player(lower), initial);
    if colour == Colour::White {
        (higher, lower)
    } else {
        (lower, higher)
    }
}

fn colour_of_higher(high: &Facts, low: &Facts, initial: Colour) -> Colour {
    match (high.preference, low.preference) {
        (Some(mine), Some(theirs)) if mine != theirs => return mine,
        (Some(mine), None) => return mine,
        (None, Some(theirs)) => return theirs.opposite(),
        (None, None) => return by_number(high, initial),
        _ => {}
    }
    let wanted = high.preference.unwrap_or(Colour::White);
    match stronger(high, low) {
        Ordering::Greater => return wanted,
        Ordering::Less => return wanted.opposite(),
        Ordering::Equal => {}
    }
    if let Some(colour) = swapped_from_last_difference(high, low) {
        return colour;
    }
    wanted
}

/// Which of two players wanting the same colour wants it more.
fn stronger(high: &Facts, low: &Facts) -> Ordering {
    if high.absolute() && low.absolute() {
        return high.imbalance.cmp(&low.imbalance);
    }
    let rank = |facts: &Facts| match facts.strength {
        Strength::Absolute => 3,
        Strength::Strong => 2,
        Strength::Mild => 1,
        Strength::None => 0,
    };
    rank(high).cmp(&rank(low))
}

/// The higher player's colour when the two go back, game by game from
/// their last, to a round in which they had different colours: he gets
/// the other one now.
fn swapped_from_last_difference(high: &Facts, low: &Facts) -> Option<Colour> {
    high.colours
        .iter()
        .rev()
        .zip(low.colours.iter().rev())
        .find(|(mine, theirs)| mine != theirs)
        .map(|(mine, _)| mine.opposite())
}

/// With no preference: the initial colour to an odd pairing number.
fn by_number(high: &Facts, initial: Colour) -> Colour {
    if high.rank.is_multiple_of(2) {
        initial
    } else {
        initial.opposite()
    }
}
