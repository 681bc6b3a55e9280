//! The notices of leagues: a league as its listings show it, what a
//! command changed in it, and what its players hear.

use super::TournamentTable;
use crate::games::GameKind;
use crate::store::{LeagueMove, LeaguePlayer, LeagueStatus};

/// A league as `GAME league NAME`, its mails and its page show it.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueTable {
    pub(crate) kind: GameKind,
    pub(crate) name: String,
    pub(crate) organiser: String,
    pub(crate) status: LeagueStatus,
    /// The season being played (0 before the first).
    pub(crate) season: u32,
    pub(crate) size: u32,
    pub(crate) updown: u32,
    /// The rules of every division's round robin, as words.
    pub(crate) rules: Vec<String>,
    pub(crate) comment: Option<String>,
    /// Its players, by division, those waiting for the next season last.
    pub(crate) players: Vec<LeaguePlayer>,
    /// The current season's divisions, division 1 first.
    pub(crate) divisions: Vec<TournamentTable>,
    /// Where players went at the end of each season so far.
    pub(crate) moves: Vec<LeagueMove>,
}

/// A league in the list of a game type's leagues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueLine {
    pub(crate) name: String,
    pub(crate) organiser: String,
    pub(crate) status: LeagueStatus,
    pub(crate) season: u32,
    pub(crate) players: usize,
    pub(crate) divisions: usize,
}

/// What a league command changed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LeagueChange {
    Created {
        userid: String,
    },
    /// `waiting`: a season is on; he enters the last division at the
    /// next. `new`: he had not joined before.
    Joined {
        userid: String,
        waiting: bool,
        new: bool,
    },
    /// He left: at once (he waited, or no season had begun), or
    /// `boards` of his division are lost by him and he goes at the
    /// season's end.
    Left {
        userid: String,
        boards: Vec<i64>,
    },
    /// The director took `player` out, as if he had left.
    Removed {
        userid: String,
        player: String,
        boards: Vec<i64>,
    },
    /// A season began with these divisions (their players, division 1
    /// first).
    SeasonBegun {
        season: u32,
        divisions: Vec<Vec<String>>,
    },
    /// The director changed the rules by `words` (from the next season
    /// on, once one has begun); `rules` are the whole rules now.
    RulesChanged {
        userid: String,
        words: Vec<String>,
        rules: Vec<String>,
    },
    HandedOver {
        userid: String,
        to: String,
    },
    /// The director ended the league; `boards` were running and are
    /// voided.
    Cancelled {
        userid: String,
        boards: Vec<i64>,
    },
    /// The director wrote `text` to the league's other players.
    Announced {
        userid: String,
        players: usize,
        text: String,
    },
}

impl LeagueChange {
    /// The change as a line of the league's log: its action and detail.
    pub(crate) fn log_line(&self) -> (&'static str, String) {
        let boards = |boards: &[i64]| {
            let named: Vec<String> = boards
                .iter()
                .map(|board| format!("board {board}"))
                .collect();
            match named.is_empty() {
                true => String::new(),
                false => format!("; lost by him: {}", named.join(", ")),
            }
        };
        match self {
            LeagueChange::Created { .. } => ("create", String::new()),
            LeagueChange::Joined { waiting, .. } => (
                "join",
                if *waiting { "for the next season" } else { "" }.to_string(),
            ),
            LeagueChange::Left { boards: lost, .. } => {
                ("leave", boards(lost).trim_start_matches("; ").to_string())
            }
            LeagueChange::Removed {
                player,
                boards: lost,
                ..
            } => ("remove", format!("{player}{}", boards(lost))),
            LeagueChange::SeasonBegun { season, divisions } => (
                "season",
                format!(
                    "season {season} begins with {} division(s)",
                    divisions.len()
                ),
            ),
            LeagueChange::RulesChanged { rules, .. } => ("rules", rules.join(" ")),
            LeagueChange::HandedOver { to, .. } => ("handover", to.clone()),
            LeagueChange::Cancelled { boards: voided, .. } => {
                let named: Vec<String> = voided.iter().map(|b| format!("board {b}")).collect();
                (
                    "cancel",
                    format!("running boards voided: {}", named.join(", ")),
                )
            }
            LeagueChange::Announced { text, .. } => (
                "announce",
                text.lines().next().unwrap_or_default().to_string(),
            ),
        }
    }
}

/// Where a season left one player, for his mail: his place in his
/// division's table (`None`: he had joined during the season), and
/// where he plays next (`None`: he left).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct SeasonEnd {
    pub(crate) season: u32,
    pub(crate) from: Option<u32>,
    pub(crate) place: Option<usize>,
    pub(crate) to: Option<u32>,
    /// How many move up and down between two divisions.
    pub(crate) updown: u32,
}
