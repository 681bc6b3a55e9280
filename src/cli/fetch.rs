//! `pbem fetch --once`: one pass over the IMAP mailbox, for cron.

use super::args::{Moment, Place};
use crate::config::InboundSource;
use crate::daemon::Runtime;
use anyhow::{bail, Result};
use std::process::ExitCode;

pub(crate) fn fetch_once(place: &Place, moment: &Moment) -> Result<ExitCode> {
    let config = place.config()?;
    let InboundSource::Imap(settings) = &config.source else {
        bail!("pbem fetch reads an IMAP mailbox: set [inbound] source = \"imap\" and [inbound.imap] in the config");
    };
    let mut runtime = Runtime::open(&config)?;
    runtime.host.set_clock(moment.clock());
    let pass = runtime.fetch_once(settings)?;
    say!(
        "handled {}, duplicates {}, ignored {}, failed {}, sent {}, left on the server {}",
        pass.handled,
        pass.duplicates,
        pass.ignored,
        pass.failed,
        pass.sent,
        pass.skipped
    );
    Ok(if pass.failed > 0 || pass.store_failures > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
