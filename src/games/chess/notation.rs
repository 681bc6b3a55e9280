//! Moves in and out: SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) and coordinate
//! notation (`g1f3`, `e7e8q`, castling as the king's move `e1g1`).

use super::piece::Role;
use super::position::{Move, MoveKind, Position, Wing};
use super::square::{file_from_char, rank_from_char, Square};
use crate::games::{KingSafety, MoveError, Notation, PieceName, Reason};

/// The SAN of a legal move, with `+` or `#` where it gives check or mate.
pub fn san(pos: &Position, mv: Move) -> String {
    let mut text = san_without_suffix(pos, mv);
    let mut after = *pos;
    after.play(mv);
    if after.is_check() {
        text.push(if after.count_legal_moves() == 0 {
            '#'
        } else {
            '+'
        });
    }
    text
}

fn san_without_suffix(pos: &Position, mv: Move) -> String {
    match mv.kind {
        MoveKind::Castle(Wing::King) => return "O-O".into(),
        MoveKind::Castle(Wing::Queen) => return "O-O-O".into(),
        _ => {}
    }
    let role = pos.piece_at(mv.from).map_or(Role::Pawn, |p| p.role);
    let capture = mv.kind == MoveKind::EnPassant || pos.occupied().contains(mv.to);
    let mut text = String::new();
    if role == Role::Pawn {
        if capture {
            text.push(super::square::file_char(mv.from.file()));
        }
    } else {
        text.push(role.letter());
        // Most moves have no rival; the legal list (the costly part) is
        // needed only when another such piece reaches the square at all.
        let occupied = pos.occupied();
        let reach = match role {
            Role::Knight => super::attacks::knight(mv.to),
            Role::Bishop => super::attacks::bishop(mv.to, occupied),
            Role::Rook => super::attacks::rook(mv.to, occupied),
            Role::Queen => super::attacks::queen(mv.to, occupied),
            _ => super::attacks::king(mv.to),
        };
        let mover = pos.turn();
        let possible = reach & pos.pieces(mover, role) & !mv.from.bb();
        let legal = if possible.any() {
            pos.legal_moves()
        } else {
            Vec::new()
        };
        let rivals: Vec<Square> = legal
            .into_iter()
            .filter(|other| {
                other.to == mv.to
                    && other.from != mv.from
                    && !matches!(other.kind, MoveKind::Castle(_))
                    && pos.piece_at(other.from).map(|p| p.role) == Some(role)
            })
            .map(|other| other.from)
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|sq| sq.file() != mv.from.file()) {
                text.push(super::square::file_char(mv.from.file()));
            } else if rivals.iter().all(|sq| sq.rank() != mv.from.rank()) {
                text.push((b'1' + mv.from.rank()) as char);
            } else {
                text.push_str(&mv.from.to_string());
            }
        }
    }
    if capture {
        text.push('x');
    }
    text.push_str(&mv.to.to_string());
    if let Some(promoted) = mv.promotion() {
        text.push('=');
        text.push(promoted.letter());
    }
    text
}

/// A move in coordinate form before it is matched against the position:
/// from, to and what follows (a promotion letter, a digit, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CoordinateText<'a> {
    pub(crate) from: Square,
    pub(crate) to: Square,
    /// Whatever follows the squares, without a leading `=`.
    pub(crate) suffix: &'a str,
}

/// Reads `e2e4`, `e2-e4`, `e2xe4`, `e7e8q`, `e7e8=Q`, `e7e8=2`.
pub(crate) fn parse_coordinate(text: &str) -> Option<CoordinateText<'_>> {
    let text = text.trim();
    let from = Square::parse(text.get(0..2)?)?;
    let mut rest = text.get(2..)?;
    if let Some(stripped) = rest.strip_prefix(['-', 'x', ':']) {
        rest = stripped;
    }
    let to = Square::parse(rest.get(0..2)?)?;
    let suffix = rest.get(2..)?;
    let suffix = suffix.strip_prefix('=').unwrap_or(suffix);
    Some(CoordinateText { from, to, suffix })
}

/// Strips check, mate and annotation marks, and an `e.p.` remark.
pub(crate) fn strip_annotations(text: &str) -> &str {
    let mut text = text.trim();
    for remark in ["e.p.", "ep"] {
        if let Some(stripped) = text.strip_suffix(remark) {
            if stripped.len() >= 2 {
                text = stripped.trim_end();
            }
        }
    }
    text.trim_end_matches(['+', '#', '!', '?'])
}

