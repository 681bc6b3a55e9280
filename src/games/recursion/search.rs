//! Infinite Recursion Chess as a search plays it: the match itself, each
//! move sealed and the round closed as the rules do, taken back by what
//! perft saves. A search asks for the moves of one side at a time; in a
//! round of sealed moves it decides itself who it lets choose first.

use super::board::BoardId;
use super::evaluate;
use super::result::match_winner;
use super::round::{Match, Saved};
use crate::games::chess::search::{material_gain, CaptureSink};
use crate::games::chess::{notation, Move, Position};
use crate::games::searchable::{Decided, KeyMixer, Owing, Searchable};
use crate::games::Side;

#[derive(Clone, Debug)]
pub struct RecursionSearch {
    game: Match,
}

impl RecursionSearch {
    pub(super) fn new(game: Match) -> RecursionSearch {
        RecursionSearch { game }
    }

    /// The board `side` owes its move on, as it stands.
    fn owed(&self, side: Side) -> Option<&Position> {
        let id = self.game.owed_board(side)?;
        Some(&self.game.board(id).position)
    }
}

impl Searchable for RecursionSearch {
    type Move = Move;
    type Undo = Saved;

    fn owing(&self) -> Owing {
        let mut owed = self.game.owed_boards();
        match (owed.next(), owed.next()) {
            (None, _) => Owing::Nobody,
            (Some(_), Some(_)) => Owing::Both,
            (Some(id), None) => Owing::One(self.game.board(id).position.turn()),
        }
    }

    fn decided(&self) -> Option<Decided> {
        let [white, black] = &self.game.boards;
        let (white, black) = (white.result.as_ref()?, black.result.as_ref()?);
        Some(match_winner(white.winner, black.winner).map_or(Decided::Drawn, Decided::Won))
    }

    fn stuck(&self, _side: Side) -> Decided {
        // A board without moves is judged over when its round closes.
        Decided::Drawn
    }

    fn moves(&self, side: Side, out: &mut Vec<Move>) {
        if let Some(position) = self.owed(side) {
            position.generate(&mut |mv| out.push(mv));
        }
    }

    fn captures(&self, side: Side, out: &mut Vec<Move>) {
        if let Some(position) = self.owed(side) {
            let enemies = position.by_color(side.opponent());
            position.generate(&mut CaptureSink { enemies, out });
        }
    }

    fn gain(&self, side: Side, mv: Move) -> i32 {
        self.owed(side)
            .map_or(0, |position| material_gain(position, mv))
    }

    fn in_check(&self, side: Side) -> bool {
        self.owed(side).is_some_and(Position::is_check)
    }

    fn play(&mut self, side: Side, mv: Move) -> Saved {
        let saved = self.game.save();
        if let Some(id) = self.game.owed_board(side) {
            self.game.play(id, mv);
        }
        saved
    }

    fn undo(&mut self, saved: Saved) {
        self.game.restore(&saved);
    }

    fn key(&self) -> u64 {
        let mut mixer = KeyMixer::default();
        for id in BoardId::ALL {
            let board = self.game.board(id);
            let sealed = self.game.sealed[id.index()]
                .map_or(0, |mv| (mv.from.index() << 6 | mv.to.index()) as u64 + 1);
            let over = u64::from(board.result.is_some());
            mixer = mixer
                .mix(board.position.search_key())
                .mix(sealed << 8 | over << 4 | board.mega as u64);
        }
        mixer.finish()
    }

    fn evaluate(&self, side: Side) -> i32 {
        evaluate::searched(&self.game, side)
    }

    fn notation(&self, side: Side, mv: Move) -> String {
        self.owed(side)
            .map_or_else(|| mv.coordinate(), |position| notation::san(position, mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(node: &RecursionSearch, side: Side) -> Vec<Move> {
        let mut moves = Vec::new();
        node.moves(side, &mut moves);
        moves
    }

    #[test]
    fn a_round_is_two_sealed_moves_played_together_and_taken_back() {
        let mut node = RecursionSearch::new(Match::new());
        assert_eq!(node.owing(), Owing::Both);
        let start = node.key();
        let white = moves(&node, Side::White)[0];
        let sealed = node.play(Side::White, white);
        assert_eq!(node.owing(), Owing::One(Side::Black));
        let half = node.key();
        assert_ne!(half, start);
        // White's sealed move is not on his board yet: the round is open.
        assert_eq!(node.game.board(BoardId::White).position.turn(), Side::White);
        let black = moves(&node, Side::Black)[0];
        let closed = node.play(Side::Black, black);
        assert_eq!(node.owing(), Owing::Both);
        assert_eq!(node.game.round, 2);
        assert_eq!(node.game.board(BoardId::White).position.turn(), Side::Black);
        node.undo(closed);
        assert_eq!(node.key(), half);
        node.undo(sealed);
        assert_eq!(node.key(), start);
        assert_eq!(node.decided(), None);
    }
}
