//! Why a tournament's name, rules or door refused a command: a kind of
//! [`Refusal`](super::Refusal), worded by `refusal.txt` by its `kind`
//! like the others.

use crate::games::GameKind;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TournamentRefusal {
    /// A tournament may not be called after a tournament verb or `log`.
    ReservedTournamentName {
        name: String,
        game: GameKind,
    },
    BadTournamentName {
        name: String,
        game: GameKind,
    },
    TournamentExists {
        name: String,
        game: GameKind,
    },
    /// Two formats named in one command.
    TwoFormats {
        game: GameKind,
    },
    /// `-swiss` without `-rounds:N`.
    SwissNeedsRounds {
        game: GameKind,
    },
    /// A rule its format has no use for (`-rounds:` but for a Swiss).
    RuleNotForFormat {
        rule: String,
        format: String,
        game: GameKind,
    },
    /// The sender organises as many tournaments not over as the host
    /// lets one player organise.
    OrganisesTooMany {
        most: usize,
        game: GameKind,
    },
    /// The format does not allow the abort rule asked for (a knockout
    /// counts no aborted game for nobody).
    FormatAbortRule {
        format: String,
        rule: String,
        game: GameKind,
    },
    /// The tournament takes only players its organiser invited.
    NotInvitedToTournament {
        name: String,
        organiser: String,
    },
    /// The organiser named a player who is not waiting to be let in.
    NotWaitingForTournament {
        name: String,
        userid: String,
    },
    /// A rule word of `tournament create` or `tournament rules` does not
    /// read.
    BadTournamentRule {
        reason: crate::rules::ladder_rules::LadderRuleError,
        game: GameKind,
    },
    /// The tournament is over already (`status`: finished, cancelled).
    TournamentEnded {
        name: String,
        status: String,
    },
    /// `replace` acts on a running tournament's boards only.
    TournamentNotRunning {
        name: String,
    },
    NotInTournament {
        name: String,
        userid: String,
    },
    AlreadyInTournament {
        name: String,
        userid: String,
    },
    /// `userid` has no running board of the tournament he has not begun.
    NothingToReplace {
        name: String,
        userid: String,
    },
    /// `replace` in a knockout or Swiss, whose places are its seeds.
    SeedSeatTaken {
        name: String,
        format: String,
    },
}

impl From<TournamentRefusal> for super::Refusal {
    fn from(refusal: TournamentRefusal) -> Self {
        super::Refusal::Tournament(refusal)
    }
}
