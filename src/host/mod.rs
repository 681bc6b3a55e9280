//! The server's logic: which commands a mail carries, what they do to the
//! games and accounts, and which mails go back. It sees games only through
//! the `Game` trait and the registry, storage only through `store`, and
//! writes mail only into the outbox.

pub mod command;
mod handle;
mod interpret;
mod live;
mod notice;
mod notify;
pub mod password;
pub mod render;

use crate::mail::inbound::{self, InboundMail};
use crate::mail::outbound::OutboundError;
use crate::mail::sender::{Drained, OutboxSender};
use crate::mail::threading::TokenError;
use crate::store::{self, Store, StoreError};
use handle::{Context, Failure};
use notice::Notice;
use notify::Notifier;
use render::{Renderer, TemplateError};

/// What the host needs to know about itself.
#[derive(Clone, Debug)]
pub struct HostSettings {
    /// The address players mail commands to; From on every mail sent.
    pub address: String,
    /// The display name on mails sent.
    pub name: String,
    /// No address gets more mails than this in an hour.
    pub max_mails_per_hour: u32,
}

impl HostSettings {
    /// The right-hand side of generated Message-IDs.
    pub fn domain(&self) -> String {
        self.address
            .rsplit_once('@')
            .map(|(_, domain)| domain.to_string())
            .unwrap_or_else(|| "pbem.invalid".to_string())
    }
}

impl Default for HostSettings {
    fn default() -> Self {
        HostSettings {
            address: "pbem@localhost".into(),
            name: "PBeM host".into(),
            max_mails_per_hour: 60,
        }
    }
}

/// What became of one inbound mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Receipt {
    /// Its commands were carried out (or refused with an error mail).
    Handled {
        commands: usize,
        mails_queued: usize,
    },
    /// Its Message-ID was handled before; nothing was done.
    Duplicate,
    /// It must not be answered (auto-reply, bounce, list mail, unreadable).
    Ignored(String),
}

/// A failure of the host itself, not of the sender's command.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Token(#[from] TokenError),
    #[error(transparent)]
    Hash(#[from] password::HashError),
    #[error(transparent)]
    Template(#[from] TemplateError),
    #[error(transparent)]
    Outbound(#[from] OutboundError),
}

impl HostError {
    /// Whether the same mail may succeed later (a busy database, no
    /// randomness yet), so an MTA should retry it.
    pub fn is_temporary(&self) -> bool {
        match self {
            HostError::Store(err) => err.is_temporary(),
            HostError::Token(_) | HostError::Hash(_) => true,
            HostError::Outbound(OutboundError::Store(err)) => err.is_temporary(),
            HostError::Template(_) | HostError::Outbound(OutboundError::Build { .. }) => false,
        }
    }
}

pub struct Host {
    store: Store,
    renderer: Renderer,
    settings: HostSettings,
}

impl Host {
    pub fn new(store: Store, renderer: Renderer, settings: HostSettings) -> Host {
        Host {
            store,
            renderer,
            settings,
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn settings(&self) -> &HostSettings {
        &self.settings
    }

    /// Handles one raw inbound message in one transaction: the Message-ID
    /// is recorded, the commands applied and every reply queued in the
    /// outbox, or (on an error) none of it.
    pub fn receive(&mut self, raw: &[u8]) -> Result<Receipt, HostError> {
        let mail = match inbound::parse(raw) {
            Ok(mail) => mail,
            Err(err) => return Ok(Receipt::Ignored(err.to_string())),
        };
        let tx = self.store.begin()?;
        if !store::mark_seen(&tx, &mail.message_id)? {
            return Ok(Receipt::Duplicate);
        }
        let from_self = mail.from.eq_ignore_ascii_case(&self.settings.address);
        let unanswerable = mail
            .unanswerable
            .clone()
            .or_else(|| from_self.then(|| "it comes from the host's own address".to_string()));
        if let Some(reason) = unanswerable {
            tx.commit().map_err(StoreError::from)?;
            return Ok(Receipt::Ignored(reason));
        }
        let receipt = handle_mail(&tx, &mail, &self.renderer, &self.settings)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(receipt)
    }

    /// Sends what is due in the outbox now.
    pub fn send_waiting(&mut self, sender: &mut OutboxSender) -> Result<Drained, HostError> {
        Ok(sender.drain(self.store.connection(), std::time::SystemTime::now())?)
    }
}

fn handle_mail(
    conn: &rusqlite::Connection,
    mail: &InboundMail,
    renderer: &Renderer,
    settings: &HostSettings,
) -> Result<Receipt, HostError> {
    let requests = interpret::interpret(conn, mail)?;
    let mut notifier = Notifier {
        conn,
        mail,
        renderer,
        settings,
        queued: 0,
    };
    let mut applied = false;
    let commands = requests.len();
    for request in requests {
        let notices = match request.command {
            Err(err) => vec![Notice::refused(request.board, err.problem, err.usage)],
            Ok(command) => {
                let ctx = Context {
                    conn,
                    from: &mail.from,
                    comment: request.comment.as_deref(),
                };
                // Each command runs in a savepoint so a refused one leaves
                // nothing half-done while earlier ones in the mail stand.
                conn.execute_batch("SAVEPOINT command")
                    .map_err(StoreError::from)?;
                match handle::handle(&ctx, command) {
                    Ok(notices) => {
                        conn.execute_batch("RELEASE command")
                            .map_err(StoreError::from)?;
                        applied = true;
                        notices
                    }
                    Err(failure) => {
                        conn.execute_batch("ROLLBACK TO command; RELEASE command")
                            .map_err(StoreError::from)?;
                        match failure {
                            Failure::Refused(notice) => vec![notice],
                            Failure::Store(err) => return Err(err.into()),
                            Failure::Hash(err) => return Err(err.into()),
                        }
                    }
                }
            }
        };
        for notice in notices {
            let is_refusal = matches!(notice, Notice::Refused { .. });
            notifier.send(notice, is_refusal && applied)?;
        }
    }
    Ok(Receipt::Handled {
        commands,
        mails_queued: notifier.queued,
    })
}
