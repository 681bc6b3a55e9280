//! Keeping accounts safe: passwords kept only as argon2 hashes, chosen
//! hard to guess, the limits on guessing them, and which userids may be
//! taken.

pub(crate) mod guard;
pub(crate) mod lapse;
pub mod password;
pub(crate) mod strength;
pub(crate) mod userid;
