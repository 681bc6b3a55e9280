//! Legal move generation for every rule set a [`Position`] can carry.
//!
//! With royal kings it generates strictly legal moves (checks, pins, king
//! safety); without, every pseudo-legal move is legal. Moves go to a
//! [`MoveSink`] a piece at a time, in a stable order (the royal king,
//! the other pieces by square, the pawns by square, en passant,
//! castling) that the lists players read keep. Counting alone, perft's
//! last ply, goes its own way (`count.rs`): pawns as whole sets.

use super::attacks;
use super::piece::{Color, Role};
use super::position::{Move, MoveKind, Position, Wing};
use super::square::{Bitboard, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PawnStep {
    /// A push or a capture that does not reach the last rank.
    Single,
    Double,
    /// A push or capture onto the last rank: one move per promotion role.
    Promotion,
}

/// Receives generated moves.
pub(crate) trait MoveSink {
    /// Ordinary moves of the piece on `from` to every square of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
    fn pawn_moves(
        &mut self,
        from: Square,
        targets: Bitboard,
        step: PawnStep,
        promotion_roles: &[Role],
    );
    /// Castling and en passant.
    fn special(&mut self, mv: Move);
}

impl<F: FnMut(Move)> MoveSink for F {
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self(Move {
                from,
                to,
                kind: MoveKind::Normal,
            });
        }
    }

    fn pawn_moves(&mut self, from: Square, targets: Bitboard, step: PawnStep, roles: &[Role]) {
        for to in targets {
            match step {
                PawnStep::Single => self(Move {
                    from,
                    to,
                    kind: MoveKind::Normal,
                }),
                PawnStep::Double => self(Move {
                    from,
                    to,
                    kind: MoveKind::DoublePush,
                }),
                PawnStep::Promotion => {
                    for &role in roles {
                        self(Move {
                            from,
                            to,
                            kind: MoveKind::Promotion(role),
                        });
                    }
                }
            }
        }
    }

    fn special(&mut self, mv: Move) {
        self(mv)
    }
}

