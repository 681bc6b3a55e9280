//! Mail out: an outbox row becomes an RFC 5322 message (built with
//! lettre) and goes through a transport. The sender marks a row sent only
//! after the transport took it.

use crate::store::{self, OutboxRow, QueuedMail, StoreError};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::Mailbox;
use lettre::Message;
use rusqlite::Connection;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum OutboundError {
    #[error("outbox row {id}: cannot build the message: {reason}")]
    Build { id: i64, reason: String },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Something that takes finished messages away.
pub trait Transport {
    /// Sends one message; `outbox_id` lets a transport make sending the
    /// same row twice harmless.
    fn send(&self, outbox_id: i64, message: &Message) -> Result<(), OutboundError>;
}

/// Writes each message as one `.eml` file in a folder. File names are the
/// outbox row id, so a row sent again after a crash overwrites its own
/// file instead of making a second one, and `ls` shows mail in order.
pub struct FileTransport {
    dir: PathBuf,
}

impl FileTransport {
    pub fn new(dir: &Path) -> std::io::Result<FileTransport> {
        std::fs::create_dir_all(dir)?;
        Ok(FileTransport {
            dir: dir.to_path_buf(),
        })
    }
}

impl Transport for FileTransport {
    fn send(&self, outbox_id: i64, message: &Message) -> Result<(), OutboundError> {
        let path = self.dir.join(format!("{outbox_id:08}.eml"));
        let tmp = self.dir.join(format!(".{outbox_id:08}.eml.tmp"));
        let write = |target: &Path| -> std::io::Result<()> {
            std::fs::write(&tmp, message.formatted())?;
            std::fs::rename(&tmp, target)
        };
        write(&path).map_err(|source| OutboundError::Write { path, source })
    }
}

/// The host's own mailbox, used as From on everything it sends.
pub fn host_mailbox(name: &str, address: &str) -> Result<Mailbox, String> {
    format!("{name} <{address}>")
        .parse::<Mailbox>()
        .or_else(|_| address.parse::<Mailbox>())
        .map_err(|err| format!("{address:?} is not a usable mail address: {err}"))
}

/// Builds the message for one outbox row.
pub fn build_message(id: i64, mail: &QueuedMail, from: &Mailbox) -> Result<Message, OutboundError> {
    let build_error = |reason: String| OutboundError::Build { id, reason };
    let to: Mailbox = mail
        .recipient
        .parse()
        .map_err(|err| build_error(format!("recipient {:?}: {err}", mail.recipient)))?;
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.clone())
        .message_id(Some(format!("<{}>", mail.message_id)))
        .header(ContentType::TEXT_PLAIN);
    if let Some(parent) = &mail.in_reply_to {
        builder = builder.in_reply_to(format!("<{parent}>"));
    }
    if !mail.references.is_empty() {
        // One call with every id: a second call would replace the first.
        let references: Vec<String> = mail.references.iter().map(|id| format!("<{id}>")).collect();
        builder = builder.references(references.join(" "));
    }
    let mut message = builder
        .body(mail.body.clone())
        .map_err(|err| build_error(err.to_string()))?;
    // RFC 3834: mark the mail as automatic so well-behaved robots (vacation
    // replies) do not answer it.
    message.headers_mut().insert_raw(HeaderValue::new(
        HeaderName::new_from_ascii_str("Auto-Submitted"),
        "auto-replied".to_string(),
    ));
    Ok(message)
}

/// Sends every waiting outbox row; returns how many went out. A row that
/// cannot be built is reported and set aside; a transport failure stops
/// the run so the rest are retried next time, in order.
pub fn drain_outbox(
    conn: &Connection,
    transport: &dyn Transport,
    from: &Mailbox,
) -> Result<usize, OutboundError> {
    let mut sent = 0;
    loop {
        let rows: Vec<OutboxRow> = store::unsent(conn, 100)?;
        if rows.is_empty() {
            return Ok(sent);
        }
        for row in rows {
            let message = match build_message(row.id, &row.mail, from) {
                Ok(message) => message,
                Err(err) => {
                    eprintln!("pbem: {err}; the mail is set aside");
                    store::mark_failed(conn, row.id, &err.to_string())?;
                    continue;
                }
            };
            transport.send(row.id, &message)?;
            store::mark_sent(conn, row.id)?;
            sent += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn queued(recipient: &str, id: &str) -> QueuedMail {
        QueuedMail {
            recipient: recipient.into(),
            subject: "Chess Board 101 bob".into(),
            body: "board".into(),
            message_id: id.into(),
            in_reply_to: Some("pbem.101.a@localhost".into()),
            references: vec![
                "pbem.101.root@localhost".into(),
                "pbem.101.a@localhost".into(),
            ],
        }
    }

    #[test]
    fn unbuildable_row_is_set_aside_and_the_rest_go_out() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        store::queue_mail(conn, &queued("not an address", "pbem.1@localhost")).unwrap();
        store::queue_mail(conn, &queued("bob@example.org", "pbem.2@localhost")).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let transport = FileTransport::new(dir.path()).unwrap();
        let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
        assert_eq!(drain_outbox(conn, &transport, &from).unwrap(), 1);
        assert!(store::unsent(conn, 10).unwrap().is_empty());
        let written = std::fs::read_to_string(dir.path().join("00000002.eml")).unwrap();
        assert!(written.contains("To: bob@example.org"));
        assert!(written.contains("Message-ID: <pbem.2@localhost>"));
        assert!(written.contains("In-Reply-To: <pbem.101.a@localhost>"));
        assert!(written.contains("References: <pbem.101.root@localhost> <pbem.101.a@localhost>"));
        assert!(written.contains("Auto-Submitted: auto-replied"));
    }

    #[test]
    fn sending_a_row_again_overwrites_its_own_file() {
        let dir = tempfile::tempdir().unwrap();
        let transport = FileTransport::new(dir.path()).unwrap();
        let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
        let message =
            build_message(7, &queued("bob@example.org", "pbem.7@localhost"), &from).unwrap();
        transport.send(7, &message).unwrap();
        transport.send(7, &message).unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
