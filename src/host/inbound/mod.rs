//! Reading a mail into requests: the command grammar, the normalising of
//! move text, what the grammar reads in a mail (`parse`, pure, once per
//! mail), which commands a mail carries (`interpret`), and where its
//! secrets stand. This stage reads the store (a reply's token, a board's
//! game) but never writes it.

pub mod grammar;
pub(crate) mod interpret;
pub(crate) mod kept;
pub(crate) mod normalise;
pub(crate) mod parse;
pub(crate) mod redact;
