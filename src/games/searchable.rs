//! What a game offers a search: its moves as values, played on a position
//! and taken back again, a key for a table of positions already scored,
//! and an evaluation that knows the game. Text only at the edge: the
//! move a search chooses is written in the game's notation once, by
//! [`Searchable::notation`].
//!
//! A game hands its position to a search through [`crate::games::Game::search_start`],
//! as one [`SearchStart`](super::SearchStart) per game, so a search is compiled for each
//! game's own moves and positions rather than through the boxed
//! [`crate::games::Game`].

use super::Side;
use std::fmt::Debug;
use std::hash::Hash;

/// Who owes an action at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owing {
    /// The game is over.
    Nobody,
    One(Side),
    /// Both owe a sealed move of the same round (Infinite Recursion Chess
    /// while both boards run): each chooses without seeing the other's.
    Both,
}

/// A game the rules have ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    Won(Side),
    Drawn,
}

/// A position a search can play moves on. `play` and `undo` come in
/// pairs, last played first undone; a game may copy its position into
/// the undo (copy-make) or keep only what the move changed.
pub trait Searchable {
    type Move: Copy + Eq + Hash + Debug;
    type Undo;

    fn owing(&self) -> Owing;

    /// The result once the rules have ended the game, as far as they can
    /// tell without listing the moves of the side to act (see
    /// [`Searchable::stuck`]).
    fn decided(&self) -> Option<Decided>;

    /// The result when `side` owes an action and has no legal one:
    /// checkmate or stalemate in chess, a draw in Progression Chess.
    fn stuck(&self, side: Side) -> Decided;

    /// Every legal move of `side`, the moves worth searching: where a
    /// game offers thousands of equal-looking choices (a Progression
    /// Chess list) it offers the best few by their own value.
    fn moves(&self, side: Side, out: &mut Vec<Self::Move>);

    /// The moves a quiescence search plays past its horizon: the captures
    /// that change the balance. None where nothing is captured.
    fn captures(&self, side: Side, out: &mut Vec<Self::Move>);

    /// What `side`'s move `mv` wins at once in material, hundredths of a
    /// pawn, before any answer: the piece it takes and what it promotes
    /// to. 0 for a quiet move.
    fn gain(&self, side: Side, mv: Self::Move) -> i32;

    /// Whether `side`'s king is in check, where checks exist: a search
    /// looks further there, and at its horizon tries every answer.
    fn in_check(&self, side: Side) -> bool {
        let _ = side;
        false
    }

    fn play(&mut self, side: Side, mv: Self::Move) -> Self::Undo;

    fn undo(&mut self, undo: Self::Undo);

    /// A key of the whole position, whose action it is included.
    fn key(&self) -> u64;

    /// A static estimate of the position from `side`'s view, hundredths
    /// of a pawn (positive: good for `side`).
    fn evaluate(&self, side: Side) -> i32;

    /// `mv` as the game's `play` reads it, the text the host stores.
    fn notation(&self, side: Side, mv: Self::Move) -> String;
}

/// Mixes words into a key: each word multiplied into the running value
/// and folded (a 64-bit multiply-xorshift), enough to tell positions
/// apart in a table that checks whole keys.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeyMixer(u64);

impl Default for KeyMixer {
    fn default() -> Self {
        KeyMixer(0x243F_6A88_85A3_08D3)
    }
}

impl KeyMixer {
    #[inline(always)]
    pub(crate) fn mix(mut self, word: u64) -> KeyMixer {
        self.0 = (self.0 ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 29;
        self
    }

    pub(crate) fn finish(self) -> u64 {
        let mut x = self.0;
        x ^= x >> 32;
        x = x.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        x ^ (x >> 32)
    }
}
