//! The pure rules around the games: time controls and a side's clock,
//! Glicko-2 ratings, a ladder's order, round-robin and Swiss pairings,
//! knockout brackets and matches, leagues' promotion and relegation,
//! standings and tie-breaks, the FIDE report file, and the score of a
//! finished game. Like the games, they know nothing of mail or SQL: they
//! import only `games`.

pub(crate) mod knockout;
pub mod ladder;
pub mod ladder_rules;
pub(crate) mod league_rules;
pub(crate) mod rating;
pub(crate) mod round_robin;
pub mod score;
pub(crate) mod side_clock;
pub(crate) mod standings;
pub mod swiss;
pub(crate) mod switches;
pub(crate) mod time_control;
pub mod tournament_rules;
pub mod trf;