/// Counts moves without listing them.
#[derive(Default)]
pub(crate) struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    fn piece_moves(&mut self, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    fn pawn_moves(&mut self, _: Square, targets: Bitboard, step: PawnStep, roles: &[Role]) {
        let per_target = if step == PawnStep::Promotion {
            roles.len() as u64
        } else {
            1
        };
        self.0 += u64::from(targets.count()) * per_target;
    }

    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// What every move of the side to move must respect, worked out once per
/// position.
pub(super) struct Constraints {
    pub(crate) us: Color,
    pub(crate) them: Color,
    pub(crate) occupied: Bitboard,
    /// Enemy pieces that may be taken.
    pub(crate) capturable: Bitboard,
    /// Squares a piece may end on: empty or capturable.
    pub(crate) open: Bitboard,
    /// Our pieces that may move.
    pub(crate) movers: Bitboard,
    /// Our pieces that may move but not capture.
    pub(crate) capture_less: Bitboard,
    /// Our royal king, when kings are royal.
    pub(crate) king: Option<Square>,
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
    /// Where a piece other than the king must go: anywhere, or onto the
    /// one checker or between it and the king.
    pub(crate) check_mask: Bitboard,
}

impl Constraints {
    /// `targets` of the piece on `from` as its mark and any pin allow.
    #[inline(always)]
    pub(crate) fn restrict(&self, from: Square, mut targets: Bitboard) -> Bitboard {
        if self.capture_less.contains(from) {
            targets &= !self.occupied;
        }
        if let (Some(king), true) = (self.king, self.pinned.contains(from)) {
            targets &= attacks::line(king, from);
        }
        targets
    }
}

impl Position {
    /// Every legal move, in a stable order (by piece, then target).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        self.generate(&mut |mv| moves.push(mv));
        moves
    }

    pub(super) fn constraints(&self) -> Constraints {
        let us = self.turn();
        let them = us.opponent();
        let occupied = self.occupied();
        let capturable = self.by_color(them) & !self.uncapturable(them);
        let king = self.royal_king(us);
        let (checkers, pinned) = match king {
            Some(king) => (self.attackers(king, them, occupied), self.pinned(king, us)),
            None => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        let check_mask = match checkers.first() {
            Some(checker) => attacks::between(king.unwrap_or(checker), checker) | checker.bb(),
            None => Bitboard::ALL,
        };
        Constraints {
            us,
            them,
            occupied,
            capturable,
            open: !occupied | capturable,
            movers: self.movers(us),
            capture_less: self.capture_less(us),
            king,
            checkers,
            pinned,
            check_mask,
        }
    }

    /// Where the royal king may step: never onto an attacked square.
    pub(super) fn king_targets(&self, c: &Constraints, king: Square) -> Bitboard {
        let mut targets = attacks::king(king) & c.open;
        if c.capture_less.contains(king) {
            targets &= !c.occupied;
        }
        let without_king = c.occupied.without(king);
        targets
            .filter(|&to| self.attackers(to, c.them, without_king).is_empty())
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let c = self.constraints();
        if let Some(king) = c.king.filter(|&k| c.movers.contains(k)) {
            sink.piece_moves(king, self.king_targets(&c, king));
            if c.checkers.more_than_one() {
                return;
            }
        }
        let pawns = self.by_role(Role::Pawn);
        let knights = self.by_role(Role::Knight);
        let diagonal = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        let straight = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let mask = c.open & c.check_mask;
        let others = c.movers & !pawns & !c.king.map_or(Bitboard::EMPTY, Square::bb);
        for from in others {
            let targets = if knights.contains(from) {
                attacks::knight(from)
            } else if diagonal.contains(from) || straight.contains(from) {
                let mut reach = Bitboard::EMPTY;
                if diagonal.contains(from) {
                    reach |= attacks::bishop(from, c.occupied);
                }
                if straight.contains(from) {
                    reach |= attacks::rook(from, c.occupied);
                }
                reach
            } else {
                // What remains is a king that is not royal.
                attacks::king(from)
            };
            sink.piece_moves(from, c.restrict(from, targets & mask));
        }
        for from in c.movers & pawns {
            let (targets, double) = self.pawn_targets(&c, from);
            let step =
                if targets.any() && targets.first().map(Square::rank) == Some(last_rank(c.us)) {
                    PawnStep::Promotion
                } else {
                    PawnStep::Single
                };
            let roles = self.rules().promotion_roles;
            sink.pawn_moves(from, targets, step, roles);
            sink.pawn_moves(from, double, PawnStep::Double, roles);
        }
        self.generate_en_passant(sink, c.movers & pawns & !c.capture_less, c.king);
        if c.checkers.is_empty() {
            self.generate_castling(sink, c.us, c.king.is_some());
        }
    }

    /// One pawn's single steps and captures, and its double step.
    pub(super) fn pawn_targets(&self, c: &Constraints, from: Square) -> (Bitboard, Bitboard) {
        let empty = !c.occupied;
        let mut targets = if c.capture_less.contains(from) {
            Bitboard::EMPTY
        } else {
            attacks::pawn(c.us, from) & c.capturable
        };
        let one = forward(c.us, from.bb()) & empty;
        let mut double = forward(c.us, one & Bitboard::rank(third_rank(c.us))) & empty;
        targets |= one;
        targets &= c.check_mask;
        double &= c.check_mask;
        if let (Some(king), true) = (c.king, c.pinned.contains(from)) {
            let line = attacks::line(king, from);
            targets &= line;
            double &= line;
        }
        (targets, double)
    }

    pub(super) fn generate_en_passant<S: MoveSink>(
        &self,
        sink: &mut S,
        pawns: Bitboard,
        king: Option<Square>,
    ) {
        let Some(ep) = self.en_passant() else {
            return;
        };
        let us = self.turn();
        let them = us.opponent();
        let victim = Square::from_coords(
            ep.file(),
            match us {
                Color::White => 4,
                Color::Black => 3,
            },
        );
        if !self.pieces(them, Role::Pawn).contains(victim)
            || self.uncapturable(them).contains(victim)
        {
            return;
        }
        for from in attacks::pawn(them, ep) & pawns {
            let mv = Move {
                from,
                to: ep,
                kind: MoveKind::EnPassant,
            };
            // Rare enough to test by playing it: this also catches the
            // discovered check along the rank both pawns leave.
            let legal = match king {
                Some(_) => {
                    let mut after = *self;
                    after.play(mv);
                    after
                        .royal_king(us)
                        .is_some_and(|k| after.attackers(k, them, after.occupied()).is_empty())
                }
                None => true,
            };
            if legal {
                sink.special(mv);
            }
        }
    }

    pub(super) fn generate_castling<S: MoveSink>(&self, sink: &mut S, us: Color, royal: bool) {
        let setup = self.rules().castling;
        let king_from = setup.king_from(us);
        if !self.pieces(us, Role::King).contains(king_from) || !self.movers(us).contains(king_from)
        {
            return;
        }
        let occupied = self.occupied();
        for wing in Wing::BOTH {
            if !self.has_castling_right(us, wing) {
                continue;
            }
            let rook_from = setup.rook_from(us, wing);
            let king_to = setup.king_to(us, wing);
            let rook_to = setup.rook_to(us, wing);
            if !self.pieces(us, Role::Rook).contains(rook_from) {
                continue;
            }
            let must_be_empty = (attacks::between(king_from, rook_from)
                | attacks::between(king_from, king_to)
                | king_to.bb()
                | attacks::between(rook_from, rook_to)
                | rook_to.bb())
                & !king_from.bb()
                & !rook_from.bb();
            if (must_be_empty & occupied).any() {
                continue;
            }
            if royal {
                let mut path = attacks::between(king_from, king_to) | king_to.bb();
                if Iterator::any(&mut path, |sq| {
                    self.attackers(sq, us.opponent(), occupied).any()
                }) {
                    continue;
                }
            }
            sink.special(Move {
                from: king_from,
                to: king_to,
                kind: MoveKind::Castle(wing),
            });
        }
    }

    /// Our pieces pinned to `king` by enemy sliders.
    fn pinned(&self, king: Square, us: Color) -> Bitboard {
        let them = us.opponent();
        let theirs = self.by_color(them);
        let queens = self.by_role(Role::Queen);
        let snipers = ((attacks::rook(king, theirs) & (self.by_role(Role::Rook) | queens))
            | (attacks::bishop(king, theirs) & (self.by_role(Role::Bishop) | queens)))
            & theirs;
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & self.by_color(us);
            }
        }
        pinned
    }
}

/// The squares one step ahead of `squares` for `color`'s pawns.
#[inline(always)]
pub(super) fn forward(color: Color, squares: Bitboard) -> Bitboard {
    match color {
        Color::White => Bitboard(squares.0 << 8),
        Color::Black => Bitboard(squares.0 >> 8),
    }
}

/// The rank a pawn of `color` reaches with a single step from home, from
/// which it may step again.
pub(super) const fn third_rank(color: Color) -> u8 {
    match color {
        Color::White => 2,
        Color::Black => 5,
    }
}

pub(super) const fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}
