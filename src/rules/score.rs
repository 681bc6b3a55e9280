//! How a game ended and what that makes its result: the one reading of
//! an ending that ratings, ladders, tournaments, the PGN and the mails
//! share. [`Ending::by_host`] is the one place that decides how a game
//! the rules did not end is over: a game stopped before each player has
//! made a move (fewer than two moves) is aborted, whatever stopped it.

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
    /// The side ran out of time and lost.
    TimeForfeit(Side),
    /// The side ran out of time, but the other could not possibly have won
    /// (in chess: too little material to mate): a draw.
    TimeForfeitDrawn(Side),
    /// Stopped before each player had made a move: no game was played.
    Aborted(Abort),
    /// The director of the board's event (or the host's operator) gave
    /// the result after each player had moved: an adjudication, or a
    /// forfeit (an adjudicated loss for one side). Played, so rated
    /// where the board is.
    Adjudicated(Score),
}

/// Why a game was aborted, and who would not play it, if anyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abort {
    /// The side turned the challenge down.
    Declined(Side),
    /// The side resigned before each player had moved (before its own
    /// first move, or before the opponent's).
    Resigned(Side),
    /// The side's time ran out before it made its first move, after
    /// the other had moved: an opponent who never answered.
    NoMove(Side),
    /// The time ran out before anyone made a move: neither played, and
    /// neither is more to blame (the colours do not decide).
    Unplayed,
    /// The operator voided the board (a flood of challenges): nobody is
    /// to blame.
    Voided,
    /// The players agreed a draw before each had moved: no game was
    /// played, and nobody is to blame.
    Agreed,
    /// The director (or the operator) gave a result before each player
    /// had moved: no game was played; the side the ruling went against
    /// (`None`: a drawn ruling) is the one who would not play.
    Ruled(Option<Side>),
}

impl Abort {
    /// The abort's name, as the templates read it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Abort::Declined(_) => "declined",
            Abort::Resigned(_) => "resigned",
            Abort::NoMove(_) => "no_move",
            Abort::Unplayed => "unplayed",
            Abort::Voided => "voided",
            Abort::Agreed => "agreed",
            Abort::Ruled(_) => "ruled",
        }
    }

    /// The side that would not play: it loses the game where an event
    /// counts aborted games as losses.
    pub(crate) fn refuser(self) -> Option<Side> {
        match self {
            Abort::Declined(side) | Abort::Resigned(side) | Abort::NoMove(side) => Some(side),
            Abort::Ruled(side) => side,
            Abort::Voided | Abort::Agreed | Abort::Unplayed => None,
        }
    }
}

/// What the host stops a game for, other than its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    Resign(Side),
    Decline(Side),
    /// The side ran out of time; `drawn` when the other could not
    /// possibly have won.
    OutOfTime {
        side: Side,
        drawn: bool,
    },
    /// The time ran out on a board where nobody has made a move.
    Unplayed,
    /// The operator voids the board (a flood), or the director of its
    /// event does.
    Void,
    /// The players agree a draw.
    DrawAgreed,
    /// The director of the board's event (or the operator) gives this
    /// result: an adjudication, or a forfeit of one side.
    Adjudicate(Score),
}

impl Ending {
    /// How a game the host stops ends: aborted when `begun` is false
    /// (not each player has made a move yet), else resigned or lost on
    /// time as `stop` says. A void is always an abort, counted for
    /// nobody. A director's result is an adjudication once each player
    /// has moved; before, the game is aborted like any other, lost in an
    /// event (by its rule) by the side the ruling went against.
    pub(crate) fn by_host(stop: Stop, begun: bool) -> Ending {
        match (stop, begun) {
            (Stop::Void, _) => Ending::Aborted(Abort::Voided),
            (Stop::Unplayed, _) => Ending::Aborted(Abort::Unplayed),
            (Stop::Adjudicate(score), true) => Ending::Adjudicated(score),
            (Stop::Adjudicate(score), false) => {
                Ending::Aborted(Abort::Ruled(score.winner().map(Side::opponent)))
            }
            (Stop::DrawAgreed, false) => Ending::Aborted(Abort::Agreed),
            (Stop::DrawAgreed, true) => Ending::DrawAgreed,
            (Stop::Decline(side), _) => Ending::Aborted(Abort::Declined(side)),
            (Stop::Resign(side), false) => Ending::Aborted(Abort::Resigned(side)),
            (Stop::OutOfTime { side, .. }, false) => Ending::Aborted(Abort::NoMove(side)),
            (Stop::Resign(side), true) => Ending::Resigned(side),
            (Stop::OutOfTime { side, drawn: false }, true) => Ending::TimeForfeit(side),
            (Stop::OutOfTime { side, drawn: true }, true) => Ending::TimeForfeitDrawn(side),
        }
    }
}

/// A board's result, read from how it ended and, where the rules ended
/// it (or it ended before endings were stored), from the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GameResult {
    /// Still running.
    Running,
    /// Played to a result.
    Played(Score),
    /// Aborted before each player had moved: no result, never rated.
    Aborted(Abort),
    /// Over, but neither the stored ending nor the rules say how.
    Unknown,
}

