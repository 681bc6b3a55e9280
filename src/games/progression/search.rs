//! Progression Chess as a search plays it: the list phase and the board
//! phase in one copyable state, copied into each undo.
//!
//! A free template admits 40320 lists, too many to search each one; they
//! are told apart mostly by what they make of moving pieces and
//! promotions, which [`evaluate::list`] prices. So a search weighs only
//! the best [`LIST_CANDIDATES`] by that price, and lets the board decide
//! between them.

use super::board::{Board, BoardMove};
use super::evaluate;
use super::list::ProgressionList;
use super::switches::Setup;
use crate::games::chess::search::CaptureSink;
use crate::games::chess::{Color, MoveKind};
use crate::games::searchable::{Decided, KeyMixer, Owing, Searchable};
use crate::games::Side;

/// The lists a search weighs in the list phase.
pub(crate) const LIST_CANDIDATES: usize = 8;

/// A list chosen, or a move on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProgressionMove {
    List(ProgressionList),
    Board(BoardMove),
}

#[derive(Clone, Copy, Debug)]
pub struct ProgressionSearch {
    setup: Setup,
    lists: [Option<ProgressionList>; 2],
    board: Option<Board>,
    /// The lists worth weighing, the best first.
    candidates: [Option<ProgressionList>; LIST_CANDIDATES],
}

impl ProgressionSearch {
    pub(super) fn new(
        setup: Setup,
        lists: [Option<ProgressionList>; 2],
        board: Option<Board>,
    ) -> ProgressionSearch {
        let mut candidates = [None; LIST_CANDIDATES];
        if board.is_none() {
            let promote = setup.promote.first();
            let mut priced: Vec<(i32, ProgressionList)> = setup
                .template
                .lists()
                .into_iter()
                .map(|list| (evaluate::list(&list, list.at(promote)), list))
                .collect();
            // Of equal prices the first listed, so the choice is repeatable.
            priced.sort_by_key(|(price, _)| std::cmp::Reverse(*price));
            for (slot, (_, list)) in candidates.iter_mut().zip(priced) {
                *slot = Some(list);
            }
        }
        ProgressionSearch {
            setup,
            lists,
            board,
            candidates,
        }
    }

    fn list_mover(&self) -> Side {
        match self.lists {
            [None, _] => Side::White,
            _ => Side::Black,
        }
    }
}

impl Searchable for ProgressionSearch {
    type Move = ProgressionMove;
    type Undo = ProgressionSearch;

    fn owing(&self) -> Owing {
        match &self.board {
            Some(board) if board.judge_after_move().is_some() => Owing::Nobody,
            Some(board) => Owing::One(board.turn()),
            None => Owing::One(self.list_mover()),
        }
    }

    fn decided(&self) -> Option<Decided> {
        let outcome = self.board.as_ref()?.judge_after_move()?;
        Some(outcome.winner.map_or(Decided::Drawn, Decided::Won))
    }

    fn stuck(&self, _side: Side) -> Decided {
        Decided::Drawn
    }

    fn moves(&self, _side: Side, out: &mut Vec<ProgressionMove>) {
        match &self.board {
            Some(board) => out.extend(board.legal_moves().into_iter().map(ProgressionMove::Board)),
            None => out.extend(
                self.candidates
                    .iter()
                    .flatten()
                    .map(|&l| ProgressionMove::List(l)),
            ),
        }
    }

    fn captures(&self, side: Side, out: &mut Vec<ProgressionMove>) {
        let Some(board) = &self.board else {
            return;
        };
        let position = board.position();
        let mut found = Vec::new();
        let enemies = position.by_color(side.opponent());
        position.generate(&mut CaptureSink {
            enemies,
            out: &mut found,
        });
        let best = board
            .promotion_kinds(side)
            .iter()
            .copied()
            .max_by_key(|&kind| evaluate::kind_value(kind));
        out.extend(found.into_iter().map(|mv| {
            let promotion = matches!(mv.kind, MoveKind::Promotion(_))
                .then_some(best)
                .flatten();
            ProgressionMove::Board(BoardMove { mv, promotion })
        }));
    }

