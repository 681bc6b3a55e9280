//! Running one mail's requests: each command in its own savepoint, the
//! password checks it made counted outside it, and the notices it caused
//! queued as mails.

use super::accounts::guard;
use super::handle;
use super::inbound::redact;
use super::model::replays::{self, LiveGame};
use super::request::{Context, Failure, Refused};
use super::{Batch, HostError, HostSettings, Receipt};
use crate::host::accounts::password::{Prechecked, VerifiedPasswords};
use crate::host::inbound::interpret::Interpretation;
use crate::host::model::command::Command;
use crate::host::model::notice::{self, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::outbound::post::Post;
use crate::host::outbound::render::LastAnswer;
use crate::host::outbound::render::Renderer;
use crate::mail::inbound::InboundMail;
use crate::store;
use crate::store::security::{SecurityEvent, SecurityKind};
use rusqlite::Connection;
use std::cell::RefCell;

/// A handler's failure: a refusal is told the sender, a failure of the
/// host fails the mail.
fn refusal_or_error(failure: Failure) -> Result<Refused, HostError> {
    match failure {
        Failure::Refused(refused) => Ok(*refused),
        Failure::Store(err) => Err(err.into()),
        Failure::Hash(err) => Err(err.into()),
    }
}

/// What handling a mail's commands needs besides the transaction.
#[derive(Clone, Copy)]
pub(super) struct Handling<'h> {
    pub(crate) renderer: &'h Renderer,
    pub(crate) settings: &'h HostSettings,
    pub(crate) passwords: &'h VerifiedPasswords,
    pub(crate) replays: &'h replays::Replays,
    /// The moment the mail is handled (seconds since the epoch).
    pub(crate) now: i64,
}

impl Handling<'_> {
    /// Runs a mail's requests in turn and queues the mails they cause.
    pub(super) fn run(
        &self,
        conn: &Connection,
        mail: &InboundMail,
        read: Interpretation,
        prechecked: &Prechecked,
    ) -> Result<Receipt, HostError> {
        let held = read.held_passwords();
        let quote = redact::Quote::of(mail, &read.command_lines).hiding(&held);
        let mut post = Post::new(
            conn,
            (Some(mail), quote),
            self.renderer,
            self.settings.facts(self.now),
            self.settings.boards,
            &self.settings.flood,
        );
        let mut applied = false;
        // Every refusal of the mail goes into one error mail, at the end.
        let mut refused = Vec::new();
        let commands = read.requests.len();
        for request in read.requests {
            let (passwords, max) = (
                &request.noted.passwords,
                self.settings.flood.max_comment_bytes,
            );
            let comment = request.comment.as_deref();
            let command = request
                .command
                .and_then(|command| comment_kept_apart(command, comment, passwords, max));
            let done = match command {
                Err(refusal) => Err(Refused {
                    refusal,
                    board: self.board_of(conn, request.board),
                }),
                Ok(command) => {
                    self.command(conn, mail, (command, comment), prechecked, &mut post)?
                }
            };
            match done {
                Ok(()) => applied = true,
                Err(Refused { refusal, board }) => refused.push((refusal, board, applied)),
            }
        }
        self.answer_refusals(conn, mail, &mut post, refused, applied)?;
        post.close()?;
        Ok(Receipt::Handled {
            commands,
            mails_queued: post.queued,
        })
    }
}

impl Handling<'_> {
    /// Runs one command of a mail in its own savepoint, so a refused one
    /// leaves nothing half-done while earlier ones stand, and queues the
    /// mails it caused; its refusal, each limit it met logged.
    fn command(
        &self,
        conn: &Connection,
        mail: &InboundMail,
        (command, comment): (Command, Option<&str>),
        prechecked: &Prechecked,
        post: &mut Post<'_>,
    ) -> Result<Result<(), Refused>, HostError> {
        let attempts = RefCell::new(Vec::new());
        let ctx = self.context(conn, &mail.from, comment, prechecked, &attempts);
        let (notices, done) = match store::in_savepoint(conn, || handle::handle(&ctx, command)) {
            Ok(notices) => (notices, Ok(())),
            Err(failure) => (
                Vec::new(),
                Err(refused_logged(conn, &mail.from, self.now, failure)?),
            ),
        };
        // Counted outside the command's savepoint: a refusal must not roll
        // back the count of a wrong password.
        let warnings = self.count_attempts(conn, &mail.from, attempts.take())?;
        for notice in notices.into_iter().chain(warnings) {
            post.notice(notice)?;
        }
        Ok(done)
    }
}

