//! The notices of ratings, ladders and tournaments: what a player must
//! hear of an event, and what an event command did.

use super::TournamentTable;
use crate::games::{GameKind, Side};
use crate::rules::score::Abort;

/// Something about a ladder or tournament a player must hear of.
#[derive(Clone, Debug, PartialEq)]
pub struct CompetitionNews {
    pub userid: String,
    pub(crate) kind: GameKind,
    pub(crate) event: CompetitionEvent,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CompetitionEvent {
    /// His rank on the ladder changed (`None`: not on it); `ladder` is
    /// the whole ladder from the top, as it now stands.
    LadderMoved {
        /// The ladder's name (empty: the game type's default ladder).
        name: String,
        before: Option<usize>,
        after: Option<usize>,
        reason: LadderReason,
        ladder: Vec<String>,
    },
    /// A tournament began: his boards, and the rounds he sits out.
    Pairings {
        name: String,
        boards: Vec<PairingLine>,
        players: usize,
        bye_rounds: Vec<u32>,
    },
    /// A knockout began: its bracket, seeded.
    KnockoutBegun { table: TournamentTable },
    /// A league's director or its host did what concerns the player.
    LeagueNews {
        name: String,
        change: super::LeagueChange,
    },
    /// A league's season is over: where he finished and where he plays
    /// next.
    SeasonOver { name: String, end: super::SeasonEnd },
    /// He has the bye of a Swiss's round: a point without a game.
    SwissBye {
        name: String,
        round: u32,
        rounds: u32,
    },
    /// The deadline of a Swiss's round passed with these boards still
    /// running: (board, White, Black). Its director is told, to rule.
    RoundDeadline {
        name: String,
        round: u32,
        boards: Vec<(i64, String, String)>,
    },
    /// The tournament's last board is over.
    TournamentOver { table: TournamentTable },
    /// The organiser of the tournament `name` changed what concerns the
    /// player: took him out, or made him the organiser.
    TournamentNews {
        name: String,
        change: TournamentChange,
        /// How the tournament stands now.
        status: crate::store::TournamentStatus,
    },
    /// A ladder's director did what concerns the player; `name` is the
    /// ladder's (empty: the default one).
    LadderNews { name: String, change: LadderChange },
    /// The organiser (`from`) of the tournament `name` writes to its
    /// players.
    Announcement {
        name: String,
        from: String,
        text: String,
    },
}

/// Why a ladder changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LadderReason {
    Won {
        winner: String,
        loser: String,
        board: i64,
        /// The game was aborted and counts as the loser's: he would not
        /// play it (declined, resigned or let his time run out before
        /// moving). Nobody's rating changed.
        forfeit: Option<Abort>,
    },
    Left {
        userid: String,
    },
    /// These players went too long without a ladder game; they dropped,
    /// or `left` the ladder, as its rules say.
    Dropped {
        userids: Vec<String>,
        left: bool,
    },
}

/// One of a player's tournament boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PairingLine {
    pub(crate) board: i64,
    pub(crate) round: u32,
    pub(crate) side: Side,
    pub(crate) opponent: String,
}

/// One line of a game's standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingLine {
    /// None for a provisional player, listed apart.
    pub(crate) rank: Option<usize>,
    pub userid: String,
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) won: u32,
    pub(crate) lost: u32,
    pub(crate) drawn: u32,
    pub(crate) active_boards: u32,
    /// No rated game for longer than the standings show.
    pub(crate) inactive: bool,
}

/// One rung of a ladder as its listing shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderLine {
    pub(crate) rank: usize,
    pub userid: String,
    /// His rating in the game type, when he has one.
    pub(crate) rating: Option<f64>,
    /// His ladder games won, lost and drawn, each as the ladder counted
    /// it (an aborted game lost by the one who would not play it counts
    /// as his loss and the other's win; a void one not at all).
    pub(crate) won: u32,
    pub(crate) lost: u32,
    pub(crate) drawn: u32,
    /// When his last ladder game ended.
    pub(crate) last_game: Option<i64>,
    /// His ladder challenges still open: board and opponent.
    pub(crate) open: Vec<(i64, String)>,
    /// Suspended by the director.
    pub(crate) suspended: bool,
}

