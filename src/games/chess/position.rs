//! A position on the 8×8 board and the rules that shape its moves.
//!
//! The rules are data, not code paths: whether kings are royal (check
//! exists), where castling pieces stand, and what marked pieces may do. That
//! is what lets Progression Chess (no check, several kings, little pieces)
//! and Infinite Recursion Chess (mirrored back rank, mega-knights that may
//! not capture or be captured) use this one generator unchanged.

pub use super::moves::{Capture, Move, MoveKind, Wing};
pub use keys::RepetitionKey;

mod keys;

use super::attacks;
use super::piece::{Color, Piece, Role};
use super::square::{Bitboard, Square};

/// Where the castling king and rooks stand and where they go, by file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingSetup {
    pub king_file: u8,
    /// Indexed by [`Wing`].
    pub rook_file: [u8; 2],
    pub king_to_file: [u8; 2],
    pub rook_to_file: [u8; 2],
}

impl CastlingSetup {
    /// FIDE chess: king e-file, king-side rook h, queen-side rook a.
    pub(crate) const STANDARD: CastlingSetup = CastlingSetup {
        king_file: 4,
        rook_file: [7, 0],
        king_to_file: [6, 2],
        rook_to_file: [5, 3],
    };

    fn back_rank(color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    pub(crate) fn king_from(&self, color: Color) -> Square {
        Square::from_coords(self.king_file, Self::back_rank(color))
    }

    pub(crate) fn king_to(&self, color: Color, wing: Wing) -> Square {
        Square::from_coords(self.king_to_file[wing as usize], Self::back_rank(color))
    }

    pub(crate) fn rook_from(&self, color: Color, wing: Wing) -> Square {
        Square::from_coords(self.rook_file[wing as usize], Self::back_rank(color))
    }

    pub(crate) fn rook_to(&self, color: Color, wing: Wing) -> Square {
        Square::from_coords(self.rook_to_file[wing as usize], Self::back_rank(color))
    }
}

/// What pieces that carry the board's mark may do, by owner. Unmarked
/// pieces always may do everything; marked ones as set here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MarkRules {
    pub may_move: [bool; 2],
    pub may_capture: [bool; 2],
    pub capturable: [bool; 2],
}

impl MarkRules {
    /// Marked pieces are ordinary (a mark then only names a second identity,
    /// such as Progression Chess's little pieces).
    pub const ORDINARY: MarkRules = MarkRules {
        may_move: [true; 2],
        may_capture: [true; 2],
        capturable: [true; 2],
    };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Kings are royal: a move may not leave its own king attacked, and
    /// castling may not pass through attack. Exactly one king per side then.
    pub royal_kings: bool,
    pub castling: CastlingSetup,
    pub marks: MarkRules,
    /// What a pawn may promote to, in the order moves are listed.
    pub promotion_roles: &'static [Role],
}

impl Rules {
    pub const STANDARD: Rules = Rules {
        royal_kings: true,
        castling: CastlingSetup::STANDARD,
        marks: MarkRules::ORDINARY,
        promotion_roles: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    };
}

/// The FIDE array, a…h.
pub const STANDARD_BACK_RANK: [Role; 8] = [
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::Queen,
    Role::King,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    colors: [Bitboard; 2],
    roles: [Bitboard; 6],
    /// Pieces with the variant's second identity (little, mega); the mark
    /// travels with the piece.
    marked: Bitboard,
    turn: Color,
    /// Bit `2 * color + wing`.
    castling: u8,
    /// The square a double-stepping pawn passed over, after that move.
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    rules: Rules,
}

impl Position {
    /// An empty board, White to move, no castling rights.
    pub fn empty(rules: Rules) -> Position {
        Position {
            colors: [Bitboard::EMPTY; 2],
            roles: [Bitboard::EMPTY; 6],
            marked: Bitboard::EMPTY,
            turn: Color::White,
            castling: 0,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            rules,
        }
    }

    /// The FIDE start position.
    pub(crate) fn standard() -> Position {
        Position::with_back_rank(Rules::STANDARD, &STANDARD_BACK_RANK)
    }

