//! What makes two positions the same: for the rules' repetition, and as
//! a key for a search's tables.

use super::{Bitboard, Color, MarkRules, Move, MoveKind, Position, Square};
use crate::games::searchable::KeyMixer;

impl Position {
    /// Whether an en-passant capture is possible now (legal, not just a
    /// double step having happened), as repetition and FEN care.
    pub(crate) fn en_passant_capturable(&self) -> Option<Square> {
        let ep = self.en_passant?;
        let mut found = false;
        self.generate(&mut |mv: Move| found |= mv.kind == MoveKind::EnPassant);
        found.then_some(ep)
    }

    /// What makes two positions the same for repetition: pieces and marks,
    /// side to move, castling rights, a possible en-passant capture, and the
    /// mark rules in force.
    pub fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey {
            colors: self.colors,
            roles: self.roles,
            marked: self.marked,
            turn: self.turn,
            castling: self.castling,
            en_passant: self.en_passant_capturable(),
            marks: self.rules.marks,
        }
    }

    /// A key of the position for a search's tables: pieces and marks,
    /// side to move, castling rights, the en-passant square as the last
    /// move left it, and the mark rules in force. The same as the
    /// [`RepetitionKey::search_key`] of the position but where a double
    /// step left an en-passant square no pawn can use; a position just
    /// after a pawn move repeats no earlier one anyway.
    pub(crate) fn search_key(&self) -> u64 {
        let state = state_word(self.turn, self.castling, self.en_passant);
        mix_key(
            &self.colors,
            &self.roles,
            self.marked,
            state,
            self.rules.marks,
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    colors: [Bitboard; 2],
    roles: [Bitboard; 6],
    marked: Bitboard,
    turn: Color,
    castling: u8,
    en_passant: Option<Square>,
    marks: MarkRules,
}

impl RepetitionKey {
    /// The [`Position::search_key`] of the position this key stands for.
    pub(crate) fn search_key(&self) -> u64 {
        let state = state_word(self.turn, self.castling, self.en_passant);
        mix_key(&self.colors, &self.roles, self.marked, state, self.marks)
    }
}

/// The words a search's key is made of, in one order for both keys.
fn mix_key(
    colors: &[Bitboard; 2],
    roles: &[Bitboard; 6],
    marked: Bitboard,
    state: u64,
    marks: MarkRules,
) -> u64 {
    let mut mixer = KeyMixer::default();
    for board in colors.iter().chain(roles) {
        mixer = mixer.mix(board.0);
    }
    let mark_bits = marks
        .may_move
        .iter()
        .chain(&marks.may_capture)
        .chain(&marks.capturable)
        .fold(0u64, |bits, &allowed| bits << 1 | u64::from(allowed));
    mixer.mix(marked.0).mix(state << 8 | mark_bits).finish()
}

/// Side to move, castling rights and en-passant square in one word.
fn state_word(turn: Color, castling: u8, en_passant: Option<Square>) -> u64 {
    let en_passant = en_passant.map_or(0, |sq| sq.index() as u64 + 1);
    (turn.index() as u64) << 16 | u64::from(castling) << 8 | en_passant
}