    fn gain(&self, side: Side, mv: ProgressionMove) -> i32 {
        let (Some(board), ProgressionMove::Board(bm)) = (&self.board, mv) else {
            return 0;
        };
        let taken = match (bm.mv.kind, board.man_at(bm.mv.to)) {
            (MoveKind::EnPassant, _) => evaluate::PAWN,
            (MoveKind::Castle(_), _) => 0,
            (_, Some((color, man))) if color != side => evaluate::man_value(man),
            _ => 0,
        };
        let promoted = bm
            .promotion
            .map_or(0, |kind| evaluate::kind_value(kind) - evaluate::PAWN);
        taken + promoted
    }

    fn play(&mut self, side: Side, mv: ProgressionMove) -> ProgressionSearch {
        let undo = *self;
        match mv {
            ProgressionMove::List(list) => {
                self.lists[side.index()] = Some(list);
                if let [Some(white), Some(black)] = self.lists {
                    self.board = Some(Board::start([white, black], self.setup.promote));
                }
            }
            ProgressionMove::Board(bm) => {
                if let Some(board) = &mut self.board {
                    board.play(bm);
                }
            }
        }
        undo
    }

    fn undo(&mut self, undo: ProgressionSearch) {
        *self = undo;
    }

    fn key(&self) -> u64 {
        let list_word = |list: Option<ProgressionList>| {
            list.map_or(0, |list| {
                list.kinds()
                    .iter()
                    .fold(1u64, |word, kind| word << 4 | kind.index() as u64)
            })
        };
        let mixer = KeyMixer::default()
            .mix(list_word(self.lists[0]))
            .mix(list_word(self.lists[1]));
        match &self.board {
            Some(board) => mixer.mix(board.position().search_key()).finish(),
            None => mixer.finish(),
        }
    }

    fn evaluate(&self, side: Side) -> i32 {
        match &self.board {
            Some(board) => evaluate::board(board, side),
            None => {
                let promote = self.setup.promote.first();
                let score = |color: Color| {
                    self.lists[color.index()]
                        .map_or(0, |list| evaluate::list(&list, list.at(promote)))
                };
                score(side) - score(side.opponent())
            }
        }
    }

    fn notation(&self, _side: Side, mv: ProgressionMove) -> String {
        match mv {
            ProgressionMove::List(list) => format!("list:{list}"),
            ProgressionMove::Board(bm) => bm.coordinate(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(switches: &str) -> ProgressionSearch {
        let switches: Vec<String> = switches.split_whitespace().map(String::from).collect();
        let setup = Setup::parse(&switches).unwrap();
        let list = setup.template.complete();
        let board = list.map(|list| Board::start([list; 2], setup.promote));
        ProgressionSearch::new(setup, [list; 2], board)
    }

    #[test]
    fn the_list_phase_offers_the_best_lists_by_their_price_then_the_board() {
        let mut node = start("");
        let mut lists = Vec::new();
        node.moves(Side::White, &mut lists);
        assert_eq!(lists.len(), LIST_CANDIDATES);
        let price = |mv: &ProgressionMove| match mv {
            ProgressionMove::List(list) => evaluate::list(list, list.at(1)),
            ProgressionMove::Board(_) => unreachable!("the board has not begun"),
        };
        assert!(lists
            .windows(2)
            .all(|pair| price(&pair[0]) >= price(&pair[1])));
        let best_of_all = Setup::default()
            .template
            .lists()
            .iter()
            .map(|list| evaluate::list(list, list.at(1)))
            .max();
        assert_eq!(Some(price(&lists[0])), best_of_all);
        node.play(Side::White, lists[0]);
        assert_eq!(node.owing(), Owing::One(Side::Black));
        let undo = node.play(Side::Black, lists[1]);
        assert_eq!(node.owing(), Owing::One(Side::White));
        let mut moves = Vec::new();
        node.moves(Side::White, &mut moves);
        assert_eq!(moves.len(), 20);
        node.undo(undo);
        assert_eq!(node.owing(), Owing::One(Side::Black));
    }

    #[test]
    fn a_template_without_wildcards_starts_on_the_board() {
        let node = start("-list:KQRrNnBb");
        let mut moves = Vec::new();
        node.moves(Side::White, &mut moves);
        assert_eq!(moves.len(), 20);
        assert!(moves
            .iter()
            .all(|mv| matches!(mv, ProgressionMove::Board(_))));
        assert_eq!(node.notation(Side::White, moves[0]), "b1a3");
    }
}
