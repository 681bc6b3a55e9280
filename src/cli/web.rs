//! `pbem web`: the read-only web view in the foreground.

use super::args::{Moment, Place};
use super::database::existing_store;
use crate::config::Config;
use crate::web::{self, SiteConfig};
use anyhow::Result;
use std::process::ExitCode;

/// Where `pbem web` listens without `--listen` or `[web] listen`.
pub(crate) const DEFAULT_LISTEN: &str = "127.0.0.1:8080";

pub(super) fn web(place: &Place, listen: Option<&str>, moment: &Moment) -> Result<ExitCode> {
    let config = place.config()?;
    // Opened (and brought up to date) once, so the web view's read-only
    // connection finds the schema it reads.
    drop(existing_store(&config)?);
    let listen = listen
        .or(config.web_listen.as_deref())
        .unwrap_or(DEFAULT_LISTEN);
    let running = web::start(site_config(&config, moment), listen)?;
    println!("web view on http://{}/", running.address);
    running.wait();
    Ok(ExitCode::SUCCESS)
}

/// The web view's settings from the host's.
pub(crate) fn site_config(config: &Config, moment: &Moment) -> SiteConfig {
    SiteConfig {
        database: config.database.clone(),
        templates: Some(config.templates.clone()),
        host: config.host.clone(),
        clock: moment.clock(),
    }
}
