//! Keeping accounts safe: passwords kept only as argon2 hashes, chosen
//! hard to guess, the limits on guessing them, and which userids may be
//! taken.

pub mod guard;
pub mod lapse;
pub mod password;
pub mod strength;
pub mod userid;
