//! The commands that run the host on mail: serve, deliver, and `mail`,
//! which puts a mail in the Maildir as a player's client would.

use super::args::{Moment, Place, EX_SOFTWARE, EX_TEMPFAIL};
use crate::config::{Config, InboundSource};
use crate::daemon::Runtime;
use crate::host::Receipt;
use crate::mail::inbound::maildir::Maildir;
use crate::mail::inbound::raw::read_mail;
use crate::mail::outbound::compose::player_mail;
use anyhow::{bail, Context, Result};
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tracing::{error, info, warn};

pub(super) fn serve(place: &Place, once: bool, moment: &Moment) -> Result<ExitCode> {
    if moment.now.is_some() && !once {
        bail!("--now works with serve only together with --once: a running daemon keeps the real time");
    }
    let config = place.config()?;
    let mut runtime = Runtime::open(&config)?;
    runtime.host.set_clock(moment.clock());
    if once {
        let maildir = InboundSource::Maildir.describe(&config.maildir);
        info!(intake = %maildir, "serve --once");
        if let InboundSource::Imap(_) = &config.source {
            warn!(
                "serve --once reads the Maildir only; the {} is read by pbem fetch --once",
                config.source.describe(&config.maildir)
            );
        }
        let pass = runtime.pass()?;
        say!(
            "handled {}, duplicates {}, ignored {}, failed {}, sent {}",
            pass.handled,
            pass.duplicates,
            pass.ignored,
            pass.failed,
            pass.sent
        );
        return Ok(if pass.failed > 0 {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        });
    }
    runtime.serve()?;
    Ok(ExitCode::SUCCESS)
}

/// What `deliver` tells the MTA on standard error when the mail stays in
/// its queue: the MTA may mail it to the sender, so no detail (that is in
/// the data directory's log).
const TRY_LATER: &str =
    "pbem: the game host cannot take mail just now; it will be tried again later";

/// As [`TRY_LATER`], for a mail the host cannot handle and returns.
const SET_ASIDE: &str =
    "pbem: the game host could not handle this mail; it is set aside for its operator";

/// Every failure becomes an exit code the MTA understands, so nothing is
/// returned through `?` here. The log goes to the data directory's
/// `deliver.log`; standard error, which the MTA may bounce to the sender,
/// gets one of the short lines above.
pub(super) fn deliver(place: &Place, moment: &Moment) -> ExitCode {
    let config = match Config::load(place.config.as_deref(), place.data.as_deref()) {
        Ok(config) => config,
        Err(err) => {
            // The operator can fix the config; the MTA keeps the mail.
            if let Some(data) = &place.data {
                deliver_log("info", data);
            }
            error!("{err:#}");
            return short_exit(TRY_LATER, EX_TEMPFAIL);
        }
    };
    deliver_log(&config.log_filter, &config.data_dir);
    // The whole message is taken from the MTA first, whatever follows;
    // no more of it than the size limit is held.
    let max_bytes = config.host.limits.max_message_bytes;
    let mail = match read_mail(std::io::stdin().lock(), max_bytes, None) {
        Ok(mail) => mail,
        Err(err) => {
            warn!("cannot read the message: {err}");
            return short_exit(TRY_LATER, EX_TEMPFAIL);
        }
    };
    let result = Runtime::open(&config).and_then(|mut runtime| {
        runtime.host.set_clock(moment.clock());
        runtime.deliver_mail(&mail)
    });
    // 0 only once the mail and its effects are committed (or it was a
    // duplicate, or is never to be answered and is recorded as seen).
    match result {
        Ok(Receipt::Ignored(reason)) => {
            info!("not answered: {reason}");
            ExitCode::SUCCESS
        }
        Ok(_) => ExitCode::SUCCESS,
        Err(err) if err.is_temporary() => {
            warn!("temporary failure, the MTA keeps the mail for later: {err}");
            short_exit(TRY_LATER, EX_TEMPFAIL)
        }
        Err(err) => {
            error!("{err}");
            short_exit(SET_ASIDE, EX_SOFTWARE)
        }
    }
}

/// Starts `deliver`'s log in `data`'s `deliver.log`; when that cannot be
/// opened nothing is logged (standard error is the sender's to read).
fn deliver_log(filter: &str, data: &Path) {
    // A data directory not made yet: the store makes it the same way.
    let _ = std::fs::create_dir_all(data);
    let _ = crate::log::init_file(filter, &data.join(crate::log::DELIVER_LOG));
}

fn short_exit(line: &str, code: u8) -> ExitCode {
    eprintln!("{line}");
    ExitCode::from(code)
}

pub(super) fn mail(
    place: &Place,
    from: &str,
    body: Option<String>,
    reply_to: Option<PathBuf>,
    subject: Option<String>,
) -> Result<ExitCode> {
    let config = place.config()?;
    let body = match body {
        Some(body) => body,
        None if !std::io::stdin().is_terminal() => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("reading the body from standard input")?;
            text
        }
        None => String::new(),
    };
    let answering = match &reply_to {
        Some(path) => {
            Some(std::fs::read(path).with_context(|| format!("reading {}", path.display()))?)
        }
        None => None,
    };
    if subject.is_none() && answering.is_none() {
        bail!("give a subject (the command), or --reply-to a mail from the host");
    }
    let raw = player_mail(
        from,
        &config.host.address,
        subject.as_deref(),
        &body,
        answering.as_deref(),
    )?;
    let maildir = Maildir::open(&config.maildir)
        .with_context(|| format!("opening the Maildir {}", config.maildir.display()))?;
    let path = maildir.deliver(&raw)?;
    say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}
