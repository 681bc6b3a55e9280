//! Mail in from an IMAP mailbox: the settings, the few mailbox operations
//! the host needs (as a trait of its own, so the client crate behind it can
//! be swapped), and the adapter over the `imap` crate in `client`.
//!
//! Nothing here decides when a mail counts as handled: the daemon fetches
//! with `BODY.PEEK` (nothing is marked read), stores what a mail causes,
//! and only after that commit tells the mailbox to move or flag it.

mod bounds;
mod client;
pub(crate) mod credentials;
mod stream;

pub use bounds::{PassedBound, ANSWER_BYTES, PER_MESSAGE};
pub use client::{connect, ImapSession};
pub use credentials::Credentials;
pub(crate) use stream::Cutter;

use std::path::PathBuf;
use std::time::Duration;

/// An IMAP operation that failed, with the server's words when it said NO.
#[derive(Debug, thiserror::Error)]
pub enum ImapError {
    #[error("cannot connect to {server}: {source}")]
    Connect {
        server: String,
        source: std::io::Error,
    },
    #[error("TLS with {server}: {message}")]
    Tls { server: String, message: String },
    #[error("{server} refused the login of {user}: {message}")]
    Login {
        server: String,
        user: String,
        message: String,
    },
    #[error("the {which} command failed: {message}")]
    Command {
        which: &'static str,
        message: String,
    },
    #[error("{0}")]
    Credentials(String),
    #[error("the server does not offer {0}")]
    Unsupported(&'static str),
    #[error("{command}: {source}")]
    Imap {
        command: &'static str,
        source: Box<imap::Error>,
    },
}

impl ImapError {
    /// Whether the server's answer passed its byte budget
    /// ([`PassedBound`]): the fault of what it sent, not of the network.
    pub fn passed_its_bound(&self) -> bool {
        let ImapError::Imap { source, .. } = self else {
            return false;
        };
        let imap::Error::Io(io) = source.as_ref() else {
            return false;
        };
        io.get_ref()
            .is_some_and(|inner| inner.downcast_ref::<PassedBound>().is_some())
    }

    pub(crate) fn imap(command: &'static str) -> impl FnOnce(imap::Error) -> ImapError {
        move |source| ImapError::Imap {
            command,
            source: Box::new(source),
        }
    }
}

/// How the connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImapTls {
    /// TLS from the first byte (port 993).
    Implicit,
    /// Plain, upgraded with STARTTLS before the login (port 143).
    StartTls,
    /// No TLS at all: only for a server on this machine.
    None,
}

impl ImapTls {
    pub(crate) const NAMES: &'static str = "\"implicit\", \"starttls\" or \"none\"";

    pub(crate) fn from_name(name: &str) -> Option<ImapTls> {
        match name {
            "implicit" => Some(ImapTls::Implicit),
            "starttls" => Some(ImapTls::StartTls),
            "none" => Some(ImapTls::None),
            _ => None,
        }
    }

    pub(crate) fn default_port(self) -> u16 {
        match self {
            ImapTls::Implicit => 993,
            ImapTls::StartTls | ImapTls::None => 143,
        }
    }
}

/// What becomes of a mail on the server once what it caused is committed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterHandling {
    /// Moved to this folder (created when missing).
    MoveTo(String),
    /// Flagged `\Seen`, left where it is.
    Seen,
    /// Flagged `\Deleted` and expunged.
    Delete,
}

impl AfterHandling {
    /// The `UID SEARCH` criteria of the mails not yet handled: a folder
    /// mails are moved out of holds none but those.
    pub(crate) fn waiting_criteria(&self) -> &'static str {
        match self {
            AfterHandling::MoveTo(_) => "ALL",
            AfterHandling::Seen => "UNSEEN",
            AfterHandling::Delete => "UNDELETED",
        }
    }
}

/// `[inbound.imap]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImapSettings {
    pub host: String,
    pub port: u16,
    pub tls: ImapTls,
    /// A PEM certificate to trust besides the usual roots (a server with
    /// a certificate of its own making).
    pub ca_file: Option<PathBuf>,
    pub user: String,
    pub credentials: Credentials,
    pub folder: String,
    pub after: AfterHandling,
    /// How often the folder is looked at when the server offers no IDLE.
    pub poll_interval: Duration,
    /// Whether IDLE is used when the server offers it.
    pub idle: bool,
    /// An IDLE is ended and issued anew after this long (RFC 2177 asks for
    /// less than 29 minutes).
    pub idle_renew: Duration,
    /// How long a command may wait for the server's whole answer (a
    /// fetch longer, for its bytes).
    pub timeout: Duration,
}

