//! Transports: the ways a finished message leaves the host. Each one
//! says, when it fails, whether the message itself was refused for good,
//! may go later, or whether the transport could not be reached at all;
//! the outbox sender decides what to do with that.

pub(crate) mod file;
pub(crate) mod scrub;
pub(crate) mod sendmail;
pub(crate) mod smtp;

use lettre::address::Envelope;

pub(crate) use file::FileTransport;
pub(crate) use sendmail::SendmailTransport;
pub use smtp::{SmtpSettings, SmtpTransport, TlsMode};

/// A message ready to go: its outbox row, envelope and RFC 5322 bytes.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub(crate) id: i64,
    pub(crate) envelope: Envelope,
    pub(crate) bytes: Vec<u8>,
}

/// How a send failed, which decides what happens to the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FailureKind {
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
    pub(crate) kind: FailureKind,
    pub(crate) reason: String,
}

impl SendError {
    pub(crate) fn new(kind: FailureKind, reason: impl Into<String>) -> SendError {
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
