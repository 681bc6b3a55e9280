//! What a mail can ask for, as read by `grammar`: the commands and their
//! parts. Nothing here is text for players.

use crate::games::GameKind;
use serde::Serialize;

mod ladder;
pub use ladder::{DirectorVerb, EventList, LadderAction, LadderVerb};

/// Who a command acts for and how that is proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    /// The password given in the command.
    Password(String),
    /// A reply that named a Message-ID the host generated for this player
    /// and came from the player's address.
    Proven,
}

impl Credential {}

/// One word of a move command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveWord {
    Play(String),
    ProposeDraw,
    AcceptDraw,
    RejectDraw,
    /// Proposes to stop the clocks, or agrees to the other's proposal.
    Pause,
    /// Starts paused clocks again.
    Resume,
    /// Proposes to take back the last move (turn, round), or agrees to
    /// the other's proposal.
    Undo,
    /// Takes back the player's own standing proposals.
    Withdraw,
}

/// A player setting changed with `set`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The language of the mails he gets (a code such as `de`).
    Language(String),
    /// One mail a day listing the boards that wait for him, instead of a
    /// mail per move.
    Digest(bool),
    /// Whether his comments appear in the records of his boards.
    PublicComments(bool),
    /// How board mails show him the board: text, an HTML table, an image.
    Board(crate::host::model::board_style::BoardStyle),
    /// Who may challenge him: anyone, players he has played, nobody.
    Challengers(crate::host::model::challengers::Challengers),
}

/// What a `GAME tournament VERB NAME userid password [...]` command does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TournamentVerb {
    /// With the rule words and switches every board gets.
    Create {
        switches: Vec<String>,
    },
    Join,
    Leave,
    /// What only the tournament's organiser (its director) may do.
    Direct(DirectorVerb),
}

/// What a director's ruling on a board gives (`GAME adjudicate|forfeit|
/// void board userid password ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulingVerb {
    /// This result: `1-0`, `0-1` or `1/2`.
    Adjudicate(crate::rules::score::Score),
    /// This player loses by forfeit.
    Forfeit { loser: String },
    /// Aborted, counted for nobody.
    Void,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentAction {
    pub(crate) verb: TournamentVerb,
    pub userid: String,
    pub(crate) password: String,
}

impl RulingVerb {
    /// A ruling as written after its board (and, by mail, the director's
    /// userid and password): `adjudicate 1-0|0-1|1/2 REASON...`,
    /// `forfeit LOSER [REASON...]`, `void [REASON...]`; the verb and the
    /// reason, or `None` when the words are not the ones it takes.
    pub(crate) fn read(verb: &str, rest: &[&str]) -> Option<(RulingVerb, String)> {
        let (ruling, reason) = match (verb.to_ascii_lowercase().as_str(), rest) {
            ("adjudicate", [result, reason @ ..]) if !reason.is_empty() => {
                (RulingVerb::adjudicate(result)?, reason)
            }
            ("forfeit", [loser, reason @ ..]) => (
                RulingVerb::Forfeit {
                    loser: loser.to_string(),
                },
                reason,
            ),
            ("void", reason) => (RulingVerb::Void, reason),
            _ => return None,
        };
        Some((ruling, reason.join(" ")))
    }

    /// An adjudication of the result written `1-0`, `0-1` or `1/2`
    /// (`1/2-1/2` and `½` too).
    pub(crate) fn adjudicate(result: &str) -> Option<RulingVerb> {
        use crate::rules::score::Score;
        let score = match result {
            "1-0" => Score::WhiteWins,
            "0-1" => Score::BlackWins,
            "1/2" | "1/2-1/2" | "½" | "½-½" => Score::Draw,
            _ => return None,
        };
        Some(RulingVerb::Adjudicate(score))
    }
}

