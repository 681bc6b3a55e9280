//! The handlers: one command against the store, inside the mail's
//! transaction. They change state and return typed notices; they never
//! write mail or prose themselves. [`handle`] routes every command in one
//! exhaustive `match`, so a command without a handler does not compile;
//! the events' commands go to `crate::host::events`.
//!
//! `account` keeps accounts and their settings and `address` their
//! addresses; `archive` is a player's status, record and subscriptions;
//! `challenge` starts games and keeps preferences, `seek` the open
//! challenges; `play` runs the move command over `turn` (a turn played,
//! for a move and a queued answer alike), `undo` and `withdraw`; `board`
//! the other board actions and views; `queue` conditional moves,
//! `preview` moves tried on a copy, `note` private notes, `message`
//! messages between players, `time` vacations and reminders,
//! `standings` the ratings.

mod account;
mod address;
mod archive;
mod board;
mod challenge;
mod message;
mod note;
mod play;
mod preview;
mod queue;
mod seek;
mod standings;
mod time;
mod turn;
mod undo;
mod withdraw;

pub(crate) use account::remove_account;

use crate::host::events::{director, ladder, league, lists, logbook, tournament};
use crate::host::model::command::{Command, EventList};
use crate::host::model::refusal::Refusal;
use crate::host::request::limits;
use crate::host::request::{
    authenticate, board_of_kind, comment_by, comment_of, reachable, refused, refused_on, reload,
    seated_game, Context, Failure, Handled,
};

/// Runs one command. One exhaustive `match`: a new `Command` without
/// an arm here does not compile.
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
        Command::Standings { kind, all } => standings::standings(ctx, kind, all),
        Command::Ladder { kind, name, action } => match action {
            None => lists::ladder(ctx, kind, &name),
            Some(action) => ladder::entry::act(ctx, kind, &name, action),
        },
        Command::EventList { kind, list } => match list {
            EventList::Ladders => lists::ladders(ctx, kind),
            EventList::Tournaments => lists::tournaments(ctx, kind),
            EventList::Leagues => league::leagues(ctx, kind),
        },
        Command::League { kind, name, action } => league::league(ctx, kind, &name, action),
        Command::Tournament { kind, name, action } => {
            tournament::tournament(ctx, kind, &name, action)
        }
        Command::EventLog { kind, name, of } => logbook::answer_log(ctx, kind, &name, of),
        Command::Rule {
            kind,
            board,
            userid,
            password,
            verb,
            reason,
        } => director::rule_by_mail(ctx, kind, board, (&userid, &password), &verb, &reason),
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
    }
}
