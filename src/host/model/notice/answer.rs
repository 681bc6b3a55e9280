//! The answers for the sender alone, and the lines they list.

use super::super::replays::LiveGame;
use super::*;
use crate::games::{GameKind, Side};

/// An answer for the sender alone.
#[derive(Debug)]
pub enum Answer {
    /// The general help, or one topic of it.
    Help {
        topic: Option<&'static str>,
    },
    /// A game's rules page.
    Rules {
        kind: GameKind,
    },
    /// The games of the host with their running and finished boards.
    List {
        games: Vec<GameCount>,
    },
    SignedUp {
        userid: String,
        addresses: Vec<String>,
        /// Addresses that get mail once they confirm.
        pending: Vec<String>,
    },
    PasswordChanged {
        userid: String,
    },
    AddressChanged {
        userid: String,
        addresses: Vec<String>,
        pending: Vec<String>,
    },
    AddressConfirmed {
        userid: String,
        address: String,
        addresses: Vec<String>,
        /// The account's first address ever confirmed: the mail welcomes
        /// the new player too.
        welcome: bool,
    },
    AddressChangeUndone {
        userid: String,
        addresses: Vec<String>,
    },
    SignedOff {
        userid: String,
    },
    Deleted {
        userid: String,
    },
    LanguageSet {
        userid: String,
        language: String,
    },
    /// Whether the player's comments appear in his boards' records.
    CommentsSet {
        userid: String,
        public: bool,
    },
    /// How board mails show him the board, as he chose it.
    BoardStyleSet {
        userid: String,
        style: crate::host::model::board_style::BoardStyle,
    },
    /// Who may challenge him now, as he chose it.
    ChallengersSet {
        userid: String,
        challengers: crate::host::model::challengers::Challengers,
    },
    /// The daily digest turned on or off.
    DigestSet {
        userid: String,
        on: bool,
    },
    /// A vacation began (ending at `ends` at the latest) or ended;
    /// `days_left` of the year's allowance.
    Vacation {
        userid: String,
        on: bool,
        ends: Option<i64>,
        days_left: i64,
    },
    /// The player's reminders: lengths before a deadline (`3d 1d`), `off`,
    /// or none for the host's nags.
    Reminders {
        userid: String,
        schedule: Option<String>,
    },
    Accepting {
        userid: String,
        kind: GameKind,
        accepts: bool,
    },
    Limit {
        userid: String,
        kind: GameKind,
        limit: u32,
    },
    /// A board now, or after its first `after` moves.
    Show {
        live: Box<LiveGame>,
        after: Option<i64>,
    },
    /// Following boards: `boards` (none: every new board of the type, or
    /// with `results_only` every board), started (`on`) or stopped;
    /// `changed` is false when there was nothing to stop.
    Watching {
        userid: String,
        kind: GameKind,
        boards: Vec<i64>,
        on: bool,
        changed: bool,
        results_only: bool,
    },
    /// A board's whole record: every move with the day it was played.
    Record {
        live: Box<LiveGame>,
        /// When each move was played (seconds since the epoch).
        dates: Vec<i64>,
        /// The comments of players who allow them, each after its move.
        comments: Vec<crate::store::StoredComment>,
        /// The take-backs agreed on the board, in order.
        taken_back: Vec<crate::store::TakenBack>,
    },
    /// Every running board of a player, across the games.
    Status {
        userid: String,
        boards: Vec<BoardLine>,
    },
    /// A page of the finished boards of a game (of one player).
    History {
        kind: GameKind,
        userid: Option<String>,
        page: u32,
        pages: u32,
        total: u32,
        boards: Vec<HistoryLine>,
    },
    /// A player's boards of one game.
    Games {
        userid: String,
        kind: GameKind,
        page: u32,
        pages: u32,
        total: u32,
        boards: Vec<BoardLine>,
    },
    /// A game's rated players; those without a rated game for long are
    /// left out (`hidden` of them) unless `all` were asked for.
    Standings {
        kind: GameKind,
        lines: Vec<StandingLine>,
        all: bool,
        hidden: usize,
        /// A deviation above this is provisional.
        provisional_above: f64,
        /// Days without a rated game before a player is left out.
        inactive_days: i64,
    },
    /// A game's ladder from the top, with what the command changed.
    Ladder {
        info: super::LadderInfo,
        /// From the top down.
        lines: Vec<super::LadderLine>,
        change: Option<LadderChange>,
    },
    /// A game type's ladders.
    Ladders {
        kind: GameKind,
        ladders: Vec<super::LadderInfo>,
    },
    /// A game type's tournaments, newest first.
    Tournaments {
        kind: GameKind,
        lines: Vec<super::TournamentLine>,
    },
    /// A game type's leagues, newest first.
    Leagues {
        kind: GameKind,
        lines: Vec<super::LeagueLine>,
    },
    /// A league, with what the command changed.
    League {
        table: Box<super::LeagueTable>,
        change: Option<super::LeagueChange>,
    },
    /// A tournament, with what the command changed.
    Tournament {
        table: Box<TournamentTable>,
        change: Option<TournamentChange>,
    },
    /// A tournament's log, oldest first.
    EventLog {
        kind: GameKind,
        /// The event's name (empty: the game type's default ladder).
        name: String,
        /// The kind of event whose log it is.
        of: crate::host::model::command::EventList,
        entries: Vec<crate::store::LogEntry>,
    },
    /// A player's conditional moves on a board, after `change`.
    Queue {
        kind: GameKind,
        board: i64,
        userid: String,
        lines: Vec<Vec<String>>,
        change: QueueChange,
    },
    /// A board after hypothetical moves, each checked; nothing stored.
    Preview {
        live: Box<LiveGame>,
        /// The sender's seat, when he plays on the board.
        seat: Option<Side>,
        /// The real moves the preview starts after.
        start: usize,
        /// Moves sealed on the real board, left out of the preview.
        sealed_left_out: usize,
        steps: Vec<PreviewStep>,
        /// Moves after the first that could not be played.
        untried: Vec<String>,
    },
    /// A player's private note on a board: stored (`text`) or cleared.
    Note {
        kind: GameKind,
        board: i64,
        userid: String,
        text: Option<String>,
        had_one: bool,
    },
    /// The open challenges of a game.
    Seeks {
        kind: GameKind,
        seeks: Vec<crate::store::Seek>,
    },
    /// A seek posted (`posted`) or withdrawn by its author.
    SeekChanged {
        kind: GameKind,
        seek: crate::store::Seek,
        posted: bool,
    },
    /// A message passed on to `to`.
    MessageSent {
        userid: String,
        to: String,
    },
}

