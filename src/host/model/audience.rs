//! Who may read what: the one rule for every private piece of a board
//! (a comment, a note, a sealed move, a password, an address) and every
//! kind of reader. Board mails, answers, records and web pages ask here;
//! nothing else decides.

use crate::games::Side;

/// Someone a mail or page about a board is for, as its private pieces
/// see him.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Audience {
    /// The player who wrote the piece (or sealed the move).
    Author,
    /// The other player of the board.
    Opponent,
    /// Someone who follows the board (`subscribe`) or asks about it
    /// (`show`, `record`) without playing on it.
    Observer,
    /// Anyone: the web view, a digest of results, an export.
    Public,
}

/// A piece of a board that not everyone may read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A comment sent with a move or a challenge; `public` when its author
    /// allows his comments in the records (`set ... comments public`).
    Comment { public: bool },
    /// A player's own note on a board, or his conditional moves.
    Note,
    /// A move sealed until its round is complete (Infinite Recursion
    /// Chess).
    SealedMove,
    /// A password: nobody reads it, not even its owner (he typed it).
    Password,
    /// A player's mail address.
    Address,
}

impl Audience {
    #[cfg(test)]
    pub(crate) const ALL: [Audience; 4] = [
        Audience::Author,
        Audience::Opponent,
        Audience::Observer,
        Audience::Public,
    ];

    /// The reader in seat `viewer` (none for one who plays neither side)
    /// of a piece by the player in seat `author`.
    pub(crate) fn of_seat(viewer: Option<Side>, author: Side) -> Audience {
        match viewer {
            Some(side) if side == author => Audience::Author,
            Some(_) => Audience::Opponent,
            None => Audience::Observer,
        }
    }

    /// A player of the board reading a piece by `author`; anyone else is
    /// an observer.
    pub(crate) fn of(reader: Option<&str>, author: &str, seated: bool) -> Audience {
        match reader {
            Some(reader) if reader.eq_ignore_ascii_case(author) => Audience::Author,
            Some(_) if seated => Audience::Opponent,
            _ => Audience::Observer,
        }
    }
}

/// Whether `audience` may read `piece`.
pub(crate) fn may_read(piece: Piece, audience: Audience) -> bool {
    match (piece, audience) {
        (Piece::Password, _) => false,
        (_, Audience::Author) => true,
        (Piece::Comment { .. }, Audience::Opponent) => true,
        (Piece::Comment { public }, Audience::Observer | Audience::Public) => public,
        (Piece::Note | Piece::SealedMove | Piece::Address, _) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every piece through every reader, as docs/playing.md and `help set` promise.
    #[test]
    fn each_piece_reaches_exactly_the_readers_it_may() {
        let pieces = [
            (Piece::Comment { public: false }, [true, true, false, false]),
            (Piece::Comment { public: true }, [true, true, true, true]),
            (Piece::Note, [true, false, false, false]),
            (Piece::SealedMove, [true, false, false, false]),
            (Piece::Password, [false, false, false, false]),
            (Piece::Address, [true, false, false, false]),
        ];
        for (piece, expected) in pieces {
            let got = Audience::ALL.map(|audience| may_read(piece, audience));
            assert_eq!(got, expected, "{piece:?}");
        }
    }

    #[test]
    fn the_reader_of_a_piece_is_its_author_his_opponent_or_an_observer() {
        assert_eq!(Audience::of(Some("Alice"), "alice", true), Audience::Author);
        assert_eq!(Audience::of(Some("bob"), "alice", true), Audience::Opponent);
        assert_eq!(
            Audience::of(Some("carol"), "alice", false),
            Audience::Observer
        );
        assert_eq!(Audience::of(None, "alice", false), Audience::Observer);
        let (white, black) = (Side::White, Side::Black);
        assert_eq!(Audience::of_seat(Some(white), white), Audience::Author);
        assert_eq!(Audience::of_seat(Some(black), white), Audience::Opponent);
        assert_eq!(Audience::of_seat(None, white), Audience::Observer);
    }
}
