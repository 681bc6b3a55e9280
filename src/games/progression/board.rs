//! The board phase: the core position plus both progression lists, with
//! progression after each move and the end rules of the game's rules
//! page (`templates/en/games/progression.txt`): no check, the last king
//! taken loses.

use super::kind::Kind;
use super::list::{ProgressionList, PromoteDigits};
use crate::games::chess::{
    Bitboard, CastlingSetup, Color, MarkRules, Move, MoveKind, Piece, Position, Role, Rules,
    Square, STANDARD_BACK_RANK,
};
use crate::games::{EndReason, Outcome};

/// No check: every pseudo-legal move is legal and kings are ordinary
/// targets. The core promotes to one placeholder role; the kind a pawn
/// really becomes is chosen here, from the list.
pub(crate) const RULES: Rules = Rules {
    royal_kings: false,
    castling: CastlingSetup::STANDARD,
    marks: MarkRules::ORDINARY,
    promotion_roles: &[Role::Queen],
};

/// A board move: the core move plus, for a promotion, the kind chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardMove {
    pub(crate) mv: Move,
    pub(crate) promotion: Option<Kind>,
}

impl BoardMove {
    /// Canonical coordinate notation: `e2e4`, `e1g1`, `e7e8=n`.
    pub(crate) fn coordinate(self) -> String {
        match self.promotion {
            Some(kind) => format!("{}{}={kind}", self.mv.from, self.mv.to),
            None => format!("{}{}", self.mv.from, self.mv.to),
        }
    }
}

/// What stands on a square, as this game sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Man {
    Pawn,
    Piece(Kind),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    position: Position,
    lists: [ProgressionList; 2],
    /// The kinds each side may promote to, in `-promote:` order.
    promotions: [[Kind; 8]; 2],
    promotion_count: u8,
}

impl Board {
    /// The standard array with the queen-side rook, knight and bishop
    /// little, White to move.
    pub fn start(lists: [ProgressionList; 2], promote: PromoteDigits) -> Board {
        let mut position = Position::with_back_rank(RULES, &STANDARD_BACK_RANK);
        for file in 0..3 {
            for rank in [0, 7] {
                position.set_marked(Square::from_coords(file, rank), true);
            }
        }
        let mut promotions = [[Kind::King; 8]; 2];
        for side in Color::BOTH {
            for (slot, &digit) in promotions[side.index()].iter_mut().zip(promote.digits()) {
                *slot = lists[side.index()].at(digit);
            }
        }
        Board {
            position,
            lists,
            promotions,
            promotion_count: promote.digits().len() as u8,
        }
    }

    pub(crate) fn position(&self) -> &Position {
        &self.position
    }

    pub(crate) fn turn(&self) -> Color {
        self.position.turn()
    }

    pub(crate) fn list(&self, side: Color) -> ProgressionList {
        self.lists[side.index()]
    }

    /// The kinds `side` may promote to, first the default.
    pub(crate) fn promotion_kinds(&self, side: Color) -> &[Kind] {
        &self.promotions[side.index()][..usize::from(self.promotion_count)]
    }

    pub(crate) fn man_at(&self, sq: Square) -> Option<(Color, Man)> {
        let piece = self.position.piece_at(sq)?;
        let man = match piece.role {
            Role::Pawn => Man::Pawn,
            role => Man::Piece(Kind::from_role(role, self.position.is_marked(sq))?),
        };
        Some((piece.color, man))
    }

    fn set_kind(&mut self, sq: Square, color: Color, kind: Kind) {
        self.position.put(sq, Piece::new(color, kind.role()));
        self.position.set_marked(sq, kind.is_little());
    }

    /// Turns the piece on `sq` into the next kind of its owner's list.
    fn progress(&mut self, sq: Square) {
        if let Some((color, Man::Piece(kind))) = self.man_at(sq) {
            let next = self.lists[color.index()].next(kind);
            self.set_kind(sq, color, next);
        }
    }

    /// Every legal move, promotions once per distinct kind.
    pub(crate) fn legal_moves(&self) -> Vec<BoardMove> {
        let mut moves = Vec::with_capacity(48);
        let kinds = self.promotion_kinds(self.turn());
        self.position.generate(&mut |mv: Move| match mv.kind {
            MoveKind::Promotion(_) => moves.extend(kinds.iter().map(|&kind| BoardMove {
                mv,
                promotion: Some(kind),
            })),
            _ => moves.push(BoardMove {
                mv,
                promotion: None,
            }),
        });
        moves
    }

    pub(crate) fn count_legal_moves(&self) -> u64 {
        self.position.count_moves(u64::from(self.promotion_count))
    }

    /// Plays a move from [`Board::legal_moves`] and progresses what moved.
    pub(crate) fn play(&mut self, bm: BoardMove) {
        let us = self.turn();
        let mv = bm.mv;
        let pawn = self.position.by_role(Role::Pawn).contains(mv.from);
        self.position.play(mv);
        match (mv.kind, bm.promotion) {
            (MoveKind::Castle(wing), _) => {
                // Both castling pieces moved, so both progress.
                self.progress(mv.to);
                self.progress(RULES.castling.rook_to(us, wing));
            }
            // A promoted pawn takes the chosen kind and does not progress.
            (MoveKind::Promotion(_), Some(kind)) => self.set_kind(mv.to, us, kind),
            (MoveKind::Promotion(_), None) => {
                let kind = self.promotion_kinds(us)[0];
                self.set_kind(mv.to, us, kind);
            }
            _ if !pawn => self.progress(mv.to),
            _ => {}
        }
    }

    pub(crate) fn kings(&self, side: Color) -> Bitboard {
        self.position.pieces(side, Role::King)
    }

    /// The end rules after a move, before looking at the next player's
    /// moves: the side that has just moved wins if the other has no King
    /// (even with none of its own), loses if it has none, and 100 quiet
    /// plies draw.
    pub(crate) fn judge_after_move(&self) -> Option<Outcome> {
        let mover = self.turn().opponent();
        if self.kings(mover.opponent()).is_empty() {
            return Some(Outcome::win(mover, EndReason::LastKingCaptured));
        }
        if self.kings(mover).is_empty() {
            return Some(Outcome::win(
                mover.opponent(),
                EndReason::NoKingLeft { side: mover },
            ));
        }
        if self.position.halfmove_clock() >= 100 {
            return Some(Outcome::draw(EndReason::FiftyMoveRule));
        }
        None
    }

    /// [`Board::judge_after_move`], then (the host's ruling) a draw when
    /// the player to move has no legal move at all.
    pub(crate) fn judge(&self) -> Option<Outcome> {
        self.judge_after_move().or_else(|| {
            (self.count_legal_moves() == 0)
                .then(|| Outcome::draw(EndReason::NoLegalMove { side: self.turn() }))
        })
    }

    /// Legal move sequences of `depth` plies; a finished game has none.
    pub(crate) fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => self
                .legal_moves()
                .into_iter()
                .map(|bm| {
                    let mut next = *self;
                    next.play(bm);
                    // A position without moves counts 0 by itself, so only
                    // the rules that end a game with moves left are checked.
                    if next.judge_after_move().is_some() {
                        0
                    } else {
                        next.perft(depth - 1)
                    }
                })
                .sum(),
        }
    }

    #[cfg(test)]
    pub(crate) fn position_mut(&mut self) -> &mut Position {
        &mut self.position
    }

    #[cfg(test)]
    pub(crate) fn put_kind(&mut self, sq: Square, color: Color, kind: Kind) {
        self.set_kind(sq, color, kind);
    }
}
