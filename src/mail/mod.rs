//! Mail in and out: reading a raw message, cleaning its text, the
//! Maildir the host watches, threading ids, and the outgoing transport.

pub mod clean;
pub mod compose;
pub mod inbound;
pub mod maildir;
pub mod outbound;
pub mod threading;