/// What a `queue` command changed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QueueChange {
    Listed,
    /// A line added, replacing the lines it conflicted with.
    Added {
        replaced: usize,
    },
    Cleared {
        count: usize,
    },
}

/// One hypothetical move of a preview: played (its notation), or not
/// and why (`reason` in the game's words).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PreviewStep {
    pub(crate) text: String,
    pub(crate) side: Option<Side>,
    pub(crate) played: Option<String>,
    pub(crate) problem: Option<super::super::refusal::MoveProblem>,
    /// Why the rules refused the step; `None` for a step played.
    pub(crate) reason: Option<crate::games::Reason>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCount {
    pub(crate) kind: GameKind,
    pub(crate) running: u32,
    pub(crate) finished: u32,
}

/// One finished board in a history.
#[derive(Debug)]
pub struct HistoryLine {
    pub(crate) board: i64,
    /// When it began and ended (seconds since the epoch).
    pub(crate) started: i64,
    pub(crate) ended: i64,
    pub(crate) moves: i64,
    /// The board as it ended, or why it cannot be rebuilt.
    pub(crate) live: Result<LiveGame, String>,
}

/// One board in a player's list of games.
#[derive(Debug)]
pub struct BoardLine {
    pub(crate) board: i64,
    pub(crate) side: Side,
    pub(crate) opponent: String,
    /// The board as it stands, or why it cannot be rebuilt.
    pub(crate) live: Result<LiveGame, String>,
}
