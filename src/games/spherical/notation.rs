//! Reading and writing moves: slides `h8h2`, `h8-h2`, `h9xa9`; promotion
//! steps `i8+ne`, `i8+nesw`, `i8+q`. Squares are in the game's set-up
//! labels. Reading never panics: every fault is a `MoveError`.

use super::movegen::step_allowed;
use super::piece::{Cell, Diagonals};
use super::position::{Move, Position};
use super::setup::SetUp;
use super::square::{steps_to, Dir, Square, SIDE};
use crate::games::{MoveError, Notation, Obstacle, Reason, Side};

/// The canonical text of `mv` in `position` (before it is played).
pub(crate) fn write(mv: Move, setup: SetUp, position: &Position) -> String {
    match mv {
        Move::Slide { from, to } => {
            let sep = if position.cell(to).is_empty() {
                '-'
            } else {
                'x'
            };
            format!("{}{sep}{}", setup.label(from), setup.label(to))
        }
        Move::Step { square, adds } => {
            let adds = if adds == Diagonals::ALL {
                "q".to_string()
            } else {
                adds.text()
            };
            format!("{}+{adds}", setup.label(square))
        }
    }
}

/// What the text says, before any look at the position.
enum Parsed {
    Slide {
        from: Square,
        to: Square,
        capture: bool,
    },
    /// `None` for `q`: every missing diagonal.
    Step {
        square: Square,
        adds: Option<Diagonals>,
    },
}

/// Reads `text` as a legal move of `side` in `position`.
pub(crate) fn read(
    text: &str,
    setup: SetUp,
    position: &Position,
    side: Side,
) -> Result<Move, MoveError> {
    let parsed = parse(text, setup).map_err(|reason| MoveError::Malformed {
        text: text.to_string(),
        reason: Box::new(reason),
    })?;
    let illegal = |reason: Reason| MoveError::Illegal {
        text: text.trim().to_string(),
        reason: Box::new(reason),
    };
    let mv = check(parsed, setup, position, side).map_err(illegal)?;
    if position.is_legal(mv) {
        Ok(mv)
    } else {
        // The checks above explain every refusal; this is a safety net.
        Err(illegal(Reason::NotLegal))
    }
}

fn parse(text: &str, setup: SetUp) -> Result<Parsed, Reason> {
    let lower = text.trim().to_ascii_lowercase();
    if lower.is_empty() {
        return Err(Reason::Empty {
            notation: Notation::Spherical,
        });
    }
    let mut rest = lower.as_str();
    let from = read_square(&mut rest, setup)?;
    if let Some(diagonals) = rest.strip_prefix('+') {
        let adds = read_diagonals(diagonals)?;
        return Ok(Parsed::Step { square: from, adds });
    }
    let capture = rest.starts_with('x');
    if rest.starts_with('-') || capture {
        rest = &rest[1..];
    }
    if rest.is_empty() {
        return Err(Reason::SecondSquareMissing);
    }
    let to = read_square(&mut rest, setup)?;
    if !rest.is_empty() {
        return Err(Reason::TrailingText {
            text: rest.to_string(),
        });
    }
    Ok(Parsed::Slide { from, to, capture })
}

/// Reads a square label (`a1` to `r18`) off the front of `rest`.
fn read_square(rest: &mut &str, setup: SetUp) -> Result<Square, Reason> {
    let mut chars = rest.chars();
    let letter = chars.next().ok_or(Reason::ExpectedSquare { found: None })?;
    if !letter.is_ascii_lowercase() {
        return Err(Reason::ExpectedSquare {
            found: Some(letter.to_string()),
        });
    }
    let file = (letter as u8 - b'a') as usize;
    if file >= SIDE {
        return Err(Reason::NoSuchFile {
            letter: letter.to_string(),
        });
    }
    let digits: String = chars
        .as_str()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    if digits.is_empty() {
        return Err(Reason::RankMissing {
            letter: letter.to_string(),
        });
    }
    let rank: usize = digits
        .parse()
        .ok()
        .filter(|r| (1..=SIDE).contains(r) && !digits.starts_with('0'))
        .ok_or_else(|| Reason::NoSuchRank {
            rank: digits.clone(),
        })?;
    *rest = &rest[1 + digits.len()..];
    Ok(setup.square(file, rank - 1))
}