/// A command, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help {
        topic: Option<String>,
    },
    List,
    Signup {
        userid: String,
        password: String,
        addresses: Vec<String>,
    },
    ChangePassword {
        userid: String,
        old: String,
        new: String,
    },
    ChangeAddress {
        userid: String,
        password: String,
        addresses: Vec<String>,
    },
    Signoff {
        userid: String,
        password: String,
    },
    Delete {
        userid: String,
        password: String,
    },
    /// A reply, from `address`, to the mail asking it to confirm: never
    /// typed, only read from the reply's token.
    ConfirmAddress {
        userid: String,
        address: String,
    },
    /// A reply, from one of the addresses an account had, to the mail
    /// announcing a change of its addresses: they are `restore`d.
    UndoAddressChange {
        userid: String,
        restore: Vec<String>,
    },
    /// `GAME subscribe|unsubscribe board|all userid password`: follow a
    /// board (or every new board of the type) or stop.
    Subscribe {
        kind: GameKind,
        /// `None`: every new board of the type.
        board: Option<i64>,
        userid: String,
        password: String,
        on: bool,
    },
    /// `GAME notify userid password [board...]`: the results only, of
    /// these boards or of every board of the type.
    Notify {
        kind: GameKind,
        userid: String,
        password: String,
        boards: Vec<i64>,
    },
    /// `GAME record board`: the whole record, the PGN attached.
    Record {
        kind: GameKind,
        board: i64,
    },
    /// `status userid`: every running board of a player.
    Status {
        userid: String,
    },
    /// `GAME history [userid] [page]`: finished boards, newest first.
    History {
        kind: GameKind,
        userid: Option<String>,
        page: u32,
    },
    /// `vacation userid password on [until YYYY-MM-DD] | off`.
    Vacation {
        userid: String,
        password: String,
        /// `None`: off; `Some(until)`: on, until that date if given.
        on: Option<Option<String>>,
    },
    /// `remind userid password 3d 1d 4h | off | default`.
    Remind {
        userid: String,
        password: String,
        /// The lengths before a deadline; `off`, or `default` for the
        /// host's nags, as the only word.
        schedule: Vec<String>,
    },
    Set {
        userid: String,
        password: String,
        setting: Setting,
    },
    /// The subject `multiple`: one command per body line.
    Multiple,
    GameHelp {
        kind: GameKind,
    },
    Challenge {
        kind: GameKind,
        white: String,
        black: String,
        switches: Vec<String>,
    },
    /// `accept` (true) or `reject` (false) challenges of a game type.
    Accepting {
        kind: GameKind,
        userid: String,
        password: String,
        accepts: bool,
    },
    Limit {
        kind: GameKind,
        userid: String,
        password: String,
        limit: u32,
    },
    Move {
        kind: GameKind,
        board: i64,
        userid: String,
        credential: Credential,
        words: Vec<MoveWord>,
        /// The `#n` guard: the move number the sender expects to play.
        guard: Option<i64>,
    },
    Resign {
        kind: GameKind,
        board: i64,
        userid: String,
        credential: Credential,
    },
    Decline {
        kind: GameKind,
        board: i64,
        userid: String,
        credential: Credential,
    },
    Show {
        kind: GameKind,
        board: i64,
        /// Show the board after this many moves instead of now.
        after: Option<i64>,
    },
    /// `GAME games userid [page]`.
    Games {
        kind: GameKind,
        userid: String,
        page: u32,
    },
    Chat {
        kind: GameKind,
        board: i64,
        userid: String,
        credential: Credential,
    },
    /// `GAME standings [all]`.
    Standings {
        kind: GameKind,
        all: bool,
    },
    /// `GAME ladder [NAME]`, or `GAME ladder VERB [NAME] userid password
    /// [...]`; the empty name is the game type's default ladder.
    Ladder {
        kind: GameKind,
        name: String,
        action: Option<LadderAction>,
    },
    /// `GAME ladders` or `GAME tournaments`: every ladder or every
    /// tournament of the game type.
    EventList {
        kind: GameKind,
        list: EventList,
    },
    /// `GAME tournament NAME`, or `GAME tournament VERB NAME userid
    /// password [...]`.
    Tournament {
        kind: GameKind,
        name: String,
        action: Option<TournamentAction>,
    },
    /// `GAME league NAME`, or `GAME league VERB NAME userid password
    /// [...]`: the verbs a tournament has, but a league's.
    League {
        kind: GameKind,
        name: String,
        action: Option<TournamentAction>,
    },
    /// `GAME tournament NAME log`, `GAME league NAME log` or `GAME ladder
    /// [NAME] log`: the event's log, for anyone (the empty name: the
    /// default ladder).
    EventLog {
        kind: GameKind,
        name: String,
        of: EventList,
    },
    /// `GAME adjudicate|forfeit|void board userid password ... [REASON]`:
    /// the director of the board's event ends it by a ruling.
    Rule {
        kind: GameKind,
        board: i64,
        userid: String,
        password: String,
        verb: RulingVerb,
        reason: String,
    },
    /// `GAME queue board userid password [LINE | clear]`: conditional
    /// moves.
    Queue {
        kind: GameKind,
        board: i64,
        userid: String,
        password: String,
        action: QueueAction,
    },
    /// `GAME preview board[#n] MOVE...`: a board after hypothetical
    /// moves, nothing stored.
    Preview {
        kind: GameKind,
        board: i64,
        after: Option<i64>,
        moves: Vec<String>,
    },
    /// `GAME note board userid password [clear]`: the mail's body as the
    /// player's private note on the board, or none.
    Note {
        kind: GameKind,
        board: i64,
        userid: String,
        password: String,
        clear: bool,
    },
    /// `GAME seek userid password [switches]`: an open challenge.
    Seek {
        kind: GameKind,
        userid: String,
        password: String,
        switches: Vec<String>,
    },
    /// `GAME seeks`: the open challenges of a game.
    Seeks {
        kind: GameKind,
    },
    /// `GAME seek accept|cancel N userid password`.
    SeekAnswer {
        kind: GameKind,
        seek: i64,
        userid: String,
        password: String,
        accept: bool,
    },
    /// `message userid password to-userid`: the body to another player;
    /// or a reply to a message, proven by its thread, back to its author.
    Message {
        userid: String,
        credential: Credential,
        to: String,
    },
}

