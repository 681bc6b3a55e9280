//! A tournament's table as every listing, mail and page shows it: its
//! players, boards, standings or bracket, and its rules.

use crate::games::GameKind;

/// A tournament's crosstable and standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentTable {
    pub(crate) kind: GameKind,
    pub(crate) name: String,
    pub(crate) organiser: String,
    pub(crate) status: crate::store::TournamentStatus,
    pub(crate) format: crate::rules::tournament_rules::Format,
    /// How many games each two players play (a crosstable's cells); 0
    /// where the format pairs otherwise (a knockout).
    pub(crate) meetings: u32,
    pub(crate) rated: bool,
    /// The time control every board runs under.
    pub(crate) control: crate::rules::time_control::TimeControl,
    /// The game's own switches every board gets.
    pub(crate) switches: Vec<String>,
    /// What the organiser wrote when he created it.
    pub(crate) comment: Option<String>,
    /// Userids by seat (the order they joined; a knockout's by seed once
    /// it has begun).
    pub(crate) players: Vec<String>,
    /// (board, round, the game by seats with its result).
    pub(crate) boards: Vec<(i64, u32, crate::rules::standings::Played)>,
    /// A round robin's standings (empty for a knockout).
    pub(crate) standings: Vec<crate::rules::standings::Standing>,
    /// A knockout's bracket once it has begun: seats are seeds.
    pub(crate) bracket: Option<crate::rules::knockout::Bracket>,
    /// The boards its director (or the operator) ruled on, with the
    /// verdict (`adjudicate`, `forfeit`, `void`) and whether the host's
    /// operator gave it.
    pub(crate) ruled: Vec<(i64, String, bool)>,
    pub(crate) admission: crate::rules::ladder_rules::Admission,
    /// How an aborted board counts.
    pub(crate) aborted: crate::rules::score::AbortRule,
    /// Who asked to join and was not let in yet, and who was invited.
    pub(crate) waiting: Vec<(String, crate::store::Entrant)>,
    /// The players taken out after the start.
    pub(crate) withdrawn: Vec<String>,
    /// The round each player sits out, where the format has byes, or
    /// has a Swiss's bye.
    pub(crate) byes: Vec<(u32, String)>,
    /// How players level on points are ordered, in order.
    pub(crate) tiebreaks: Vec<crate::rules::standings::TieBreak>,
    /// A Swiss's number of rounds.
    pub(crate) rounds: Option<u32>,
    /// A Swiss's round deadline, in days.
    pub(crate) round_days: Option<u32>,
    /// The league, season and division it is, if it is one.
    pub(crate) division: Option<Division>,
}

/// A tournament that is one division of a league's season.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Division {
    pub(crate) league: String,
    pub(crate) season: u32,
    pub(crate) division: u32,
}
