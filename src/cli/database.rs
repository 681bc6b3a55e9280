//! The data directory's database as the commands that only read open it.

use crate::config::Config;
use crate::store::Store;
use anyhow::{bail, Context, Result};

/// The data directory's database, which a command that only reads needs
/// to exist already.
pub(super) fn existing_store(config: &Config) -> Result<Store> {
    if !config.database.exists() {
        bail!(
            "no database at {}: the host has not run with this data directory",
            config.database.display()
        );
    }
    Store::open(&config.database).with_context(|| format!("opening {}", config.database.display()))
}
