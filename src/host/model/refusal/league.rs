//! Why a league command was refused: a kind of
//! [`Refusal`](super::Refusal), worded by `refusal-league.txt`.

use crate::games::GameKind;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LeagueRefusal {
    NoSuchLeague {
        name: String,
        game: GameKind,
    },
    LeagueExists {
        name: String,
        game: GameKind,
    },
    /// A league may not be called after a league verb or `log`.
    ReservedLeagueName {
        name: String,
        game: GameKind,
    },
    /// A league rule with a value it does not take: `rule` is `size`,
    /// `updown`, `format` (a division is a round robin) or `admission`
    /// (anyone may join).
    BadLeagueRule {
        rule: String,
        given: String,
        max: u32,
        game: GameKind,
    },
    /// Only the league's director may do `action`.
    NotLeagueDirector {
        name: String,
        director: String,
        action: String,
    },
    /// The league was cancelled: nothing more happens in it.
    LeagueCancelled {
        name: String,
        game: GameKind,
    },
    /// `start` once a season is on.
    LeagueRunning {
        name: String,
        season: u32,
    },
    AlreadyInLeague {
        name: String,
        userid: String,
        game: GameKind,
    },
    NotInLeague {
        name: String,
        userid: String,
        game: GameKind,
    },
    /// Too few players to begin a season.
    TooFewForLeague {
        name: String,
        players: usize,
        game: GameKind,
    },
    /// The director runs as many leagues as one player may.
    DirectsTooManyLeagues {
        most: usize,
        game: GameKind,
    },
}

impl From<LeagueRefusal> for super::Refusal {
    fn from(refusal: LeagueRefusal) -> Self {
        super::Refusal::League(refusal)
    }
}
