//! The two boards: their set-up as the seed draws it, and the game on each
//! (position, repetition history, result).

use super::mega::MegaState;
use crate::games::chess::outcome;
use crate::games::chess::position::RepetitionKey;
use crate::games::chess::{CastlingSetup, Color, Move, Position, Role, Rules, Square};
use crate::games::Outcome;

/// White's board (White moves first there, White's mega-knight stands on
/// it) or Black's board (the same for Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardId {
    White = 0,
    Black = 1,
}

impl BoardId {
    /// In the canonical order of a round: White's board first.
    pub const ALL: [BoardId; 2] = [BoardId::White, BoardId::Black];

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> BoardId {
        match self {
            BoardId::White => BoardId::Black,
            BoardId::Black => BoardId::White,
        }
    }

    /// Who moves first on this board and owns the mega-knight on it.
    pub fn owner(self) -> Color {
        match self {
            BoardId::White => Color::White,
            BoardId::Black => Color::Black,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BoardId::White => "White's board",
            BoardId::Black => "Black's board",
        }
    }

    /// The board prefix of the notation: `W:` or `B:`.
    pub(crate) fn letter(self) -> char {
        match self {
            BoardId::White => 'W',
            BoardId::Black => 'B',
        }
    }

    pub(crate) fn from_letter(c: char) -> Option<BoardId> {
        match c.to_ascii_uppercase() {
            'W' => Some(BoardId::White),
            'B' => Some(BoardId::Black),
            _ => None,
        }
    }

    /// Where the owner's mega-knight starts: his king-side knight (b1 or b8).
    pub(crate) fn mega_start(self) -> Square {
        match self {
            BoardId::White => Square::from_coords(1, 0),
            BoardId::Black => Square::from_coords(1, 7),
        }
    }
}

/// The seed's array, a…h: the king on the d-file, the queen on the e-file.
pub(crate) const BACK_RANK: [Role; 8] = [
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::King,
    Role::Queen,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
];

/// Castling mirrors chess: `O-O` is towards the a-file (K d1→b1, R a1→c1),
/// `O-O-O` towards the h-file (K d1→f1, R h1→e1).
pub(crate) const CASTLING: CastlingSetup = CastlingSetup {
    king_file: 3,
    rook_file: [0, 7],
    king_to_file: [1, 5],
    rook_to_file: [2, 4],
};

/// The rules on `board` while its mega-knight is in `state`.
pub(crate) fn rules(board: BoardId, state: MegaState) -> Rules {
    Rules {
        castling: CASTLING,
        marks: state.mark_rules(board.owner()),
        ..Rules::STANDARD
    }
}

/// The game on one board.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) id: BoardId,
    pub position: Position,
    /// The state of the mega-knight standing on this board (its owner's).
    pub mega: MegaState,
    /// Every position so far, for repetition (the state is part of it).
    pub history: Vec<RepetitionKey>,
    pub result: Option<Outcome>,
}

impl Board {
    pub fn start(id: BoardId) -> Board {
        let mut position = Position::with_back_rank(rules(id, MegaState::Neutral), &BACK_RANK);
        position.set_marked(id.mega_start(), true);
        position.set_turn(id.owner());
        Board {
            id,
            position,
            mega: MegaState::Neutral,
            history: vec![position.repetition_key()],
            result: None,
        }
    }

    pub(crate) fn is_running(&self) -> bool {
        self.result.is_none()
    }

    /// Plays a legal move and judges the board after it.
    pub(crate) fn play(&mut self, mv: Move) {
        self.position.play(mv);
        self.record_and_judge();
    }

    /// Gives the mega-knight on this board its new state; the position
    /// after the change counts for repetition, and the board is judged
    /// again at once (a Frozen knight can leave no legal move).
    pub(crate) fn set_mega(&mut self, state: MegaState) {
        self.mega = state;
        self.position.set_rules(rules(self.id, state));
        self.record_and_judge();
    }

    fn record_and_judge(&mut self) {
        let key = self.position.repetition_key();
        self.history.push(key);
        let occurrences = self.history.iter().filter(|&&k| k == key).count();
        self.result = outcome::judge(&self.position, occurrences);
    }
}
