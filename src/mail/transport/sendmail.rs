//! The sendmail transport: each message is piped to the local MTA's
//! `sendmail -i -f FROM -- TO` (lettre's), which queues it and does its
//! own retries.

use super::{FailureKind, Outgoing, SendError, Transport};
use lettre::Transport as _;
use std::path::{Path, PathBuf};

pub struct SendmailTransport {
    command: PathBuf,
    inner: lettre::SendmailTransport,
}

impl SendmailTransport {
    pub fn new(command: &Path) -> SendmailTransport {
        SendmailTransport {
            command: command.to_path_buf(),
            inner: lettre::SendmailTransport::new_with_command(command),
        }
    }
}

impl Transport for SendmailTransport {
    fn send(&self, mail: &Outgoing) -> Result<(), SendError> {
        // sendmail reports failure only through its exit status and
        // stderr, with no way to tell a bad address from a full queue, so
        // every failure waits and is retried until the give-up time.
        self.inner
            .send_raw(&mail.envelope, &mail.bytes)
            .map_err(|err| {
                SendError::new(
                    FailureKind::Unavailable,
                    format!("{} failed: {err}", self.command.display()),
                )
            })
    }

    fn parallel_sends(&self) -> usize {
        // Each send is its own process; a few at once keep a local MTA
        // busy without flooding it.
        4
    }

    fn describe(&self) -> String {
        format!("sendmail ({})", self.command.display())
    }
}