/// The castling wing a text names: `O-O`, `0-0`, `O-O-O`, any case.
pub(crate) fn parse_castling(text: &str) -> Option<Wing> {
    match text.to_ascii_uppercase().replace('0', "O").as_str() {
        "O-O" | "OO" => Some(Wing::King),
        "O-O-O" | "OOO" => Some(Wing::Queen),
        _ => None,
    }
}

/// What a SAN text asks for, before it is matched.
struct SanPattern {
    role: Role,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promotion: Option<Role>,
}

fn parse_san(text: &str) -> Option<SanPattern> {
    let mut chars: Vec<char> = text.chars().collect();
    let mut promotion = None;
    if let Some(&last) = chars.last() {
        if let Some(role) =
            Role::from_letter(last).filter(|r| !matches!(r, Role::Pawn | Role::King))
        {
            if chars.len() >= 3
                && (chars[chars.len() - 2] == '=' || chars[chars.len() - 2].is_ascii_digit())
            {
                promotion = Some(role);
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
    }
    let mut role = Role::Pawn;
    let mut rest = &chars[..];
    if let Some(&first) = rest.first() {
        if first.is_ascii_uppercase() {
            role = Role::from_letter(first).filter(|&r| r != Role::Pawn)?;
            rest = &rest[1..];
        }
    }
    let (from_file, from_rank, to) = parse_san_squares(rest)?;
    if role == Role::Pawn && from_rank.is_some() && from_file.is_none() {
        return None;
    }
    Some(SanPattern {
        role,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

/// The squares of a SAN move without its piece letter and promotion:
/// `[file][rank][x|-|:]square`, as (from file, from rank, to).
pub(crate) fn parse_san_squares(chars: &[char]) -> Option<(Option<u8>, Option<u8>, Square)> {
    let n = chars.len();
    if n < 2 {
        return None;
    }
    let to = Square::from_coords(file_from_char(chars[n - 2])?, rank_from_char(chars[n - 1])?);
    let mut head = &chars[..n - 2];
    if let Some((&last, init)) = head.split_last() {
        if matches!(last, 'x' | '-' | ':') {
            head = init;
        }
    }
    let (mut from_file, mut from_rank) = (None, None);
    for &c in head {
        if let Some(file) = file_from_char(c).filter(|_| from_file.is_none() && from_rank.is_none())
        {
            from_file = Some(file);
        } else if let Some(rank) = rank_from_char(c).filter(|_| from_rank.is_none()) {
            from_rank = Some(rank);
        } else {
            return None;
        }
    }
    Some((from_file, from_rank, to))
}

/// Reads a move in SAN or coordinate notation and finds it among the
/// legal moves; the error says what is wrong and lists the legal moves.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let original = text.trim();
    let cleaned = strip_annotations(original);
    let legal = pos.legal_moves();
    let malformed = |reason: Reason| MoveError::Malformed {
        text: original.to_string(),
        reason: Box::new(reason),
    };
    if cleaned.is_empty() {
        return Err(malformed(Reason::Empty {
            notation: Notation::Chess,
        }));
    }
    let candidates: Vec<Move>;
    let what: Reason;
    if let Some(wing) = parse_castling(cleaned) {
        candidates = legal
            .iter()
            .copied()
            .filter(|mv| mv.kind == MoveKind::Castle(wing))
            .collect();
        what = Reason::NoCastling { king_safety: None };
    } else if let Some(coord) = parse_coordinate(cleaned) {
        (candidates, what) = coordinate_candidates(pos, &legal, &coord, original)?;
    } else if let Some(pattern) = parse_san(cleaned) {
        (candidates, what) = san_candidates(pos, &legal, &pattern, original)?;
    } else {
        return Err(malformed(Reason::Unreadable {
            notation: Notation::Chess,
        }));
    }
    match candidates.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveError::Illegal {
            text: original.to_string(),
            reason: Box::new(with_safety(what, check_hint(pos, cleaned))),
        }),
        several => {
            let options: Vec<String> = several.iter().map(|mv| san(pos, *mv)).collect();
            Err(MoveError::Illegal {
                text: original.to_string(),
                reason: Box::new(Reason::Ambiguous { options }),
            })
        }
    }
}

/// The legal moves a coordinate move (`e2e4`, `e7e8q`) may mean, and what
/// to say when there is none.
fn coordinate_candidates(
    pos: &Position,
    legal: &[Move],
    coord: &CoordinateText<'_>,
    original: &str,
) -> Result<(Vec<Move>, Reason), MoveError> {
    let malformed = |reason: Reason| MoveError::Malformed {
        text: original.to_string(),
        reason: Box::new(reason),
    };
    let promotion = match coord.suffix {
        "" => None,
        s if s.chars().count() == 1 => match s.chars().next().and_then(Role::from_letter) {
            Some(role) if !matches!(role, Role::Pawn | Role::King) => Some(role),
            _ => return Err(malformed(Reason::PromotionLetter)),
        },
        suffix => {
            return Err(malformed(Reason::TrailingText {
                text: suffix.to_string(),
            }))
        }
    };
    let same_squares: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|mv| mv.from == coord.from && mv.to == coord.to)
        .collect();
    if promotion.is_none() && same_squares.iter().any(|mv| mv.promotion().is_some()) {
        let choices: Vec<String> = same_squares.iter().map(|mv| mv.coordinate()).collect();
        return Err(MoveError::Illegal {
            text: original.to_string(),
            reason: Box::new(Reason::MustPromote { choices }),
        });
    }
    let candidates = same_squares
        .into_iter()
        .filter(|mv| mv.promotion() == promotion)
        .collect();
    let what = describe_coordinate(pos, coord.from, coord.to);
    Ok((candidates, what))
}

/// The legal moves a SAN move (`Nf3`, `exd5`, `e8=Q`) may mean, and what
/// to say when there is none.
fn san_candidates(
    pos: &Position,
    legal: &[Move],
    pattern: &SanPattern,
    original: &str,
) -> Result<(Vec<Move>, Reason), MoveError> {
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|mv| {
            !matches!(mv.kind, MoveKind::Castle(_))
                && mv.to == pattern.to
                && pos.piece_at(mv.from).map(|p| p.role) == Some(pattern.role)
                && pattern.from_file.is_none_or(|f| mv.from.file() == f)
                && pattern.from_rank.is_none_or(|r| mv.from.rank() == r)
                && (mv.promotion() == pattern.promotion
                    || (pattern.promotion.is_none() && mv.promotion().is_some()))
        })
        .collect();
    if pattern.promotion.is_none() && candidates.iter().any(|mv| mv.promotion().is_some()) {
        let choices: Vec<String> = candidates.iter().map(|mv| san(pos, *mv)).collect();
        return Err(MoveError::Illegal {
            text: original.to_string(),
            reason: Box::new(Reason::MustPromote { choices }),
        });
    }
    let what = Reason::NoneCanReach {
        side: pos.turn(),
        piece: piece_name(pattern.role),
        from_file: pattern.from_file.map(|file| (b'a' + file) as char),
        from_rank: pattern.from_rank.map(|rank| rank + 1),
        to: pattern.to.to_string(),
        king_safety: None,
    };
    Ok((candidates, what))
}

