//! Transports: the ways a finished message leaves the host. Each one
//! says, when it fails, whether the message itself was refused for good,
//! may go later, or whether the transport could not be reached at all;
//! the outbox sender decides what to do with that.

pub mod file;
pub mod scrub;
pub mod sendmail;
pub mod smtp;

use lettre::address::Envelope;

pub use file::FileTransport;
pub use sendmail::SendmailTransport;
pub use smtp::{SmtpSettings, SmtpTransport, TlsMode};

/// A message ready to go: its outbox row, envelope and RFC 5322 bytes.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub id: i64,
    pub envelope: Envelope,
    pub bytes: Vec<u8>,
}

/// How a send failed, which decides what happens to the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The receiving side refused this message for good (SMTP 5xx): it
    /// is set aside and reported, and the other rows still go out.
    Rejected,
    /// This message may be accepted later (SMTP 4xx): it waits.
    Deferred,
    /// The transport could not be reached or broke down (connection
    /// refused, TLS, authentication, a dead sendmail): the message waits
    /// and the sender pauses instead of trying every other row.
    Unavailable,
}

/// A send that did not hand the message over.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct SendError {
    pub kind: FailureKind,
    pub reason: String,
}

impl SendError {
    pub fn new(kind: FailureKind, reason: impl Into<String>) -> SendError {
        SendError {
            kind,
            reason: reason.into(),
        }
    }
}

/// Something that takes finished messages away. `send` may be called
/// from several threads at once, up to `parallel_sends` of them.
pub trait Transport: Send + Sync {
    /// Hands one message over; `Ok` only once the other side has taken
    /// responsibility for it.
    fn send(&self, mail: &Outgoing) -> Result<(), SendError>;

    /// How many sends the outbox sender may run at the same time.
    fn parallel_sends(&self) -> usize {
        1
    }

    /// What the operator sees in the log ("SMTP to mail.example.org:587").
    fn describe(&self) -> String;
}
