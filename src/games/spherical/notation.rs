//! Reading and writing moves: slides `h8h2`, `h8-h2`, `h9xa9`; promotion
//! steps `i8+ne`, `i8+nesw`, `i8+q`. Squares are in the game's set-up
//! labels. Reading never panics: every fault is a `MoveError`.

use super::movegen::step_allowed;
use super::piece::{Cell, Diagonals};
use super::position::{Move, Position};
use super::setup::SetUp;
use super::square::{steps_to, Dir, Square, SIDE};
use crate::games::{MoveError, Side};

/// The canonical text of `mv` in `position` (before it is played).
pub fn write(mv: Move, setup: SetUp, position: &Position) -> String {
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
pub fn read(text: &str, setup: SetUp, position: &Position, side: Side) -> Result<Move, MoveError> {
    let parsed = parse(text, setup).map_err(|reason| MoveError::Malformed {
        text: text.to_string(),
        reason,
    })?;
    let illegal = |reason: String| MoveError::Illegal {
        text: text.trim().to_string(),
        reason,
    };
    let mv = check(parsed, setup, position, side).map_err(illegal)?;
    if position.is_legal(mv) {
        Ok(mv)
    } else {
        // The checks above explain every refusal; this is a safety net.
        Err(illegal("that move is not legal here".into()))
    }
}

fn parse(text: &str, setup: SetUp) -> Result<Parsed, String> {
    let lower = text.trim().to_ascii_lowercase();
    if lower.is_empty() {
        return Err(
            "the move is empty; write a slide like h8-h2 or a promotion step like i8+ne".into(),
        );
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
        return Err(
            "a slide needs a second square (h8-h2); a promotion step needs + and diagonals (i8+ne)"
                .into(),
        );
    }
    let to = read_square(&mut rest, setup)?;
    if !rest.is_empty() {
        return Err(format!("unexpected {rest:?} after the move"));
    }
    Ok(Parsed::Slide { from, to, capture })
}

/// Reads a square label (`a1` to `r18`) off the front of `rest`.
fn read_square(rest: &mut &str, setup: SetUp) -> Result<Square, String> {
    let mut chars = rest.chars();
    let letter = chars.next().ok_or("expected a square such as h8")?;
    if !letter.is_ascii_lowercase() {
        return Err(format!("expected a square such as h8, found {letter:?}"));
    }
    let file = (letter as u8 - b'a') as usize;
    if file >= SIDE {
        return Err(format!("there is no file {letter:?}: the files are a to r"));
    }
    let digits: String = chars
        .as_str()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    if digits.is_empty() {
        return Err(format!(
            "the square starting {letter:?} needs a rank, 1 to 18"
        ));
    }
    let rank: usize = digits
        .parse()
        .ok()
        .filter(|r| (1..=SIDE).contains(r) && !digits.starts_with('0'))
        .ok_or_else(|| format!("there is no rank {digits}: the ranks are 1 to 18"))?;
    *rest = &rest[1 + digits.len()..];
    Ok(setup.square(file, rank - 1))
}

/// Reads the diagonals of a promotion step: `q` or names from ne, nw, se,
/// sw (any order, each at most once).
fn read_diagonals(text: &str) -> Result<Option<Diagonals>, String> {
    if text == "q" {
        return Ok(None);
    }
    if text.is_empty() {
        return Err("after + name the diagonals to add (ne, nw, se, sw) or q".into());
    }
    let mut adds = Diagonals::NONE;
    let mut rest = text;
    while !rest.is_empty() {
        let (d, name, _) = Diagonals::NAMED
            .into_iter()
            .find(|(_, name, _)| rest.starts_with(name))
            .ok_or_else(|| {
                format!("{rest:?} is not a diagonal: a promotion step adds ne, nw, se or sw, or q")
            })?;
        if adds.contains(d) {
            return Err(format!("the diagonal {name} is named twice"));
        }
        adds = adds.union(d);
        rest = &rest[name.len()..];
    }
    Ok(Some(adds))
}

/// Turns what was read into a move, or says precisely why it is illegal.
fn check(parsed: Parsed, setup: SetUp, position: &Position, side: Side) -> Result<Move, String> {
    let square = match parsed {
        Parsed::Slide { from, .. } => from,
        Parsed::Step { square, .. } => square,
    };
    let at = setup.label(square);
    let piece = position.cell(square);
    if piece.is_empty() {
        return Err(format!("there is no piece on {at}"));
    }
    if piece.is_neutral() {
        return Err(format!(
            "the piece on {at} is neutral: neutral pieces never move"
        ));
    }
    if piece.side() != Some(side) {
        return Err(format!("the {} on {at} is not yours", piece.kind_name()));
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
) -> Result<Move, String> {
    let (at, target) = (setup.label(from), setup.label(to));
    if from == to {
        return Err(format!("{at} to {target} goes nowhere"));
    }
    let side = piece.side().unwrap_or(Side::White);
    let victim = position.cell(to);
    if victim.side() == Some(side) {
        return Err(format!("{target} holds your own {}", victim.kind_name()));
    }
    if capture && victim.is_empty() {
        return Err(format!("x marks a capture, but {target} is empty"));
    }
    let lines: Vec<(Dir, usize)> = Dir::ALL
        .into_iter()
        .filter_map(|dir| steps_to(from, dir, to).map(|n| (dir, n)))
        .collect();
    if lines.is_empty() {
        return Err(format!(
            "{target} is not on a line (rank, file or diagonal, round the board included) from {at}"
        ));
    }
    let usable: Vec<(Dir, usize)> = lines
        .iter()
        .copied()
        .filter(|(dir, _)| piece.diagonals().allows(*dir))
        .collect();
    if usable.is_empty() {
        let ways: Vec<&str> = lines.iter().map(|(dir, _)| dir.name()).collect();
        return Err(format!(
            "the {} on {at} does not move {} (it moves {})",
            piece.kind_name(),
            ways.join(" or "),
            piece.diagonals().direction_list()
        ));
    }
    let mv = Move::Slide { from, to };
    if !position.is_legal(mv) {
        let obstacles: Vec<String> = usable
            .iter()
            .filter_map(|&(dir, n)| {
                (1..n)
                    .map(|k| super::square::step(from, dir, k))
                    .find(|s| !position.cell(*s).is_empty())
                    .map(|s| format!("{} at {}", dir.name(), setup.label(s)))
            })
            .collect();
        return Err(format!(
            "blocked: the way from {at} to {target} is obstructed ({})",
            obstacles.join("; ")
        ));
    }
    Ok(mv)
}

fn check_step(
    square: Square,
    adds: Option<Diagonals>,
    at: &str,
    piece: Cell,
) -> Result<Move, String> {
    let has = piece.diagonals();
    let kind = piece.kind_name();
    if has == Diagonals::ALL {
        return Err(format!(
            "the queen on {at} cannot promote: queens have every direction"
        ));
    }
    let adds = adds.unwrap_or(has.missing());
    for (d, name, _) in Diagonals::NAMED {
        if adds.contains(d) && has.contains(d) {
            return Err(format!(
                "the {kind} on {at} already has the {name} diagonal"
            ));
        }
    }
    if !step_allowed(has, adds) {
        let reason = match adds.count() {
            2 => format!(
                "a {kind} cannot take a single promotion (2 diagonals): only rooks and \
                 6-directional pieces can; it may add one diagonal at a time"
            ),
            4 => "only a rook may be promoted straight to a queen".to_string(),
            n => format!(
                "adding {n} diagonals is no promotion: a step adds 1 (half), 2 (single) \
                 or all 4 (double, rooks only)"
            ),
        };
        return Err(format!(
            "wrong promotion target for the {kind} on {at}: {reason}"
        ));
    }
    Ok(Move::Step { square, adds })
}
