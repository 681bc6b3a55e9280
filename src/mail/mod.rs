//! Mail in and out: reading a raw message, screening what must not be
//! answered, cleaning its text, the Maildir the host watches and the
//! folder of mail it set aside, threading ids, building outgoing
//! messages, the transports and the outbox sender.

pub mod clean;
pub mod compose;
pub mod failed;
pub mod imap;
pub mod inbound;
pub mod maildir;
pub mod outbound;
pub mod raw;
pub mod screen;
pub mod sender;
pub mod threading;
pub mod transport;
pub mod watch;
