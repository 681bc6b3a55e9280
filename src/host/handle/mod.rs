//! The handlers: one command against the store, inside the mail's
//! transaction. They change state and return typed notices; they never
//! write mail or prose themselves.
//!
//! `account` keeps players' accounts, `challenge` starts games and keeps
//! preferences, `play` runs move commands, `board` the other board actions
//! and views.

mod account;
mod acting;
mod address;
mod archive;
mod board;
mod challenge;
mod competition;
pub mod director;
pub mod ladder;
mod ladder_removal;
mod limits;
mod play;
mod time;
pub mod tournament;
mod tournament_entry;
mod tournament_rules;
mod turn;

// After pbmserv's commands: conditional moves, preview, take-backs,
// notes, seeks, messages.
mod message;
mod note;
mod preview;
mod queue;
mod seek;
mod undo;
mod withdraw;

pub use account::remove_account;
use acting::{authenticate, reachable};
pub use message::MessageSettings;
pub use seek::SeekSettings;

use crate::games::{GameKind, Side};
use crate::host::accounts::guard::{AccountPolicy, Attempt};
use crate::host::accounts::password::{HashError, Prechecked, VerifiedPasswords};
use crate::host::model::command::{Command, Credential, EventList};
use crate::host::model::notice::{Comment, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LiveGame, LoadError, Replays};
use crate::store::{GameStatus, Player, StoreError};
use rusqlite::Connection;
use std::cell::RefCell;

/// A handler could not finish: either the command is refused (the sender
/// is told, nothing changes) or the host itself failed (the mail is
/// retried later).
#[derive(Debug)]
pub enum Failure {
    /// Boxed: a refusal carries the board it is about.
    Refused(Box<Notice>),
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

/// A refusal not about a board the sender may see.
fn refused(refusal: impl Into<Refusal>) -> Failure {
    Failure::Refused(Box::new(Notice::Refused {
        refusal: refusal.into(),
        board: None,
    }))
}

/// A refusal shown with the board it is about, as it stands.
fn refused_on(refusal: Refusal, live: LiveGame) -> Failure {
    Failure::Refused(Box::new(Notice::Refused {
        refusal,
        board: Some(Box::new(live)),
    }))
}

pub type Handled = Result<Vec<Notice>, Failure>;

/// What a handler may know about the mail it serves.
pub struct Context<'a> {
    pub conn: &'a Connection,
    /// The sender's address.
    pub from: &'a str,
    /// What the sender typed (for chat and comments).
    pub comment: Option<&'a str>,
    /// Passwords already checked in this process.
    pub passwords: &'a VerifiedPasswords,
    /// The mail's passwords, checked before its transaction began.
    pub prechecked: &'a Prechecked,
    /// Games already replayed in this process.
    pub replays: &'a Replays,
    /// The languages mails can be written in, for `set language`.
    pub languages: &'a [String],
    /// The moment the mail is handled (seconds since the epoch).
    pub now: i64,
    pub policy: &'a AccountPolicy,
    /// Default time controls and the vacation allowance.
    pub clock_defaults: &'a super::clocks::ClockSettings,
    /// Ratings, ladders and tournaments.
    pub competition: &'a super::competition::CompetitionSettings,
    /// The password checks made, to be counted after the command (whose
    /// own changes a refusal rolls back).
    pub attempts: &'a RefCell<Vec<Attempt>>,
    pub seeks: &'a SeekSettings,
    pub messages: &'a MessageSettings,
    pub flood: &'a crate::host::model::limits::Limits,
    /// The host's own address (its local part is no player's userid).
    pub host_address: &'a str,
}

/// Runs one command: the accounts' and archive's commands here, the
/// boards' and the plans' in the functions after.
pub fn handle(ctx: &Context<'_>, command: Command) -> Handled {
    match command {
        Command::Help { topic } => account::help(topic),
        Command::GameHelp { kind } => account::help(Some(kind.name().to_string())),
        Command::List => account::list(ctx),
        Command::Signup {
            userid,
            password,
            addresses,
        } => account::signup(ctx, &userid, &password, addresses),
        Command::ChangePassword { userid, old, new } => {
            account::change_password(ctx, &userid, &old, &new)
        }
        Command::ChangeAddress {
            userid,
            password,
            addresses,
        } => account::change_address(ctx, &userid, &password, addresses),
        Command::Signoff { userid, password } => account::signoff(ctx, &userid, &password),
        Command::Delete { userid, password } => account::delete(ctx, &userid, &password),
        Command::ConfirmAddress { userid, address } => address::confirm(ctx, &userid, &address),
        Command::UndoAddressChange { userid, restore } => address::undo(ctx, &userid, restore),
        Command::Status { userid } => archive::status(ctx, &userid),
        Command::Record { kind, board } => archive::record(ctx, kind, board),
        Command::Subscribe {
            kind,
            board,
            userid,
            password,
            on,
        } => archive::subscribe(ctx, kind, board, &userid, &password, on),
        Command::Notify {
            kind,
            userid,
            password,
            boards,
        } => archive::notify(ctx, kind, &userid, &password, &boards),
        Command::History { kind, userid, page } => {
            archive::history(ctx, kind, userid.as_deref(), page)
        }
        Command::Vacation {
            userid,
            password,
            on,
        } => time::vacation(ctx, &userid, &password, on),
        Command::Remind {
            userid,
            password,
            schedule,
        } => time::remind(ctx, &userid, &password, &schedule),
        Command::Set {
            userid,
            password,
            setting,
        } => account::set(ctx, &userid, &password, setting),
        board @ (Command::Multiple
        | Command::Challenge { .. }
        | Command::Accepting { .. }
        | Command::Limit { .. }
        | Command::Move { .. }
        | Command::Resign { .. }
        | Command::Decline { .. }
        | Command::Show { .. }
        | Command::Games { .. }
        | Command::Chat { .. }) => handle_board(ctx, board),
        plans @ (Command::Standings { .. }
        | Command::Ladder { .. }
        | Command::EventList { .. }
        | Command::Tournament { .. }
        | Command::EventLog { .. }
        | Command::Rule { .. }
        | Command::Queue { .. }
        | Command::Preview { .. }
        | Command::Note { .. }
        | Command::Seek { .. }
        | Command::Seeks { .. }
        | Command::SeekAnswer { .. }
        | Command::Message { .. }) => handle_plans(ctx, plans),
    }
}

