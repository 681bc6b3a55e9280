//! The English text of the reasons, for logs, the CLI and tests; the
//! host's English templates word them the same way.

use super::{KingSafety, ListProblem, MegaBar, MegaHint, Notation, PieceName, Reason};
use std::fmt;

impl fmt::Display for PieceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            PieceName::Pawn => "pawn",
            PieceName::Knight => "knight",
            PieceName::Bishop => "bishop",
            PieceName::Rook => "rook",
            PieceName::Queen => "queen",
            PieceName::King => "king",
            PieceName::LittleRook => "little rook",
            PieceName::LittleKnight => "little knight",
            PieceName::LittleBishop => "little bishop",
            PieceName::Neutral => "neutral piece",
            PieceName::Directional { directions } => {
                return write!(f, "{directions}-directional piece")
            }
        };
        f.write_str(name)
    }
}

impl fmt::Display for ListProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListProblem::WrongLength { text, length } => write!(
                f,
                "a list has exactly 8 letters, one for each of K Q R r N n B b, but {text:?} has {length}"
            ),
            ListProblem::NotAKind { letter, position } => write!(
                f,
                "{letter:?} (position {position}) is not a kind; the kinds are K Q R r N n B b, and case matters"
            ),
            ListProblem::Repeated {
                letter,
                first,
                second,
            } => write!(
                f,
                "{letter} stands at positions {first} and {second}; each kind appears exactly once"
            ),
            ListProblem::Mismatch {
                position,
                wanted,
                found,
            } => match wanted {
                Some(wanted) => write!(f, "position {position} must be {wanted}, not {found}"),
                None => write!(f, "position {position} must be z, so Q or K, not {found}"),
            },
        }
    }
}

fn safety(king_safety: &Option<KingSafety>) -> &'static str {
    match king_safety {
        None => "",
        Some(KingSafety::StaysInCheck) => " (your king is in check and this does not end it)",
        Some(KingSafety::Exposes) => {
            " (it would expose your king to check, or castle through check)"
        }
    }
}

fn how_to_write(notation: Notation) -> &'static str {
    match notation {
        Notation::Chess => "write a move in SAN (Nf3, exd5, O-O, e8=Q) or coordinates (g1f3, e7e8q)",
        Notation::Progression => "write a move in coordinates (e2e4, e1g1 to castle, e7e8=2 or e7e8=n to promote) or as Nf3 / nc3 / O-O",
        Notation::Spherical => "write a slide like h8-h2 or a promotion step like i8+ne",
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Each group words its own kinds and passes the others on.
        reading(self, f)
            .or_else(|| pieces(self, f))
            .or_else(|| lists(self, f))
            .or_else(|| board(self, f))
            .unwrap_or(Ok(()))
    }
}

/// A text that does not read as a move.
fn reading(reason: &Reason, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    use Reason::*;
    Some(match reason {
        Empty { notation } => write!(f, "the move is empty; {}", how_to_write(*notation)),
        Unreadable { notation } => f.write_str(how_to_write(*notation)),
        PromotionLetter => f.write_str("a promotion is written with q, r, b or n, as in e7e8q"),
        TrailingText { text } => write!(f, "unexpected {text:?} after the move"),
        PromotionChoice { found } => write!(
            f,
            "{found:?} is neither a list position 1-8 nor a kind (K Q R r N n B b, case matters); promote as e7e8=2 or e7e8=n"
        ),
        SecondSquareMissing => f.write_str(
            "a slide needs a second square (h8-h2); a promotion step needs + and diagonals (i8+ne)",
        ),
        ExpectedSquare { found: None } => f.write_str("expected a square such as h8"),
        ExpectedSquare { found: Some(found) } => {
            write!(f, "expected a square such as h8, found {found:?}")
        }
        NoSuchFile { letter } => write!(f, "there is no file {letter:?}: the files are a to r"),
        RankMissing { letter } => {
            write!(f, "the square starting {letter:?} needs a rank, 1 to 18")
        }
        NoSuchRank { rank } => write!(f, "there is no rank {rank}: the ranks are 1 to 18"),
        DiagonalsMissing => f.write_str("after + name the diagonals to add (ne, nw, se, sw) or q"),
        NotADiagonal { text } => write!(
            f,
            "{text:?} is not a diagonal: a promotion step adds ne, nw, se or sw, or q"
        ),
        DiagonalTwice { diagonal } => write!(f, "the diagonal {diagonal} is named twice"),
        _ => return None,
    })
}

