//! The operator's export: the games a filter takes, as one PGN stream.

use super::{archive_board, ArchiveError};
use crate::identity::HostIdentity;
use crate::store::{self, GameFilter, StoreError};
use rusqlite::Connection;
use std::io::Write;

/// What an export wrote, and the boards it had to leave out with why.
#[derive(Debug, Default)]
pub(crate) struct ExportSummary {
    pub(crate) written: usize,
    pub(crate) skipped: Vec<(i64, ArchiveError)>,
}

/// Why an export stopped.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ExportError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("writing the PGN: {0}")]
    Io(#[from] std::io::Error),
}

/// Writes every game `filter` takes to `out`, oldest board first, a blank
/// line between games. A board that cannot be written (it does not
/// replay, or its row is damaged) is skipped and named in the summary;
/// only the store failing or `out` failing stops the export.
pub(crate) fn export_games(
    conn: &Connection,
    filter: &GameFilter,
    host: &HostIdentity,
    out: &mut dyn Write,
) -> Result<ExportSummary, ExportError> {
    let mut summary = ExportSummary::default();
    for id in store::filtered_game_ids(conn, filter)? {
        match archive_board(conn, id, host) {
            Ok(pgn) => {
                if summary.written > 0 {
                    out.write_all(b"\n")?;
                }
                out.write_all(pgn.as_bytes())?;
                summary.written += 1;
            }
            // A damaged row is this board's fault; any other store error
            // would fail every board after it too.
            Err(ArchiveError::Store(err)) if !matches!(err, StoreError::Corrupt(_)) => {
                return Err(err.into())
            }
            Err(err) => summary.skipped.push((id, err)),
        }
    }
    out.flush()?;
    Ok(summary)
}

/// The first moment of a UTC day given as `YYYY-MM-DD` (seconds since
/// the epoch), for `--since`.
pub(crate) fn day_start(text: &str) -> Result<i64, String> {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map(|day| day.and_time(chrono::NaiveTime::MIN).and_utc().timestamp())
        .map_err(|_| format!("{text:?} is not a day like 2027-03-01"))
}

#[cfg(test)]
mod tests {
    use super::day_start;

    #[test]
    fn archive_since_reads_a_day_as_its_first_second_in_utc() {
        assert_eq!(day_start("2027-03-01"), Ok(1_803_859_200));
        assert!(day_start("2027-3-1x").is_err());
        assert!(day_start("yesterday").is_err());
    }
}