    /// Pawns on ranks 2 and 7, `back_rank` (a…h) on ranks 1 and 8 for both
    /// sides, all castling rights.
    pub fn with_back_rank(rules: Rules, back_rank: &[Role; 8]) -> Position {
        let mut pos = Position::empty(rules);
        for (file, &role) in back_rank.iter().enumerate() {
            let file = file as u8;
            pos.put(Square::from_coords(file, 0), Piece::new(Color::White, role));
            pos.put(Square::from_coords(file, 7), Piece::new(Color::Black, role));
            pos.put(
                Square::from_coords(file, 1),
                Piece::new(Color::White, Role::Pawn),
            );
            pos.put(
                Square::from_coords(file, 6),
                Piece::new(Color::Black, Role::Pawn),
            );
        }
        pos.castling = 0b1111;
        pos
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn set_turn(&mut self, color: Color) {
        self.turn = color;
    }

    pub(crate) fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    pub(crate) fn set_en_passant(&mut self, sq: Option<Square>) {
        self.en_passant = sq;
    }

    pub(crate) fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    pub(crate) fn set_halfmove_clock(&mut self, plies: u32) {
        self.halfmove_clock = plies;
    }

    pub(crate) fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    pub(crate) fn set_fullmove_number(&mut self, number: u32) {
        self.fullmove_number = number;
    }

    pub(crate) fn has_castling_right(&self, color: Color, wing: Wing) -> bool {
        self.castling & castle_bit(color, wing) != 0
    }

    pub fn set_castling_right(&mut self, color: Color, wing: Wing, on: bool) {
        if on {
            self.castling |= castle_bit(color, wing);
        } else {
            self.castling &= !castle_bit(color, wing);
        }
    }

    pub(crate) fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    pub(crate) fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color.index()] & self.roles[role.index()]
    }

    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    pub fn marked(&self) -> Bitboard {
        self.marked
    }

    pub fn is_marked(&self, sq: Square) -> bool {
        self.marked.contains(sq)
    }

    pub fn set_marked(&mut self, sq: Square, marked: bool) {
        self.marked = if marked && self.occupied().contains(sq) {
            self.marked.with(sq)
        } else {
            self.marked.without(sq)
        };
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.colors[0].contains(sq) {
            Color::White
        } else if self.colors[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|role| self.roles[role.index()].contains(sq))?;
        Some(Piece::new(color, role))
    }

    /// Puts a piece (unmarked) on a square, replacing what stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.colors[piece.color.index()] |= sq.bb();
        self.roles[piece.role.index()] |= sq.bb();
    }

    /// Takes whatever stands on `sq` off the board.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.colors[piece.color.index()] ^= sq.bb();
        self.roles[piece.role.index()] ^= sq.bb();
        self.marked = self.marked.without(sq);
        Some(piece)
    }

    /// All pieces of `color` that attack `sq`, given `occupied` as blockers.
    pub(crate) fn attackers(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let rooks = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let bishops = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        let attackers = (attacks::knight(sq) & self.roles[Role::Knight.index()])
            | (attacks::king(sq) & self.roles[Role::King.index()])
            | (attacks::pawn(color.opponent(), sq) & self.roles[Role::Pawn.index()])
            | (attacks::rook(sq, occupied) & rooks)
            | (attacks::bishop(sq, occupied) & bishops);
        attackers & self.colors[color.index()]
    }

    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers(sq, by, self.occupied()).any()
    }

    /// The king of the side to move, when kings are royal.
    pub(crate) fn royal_king(&self, color: Color) -> Option<Square> {
        if !self.rules.royal_kings {
            return None;
        }
        self.pieces(color, Role::King).first()
    }

    /// Pieces giving check to the side to move (empty without royal kings).
    pub(crate) fn checkers(&self) -> Bitboard {
        match self.royal_king(self.turn) {
            Some(king) => self.attackers(king, self.turn.opponent(), self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Marked pieces of `color` that may not be captured now.
    pub(super) fn uncapturable(&self, color: Color) -> Bitboard {
        if self.rules.marks.capturable[color.index()] {
            Bitboard::EMPTY
        } else {
            self.marked & self.colors[color.index()]
        }
    }

    /// Pieces of `color` that may move now.
    pub(super) fn movers(&self, color: Color) -> Bitboard {
        let ours = self.colors[color.index()];
        if self.rules.marks.may_move[color.index()] {
            ours
        } else {
            ours & !self.marked
        }
    }

    /// Pieces of `color` that may move but not capture.
    pub(super) fn capture_less(&self, color: Color) -> Bitboard {
        if self.rules.marks.may_capture[color.index()] {
            Bitboard::EMPTY
        } else {
            self.marked & self.colors[color.index()]
        }
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub(crate) fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|role| self.roles[role.index()].contains(sq))
    }

    /// Takes the piece of `color` and `role` off `sq` (bits only).
    #[inline(always)]
    fn lift(&mut self, sq: Square, color: Color, role: Role) {
        let bit = !sq.bb();
        self.colors[color.index()] &= bit;
        self.roles[role.index()] &= bit;
        self.marked &= bit;
    }

    /// Sets a piece of `color` and `role` on the empty `sq` (bits only).
    #[inline(always)]
    fn drop(&mut self, sq: Square, color: Color, role: Role, marked: bool) {
        self.colors[color.index()] |= sq.bb();
        self.roles[role.index()] |= sq.bb();
        if marked {
            self.marked |= sq.bb();
        }
    }

    /// Plays a move assumed legal (from the generator or checked against
    /// it) and reports what it captured. It works on the bitboards
    /// directly: perft and the robots' searches play millions of moves.
    pub fn play(&mut self, mv: Move) -> Option<Capture> {
        let us = self.turn;
        let them = us.opponent();
        let role = self.role_at(mv.from)?;
        let moving_marked = self.marked.contains(mv.from);
        let capture = self.take_captured(mv, them);
        self.lift(mv.from, us, role);
        match mv.kind {
            MoveKind::Castle(wing) => {
                let setup = self.rules.castling;
                let rook_from = setup.rook_from(us, wing);
                let rook_marked = self.marked.contains(rook_from);
                self.lift(rook_from, us, Role::Rook);
                self.drop(mv.to, us, role, moving_marked);
                self.drop(setup.rook_to(us, wing), us, Role::Rook, rook_marked);
            }
            MoveKind::Promotion(promoted) => self.drop(mv.to, us, promoted, false),
            _ => self.drop(mv.to, us, role, moving_marked),
        }
        self.en_passant = match mv.kind {
            MoveKind::DoublePush => {
                Square::from_coords(mv.from.file(), (mv.from.rank() + mv.to.rank()) / 2).into()
            }
            _ => None,
        };
        if role == Role::Pawn || capture.is_some() {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock += 1;
        }
        if self.castling != 0 && (self.castling_homes() & (mv.from.bb() | mv.to.bb())).any() {
            self.update_castling_rights(mv.from, mv.to);
        }
        if us == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = them;
        capture
    }

    /// Takes off the piece `mv` captures, if any (castling captures
    /// nothing; en passant takes the pawn beside).
    #[inline(always)]
    fn take_captured(&mut self, mv: Move, them: Color) -> Option<Capture> {
        let square = match mv.kind {
            MoveKind::Castle(_) => return None,
            MoveKind::EnPassant => Square::from_coords(mv.to.file(), mv.from.rank()),
            _ => mv.to,
        };
        if !self.colors[them.index()].contains(square) {
            return None;
        }
        let role = self.role_at(square)?;
        let marked = self.marked.contains(square);
        self.lift(square, them, role);
        Some(Capture {
            piece: Piece::new(them, role),
            square,
            marked,
        })
    }

    /// The home squares of both kings and all castling rooks: only a move
    /// from or to one of them can change a castling right.
    #[inline(always)]
    fn castling_homes(&self) -> Bitboard {
        let setup = self.rules.castling;
        let files: u64 =
            (1 << setup.king_file) | (1 << setup.rook_file[0]) | (1 << setup.rook_file[1]);
        Bitboard(files | files << 56)
    }

    /// A right is lost when any move starts or ends on the king's or that
    /// rook's home square.
    fn update_castling_rights(&mut self, from: Square, to: Square) {
        let setup = self.rules.castling;
        for color in Color::BOTH {
            for wing in Wing::BOTH {
                let touched = [setup.king_from(color), setup.rook_from(color, wing)];
                if touched.contains(&from) || touched.contains(&to) {
                    self.castling &= !castle_bit(color, wing);
                }
            }
        }
    }
}

fn castle_bit(color: Color, wing: Wing) -> u8 {
    1 << (2 * color.index() + wing as usize)
}