/// The 8×8 games: pieces, promotions, lists, boards.
fn pieces(reason: &Reason, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    use Reason::*;
    Some(match reason {
        NoCastling { king_safety } => {
            write!(f, "castling that way is not possible{}", safety(king_safety))
        }
        CastlingNeedsUnmoved => f.write_str(
            "castling that way needs the unmoved King and that unmoved rook with nothing between them",
        ),
        NoPiece { square } => write!(f, "there is no piece on {square}"),
        NotYours {
            piece,
            square,
            owner,
        } => write!(f, "the {piece} on {square} is {owner}'s"),
        Neutral { square } => {
            write!(f, "the piece on {square} is neutral: neutral pieces never move")
        }
        CannotMoveTo {
            piece,
            from,
            to,
            king_safety,
        } => write!(f, "the {piece} on {from} cannot move to {to}{}", safety(king_safety)),
        NoneCanReach {
            side,
            piece,
            from_file,
            from_rank,
            to,
            king_safety,
        } => {
            let from = match (from_file, from_rank) {
                (Some(file), Some(rank)) => format!(" on {file}{rank}"),
                (Some(file), None) => format!(" on the {file}-file"),
                (None, Some(rank)) => format!(" on rank {rank}"),
                (None, None) => String::new(),
            };
            write!(
                f,
                "no {} {piece}{from} can move to {to}{}",
                side.name().to_lowercase(),
                safety(king_safety)
            )
        }
        NoneCanMakeMove { side, piece } => write!(
            f,
            "no {} {piece} can make that move (in SAN a letter's case names big or little, not colour)",
            side.name().to_lowercase()
        ),
        Ambiguous { options } => write!(f, "ambiguous: it could be {}", options.join(" or ")),
        MustPromote { choices } => write!(
            f,
            "a pawn reaching the last rank must promote: say {}",
            choices.join(", ")
        ),
        NoPromotionHere => {
            f.write_str("only a pawn reaching the last rank takes a promotion choice")
        }
        PromoteDigitNotAllowed { digit, offer } => write!(
            f,
            "{digit} is not one of this game's -promote: digits; choose {}",
            offer.join(", ")
        ),
        PromotionNotOffered { piece, list, offer } => write!(
            f,
            "a pawn may not become a {piece} here: your list {list} at the -promote: positions gives {}",
            offer.join(", ")
        ),
        _ => return None,
    })
}

/// Progression Chess lists and Infinite Recursion Chess boards.
fn lists(reason: &Reason, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    use Reason::*;
    Some(match reason {
        ChooseList {
            side,
            template,
            example,
            problem,
        } => write!(
            f,
            "{side} must first choose a progression list matching the template {template} (x any kind, z Q or K): {problem}; for example {example}"
        ),
        WrongBoard { side, named, owed } => write!(
            f,
            "{side} moves on {owed}'s board in this round, not on {named}'s; write your move for {owed}'s board instead"
        ),
        BoardFinished {
            board,
            outcome,
            owed,
        } => write!(
            f,
            "the game on {board}'s board is over ({outcome}); write your move for {owed}'s board instead"
        ),
        OnBoard {
            board,
            mega,
            reason,
        } => on_board(*board, mega, reason, f),
        _ => return None,
    })
}

/// A reason on one board of Infinite Recursion Chess.
fn on_board(
    board: super::Side,
    mega: &Option<MegaHint>,
    reason: &Reason,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    write!(f, "on {board}'s board: ")?;
    if let Some(MegaHint { owner, state, bar }) = mega {
        let state = state.name();
        match bar {
            MegaBar::Move => write!(f, "{owner}'s mega-knight is {state}, so it may not move; ")?,
            MegaBar::Capture => write!(
                f,
                "{owner}'s mega-knight is {state}, so it may not capture; "
            )?,
            MegaBar::BeCaptured => write!(
                f,
                "{owner}'s mega-knight is {state} and cannot be captured; "
            )?,
        }
    }
    write!(f, "{reason}")
}

/// Spherical Chess 324's slides and steps, and the general reasons.
fn board(reason: &Reason, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    use Reason::*;
    Some(match reason {
        GoesNowhere { from, to } => write!(f, "{from} to {to} goes nowhere"),
        OwnPiece { square, piece } => write!(f, "{square} holds your own {piece}"),
        CaptureOfEmpty { square } => write!(f, "x marks a capture, but {square} is empty"),
        NotOnALine { from, to } => write!(
            f,
            "{to} is not on a line (rank, file or diagonal, round the board included) from {from}"
        ),
        WrongDirection {
            piece,
            square,
            ways,
            moves,
        } => write!(
            f,
            "the {piece} on {square} does not move {} (it moves {})",
            ways.join(" or "),
            moves.join(" ")
        ),
        Blocked {
            from,
            to,
            obstacles,
        } => {
            let obstacles: Vec<String> = obstacles
                .iter()
                .map(|o| format!("{} at {}", o.direction, o.square))
                .collect();
            write!(
                f,
                "blocked: the way from {from} to {to} is obstructed ({})",
                obstacles.join("; ")
            )
        }
        QueenCannotPromote { square } => write!(
            f,
            "the queen on {square} cannot promote: queens have every direction"
        ),
        HasDiagonal {
            piece,
            square,
            diagonal,
        } => write!(f, "the {piece} on {square} already has the {diagonal} diagonal"),
        SinglePromotion { piece, square } => write!(
            f,
            "wrong promotion target for the {piece} on {square}: a {piece} cannot take a single promotion (2 diagonals): only rooks and 6-directional pieces can; it may add one diagonal at a time"
        ),
        OnlyRookToQueen { piece, square } => write!(
            f,
            "wrong promotion target for the {piece} on {square}: only a rook may be promoted straight to a queen"
        ),
        DiagonalCount {
            piece,
            square,
            count,
        } => write!(
            f,
            "wrong promotion target for the {piece} on {square}: adding {count} diagonals is no promotion: a step adds 1 (half), 2 (single) or all 4 (double, rooks only)"
        ),
        NotLegal => f.write_str("that move is not legal here"),
        NoDraws => f.write_str(
            "Spherical Chess 324 has no draws: play on until a side loses its last queen, or resign",
        ),
        GameOver => f.write_str("the game is over"),
        NotYourTurn { side } => write!(f, "it is not {side}'s turn"),
        _ => return None,
    })
}
