//! Standard chess as a [`Game`] of the host.

use super::fen;
use super::notation;
use super::outcome;
use super::perft::perft;
use super::picture;
use super::position::{Position, RepetitionKey, Rules};
use super::render;
use super::search::ChessSearch;
use super::square::Square;
use crate::games::{
    Diagram, Fact, Game, GameKind, MoveError, Outcome, Picture, PlayedMove, SearchStart,
    SetupError, Side,
};

#[derive(Clone, Debug)]
pub struct ChessGame {
    position: Position,
    /// Every position so far, for repetition.
    history: Vec<RepetitionKey>,
    outcome: Option<Outcome>,
    /// The start and end of the last move, for drawing.
    last_move: Option<(Square, Square)>,
}

fn no_switches(switches: &[String]) -> Result<(), SetupError> {
    match switches.first() {
        None => Ok(()),
        Some(switch) => Err(SetupError::NoSwitches {
            game: GameKind::Chess,
            switch: switch.clone(),
        }),
    }
}

impl ChessGame {
    pub fn new(switches: &[String]) -> Result<ChessGame, SetupError> {
        no_switches(switches)?;
        Ok(ChessGame::from_position(Position::standard()))
    }

    pub(crate) fn from_fen(switches: &[String], text: &str) -> Result<ChessGame, SetupError> {
        no_switches(switches)?;
        let position =
            fen::parse(text, Rules::STANDARD).map_err(|e| SetupError::Position { problem: e.0 })?;
        Ok(ChessGame::from_position(position))
    }

    fn from_position(position: Position) -> ChessGame {
        let mut game = ChessGame {
            position,
            history: vec![position.repetition_key()],
            outcome: None,
            last_move: None,
        };
        game.outcome = outcome::judge(&game.position, 1);
        game
    }

    pub fn fen(&self) -> String {
        fen::write(&self.position)
    }
}

impl Game for ChessGame {
    fn evaluate(&self, side: Side) -> i32 {
        super::evaluate::standard(&self.position, side)
    }

    fn position_key(&self) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.position.repetition_key().hash(&mut hasher);
        Some(hasher.finish())
    }

    fn search_start(&self) -> SearchStart {
        // The positions before this one since the last capture or pawn
        // move: only those can repeat.
        let before = self.history.len().saturating_sub(1);
        let reversible = self.position.halfmove_clock() as usize;
        let earlier = self.history[before.saturating_sub(reversible)..before]
            .iter()
            .map(RepetitionKey::search_key)
            .collect();
        SearchStart::Chess(ChessSearch::new(self.position, earlier))
    }

    fn kind(&self) -> GameKind {
        GameKind::Chess
    }

    fn switches(&self) -> Vec<String> {
        Vec::new()
    }

    fn to_move(&self) -> Vec<Side> {
        match self.outcome {
            Some(_) => Vec::new(),
            None => vec![self.position.turn()],
        }
    }

    fn turn_number(&self) -> u32 {
        self.position.fullmove_number()
    }

    fn play(&mut self, side: Side, text: &str) -> Result<PlayedMove, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if side != self.position.turn() {
            return Err(MoveError::NotYourTurn(side));
        }
        let mv = notation::parse_move(&self.position, text)?;
        let san = notation::san(&self.position, mv);
        self.position.play(mv);
        self.last_move = Some((mv.from, mv.to));
        let key = self.position.repetition_key();
        self.history.push(key);
        let occurrences = self.history.iter().filter(|&&k| k == key).count();
        self.outcome = outcome::judge(&self.position, occurrences);
        Ok(PlayedMove {
            notation: san.clone(),
            public_notation: san,
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn could_still_win(&self, side: Side) -> bool {
        outcome::could_mate(&self.position, side)
    }

    fn legal_moves(&self, side: Side) -> Vec<String> {
        if self.outcome.is_some() || side != self.position.turn() {
            return Vec::new();
        }
        self.position
            .legal_moves()
            .into_iter()
            .map(|mv| notation::san(&self.position, mv))
            .collect()
    }

    fn diagram(&self, viewer: Side) -> Diagram {
        Diagram::drawn(&render::draw_position(&self.position, viewer))
    }

    fn picture(&self, viewer: Side) -> Picture {
        let board = picture::grid(viewer, self.last_move, |sq| {
            let piece = self.position.piece_at(sq)?;
            Some(picture::plain_piece(piece, piece.fen_char().to_string()))
        });
        Picture {
            boards: vec![board],
            lists: Vec::new(),
            torus: false,
        }
    }

    fn facts(&self, _viewer: Side) -> Vec<Fact> {
        if let Some(outcome) = &self.outcome {
            return vec![Fact::GameOver {
                outcome: outcome.clone(),
            }];
        }
        let turn = self.position.turn();
        let mut facts = vec![Fact::ToMove { sides: vec![turn] }];
        if self.position.is_check() {
            facts.push(Fact::InCheck { side: turn });
        }
        facts.push(Fact::MoveNumber {
            number: self.position.fullmove_number(),
        });
        facts
    }

    fn perft(&self, depth: u32) -> u64 {
        if self.outcome.is_some() && depth > 0 {
            return 0;
        }
        perft(&self.position, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if self.outcome.is_some() || depth == 0 {
            return Vec::new();
        }
        self.position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = self.position;
                next.play(mv);
                (mv.coordinate(), perft(&next, depth - 1))
            })
            .collect()
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}
