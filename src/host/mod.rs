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
use crate::mail::raw::header_block;
use crate::mail::screen::{self, InboundLimits};
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
    /// What one inbound mail may be.
    pub limits: InboundLimits,
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
            limits: InboundLimits::default(),
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
    passwords: password::VerifiedPasswords,
    replays: live::Replays,
}

impl Host {
    pub fn new(store: Store, renderer: Renderer, settings: HostSettings) -> Host {
        Host {
            store,
            renderer,
            settings,
            passwords: password::VerifiedPasswords::new(),
            replays: live::Replays::default(),
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
        self.receive_start(raw, raw.len() as u64)
    }

    /// As [`Host::receive`], for a message of `total_len` bytes of which
    /// `start` was read: all of it, or, over the size limit, enough for
    /// its header block.
    pub fn receive_start(&mut self, start: &[u8], total_len: u64) -> Result<Receipt, HostError> {
        let mut batch = self.batch()?;
        let receipt = batch.receive_start(start, total_len)?;
        batch.commit()?;
        Ok(receipt)
    }

    /// Starts a group of mails handled in one transaction (group commit):
    /// each mail still stands or falls alone, but all become durable at
    /// once, for one disk flush instead of one per mail. Dropping the
    /// batch without [`Batch::commit`] stores none of them.
    pub fn batch(&mut self) -> Result<Batch<'_>, HostError> {
        let Host {
            store,
            renderer,
            settings,
            passwords,
            replays,
        } = self;
        Ok(Batch {
            tx: store.begin()?,
            renderer,
            settings,
            passwords,
            replays,
        })
    }

    /// Sends what is due in the outbox now.
    pub fn send_waiting(&mut self, sender: &mut OutboxSender) -> Result<Drained, HostError> {
        Ok(sender.drain(self.store.connection(), std::time::SystemTime::now())?)
    }
}

/// Mails handled in one transaction; see [`Host::batch`].
pub struct Batch<'h> {
    tx: rusqlite::Transaction<'h>,
    renderer: &'h Renderer,
    settings: &'h HostSettings,
    passwords: &'h password::VerifiedPasswords,
    replays: &'h live::Replays,
}

impl Batch<'_> {
    /// Handles one raw inbound message inside the batch: the Message-ID
    /// is recorded, the commands applied and every reply queued, or (on
    /// an error, or a panic unwinding through here) none of it.
    pub fn receive(&mut self, raw: &[u8]) -> Result<Receipt, HostError> {
        self.receive_start(raw, raw.len() as u64)
    }

    /// As [`Batch::receive`], for a message of `total_len` bytes of which
    /// `start` was read: all of it, or, over the size limit, enough for
    /// its header block (so a huge message need never be read whole).
    pub fn receive_start(&mut self, start: &[u8], total_len: u64) -> Result<Receipt, HostError> {
        let max_bytes = self.settings.limits.max_message_bytes;
        if total_len > max_bytes as u64 {
            return self.receive_oversized(start, total_len);
        }
        let raw = start;
        let mail = match inbound::parse(raw) {
            Ok(mail) => mail,
            Err(err) => return Ok(Receipt::Ignored(err.to_string())),
        };
        let max_commands = self.settings.limits.max_commands_per_mail;
        self.answer(&mail, "", |conn, mail| {
            Ok(interpret::interpret(conn, mail, max_commands)?)
        })
    }

    /// A mail over the size limit: only its header block is read (so a
    /// huge body is never parsed), and if it names a sender who may be
    /// answered he gets a short error; nothing it asks for is done.
    fn receive_oversized(&mut self, start: &[u8], total_len: u64) -> Result<Receipt, HostError> {
        let max_bytes = self.settings.limits.max_message_bytes;
        let too_big =
            format!("the message is {total_len} bytes, more than this host's limit of {max_bytes}");
        let mail = match inbound::parse(header_block(start)) {
            Ok(mail) => mail,
            Err(err) => return Ok(Receipt::Ignored(format!("{too_big}, and {err}"))),
        };
        let refusal = interpret::Request {
            command: Err(command::CommandError {
                problem: format!("{too_big}; nothing in it was read or done"),
                usage: "Send commands as plain text without attachments; a move needs only \
                        a line or two."
                    .into(),
            }),
            comment: None,
            board: None,
        };
        self.answer(&mail, &format!("{too_big}, and "), |_, _| Ok(vec![refusal]))
    }

    /// The one transaction of a parsed mail: a duplicate is dropped, a mail
    /// that must not be answered is only recorded as seen (its reason
    /// after `ignored_prefix`), anything else has its requests handled.
    fn answer(
        &mut self,
        mail: &InboundMail,
        ignored_prefix: &str,
        requests: impl FnOnce(
            &rusqlite::Connection,
            &InboundMail,
        ) -> Result<Vec<interpret::Request>, HostError>,
    ) -> Result<Receipt, HostError> {
        // A savepoint per mail: a failing mail leaves nothing behind while
        // the others of the batch stand. Dropped unreleased, it rolls back.
        let mail_savepoint = self.tx.savepoint().map_err(StoreError::from)?;
        if !store::mark_seen(&mail_savepoint, &mail.message_id)? {
            return Ok(Receipt::Duplicate);
        }
        let unanswerable = mail
            .unanswerable
            .clone()
            .or_else(|| screen::loop_reason(mail, &self.settings.address, &self.settings.limits));
        if let Some(reason) = unanswerable {
            mail_savepoint.commit().map_err(StoreError::from)?;
            return Ok(Receipt::Ignored(format!("{ignored_prefix}{reason}")));
        }
        let requests = requests(&mail_savepoint, mail)?;
        let receipt = handle_requests(
            &mail_savepoint,
            mail,
            requests,
            self.renderer,
            self.settings,
            self.passwords,
            self.replays,
        )?;
        mail_savepoint.commit().map_err(StoreError::from)?;
        if let Receipt::Handled {
            commands,
            mails_queued,
        } = receipt
        {
            tracing::info!(
                mail = %mail.message_id,
                from = %mail.from,
                commands,
                queued = mails_queued,
                "handled"
            );
        }
        Ok(receipt)
    }

    /// Makes every mail of the batch durable at once.
    pub fn commit(self) -> Result<(), HostError> {
        self.tx.commit().map_err(StoreError::from)?;
        Ok(())
    }
}