/// What a ladder command did, told with the ladder, and what its
/// director did that concerns a player, told to him; the templates read
/// it by `kind`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LadderChange {
    Joined {
        userid: String,
        rank: usize,
        new: bool,
    },
    Left {
        userid: String,
        was_on: bool,
    },
    /// `userid` made the ladder and directs it.
    Created {
        userid: String,
    },
    /// `userid` asked to join a ladder its director admits to.
    Applied {
        userid: String,
    },
    /// The director (`by`) admitted `userid`, at `rank`.
    Admitted {
        by: String,
        userid: String,
        rank: usize,
    },
    /// The director (`by`) invited `userid`, who may join now.
    Invited {
        by: String,
        userid: String,
    },
    /// The director (`by`) changed the rules to these words, for games
    /// not yet begun.
    RulesChanged {
        by: String,
        words: Vec<String>,
        /// The whole rules now.
        rules: Vec<String>,
    },
    /// The director (`by`) handed the ladder to `to`.
    HandedOver {
        by: String,
        to: String,
    },
    /// The director (`by`) suspended `userid`: he keeps his place, but
    /// plays no new ladder game.
    Suspended {
        by: String,
        userid: String,
    },
    Reinstated {
        by: String,
        userid: String,
    },
    /// The director (`by`) ended the ladder: no new ladder game.
    Cancelled {
        by: String,
    },
    /// The director (`by`) took `userid` off the ladder; he lost each of
    /// his running ladder games on it, `boards`, by forfeit.
    Removed {
        by: String,
        userid: String,
        boards: Vec<i64>,
    },
    /// The director (`by`) writes to every player of the ladder.
    Announcement {
        by: String,
        text: String,
    },
    /// The player was waiting to join (asked, or `invited`) when the
    /// ladder ended: his request or invitation lapsed.
    Lapsed {
        invited: bool,
    },
}

impl LadderChange {
    /// The change as a line of the ladder's log: its action and detail.
    pub(crate) fn log_line(&self) -> (&'static str, String) {
        match self {
            LadderChange::Joined { rank, new, .. } => (
                "join",
                format!("rank {rank}{}", if *new { "" } else { " (already on)" }),
            ),
            LadderChange::Left { was_on, .. } => (
                "leave",
                if *was_on { "" } else { "was not on it" }.to_string(),
            ),
            LadderChange::Created { .. } => ("create", String::new()),
            LadderChange::Applied { .. } => ("apply", String::new()),
            LadderChange::Admitted { userid, rank, .. } => {
                ("admit", format!("{userid} at rank {rank}"))
            }
            LadderChange::Invited { userid, .. } => ("invite", userid.clone()),
            LadderChange::RulesChanged { words, rules, .. } => (
                "rules",
                format!("{} (now: {})", words.join(" "), rules.join(" ")),
            ),
            LadderChange::HandedOver { to, .. } => ("handover", to.clone()),
            LadderChange::Suspended { userid, .. } => ("suspend", userid.clone()),
            LadderChange::Reinstated { userid, .. } => ("reinstate", userid.clone()),
            LadderChange::Cancelled { .. } => ("cancel", String::new()),
            LadderChange::Announcement { text, .. } => ("announce", first_line(text)),
            LadderChange::Lapsed { .. } => ("lapse", String::new()),
            LadderChange::Removed { userid, boards, .. } => {
                let boards: Vec<String> = boards
                    .iter()
                    .map(|board| format!("board {board}"))
                    .collect();
                let lost = if boards.is_empty() {
                    String::new()
                } else {
                    format!(", lost {}", boards.join(", "))
                };
                ("remove", format!("{userid}{lost}"))
            }
        }
    }
}

/// A tournament as the list of a game type's tournaments shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentLine {
    pub(crate) name: String,
    pub(crate) organiser: String,
    pub(crate) format: crate::rules::tournament_rules::Format,
    pub(crate) rated: bool,
    pub(crate) admission: crate::rules::ladder_rules::Admission,
    pub(crate) status: crate::store::TournamentStatus,
    pub(crate) players: usize,
    pub(crate) comment: Option<String>,
}

/// A ladder as its listings describe it.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderInfo {
    pub(crate) kind: GameKind,
    /// Empty for the game type's default ladder.
    pub(crate) name: String,
    /// `None`: the operator (the default ladders).
    pub(crate) director: Option<String>,
    pub(crate) rules: crate::rules::ladder_rules::LadderRules,
    pub(crate) comment: String,
    pub(crate) cancelled: bool,
    pub(crate) players: usize,
    /// Those waiting to be admitted, or invited and not joined yet.
    pub(crate) waiting: Vec<(String, crate::store::Entrant)>,
}

