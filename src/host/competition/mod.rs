//! What competition rests on, below the events: Glicko-2 ratings per
//! game type (`rated`), the one way a board begins (`board`), and the
//! settings of ratings, ladders and tournaments. The ladders and
//! tournaments themselves are `host::events`.

pub(crate) mod board;
pub(crate) mod rated;

use crate::rules::score::AbortRule;

pub(crate) use crate::rules::rating::RatingSettings;

const DAY: i64 = 24 * 3600;

/// How ladders run; every value is in the config.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LadderSettings {
    /// A player may challenge at most this many places above him.
    pub(crate) reach: usize,
    /// A player without a ladder game this long drops one place, and one
    /// more each time it passes again; `None`: nobody drops.
    pub(crate) inactive_after: Option<i64>,
    /// A ladder challenge whose time control sets no time per move gets
    /// this one, so an unanswered challenge ends in the end (aborted,
    /// and scored by `aborted`).
    pub(crate) forfeit_after: i64,
    /// How a ladder game aborted before each player moved counts.
    pub(crate) aborted: AbortRule,
    /// The most ladders not cancelled one player may direct.
    pub(crate) max_per_director: usize,
}

impl LadderSettings {
    /// The default ladders' rules: the config's, and the usual for what
    /// the config does not set.
    pub(crate) fn rules(&self) -> crate::rules::ladder_rules::LadderRules {
        crate::rules::ladder_rules::LadderRules {
            reach: self.reach,
            inactive_after: self.inactive_after,
            aborted: self.aborted,
            ..Default::default()
        }
    }
}

impl Default for LadderSettings {
    fn default() -> Self {
        LadderSettings {
            reach: 3,
            inactive_after: Some(30 * DAY),
            forfeit_after: 21 * DAY,
            aborted: AbortRule::default(),
            max_per_director: 5,
        }
    }
}

/// How tournaments run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TournamentSettings {
    /// The most players one tournament takes.
    pub(crate) max_players: usize,
    /// How a tournament game aborted before each player moved counts.
    pub(crate) aborted: AbortRule,
    /// The most tournaments not over one player may organise.
    pub(crate) max_per_organiser: usize,
}

impl Default for TournamentSettings {
    fn default() -> Self {
        TournamentSettings {
            max_players: 20,
            aborted: AbortRule::default(),
            max_per_organiser: 5,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CompetitionSettings {
    pub(crate) ratings: RatingSettings,
    pub(crate) ladders: LadderSettings,
    pub(crate) tournaments: TournamentSettings,
}
