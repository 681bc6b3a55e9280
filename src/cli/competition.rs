//! `pbem standings`, `pbem ladder` and `pbem tournament`: what players
//! get by mail, printed for the operator.

use super::args::{Moment, Place};
use super::database::existing_store;
use super::out;
use crate::host::operator::{report, Report};
use crate::host::outbound::render::Renderer;
use anyhow::{bail, Result};
use std::process::ExitCode;

pub(crate) fn print(place: &Place, moment: &Moment, asked: Report) -> Result<ExitCode> {
    let config = place.config()?;
    let store = existing_store(&config)?;
    let overrides = config
        .templates
        .is_dir()
        .then_some(config.templates.as_path());
    let renderer = Renderer::new(overrides)?.with_default_language(&config.host.language)?;
    let now = moment.clock().now().timestamp();
    match report(store.connection(), &config.host, &renderer, &asked, now)? {
        Some(text) => {
            out::say(format_args!("{text}"));
            Ok(ExitCode::SUCCESS)
        }
        None => {
            let (Report::Tournament { kind, name } | Report::TournamentFile { kind, name }) = asked
            else {
                bail!("nothing to report");
            };
            bail!("there is no {} tournament called {name}", kind.name())
        }
    }
}
