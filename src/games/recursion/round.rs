//! The match: two boards played in rounds of sealed moves, with the
//! mega-knight state change at the end of the round in which the first
//! board finished.

use super::board::{Board, BoardId};
use super::mega::MegaState;
use super::result::match_result;
use crate::games::chess::{Color, Move, Position};
use crate::games::Outcome;

#[derive(Clone, Debug)]
pub struct Match {
    /// Indexed by [`BoardId`].
    pub(crate) boards: [Board; 2],
    /// Moves made in the round in progress, by board, not yet played: both
    /// are played together when the round is complete.
    pub(crate) sealed: [Option<Move>; 2],
    /// The round in progress, from 1.
    pub round: u32,
}

/// What perft and a search must put back after trying a ply.
#[derive(Clone, Debug)]
pub struct Saved {
    positions: [Position; 2],
    megas: [MegaState; 2],
    history_lens: [usize; 2],
    results: [Option<Outcome>; 2],
    sealed: [Option<Move>; 2],
    round: u32,
}

impl Default for Match {
    fn default() -> Self {
        Match::new()
    }
}

impl Match {
    pub(crate) fn new() -> Match {
        Match {
            boards: [Board::start(BoardId::White), Board::start(BoardId::Black)],
            sealed: [None, None],
            round: 1,
        }
    }

    pub fn board(&self, id: BoardId) -> &Board {
        &self.boards[id.index()]
    }

    pub(crate) fn is_over(&self) -> bool {
        self.boards.iter().all(|b| !b.is_running())
    }

    /// The result of the match once both boards have finished.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        match (&self.boards[0].result, &self.boards[1].result) {
            (Some(white_board), Some(black_board)) => Some(match_result(white_board, black_board)),
            _ => None,
        }
    }

    /// Boards on which a move is still owed this round, White's first.
    pub(crate) fn owed_boards(&self) -> impl Iterator<Item = BoardId> + '_ {
        BoardId::ALL
            .into_iter()
            .filter(|&id| self.board(id).is_running() && self.sealed[id.index()].is_none())
    }

    /// The board `side` owes a move on this round. While both boards run,
    /// the two sides are to move on different boards, so this is unique.
    pub(crate) fn owed_board(&self, side: Color) -> Option<BoardId> {
        self.owed_boards()
            .find(|&id| self.board(id).position.turn() == side)
    }

    /// Players who still owe a move this round, in canonical order.
    pub(crate) fn to_move(&self) -> Vec<Color> {
        self.owed_boards()
            .map(|id| self.board(id).position.turn())
            .collect()
    }

    /// The board of the next ply in perft's canonical order.
    pub(crate) fn next_board(&self) -> Option<BoardId> {
        self.owed_boards().next()
    }

    /// Seals a legal move on `id` (the caller checked it against the
    /// board's legal moves) and closes the round if it was the last owed.
    pub(crate) fn play(&mut self, id: BoardId, mv: Move) {
        self.sealed[id.index()] = Some(mv);
        if self.owed_boards().next().is_none() {
            self.close_round();
        }
    }

    fn close_round(&mut self) {
        let was_running = self.boards.each_ref().map(Board::is_running);
        for id in BoardId::ALL {
            if let Some(mv) = self.sealed[id.index()].take() {
                self.boards[id.index()].play(mv);
            }
        }
        self.round += 1;
        // A state changes only when exactly one of two running games ended
        // in this round; both ending together changes nothing (seed).
        if was_running == [true, true] {
            let finished: Vec<BoardId> = BoardId::ALL
                .into_iter()
                .filter(|&id| !self.board(id).is_running())
                .collect();
            if let [done] = finished[..] {
                // The game on `done` is the mega-knight on the other board.
                let other = done.other();
                if let Some(result) = &self.board(done).result {
                    let state = MegaState::after(other.owner(), result);
                    self.boards[other.index()].set_mega(state);
                }
            }
        }
    }

    pub(super) fn save(&self) -> Saved {
        Saved {
            positions: self.boards.each_ref().map(|b| b.position),
            megas: self.boards.each_ref().map(|b| b.mega),
            history_lens: self.boards.each_ref().map(|b| b.history.len()),
            results: self.boards.each_ref().map(|b| b.result.clone()),
            sealed: self.sealed,
            round: self.round,
        }
    }

    pub(super) fn restore(&mut self, saved: &Saved) {
        for (i, board) in self.boards.iter_mut().enumerate() {
            board.position = saved.positions[i];
            board.mega = saved.megas[i];
            board.history.truncate(saved.history_lens[i]);
            board.result.clone_from(&saved.results[i]);
        }
        self.sealed = saved.sealed;
        self.round = saved.round;
    }

    /// Legal ply sequences of `depth` in the canonical order: each round
    /// White's board's move, then Black's board's move.
    pub(crate) fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some(id) = self.next_board() else {
            return 0;
        };
        let position = self.board(id).position;
        if depth == 1 {
            return position.count_legal_moves();
        }
        let saved = self.save();
        let mut total = 0;
        for mv in position.legal_moves() {
            self.play(id, mv);
            total += self.perft(depth - 1);
            self.restore(&saved);
        }
        total
    }
}
