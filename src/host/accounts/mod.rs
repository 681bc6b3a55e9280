//! Keeping accounts safe: passwords kept only as argon2 hashes, chosen
//! hard to guess, and the limits on guessing them.

pub mod guard;
pub mod password;
pub mod strength;
