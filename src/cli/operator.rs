//! The operator's tools on accounts: `players`, `lock`, `unlock`,
//! `block`, `unblock`, `reset-password`, `delete-account`, `void-flood`
//! and `security-log`. Each action is one transaction with its entry in
//! the security log; the mails it causes are sent at once, as `tick`
//! sends its own.

use super::args::{Command, Moment, Place};
use super::database::existing_store;
use crate::clock::utc_text_seconds;
use crate::daemon::Runtime;
use crate::host::operator::{self, Action, Outcome};
use crate::store::security;
use anyhow::{bail, Result};
use std::process::ExitCode;

pub(super) fn players(place: &Place, filter: Option<&str>) -> Result<ExitCode> {
    let config = place.config()?;
    let store = existing_store(&config)?;
    let lines = operator::players(store.connection(), filter)?;
    for line in &lines {
        let mut state = Vec::new();
        if let Some(since) = line.locked_since {
            state.push(format!("locked since {}", utc_text_seconds(since)));
        }
        if line.signed_off {
            state.push("signed off".to_string());
        }
        if line.robot {
            state.push("robot".to_string());
        }
        say!(
            "{} {}",
            line.userid,
            if state.is_empty() {
                "active".to_string()
            } else {
                state.join(", ")
            }
        );
        say!("    confirmed: {}", or_none(&line.addresses.join(" ")));
        if !line.pending.is_empty() {
            say!("    waiting to confirm: {}", line.pending.join(" "));
        }
        let last = line.last_move.map_or("never".to_string(), utc_text_seconds);
        let boards: Vec<String> = line.boards.iter().map(i64::to_string).collect();
        say!(
            "    last move: {last}; boards running: {}",
            or_none(&boards.join(" "))
        );
    }
    say!("{} account(s)", lines.len());
    Ok(ExitCode::SUCCESS)
}

fn or_none(text: &str) -> &str {
    if text.is_empty() {
        "none"
    } else {
        text
    }
}

pub(super) fn security_log(
    place: &Place,
    since: Option<i64>,
    userid: Option<&str>,
) -> Result<ExitCode> {
    let config = place.config()?;
    let store = existing_store(&config)?;
    let events = security::security_log(store.connection(), since, userid)?;
    for event in &events {
        let mut line = format!("{} {}", utc_text_seconds(event.at), event.kind.name());
        if let Some(userid) = &event.userid {
            line.push_str(&format!(" userid={userid}"));
        }
        if let Some(address) = &event.address {
            line.push_str(&format!(" address={address}"));
        }
        say!("{line}: {}", event.detail);
    }
    say!(
        "{} entr{}",
        events.len(),
        if events.len() == 1 { "y" } else { "ies" }
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs one of the tools that change something; exit 1 when it was
/// refused (no such account, a weak password, boards still running).
pub(super) fn act(command: Command) -> Result<ExitCode> {
    let (place, moment, action) = match command {
        Command::Lock {
            place,
            moment,
            userid,
        } => (place, moment, Action::Lock { userid }),
        Command::Unlock {
            place,
            moment,
            userid,
        } => (place, moment, Action::Unlock { userid }),
        Command::Block {
            place,
            moment,
            pattern,
        } => (place, moment, Action::Block { pattern }),
        Command::Unblock {
            place,
            moment,
            pattern,
        } => (place, moment, Action::Unblock { pattern }),
        Command::ResetPassword {
            place,
            moment,
            userid,
            password,
        } => (place, moment, Action::ResetPassword { userid, password }),
        Command::DeleteAccount {
            place,
            moment,
            userid,
        } => (place, moment, Action::Delete { userid }),
        Command::VoidFlood {
            place,
            moment,
            userid,
            since,
            until,
        } => {
            let until = until.unwrap_or_else(|| moment.clock().now().timestamp() + 1);
            (
                place,
                moment,
                Action::Void {
                    userid,
                    since,
                    until,
                },
            )
        }
        other => bail!("{other:?} is not one of the operator's tools"),
    };
    run(&place, &moment, &action)
}

fn run(place: &Place, moment: &Moment, action: &Action) -> Result<ExitCode> {
    let config = place.config()?;
    existing_store(&config)?;
    let mut runtime = Runtime::open(&config)?;
    runtime.host.set_clock(moment.clock());
    let outcome = runtime.host.operate(action)?;
    report(&mut runtime, outcome)
}

/// What the operator's action did, printed; its mails sent at once.
pub(super) fn report(runtime: &mut Runtime, outcome: Outcome) -> Result<ExitCode> {
    match outcome {
        Outcome::Done { said, mails_queued } => {
            let sent = if mails_queued > 0 {
                runtime.send_waiting()?.sent
            } else {
                0
            };
            say!("{said}");
            if mails_queued > 0 {
                say!("mails queued {mails_queued}, sent {sent}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Outcome::Refused(why) => {
            eprintln!("pbem: {why}");
            Ok(ExitCode::FAILURE)
        }
    }
}
