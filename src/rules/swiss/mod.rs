//! The Swiss system by the FIDE Dutch rules (Handbook C.04.3, the 2025
//! text in force from 2026): one round at a time, from each player's
//! record of the rounds before. Like the other rules it knows nothing of
//! mail or storage; the caller numbers the players (initial ranking),
//! keeps their records and draws the first round's colour.
//!
//! The pairing is the one FIDE's endorsed engine bbpPairings makes. Every
//! criterion, absolute and quality, in the Dutch order, is a field of one
//! edge weight (`weights`), so that a maximum-weight matching of the
//! players (`matching`) satisfies them in that order; the bracket
//! procedure (`brackets`, `exchanges`) then breaks the ties in the Dutch
//! order (which moved-down players are paired, which players are
//! exchanged, each S1 player's opponent) with values below every
//! criterion, matching again among the players not settled yet.
//! Colours follow the allocation rules (`colours`), the boards the
//! publication order (`table`).

mod brackets;
mod colours;
mod exchanges;
mod facts;
mod matching;
mod table;
mod weights;
mod wide;

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

/// Pairs the next round of a Swiss of `total_rounds` rounds by the Dutch
/// system. `initial_colour` is the colour of player 1 on board 1 of round
/// 1 (drawn by lot); from it the colours of players without preferences
/// follow in every round.
pub fn pair_round(
    players: &[SwissPlayer],
    total_rounds: usize,
    initial_colour: Colour,
) -> Result<RoundPairing, NoValidPairing> {
    let history = facts::History::read(players)?;
    let entrants = history.entrants();
    let (pairs, bye) = brackets::pair(&history, &entrants, total_rounds)?;
    let mut boards: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(a, b)| colours::seat(&history, a, b, initial_colour))
        .collect();
    table::order(&history, &mut boards);
    let number = |index: usize| history.player(index).number;
    Ok(RoundPairing {
        boards: boards
            .into_iter()
            .map(|(white, black)| (number(white), number(black)))
            .collect(),
        bye: bye.map(number),
    })
}

#[cfg(test)]
mod tests;
