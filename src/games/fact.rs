//! What a game tells its players besides the board, as typed facts: whose
//! move it is, the round, states, counts. The host words them through its
//! templates in each player's language; [`english`] words them for the CLI
//! and the tests.

use super::recursion::MegaState;
use super::spherical::SetUp;
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

/// The facts as one English line, for `viewer`.
pub fn english(facts: &[Fact], viewer: Side) -> String {
    let mut line = String::new();
    for fact in facts {
        let (words, continues) = fact_english(fact, viewer);
        if !line.is_empty() && !continues {
            line.push_str("; ");
        }
        line.push_str(&words);
    }
    line.push('.');
    line
}

/// A fact in English, and whether it continues the clause before it (a
/// detail of who moves) rather than starting its own.
fn fact_english(fact: &Fact, viewer: Side) -> (String, bool) {
    match fact {
        Fact::GameOver { outcome } => (format!("Game over: {outcome}"), false),
        Fact::ToMove { sides } => {
            let you = if sides[..] == [viewer] { " (you)" } else { "" };
            let names: Vec<&str> = sides.iter().map(|side| side.name()).collect();
            (format!("{}{you} to move", names.join(" and ")), false)
        }
        Fact::InCheck { .. } => (", in check".into(), true),
        Fact::MoveNumber { number } => (format!(" (move {number})"), true),
        Fact::ChooseList {
            side,
            template,
            example,
        } => (
            format!(
                "List phase: {side} to choose a progression list matching {template} \
                 (for example {example})"
            ),
            false,
        ),
        Fact::ListChosen { side, list } => (format!("{side}'s list is {list}"), false),
        Fact::PiecesLeft {
            piece,
            white,
            black,
        } => {
            let pieces = match piece {
                CountedPiece::King => "Kings",
                CountedPiece::Queen => "Queens",
            };
            (format!("{pieces}: White {white}, Black {black}"), false)
        }
        Fact::FiftyMoveCount { plies } => {
            (format!("{plies} plies towards the fifty-move rule"), false)
        }
        Fact::Round { number } => (format!("Round {number}"), false),
        Fact::OneBoardLeft => (" (one board left: each move is a round)".into(), true),
        Fact::Board { owner, state } => (format!("{owner}'s board: {state}"), false),
        Fact::MegaKnight { owner, state } => {
            (format!("{owner}'s mega-knight: {}", state.name()), false)
        }
        Fact::RoundRevealed { round, moves } => {
            (format!("Round {round} was {}", moves.join(" ")), false)
        }
        Fact::MoveOfTurn {
            turn,
            move_number,
            moves_in_turn,
        } => (
            format!(", move {move_number} of {moves_in_turn} of turn {turn}"),
            true,
        ),
        Fact::SetUp {
            number,
            description,
        } => {
            let description = SetUp::number(*number).map_or(*description, SetUp::description);
            (format!("set-up {number} ({description})"), false)
        }
    }
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

    #[test]
    fn details_of_who_moves_continue_the_clause_before_them() {
        let facts = [
            Fact::ToMove {
                sides: vec![Side::White],
            },
            Fact::InCheck { side: Side::White },
            Fact::MoveNumber { number: 12 },
        ];
        assert_eq!(
            english(&facts, Side::Black),
            "White to move, in check (move 12)."
        );
        assert_eq!(
            english(&facts, Side::White),
            "White (you) to move, in check (move 12)."
        );
    }

    #[test]
    fn a_round_of_infinite_recursion_chess_in_english() {
        let facts = [
            Fact::Round { number: 3 },
            Fact::ToMove {
                sides: vec![Side::Black],
            },
            Fact::Board {
                owner: Side::White,
                state: BoardState::Sealed {
                    side: Side::White,
                    notation: Some("Nf3".into()),
                },
            },
            Fact::Board {
                owner: Side::Black,
                state: BoardState::ToMove {
                    side: Side::Black,
                    in_check: true,
                },
            },
            Fact::MegaKnight {
                owner: Side::White,
                state: MegaState::Neutral,
            },
            Fact::RoundRevealed {
                round: 2,
                moves: vec!["W:e5".into(), "B:e4".into()],
            },
        ];
        assert_eq!(
            english(&facts, Side::White),
            "Round 3; Black to move; White's board: you have moved Nf3 (sealed); \
             Black's board: Black to move, in check; White's mega-knight: Neutral; \
             Round 2 was W:e5 B:e4."
        );
    }

    #[test]
    fn a_set_up_is_worded_by_its_number() {
        let facts = [Fact::SetUp {
            number: 3,
            description: "white_halved_ns_black_halved_ew",
        }];
        assert_eq!(
            english(&facts, Side::White),
            "set-up 3 (white halved N & S | black halved E & W)."
        );
    }
}
