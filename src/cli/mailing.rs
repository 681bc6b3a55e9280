//! The commands that run the host on mail: serve, deliver, and `mail`,
//! which puts a mail in the Maildir as a player's client would.

use super::*;

pub(super) fn serve(place: &Place, once: bool, moment: &Moment) -> Result<ExitCode> {
    if moment.now.is_some() && !once {
        bail!("--now works with serve only together with --once: a running daemon keeps the real time");
    }
    let config = place.config()?;
    let mut runtime = Runtime::open(&config)?;
    runtime.host.set_clock(moment.clock());
    if once {
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

/// Every failure becomes an exit code the MTA understands, so nothing is
/// returned through `?` here.
pub(super) fn deliver(place: &Place, moment: &Moment) -> ExitCode {
    let config = match place.config() {
        Ok(config) => config,
        Err(err) => {
            // The operator can fix the config; the MTA keeps the mail.
            crate::log::init("info");
            error!("{err:#}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    // The whole message is taken from the MTA first, whatever follows;
    // no more of it than the size limit is held.
    let max_bytes = config.host.limits.max_message_bytes;
    let mail = match read_mail(std::io::stdin().lock(), max_bytes, None) {
        Ok(mail) => mail,
        Err(err) => {
            warn!("cannot read the message: {err}");
            return ExitCode::from(EX_TEMPFAIL);
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
            ExitCode::from(EX_TEMPFAIL)
        }
        Err(err) => {
            error!("{err}");
            ExitCode::from(EX_SOFTWARE)
        }
    }
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
