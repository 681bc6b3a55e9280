//! Keeping accounts safe: passwords kept only as argon2 hashes, and the
//! limits on guessing them.

pub mod guard;
pub mod password;
