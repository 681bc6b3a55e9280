//! A finished game's result as points for its players, from how the
//! host stored its end and what the rules say.

use crate::games::{Outcome, Side};
use crate::store::{Ending, GameRecord};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    WhiteWins,
    Draw,
    BlackWins,
}

impl Score {
    pub fn win_for(side: Side) -> Score {
        match side {
            Side::White => Score::WhiteWins,
            Side::Black => Score::BlackWins,
        }
    }

    /// The result of a game that was played and is over: `None` for a
    /// running board, a declined challenge, or an ending older versions
    /// stored only in words.
    pub fn of(record: &GameRecord, outcome: Option<&Outcome>) -> Option<Score> {
        Some(match record.ending? {
            Ending::Rules => outcome?.winner.map_or(Score::Draw, Score::win_for),
            Ending::Resigned(side) | Ending::TimeForfeit(side) => Score::win_for(side.opponent()),
            Ending::DrawAgreed | Ending::TimeForfeitDrawn(_) => Score::Draw,
            Ending::Declined(_) | Ending::ResignedBeforeMoving(_) => return None,
        })
    }

    /// Half-points for `side`: 2 a win, 1 a draw, 0 a loss.
    pub fn half_points(self, side: Side) -> u32 {
        match (self, side) {
            (Score::Draw, _) => 1,
            (Score::WhiteWins, Side::White) | (Score::BlackWins, Side::Black) => 2,
            _ => 0,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Score::WhiteWins => Some(Side::White),
            Score::BlackWins => Some(Side::Black),
            Score::Draw => None,
        }
    }
}
