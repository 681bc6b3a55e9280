//! What handling a command produces: facts for players, not mail yet. The
//! renderer words each notice through a template in the reader's
//! language; `post` queues the mails.

use super::refusal::Refusal;
use super::replays::LiveGame;
use crate::games::{GameKind, Side};

#[derive(Debug)]
pub enum Notice {
    /// A board changed or began: every player gets it from his seat.
    Board(BoardNews),
    /// A message for everyone on a board.
    Chat {
        live: LiveGame,
        author: String,
        text: String,
    },
    /// An answer to the sender alone.
    Answer(Answer),
    /// The command was not carried out; the sender is told why, with the
    /// board it was about when there is one.
    Refused {
        refusal: Refusal,
        board: Option<Box<LiveGame>>,
    },
    /// A mail about an account to addresses other than the sender's.
    Account(AccountNews),
    /// A player's daily digest: the boards that wait for his move.
    Digest {
        userid: String,
        boards: Vec<BoardLine>,
    },
    /// A reminder that the board waits for the player on `side`.
    Nag { live: Box<LiveGame>, side: Side },
    /// A change in a player's ladder or tournament, to that player.
    Competition(CompetitionNews),
    /// A message from one player to another, passed on without either
    /// address.
    Message {
        from: String,
        to: String,
        text: String,
    },
}

/// Something about a ladder or tournament a player must hear of.
#[derive(Clone, Debug, PartialEq)]
pub struct CompetitionNews {
    pub userid: String,
    pub kind: GameKind,
    pub event: CompetitionEvent,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CompetitionEvent {
    /// His rank on the ladder changed (`None`: not on it); `ladder` is
    /// the whole ladder from the top, as it now stands.
    LadderMoved {
        before: Option<usize>,
        after: Option<usize>,
        reason: LadderReason,
        ladder: Vec<String>,
    },
    /// A tournament began: his boards.
    Pairings {
        name: String,
        boards: Vec<PairingLine>,
        players: usize,
    },
    /// The tournament's last board is over.
    TournamentOver { table: TournamentTable },
}

/// Why a ladder changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LadderReason {
    Won {
        winner: String,
        loser: String,
        board: i64,
    },
    Left {
        userid: String,
    },
    /// These players went too long without a ladder game.
    Dropped {
        userids: Vec<String>,
    },
}

/// One of a player's tournament boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingLine {
    pub board: i64,
    pub round: u32,
    pub side: Side,
    pub opponent: String,
}

/// A tournament's crosstable and standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentTable {
    pub kind: GameKind,
    pub name: String,
    pub organiser: String,
    pub status: crate::store::TournamentStatus,
    pub double: bool,
    pub rated: bool,
    /// Userids by seat (the order they joined).
    pub players: Vec<String>,
    /// (board, round, the game by seats with its result).
    pub boards: Vec<(i64, u32, crate::rules::round_robin::Played)>,
    pub standings: Vec<crate::rules::round_robin::Standing>,
}

/// One line of a game's standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingLine {
    /// None for a provisional player, listed apart.
    pub rank: Option<usize>,
    pub userid: String,
    pub rating: f64,
    pub deviation: f64,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    pub active_boards: u32,
    /// No rated game for longer than the standings show.
    pub inactive: bool,
}

/// What a ladder command did, told with the ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

/// What a tournament command did, told with the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentChange {
    Created { userid: String },
    Joined { userid: String, new: bool },
    Left { userid: String, was_in: bool },
    Started { userid: String, boards: usize },
}

/// Something about an account its owner must hear at his own addresses,
/// or an address must confirm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountNews {
    pub userid: String,
    /// Where it goes.
    pub to: Vec<String>,
    pub event: AccountEvent,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccountEvent {
    /// The player asked for mail to go to `address` too; a reply to this
    /// mail, from that address, confirms it.
    ConfirmAddress { address: String, asked_from: String },
    /// The account's addresses changed; a reply from one of the addresses
    /// it had undoes the change.
    AddressesChanged {
        before: Vec<String>,
        after: Vec<String>,
        pending: Vec<String>,
        asked_from: String,
    },
    /// The recipient's opponent on `boards` went on vacation (until
    /// `back`), or is back: his clocks there stop or run again.
    OpponentAway {
        opponent: String,
        boards: Vec<i64>,
        away: bool,
        back: Option<i64>,
    },
    /// Wrong passwords locked password commands for the account.
    Guessed {
        failures: u32,
        locked_until: i64,
        last_from: String,
    },
}

