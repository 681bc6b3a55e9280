//! Alpha-beta over a game's typed moves ([`Searchable`]), for every game.
//!
//! Scores are from the point of view of the side acting at a node
//! (negamax); where the next action is the same side's again (the second
//! action of a Spherical Chess 324 turn) the score is simply not turned
//! round. A node is searched as a principal variation: its first move
//! with the whole window, the others with a null window and again only
//! when they beat it; late quiet moves a ply or two shallower first.
//! Moves come in the order of `ordering`, the table remembers every node
//! searched, and at the horizon a quiescence search plays out captures
//! (and every answer to a check) until the position is quiet.

use super::ordering::{ranked, Ordering};
use super::table::{Bound, Table};
use super::{Halt, WIN};
use crate::games::{Decided, Owing, Searchable, Side};
use std::time::Instant;

/// Beyond any score a position can have.
pub(crate) const INFINITY: i32 = WIN + 1;

/// Positions searched between two looks at the clock and the halt: few
/// enough that even Spherical Chess 324's take a few milliseconds.
const LOOK_EVERY: u64 = 512;

/// No line is searched deeper than this, extensions included.
const MAX_PLY: u32 = 100;

/// Captures played out past the horizon at most.
const QUIESCENCE_DEPTH: u32 = 8;

/// A capture that cannot lift the score to `alpha` even with this to
/// spare is not tried at the horizon.
const DELTA_MARGIN: i32 = 200;

pub(super) struct Searcher<'a, N: Searchable> {
    me: Side,
    deadline: Instant,
    halt: Halt<'a>,
    pub(crate) nodes: u64,
    /// The deadline passed or the halt came: every score since is
    /// worthless.
    pub(crate) stopped: bool,
    /// It was the halt.
    pub(crate) halted: bool,
    table: Table<N::Move>,
    ordering: Ordering<N::Move>,
    /// Move lists by ply, kept to be filled again.
    lists: Vec<Vec<N::Move>>,
    ranks: Vec<Vec<(i32, N::Move)>>,
}

/// How much depth an action at `node` uses up: none for the first of a
/// round of sealed moves, as the pair is one level (and a position with
/// one of them played is only half a round).
pub(super) fn level_step<N: Searchable>(node: &N) -> i32 {
    match node.owing() {
        Owing::Both => 0,
        _ => 1,
    }
}

/// The score of a decided game for `view`, a sooner win better.
pub(super) fn decided_score(decided: Decided, view: Side, ply: u32) -> i32 {
    match decided {
        Decided::Won(winner) if winner == view => WIN - ply as i32,
        Decided::Won(_) => -(WIN - ply as i32),
        Decided::Drawn => 0,
    }
}