/// A mail's refused commands with their boards, and whether commands
/// before each were carried out.
type RefusedAll = Vec<(Refusal, Option<Box<LiveGame>>, bool)>;

impl Handling<'_> {
    /// Answers a mail's refusals, unless its sender's mails drew only
    /// errors `errors_in_a_row` times in a row, each within
    /// `error_quiet_minutes` of the one before (counted by his address
    /// without case or `+tag`): an autoresponder that answers like a
    /// person must not loop with the host. That many-th error mail is the
    /// last and says so; later ones are not sent, until a mail of his does
    /// something or the quiet minutes pass without one.
    fn answer_refusals(
        &self,
        conn: &Connection,
        mail: &InboundMail,
        post: &mut Post<'_>,
        refused: RefusedAll,
        applied: bool,
    ) -> Result<(), HostError> {
        let key = self.settings.flood.mailboxes.mailbox(&mail.from);
        if applied {
            store::clear_error_run(conn, &key)?;
        }
        if applied || refused.is_empty() {
            return Ok(post.refusals(refused, applied)?);
        }
        let (max, minutes) = (
            self.settings.flood.errors_in_a_row,
            self.settings.flood.error_quiet_minutes,
        );
        let quiet = minutes as i64 * 60;
        let errors = match store::error_run(conn, &key)? {
            Some(run) if run.last_mail + quiet > self.now => run.errors.saturating_add(1),
            _ => 1,
        };
        let run = store::ErrorRun {
            errors,
            last_mail: self.now,
        };
        store::save_error_run(conn, &key, run, self.now - quiet)?;
        let errors = errors as usize;
        if errors < max {
            return Ok(post.refusals(refused, false)?);
        }
        if errors > max {
            tracing::info!(from = %mail.from, errors, "not answered: the sender's mails draw only errors");
            return Ok(());
        }
        tracing::warn!(from = %mail.from, errors, minutes, "last answer sent: the sender's mails draw only errors");
        let event = SecurityEvent {
            at: self.now,
            kind: SecurityKind::ErrorLoop,
            userid: None,
            address: Some(mail.from.clone()),
            detail: format!("{errors} mails in a row drew only errors; no answer to more for {minutes} minutes after the last"),
        };
        store::security::record_security(conn, &event)?;
        post.last_answer = Some(LastAnswer { errors, minutes });
        Ok(post.refusals(refused, false)?)
    }
}

impl Handling<'_> {
    /// What a command's handler is given: the store, the sender (none:
    /// the host's own, a robot's or the operator's), the settings, and
    /// where its password checks are counted. The one way a `Context` is
    /// made.
    pub(super) fn context<'c>(
        &'c self,
        conn: &'c Connection,
        from: &'c str,
        comment: Option<&'c str>,
        prechecked: &'c Prechecked,
        attempts: &'c RefCell<Vec<guard::Attempt>>,
    ) -> Context<'c> {
        Context {
            conn,
            from,
            comment,
            passwords: self.passwords,
            prechecked,
            replays: self.replays,
            languages: self.renderer.languages(),
            now: self.now,
            policy: &self.settings.accounts,
            clock_defaults: &self.settings.clocks,
            competition: &self.settings.competition,
            attempts,
            seeks: &self.settings.seeks,
            messages: &self.settings.messages,
            flood: &self.settings.flood,
            host_address: &self.settings.address,
        }
    }

    /// The board a refused request names, as its error mail shows it.
    fn board_of(&self, conn: &Connection, board: Option<i64>) -> Option<Box<LiveGame>> {
        board
            .and_then(|id| replays::load(conn, self.replays, id, None).ok())
            .map(Box::new)
    }
}

