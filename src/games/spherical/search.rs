//! Spherical Chess 324 as a search plays it: the position copied into
//! each undo (324 squares of a byte each), one action a move, so a
//! pendulum turn is two moves of the same side in a row and a promotion
//! step is a move like a slide.

use super::evaluate;
use super::notation;
use super::position::{Move, Position};
use super::setup::SetUp;
use crate::games::searchable::{Decided, Owing, Searchable};
use crate::games::Side;

#[derive(Clone, Copy, Debug)]
pub struct SphericalSearch {
    position: Position,
    setup: SetUp,
}

impl SphericalSearch {
    pub(super) fn new(position: Position, setup: SetUp) -> SphericalSearch {
        SphericalSearch { position, setup }
    }

    /// A player with no legal move passes it, as the game does.
    fn pass_while_stuck(&mut self) {
        for _ in 0..4 {
            if self.position.to_move().is_none() || self.position.can_act() {
                return;
            }
            self.position.end_move();
        }
    }
}

impl Searchable for SphericalSearch {
    type Move = Move;
    type Undo = Position;

    fn owing(&self) -> Owing {
        self.position.to_move().map_or(Owing::Nobody, Owing::One)
    }

    fn decided(&self) -> Option<Decided> {
        self.position.winner().map(Decided::Won)
    }

    fn stuck(&self, _side: Side) -> Decided {
        // Cannot happen: a player without a move passes it.
        Decided::Drawn
    }

    fn moves(&self, _side: Side, out: &mut Vec<Move>) {
        self.position.for_each_move(|mv| out.push(mv));
    }

    fn captures(&self, side: Side, out: &mut Vec<Move>) {
        self.position
            .for_each_capture(side, |from, to| out.push(Move::Slide { from, to }));
    }

    fn gain(&self, side: Side, mv: Move) -> i32 {
        match mv {
            Move::Slide { to, .. } => evaluate::taken(&self.position, side, to),
            Move::Step { .. } => 0,
        }
    }

    fn play(&mut self, _side: Side, mv: Move) -> Position {
        let undo = self.position;
        self.position.apply(mv);
        self.pass_while_stuck();
        undo
    }

    fn undo(&mut self, undo: Position) {
        self.position = undo;
    }

    fn key(&self) -> u64 {
        self.position.search_key()
    }

    fn evaluate(&self, side: Side) -> i32 {
        evaluate::searched(&self.position, side)
    }

    fn notation(&self, _side: Side, mv: Move) -> String {
        notation::write(mv, self.setup, &self.position)
    }
}