/// Reads the diagonals of a promotion step: `q` or names from ne, nw, se,
/// sw (any order, each at most once).
fn read_diagonals(text: &str) -> Result<Option<Diagonals>, Reason> {
    if text == "q" {
        return Ok(None);
    }
    if text.is_empty() {
        return Err(Reason::DiagonalsMissing);
    }
    let mut adds = Diagonals::NONE;
    let mut rest = text;
    while !rest.is_empty() {
        let (d, name, _) = Diagonals::NAMED
            .into_iter()
            .find(|(_, name, _)| rest.starts_with(name))
            .ok_or_else(|| Reason::NotADiagonal {
                text: rest.to_string(),
            })?;
        if adds.contains(d) {
            return Err(Reason::DiagonalTwice {
                diagonal: name.to_string(),
            });
        }
        adds = adds.union(d);
        rest = &rest[name.len()..];
    }
    Ok(Some(adds))
}

/// Turns what was read into a move, or says precisely why it is illegal.
fn check(parsed: Parsed, setup: SetUp, position: &Position, side: Side) -> Result<Move, Reason> {
    let square = match parsed {
        Parsed::Slide { from, .. } => from,
        Parsed::Step { square, .. } => square,
    };
    let at = setup.label(square);
    let piece = position.cell(square);
    if piece.is_empty() {
        return Err(Reason::NoPiece { square: at });
    }
    if piece.is_neutral() {
        return Err(Reason::Neutral { square: at });
    }
    if piece.side() != Some(side) {
        return Err(Reason::NotYours {
            piece: piece.kind_name(),
            square: at,
            owner: side.opponent(),
        });
    }
    match parsed {
        Parsed::Slide { from, to, capture } => {
            check_slide(from, to, capture, setup, position, piece)
        }
        Parsed::Step { square, adds } => check_step(square, adds, &at, piece),
    }
}

fn check_slide(
    from: Square,
    to: Square,
    capture: bool,
    setup: SetUp,
    position: &Position,
    piece: Cell,
) -> Result<Move, Reason> {
    let (at, target) = (setup.label(from), setup.label(to));
    if from == to {
        return Err(Reason::GoesNowhere {
            from: at,
            to: target,
        });
    }
    let side = piece.side().unwrap_or(Side::White);
    let victim = position.cell(to);
    if victim.side() == Some(side) {
        return Err(Reason::OwnPiece {
            square: target,
            piece: victim.kind_name(),
        });
    }
    if capture && victim.is_empty() {
        return Err(Reason::CaptureOfEmpty { square: target });
    }
    let lines: Vec<(Dir, usize)> = Dir::ALL
        .into_iter()
        .filter_map(|dir| steps_to(from, dir, to).map(|n| (dir, n)))
        .collect();
    if lines.is_empty() {
        return Err(Reason::NotOnALine {
            from: at,
            to: target,
        });
    }
    let usable: Vec<(Dir, usize)> = lines
        .iter()
        .copied()
        .filter(|(dir, _)| piece.diagonals().allows(*dir))
        .collect();
    if usable.is_empty() {
        return Err(Reason::WrongDirection {
            piece: piece.kind_name(),
            square: at,
            ways: lines
                .iter()
                .map(|(dir, _)| dir.name().to_string())
                .collect(),
            moves: piece.diagonals().direction_list(),
        });
    }
    let mv = Move::Slide { from, to };
    if !position.is_legal(mv) {
        let obstacles: Vec<Obstacle> = usable
            .iter()
            .filter_map(|&(dir, n)| {
                (1..n)
                    .map(|k| super::square::step(from, dir, k))
                    .find(|s| !position.cell(*s).is_empty())
                    .map(|s| Obstacle {
                        direction: dir.name().to_string(),
                        square: setup.label(s),
                    })
            })
            .collect();
        return Err(Reason::Blocked {
            from: at,
            to: target,
            obstacles,
        });
    }
    Ok(mv)
}

fn check_step(
    square: Square,
    adds: Option<Diagonals>,
    at: &str,
    piece: Cell,
) -> Result<Move, Reason> {
    let has = piece.diagonals();
    let kind = piece.kind_name();
    let at = at.to_string();
    if has == Diagonals::ALL {
        return Err(Reason::QueenCannotPromote { square: at });
    }
    let adds = adds.unwrap_or(has.missing());
    for (d, name, _) in Diagonals::NAMED {
        if adds.contains(d) && has.contains(d) {
            return Err(Reason::HasDiagonal {
                piece: kind,
                square: at,
                diagonal: name.to_string(),
            });
        }
    }
    if !step_allowed(has, adds) {
        return Err(match adds.count() {
            2 => Reason::SinglePromotion {
                piece: kind,
                square: at,
            },
            4 => Reason::OnlyRookToQueen {
                piece: kind,
                square: at,
            },
            count => Reason::DiagonalCount {
                piece: kind,
                square: at,
                count,
            },
        });
    }
    Ok(Move::Step { square, adds })
}