impl<'a, N: Searchable> Searcher<'a, N> {
    /// A searcher for `me` with a table of `2^table_bits` positions.
    pub(crate) fn new(
        me: Side,
        deadline: Instant,
        halt: Halt<'a>,
        table_bits: u32,
    ) -> Searcher<'a, N> {
        Searcher {
            me,
            deadline,
            halt,
            nodes: 0,
            stopped: false,
            halted: false,
            table: Table::new(table_bits),
            ordering: Ordering::new(),
            lists: Vec::new(),
            ranks: Vec::new(),
        }
    }

    /// Counts a node and, now and then, stops the search when its time
    /// is up or its halt came; whether it is stopped.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(LOOK_EVERY) {
            if self.halt.is_due() {
                self.halted = true;
                self.stopped = true;
            } else if Instant::now() >= self.deadline {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Who acts at this node: in a round of sealed moves the robot is
    /// taken to choose first, the cautious view.
    pub(crate) fn mover(&self, node: &N) -> Option<Side> {
        match node.owing() {
            Owing::Nobody => None,
            Owing::One(side) => Some(side),
            Owing::Both => Some(self.me),
        }
    }

    fn take_list(&mut self, ply: u32) -> Vec<N::Move> {
        let ply = ply as usize;
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
            self.ranks.resize_with(ply + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        list
    }

    fn give_back(&mut self, ply: u32, list: Vec<N::Move>, ranks: Vec<(i32, N::Move)>) {
        self.lists[ply as usize] = list;
        self.ranks[ply as usize] = ranks;
    }

    /// `node` searched `depth` actions deep, scored for `view` within
    /// `alpha..beta`.
    pub(crate) fn value(
        &mut self,
        node: &mut N,
        view: Side,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        if let Some(decided) = node.decided() {
            return decided_score(decided, view, ply);
        }
        let Some(mover) = self.mover(node) else {
            return node.evaluate(view);
        };
        if mover != view {
            return -self.value(node, mover, depth, -beta, -alpha, ply);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(node, mover, alpha, beta, ply, 0);
        }
        if self.tick() {
            return 0;
        }
        self.expand(node, mover, depth, alpha, beta, ply)
    }

    /// A node's moves searched in turn, for `mover`, who acts there.
    fn expand(
        &mut self,
        node: &mut N,
        mover: Side,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        let key = node.key();
        let known = self.table.probe(key).copied();
        if let Some(score) = known.and_then(|entry| entry.cut(depth, alpha, beta, ply)) {
            return score;
        }
        let in_check = node.in_check(mover);
        let depth = depth + i32::from(in_check);
        let step = level_step(node);
        let mut moves = self.take_list(ply);
        node.moves(mover, &mut moves);
        let mut ranks = std::mem::take(&mut self.ranks[ply as usize]);
        if moves.is_empty() {
            self.give_back(ply, moves, ranks);
            return decided_score(node.stuck(mover), mover, ply);
        }
        let best_known = known.and_then(|entry| entry.best);
        let ordering = &self.ordering;
        ranked(
            &moves,
            |mv| ordering.rank(mover, mv, node.gain(mover, mv), best_known, ply),
            &mut ranks,
        );
        let original_alpha = alpha;
        let (mut best, mut best_move) = (-INFINITY, None);
        for (index, &(_, mv)) in ranks.iter().enumerate() {
            let quiet = node.gain(mover, mv) == 0;
            let undo = node.play(mover, mv);
            let late = quiet && !in_check && Some(mv) != best_known;
            let score = self.child(node, mover, depth + 1 - step, index, late, alpha, beta, ply);
            node.undo(undo);
            if self.stopped {
                self.give_back(ply, moves, ranks);
                return 0;
            }
            if score > best {
                (best, best_move) = (score, Some(mv));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if quiet {
                    self.ordering.refuted(mover, mv, depth, ply);
                }
                break;
            }
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(key, (depth, best, bound, best_move), ply);
        self.give_back(ply, moves, ranks);
        best
    }

    /// One move's child, already played: the first with the whole
    /// window, the others with a null window first (and, when `late`,
    /// shallower), searched again only when they beat `alpha`.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        node: &mut N,
        mover: Side,
        depth: i32,
        index: usize,
        late: bool,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        if index == 0 {
            return self.value(node, mover, depth - 1, alpha, beta, ply + 1);
        }
        let reduction = match (late && depth >= 3, index) {
            (false, _) | (true, 0..=2) => 0,
            (true, 3..=7) => 1,
            (true, _) => 2,
        };
        let mut score = self.value(
            node,
            mover,
            depth - 1 - reduction,
            alpha,
            alpha + 1,
            ply + 1,
        );
        if score > alpha && reduction > 0 {
            score = self.value(node, mover, depth - 1, alpha, alpha + 1, ply + 1);
        }
        if score > alpha && score < beta {
            score = self.value(node, mover, depth - 1, alpha, beta, ply + 1);
        }
        score
    }

    /// The score at the horizon for `view`: the position as it stands if
    /// the side acting chooses so, or what its captures make of it (in
    /// check, what its answers to the check make of it).
    fn quiesce(
        &mut self,
        node: &mut N,
        view: Side,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        deep: u32,
    ) -> i32 {
        if let Some(decided) = node.decided() {
            return decided_score(decided, view, ply);
        }
        let Some(mover) = self.mover(node) else {
            return node.evaluate(view);
        };
        if mover != view {
            return -self.quiesce(node, mover, -beta, -alpha, ply, deep);
        }
        if self.tick() {
            return 0;
        }
        let in_check = node.in_check(mover) && deep < 2 * QUIESCENCE_DEPTH;
        let standing = node.evaluate(mover);
        let mut best = -INFINITY;
        if !in_check {
            if standing >= beta || deep >= QUIESCENCE_DEPTH || ply >= MAX_PLY {
                return standing;
            }
            alpha = alpha.max(standing);
            best = standing;
        }
        let mut moves = self.take_list(ply);
        if in_check {
            node.moves(mover, &mut moves);
        } else {
            node.captures(mover, &mut moves);
        }
        let mut ranks = std::mem::take(&mut self.ranks[ply as usize]);
        if moves.is_empty() {
            self.give_back(ply, moves, ranks);
            return if in_check {
                decided_score(node.stuck(mover), mover, ply)
            } else {
                best
            };
        }
        ranked(&moves, |mv| node.gain(mover, mv), &mut ranks);
        for &(gain, mv) in ranks.iter() {
            if !in_check && standing + gain + DELTA_MARGIN < alpha {
                break;
            }
            let undo = node.play(mover, mv);
            let score = self.quiesce(node, mover, alpha, beta, ply + 1, deep + 1);
            node.undo(undo);
            if self.stopped {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.give_back(ply, moves, ranks);
        if self.stopped {
            0
        } else {
            best
        }
    }
}
