//! Move generation and perft.
//!
//! A slide is one move per (from, to) pair: when a piece has both
//! directions of a line, the two ways round are walked until their first
//! occupied square, so every square is produced once; the square half way
//! round both diagonals (9 files and 9 ranks away) is the one target two
//! different lines share, and is produced once too.

use super::piece::{Cell, Diagonals};
use super::position::{Move, Position};
use super::square::{Dir, Square, RAYS, RAY_LEN, SQUARES};
use crate::games::Side;

impl Position {
    /// Calls `emit` for every legal move of the side to move, allocating
    /// nothing; no moves once the game is over.
    pub(crate) fn for_each_move(&self, mut emit: impl FnMut(Move)) {
        let Some(side) = self.to_move() else { return };
        for index in 0..SQUARES {
            let cell = self.cells()[index];
            if cell.side() != Some(side) {
                continue;
            }
            let square = Square(index as u16);
            self.for_each_slide(square, cell, &mut emit);
            for_each_step(square, cell.diagonals(), &mut emit);
        }
    }

    /// Whether the side to move has a legal move: any piece but a queen
    /// can always take a promotion step, so only queens are looked at.
    pub(crate) fn can_act(&self) -> bool {
        let Some(side) = self.to_move() else {
            return false;
        };
        let mut found = false;
        for (index, &cell) in self.cells().iter().enumerate() {
            if cell.side() != Some(side) {
                continue;
            }
            if !cell.is_queen_of(side) {
                return true;
            }
            self.for_each_slide(Square(index as u16), cell, &mut |_| found = true);
            if found {
                return true;
            }
        }
        false
    }

    /// Every legal move of the side to move.
    pub(crate) fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.for_each_move(|mv| moves.push(mv));
        moves
    }

    /// Every capture of a piece of the other side by `attacker`, as the
    /// square taken from and the square taken on, each once: a capture
    /// is a slide to the first occupied square of a line, which both ways
    /// round (or all four diagonals, half way round) may reach.
    pub(crate) fn for_each_capture(&self, attacker: Side, mut emit: impl FnMut(Square, Square)) {
        let cells = self.cells();
        let victim = Some(attacker.opponent());
        for (index, cell) in cells.iter().enumerate() {
            if cell.side() != Some(attacker) {
                continue;
            }
            let rays = &RAYS[index];
            let mut taken = [u16::MAX; 8];
            let mut count = 0;
            for dir in Dir::ALL {
                if !cell.diagonals().allows(dir) {
                    continue;
                }
                let first = rays[dir.index()]
                    .iter()
                    .find(|&&to| !cells[to as usize].is_empty());
                if let Some(&to) = first {
                    if cells[to as usize].side() == victim && !taken[..count].contains(&to) {
                        taken[count] = to;
                        count += 1;
                        emit(Square(index as u16), Square(to));
                    }
                }
            }
        }
    }

    /// Whether `mv` is legal now.
    pub(crate) fn is_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.for_each_move(|m| found |= m == mv);
        found
    }

    /// The slides of the piece `cell` standing on `from`.
    pub(crate) fn for_each_slide(&self, from: Square, cell: Cell, emit: &mut impl FnMut(Move)) {
        let Some(side) = cell.side() else { return };
        let diagonals = cell.diagonals();
        let cells = self.cells();
        let rays = &RAYS[from.index()];
        // The square both diagonal lines reach after 9 steps.
        let antipode = rays[Dir::NE.index()][8];
        let mut antipode_done = false;
        // Dir::ALL pairs each direction i (0..4) with its opposite i + 4.
        for (i, &dir) in Dir::ALL[..4].iter().enumerate() {
            let back = Dir::ALL[i + 4];
            let forward_ok = diagonals.allows(dir);
            let back_ok = diagonals.allows(back);
            if !forward_ok && !back_ok {
                continue;
            }
            let diagonal = i >= 2;
            let mut push = |to: u16| {
                if diagonal && to == antipode {
                    if antipode_done {
                        return;
                    }
                    antipode_done = true;
                }
                emit(Move::Slide {
                    from,
                    to: Square(to),
                });
            };
            let first = if forward_ok { dir } else { back };
            let blocker = walk(&rays[first.index()], cells, side, u16::MAX, &mut push);
            if forward_ok && back_ok {
                // An empty loop was covered by the first walk; otherwise the
                // other way round stops at the last occupied square, which
                // the first walk already counted if it is the same one.
                if let Some(blocker) = blocker {
                    walk(&rays[back.index()], cells, side, blocker, &mut push);
                }
            }
        }
    }

    /// perft: the number of move sequences of `depth` actions.
    pub(crate) fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.to_move().is_none() {
            return 0;
        }
        let mut total = 0;
        let mut any = false;
        if depth == 1 {
            self.for_each_move(|_| {
                any = true;
                total += 1;
            });
        } else {
            self.for_each_move(|mv| {
                any = true;
                let mut next = *self;
                next.apply(mv);
                total += next.perft(depth - 1);
            });
        }
        if !any {
            // A player with no legal move passes; a pass is no action, so it
            // does not use up depth. (It cannot arise: see help.rs.)
            let mut next = *self;
            next.end_move();
            let mut other_can_move = false;
            next.for_each_move(|_| other_can_move = true);
            if other_can_move {
                return next.perft(depth);
            }
        }
        total
    }
}

/// Walks one ray from its first square, emitting empty squares and a
/// capturable first occupied square (unless it is `skip`); returns the first
/// occupied square, if any.
fn walk(
    ray: &[u16; RAY_LEN],
    cells: &[Cell; SQUARES],
    side: Side,
    skip: u16,
    push: &mut impl FnMut(u16),
) -> Option<u16> {
    for &to in ray {
        let cell = cells[to as usize];
        if cell.is_empty() {
            push(to);
        } else {
            if to != skip && cell.capturable_by(side) {
                push(to);
            }
            return Some(to);
        }
    }
    None
}

/// The promotion steps open to a piece with `diagonals` on `square`.
fn for_each_step(square: Square, diagonals: Diagonals, emit: &mut impl FnMut(Move)) {
    let missing = diagonals.missing();
    if missing.0 == 0 {
        return; // queens cannot promote
    }
    // Half promotion: any one missing diagonal.
    for (d, _, _) in Diagonals::NAMED {
        if missing.contains(d) {
            emit(Move::Step { square, adds: d });
        }
    }
    // Single promotion: two missing diagonals, for 4- and 6-directional
    // pieces only.
    if matches!(diagonals.count(), 0 | 2) {
        for a in 0..4 {
            for b in a + 1..4 {
                let adds = Diagonals((1 << a) | (1 << b));
                if missing.contains(adds) {
                    emit(Move::Step { square, adds });
                }
            }
        }
    }
    // Double promotion: a rook straight to a queen.
    if diagonals.count() == 0 {
        emit(Move::Step {
            square,
            adds: Diagonals::ALL,
        });
    }
}

/// Whether a piece with `diagonals` may take a step adding `adds`.
pub(crate) fn step_allowed(diagonals: Diagonals, adds: Diagonals) -> bool {
    !diagonals.intersects(adds)
        && match adds.count() {
            1 => diagonals.count() < 4,
            2 => matches!(diagonals.count(), 0 | 2),
            4 => diagonals.count() == 0,
            _ => false,
        }
}
