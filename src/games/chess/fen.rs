//! FEN in and out, with errors that name the field and the problem.

use super::piece::{Color, Piece, Role};
use super::position::{Position, Rules, Wing};
use super::square::{file_char, Square};
use std::fmt::Write;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN: {0}")]
pub struct FenError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(message.into()))
}

/// Parses a FEN (the last two fields may be left out) under `rules`, and
/// checks the position is one the rules can play from.
pub fn parse(text: &str, rules: Rules) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return err(format!(
            "expected 6 fields (placement, side, castling, en passant, halfmove clock, move number), found {}",
            fields.len()
        ));
    }
    let mut pos = Position::empty(rules);
    parse_placement(&mut pos, fields[0])?;
    pos.set_turn(match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return err(format!("side to move must be w or b, not {other:?}")),
    });
    parse_castling(&mut pos, fields[2])?;
    parse_en_passant(&mut pos, fields[3])?;
    if let Some(clock) = fields.get(4) {
        let clock = clock
            .parse()
            .or_else(|_| err(format!("halfmove clock must be a number, not {clock:?}")))?;
        pos.set_halfmove_clock(clock);
    }
    if let Some(number) = fields.get(5) {
        let number: u32 = number
            .parse()
            .or_else(|_| err(format!("move number must be a number, not {number:?}")))?;
        if number == 0 {
            return err("move number must be at least 1");
        }
        pos.set_fullmove_number(number);
    }
    validate(&pos)?;
    Ok(pos)
}

fn parse_placement(pos: &mut Position, placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return err(format!(
            "placement must have 8 ranks separated by '/', found {}",
            ranks.len()
        ));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as u8;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                if file < 8 {
                    pos.put(Square::from_coords(file, rank), piece);
                }
                file += 1;
            } else {
                return err(format!(
                    "rank {}: {c:?} is not a piece letter or a digit 1-8",
                    rank + 1
                ));
            }
            if file > 8 {
                return err(format!("rank {} has more than 8 squares", rank + 1));
            }
        }
        if file != 8 {
            return err(format!("rank {} has {file} squares, not 8", rank + 1));
        }
    }
    Ok(())
}

fn parse_castling(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let setup = pos.rules().castling;
    for c in text.chars() {
        let (color, wing) = match c {
            'K' => (Color::White, Wing::King),
            'Q' => (Color::White, Wing::Queen),
            'k' => (Color::Black, Wing::King),
            'q' => (Color::Black, Wing::Queen),
            other => return err(format!("castling field: {other:?} is not one of K Q k q -")),
        };
        if pos.has_castling_right(color, wing) {
            return err(format!("castling field names {c} twice"));
        }
        let king = setup.king_from(color);
        let rook = setup.rook_from(color, wing);
        if pos.piece_at(king) != Some(Piece::new(color, Role::King))
            || pos.piece_at(rook) != Some(Piece::new(color, Role::Rook))
        {
            return err(format!(
                "castling right {c} needs the {color} king on {king} and a rook on {rook}"
            ));
        }
        pos.set_castling_right(color, wing, true);
    }
    Ok(())
}

fn parse_en_passant(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let Some(sq) = Square::parse(text) else {
        return err(format!(
            "en passant field must be a square or -, not {text:?}"
        ));
    };
    let (rank, pawn_rank, mover) = match pos.turn() {
        Color::White => (5, 4, Color::Black),
        Color::Black => (2, 3, Color::White),
    };
    if sq.rank() != rank {
        return err(format!(
            "en passant square {sq} is impossible with {} to move (it must be on rank {})",
            pos.turn(),
            rank + 1
        ));
    }
    let pawn = Square::from_coords(sq.file(), pawn_rank);
    if pos.piece_at(pawn) != Some(Piece::new(mover, Role::Pawn)) || pos.piece_at(sq).is_some() {
        return err(format!(
            "en passant square {sq} needs a {mover} pawn on {pawn} that has just stepped over an empty {sq}"
        ));
    }
    pos.set_en_passant(Some(sq));
    Ok(())
}

fn validate(pos: &Position) -> Result<(), FenError> {
    let pawns = pos.by_role(Role::Pawn);
    if let Some(sq) =
        (pawns & (super::square::Bitboard::rank(0) | super::square::Bitboard::rank(7))).first()
    {
        return err(format!(
            "a pawn on {sq}: pawns cannot stand on the first or last rank"
        ));
    }
    if pos.rules().royal_kings {
        for color in Color::BOTH {
            let kings = pos.pieces(color, Role::King).count();
            if kings != 1 {
                return err(format!(
                    "{color} has {kings} kings; this game needs exactly one each"
                ));
            }
        }
        let them = pos.turn().opponent();
        if let Some(king) = pos.royal_king(them) {
            if pos.is_attacked(king, pos.turn()) {
                return err(format!(
                    "{them} is in check but it is {}'s move",
                    pos.turn()
                ));
            }
        }
    }
    Ok(())
}

/// Writes `pos` as FEN; the en-passant square only when a capture there is
/// possible (so FENs of equal positions are equal strings).
pub fn write(pos: &Position) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut gap = 0;
        for file in 0..8 {
            match pos.piece_at(Square::from_coords(file, rank)) {
                Some(piece) => {
                    if gap > 0 {
                        let _ = write!(fen, "{gap}");
                        gap = 0;
                    }
                    fen.push(piece.fen_char());
                }
                None => gap += 1,
            }
        }
        if gap > 0 {
            let _ = write!(fen, "{gap}");
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push(' ');
    fen.push(match pos.turn() {
        Color::White => 'w',
        Color::Black => 'b',
    });
    fen.push(' ');
    let mut rights = String::new();
    for (color, wing, c) in [
        (Color::White, Wing::King, 'K'),
        (Color::White, Wing::Queen, 'Q'),
        (Color::Black, Wing::King, 'k'),
        (Color::Black, Wing::Queen, 'q'),
    ] {
        if pos.has_castling_right(color, wing) {
            rights.push(c);
        }
    }
    fen.push_str(if rights.is_empty() { "-" } else { &rights });
    fen.push(' ');
    match pos.en_passant_capturable() {
        Some(sq) => {
            fen.push(file_char(sq.file()));
            let _ = write!(fen, "{}", sq.rank() + 1);
        }
        None => fen.push('-'),
    }
    let _ = write!(fen, " {} {}", pos.halfmove_clock(), pos.fullmove_number());
    fen
}
