//! The eight kinds of non-pawn piece. A kind is a core [`Role`] plus the
//! core's mark, which here means "little"; the letter's case says big or
//! little, never colour.

use crate::games::chess::Role;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Kind {
    King,
    Queen,
    Rook,
    LittleRook,
    Knight,
    LittleKnight,
    Bishop,
    LittleBishop,
}

impl Kind {
    /// In the order the rules name them: `K Q R r N n B b`.
    pub(crate) const ALL: [Kind; 8] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::LittleRook,
        Kind::Knight,
        Kind::LittleKnight,
        Kind::Bishop,
        Kind::LittleBishop,
    ];

    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    pub(crate) const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::LittleRook => 'r',
            Kind::Knight => 'N',
            Kind::LittleKnight => 'n',
            Kind::Bishop => 'B',
            Kind::LittleBishop => 'b',
        }
    }

    /// Case-sensitive: `n` is the little knight, `N` the big one.
    pub(crate) fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.letter() == c)
    }

    pub(crate) const fn role(self) -> Role {
        match self {
            Kind::King => Role::King,
            Kind::Queen => Role::Queen,
            Kind::Rook | Kind::LittleRook => Role::Rook,
            Kind::Knight | Kind::LittleKnight => Role::Knight,
            Kind::Bishop | Kind::LittleBishop => Role::Bishop,
        }
    }

    pub(crate) const fn is_little(self) -> bool {
        matches!(
            self,
            Kind::LittleRook | Kind::LittleKnight | Kind::LittleBishop
        )
    }

    /// The kind of a piece on the core board; `None` for a pawn, or for a
    /// marked king or queen, which this game never makes.
    pub(crate) fn from_role(role: Role, little: bool) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|kind| kind.role() == role && kind.is_little() == little)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_its_letter_and_its_role_and_mark() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_letter(kind.letter()), Some(kind));
            assert_eq!(Kind::from_role(kind.role(), kind.is_little()), Some(kind));
        }
        assert_eq!(Kind::from_letter('k'), None);
        assert_eq!(Kind::from_letter('x'), None);
        assert_eq!(Kind::from_role(Role::Pawn, false), None);
    }
}