/// Why a move between two squares is not there, as precisely as can be told.
fn describe_coordinate(pos: &Position, from: Square, to: Square) -> Reason {
    match pos.piece_at(from) {
        None => Reason::NoPiece {
            square: from.to_string(),
        },
        Some(piece) if piece.color != pos.turn() => Reason::NotYours {
            piece: piece_name(piece.role),
            square: from.to_string(),
            owner: piece.color,
        },
        Some(piece) => Reason::CannotMoveTo {
            piece: piece_name(piece.role),
            from: from.to_string(),
            to: to.to_string(),
            king_safety: None,
        },
    }
}

/// If the move would be fine but for the king's safety, say so.
fn check_hint(pos: &Position, text: &str) -> Option<KingSafety> {
    if !pos.rules().royal_kings {
        return None;
    }
    let mut free = *pos;
    let mut rules = *pos.rules();
    rules.royal_kings = false;
    free.set_rules(rules);
    if parse_move(&free, text).is_ok() {
        if pos.is_check() {
            Some(KingSafety::StaysInCheck)
        } else {
            Some(KingSafety::Exposes)
        }
    } else {
        None
    }
}

/// A reason for a missing move, told whether the king is why.
fn with_safety(reason: Reason, safety: Option<KingSafety>) -> Reason {
    match reason {
        Reason::NoCastling { .. } => Reason::NoCastling {
            king_safety: safety,
        },
        Reason::CannotMoveTo {
            piece, from, to, ..
        } => Reason::CannotMoveTo {
            piece,
            from,
            to,
            king_safety: safety,
        },
        Reason::NoneCanReach {
            side,
            piece,
            from_file,
            from_rank,
            to,
            ..
        } => Reason::NoneCanReach {
            side,
            piece,
            from_file,
            from_rank,
            to,
            king_safety: safety,
        },
        other => other,
    }
}

/// A chess piece as reasons name it.
pub(crate) fn piece_name(role: Role) -> PieceName {
    match role {
        Role::Pawn => PieceName::Pawn,
        Role::Knight => PieceName::Knight,
        Role::Bishop => PieceName::Bishop,
        Role::Rook => PieceName::Rook,
        Role::Queen => PieceName::Queen,
        Role::King => PieceName::King,
    }
}
