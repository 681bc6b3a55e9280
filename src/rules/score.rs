//! How a game ended and what that makes its result: the one reading of
//! an ending that ratings, ladders, tournaments, the PGN and the mails
//! share.

use crate::games::{Outcome, Side};

/// How a game ended, when the host (not the rules) ended it or the rules
/// did; a rules ending's details come from replaying the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Mate, a draw rule, a last king or queen taken: the replayed game's
    /// outcome says which.
    Rules,
    Resigned(Side),
    DrawAgreed,
    /// The side turned the challenge down: the board is removed.
    Declined(Side),
    /// The side resigned before its first move, which turns the challenge
    /// down too.
    ResignedBeforeMoving(Side),
    /// The side ran out of time and lost.
    TimeForfeit(Side),
    /// The side ran out of time, but the other could not possibly have won
    /// (in chess: too little material to mate): a draw.
    TimeForfeitDrawn(Side),
}

/// A board's result, read from how it ended and, where the rules ended
/// it (or it ended before endings were stored), from the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Still running.
    Running,
    /// Played to a result.
    Played(Score),
    /// Turned down before it began (declined, or resigned before the
    /// side's first move): no result.
    NotPlayed(Side),
    /// Over, but neither the stored ending nor the rules say how.
    Unknown,
}

impl GameResult {
    /// The result of a board that ended with `ending` (`None` for a board
    /// still running, or over before endings were stored), where `over`
    /// says whether it is over and `outcome` is what the rules say.
    pub fn of(ending: Option<Ending>, over: bool, outcome: Option<&Outcome>) -> GameResult {
        let by_rules = || {
            outcome.map_or(GameResult::Unknown, |outcome| {
                GameResult::Played(outcome.winner.map_or(Score::Draw, Score::win_for))
            })
        };
        match ending {
            None if !over => GameResult::Running,
            None | Some(Ending::Rules) => by_rules(),
            Some(Ending::Resigned(side) | Ending::TimeForfeit(side)) => {
                GameResult::Played(Score::win_for(side.opponent()))
            }
            Some(Ending::DrawAgreed | Ending::TimeForfeitDrawn(_)) => {
                GameResult::Played(Score::Draw)
            }
            Some(Ending::Declined(side) | Ending::ResignedBeforeMoving(side)) => {
                GameResult::NotPlayed(side)
            }
        }
    }

    /// The points of a game played to a result.
    pub fn score(self) -> Option<Score> {
        match self {
            GameResult::Played(score) => Some(score),
            _ => None,
        }
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` for none.
    pub fn pgn(self) -> &'static str {
        self.score().map_or("*", Score::pgn)
    }
}

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

    /// The PGN result token.
    pub fn pgn(self) -> &'static str {
        match self {
            Score::WhiteWins => "1-0",
            Score::BlackWins => "0-1",
            Score::Draw => "1/2-1/2",
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Side::{Black, White};

    /// Every ending read once: the same result for ratings, tournaments,
    /// the PGN and the mails.
    #[test]
    fn every_ending_has_one_result_and_one_pgn_token() {
        let white_mates = Outcome::win(White, crate::games::EndReason::Checkmate);
        let cases = [
            (Some(Ending::Rules), true, Some(&white_mates), "1-0"),
            (Some(Ending::Resigned(White)), true, None, "0-1"),
            (Some(Ending::TimeForfeit(Black)), true, None, "1-0"),
            (Some(Ending::DrawAgreed), true, None, "1/2-1/2"),
            (Some(Ending::TimeForfeitDrawn(White)), true, None, "1/2-1/2"),
            (Some(Ending::Declined(Black)), true, None, "*"),
            (Some(Ending::ResignedBeforeMoving(White)), true, None, "*"),
            (None, false, None, "*"),
            // Over before endings were stored: the rules still tell.
            (None, true, Some(&white_mates), "1-0"),
            (None, true, None, "*"),
        ];
        for (ending, over, outcome, pgn) in cases {
            assert_eq!(
                GameResult::of(ending, over, outcome).pgn(),
                pgn,
                "{ending:?}"
            );
        }
        assert_eq!(
            GameResult::of(Some(Ending::Declined(Black)), true, None),
            GameResult::NotPlayed(Black)
        );
        assert_eq!(GameResult::of(None, false, None), GameResult::Running);
        assert_eq!(GameResult::of(None, true, None), GameResult::Unknown);
    }
}
