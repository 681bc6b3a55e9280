//! The server's logic: which commands a mail carries, what they do to the
//! games and accounts, and which mails go back. It sees games only through
//! the `Game` trait and the registry, storage only through `store`, and
//! writes mail only into the outbox.
//!
//! One path for every mail: [`Host::prepare`] reads it and checks the
//! passwords it gives (outside any transaction: argon2 is slow on
//! purpose), then [`Batch::receive_prepared`] runs it in its own savepoint
//! of the write transaction: `interpret` finds its commands, `handle` runs
//! each into typed notices, `render` words each notice from a template in
//! the reader's language, and `post` queues the mails.

pub mod accounts;
pub(crate) mod clocks;
pub(crate) mod competition;
pub mod events;
mod handle;
pub mod inbound;
pub mod model;
pub mod operator;
pub mod outbound;
mod precheck;
mod receive;
pub mod request;
pub mod robots;
mod settings;
mod timers;
mod unanswered;

pub use request::{MessageSettings, SeekSettings};
pub use settings::{HostError, HostSettings, Receipt, RobotSettings};
pub use timers::TickReport;

use crate::clock::Clock;
use crate::mail::inbound::raw::header_block;
use crate::mail::inbound::screen;
use crate::mail::inbound::{InboundError, InboundMail};
use crate::store::{self, Store, StoreError};
use accounts::password::{Prechecked, VerifiedPasswords};
use inbound::interpret::{self, Reading, Request};
use inbound::parse::{self as grammar, Parsed};
use model::refusal::Refusal;
use model::replays;
use outbound::render::Renderer;
use rusqlite::Connection;

/// A post for the mails the host sends of its own accord (the timers'
/// and the robots'): none answers a mail, so none quotes one.
fn own_post<'a>(
    conn: &'a Connection,
    renderer: &'a Renderer,
    settings: &'a HostSettings,
    now: i64,
) -> outbound::post::Post<'a> {
    outbound::post::Post::new(
        conn,
        (None, inbound::redact::Quote::default()),
        renderer,
        settings.facts(now),
        settings.boards,
        &settings.flood,
    )
}

pub struct Host {
    store: Store,
    renderer: Renderer,
    settings: HostSettings,
    passwords: VerifiedPasswords,
    replays: replays::Replays,
    clock: Clock,
}

/// A mail read and its passwords checked, ready for a transaction.
pub struct Prepared {
    /// The mail, or why it cannot be read at all.
    mail: Result<InboundMail, InboundError>,
    /// The whole length of a mail over the size limit, of which only the
    /// header block was read.
    oversized: Option<u64>,
    /// What the grammar reads in the mail (not in an oversized one): read
    /// once, and carried into the transaction.
    parsed: Option<Parsed>,
    prechecked: Prechecked,
}

impl Prepared {
    /// A message of `total_len` bytes of which `start` was read (all of
    /// it, or over the size limit only enough for its header block),
    /// parsed; none of its passwords checked yet.
    /// A reply is read as one to the host: a line naming it starts the
    /// original, in any language.
    fn read(start: &[u8], total_len: u64, settings: &HostSettings) -> Prepared {
        let max = settings.limits.max_message_bytes as u64;
        let oversized = (total_len > max).then_some(total_len);
        let raw = if oversized.is_some() {
            header_block(start)
        } else {
            start
        };
        let mut mail = crate::mail::inbound::parse(raw);
        if let Ok(mail) = &mut mail {
            mail.read_as_reply_to(&[&settings.address, &settings.name]);
        }
        let max_commands = settings.limits.max_commands_per_mail;
        let parsed = match (&mail, oversized) {
            (Ok(mail), None) => Some(grammar::parse(mail, max_commands)),
            _ => None,
        };
        Prepared {
            mail,
            oversized,
            parsed,
            prechecked: Prechecked::new(),
        }
    }

    /// How many of the mail's password claims were checked ahead.
    pub fn passwords_checked(&self) -> usize {
        self.prechecked.len()
    }

    /// How many of the mail's new passwords (signups, changes) were
    /// hashed ahead.
    pub fn passwords_hashed(&self) -> usize {
        self.prechecked.hashed_ahead()
    }
}

impl Host {
    pub fn new(store: Store, renderer: Renderer, settings: HostSettings) -> Host {
        Host {
            store,
            renderer,
            settings,
            passwords: VerifiedPasswords::new(),
            replays: replays::Replays::default(),
            clock: Clock::System,
        }
    }

    /// Sets the clock every mail is handled by (a fixed moment for tests
    /// and for replaying a backlog).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    pub(crate) fn clock(&self) -> Clock {
        self.clock
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn settings(&self) -> &HostSettings {
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
    pub(crate) fn receive_start(
        &mut self,
        start: &[u8],
        total_len: u64,
    ) -> Result<Receipt, HostError> {
        let prepared = self.prepare(start, total_len)?;
        let mut batch = self.batch()?;
        let receipt = batch.receive_prepared(prepared)?;
        batch.commit()?;
        Ok(receipt)
    }

    /// Reads a mail and checks every password its commands give, before
    /// any transaction begins, so that a flood of guesses never holds the
    /// database's write lock. Only reads the store.
    pub fn prepare(&self, start: &[u8], total_len: u64) -> Result<Prepared, HostError> {
        let mut prepared = Prepared::read(start, total_len, &self.settings);
        if let (Ok(mail), Some(parsed)) = (&prepared.mail, &prepared.parsed) {
            let conn = self.store.connection();
            let mailboxes = &self.settings.flood.mailboxes;
            let blocked = store::security::blocked_by(conn, mailboxes, &mail.from)?.is_some();
            if unanswerable(mail, &self.settings).is_none() && !blocked {
                let now = self.clock.now().timestamp();
                let requests = parsed.requests(mail);
                self.precheck(conn, mail, &requests, now, &mut prepared.prechecked)?;
            }
        }
        Ok(prepared)
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
            clock,
        } = self;
        Ok(Batch {
            tx: store.begin()?,
            renderer,
            settings,
            passwords,
            replays,
            clock: *clock,
        })
    }
}

