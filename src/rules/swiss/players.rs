//! What a Swiss pairing reads and gives: each player's record of the
//! rounds before (colours and outcomes), a round's pairing, and why a
//! round cannot be paired.

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A played game's result from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// What a player had in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundRecord {
    /// A game that was played.
    Played {
        opponent: usize,
        colour: Colour,
        outcome: Outcome,
    },
    /// Paired but not played, decided by forfeit (both may have lost: a
    /// double forfeit). The two did not meet, for the pairings.
    Forfeit {
        opponent: usize,
        colour: Colour,
        won: bool,
    },
    /// The pairing-allocated bye: one point.
    PairingBye,
    /// Not paired that round (withdrawn, late entry): no point.
    Absent,
}

/// A player as the pairing of the next round sees him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissPlayer {
    /// The pairing number, from 1 (the initial ranking).
    pub number: usize,
    /// One record per round already paired and finished; `rounds[0]` is
    /// round 1. A record missing at the end counts as absent.
    pub rounds: Vec<RoundRecord>,
    /// False: not to be paired this round (withdrawn or absent).
    pub paired_now: bool,
}

/// A round's pairing: boards in the published order, as (White, Black)
/// pairing numbers, and the player with the pairing-allocated bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPairing {
    pub boards: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoValidPairing {
    /// No pairing of the players satisfies the absolute criteria: no two
    /// meet twice, no colour rule is broken, at most one player is left
    /// out and he may have the bye.
    #[error("no pairing satisfies the absolute criteria of the Dutch system")]
    AbsoluteCriteria,
    /// The records contradict themselves (a pairing number twice or
    /// zero, an opponent who is not in the tournament, a player paired
    /// against himself).
    #[error("the players' records are inconsistent: {0}")]
    InconsistentRecords(String),
    /// More players or rounds than the pairing's arithmetic holds.
    #[error("the tournament is too large to pair")]
    TooLarge,
}
