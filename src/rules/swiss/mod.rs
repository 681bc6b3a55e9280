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
mod players;
mod table;
mod weights;
mod wide;

pub use players::{Colour, NoValidPairing, Outcome, RoundPairing, RoundRecord, SwissPlayer};

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
