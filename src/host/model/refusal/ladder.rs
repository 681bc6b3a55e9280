//! Why a ladder command was not carried out: a kind of
//! [`Refusal`](super::Refusal), worded by `refusal.txt` by its
//! `kind` like the others.

use crate::games::GameKind;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LadderRefusal {
    /// `known`: the game type's named ladders.
    NoSuchLadder {
        name: String,
        game: GameKind,
        known: Vec<String>,
    },
    LadderExists {
        name: String,
        game: GameKind,
    },
    /// The sender directs as many ladders as the host lets one player
    /// direct.
    DirectsTooMany {
        most: usize,
        game: GameKind,
    },
    /// A ladder may not be called after a ladder verb or `log`.
    ReservedLadderName {
        name: String,
        game: GameKind,
    },
    /// A rule word of `ladder create` or `ladder rules` does not read.
    BadLadderRule {
        reason: crate::rules::ladder_rules::LadderRuleError,
        game: GameKind,
    },
    /// The director suspended `userid` from the ladder (`ladder`: its
    /// name, empty for the default one).
    LadderSuspended {
        userid: String,
        ladder: String,
        game: GameKind,
    },
    LadderCancelled {
        ladder: String,
        game: GameKind,
    },
    /// Only the director of the ladder may do `action` (`None`: the
    /// operator directs it, from the command line).
    NotLadderDirector {
        ladder: String,
        director: Option<String>,
        action: String,
        game: GameKind,
    },
    /// The ladder takes only players its director invited.
    NotInvited {
        ladder: String,
        director: String,
        game: GameKind,
    },
    /// A challenge on a ladder that plays every game with `switches` may
    /// add none of its own.
    LadderSwitchesSet {
        ladder: String,
        switches: Vec<String>,
        game: GameKind,
    },
    /// The two players of a ladder challenge play a ladder game together
    /// on this ladder already, on `board`.
    LadderPairPlaying {
        userid: String,
        board: i64,
        ladder: String,
        game: GameKind,
    },
    /// The challenged player is on vacation until `until` (a day).
    LadderPlayerAway {
        userid: String,
        until: String,
        ladder: String,
        game: GameKind,
    },
    /// The director named a player who is not on the ladder, or not
    /// waiting to be admitted.
    NotWaiting {
        userid: String,
        ladder: String,
        game: GameKind,
    },
}

impl From<LadderRefusal> for super::Refusal {
    fn from(refusal: LadderRefusal) -> Self {
        super::Refusal::Ladder(refusal)
    }
}