impl<'h> Batch<'h> {
    /// What running commands in the batch at `now` needs besides its
    /// transaction: the mails', the robots' and the operator's alike.
    pub(super) fn handling(&self, now: i64) -> Handling<'h> {
        Handling {
            renderer: self.renderer,
            settings: self.settings,
            passwords: self.passwords,
            replays: self.replays,
            now,
        }
    }

    /// Queues the mails of the notices, as the host's own (the robots'
    /// and the operator's); how many.
    pub(super) fn post_all(&self, notices: Vec<Notice>, now: i64) -> Result<usize, HostError> {
        let mut post = super::own_post(&self.tx, self.renderer, self.settings, now);
        for notice in notices {
            post.notice(notice)?;
        }
        Ok(post.queued)
    }
}

/// The command, unless its comment holds a password its line gives or is
/// longer than `max` bytes: such a comment is not passed on, masked, cut
/// or otherwise, and nothing is done.
fn comment_kept_apart(
    command: Command,
    comment: Option<&str>,
    passwords: &[String],
    max: usize,
) -> Result<Command, Refusal> {
    let given = comment.map_or(0, str::len);
    if given > max {
        Err(Refusal::CommentTooLong { max, given })
    } else if !redact::held_passwords(comment, passwords).is_empty() {
        Err(Refusal::CommentHoldsPassword)
    } else {
        Ok(command)
    }
}

impl Handling<'_> {
    /// Counts a command's password checks; the warning for an owner whose
    /// account a wrong password has just locked, and the one warning for
    /// an owner whose right password is weak.
    fn count_attempts(
        &self,
        conn: &Connection,
        from: &str,
        attempts: Vec<guard::Attempt>,
    ) -> Result<Vec<Notice>, HostError> {
        let mut notices = Vec::new();
        for attempt in attempts {
            if attempt.proven {
                guard::record_success(conn, &attempt.userid)?;
                let Some(reason) = attempt.weakness else {
                    continue;
                };
                if store::weak_password_told(conn, &attempt.userid)? {
                    continue;
                }
                store::set_weak_password_told(conn, &attempt.userid, true)?;
                if let Some(owner) = store::find_player(conn, &attempt.userid)? {
                    notices.push(Notice::Account(notice::AccountNews {
                        userid: owner.userid,
                        to: owner.addresses,
                        event: notice::AccountEvent::WeakPassword { reason },
                    }));
                }
                continue;
            }
            let policy = &self.settings.accounts;
            let Some(guessed) =
                guard::record_failure(conn, policy, &attempt.userid, from, self.now)?
            else {
                continue;
            };
            if let Some(owner) = store::find_player(conn, &guessed.userid)? {
                notices.push(Notice::Account(notice::AccountNews {
                    userid: owner.userid,
                    to: owner.addresses,
                    event: notice::AccountEvent::Guessed {
                        failures: guessed.failures,
                        locked_until: guessed.locked_until,
                        last_from: from.to_string(),
                    },
                }));
            }
        }
        Ok(notices)
    }
}

/// A refused command's refusal, the limit it met, if any, kept in the
/// security log outside the command's savepoint (which the refusal
/// rolled back).
fn refused_logged(
    conn: &Connection,
    from: &str,
    now: i64,
    failure: Failure,
) -> Result<Refused, HostError> {
    let refused = refusal_or_error(failure)?;
    if let Refusal::Limit { userid, hit } = &refused.refusal {
        let event = SecurityEvent {
            at: now,
            kind: SecurityKind::LimitHit,
            userid: Some(userid.clone()),
            address: Some(from.trim().to_string()),
            detail: hit.key().to_string(),
        };
        store::security::record_security(conn, &event)?;
    }
    Ok(refused)
}
