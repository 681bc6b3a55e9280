//! The order the owed robot moves are played in, so nobody's robot
//! boards hold up anyone else's: boards where a person plays a robot
//! first (he waits for an answer), the longest waiting first; then the
//! boards of two robots, taking turns between the players who set them
//! playing (one board of each in turn, each player's longest waiting
//! first), so a thousand boards of one player delay another's by one
//! move each round, not by a thousand.

use std::collections::{BTreeMap, VecDeque};

/// Where an owed move stands in the queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Place {
    pub(crate) board: i64,
    /// A person plays on the board.
    pub(crate) human: bool,
    /// Who set the two robots playing (empty when nobody is known).
    pub(crate) starter: String,
    /// Since when the board has waited (its last change).
    pub(crate) since: i64,
}

impl Place {
    fn rank(&self) -> (i64, i64) {
        (self.since, self.board)
    }
}

/// `owed` in the fair order.
pub(super) fn fair<T>(owed: Vec<T>, place: impl Fn(&T) -> &Place) -> Vec<T> {
    let (mut first, robots): (Vec<T>, Vec<T>) = owed.into_iter().partition(|t| place(t).human);
    first.sort_by_key(|t| place(t).rank());
    let mut by_starter: BTreeMap<String, Vec<T>> = BTreeMap::new();
    for owed in robots {
        let starter = place(&owed).starter.to_lowercase();
        by_starter.entry(starter).or_default().push(owed);
    }
    let mut queues: Vec<VecDeque<T>> = by_starter
        .into_values()
        .map(|mut boards| {
            boards.sort_by_key(|t| place(t).rank());
            VecDeque::from(boards)
        })
        .collect();
    queues.sort_by_key(|queue| queue.front().map(|t| place(t).rank()));
    while !queues.is_empty() {
        for queue in &mut queues {
            if let Some(owed) = queue.pop_front() {
                first.push(owed);
            }
        }
        queues.retain(|queue| !queue.is_empty());
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(board: i64, human: bool, starter: &str, since: i64) -> Place {
        Place {
            board,
            human,
            starter: starter.into(),
            since,
        }
    }

    fn boards(owed: Vec<Place>) -> Vec<i64> {
        fair(owed, |place| place).iter().map(|p| p.board).collect()
    }

    #[test]
    fn a_persons_board_comes_before_any_number_of_robot_boards() {
        let mut owed: Vec<Place> = (101..151).map(|b| place(b, false, "eve", 0)).collect();
        owed.push(place(151, true, "", 5));
        owed.push(place(152, true, "", 3));
        let order = boards(owed);
        assert_eq!(&order[..3], &[152, 151, 101]);
        assert_eq!(order.len(), 52);
    }

    #[test]
    fn robot_boards_take_turns_between_the_players_who_started_them() {
        let mut owed: Vec<Place> = (101..111).map(|b| place(b, false, "eve", 0)).collect();
        owed.push(place(111, false, "Carol", 4));
        owed.push(place(112, false, "carol", 2));
        owed.push(place(113, false, "dan", 9));
        let order = boards(owed);
        // eve's oldest, then carol's (her name in any case), then dan's.
        assert_eq!(&order[..6], &[101, 112, 113, 102, 111, 103]);
        assert_eq!(order.len(), 13);
    }
}
