//! How a game ended, as typed data: the winner and a closed set of reasons
//! the host words through its templates (English here only for the CLI,
//! the logs and the tests).

use super::Side;
use serde::Serialize;
use std::fmt;

/// How a finished game ended, as far as the rules can tell. Resignation,
/// agreed draws and time forfeits are decided by the host, not here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// `None` is a draw.
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn win(winner: Side, reason: EndReason) -> Self {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    pub(crate) fn draw(reason: EndReason) -> Self {
        Outcome {
            winner: None,
            reason,
        }
    }
}

/// Why the rules ended a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EndReason {
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FiftyMoveRule,
    InsufficientMaterial,
    /// Progression Chess: the winner took the loser's last King.
    LastKingCaptured,
    /// Progression Chess: `side` moved while having no King of its own.
    NoKingLeft {
        side: Side,
    },
    /// Progression Chess: `side` is to move and has no legal move at all.
    NoLegalMove {
        side: Side,
    },
    /// Spherical Chess 324: the winner took the loser's last queen.
    LastQueenCaptured,
    /// Infinite Recursion Chess: the match result from both boards'
    /// results by the table of its rules page
    /// (`templates/en/games/recursion.txt`).
    RecursionMatch {
        cell: MatchCell,
        white_board: Box<Outcome>,
        black_board: Box<Outcome>,
    },
}

/// The kind of cell of the Infinite Recursion Chess result table that
/// decided the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchCell {
    /// The winner won both boards.
    WonBothBoards,
    /// The winner won one board, the other was drawn.
    WonOneDrewOne,
    /// Each player won one board: a draw.
    EachWonOne,
    /// Both boards were drawn: a draw.
    BothDrawn,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} wins by {}", self.reason),
            None => write!(f, "draw by {}", self.reason),
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::Checkmate => f.write_str("checkmate"),
            EndReason::Stalemate => f.write_str("stalemate"),
            EndReason::ThreefoldRepetition => f.write_str("threefold repetition"),
            EndReason::FiftyMoveRule => f.write_str("the fifty-move rule"),
            EndReason::InsufficientMaterial => f.write_str("insufficient material"),
            EndReason::LastKingCaptured => f.write_str("capturing the last enemy King"),
            EndReason::NoKingLeft { side } => write!(f, "{side} having no King left"),
            EndReason::NoLegalMove { side } => write!(f, "{side} having no legal move"),
            EndReason::LastQueenCaptured => f.write_str("capturing the last queen"),
            EndReason::RecursionMatch {
                cell,
                white_board,
                black_board,
            } => write!(
                f,
                "{cell} (White's board: {white_board}; Black's board: {black_board})"
            ),
        }
    }
}

impl fmt::Display for MatchCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatchCell::WonBothBoards => "winning both boards",
            MatchCell::WonOneDrewOne => "winning one board and drawing the other",
            MatchCell::EachWonOne => "each player winning one board",
            MatchCell::BothDrawn => "both boards being drawn",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The data the host's templates see: serialized through the template
    /// engine's own serializer, written as its JSON-like literal.
    fn serialized(value: &impl Serialize) -> String {
        minijinja::Value::from_serialize(value).to_string()
    }

    #[test]
    fn end_reasons_serialize_as_a_kind_with_their_fields() {
        assert_eq!(
            serialized(&Outcome::win(Side::White, EndReason::Checkmate)),
            r#"{"winner": "White", "reason": {"kind": "checkmate"}}"#
        );
        assert_eq!(
            serialized(&Outcome::draw(EndReason::FiftyMoveRule)),
            r#"{"winner": None, "reason": {"kind": "fifty_move_rule"}}"#
        );
        assert_eq!(
            serialized(&EndReason::NoKingLeft { side: Side::Black }),
            r#"{"kind": "no_king_left", "side": "Black"}"#
        );
        let match_reason = EndReason::RecursionMatch {
            cell: MatchCell::WonOneDrewOne,
            white_board: Box::new(Outcome::win(Side::White, EndReason::Checkmate)),
            black_board: Box::new(Outcome::draw(EndReason::Stalemate)),
        };
        assert_eq!(
            serialized(&match_reason),
            r#"{"kind": "recursion_match", "cell": "won_one_drew_one", "white_board": {"winner": "White", "reason": {"kind": "checkmate"}}, "black_board": {"winner": None, "reason": {"kind": "stalemate"}}}"#
        );
    }

    #[test]
    fn the_english_of_an_outcome_names_winner_and_reason() {
        assert_eq!(
            Outcome::win(Side::Black, EndReason::NoKingLeft { side: Side::White }).to_string(),
            "Black wins by White having no King left"
        );
        assert_eq!(
            Outcome::draw(EndReason::NoLegalMove { side: Side::White }).to_string(),
            "draw by White having no legal move"
        );
        assert_eq!(
            Outcome::win(Side::White, EndReason::LastQueenCaptured).to_string(),
            "White wins by capturing the last queen"
        );
    }
}
