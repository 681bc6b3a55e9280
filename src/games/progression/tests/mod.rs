//! Each ruling of the game's rules page (`templates/en/games/
//! progression.txt`) pinned by a test, plus perft and random
//! playouts through the [`Game`] trait.

use super::*;
use crate::games::chess::{Square, Wing};
use crate::games::{CountedPiece, EndReason, Fact, Game, MoveError, Side};

mod ending;
mod list_phase;
mod notation;
mod perft;
mod progression;

fn switches(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

fn game(text: &str) -> ProgressionGame {
    ProgressionGame::new(&switches(text)).unwrap()
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Plays moves alternately from whoever is to move; panics on a refusal.
fn play_all(g: &mut ProgressionGame, moves: &str) {
    for text in moves.split_whitespace() {
        let side = g.to_move()[0];
        g.play(side, text)
            .unwrap_or_else(|e| panic!("{text} by {side}: {e}"));
    }
}

fn man(g: &ProgressionGame, square: &str) -> Option<(Side, Man)> {
    g.board_state().unwrap().man_at(sq(square))
}

fn piece(side: Side, letter: char) -> Option<(Side, Man)> {
    Some((side, Man::Piece(Kind::from_letter(letter).unwrap())))
}

/// A board-phase game from a sparse description such as
/// `"wKe1 bKe8 wPa7"` (colour, kind letter or P, square), `turn` to move.
fn constructed(setup_text: &str, men: &str, turn: Side) -> ProgressionGame {
    let setup = Setup::parse(&switches(setup_text)).unwrap();
    let list = setup.template.complete().expect("tests use complete lists");
    let mut board = Board::start([list, list], setup.promote);
    for square in Square::all() {
        board.position_mut().remove(square);
    }
    for side in Side::BOTH {
        for wing in Wing::BOTH {
            board.position_mut().set_castling_right(side, wing, false);
        }
    }
    for word in men.split_whitespace() {
        let mut chars = word.chars();
        let side = match chars.next() {
            Some('w') => Side::White,
            _ => Side::Black,
        };
        let letter = chars.next().unwrap();
        let square = sq(chars.as_str());
        match letter {
            'P' => board.position_mut().put(
                square,
                crate::games::chess::Piece::new(side, crate::games::chess::Role::Pawn),
            ),
            _ => board.put_kind(square, side, Kind::from_letter(letter).unwrap()),
        }
    }
    board.position_mut().set_turn(turn);
    ProgressionGame::from_board(setup, board)
}
