//! Board moves in: coordinate notation (`e2e4`, `e1g1`, `e7e8=2`,
//! `e7e8=n`), castling as `O-O`/`O-O-O`, and SAN by kind letter (`Nf3`,
//! `nc3`; a little bishop's `b` only where no pawn move reads the same).
//! Moves out: coordinate notation, see [`BoardMove::coordinate`].

use super::board::{Board, BoardMove, Man};
use super::kind::Kind;
use crate::games::chess::notation::{
    parse_castling, parse_coordinate, parse_san_squares, strip_annotations,
};
use crate::games::chess::{MoveKind, Square};
use crate::games::{MoveError, Notation, PieceName, Reason};

/// How a promotion is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Default,
    Digit(u8),
    Kind(Kind),
}

pub(crate) fn parse_move(
    board: &Board,
    promote_digits: &[u8],
    text: &str,
) -> Result<BoardMove, MoveError> {
    let original = text.trim();
    let cleaned = strip_annotations(original);
    let malformed = |reason: Reason| MoveError::Malformed {
        text: original.to_string(),
        reason: Box::new(reason),
    };
    let illegal = |reason: Reason| MoveError::Illegal {
        text: original.to_string(),
        reason: Box::new(reason),
    };
    if cleaned.is_empty() {
        return Err(malformed(Reason::Empty {
            notation: Notation::Progression,
        }));
    }
    let legal = board.legal_moves();
    if let Some(wing) = parse_castling(cleaned) {
        return legal
            .iter()
            .copied()
            .find(|bm| bm.mv.kind == MoveKind::Castle(wing))
            .ok_or_else(|| illegal(Reason::CastlingNeedsUnmoved));
    }
    if let Some(coord) = parse_coordinate(cleaned) {
        let choice = parse_choice(coord.suffix).map_err(&malformed)?;
        let same: Vec<BoardMove> = legal
            .iter()
            .copied()
            .filter(|bm| bm.mv.from == coord.from && bm.mv.to == coord.to)
            .collect();
        if same.is_empty() {
            return Err(illegal(why_not(board, coord.from, coord.to)));
        }
        return pick_promotion(board, promote_digits, &same, choice).map_err(illegal);
    }
    parse_san_move(board, promote_digits, cleaned, &legal).map_err(|(reason, readable)| {
        if readable {
            illegal(reason)
        } else {
            malformed(reason)
        }
    })
}

/// SAN by kind letter. The error says why, and whether the text could be
/// read as a move at all.
fn parse_san_move(
    board: &Board,
    promote_digits: &[u8],
    text: &str,
    legal: &[BoardMove],
) -> Result<BoardMove, (Reason, bool)> {
    let san = parse_san(text);
    // A leading `b` is a pawn's file first; only if no pawn move reads
    // that way is it the little bishop.
    let mut readings = vec![(san.mover, san.rest.as_str())];
    if san.mover == Some(Kind::LittleBishop) {
        readings.insert(0, (None, text));
    }
    let mut readable = false;
    for (mover, rest) in readings {
        let Some(pattern) = parse_target(rest) else {
            continue;
        };
        readable = true;
        let wanted = match mover {
            None => Man::Pawn,
            Some(kind) => Man::Piece(kind),
        };
        let found: Vec<BoardMove> = legal
            .iter()
            .copied()
            .filter(|bm| {
                board.man_at(bm.mv.from).map(|(_, man)| man) == Some(wanted)
                    && !matches!(bm.mv.kind, MoveKind::Castle(_))
                    && bm.mv.to == pattern.to
                    && pattern.from_file.is_none_or(|f| bm.mv.from.file() == f)
                    && pattern.from_rank.is_none_or(|r| bm.mv.from.rank() == r)
            })
            .collect();
        if found.is_empty() {
            continue;
        }
        let mut froms: Vec<Square> = found.iter().map(|bm| bm.mv.from).collect();
        froms.dedup();
        if froms.len() > 1 {
            let options: Vec<String> = found.iter().map(|bm| bm.coordinate()).collect();
            return Err((Reason::Ambiguous { options }, true));
        }
        let choice = parse_choice(&pattern.promotion).map_err(|reason| (reason, false))?;
        return pick_promotion(board, promote_digits, &found, choice).map_err(|r| (r, true));
    }
    if !readable {
        return Err((
            Reason::Unreadable {
                notation: Notation::Progression,
            },
            false,
        ));
    }
    let piece = match san.mover {
        Some(kind) => kind_name(kind),
        None => PieceName::Pawn,
    };
    Err((
        Reason::NoneCanMakeMove {
            side: board.turn(),
            piece,
        },
        true,
    ))
}