/// What a `queue` command does with a player's conditional moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueueAction {
    List,
    Clear,
    /// A line: the turn expected from the opponent, the answer, and so
    /// on, as written (a Spherical Chess 324 turn's actions joined by
    /// commas; `*` for any turn).
    Add(Vec<String>),
}

/// The switch that carries a challenger's password.
pub(crate) const PASSWORD_SWITCH: &str = "-password:";

/// The challenger's password given as the switch `-password:PW`, checked
/// against the first-named player; it is never kept with the game.
pub(crate) fn challenge_password(switch: &str) -> Option<&str> {
    const SWITCH: &str = PASSWORD_SWITCH;
    let head = switch.get(..SWITCH.len())?;
    let value = &switch[SWITCH.len()..];
    (head.eq_ignore_ascii_case(SWITCH) && !value.is_empty()).then_some(value)
}

/// The form of a command, for telling a player how to write it; the
/// templates word each form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Syntax {
    Help,
    Signup,
    Change,
    Signoff,
    Delete,
    Set,
    Challenge,
    Accepting,
    Limit,
    Move,
    Resign,
    Decline,
    Show,
    Games,
    Chat,
    /// A reply to a board mail.
    Reply,
    /// A `multiple` mail.
    Multiple,
    Vacation,
    Remind,
    Status,
    History,
    Subscribe,
    Notify,
    Record,
    Standings,
    Ladder,
    Tournament,
    League,
    Adjudicate,
    Forfeit,
    Void,
    Queue,
    Preview,
    Note,
    Seek,
    Message,
}
