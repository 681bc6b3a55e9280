//! The command line: argument parsing and hand-over to the library.

/// `println!` for what a subcommand prints, which does not panic when
/// standard output is closed (`pbem outbox | head`): see [`out::say`].
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::out::say(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) mod out;

mod args;
mod competition;
mod database;
mod director;
mod fetch;
mod games;
mod mailing;
mod operator;
mod pictures;
mod records;
mod timers;
mod web;

pub use args::{Cli, Command, ExportFilter, Moment, Place};
use mailing::{deliver, mail, serve};
use records::{backup, export, outbox};

use crate::host::operator::Report;
use anyhow::Result;
use std::process::ExitCode;

pub fn run(cli: Cli) -> Result<ExitCode> {
    match dispatch(cli) {
        // A reader that closed the pipe (`| head`) had what it wanted.
        Err(err) if out::is_broken_pipe(&err) => Ok(ExitCode::SUCCESS),
        other => other,
    }
}

fn dispatch(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Perft {
            game,
            depth,
            fen,
            moves,
            switches,
            divide,
        } => games::perft(&game, depth, fen.as_deref(), &moves, &switches, divide),
        Command::Serve {
            place,
            once,
            moment,
        } => serve(&place, once, &moment),
        Command::Fetch {
            place,
            once: _,
            moment,
        } => fetch::fetch_once(&place, &moment),
        Command::Web {
            place,
            listen,
            moment,
        } => web::web(&place, listen.as_deref(), &moment),
        Command::Deliver { place, moment } => Ok(deliver(&place, &moment)),
        Command::Tick { place, moment } => timers::tick(&place, &moment),
        Command::Robots { place, moment } => timers::robots(&place, &moment),
        Command::Backup { place, file } => backup(&place, &file),
        Command::Replay {
            game,
            switches,
            moves,
        } => games::replay(&game, &switches, &moves),
        Command::Mail {
            place,
            from,
            body,
            reply_to,
            subject,
        } => mail(&place, &from, body, reply_to, subject),
        Command::Outbox { place } => outbox(&place),
        Command::Pictures { out, templates } => pictures::pictures(&out, templates.as_deref()),
        Command::Export {
            place,
            pgn: _,
            filter,
            out,
        } => export(&place, &filter, out.as_deref()),
        Command::Standings {
            place,
            moment,
            game,
            all,
        } => competition::print(&place, &moment, Report::Standings { kind: game, all }),
        Command::Ladder {
            place,
            moment,
            game,
            name,
        } => competition::print(&place, &moment, Report::ladder(game, name)),
        Command::Tournament {
            place,
            moment,
            game,
            name,
            trf,
        } => competition::print(&place, &moment, Report::tournament(game, name, trf)),
        Command::Players { place, filter } => operator::players(&place, filter.as_deref()),
        Command::SecurityLog {
            place,
            since,
            userid,
        } => operator::security_log(&place, since, userid.as_deref()),
        Command::Director { verb } => director::direct(verb),
        log @ Command::EventLog { .. } => director::event_log(log),
        tool => operator::act(tool),
    }
}
