//! What handling a command produces: facts for players, not mail yet. The
//! renderer words each notice through a template in the reader's
//! language; `post` queues the mails.

use super::refusal::Weakness;
use super::replays::LiveGame;
use crate::games::Side;
use crate::rules::score::AbortRule;

mod answer;
mod competition;
mod league;
mod table;

pub(crate) use answer::*;
pub(crate) use competition::*;
pub(crate) use league::*;
pub(crate) use table::*;

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

/// Something about an account its owner must hear at his own addresses,
/// or an address must confirm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountNews {
    pub(crate) userid: String,
    /// Where it goes.
    pub(crate) to: Vec<String>,
    pub(crate) event: AccountEvent,
}

impl AccountNews {
    /// The userid the mail's subject names: the owner's, but for a mail
    /// about the opponent's vacation, which is titled with his name.
    pub(crate) fn titled_with(&self) -> &str {
        match &self.event {
            AccountEvent::OpponentAway { opponent, .. } => opponent,
            _ => &self.userid,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum AccountEvent {
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
    /// The player's vacation reached the end he set (or his allowance):
    /// his clocks run again, told to him as to his opponents.
    VacationOver { ended: i64, days_left: i64 },
    /// The player's seek lasted its time without anyone accepting it.
    SeekExpired {
        kind: crate::games::GameKind,
        seek: crate::store::Seek,
    },
    /// Wrong passwords locked password commands for the account.
    Guessed {
        failures: u32,
        locked_until: i64,
        last_from: String,
    },
    /// The password the player just used works but would not be taken
    /// now; said once (the password itself is never in the mail).
    WeakPassword { reason: Weakness },
    /// The operator reset the account's password to this one (mailed to
    /// the account's confirmed addresses only).
    PasswordReset { password: String },
}

/// What happened on a board, with the board as it now stands.
#[derive(Debug)]
pub struct BoardNews {
    pub(crate) live: LiveGame,
    pub(crate) events: Vec<Event>,
    pub(crate) comment: Option<Comment>,
    pub(crate) new_game: bool,
}

/// A knockout game's place: its match within the round (from 1), its
/// number within the match (from 1, void games counted), and whether it
/// is a sudden-death game (the match tied after the games that count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Bout {
    pub(crate) match_no: u32,
    pub(crate) game: u32,
    pub(crate) sudden_death: bool,
}

/// Something that happened on a board, told in the board mail. How a
/// game ended is not an event: the mail reads it from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
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
    /// A new board of a tournament's round; `aborted` is how the
    /// tournament counts a game aborted before both players moved, and
    /// `note` what its organiser wrote when he created it.
    Paired {
        tournament: String,
        round: u32,
        aborted: AbortRule,
        note: Option<String>,
        /// In a knockout, the match of the round and the game of it.
        bout: Option<Bout>,
        /// A Swiss's number of rounds.
        rounds: Option<u32>,
        /// The league division the tournament is, if it is one.
        division: Option<Division>,
    },
    /// A new board is a ladder game; `aborted` is how the ladder counts a
    /// game aborted before both players moved.
    LadderGame {
        aborted: AbortRule,
        /// The ladder's name; empty for the game type's default ladder.
        ladder: String,
        /// What its director wrote about it.
        note: Option<String>,
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
    /// The player took back his own standing proposals.
    Withdrawn {
        userid: String,
        proposals: Vec<super::answers::Proposal>,
    },
}

/// Why lines of conditional moves were dropped.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum DropReason {
    /// The opponent played another turn than they expected.
    Unmatched,
    /// They took any turn, and a line naming the turn played was played
    /// instead.
    Outranked,
    /// Their answer was not legal; `reason` is the game's.
    Illegal { reason: crate::games::Reason },
    /// Moves were taken back, so the board they were made for is gone.
    TakenBack,
}

/// A comment that comes with a move, passed on to the other players;
/// `public` when its author allows his comments beyond them (who reads
/// it is [`may_read`](crate::host::model::audience::may_read)'s to say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Comment {
    pub(crate) author: String,
    pub(crate) text: String,
    pub(crate) public: bool,
}
