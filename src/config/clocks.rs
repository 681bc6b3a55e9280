//! `[clocks]`: the time control of boards whose challenge names none, for
//! every game and per game (`[clocks.chess]`), and the yearly vacation
//! allowance.

use crate::games::GameKind;
use crate::host::clocks::{ClockSettings, VACATION_DAYS};
use serde::Deserialize;

/// One set of time options, written as in a challenge (`"7"`, `"36h"`,
/// `"30d+1d/45d"`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TimeOptions {
    nagtime: Option<String>,
    forfeittime: Option<String>,
    totaltime: Option<String>,
    time: Option<String>,
}

impl TimeOptions {
    fn options(&self) -> Vec<String> {
        [
            ("--nagtime", &self.nagtime),
            ("--forfeittime", &self.forfeittime),
            ("--totaltime", &self.totaltime),
            ("--time", &self.time),
        ]
        .into_iter()
        .filter_map(|(name, value)| value.as_ref().map(|value| format!("{name}={value}")))
        .collect()
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ClocksSection {
    #[serde(flatten)]
    all: TimeOptions,
    vacation_days: Option<i64>,
    #[serde(default)]
    chess: TimeOptions,
    #[serde(default)]
    progression: TimeOptions,
    #[serde(default)]
    recursion: TimeOptions,
    #[serde(default)]
    spherical: TimeOptions,
}

pub(super) fn clock_settings(
    section: &ClocksSection,
) -> Result<ClockSettings, (&'static str, String)> {
    let per_game = [
        (GameKind::Chess, &section.chess),
        (GameKind::Progression, &section.progression),
        (GameKind::Recursion, &section.recursion),
        (GameKind::Spherical, &section.spherical),
    ];
    let vacation_days = section.vacation_days.unwrap_or(VACATION_DAYS);
    if !(0..=366).contains(&vacation_days) {
        return Err((
            "clocks.vacation_days",
            format!("{vacation_days} is out of range: use 0 to 366"),
        ));
    }
    let settings = ClockSettings {
        options: section.all.options(),
        per_game: per_game
            .iter()
            .map(|(kind, options)| (*kind, options.options()))
            .filter(|(_, options)| !options.is_empty())
            .collect(),
        vacation_days,
    };
    for kind in GameKind::ALL {
        settings
            .try_control(kind)
            .map_err(|problem| ("clocks", format!("[clocks] for {}: {problem}", kind.name())))?;
    }
    Ok(settings)
}