/// How mails are read at `now`.
fn reading(settings: &HostSettings, now: i64) -> Reading<'_> {
    Reading {
        max_commands: settings.limits.max_commands_per_mail,
        now,
        policy: &settings.accounts,
    }
}

/// Why the host must not answer a mail: automatic mail, or its own.
fn unanswerable(mail: &InboundMail, settings: &HostSettings) -> Option<String> {
    mail.unanswerable
        .clone()
        .or_else(|| screen::loop_reason(mail, &settings.address, &settings.limits))
}

/// Mails handled in one transaction; see [`Host::batch`].
pub struct Batch<'h> {
    tx: rusqlite::Transaction<'h>,
    renderer: &'h Renderer,
    settings: &'h HostSettings,
    passwords: &'h VerifiedPasswords,
    replays: &'h replays::Replays,
    clock: Clock,
}

impl<'h> Batch<'h> {
    /// Handles one raw inbound message inside the batch: the Message-ID
    /// is recorded, the commands applied and every reply queued, or (on
    /// an error, or a panic unwinding through here) none of it. Its
    /// passwords are checked inside the transaction; a caller that can
    /// should [`Host::prepare`] mails before the batch begins.
    pub fn receive(&mut self, raw: &[u8]) -> Result<Receipt, HostError> {
        self.receive_start(raw, raw.len() as u64)
    }

    /// As [`Batch::receive`], for a message of `total_len` bytes of which
    /// `start` was read.
    pub(crate) fn receive_start(
        &mut self,
        start: &[u8],
        total_len: u64,
    ) -> Result<Receipt, HostError> {
        self.receive_prepared(Prepared::read(start, total_len, self.settings))
    }

    /// Handles a prepared mail inside the batch, in its own savepoint.
    pub fn receive_prepared(&mut self, prepared: Prepared) -> Result<Receipt, HostError> {
        let too_big = prepared.oversized.map(|size| Refusal::TooLarge {
            size,
            limit: self.settings.limits.max_message_bytes,
        });
        let now = self.clock.now().timestamp();
        let mail = match prepared.mail {
            Ok(mail) => mail,
            Err(err) => {
                unanswered::record_unusable(&self.tx, &err, now)?;
                let reason = match prepared.oversized {
                    Some(size) => format!("the message is {size} bytes, over the limit, and {err}"),
                    None => err.to_string(),
                };
                return Ok(Receipt::Ignored(reason));
            }
        };
        let handling = self.handling(now);
        // A savepoint per mail: a failing mail leaves nothing behind while
        // the others of the batch stand. Dropped unreleased, it rolls back.
        let mail_savepoint = self.tx.savepoint().map_err(StoreError::from)?;
        // A mail without a Message-ID handled by an older version is known
        // by the id that version made.
        let former = match &mail.former_id {
            Some(id) => store::was_seen(&mail_savepoint, id)?,
            None => false,
        };
        if former || !store::mark_seen(&mail_savepoint, &mail.message_id, handling.now)? {
            return Ok(Receipt::Duplicate);
        }
        let mailboxes = &self.settings.flood.mailboxes;
        let refused = unanswered::blocked(&mail_savepoint, mailboxes, &mail, now)?;
        if let Some(reason) = refused.or_else(|| unanswerable(&mail, self.settings)) {
            mail_savepoint.commit().map_err(StoreError::from)?;
            return Ok(Receipt::Ignored(reason));
        }
        let read = match too_big {
            // Nothing an oversized mail asks for is read or done.
            Some(refusal) => interpret::Interpretation {
                requests: vec![Request {
                    command: Err(refusal),
                    comment: None,
                    board: None,
                    noted: Default::default(),
                }],
                command_lines: vec![model::subject::clean(&mail.subject)],
            },
            None => {
                let max_commands = self.settings.limits.max_commands_per_mail;
                let parsed =
                    (prepared.parsed).unwrap_or_else(|| grammar::parse(&mail, max_commands));
                let reading = reading(self.settings, handling.now);
                interpret::interpret(&mail_savepoint, &mail, parsed, &reading)?
            }
        };
        let receipt = handling.run(&mail_savepoint, &mail, read, &prepared.prechecked)?;
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

    /// The batch's transaction, for what a caller records along with the
    /// mails (IMAP intake's cursor), committed or rolled back with them.
    pub fn connection(&self) -> &rusqlite::Connection {
        &self.tx
    }

    /// Makes every mail of the batch durable at once.
    pub fn commit(self) -> Result<(), HostError> {
        self.tx.commit().map_err(StoreError::from)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
