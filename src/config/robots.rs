//! `[robots]`: whether the robot opponents play, and how long each may
//! think about a move.

use super::parse_duration;
use crate::host::robots::RobotSettings;
use serde::Deserialize;
use std::time::Duration;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RobotsSection {
    enabled: Option<bool>,
    think: Option<String>,
}

pub(super) fn robot_settings(
    section: &RobotsSection,
) -> Result<RobotSettings, (&'static str, String)> {
    let defaults = RobotSettings::default();
    let think = match &section.think {
        None => defaults.think,
        Some(text) => {
            let think = parse_duration(text).map_err(|problem| ("robots.think", problem))?;
            if !(Duration::from_millis(10)..=Duration::from_secs(600)).contains(&think) {
                return Err((
                    "robots.think",
                    format!("{text:?} is out of range: use 10ms to 10m"),
                ));
            }
            think
        }
    };
    Ok(RobotSettings {
        enabled: section.enabled.unwrap_or(defaults.enabled),
        think,
    })
}
