//! Mail in and out, knowing nothing of games or commands. `inbound` reads
//! a raw message (its sender, ids, subject and cleaned text), screens
//! what must not be answered, and keeps the Maildir the host watches and
//! the folder of mail set aside; `outbound` builds messages from outbox
//! rows and hands them to a transport. `threading` makes and reads the
//! ids both sides use, and `address` the one rule of which addresses
//! the host takes mail from and sends to.

pub(crate) mod address;
pub mod inbound;
pub mod outbound;
pub(crate) mod threading;
