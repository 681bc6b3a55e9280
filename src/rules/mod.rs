//! The pure rules around the games: time controls and a side's clock,
//! Glicko-2 ratings, a ladder's order, round-robin and Swiss pairings,
//! knockout brackets and matches, leagues' promotion and relegation,
//! standings and tie-breaks, the FIDE report file, and the score of a
//! finished game. Like the games, they know nothing of mail or SQL: they
//! import only `games`.

pub mod knockout;
pub mod ladder;
pub mod ladder_rules;
pub mod league_rules;
pub mod rating;
pub mod round_robin;
pub mod score;
pub mod side_clock;
pub mod standings;
pub mod swiss;
pub mod switches;
pub mod time_control;
pub mod tournament_rules;
pub mod trf;