impl GameResult {
    /// The result of a board that ended with `ending` (`None` for a board
    /// still running, or over before endings were stored), where `over`
    /// says whether it is over and `outcome` is what the rules say.
    pub(crate) fn of(ending: Option<Ending>, over: bool, outcome: Option<&Outcome>) -> GameResult {
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
            Some(Ending::Adjudicated(score)) => GameResult::Played(score),
            Some(Ending::Aborted(abort)) => GameResult::Aborted(abort),
        }
    }

    /// The points of a game played to a result: what ratings read. An
    /// aborted game has none.
    pub(crate) fn score(self) -> Option<Score> {
        match self {
            GameResult::Played(score) => Some(score),
            _ => None,
        }
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` for none
    /// (an aborted game too).
    pub(crate) fn pgn(self) -> &'static str {
        self.score().map_or("*", Score::pgn)
    }

    /// What the game counts in an event (a ladder, a tournament) that
    /// scores aborted games by `rule`; `None` while it runs or when
    /// nothing tells how it ended.
    pub(crate) fn in_event(self, rule: AbortRule) -> Option<EventScore> {
        match self {
            GameResult::Played(score) => Some(EventScore::Played(score)),
            GameResult::Aborted(abort) => Some(match (rule, abort) {
                (AbortRule::RefuserLoses, Abort::Unplayed) => EventScore::DoubleForfeit,
                (AbortRule::RefuserLoses, abort) => match abort.refuser() {
                    Some(loser) => EventScore::Forfeit { loser },
                    None => EventScore::Void,
                },
                (AbortRule::Void, _) => EventScore::Void,
            }),
            GameResult::Running | GameResult::Unknown => None,
        }
    }
}

/// How an event counts an aborted game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AbortRule {
    /// The player who would not play (declined, resigned or let his time
    /// run out before moving) loses the event game; nobody's rating
    /// changes.
    #[default]
    RefuserLoses,
    /// The game counts for nobody.
    Void,
}

impl AbortRule {
    /// The rule's name in the config.
    pub(crate) fn name(self) -> &'static str {
        match self {
            AbortRule::RefuserLoses => "loss",
            AbortRule::Void => "void",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<AbortRule> {
        [AbortRule::RefuserLoses, AbortRule::Void]
            .into_iter()
            .find(|rule| rule.name() == name)
    }
}

/// What a finished game counts in an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventScore {
    /// Played to a result.
    Played(Score),
    /// Aborted, and lost by `loser`, who would not play.
    Forfeit { loser: Side },
    /// Aborted before anyone moved, and lost by both: a double forfeit,
    /// a win for neither side.
    DoubleForfeit,
    /// Aborted, and counted for nobody.
    Void,
}

impl EventScore {
    /// The winner, if any.
    pub(crate) fn winner(self) -> Option<Side> {
        match self {
            EventScore::Played(score) => score.winner(),
            EventScore::Forfeit { loser } => Some(loser.opponent()),
            EventScore::DoubleForfeit | EventScore::Void => None,
        }
    }

    /// Whether `side` lost it (both lost a double forfeit).
    #[cfg(test)]
    pub(crate) fn lost_by(self, side: Side) -> bool {
        match self {
            EventScore::DoubleForfeit => true,
            other => other.winner() == Some(side.opponent()),
        }
    }

    /// Half-points for `side`: 2 a win, 1 a draw, 0 a loss or a void.
    pub(crate) fn half_points(self, side: Side) -> u32 {
        match self {
            EventScore::Played(score) => score.half_points(side),
            EventScore::Forfeit { loser } if loser == side => 0,
            EventScore::Forfeit { .. } => 2,
            EventScore::DoubleForfeit | EventScore::Void => 0,
        }
    }

    /// Whether the game counts as one played in the standings (a void
    /// does not).
    pub(crate) fn counts(self) -> bool {
        self != EventScore::Void
    }

    /// How a tournament board's result is stored: `1-0`, `1/2`, `0-1`,
    /// a forfeit `+-` or `-+` (the crosstable's marks), a double forfeit
    /// `--`, a void `0-0`.
    pub(crate) fn stored(self) -> &'static str {
        match self {
            EventScore::Played(Score::WhiteWins) => "1-0",
            EventScore::Played(Score::Draw) => "1/2",
            EventScore::Played(Score::BlackWins) => "0-1",
            EventScore::Forfeit { loser: Side::Black } => "+-",
            EventScore::Forfeit { loser: Side::White } => "-+",
            EventScore::DoubleForfeit => "--",
            EventScore::Void => "0-0",
        }
    }

    pub fn from_stored(text: &str) -> Option<EventScore> {
        Some(match text {
            "1-0" => EventScore::Played(Score::WhiteWins),
            "1/2" => EventScore::Played(Score::Draw),
            "0-1" => EventScore::Played(Score::BlackWins),
            "+-" => EventScore::Forfeit { loser: Side::Black },
            "-+" => EventScore::Forfeit { loser: Side::White },
            "--" => EventScore::DoubleForfeit,
            "0-0" => EventScore::Void,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    WhiteWins,
    Draw,
    BlackWins,
}

impl Score {
    pub(crate) fn win_for(side: Side) -> Score {
        match side {
            Side::White => Score::WhiteWins,
            Side::Black => Score::BlackWins,
        }
    }

    /// The PGN result token.
    pub(crate) fn pgn(self) -> &'static str {
        match self {
            Score::WhiteWins => "1-0",
            Score::BlackWins => "0-1",
            Score::Draw => "1/2-1/2",
        }
    }

    /// Half-points for `side`: 2 a win, 1 a draw, 0 a loss.
    pub(crate) fn half_points(self, side: Side) -> u32 {
        match (self, side) {
            (Score::Draw, _) => 1,
            (Score::WhiteWins, Side::White) | (Score::BlackWins, Side::Black) => 2,
            _ => 0,
        }
    }

    /// The winner, if any.
    pub(crate) fn winner(self) -> Option<Side> {
        match self {
            Score::WhiteWins => Some(Side::White),
            Score::BlackWins => Some(Side::Black),
            Score::Draw => None,
        }
    }
}

#[cfg(test)]
mod tests;