impl ImapSettings {
    /// Names the mailbox for the cursor kept in the database: server,
    /// user and folder.
    pub(crate) fn mailbox_key(&self) -> String {
        format!(
            "imap://{}@{}:{}/{}",
            self.user, self.host, self.port, self.folder
        )
    }
}

/// What `SELECT` tells about a folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selected {
    pub(crate) uidvalidity: u32,
    pub(crate) exists: u32,
}

/// How much of a message a fetch brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The whole message (`BODY.PEEK[]`).
    Whole,
    /// Its header block only (`BODY.PEEK[HEADER]`), for one over the limit.
    Header,
}

/// How an IDLE ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Idled {
    /// The server told of a change (new mail, most likely).
    Changed,
    /// The time was up without news.
    TimedOut,
}

/// The mailbox operations IMAP intake needs. Every UID list is sorted.
pub trait Mailbox {
    fn select(&mut self, folder: &str) -> Result<Selected, ImapError>;
    /// `UID SEARCH` with `criteria`, the UIDs ascending.
    fn search(&mut self, criteria: &str) -> Result<Vec<u32>, ImapError>;
    /// Each message's `RFC822.SIZE`, by UID.
    fn sizes(&mut self, uids: &[u32]) -> Result<Vec<(u32, u64)>, ImapError>;
    /// Messages (or their headers) fetched with `BODY.PEEK`, so nothing is
    /// marked read; each UID with the bytes it may take (its announced
    /// size, cut to the host's limit): an answer beyond is an error.
    fn fetch(
        &mut self,
        wanted: &[(u32, u64)],
        part: Part,
    ) -> Result<Vec<(u32, Vec<u8>)>, ImapError>;
    /// Creates `folder` unless it exists.
    fn ensure_folder(&mut self, folder: &str) -> Result<(), ImapError>;
    /// Moves messages to `folder` (MOVE, or COPY, `\Deleted` and expunge).
    fn move_to(&mut self, uids: &[u32], folder: &str) -> Result<(), ImapError>;
    /// Adds a flag such as `\Seen` or `\Deleted`.
    fn add_flag(&mut self, uids: &[u32], flag: &str) -> Result<(), ImapError>;
    /// Expunges these messages (those flagged `\Deleted`).
    fn expunge(&mut self, uids: &[u32]) -> Result<(), ImapError>;
    /// Whether the server offers IDLE.
    fn can_idle(&self) -> bool;
    /// Waits in IDLE for news about the selected folder, `timeout` at most.
    fn idle(&mut self, timeout: Duration) -> Result<Idled, ImapError>;
    /// Ends the session politely (LOGOUT); errors are of no interest.
    fn logout(&mut self);
}

/// UIDs as IMAP sequence sets of at most `per_set` runs each ("3:7,9"),
/// so no command line grows without bound.
pub(crate) fn uid_sets(uids: &[u32], per_set: usize) -> Vec<String> {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &uid in uids {
        match runs.last_mut() {
            Some((_, end)) if end.checked_add(1) == Some(uid) => *end = uid,
            _ => runs.push((uid, uid)),
        }
    }
    runs.chunks(per_set.max(1))
        .map(|chunk| {
            chunk
                .iter()
                .map(|&(start, end)| {
                    if start == end {
                        start.to_string()
                    } else {
                        format!("{start}:{end}")
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uid_sets_join_runs_and_split_long_lists() {
        assert_eq!(uid_sets(&[1, 2, 3, 5, 7, 8], 10), vec!["1:3,5,7:8"]);
        assert_eq!(uid_sets(&[1, 3, 5], 2), vec!["1,3", "5"]);
        assert!(uid_sets(&[], 5).is_empty());
        assert_eq!(
            uid_sets(&[u32::MAX - 1, u32::MAX], 5),
            vec!["4294967294:4294967295"]
        );
    }

    #[test]
    fn the_mailbox_key_names_server_user_and_folder() {
        let settings = ImapSettings {
            host: "imap.example.org".into(),
            port: 993,
            tls: ImapTls::Implicit,
            ca_file: None,
            user: "games@example.org".into(),
            credentials: Credentials::Password("x".into()),
            folder: "INBOX".into(),
            after: AfterHandling::Seen,
            poll_interval: Duration::from_secs(60),
            idle: true,
            idle_renew: Duration::from_secs(600),
            timeout: Duration::from_secs(30),
        };
        assert_eq!(
            settings.mailbox_key(),
            "imap://games@example.org@imap.example.org:993/INBOX"
        );
    }
}
