//! Glicko-2 ratings (Glickman's system) through the `skillratings` crate:
//! each rated game is one rating period for its two players, and a
//! player's deviation grows once per period of the configured length
//! that passes without a rated game.

use super::score::Score;
use skillratings::glicko2::{decay_deviation, glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

const DAY: i64 = 24 * 3600;

/// A player's rating in one game type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rating {
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) volatility: f64,
}

/// How ratings are kept; every value is in the config.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RatingSettings {
    /// A newcomer's rating, deviation and volatility.
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) volatility: f64,
    /// Glicko-2's τ: how fast volatility may change.
    pub(crate) tau: f64,
    /// The deviation grows once per this many days without a rated game.
    pub(crate) period_days: i64,
    /// A player whose deviation is above this is provisional.
    pub(crate) provisional_above: f64,
    /// Players without a rated game for this many days are left out of
    /// the standings unless all are asked for.
    pub(crate) inactive_days: i64,
}

impl Default for RatingSettings {
    fn default() -> Self {
        RatingSettings {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            tau: 0.5,
            period_days: 30,
            provisional_above: 110.0,
            inactive_days: 180,
        }
    }
}

impl RatingSettings {
    /// What is wrong with these settings, if anything: (key, problem).
    pub(crate) fn check(&self) -> Result<(), (&'static str, String)> {
        let positive = [
            ("deviation", self.deviation),
            ("volatility", self.volatility),
            ("tau", self.tau),
        ];
        for (key, value) in positive {
            if !(value.is_finite() && value > 0.0) {
                return Err((key, format!("{value} must be a number above 0")));
            }
        }
        if !self.rating.is_finite() {
            return Err(("rating", "must be a number".into()));
        }
        if !(1..=3650).contains(&self.period_days) {
            return Err(("period_days", "must be 1 to 3650 days".into()));
        }
        if !(1..=36500).contains(&self.inactive_days) {
            return Err(("inactive_days", "must be 1 to 36500 days".into()));
        }
        Ok(())
    }

    /// A player's rating before his first rated game.
    pub(crate) fn newcomer(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn config(&self) -> Glicko2Config {
        Glicko2Config {
            tau: self.tau,
            ..Glicko2Config::new()
        }
    }

    /// A rating `elapsed` seconds after its player's last rated game: the
    /// deviation grown once per whole period, never past a newcomer's.
    pub(crate) fn aged(&self, rating: Rating, elapsed: i64) -> Rating {
        let periods = elapsed.max(0) / (self.period_days * DAY);
        let cap = self.deviation.max(rating.deviation);
        let mut current = to_glicko(rating);
        for _ in 0..periods {
            if current.deviation >= cap {
                break;
            }
            current = decay_deviation(&current);
        }
        let mut aged = from_glicko(current);
        aged.deviation = aged.deviation.min(cap);
        aged
    }

    /// Both players' ratings after one rated game, as one rating period.
    pub(crate) fn rate_game(&self, white: Rating, black: Rating, score: Score) -> (Rating, Rating) {
        let outcome = match score {
            Score::WhiteWins => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::BlackWins => Outcomes::LOSS,
        };
        let (white, black) = glicko2(
            &to_glicko(white),
            &to_glicko(black),
            &outcome,
            &self.config(),
        );
        (from_glicko(white), from_glicko(black))
    }

    /// A player's rating after a period of several games, each against an
    /// opponent with a result from the player's side (1, ½ or 0 as
    /// `Score::WhiteWins`, `Draw`, `BlackWins`, the player being White).
    #[cfg(test)]
    pub(crate) fn rate_period(&self, player: Rating, games: &[(Rating, Score)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = games
            .iter()
            .map(|(opponent, score)| {
                let outcome = match score {
                    Score::WhiteWins => Outcomes::WIN,
                    Score::Draw => Outcomes::DRAW,
                    Score::BlackWins => Outcomes::LOSS,
                };
                (to_glicko(*opponent), outcome)
            })
            .collect();
        from_glicko(skillratings::glicko2::glicko2_rating_period(
            &to_glicko(player),
            &results,
            &self.config(),
        ))
    }

    pub(crate) fn is_provisional(&self, rating: &Rating) -> bool {
        rating.deviation > self.provisional_above
    }
}

fn to_glicko(rating: Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

fn from_glicko(rating: Glicko2Rating) -> Rating {
    Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickmans_worked_example_gives_1464_06_and_151_52() {
        let settings = RatingSettings::default();
        let after = settings.rate_period(
            rating(1500.0, 200.0),
            &[
                (rating(1400.0, 30.0), Score::WhiteWins),
                (rating(1550.0, 100.0), Score::BlackWins),
                (rating(1700.0, 300.0), Score::BlackWins),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.0001, "{after:?}");
    }

    #[test]
    fn two_newcomers_first_game_won_by_white_gives_1662_3_and_1337_7() {
        let settings = RatingSettings::default();
        let newcomer = settings.newcomer();
        let (white, black) = settings.rate_game(newcomer, newcomer, Score::WhiteWins);
        assert!((white.rating - 1662.3).abs() < 0.05, "{white:?}");
        assert!((black.rating - 1337.7).abs() < 0.05, "{black:?}");
        assert!(settings.is_provisional(&white));
        let (white, black) = settings.rate_game(newcomer, newcomer, Score::Draw);
        assert!((white.rating - 1500.0).abs() < 1e-9 && (black.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn deviation_grows_once_per_period_without_games_and_stops_at_a_newcomers() {
        let settings = RatingSettings::default();
        let settled = rating(1800.0, 60.0);
        let period = settings.period_days * DAY;
        assert_eq!(settings.aged(settled, period - 1), settled);
        let one = settings.aged(settled, period);
        let two = settings.aged(settled, 2 * period);
        assert!(one.deviation > 60.0 && two.deviation > one.deviation);
        assert_eq!(one.rating, 1800.0);
        let forever = settings.aged(settled, 100_000 * period);
        assert_eq!(forever.deviation, settings.deviation);
    }

    #[test]
    fn broken_settings_are_named() {
        let settings = RatingSettings {
            tau: 0.0,
            ..RatingSettings::default()
        };
        assert_eq!(settings.check().unwrap_err().0, "tau");
        assert!(RatingSettings::default().check().is_ok());
    }
}
