//! A consistent copy of the database while the host runs, through
//! SQLite's online backup: pages are copied in steps, and a write by the
//! host between steps restarts the copy from a consistent point.

use super::{Store, StoreResult};
use rusqlite::backup::Backup;
use rusqlite::Connection;
use std::path::Path;
use std::time::Duration;

/// Pages copied per step; the host may write between steps.
const PAGES_PER_STEP: i32 = 256;

impl Store {
    /// Writes a consistent copy of the database to `path` (replacing what
    /// is there).
    pub(crate) fn backup_to(&self, path: &Path) -> StoreResult<()> {
        let mut copy = Connection::open(path)?;
        let backup = Backup::new(&self.conn, &mut copy)?;
        backup.run_to_completion(PAGES_PER_STEP, Duration::from_millis(5), None)?;
        Ok(())
    }
}
