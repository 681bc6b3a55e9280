//! What stands on a square: nothing, a neutral piece, or a mobile piece
//! described by its side and its set of diagonals (the four orthogonals are
//! always there).

use super::square::Dir;
use crate::games::{PieceName, Side};

/// A set of diagonals as bits in notation order: ne, nw, se, sw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Diagonals(pub u8);

impl Diagonals {
    pub(crate) const NONE: Diagonals = Diagonals(0);
    pub(crate) const ALL: Diagonals = Diagonals(0b1111);
    /// The diagonals in notation order with their names.
    pub(crate) const NAMED: [(Diagonals, &'static str, Dir); 4] = [
        (Diagonals(1), "ne", Dir::NE),
        (Diagonals(2), "nw", Dir::NW),
        (Diagonals(4), "se", Dir::SE),
        (Diagonals(8), "sw", Dir::SW),
    ];

    pub(crate) fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub(crate) fn contains(self, other: Diagonals) -> bool {
        self.0 & other.0 == other.0
    }

    pub(crate) fn intersects(self, other: Diagonals) -> bool {
        self.0 & other.0 != 0
    }

    pub(crate) fn union(self, other: Diagonals) -> Diagonals {
        Diagonals(self.0 | other.0)
    }

    pub(crate) fn missing(self) -> Diagonals {
        Diagonals(!self.0 & 0b1111)
    }

    /// Whether a piece with these diagonals moves along `dir`.
    pub(crate) fn allows(self, dir: Dir) -> bool {
        match dir {
            Dir::N | Dir::E | Dir::S | Dir::W => true,
            Dir::NE => self.0 & 1 != 0,
            Dir::NW => self.0 & 2 != 0,
            Dir::SE => self.0 & 4 != 0,
            Dir::SW => self.0 & 8 != 0,
        }
    }

    /// Number of directions of a piece with these diagonals (4 to 8).
    pub(crate) fn directions(self) -> u32 {
        4 + self.count()
    }

    /// `nesw`-style text, in notation order.
    pub(crate) fn text(self) -> String {
        Diagonals::NAMED
            .iter()
            .filter(|(d, _, _)| self.contains(*d))
            .map(|(_, name, _)| *name)
            .collect()
    }

    /// `N E S W NE SW`-style list of every direction of such a piece.
    pub(crate) fn direction_list(self) -> Vec<String> {
        let mut names = vec!["N", "E", "S", "W"];
        for (d, _, dir) in Diagonals::NAMED {
            if self.contains(d) {
                names.push(dir.name());
            }
        }
        names.into_iter().map(String::from).collect()
    }
}

/// The content of a square packed in a byte: 0 empty, 1 neutral, else
/// `0x80 | side << 4 | diagonals`. One byte keeps the board 324 bytes, so
/// copying a position per perft node is cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Cell(pub u8);

impl Cell {
    pub(crate) const EMPTY: Cell = Cell(0);
    pub(crate) const NEUTRAL: Cell = Cell(1);

    pub(crate) fn piece(side: Side, diagonals: Diagonals) -> Cell {
        Cell(0x80 | ((side.index() as u8) << 4) | diagonals.0)
    }

    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub(crate) fn is_neutral(self) -> bool {
        self.0 == 1
    }

    /// The owner of a mobile piece; `None` for empty and neutral squares.
    pub(crate) fn side(self) -> Option<Side> {
        if self.0 & 0x80 == 0 {
            None
        } else if self.0 & 0x10 == 0 {
            Some(Side::White)
        } else {
            Some(Side::Black)
        }
    }

    pub(crate) fn diagonals(self) -> Diagonals {
        Diagonals(self.0 & 0b1111)
    }

    pub(crate) fn is_queen_of(self, side: Side) -> bool {
        self == Cell::piece(side, Diagonals::ALL)
    }

    /// Whether a piece of `mover` may end its slide here by capture.
    pub(crate) fn capturable_by(self, mover: Side) -> bool {
        self.is_neutral() || self.side() == Some(mover.opponent())
    }

    /// The kind of piece in words: "queen", "rook", "6-directional piece".
    pub(crate) fn kind_name(self) -> PieceName {
        if self.is_neutral() {
            return PieceName::Neutral;
        }
        match self.diagonals().count() {
            0 => PieceName::Rook,
            4 => PieceName::Queen,
            n => PieceName::Directional {
                directions: 4 + n as u8,
            },
        }
    }
}
