//! One command being handled: what a handler may know about the mail it
//! serves (`Context`), how it fails (`Failure`), who it acts for
//! (`acting`), the switches a new board takes (`switches`) and the
//! `[limits]` it may meet (`limits`). Shared by the handlers of every
//! command family (`handle`) and of the events (`events`), so neither
//! imports the other for them.

pub(crate) mod acting;
pub(crate) mod limits;
mod settings;
pub(crate) mod switches;

pub(crate) use acting::{authenticate, reachable};
pub use settings::{MessageSettings, SeekSettings};

use crate::games::{GameKind, Side};
use crate::host::accounts::guard::{AccountPolicy, Attempt};
use crate::host::accounts::password::{HashError, Prechecked, VerifiedPasswords};
use crate::host::model::command::Credential;
use crate::host::model::notice::{Comment, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LiveGame, LoadError, Replays};
use crate::store::{self, GameStatus, Player, StoreError, StoreResult};
use rusqlite::Connection;
use std::cell::RefCell;

/// A handler could not finish: either the command is refused (the sender
/// is told, nothing changes) or the host itself failed (the mail is
/// retried later).
#[derive(Debug)]
pub enum Failure {
    /// Boxed: a refusal carries the board it is about.
    Refused(Box<Refused>),
    Store(StoreError),
    Hash(HashError),
}

impl From<StoreError> for Failure {
    fn from(err: StoreError) -> Self {
        Failure::Store(err)
    }
}

impl From<HashError> for Failure {
    fn from(err: HashError) -> Self {
        Failure::Hash(err)
    }
}

impl From<LoadError> for Failure {
    fn from(err: LoadError) -> Self {
        match err {
            LoadError::Store(err) => Failure::Store(err),
            LoadError::NoSuchBoard(board) => refused(Refusal::NoSuchBoard { board }),
            LoadError::Unreadable { id, reason } => {
                // The details are for the operator; a German mail leaves
                // them out.
                tracing::error!(board = id, "board cannot be rebuilt: {reason}");
                refused(Refusal::BoardUnreadable { board: id, reason })
            }
        }
    }
}

/// A command not carried out: why, and the board it is about when there
/// is one, as it stands. Not a notice: every refusal of a mail goes into
/// its one error mail, after its notices.
#[derive(Debug)]
pub struct Refused {
    pub(crate) refusal: Refusal,
    pub(crate) board: Option<Box<LiveGame>>,
}

/// A refusal not about a board the sender may see.
pub(crate) fn refused(refusal: impl Into<Refusal>) -> Failure {
    Failure::Refused(Box::new(Refused {
        refusal: refusal.into(),
        board: None,
    }))
}

/// A refusal shown with the board it is about, as it stands.
pub(crate) fn refused_on(refusal: Refusal, live: LiveGame) -> Failure {
    Failure::Refused(Box::new(Refused {
        refusal,
        board: Some(Box::new(live)),
    }))
}

pub(crate) type Handled = Result<Vec<Notice>, Failure>;

/// What a handler may know about the mail it serves.
pub struct Context<'a> {
    pub(crate) conn: &'a Connection,
    /// The sender's address.
    pub(crate) from: &'a str,
    /// What the sender typed (for chat and comments).
    pub(crate) comment: Option<&'a str>,
    /// Passwords already checked in this process.
    pub(crate) passwords: &'a VerifiedPasswords,
    /// The mail's passwords, checked before its transaction began.
    pub(crate) prechecked: &'a Prechecked,
    /// Games already replayed in this process.
    pub(crate) replays: &'a Replays,
    /// The languages mails can be written in, for `set language`.
    pub(crate) languages: &'a [String],
    /// The moment the mail is handled (seconds since the epoch).
    pub(crate) now: i64,
    pub(crate) policy: &'a AccountPolicy,
    /// Default time controls and the vacation allowance.
    pub(crate) clock_defaults: &'a crate::host::clocks::ClockSettings,
    /// Ratings, ladders and tournaments.
    pub(crate) competition: &'a crate::host::competition::CompetitionSettings,
    /// The password checks made, to be counted after the command (whose
    /// own changes a refusal rolls back).
    pub(crate) attempts: &'a RefCell<Vec<Attempt>>,
    pub(crate) seeks: &'a SeekSettings,
    pub(crate) messages: &'a MessageSettings,
    pub(crate) flood: &'a crate::host::model::limits::Limits,
    /// The host's own address (its local part is no player's userid).
    pub(crate) host_address: &'a str,
}

/// The board again, for a refusal to show it as stored (a handler may
/// have played on its own copy).
pub(crate) fn reload(ctx: &Context<'_>, live: &LiveGame) -> LiveGame {
    replays::load(ctx.conn, ctx.replays, live.record.id, None).unwrap_or_else(|_| LiveGame {
        record: live.record.clone(),
        kind: live.kind,
        game: live.game.clone_game(),
        moves: live.moves.clone(),
        turns: live.turns.clone(),
        total_moves: live.total_moves,
        clocks: live.clocks.clone(),
        ratings: live.ratings.clone(),
        undo_offer: live.undo_offer,
        event: live.event.clone(),
        ruling: live.ruling.clone(),
    })
}

/// Loads a board and checks it is of the game type the command named.
pub(crate) fn board_of_kind(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
) -> Result<LiveGame, Failure> {
    let live = replays::load(ctx.conn, ctx.replays, board, None)?;
    if live.kind != kind {
        return Err(refused(Refusal::WrongGame {
            board,
            actual: live.kind,
            named: kind,
        }));
    }
    Ok(live)
}

/// The live game a player acts on, checked: it exists, is of the named
/// type, is still running, and the player sits at it.
pub(crate) fn seated_game(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
) -> Result<(LiveGame, Player, Side), Failure> {
    let live = board_of_kind(ctx, kind, board)?;
    let player = authenticate(ctx, userid, credential, Some(&live))?;
    let Some(side) = live.record.side_of(&player.userid) else {
        let refusal = Refusal::NotSeated {
            userid: player.userid,
            board,
            white: live.record.white.clone(),
            black: live.record.black.clone(),
        };
        return Err(refused_on(refusal, live));
    };
    if live.record.status != GameStatus::Active {
        let refusal = Refusal::BoardOver {
            userid: player.userid,
            board,
            game: kind,
        };
        return Err(refused_on(refusal, live));
    }
    Ok((live, player, side))
}

/// What the sender typed, as a comment by `author` for the other players.
pub(crate) fn comment_of(ctx: &Context<'_>, author: &str) -> StoreResult<Option<Comment>> {
    let text = ctx.comment.map(str::trim).filter(|text| !text.is_empty());
    text.map(|text| comment_by(ctx, author, text.to_string()))
        .transpose()
}

/// `text` as a comment by `author`, public when he allows it.
pub(crate) fn comment_by(ctx: &Context<'_>, author: &str, text: String) -> StoreResult<Comment> {
    Ok(Comment {
        author: author.to_string(),
        text,
        public: store::comments_are_public(ctx.conn, author)?,
    })
}
