//! Correspondence clocks: each board's time control, each player's clock
//! on it, and what their time calls for (a reminder, a loss on time).
//! The pure rules of time live in `control` and `side`; this module keeps
//! them in step with the games and the store.

pub mod control;
pub mod side;