/// What happened on a board, with the board as it now stands.
#[derive(Debug)]
pub struct BoardNews {
    pub live: LiveGame,
    pub events: Vec<Event>,
    pub comment: Option<Comment>,
    pub new_game: bool,
}

/// Something that happened on a board, told in the board mail. How a
/// game ended is not an event: the mail reads it from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move; other players see only its public form while it is sealed.
    Played {
        userid: String,
        side: Side,
        number: i64,
        notation: String,
        public_notation: String,
    },
    DrawOffered {
        userid: String,
    },
    /// The player moved on instead of answering the offer.
    DrawLapsed {
        userid: String,
    },
    DrawRejected {
        userid: String,
    },
    /// Proposed to stop the clocks.
    PauseProposed {
        userid: String,
    },
    /// Agreed to the pause: the clocks stop.
    Paused {
        userid: String,
    },
    /// Started the paused clocks again.
    Resumed {
        userid: String,
    },
    /// The game ended part-way through the player's command: these words
    /// of it came after the end and were not played.
    Unplayed {
        userid: String,
        words: Vec<String>,
    },
    /// A new board: the player who issued the challenge.
    Challenged {
        userid: String,
    },
    /// A new board of a tournament's round.
    Paired {
        tournament: String,
        round: u32,
    },
    /// A new board from an open challenge: `userid` accepted `author`'s
    /// seek number `seek`.
    SeekAccepted {
        userid: String,
        author: String,
        seek: i64,
    },
    /// The move just before was played from the player's conditional
    /// moves.
    FromQueue {
        userid: String,
    },
    /// Lines of the player's conditional moves were dropped: told to
    /// him alone, since they are his plans.
    QueueDropped {
        userid: String,
        side: Side,
        lines: Vec<String>,
        why: DropReason,
    },
    /// Proposed to take back `moves`.
    UndoProposed {
        userid: String,
        moves: Vec<String>,
    },
    /// Agreed to `proposer`'s proposal: `moves` were taken back.
    UndoAgreed {
        userid: String,
        proposer: String,
        moves: Vec<String>,
    },
    UndoRejected {
        userid: String,
    },
}

/// Why lines of conditional moves were dropped.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DropReason {
    /// The opponent played another turn than they expected.
    Unmatched,
    /// Their answer was not legal; `reason` is the game's.
    Illegal { reason: String },
    /// Moves were taken back, so the board they were made for is gone.
    TakenBack,
}

/// A comment that comes with a move, passed on to the other players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    pub author: String,
    pub text: String,
}

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
        kind: GameKind,
        ranks: Vec<String>,
        change: Option<LadderChange>,
        /// How many places up a challenge may reach.
        reach: usize,
    },
    /// A tournament, with what the command changed.
    Tournament {
        table: TournamentTable,
        change: Option<TournamentChange>,
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
    pub text: String,
    pub side: Option<Side>,
    pub played: Option<String>,
    pub problem: Option<super::refusal::MoveProblem>,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCount {
    pub kind: GameKind,
    pub running: u32,
    pub finished: u32,
}

/// One finished board in a history.
#[derive(Debug)]
pub struct HistoryLine {
    pub board: i64,
    /// When it began and ended (seconds since the epoch).
    pub started: i64,
    pub ended: i64,
    pub moves: i64,
    /// The board as it ended, or why it cannot be rebuilt.
    pub live: Result<LiveGame, String>,
}

/// One board in a player's list of games.
#[derive(Debug)]
pub struct BoardLine {
    pub board: i64,
    pub side: Side,
    pub opponent: String,
    /// The board as it stands, or why it cannot be rebuilt.
    pub live: Result<LiveGame, String>,
}
