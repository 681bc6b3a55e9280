//! A position: the board, promotion progress, whose move it is within the
//! pendulum turn order, and whether a side has lost its last queen.

use super::piece::{Cell, Diagonals};
use super::square::{Square, SQUARES};
use crate::games::searchable::KeyMixer;
use crate::games::Side;

/// One action: a slide or one promotion step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Slide {
        from: Square,
        to: Square,
    },
    /// A promotion step on `square` towards the piece that has `adds` more
    /// diagonals than now.
    Step {
        square: Square,
        adds: Diagonals,
    },
}

/// A piece's promotion in progress: the diagonals it is buying and the steps
/// paid so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Progress {
    /// The complete diagonal set of the target piece.
    pub(crate) target: Diagonals,
    pub(crate) steps: u8,
}

/// Steps a promotion costs by the number of diagonals it adds; `None` for a
/// number that is no promotion (3).
pub(crate) fn promotion_cost(adds: Diagonals) -> Option<u8> {
    match adds.count() {
        1 => Some(3),
        2 => Some(4),
        4 => Some(6),
        _ => None,
    }
}

/// Canonical coordinates (set-up 1). `Copy` so perft can copy-make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [Cell; SQUARES],
    /// Packed `target << 4 | steps`, 0 when no promotion is under way; kept
    /// per square because a piece keeps progress only while it stands still.
    progress: [u8; SQUARES],
    side: Side,
    /// Moves still owed in the current turn (1 or 2).
    moves_left: u8,
    /// Moves in the current turn: 1 for White's first turn, else 2.
    turn_len: u8,
    /// The number of the current pair of turns: White's single first move
    /// and Black's first turn are 1, White's and Black's second turns 2.
    turn_number: u32,
    queens: [u8; 2],
    winner: Option<Side>,
}

impl Position {
    /// The start position in canonical coordinates: set-up 1, as the
    /// rules page (`templates/en/games/spherical.txt`, START) draws it.
    pub fn start() -> Position {
        let mut cells = [Cell::EMPTY; SQUARES];
        for file in 7..=10 {
            for (rank, diagonals) in [
                (7, Diagonals::NONE),
                (8, Diagonals::ALL),
                (9, Diagonals::ALL),
                (10, Diagonals::NONE),
            ] {
                let white = Square::new(file, rank);
                cells[white.index()] = Cell::piece(Side::White, diagonals);
                // Black is White moved half way round both ways.
                cells[white.shifted(9, 9).index()] = Cell::piece(Side::Black, diagonals);
            }
        }
        for (file, rank) in [
            (8, 17),
            (9, 17),
            (8, 0),
            (9, 0),
            (17, 8),
            (17, 9),
            (0, 8),
            (0, 9),
        ] {
            cells[Square::new(file, rank).index()] = Cell::NEUTRAL;
        }
        Position {
            cells,
            progress: [0; SQUARES],
            side: Side::White,
            moves_left: 1,
            turn_len: 1,
            turn_number: 1,
            queens: [8, 8],
            winner: None,
        }
    }

    /// An empty board with `side` to move, for building test positions.
    #[cfg(test)]
    pub(crate) fn empty(side: Side, moves_left: u8) -> Position {
        Position {
            cells: [Cell::EMPTY; SQUARES],
            progress: [0; SQUARES],
            side,
            moves_left,
            turn_len: 2,
            turn_number: 1,
            queens: [0, 0],
            winner: None,
        }
    }

    /// Puts `cell` on `square` (replacing what stood there, progress lost).
    pub(crate) fn put(&mut self, square: Square, cell: Cell) {
        self.remove(square);
        if let Some(side) = cell.side() {
            if cell.is_queen_of(side) {
                self.queens[side.index()] += 1;
            }
        }
        self.cells[square.index()] = cell;
    }

    fn remove(&mut self, square: Square) {
        let old = self.cells[square.index()];
        if let Some(side) = old.side() {
            if old.is_queen_of(side) {
                self.queens[side.index()] -= 1;
            }
        }
        self.cells[square.index()] = Cell::EMPTY;
        self.progress[square.index()] = 0;
    }

    pub(crate) fn cell(&self, square: Square) -> Cell {
        self.cells[square.index()]
    }

    pub(super) fn cells(&self) -> &[Cell; SQUARES] {
        &self.cells
    }

    pub(crate) fn progress(&self, square: Square) -> Option<Progress> {
        let packed = self.progress[square.index()];
        (packed != 0).then_some(Progress {
            target: Diagonals(packed >> 4),
            steps: packed & 0x0f,
        })
    }

    /// The side that owes the next move; `None` once the game is over.
    pub(crate) fn to_move(self) -> Option<Side> {
        self.winner.is_none().then_some(self.side)
    }

    /// Which move of its turn the side to move is making: (n, of).
    pub(crate) fn move_of_turn(&self) -> (u8, u8) {
        (self.turn_len + 1 - self.moves_left, self.turn_len)
    }

    /// The number of the turn being played (White's and Black's turns
    /// share a number, White's first).
    pub(crate) fn turn_number(&self) -> u32 {
        self.turn_number
    }

    pub(crate) fn moves_left(&self) -> u8 {
        self.moves_left
    }

    pub(crate) fn winner(&self) -> Option<Side> {
        self.winner
    }

    pub(crate) fn queens(&self, side: Side) -> u8 {
        self.queens[side.index()]
    }

    /// A key of the position for a search's tables: every square and its
    /// promotion progress, and where the pendulum stands.
    pub(crate) fn search_key(&self) -> u64 {
        let mut mixer = KeyMixer::default();
        for (cells, progress) in self.cells.chunks(8).zip(self.progress.chunks(8)) {
            let cells = cells
                .iter()
                .fold(0u64, |w, cell| w << 8 | u64::from(cell.0));
            let progress = progress.iter().fold(0u64, |w, &b| w << 8 | u64::from(b));
            mixer = mixer.mix(cells).mix(progress);
        }
        let turn = (self.side.index() as u64) << 16
            | u64::from(self.moves_left) << 8
            | u64::from(self.turn_len);
        mixer.mix(turn).finish()
    }

    /// Plays `mv`, which must be legal (see `movegen.rs`), then ends the game
    /// if the opponent has no queen left, else advances the pendulum.
    pub(crate) fn apply(&mut self, mv: Move) {
        let side = self.side;
        match mv {
            Move::Slide { from, to } => {
                let piece = self.cells[from.index()];
                self.remove(to);
                self.cells[from.index()] = Cell::EMPTY;
                self.progress[from.index()] = 0;
                self.cells[to.index()] = piece;
            }
            Move::Step { square, adds } => {
                let piece = self.cells[square.index()];
                let target = piece.diagonals().union(adds);
                let cost = promotion_cost(adds).unwrap_or(1);
                let steps = match self.progress(square) {
                    Some(p) if p.target == target => p.steps + 1,
                    _ => 1,
                };
                if steps >= cost {
                    self.put(square, Cell::piece(side, target));
                } else {
                    self.progress[square.index()] = (target.0 << 4) | steps;
                }
            }
        }
        if self.queens[side.opponent().index()] == 0 {
            self.winner = Some(side);
        } else {
            self.end_move();
        }
    }

    /// Counts one move of the turn as made, played or passed.
    pub(crate) fn end_move(&mut self) {
        self.moves_left -= 1;
        if self.moves_left == 0 {
            if self.side == Side::Black {
                self.turn_number += 1;
            }
            self.side = self.side.opponent();
            self.moves_left = 2;
            self.turn_len = 2;
        }
    }
}