/// Starting, playing and showing boards.
fn handle_board(ctx: &Context<'_>, command: Command) -> Handled {
    match command {
        Command::Multiple => Err(refused(Refusal::MultipleInBody)),
        Command::Challenge {
            kind,
            white,
            black,
            switches,
        } => challenge::challenge(ctx, kind, &white, &black, &switches),
        Command::Accepting {
            kind,
            userid,
            password,
            accepts,
        } => challenge::accepting(ctx, kind, &userid, &password, accepts),
        Command::Limit {
            kind,
            userid,
            password,
            limit,
        } => challenge::set_limit(ctx, kind, &userid, &password, limit),
        Command::Move {
            kind,
            board,
            userid,
            credential,
            words,
            guard,
        } => play::play(ctx, kind, board, &userid, &credential, &words, guard),
        Command::Resign {
            kind,
            board,
            userid,
            credential,
        } => board::resign(ctx, kind, board, &userid, &credential),
        Command::Decline {
            kind,
            board,
            userid,
            credential,
        } => board::decline(ctx, kind, board, &userid, &credential),
        Command::Show { kind, board, after } => board::show(ctx, kind, board, after),
        Command::Games { kind, userid, page } => board::games(ctx, kind, &userid, page),
        Command::Chat {
            kind,
            board,
            userid,
            credential,
        } => board::chat(ctx, kind, board, &userid, &credential),
        other => not_routed(other),
    }
}

/// Competition, conditional moves, previews, notes, seeks and messages.
fn handle_plans(ctx: &Context<'_>, command: Command) -> Handled {
    match command {
        Command::Standings { kind, all } => competition::standings(ctx, kind, all),
        Command::Ladder { kind, name, action } => match action {
            None => competition::ladder(ctx, kind, &name),
            Some(action) => ladder::act(ctx, kind, &name, action),
        },
        Command::EventList { kind, list } => match list {
            EventList::Ladders => competition::ladders(ctx, kind),
            EventList::Tournaments => competition::tournaments(ctx, kind),
        },
        Command::Tournament { kind, name, action } => {
            tournament::tournament(ctx, kind, &name, action)
        }
        Command::EventLog { kind, name, of } => match of {
            EventList::Ladders => ladder::log_of(ctx, kind, &name),
            EventList::Tournaments => director::log_of(ctx, kind, &name),
        },
        Command::Rule {
            kind,
            board,
            userid,
            password,
            verb,
            reason,
        } => director::rule(ctx, kind, board, (&userid, &password), &verb, &reason),
        Command::Queue {
            kind,
            board,
            userid,
            password,
            action,
        } => queue::queue(ctx, kind, board, &userid, &password, action),
        Command::Preview {
            kind,
            board,
            after,
            moves,
        } => preview::preview(ctx, kind, board, after, &moves),
        Command::Note {
            kind,
            board,
            userid,
            password,
            clear,
        } => note::note(ctx, kind, board, &userid, &password, clear),
        Command::Seek {
            kind,
            userid,
            password,
            switches,
        } => seek::seek(ctx, kind, &userid, &password, &switches),
        Command::Seeks { kind } => seek::seeks(ctx, kind),
        Command::SeekAnswer {
            kind,
            seek,
            userid,
            password,
            accept,
        } => seek::answer(ctx, kind, seek, &userid, &password, accept),
        Command::Message {
            userid,
            credential,
            to,
        } => message::message(ctx, &userid, &credential, &to),
        other => not_routed(other),
    }
}

/// A command `handle` routed to a family that has no arm for it: a slip
/// in this file, logged and refused rather than a panic.
fn not_routed(command: Command) -> Handled {
    tracing::error!(
        ?command,
        "a command reached a handler family without its arm"
    );
    Err(refused(Refusal::NoCommand))
}

/// The board again, for a refusal to show it as stored (a handler may
/// have played on its own copy).
fn reload(ctx: &Context<'_>, live: &LiveGame) -> LiveGame {
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
fn board_of_kind(ctx: &Context<'_>, kind: GameKind, board: i64) -> Result<LiveGame, Failure> {
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
fn seated_game(
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
fn comment_of(ctx: &Context<'_>, author: &str) -> Option<Comment> {
    ctx.comment
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(|text| Comment {
            author: author.to_string(),
            text: text.to_string(),
        })
}