/// The promotion part after the squares, without `=`: empty, a digit, or
/// a kind letter.
fn parse_choice(suffix: &str) -> Result<Choice, Reason> {
    let mut chars = suffix.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Ok(Choice::Default),
        (Some(c @ '1'..='8'), None) => Ok(Choice::Digit(c as u8 - b'0')),
        (Some(c), None) => {
            Kind::from_letter(c)
                .map(Choice::Kind)
                .ok_or_else(|| Reason::PromotionChoice {
                    found: c.to_string(),
                })
        }
        _ => Err(Reason::TrailingText {
            text: suffix.to_string(),
        }),
    }
}

fn pick_promotion(
    board: &Board,
    digits: &[u8],
    same: &[BoardMove],
    choice: Choice,
) -> Result<BoardMove, Reason> {
    let is_promotion = same.iter().any(|bm| bm.promotion.is_some());
    let us = board.turn();
    let list = board.list(us);
    let offer = || {
        digits
            .iter()
            .map(|&d| format!("={d} ({})", list.at(d)))
            .collect::<Vec<_>>()
    };
    let kind = match (is_promotion, choice) {
        (false, Choice::Default) => return Ok(same[0]),
        (false, _) => return Err(Reason::NoPromotionHere),
        (true, Choice::Default) => list.at(digits[0]),
        (true, Choice::Digit(d)) => {
            if !digits.contains(&d) {
                return Err(Reason::PromoteDigitNotAllowed {
                    digit: d,
                    offer: offer(),
                });
            }
            list.at(d)
        }
        (true, Choice::Kind(kind)) => kind,
    };
    same.iter()
        .copied()
        .find(|bm| bm.promotion == Some(kind))
        .ok_or_else(|| Reason::PromotionNotOffered {
            piece: kind_name(kind),
            list: list.to_string(),
            offer: offer(),
        })
}

/// Why nothing on `from` can go to `to`, as precisely as can be told.
fn why_not(board: &Board, from: Square, to: Square) -> Reason {
    let name = |man: Man| match man {
        Man::Pawn => PieceName::Pawn,
        Man::Piece(kind) => kind_name(kind),
    };
    match board.man_at(from) {
        None => Reason::NoPiece {
            square: from.to_string(),
        },
        Some((color, man)) if color != board.turn() => Reason::NotYours {
            piece: name(man),
            square: from.to_string(),
            owner: color,
        },
        Some((_, man)) => Reason::CannotMoveTo {
            piece: name(man),
            from: from.to_string(),
            to: to.to_string(),
            king_safety: None,
        },
    }
}

/// A kind as reasons name it.
pub(crate) fn kind_name(kind: Kind) -> PieceName {
    match kind {
        Kind::King => PieceName::King,
        Kind::Queen => PieceName::Queen,
        Kind::Rook => PieceName::Rook,
        Kind::LittleRook => PieceName::LittleRook,
        Kind::Knight => PieceName::Knight,
        Kind::LittleKnight => PieceName::LittleKnight,
        Kind::Bishop => PieceName::Bishop,
        Kind::LittleBishop => PieceName::LittleBishop,
    }
}

struct San {
    /// `None` for a pawn.
    mover: Option<Kind>,
    rest: String,
}

/// Splits off a leading kind letter; without one the move is a pawn's.
/// (`b` is both a kind and a file: [`parse_san_move`] tries both.)
fn parse_san(text: &str) -> San {
    let mut chars = text.chars();
    match chars.next().and_then(Kind::from_letter) {
        Some(kind) => San {
            mover: Some(kind),
            rest: chars.collect(),
        },
        None => San {
            mover: None,
            rest: text.to_string(),
        },
    }
}

struct Target {
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    /// After `=`, or empty.
    promotion: String,
}

/// `[file][rank][x|-|:]square[=promotion]`.
fn parse_target(text: &str) -> Option<Target> {
    let (body, promotion) = match text.split_once('=') {
        Some((body, promotion)) => (body, promotion.to_string()),
        None => (text, String::new()),
    };
    let chars: Vec<char> = body.chars().collect();
    let (from_file, from_rank, to) = parse_san_squares(&chars)?;
    Some(Target {
        from_file,
        from_rank,
        to,
        promotion,
    })
}
