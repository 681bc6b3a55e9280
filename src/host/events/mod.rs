//! The events: ladders, tournaments and leagues, everything about them
//! in one room. `ladder` is a ladder as the host runs it (its climbs and
//! drops, its listing, its players' and director's verbs); `tournament` a
//! tournament (its verbs, door, rules, progress and table) and `format`
//! how each format pairs and ends (one file per format behind one
//! trait); `league` a league's seasons of divisions; `door` who may be a
//! player of any event; `director` the one director's verbs and rulings,
//! for a player who directs and for the operator alike; `log`
//! each event's append-only log, `logbook` its reading by mail; `ending`
//! what a game's end changes beyond its board; `lists` the lists of a
//! game type's events.
//!
//! The pure rules (`rules::ladder`, `rules::round_robin`,
//! `rules::knockout`, `rules::score`) know nothing of the store; this
//! room keeps them in step with it and says who must hear of a change.

pub(crate) mod director;
pub(crate) mod door;
pub(crate) mod ending;
pub mod format;
pub mod ladder;
pub mod league;
pub mod lists;
pub mod log;
pub mod logbook;
pub mod tournament;

pub(crate) use ending::{end_game, forget_player, game_ended, mark_over, told_over};
