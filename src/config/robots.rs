//! `[robots]`: whether the robot opponents play, how long each may think
//! about a move, and how long all robot moves of one look may take.

use super::duration::parse_duration;
use crate::host::RobotSettings;
use serde::Deserialize;
use std::time::Duration;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RobotsSection {
    enabled: Option<bool>,
    think: Option<String>,
    budget: Option<String>,
}

/// A duration of `key` from 10 ms to `most`, or the default.
fn duration(
    key: &'static str,
    text: Option<&String>,
    default: Duration,
    (most, most_text): (Duration, &str),
) -> Result<Duration, (&'static str, String)> {
    let Some(text) = text else {
        return Ok(default);
    };
    let value = parse_duration(text).map_err(|problem| (key, problem))?;
    if !(Duration::from_millis(10)..=most).contains(&value) {
        return Err((
            key,
            format!("{text:?} is out of range: use 10ms to {most_text}"),
        ));
    }
    Ok(value)
}

pub(super) fn robot_settings(
    section: &RobotsSection,
) -> Result<RobotSettings, (&'static str, String)> {
    let defaults = RobotSettings::default();
    let think = duration(
        "robots.think",
        section.think.as_ref(),
        defaults.think,
        (Duration::from_secs(600), "10m"),
    )?;
    let budget = duration(
        "robots.budget",
        section.budget.as_ref(),
        defaults.budget,
        (Duration::from_secs(3600), "1h"),
    )?;
    Ok(RobotSettings {
        enabled: section.enabled.unwrap_or(defaults.enabled),
        think,
        budget,
    })
}
