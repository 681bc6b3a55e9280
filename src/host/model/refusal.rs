//! Why a command was not carried out, as data: what was wrong and what the
//! template needs to say what would be right. `templates/*/refusal.txt`
//! words every kind; a test renders each one in every language.

use super::command::Syntax;
use super::limits::LimitHit;
pub(crate) use super::weakness::Weakness;
use crate::games::{GameKind, Reason, SetupError, Side};
use crate::rules::time_control::TimeError;
pub use ladder::LadderRefusal;
pub(crate) use league::LeagueRefusal;
use serde::Serialize;
pub(crate) use tournament::TournamentRefusal;

mod ladder;
mod league;
mod problems;
mod tournament;
pub(crate) use problems::{listed_legal, MoveProblem, QueueProblem};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Refusal {
    // How the command was written.
    NoCommand,
    /// `meant` the verb or game a misspelt word was most likely meant as.
    UnknownCommand {
        word: String,
        meant: Option<String>,
    },
    WrongArguments {
        syntax: Syntax,
        game: Option<GameKind>,
    },
    NotOffered {
        command: String,
    },
    NotABoardNumber {
        text: String,
        syntax: Syntax,
        game: GameKind,
    },
    TwoGuards,
    NoMoveGiven {
        game: Option<GameKind>,
    },
    /// A word where the form has a number: games for `limit`, a seek
    /// for `seek accept|cancel`, a page for `history`.
    NotANumber {
        text: String,
        syntax: Syntax,
        game: GameKind,
    },
    UnknownGameCommand {
        word: String,
        meant: Option<String>,
        game: GameKind,
    },
    UnknownSetting {
        setting: String,
    },
    MultipleInBody,
    /// The mail's comment holds the password its command gives.
    CommentHoldsPassword,
    /// A comment, message or chat longer than the host passes on.
    CommentTooLong {
        max: usize,
        given: usize,
    },

    // What the mail is.
    TooManyCommands {
        max: usize,
        rest: usize,
        first_left_out: String,
    },
    EmptyMultiple,
    TooLarge {
        size: u64,
        limit: usize,
    },

    // A reply standing in for a password.
    EmptyReply,
    ReplyFromElsewhere {
        from: String,
    },
    ReplyNotToUs,
    ReplyNotAboutBoard,
    /// No digest reply line read `BOARD MOVE`, or `line` named an unlisted board.
    DigestReply {
        boards: Vec<i64>,
        line: Option<String>,
    },

    NoHelpTopic {
        topic: String,
        topics: Vec<&'static str>,
    },

    // Accounts.
    BadUserid {
        userid: String,
    },
    /// An address the operator has blocked, given for an account.
    BlockedAddress {
        address: String,
    },
    /// A userid the host keeps for itself (postmaster, its own name).
    ReservedUserid {
        userid: String,
    },
    /// The operator has locked the account: it can do nothing by mail.
    AccountLocked {
        userid: String,
    },
    /// A player the host will not start games with or pass messages to
    /// now: his account is locked or every address of it is blocked.
    Unreachable {
        userid: String,
    },
    BadAddress {
        address: String,
    },
    UseridTaken {
        userid: String,
    },
    NoSuchPlayer {
        userid: String,
        syntax: Option<Syntax>,
        game: Option<GameKind>,
    },
    WrongPassword {
        userid: String,
    },
    /// A new password the host will not take (signup, change password).
    WeakPassword {
        userid: String,
        reason: Weakness,
    },
    StillPlaying {
        userid: String,
        boards: Vec<i64>,
    },
    /// An account that directs events not over is not deleted: whoever
    /// signed up under its userid next would direct them.
    DirectsEvents {
        userid: String,
        events: Vec<String>,
    },
    UnknownLanguage {
        language: String,
        languages: Vec<String>,
    },

    // Challenges.
    /// A time option that does not read; `reason` says why.
    BadHostOption {
        switch: String,
        reason: TimeError,
    },
    SelfChallenge {
        game: GameKind,
    },
    SignedOff {
        userid: String,
    },
    /// The address already holds as many accounts as the host allows.
    TooManyAccounts {
        address: String,
        max: usize,
    },
    /// A command met one of the host's `[limits]`.
    Limit {
        userid: String,
        hit: LimitHit,
    },
    /// No address of the account is confirmed yet: it can do nothing
    /// (`own`: the sender's), or be challenged or written to.
    Unconfirmed {
        userid: String,
        own: bool,
    },
    NotAccepting {
        userid: String,
        game: GameKind,
    },
    /// The challenged player takes no challenges from the challenger:
    /// only from players he has played (`played`), or from nobody. It
    /// says which, and nothing more.
    Unchallengeable {
        userid: String,
        takes: super::challengers::Challengers,
    },
    AtLimit {
        userid: String,
        game: GameKind,
        running: u32,
        limit: u32,
    },
    /// The game refused its switches, for the typed `reason`.
    BadSwitches {
        game: GameKind,
        reason: SetupError,
    },
    /// `-ladder` on a seek, or a tournament's (`tournament`).
    LadderSwitch {
        game: GameKind,
        tournament: bool,
    },

    // Boards.
    NoSuchBoard {
        board: i64,
    },
    /// A stored board that does not replay (a damaged or hand-edited row).
    BoardUnreadable {
        board: i64,
        reason: String,
    },
    WrongGame {
        board: i64,
        actual: GameKind,
        named: GameKind,
    },
    NotSeated {
        userid: String,
        board: i64,
        white: String,
        black: String,
    },
    BoardOver {
        userid: String,
        board: i64,
        game: GameKind,
    },
    StaleGuard {
        board: i64,
        expected: i64,
        next: i64,
        /// The moves played since move `expected` (as the sender may see
        /// them), when known.
        played_since: Vec<String>,
    },
    AfterDrawAgreed,
    NotYourTurn {
        userid: String,
        board: i64,
        waiting: Vec<String>,
    },
    /// A move the game refused: `problem` is its kind, `reason` the
    /// game's own words; `legal` the first moves `side` has now (see
    /// [`listed_legal`]), `legal_more` how many more.
    BadMove {
        problem: MoveProblem,
        text: String,
        reason: Box<Reason>,
        after_others: bool,
        side: Side,
        legal: Vec<String>,
        legal_more: usize,
        game: GameKind,
    },
    /// The game has no draws; `reason` is the game's own words.
    NoDraws {
        reason: Box<Reason>,
    },
    AlreadyOffered,
    NoOfferToAccept,
    NoOfferToReject,
    AlreadyPaused,
    AlreadyOnVacation {
        userid: String,
    },
    NotOnVacation {
        userid: String,
    },
    NoVacationLeft {
        allowance: i64,
    },
    BadVacationDate {
        text: String,
    },
    BadReminder {
        word: String,
        reason: TimeError,
    },
    PauseAlreadyProposed,
    NotPaused,
    AlreadyMoved {
        userid: String,
        board: i64,
        game: GameKind,
    },
    NoSuchMove {
        board: i64,
        moves: usize,
        after: i64,
        game: GameKind,
    },
    NotSeatedForChat {
        userid: String,
        board: i64,
    },
    EmptyChat,
    // Keeping accounts safe.
    /// Too many wrong passwords for the account or from the sender's
    /// address; `until` in UTC. Said alike for userids that do not exist.
    PasswordsLocked {
        until: String,
    },
    TooManyAddresses {
        max: usize,
        given: usize,
    },
    /// A reply confirming an address nobody waits for (confirmed before,
    /// or the change was undone).
    NothingToConfirm {
        address: String,
    },
    /// A reply to the mail asking an address to confirm that does not
    /// say "yes" (an autoresponder's, a helpdesk's ticket): it confirms
    /// nothing.
    ConfirmWithYes {
        address: String,
    },
    /// The mail replied to is too old to prove who is replying.
    TokenExpired {
        board: Option<i64>,
    },
    /// A word that reads like a move came after the player's turn was
    /// already complete with the moves `played` before it; nothing of the
    /// command was stored.
    TurnComplete {
        userid: String,
        word: String,
        played: Vec<String>,
    },
    /// A challenge from an address of neither player, without the first
    /// player's password: nothing tells whether the players exist.
    ChallengeNotAllowed {
        game: GameKind,
    },
    /// A challenge that spends its challenger's budget beyond an ordinary
    /// board, proven only by a From line anyone can write: a ladder
    /// challenge (`robots` false) or two robots set playing. It needs the
    /// challenger's password.
    ChallengeNeedsPassword {
        game: GameKind,
        robots: bool,
    },

    /// A robot plays no ladder or tournament.
    RobotInEvent {
        userid: String,
    },
    // Ladders and tournaments.
    /// `ladder`: its name, empty for the default one.
    NotOnLadder {
        userid: String,
        ladder: String,
        game: GameKind,
    },
    /// A ladder challenge names the challenger first.
    LadderChallengerFirst {
        game: GameKind,
    },
    /// The challenged player stands at `target`, outside the ranks
    /// `lowest..=highest` the challenger at `rank` may reach (`within`
    /// stand there; none when he is at the top).
    OutOfReach {
        userid: String,
        rank: usize,
        target: usize,
        highest: usize,
        lowest: usize,
        within: Vec<String>,
        reach: usize,
        ladder: String,
        game: GameKind,
    },
    /// The player has `most` ladder games open, the first on `board`.
    LadderChallengeOpen {
        userid: String,
        board: i64,
        most: usize,
        ladder: String,
        game: GameKind,
    },
    NoSuchTournament {
        name: String,
        game: GameKind,
    },
    /// `action`: what only the organiser may do (`start`, `announce`).
    NotOrganiser {
        name: String,
        organiser: String,
        action: String,
    },
    /// Players join, leave and the start happens only while a tournament
    /// is open (`status` is `running` or `finished`).
    TournamentClosed {
        name: String,
        status: String,
    },
    TournamentFull {
        name: String,
        max: usize,
    },
    TooFewPlayers {
        name: String,
        players: usize,
        /// How many it needs.
        needed: usize,
        /// A Swiss's rounds, which set how many it needs.
        rounds: Option<u32>,
    },
    // A director's rulings and verbs.
    /// Only the director of board's event may rule on it; `director` is
    /// `None` for a board whose event has no director by mail.
    NotDirector {
        board: i64,
        director: Option<String>,
    },
    /// A director does not rule on a board he plays on (the operator may).
    RulingOwnBoard {
        board: i64,
    },
    // Conditional moves, take-backs, notes, seeks, messages: worded in
    // `refusal-more.txt`.
    /// A queued line answers the opponent's next turn: while it is the
    /// player's own move, he plays it.
    QueueYourMove {
        board: i64,
        game: GameKind,
    },
    /// A line that cannot be queued: what is wrong with its `unit`-th
    /// turn (counted from 1), `text` as written and the game's `reason`.
    BadQueueLine {
        problem: QueueProblem,
        unit: usize,
        text: String,
        reason: String,
        /// Why the rules refused the turn, for [`QueueProblem::Illegal`].
        why: Option<Box<Reason>>,
        game: GameKind,
    },
    QueueFull {
        board: i64,
        max: usize,
    },
    NothingToUndo {
        board: i64,
    },
    /// Infinite Recursion Chess: a round is under way (a move sealed).
    UndoMidRound {
        board: i64,
    },
    UndoAlreadyProposed,
    NoUndoToAnswer,
    /// `withdraw` with no proposal of the sender's standing.
    NothingToWithdraw {
        board: i64,
    },
    /// `pause` on a board without clocks.
    NoClocks {
        board: i64,
    },
    /// `undo` is a command of its own, not part of a turn.
    UndoAlone,
    /// A draw offer and an undo proposal never stand together.
    UndoOrDraw,
    EmptyNote {
        board: i64,
        game: GameKind,
    },
    NoSuchSeek {
        seek: i64,
        game: GameKind,
    },
    OwnSeek {
        seek: i64,
    },
    NotYourSeek {
        seek: i64,
    },
    TooManySeeks {
        max: usize,
    },
    MessageToSelf,
    EmptyMessage,
    TooManyMessages {
        max: u32,
    },
    /// What a ladder or its director would not do (last: it carries its
    /// own kind).
    #[serde(untagged)]
    Ladder(LadderRefusal),
    /// What a tournament's rules and door would not allow (it carries
    /// its own kind).
    #[serde(untagged)]
    Tournament(TournamentRefusal),
    /// What a league would not allow (it carries its own kind).
    #[serde(untagged)]
    League(LeagueRefusal),
}