fn handle_requests(
    conn: &rusqlite::Connection,
    mail: &InboundMail,
    requests: Vec<interpret::Request>,
    renderer: &Renderer,
    settings: &HostSettings,
    passwords: &password::VerifiedPasswords,
    replays: &live::Replays,
) -> Result<Receipt, HostError> {
    let mut notifier = Notifier {
        conn,
        mail,
        renderer,
        settings,
        replays,
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
                    passwords,
                    replays,
                };
                // Each command runs in a savepoint so a refused one leaves
                // nothing half-done while earlier ones in the mail stand.
                match store::in_savepoint(conn, || handle::handle(&ctx, command)) {
                    Ok(notices) => {
                        applied = true;
                        notices
                    }
                    Err(Failure::Refused(notice)) => vec![notice],
                    Err(Failure::Store(err)) => return Err(err.into()),
                    Err(Failure::Hash(err)) => return Err(err.into()),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn signup(userid: &str) -> Vec<u8> {
        format!(
            "From: {userid}@example.org\r\nSubject: signup {userid} pw\r\n\
             Message-ID: <{userid}@example.org>\r\n\r\n"
        )
        .into_bytes()
    }

    /// What a mail's handling does before a bug strikes: its savepoint,
    /// then writes; the panic unwinds through the savepoint's drop.
    #[test]
    fn a_panic_half_way_through_a_mail_rolls_back_that_mail_alone() {
        let store = Store::open_in_memory().unwrap();
        let renderer = Renderer::new(None).unwrap();
        let mut host = Host::new(store, renderer, HostSettings::default());
        let mut batch = host.batch().unwrap();
        batch.receive(&signup("alice")).unwrap();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mail_savepoint = batch.tx.savepoint().unwrap();
            store::mark_seen(&mail_savepoint, "half-done@example.org").unwrap();
            let _: Result<(), StoreError> = store::in_savepoint(&mail_savepoint, || {
                panic!("a bug half-way through a mail");
            });
        }));
        assert!(outcome.is_err());
        batch.receive(&signup("bob")).unwrap();
        batch.commit().unwrap();
        let conn = host.store().connection();
        assert!(store::find_player(conn, "alice").unwrap().is_some());
        assert!(store::find_player(conn, "bob").unwrap().is_some());
        assert!(
            store::mark_seen(conn, "half-done@example.org").unwrap(),
            "the half-done mail left no trace"
        );
    }
}
