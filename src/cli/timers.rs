//! `pbem tick` and `pbem robots`: what is due or owed, run once, for
//! hosts fed by `deliver` from an MTA.

use super::args::{Moment, Place};
use crate::daemon::Runtime;
use anyhow::Result;
use std::process::ExitCode;

pub(crate) fn tick(place: &Place, moment: &Moment) -> Result<ExitCode> {
    let config = place.config()?;
    let mut runtime = Runtime::open(&config)?;
    runtime.host.set_clock(moment.clock());
    let report = runtime.host.tick()?;
    let sent = runtime.send_waiting()?.sent;
    say!(
        "clocks started {}, vacations ended {}, reminders {}, losses on time {}, digests {}, unconfirmed lapsed {}, mails queued {}, sent {sent}",
        report.clocks_started, report.vacations_ended, report.nags, report.forfeits, report.digests, report.unconfirmed_lapsed, report.mails_queued
    );
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn robots(place: &Place, moment: &Moment) -> Result<ExitCode> {
    let config = place.config()?;
    let mut runtime = Runtime::open(&config)?;
    runtime.host.set_clock(moment.clock());
    let Some(report) = runtime.run_robots()? else {
        // Cron runs this every minute: a run still at work is no error.
        say!("another pbem plays the robots now; nothing to do here");
        return Ok(ExitCode::SUCCESS);
    };
    say!(
        "robot moves {}, draws accepted {}, proposals answered {}, resigned {}, not taken {}, mails queued {}, waiting {}",
        report.moves,
        report.draws_accepted,
        report.proposals_answered,
        report.resigned,
        report.refused,
        report.mails_queued,
        report.waiting
    );
    Ok(ExitCode::SUCCESS)
}
