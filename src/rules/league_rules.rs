//! A league's rules and its seasons' divisions. The rules: players per
//! division (`-size:N`), how many move up and down between two divisions
//! each season (`-updown:K`), and what a round robin takes (`-double`,
//! `-rated`/`-unrated`, `-aborted:`, `-tiebreak:`, the switches every
//! board gets), read as a tournament's are. The divisions: the first
//! season's by rating, each next one from the last one's tables.

use super::tournament_rules::{Format, TournamentRuleError, TournamentRules};

/// The most players a division may have.
pub(crate) const MAX_SIZE: u32 = 20;
/// Players per division where the director says nothing.
pub(crate) const DEFAULT_SIZE: u32 = 8;

/// A league's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LeagueRules {
    pub(crate) size: u32,
    pub(crate) updown: u32,
    /// What each division's round robin is played by.
    pub(crate) divisions: TournamentRules,
}

impl Default for LeagueRules {
    fn default() -> Self {
        LeagueRules {
            size: DEFAULT_SIZE,
            updown: 1,
            divisions: TournamentRules::default(),
        }
    }
}

/// What keeps a league's rule words from reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LeagueRuleError {
    /// `-size:N` outside 3..=MAX_SIZE.
    Size { given: String },
    /// `-updown:K` outside 1..=size/2.
    UpDown { given: String, max: u32 },
    /// A division is a round robin: no other format.
    Format(Format),
    /// Anyone may join a league.
    Admission,
    /// A rule as a tournament reads it.
    Tournament(TournamentRuleError),
}

impl LeagueRules {
    /// `base` with the words applied; what they do not name stays.
    pub(crate) fn read(
        base: &LeagueRules,
        words: &[String],
    ) -> Result<LeagueRules, LeagueRuleError> {
        let mut rules = base.clone();
        let mut updown = None;
        let mut rest = Vec::new();
        for word in words {
            let lower = word.to_ascii_lowercase();
            match lower.split_once(':') {
                Some(("-size", value)) => {
                    rules.size = value
                        .parse()
                        .ok()
                        .filter(|size| (3..=MAX_SIZE).contains(size))
                        .ok_or_else(|| LeagueRuleError::Size {
                            given: value.to_string(),
                        })?;
                }
                Some(("-updown", value)) => updown = Some(value.to_string()),
                Some(("-admission", _)) => return Err(LeagueRuleError::Admission),
                _ => rest.push(word.clone()),
            }
        }
        let read =
            TournamentRules::read(&rules.divisions, &rest).map_err(LeagueRuleError::Tournament)?;
        let format = read.rules.format;
        if !matches!(format, Format::RoundRobin | Format::DoubleRoundRobin) {
            return Err(LeagueRuleError::Format(format));
        }
        rules.divisions = read.rules;
        let max = rules.size / 2;
        if let Some(value) = updown {
            rules.updown = value
                .parse()
                .ok()
                .filter(|k| (1..=max).contains(k))
                .ok_or(LeagueRuleError::UpDown { given: value, max })?;
        }
        // A smaller division keeps its players apart.
        rules.updown = rules.updown.min(max);
        Ok(rules)
    }

    /// The whole rules as words that read back.
    pub(crate) fn words(&self) -> Vec<String> {
        let mut words = vec![
            format!("-size:{}", self.size),
            format!("-updown:{}", self.updown),
        ];
        words.extend(
            self.divisions
                .words()
                .into_iter()
                .filter(|word| !word.starts_with("-admission:")),
        );
        words
    }
}

/// The first season's divisions: the players (strongest first) in
/// divisions of `size`, the last holding what is left; a single player
/// left over joins the division above him.
pub(crate) fn first_divisions(players: &[String], size: u32) -> Vec<Vec<String>> {
    let mut divisions: Vec<Vec<String>> = players
        .chunks(size.max(2) as usize)
        .map(|chunk| chunk.to_vec())
        .collect();
    settle_last(&mut divisions);
    divisions
}

/// One player's place in a season's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Finisher {
    pub(crate) userid: String,
    /// He left during the season: he goes.
    pub(crate) leaving: bool,
}

/// Where the season's players go: each division's table best first
/// (division 1 the strongest), the top `updown` of each but the first
/// up, the bottom `updown` of each but the last down (never more than
/// half a division either way), the players who left gone, and those
/// who joined meanwhile (strongest first) into the last division, which
/// splits in two when it grows past twice the size.
pub(crate) fn next_divisions(
    tables: &[Vec<Finisher>],
    updown: u32,
    size: u32,
    joining: &[String],
) -> Vec<Vec<String>> {
    let count = tables.len();
    let mut next: Vec<Vec<String>> = vec![Vec::new(); count];
    for (index, table) in tables.iter().enumerate() {
        let moving = (updown as usize).min(table.len() / 2);
        let last = table.len();
        for (place, finisher) in table.iter().enumerate() {
            if finisher.leaving {
                continue;
            }
            let to = if index > 0 && place < moving {
                index - 1
            } else if index + 1 < count && place >= last - moving {
                index + 1
            } else {
                index
            };
            next[to].push(finisher.userid.clone());
        }
    }
    // Those who came down stand below the division's own players, those
    // who came up above: order within a division is by where they come
    // from, and it only numbers the seats.
    if next.is_empty() {
        next.push(Vec::new());
    }
    if let Some(last) = next.last_mut() {
        last.extend(joining.iter().cloned());
    }
    let size = size.max(2) as usize;
    if next.last().is_some_and(|last| last.len() >= 2 * size) {
        let last = next.pop().unwrap_or_default();
        let (kept, split) = last.split_at(size);
        next.push(kept.to_vec());
        next.push(split.to_vec());
    }
    next.retain(|division| !division.is_empty());
    settle_last(&mut next);
    next
}

/// A last division of one player cannot play: he joins the one above.
fn settle_last(divisions: &mut Vec<Vec<String>>) {
    if divisions.len() > 1 && divisions.last().is_some_and(|last| last.len() < 2) {
        let alone = divisions.pop().unwrap_or_default();
        if let Some(above) = divisions.last_mut() {
            above.extend(alone);
        }
    }
}

#[cfg(test)]
mod tests;
