//! `[ratings]`, `[ladders]` and `[tournaments]`: Glicko-2's starting
//! values and periods, how far up a ladder challenge may reach and when
//! absent players drop, how many players a tournament takes, and how
//! each counts an aborted game.

use crate::host::competition::{
    CompetitionSettings, LadderSettings, RatingSettings, TournamentSettings,
};
use crate::rules::score::AbortRule;
use crate::rules::time_control::parse_length;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RatingsSection {
    rating: Option<f64>,
    deviation: Option<f64>,
    volatility: Option<f64>,
    tau: Option<f64>,
    period_days: Option<i64>,
    provisional_above: Option<f64>,
    inactive_days: Option<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LaddersSection {
    reach: Option<usize>,
    /// Days without a ladder game before a player drops a place; 0: never.
    inactive_days: Option<i64>,
    /// A ladder challenge's time per move when its control sets none.
    forfeittime: Option<String>,
    /// How an aborted ladder game counts: `loss` or `void`.
    aborted: Option<String>,
    /// The most ladders one player directs at once.
    max_per_director: Option<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TournamentsSection {
    max_players: Option<usize>,
    /// How an aborted tournament game counts: `loss` or `void`.
    aborted: Option<String>,
    /// The most tournaments one player organises at once.
    max_per_organiser: Option<usize>,
}

/// An event's rule for aborted games, by its name in the config.
fn abort_rule(
    key: &'static str,
    given: &Option<String>,
) -> Result<AbortRule, (&'static str, String)> {
    match given.as_deref() {
        None => Ok(AbortRule::default()),
        Some(name) => AbortRule::from_name(name).ok_or_else(|| {
            (
                key,
                format!("{name:?} is not a rule for aborted games: use \"loss\" or \"void\""),
            )
        }),
    }
}

const DAY: i64 = 24 * 3600;

pub(super) fn competition_settings(
    ratings: &RatingsSection,
    ladders: &LaddersSection,
    tournaments: &TournamentsSection,
) -> Result<CompetitionSettings, (&'static str, String)> {
    let defaults = RatingSettings::default();
    let rating_settings = RatingSettings {
        rating: ratings.rating.unwrap_or(defaults.rating),
        deviation: ratings.deviation.unwrap_or(defaults.deviation),
        volatility: ratings.volatility.unwrap_or(defaults.volatility),
        tau: ratings.tau.unwrap_or(defaults.tau),
        period_days: ratings.period_days.unwrap_or(defaults.period_days),
        provisional_above: ratings
            .provisional_above
            .unwrap_or(defaults.provisional_above),
        inactive_days: ratings.inactive_days.unwrap_or(defaults.inactive_days),
    };
    rating_settings.check().map_err(|(key, problem)| {
        let key = match key {
            "deviation" => "ratings.deviation",
            "volatility" => "ratings.volatility",
            "tau" => "ratings.tau",
            "rating" => "ratings.rating",
            "period_days" => "ratings.period_days",
            _ => "ratings.inactive_days",
        };
        (key, problem)
    })?;
    Ok(CompetitionSettings {
        ratings: rating_settings,
        ladders: ladder_settings(ladders)?,
        tournaments: tournament_settings(tournaments)?,
    })
}

/// A count of events one player may run, 1 to 100, `default` unless
/// given.
fn most_events(
    key: &'static str,
    given: Option<usize>,
    default: usize,
) -> Result<usize, (&'static str, String)> {
    match given {
        None => Ok(default),
        Some(most) if (1..=100).contains(&most) => Ok(most),
        Some(most) => Err((key, format!("{most} is out of range: use 1 to 100"))),
    }
}

fn ladder_settings(ladders: &LaddersSection) -> Result<LadderSettings, (&'static str, String)> {
    let ladder_defaults = LadderSettings::default();
    let reach = ladders.reach.unwrap_or(ladder_defaults.reach);
    if !(1..=100).contains(&reach) {
        return Err((
            "ladders.reach",
            format!("{reach} is out of range: use 1 to 100"),
        ));
    }
    let inactive_after = match ladders.inactive_days {
        None => ladder_defaults.inactive_after,
        Some(0) => None,
        Some(days) if (1..=3650).contains(&days) => Some(days * DAY),
        Some(days) => {
            return Err((
                "ladders.inactive_days",
                format!("{days} is out of range: use 1 to 3650, or 0 for never"),
            ))
        }
    };
    let forfeit_after = match &ladders.forfeittime {
        None => ladder_defaults.forfeit_after,
        Some(text) => {
            parse_length(text).map_err(|problem| ("ladders.forfeittime", problem.to_string()))?
        }
    };
    Ok(LadderSettings {
        reach,
        inactive_after,
        forfeit_after,
        aborted: abort_rule("ladders.aborted", &ladders.aborted)?,
        max_per_director: most_events(
            "ladders.max_per_director",
            ladders.max_per_director,
            ladder_defaults.max_per_director,
        )?,
    })
}

fn tournament_settings(
    tournaments: &TournamentsSection,
) -> Result<TournamentSettings, (&'static str, String)> {
    let max_players = tournaments
        .max_players
        .unwrap_or(TournamentSettings::default().max_players);
    if !(2..=64).contains(&max_players) {
        return Err((
            "tournaments.max_players",
            format!("{max_players} is out of range: use 2 to 64"),
        ));
    }
    Ok(TournamentSettings {
        max_players,
        aborted: abort_rule("tournaments.aborted", &tournaments.aborted)?,
        max_per_organiser: most_events(
            "tournaments.max_per_organiser",
            tournaments.max_per_organiser,
            TournamentSettings::default().max_per_organiser,
        )?,
    })
}
