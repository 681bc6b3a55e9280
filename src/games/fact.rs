//! What a game tells its players besides the board, as typed facts: whose
//! move it is, the round, states, counts. The host words them through its
//! templates in each player's language.

use super::recursion::MegaState;
use super::{Outcome, Side};
use serde::Serialize;
use std::fmt;

/// One thing a player must know to move, in a closed vocabulary shared by
/// all games. A game's facts come in the order they are best read in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fact {
    /// The rules have ended the game.
    GameOver { outcome: Outcome },
    /// The players who owe a move now, in canonical order: one, or both in
    /// a simultaneous round.
    ToMove { sides: Vec<Side> },
    /// The side to move stands in check.
    InCheck { side: Side },
    /// The full-move number of the next move (chess, Progression Chess).
    MoveNumber { number: u32 },
    /// Progression Chess list phase: `side` is to choose a progression list
    /// matching `template`; `example` is one such list move.
    ChooseList {
        side: Side,
        template: String,
        example: String,
    },
    /// A progression list already chosen (White's, while Black chooses).
    ListChosen { side: Side, list: String },
    /// How many of the pieces whose loss ends the game each side has left.
    PiecesLeft {
        piece: CountedPiece,
        white: u32,
        black: u32,
    },
    /// Plies since the last capture or pawn move; at 100 the game is drawn.
    FiftyMoveCount { plies: u32 },
    /// Infinite Recursion Chess: the round in progress.
    Round { number: u32 },
    /// Infinite Recursion Chess: only one board still runs, so each move
    /// is a round of its own.
    OneBoardLeft,
    /// Infinite Recursion Chess: the play on the board of `owner`.
    Board { owner: Side, state: BoardState },
    /// Infinite Recursion Chess: the state of `owner`'s mega-knight.
    MegaKnight { owner: Side, state: MegaState },
    /// Infinite Recursion Chess: the moves of the last complete round, now
    /// revealed, in stored notation.
    RoundRevealed { round: u32, moves: Vec<String> },
    /// Spherical Chess 324: the side to move makes move `move_number` of
    /// the `moves_in_turn` of turn `turn`.
    MoveOfTurn {
        turn: u32,
        move_number: u8,
        moves_in_turn: u8,
    },
    /// Spherical Chess 324: the set-up by number, with a stable key for its
    /// description (such as `white_whole_black_quartered`).
    SetUp {
        number: u8,
        description: &'static str,
    },
}

/// The pieces a [`Fact::PiecesLeft`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CountedPiece {
    King,
    Queen,
}

/// The play on one board of Infinite Recursion Chess.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoardState {
    /// `side` owes a move there.
    ToMove { side: Side, in_check: bool },
    /// `side` has sealed his move there this round; `notation` is the move,
    /// given only to him.
    Sealed {
        side: Side,
        notation: Option<String>,
    },
    /// The game on this board is over.
    Over { outcome: Outcome },
}

/// The board's play line, as the board mail also shows it.
impl fmt::Display for BoardState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardState::ToMove { side, in_check } => {
                let check = if *in_check { ", in check" } else { "" };
                write!(f, "{side} to move{check}")
            }
            BoardState::Sealed {
                notation: Some(notation),
                ..
            } => write!(f, "you have moved {notation} (sealed)"),
            BoardState::Sealed { side, .. } => write!(f, "{side} has moved (sealed)"),
            BoardState::Over { outcome } => write!(f, "over, {outcome}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::EndReason;

    /// The data the host's templates see: serialized through the template
    /// engine's own serializer, written as its JSON-like literal.
    fn serialized(fact: &Fact) -> String {
        minijinja::Value::from_serialize(fact).to_string()
    }

    #[test]
    fn facts_serialize_as_a_kind_with_their_fields() {
        let cases = [
            (
                Fact::ToMove {
                    sides: vec![Side::White, Side::Black],
                },
                r#"{"kind": "to_move", "sides": ["White", "Black"]}"#,
            ),
            (
                Fact::GameOver {
                    outcome: Outcome::draw(EndReason::Stalemate),
                },
                r#"{"kind": "game_over", "outcome": {"winner": None, "reason": {"kind": "stalemate"}}}"#,
            ),
            (Fact::OneBoardLeft, r#"{"kind": "one_board_left"}"#),
            (
                Fact::Board {
                    owner: Side::White,
                    state: BoardState::Sealed {
                        side: Side::Black,
                        notation: None,
                    },
                },
                r#"{"kind": "board", "owner": "White", "state": {"kind": "sealed", "side": "Black", "notation": None}}"#,
            ),
            (
                Fact::MegaKnight {
                    owner: Side::Black,
                    state: MegaState::Frozen,
                },
                r#"{"kind": "mega_knight", "owner": "Black", "state": "frozen"}"#,
            ),
            (
                Fact::PiecesLeft {
                    piece: CountedPiece::King,
                    white: 1,
                    black: 2,
                },
                r#"{"kind": "pieces_left", "piece": "king", "white": 1, "black": 2}"#,
            ),
            (
                Fact::MoveOfTurn {
                    turn: 3,
                    move_number: 2,
                    moves_in_turn: 2,
                },
                r#"{"kind": "move_of_turn", "turn": 3, "move_number": 2, "moves_in_turn": 2}"#,
            ),
            (
                Fact::SetUp {
                    number: 2,
                    description: "black_whole_white_quartered",
                },
                r#"{"kind": "set_up", "number": 2, "description": "black_whole_white_quartered"}"#,
            ),
        ];
        for (fact, expected) in cases {
            assert_eq!(serialized(&fact), expected);
        }
    }
}
