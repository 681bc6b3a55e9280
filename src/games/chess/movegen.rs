//! Legal move generation for every rule set a [`Position`] can carry.
//!
//! With royal kings it generates strictly legal moves (checks, pins, king
//! safety); without, every pseudo-legal move is legal. Moves go to a
//! [`MoveSink`] a piece at a time, so perft can count target sets without
//! listing them.

use super::attacks;
use super::piece::{Color, Role};
use super::position::{Move, MoveKind, Position, Wing};
use super::square::{Bitboard, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PawnStep {
    /// A push or a capture that does not reach the last rank.
    Single,
    Double,
    /// A push or capture onto the last rank: one move per promotion role.
    Promotion,
}

/// Receives generated moves.
pub trait MoveSink {
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

/// Counts moves without listing them (perft's last ply).
#[derive(Default)]
pub struct MoveCounter(pub u64);

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

impl Position {
    /// Every legal move, in a stable order (by piece, then target).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        self.generate(&mut |mv| moves.push(mv));
        moves
    }

    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate(&mut counter);
        counter.0
    }

    pub fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn();
        let them = us.opponent();
        let occupied = self.occupied();
        let capturable = self.by_color(them) & !self.uncapturable(them);
        let open = !occupied | capturable;
        let movers = self.movers(us);
        let capture_less = self.capture_less(us);

        let king = self.royal_king(us);
        let (checkers, pinned) = match king {
            Some(king) => (self.attackers(king, them, occupied), self.pinned(king, us)),
            None => (Bitboard::EMPTY, Bitboard::EMPTY),
        };

        // The royal king: never onto an attacked square.
        if let Some(king) = king.filter(|&k| movers.contains(k)) {
            let mut targets = attacks::king(king) & open;
            if capture_less.contains(king) {
                targets &= !occupied;
            }
            let without_king = occupied.without(king);
            let safe = targets
                .filter(|&to| self.attackers(to, them, without_king).is_empty())
                .fold(Bitboard::EMPTY, Bitboard::with);
            sink.piece_moves(king, safe);
            if checkers.more_than_one() {
                return;
            }
        }
        let check_mask = match checkers.first() {
            Some(checker) => attacks::between(king.unwrap_or(checker), checker) | checker.bb(),
            None => Bitboard::ALL,
        };

        let pawns = self.by_role(Role::Pawn);
        let knights = self.by_role(Role::Knight);
        let bishops = self.by_role(Role::Bishop);
        let rooks = self.by_role(Role::Rook);
        let queens = self.by_role(Role::Queen);
        let kings = self.by_role(Role::King);
        let others = movers & !pawns & !king.map_or(Bitboard::EMPTY, Square::bb);
        for from in others {
            let mut targets = if knights.contains(from) {
                attacks::knight(from)
            } else if bishops.contains(from) {
                attacks::bishop(from, occupied)
            } else if rooks.contains(from) {
                attacks::rook(from, occupied)
            } else if queens.contains(from) {
                attacks::queen(from, occupied)
            } else if kings.contains(from) {
                attacks::king(from)
            } else {
                Bitboard::EMPTY
            };
            targets &= open & check_mask;
            if capture_less.contains(from) {
                targets &= !occupied;
            }
            if let (Some(king), true) = (king, pinned.contains(from)) {
                targets &= attacks::line(king, from);
            }
            sink.piece_moves(from, targets);
        }

        self.generate_pawn_moves(sink, movers & pawns, capturable, check_mask, pinned, king);
        self.generate_en_passant(sink, movers & pawns & !capture_less, king);
        if checkers.is_empty() {
            self.generate_castling(sink, us, king.is_some());
        }
    }

    fn generate_pawn_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        pawns: Bitboard,
        capturable: Bitboard,
        check_mask: Bitboard,
        pinned: Bitboard,
        king: Option<Square>,
    ) {
        let us = self.turn();
        let empty = !self.occupied();
        let capture_less = self.capture_less(us);
        let (forward, start_rank, last_rank): (i8, u8, u8) = match us {
            Color::White => (1, 1, 7),
            Color::Black => (-1, 6, 0),
        };
        let roles = self.rules().promotion_roles;
        for from in pawns {
            let mut targets = attacks::pawn(us, from) & capturable;
            if capture_less.contains(from) {
                targets = Bitboard::EMPTY;
            }
            let mut double = Bitboard::EMPTY;
            if let Some(one) = from.offset(0, forward).filter(|&sq| empty.contains(sq)) {
                targets |= one.bb();
                if from.rank() == start_rank {
                    if let Some(two) = one.offset(0, forward).filter(|&sq| empty.contains(sq)) {
                        double = two.bb();
                    }
                }
            }
            targets &= check_mask;
            double &= check_mask;
            if let (Some(king), true) = (king, pinned.contains(from)) {
                let line = attacks::line(king, from);
                targets &= line;
                double &= line;
            }
            let step = if targets.any() && targets.first().map(Square::rank) == Some(last_rank) {
                PawnStep::Promotion
            } else {
                PawnStep::Single
            };
            sink.pawn_moves(from, targets, step, roles);
            sink.pawn_moves(from, double, PawnStep::Double, roles);
        }
    }

    fn generate_en_passant<S: MoveSink>(
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

    fn generate_castling<S: MoveSink>(&self, sink: &mut S, us: Color, royal: bool) {
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