/// What a tournament command did, told with the tournament; the
/// templates read it by `kind`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TournamentChange {
    Created {
        userid: String,
    },
    Joined {
        userid: String,
        new: bool,
    },
    Left {
        userid: String,
        was_in: bool,
    },
    Started {
        userid: String,
        players: usize,
        boards: usize,
    },
    /// The director wrote `text` to the tournament's other players.
    Announced {
        userid: String,
        players: usize,
        text: String,
    },
    /// The organiser took `player` out (`was_in`: he had joined); after
    /// the start, `boards` are his open boards, each lost by him (see
    /// `handle::director`).
    Removed {
        userid: String,
        player: String,
        was_in: bool,
        boards: Vec<i64>,
    },
    /// The organiser ended the tournament; `boards` were running and are
    /// voided.
    Cancelled {
        userid: String,
        boards: Vec<i64>,
    },
    /// `new` took `old`'s place on `boards`, which `old` had not begun.
    Replaced {
        userid: String,
        old: String,
        new: String,
        boards: Vec<i64>,
    },
    /// `userid` handed the tournament to `to`, its organiser now.
    HandedOver {
        userid: String,
        to: String,
    },
    /// `userid` asked to join a tournament that admits by approval.
    Applied {
        userid: String,
    },
    /// The organiser `userid` let `player` in.
    Admitted {
        userid: String,
        player: String,
    },
    /// The organiser `userid` invited `player`.
    Invited {
        userid: String,
        player: String,
    },
    /// The player was waiting to join (asked, or `invited`) when the
    /// tournament began or was cancelled (`cancelled`): his request or
    /// invitation lapsed.
    Lapsed {
        invited: bool,
        cancelled: bool,
    },
    /// The organiser `userid` changed the rules by these words, and
    /// these are the whole rules now.
    RulesChanged {
        userid: String,
        words: Vec<String>,
        rules: Vec<String>,
    },
}

impl TournamentChange {
    /// The change as a line of the tournament's log: its action and
    /// detail; `None` for what changes nothing in it.
    pub(crate) fn log_line(&self) -> Option<(&'static str, String)> {
        let boards = |boards: &[i64]| match boards.is_empty() {
            true => "none".to_string(),
            false => boards
                .iter()
                .map(|board| format!("board {board}"))
                .collect::<Vec<_>>()
                .join(", "),
        };
        Some(match self {
            TournamentChange::Created { .. } => ("create", String::new()),
            TournamentChange::Joined { new: true, .. } => ("join", String::new()),
            TournamentChange::Left { was_in: true, .. } => ("leave", String::new()),
            TournamentChange::Applied { .. } => ("apply", String::new()),
            TournamentChange::Started {
                players, boards, ..
            } => ("start", format!("{players} players, {boards} boards")),
            TournamentChange::Announced { text, .. } => ("announce", first_line(text)),
            TournamentChange::Removed {
                player,
                was_in: true,
                boards: lost,
                ..
            } => match lost.is_empty() {
                true => ("remove", player.clone()),
                false => (
                    "remove",
                    format!("{player}; open boards lost by him: {}", boards(lost)),
                ),
            },
            TournamentChange::Cancelled { boards: voided, .. } => (
                "cancel",
                format!("running boards voided: {}", boards(voided)),
            ),
            TournamentChange::Replaced {
                old,
                new,
                boards: handed,
                ..
            } => (
                "replace",
                format!("{new} takes {old}'s place on {}", boards(handed)),
            ),
            TournamentChange::HandedOver { to, .. } => ("handover", to.clone()),
            TournamentChange::Admitted { player, .. } => ("admit", player.clone()),
            TournamentChange::Invited { player, .. } => ("invite", player.clone()),
            TournamentChange::RulesChanged { words, rules, .. } => (
                "rules",
                format!("{} (now: {})", words.join(" "), rules.join(" ")),
            ),
            TournamentChange::Joined { new: false, .. }
            | TournamentChange::Left { was_in: false, .. }
            | TournamentChange::Removed { was_in: false, .. }
            | TournamentChange::Lapsed { .. } => return None,
        })
    }
}

/// The first line of a text, cut at 80 characters, as a log keeps it.
fn first_line(text: &str) -> String {
    text.lines()
        .next()
        .unwrap_or_default()
        .chars()
        .take(80)
        .collect()
}
