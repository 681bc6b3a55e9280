//! Reading a mail into requests: the command grammar, the normalising of
//! move text, which commands a mail carries, and where its secrets stand.
//! This stage reads the store (a reply's token, a board's game) but never
//! writes it.

pub mod grammar;
pub mod interpret;
pub mod kept;
pub mod normalise;
pub mod redact;
