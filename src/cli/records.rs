//! The operator's commands on what the host keeps: export, the outbox,
//! backup.

use super::args::{ExportFilter, Place};
use super::database::existing_store;
use crate::archive;
use crate::identity::HostIdentity;
use crate::store::{self, GameFilter, OutboxState, Store};
use anyhow::{Context, Result};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

pub(super) fn export(place: &Place, filter: &ExportFilter, out: Option<&Path>) -> Result<ExitCode> {
    let config = place.config()?;
    let store = existing_store(&config)?;
    let host = HostIdentity {
        name: config.host.name.clone(),
        address: config.host.address.clone(),
    };
    let filter = GameFilter {
        id: filter.game,
        player: filter.player.clone(),
        kind: filter.kind.map(|kind| kind.name().to_string()),
        created_since: filter.since,
    };
    let mut writer: Box<dyn Write> = match out {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    };
    let summary = archive::export_games(store.connection(), &filter, &host, &mut writer)?;
    for (id, reason) in &summary.skipped {
        eprintln!("warning: board {id} skipped: {reason}");
    }
    eprintln!(
        "exported {} game(s), skipped {}",
        summary.written,
        summary.skipped.len()
    );
    match filter.id {
        // Naming one board that is not there is a mistake, not an empty export.
        Some(id) if summary.written == 0 && summary.skipped.is_empty() => {
            anyhow::bail!("there is no board {id}")
        }
        _ => Ok(ExitCode::SUCCESS),
    }
}

pub(super) fn outbox(place: &Place) -> Result<ExitCode> {
    let config = place.config()?;
    let store = existing_store(&config)?;
    let conn = store.connection();
    let now_ms = store::now_ms();
    let entries = store::outbox_entries_at(conn, now_ms)?;
    let dropped = store::dropped_since(conn, now_ms / 1000 - 86_400)?;
    if entries.is_empty() {
        say!("the outbox is empty: every mail was sent");
    }
    let mut counts = [0usize; 4];
    for entry in &entries {
        let (index, state) = match &entry.state {
            OutboxState::Waiting => (0, "waiting"),
            OutboxState::Held { .. } => (1, "held"),
            OutboxState::Retrying { .. } => (2, "retrying"),
            OutboxState::GivenUp { .. } => (3, "given up"),
        };
        counts[index] += 1;
        say!(
            "#{} {state} to {} {:?}, queued {}",
            entry.id,
            entry.recipient,
            entry.subject,
            crate::clock::utc_text_seconds(entry.created)
        );
        print_state(&entry.state);
        if let Some(claim) = &entry.claim {
            if claim.until > now_ms {
                say!(
                    "    being sent by {} (claimed until {})",
                    claim.owner,
                    crate::clock::utc_text_seconds(claim.until / 1000)
                );
            } else {
                say!(
                    "    claimed by {}, whose claim ran out: the next sender takes it",
                    claim.owner
                );
            }
        }
    }
    if dropped > 0 {
        say!("{dropped} answer(s) to addresses past the hourly cap dropped in the last 24 hours");
    }
    if !entries.is_empty() {
        let [waiting, held, retrying, given_up] = counts;
        say!("{waiting} waiting, {held} held, {retrying} retrying, {given_up} given up");
    }
    Ok(ExitCode::SUCCESS)
}

/// The second line of a listed row: why it waits.
fn print_state(state: &OutboxState) {
    match state {
        OutboxState::Waiting => {}
        OutboxState::Held { until } => say!(
            "    held back by the hourly cap until {}",
            crate::clock::utc_text_seconds(until / 1000)
        ),
        OutboxState::Retrying {
            attempts,
            next_attempt,
            last_error,
        } => say!(
            "    attempts {attempts}, next try {}, last error: {last_error}",
            crate::clock::utc_text_seconds(next_attempt / 1000)
        ),
        OutboxState::GivenUp {
            attempts,
            at,
            reason,
        } => {
            let when = at
                .map(|at| format!(" on {}", crate::clock::utc_text_seconds(at)))
                .unwrap_or_default();
            say!("    given up{when} after {attempts} attempt(s): {reason}");
        }
    }
}

pub(super) fn backup(place: &Place, file: &std::path::Path) -> Result<ExitCode> {
    let config = place.config()?;
    let store = Store::open(&config.database)
        .with_context(|| format!("cannot open {}", config.database.display()))?;
    store
        .backup_to(file)
        .with_context(|| format!("cannot copy the database to {}", file.display()))?;
    say!("{} copied to {}", config.database.display(), file.display());
    Ok(ExitCode::SUCCESS)
}
