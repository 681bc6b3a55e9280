//! Spherical Chess 324 (rules: `templates/en/games/spherical.txt`): queens
//! and rooks sliding on an
//! 18×18 torus, pendulum turns, promotion bought with moves, and a win by
//! taking the last enemy queen.
//!
//! Inside, squares are always canonical (set-up 1); the game's set-up only
//! labels them, so all four set-ups share one move generator and one perft.

mod evaluate;
mod movegen;
mod notation;
mod piece;
mod position;
mod render;
mod search;
mod setup;
mod square;
#[cfg(test)]
mod tests;

pub use position::{Move, Position, Progress};
pub(crate) use search::SphericalSearch;
// The squares' contents the tests (here and the robot's) set up.
#[cfg(test)]
pub(crate) use piece::{Cell, Diagonals};
pub(crate) use setup::SetUp;
pub(crate) use square::Square;

use super::{
    CountedPiece, EndReason, Fact, Game, GameKind, MoveError, Outcome, Picture, PlayedMove, Reason,
    SetupError, Side,
};

/// A game of Spherical Chess 324: its set-up and the position reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spherical {
    setup: SetUp,
    position: Position,
    /// The squares of the last action (a slide's start and end, or the
    /// square of a promotion step), for drawing.
    last_move: Option<(Square, Square)>,
}

impl Spherical {
    /// The start position in `setup`.
    pub(crate) fn new(setup: SetUp) -> Spherical {
        Spherical {
            setup,
            position: Position::start(),
            last_move: None,
        }
    }

    /// A new game from challenge switches (`-setup:N`).
    pub(crate) fn from_switches(switches: &[String]) -> Result<Spherical, SetupError> {
        SetUp::from_switches(switches).map(Spherical::new)
    }

    /// A game at a position built by hand, for tests.
    #[cfg(test)]
    pub(crate) fn at(setup: SetUp, position: Position) -> Spherical {
        Spherical {
            setup,
            position,
            last_move: None,
        }
    }

    #[cfg(test)]
    pub(crate) fn setup(&self) -> SetUp {
        self.setup
    }

    /// The position in canonical coordinates (the same in every set-up).
    #[cfg(test)]
    pub(crate) fn position(&self) -> &Position {
        &self.position
    }

    /// perft without allocation per node.
    #[cfg(test)]
    pub(crate) fn perft(&self, depth: u32) -> u64 {
        self.position.perft(depth)
    }

    /// A player with no legal move passes that move, at once and without a
    /// mail (host ruling). It cannot happen in a real game: any piece but a
    /// queen can always take a promotion step, and a queen walled in by its
    /// own queens on all 8 sides would need the whole torus full of them.
    fn pass_while_stuck(&mut self) {
        for _ in 0..4 {
            if self.position.to_move().is_none() {
                return;
            }
            if self.position.can_act() {
                return;
            }
            self.position.end_move();
        }
    }
}

impl Game for Spherical {
    fn evaluate(&self, side: Side) -> i32 {
        evaluate::evaluate(&self.position, side)
    }

    fn position_key(&self) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.position.hash(&mut hasher);
        Some(hasher.finish())
    }

    fn search_start(&self) -> super::SearchStart {
        super::SearchStart::Spherical(Box::new(SphericalSearch::new(self.position, self.setup)))
    }

    fn kind(&self) -> GameKind {
        GameKind::Spherical
    }

    fn switches(&self) -> Vec<String> {
        vec![self.setup.switch()]
    }

    fn to_move(&self) -> Vec<Side> {
        self.position.to_move().into_iter().collect()
    }

    fn turn_number(&self) -> u32 {
        let position = &self.position;
        // The winning move ends the game without ending its turn; had it
        // been Black's last move of the turn, the next would open a new one.
        let black_finished_turn =
            position.winner() == Some(Side::Black) && position.moves_left() == 1;
        position.turn_number() + u32::from(black_finished_turn)
    }

    fn play(&mut self, side: Side, text: &str) -> Result<PlayedMove, MoveError> {
        let Some(mover) = self.position.to_move() else {
            return Err(MoveError::GameOver);
        };
        if side != mover {
            return Err(MoveError::NotYourTurn(side));
        }
        let mv = notation::read(text, self.setup, &self.position, side)?;
        let written = notation::write(mv, self.setup, &self.position);
        self.position.apply(mv);
        self.last_move = Some(match mv {
            Move::Slide { from, to } => (from, to),
            Move::Step { square, .. } => (square, square),
        });
        self.pass_while_stuck();
        Ok(PlayedMove {
            notation: written.clone(),
            public_notation: written,
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        let winner = self.position.winner()?;
        Some(Outcome::win(winner, EndReason::LastQueenCaptured))
    }

    fn legal_moves(&self, side: Side) -> Vec<String> {
        if self.position.to_move() != Some(side) {
            return Vec::new();
        }
        self.position
            .legal_moves()
            .into_iter()
            .map(|mv| notation::write(mv, self.setup, &self.position))
            .collect()
    }

    fn diagram(&self, viewer: Side) -> crate::games::Diagram {
        render::board(&self.position, self.setup, viewer)
    }

    fn picture(&self, viewer: Side) -> Picture {
        render::picture(&self.position, self.setup, viewer, self.last_move)
    }

    fn facts(&self, _viewer: Side) -> Vec<Fact> {
        let position = &self.position;
        let mut facts = match position.to_move() {
            Some(side) => {
                let (move_number, moves_in_turn) = position.move_of_turn();
                vec![
                    Fact::ToMove { sides: vec![side] },
                    Fact::MoveOfTurn {
                        turn: position.turn_number(),
                        move_number,
                        moves_in_turn,
                    },
                    Fact::PiecesLeft {
                        piece: CountedPiece::Queen,
                        white: u32::from(position.queens(Side::White)),
                        black: u32::from(position.queens(Side::Black)),
                    },
                ]
            }
            None => self
                .outcome()
                .map(|outcome| Fact::GameOver { outcome })
                .into_iter()
                .collect(),
        };
        facts.push(Fact::SetUp {
            number: self.setup.n(),
            description: self.setup.description_key(),
        });
        facts
    }

    fn draw_offers(&self) -> Result<(), Reason> {
        Err(Reason::NoDraws)
    }

    fn perft(&self, depth: u32) -> u64 {
        self.position.perft(depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                next.position.apply(mv);
                next.pass_while_stuck();
                (
                    notation::write(mv, self.setup, &self.position),
                    next.position.perft(depth - 1),
                )
            })
            .collect()
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}
