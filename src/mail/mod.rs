//! Mail in and out: reading a raw message, cleaning its text, the
//! Maildir the host watches, threading ids, building outgoing messages,
//! the transports and the outbox sender.

pub mod clean;
pub mod compose;
pub mod inbound;
pub mod maildir;
pub mod outbound;
pub mod sender;
pub mod threading;
pub mod transport;
