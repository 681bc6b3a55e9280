//! Why the rules refuse a move or a draw, as typed reasons in a closed
//! vocabulary shared by all games. The host words them through its
//! templates in each player's language; [`std::fmt::Display`] gives the English
//! text for logs, the CLI and tests.

use super::recursion::MegaState;
use super::{Outcome, Side};
use serde::Serialize;

mod english;

/// A piece as a reason names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PieceName {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    LittleRook,
    LittleKnight,
    LittleBishop,
    /// Spherical Chess 324: a piece that never moves.
    Neutral,
    /// Spherical Chess 324: a promoted piece moving in `directions`
    /// directions (5 to 7).
    Directional {
        directions: u8,
    },
}

/// The move notation a reason's advice is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Notation {
    /// Chess and Infinite Recursion Chess: SAN or coordinates.
    Chess,
    /// Progression Chess: coordinates, castling, SAN by kind letter.
    Progression,
    /// Spherical Chess 324: slides and promotion steps.
    Spherical,
}

/// Why a move would have been fine but for the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KingSafety {
    /// The king is in check and the move does not end it.
    StaysInCheck,
    /// The move would expose the king to check, or castle through check.
    Exposes,
}

/// What an Infinite Recursion Chess mega-knight's state forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MegaBar {
    /// It may not move at all.
    Move,
    /// It may move but not capture.
    Capture,
    /// It may not be captured.
    BeCaptured,
}

/// A mega-knight whose state is why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MegaHint {
    pub(crate) owner: Side,
    pub(crate) state: MegaState,
    pub(crate) bar: MegaBar,
}

/// A piece in the way of a Spherical Chess 324 slide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Obstacle {
    /// The direction, as the notation names it (`N`, `NE`, ...).
    pub(crate) direction: String,
    pub(crate) square: String,
}

/// Why a Progression Chess list is refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ListProblem {
    /// Not eight letters.
    WrongLength { text: String, length: usize },
    /// A letter that names no kind.
    NotAKind { letter: String, position: usize },
    /// One kind twice.
    Repeated {
        letter: String,
        first: usize,
        second: usize,
    },
    /// The list does not match the template at `position`: it wanted
    /// `wanted` (`None`: Q or K) and has `found`.
    Mismatch {
        position: usize,
        wanted: Option<String>,
        found: String,
    },
}

/// Why the rules refuse a move (or a draw), with what would be right.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// No text at all.
    Empty {
        notation: Notation,
    },
    /// The text is no move of the notation.
    Unreadable {
        notation: Notation,
    },
    /// A chess coordinate promotion with a letter other than q, r, b, n.
    PromotionLetter,
    /// Text after the move where nothing may follow.
    TrailingText {
        text: String,
    },
    /// Progression Chess: a promotion that is neither a digit nor a kind.
    PromotionChoice {
        found: String,
    },
    /// Spherical Chess 324: a slide with one square.
    SecondSquareMissing,
    /// Spherical Chess 324: no square where one must be.
    ExpectedSquare {
        found: Option<String>,
    },
    NoSuchFile {
        letter: String,
    },
    RankMissing {
        letter: String,
    },
    NoSuchRank {
        rank: String,
    },
    /// Spherical Chess 324: a promotion step without its diagonals.
    DiagonalsMissing,
    NotADiagonal {
        text: String,
    },
    DiagonalTwice {
        diagonal: String,
    },
    /// Castling is not possible that way.
    NoCastling {
        king_safety: Option<KingSafety>,
    },
    /// Progression Chess castling needs the unmoved King and rook.
    CastlingNeedsUnmoved,
    NoPiece {
        square: String,
    },
    NotYours {
        piece: PieceName,
        square: String,
        owner: Side,
    },
    /// Spherical Chess 324: neutral pieces never move.
    Neutral {
        square: String,
    },
    CannotMoveTo {
        piece: PieceName,
        from: String,
        to: String,
        king_safety: Option<KingSafety>,
    },
    /// SAN: no piece of that kind can go there (from the file, rank or
    /// square the move named, when it named one: `bc4` is a pawn from
    /// the b-file).
    NoneCanReach {
        side: Side,
        piece: PieceName,
        from_file: Option<char>,
        from_rank: Option<u8>,
        to: String,
        king_safety: Option<KingSafety>,
    },
    /// Progression Chess SAN: no piece of that kind can make the move
    /// (the letter's case names big or little, not the colour).
    NoneCanMakeMove {
        side: Side,
        piece: PieceName,
    },
    /// The text fits several moves.
    Ambiguous {
        options: Vec<String>,
    },
    /// A pawn reaching the last rank must say what it becomes.
    MustPromote {
        choices: Vec<String>,
    },
    /// A promotion choice on a move that is no promotion.
    NoPromotionHere,
    /// Progression Chess: a list position not among `-promote:`.
    PromoteDigitNotAllowed {
        digit: u8,
        offer: Vec<String>,
    },
    /// Progression Chess: a kind the list does not offer.
    PromotionNotOffered {
        piece: PieceName,
        list: String,
        offer: Vec<String>,
    },
    /// Progression Chess: the list phase wants a list first.
    ChooseList {
        side: Side,
        template: String,
        example: String,
        problem: ListProblem,
    },
    /// Infinite Recursion Chess: the move names the other board.
    WrongBoard {
        side: Side,
        named: Side,
        owed: Side,
    },
    /// Infinite Recursion Chess: the move names a finished board.
    BoardFinished {
        board: Side,
        outcome: Outcome,
        owed: Side,
    },
    /// Infinite Recursion Chess: why not on the board of `board`.
    OnBoard {
        board: Side,
        mega: Option<MegaHint>,
        reason: Box<Reason>,
    },
    GoesNowhere {
        from: String,
        to: String,
    },
    OwnPiece {
        square: String,
        piece: PieceName,
    },
    /// `x` marks a capture on an empty square.
    CaptureOfEmpty {
        square: String,
    },
    NotOnALine {
        from: String,
        to: String,
    },
    /// The piece does not move in any of `ways`; it moves `moves`.
    WrongDirection {
        piece: PieceName,
        square: String,
        ways: Vec<String>,
        moves: Vec<String>,
    },
    Blocked {
        from: String,
        to: String,
        obstacles: Vec<Obstacle>,
    },
    QueenCannotPromote {
        square: String,
    },
    HasDiagonal {
        piece: PieceName,
        square: String,
        diagonal: String,
    },
    /// Only rooks and 6-directional pieces take a single promotion.
    SinglePromotion {
        piece: PieceName,
        square: String,
    },
    OnlyRookToQueen {
        piece: PieceName,
        square: String,
    },
    DiagonalCount {
        piece: PieceName,
        square: String,
        count: u32,
    },
    /// A move the checks found nothing against, yet illegal.
    NotLegal,
    /// Spherical Chess 324 has no draws.
    NoDraws,
    /// The game is over.
    GameOver,
    /// It is not `side`'s turn.
    NotYourTurn {
        side: Side,
    },
}
