//! The four set-ups: one game, four ways of cutting the torus open. Each
//! labels the canonical squares shifted by its offset, so only square names
//! change between them, never the game.

use super::square::{Square, SIDE};
use crate::games::{GameKind, SetupError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SetUp(u8);

impl SetUp {
    #[cfg(test)]
    pub(crate) const ALL: [SetUp; 4] = [SetUp(1), SetUp(2), SetUp(3), SetUp(4)];

    /// Set-up `n` (1 to 4).
    pub(crate) fn number(n: u8) -> Option<SetUp> {
        (1..=4).contains(&n).then_some(SetUp(n))
    }

    pub(crate) fn n(self) -> u8 {
        self.0
    }

    /// (files, ranks) added to canonical coordinates to get this set-up's
    /// labels.
    pub(crate) fn offset(self) -> (usize, usize) {
        match self.0 {
            1 => (0, 0),
            2 => (9, 9),
            3 => (0, 9),
            _ => (9, 0),
        }
    }

    /// A stable key for the set-up's description, for wording it.
    pub(crate) fn description_key(self) -> &'static str {
        match self.0 {
            1 => "white_whole_black_quartered",
            2 => "black_whole_white_quartered",
            3 => "white_halved_ns_black_halved_ew",
            _ => "black_halved_ns_white_halved_ew",
        }
    }

    pub(crate) fn switch(self) -> String {
        format!("-setup:{}", self.0)
    }

    /// Reads the challenge switches: only `-setup:N` / `-setup=N`, any case.
    pub(crate) fn from_switches(switches: &[String]) -> Result<SetUp, SetupError> {
        let mut chosen: Option<SetUp> = None;
        for switch in switches {
            let lower = switch.trim().to_lowercase();
            let value = lower
                .strip_prefix("-setup:")
                .or_else(|| lower.strip_prefix("-setup="));
            let Some(value) = value else {
                return Err(SetupError::UnknownSwitch {
                    game: GameKind::Spherical,
                    switch: switch.clone(),
                });
            };
            let setup = value
                .trim()
                .parse::<u8>()
                .ok()
                .and_then(SetUp::number)
                .ok_or_else(|| SetupError::NoSuchSetUp {
                    switch: switch.clone(),
                })?;
            if chosen.is_some_and(|c| c != setup) {
                return Err(SetupError::SetUpTwice {
                    switch: switch.clone(),
                });
            }
            chosen = Some(setup);
        }
        Ok(chosen.unwrap_or(SetUp(1)))
    }

    /// The label of a canonical square in this set-up: `h8`, `r18`.
    pub(crate) fn label(self, square: Square) -> String {
        let (df, dr) = self.offset();
        let file = (square.file() + df) % SIDE;
        let rank = (square.rank() + dr) % SIDE;
        format!("{}{}", file_letter(file), rank + 1)
    }

    /// The canonical square this set-up's label (file, rank from 0) names.
    pub(crate) fn square(self, file: usize, rank: usize) -> Square {
        let (df, dr) = self.offset();
        Square::new(file + SIDE - df, rank + SIDE - dr)
    }
}

pub(crate) fn file_letter(file: usize) -> char {
    (b'a' + file as u8) as char
}
