//! The operator's tools on accounts, for the `pbem` subcommands: list
//! the players, lock and unlock an account, block and unblock an address
//! or a domain, reset a password, delete an account, void a flood of
//! boards. Each action runs in one transaction with the security log's
//! entry of it, and the mails it causes go through the outbox.

use crate::games::Side;
use crate::host::accounts::{password, strength};
use crate::host::handle;
use crate::host::model::notice::{AccountEvent, AccountNews, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays;
use crate::host::request::Failure;
use crate::host::{Batch, Host, HostError};
use crate::rules::score::{Ending, Stop};
use crate::store::security::{self, SecurityEvent, SecurityKind};
use crate::store::{self, GameStatus, StoreResult};
use rusqlite::Connection;

/// One account as the operator sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    pub(crate) userid: String,
    /// Confirmed: mail goes there.
    pub(crate) addresses: Vec<String>,
    /// Waiting for their confirmation.
    pub(crate) pending: Vec<String>,
    /// Since when the operator has locked it.
    pub(crate) locked_since: Option<i64>,
    pub(crate) signed_off: bool,
    pub(crate) robot: bool,
    /// When the player last played a move.
    pub(crate) last_move: Option<i64>,
    /// The boards running that he plays.
    pub(crate) boards: Vec<i64>,
}

/// The accounts whose userid or one of whose addresses (confirmed or
/// waiting) holds `filter`, ignoring case; every account without one.
pub fn players(conn: &Connection, filter: Option<&str>) -> StoreResult<Vec<PlayerLine>> {
    let wanted = filter.map(str::to_lowercase);
    let mut lines = Vec::new();
    for player in store::all_players(conn)? {
        let pending = store::pending_addresses(conn, &player.userid)?;
        let matches = |text: &String| {
            wanted
                .as_ref()
                .is_none_or(|wanted| text.to_lowercase().contains(wanted))
        };
        let shown = matches(&player.userid)
            || player.addresses.iter().any(matches)
            || pending.iter().any(matches);
        if !shown {
            continue;
        }
        lines.push(PlayerLine {
            locked_since: security::account_locked_since(conn, &player.userid)?,
            robot: store::robot_level(conn, &player.userid)?.is_some(),
            last_move: store::last_move_of(conn, &player.userid)?,
            boards: store::active_boards_of(conn, &player.userid)?,
            signed_off: player.signed_off,
            addresses: player.addresses,
            pending,
            userid: player.userid,
        });
    }
    Ok(lines)
}

/// What the operator asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Lock {
        userid: String,
    },
    Unlock {
        userid: String,
    },
    /// An address (`eve@example.org`) or a domain (`example.org`).
    Block {
        pattern: String,
    },
    Unblock {
        pattern: String,
    },
    /// A new password: this one, or a strong random one.
    ResetPassword {
        userid: String,
        password: Option<String>,
    },
    Delete {
        userid: String,
    },
    /// Every running board `userid` sits at, begun from `since` until
    /// before `until`, on which the other player has not moved.
    Void {
        userid: String,
        since: i64,
        until: i64,
    },
}

/// What came of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done, in words, with the number of mails it queued.
    Done { said: String, mails_queued: usize },
    /// Not done (no such account, a weak password...): why.
    Refused(String),
}

impl Host {
    /// Carries out one of the operator's actions in one transaction, its
    /// entry in the security log with it.
    pub fn operate(&mut self, action: &Action) -> Result<Outcome, HostError> {
        let now = self.clock.now().timestamp();
        let mut batch = self.batch()?;
        let outcome = batch.operate(action, now)?;
        batch.commit()?;
        Ok(outcome)
    }
}

impl Batch<'_> {
    fn operate(&mut self, action: &Action, now: i64) -> Result<Outcome, HostError> {
        let conn: &Connection = &self.tx;
        let (kind, userid, address, done) = match action {
            Action::Lock { userid } | Action::Unlock { userid } => {
                let lock = matches!(action, Action::Lock { .. });
                let Some(player) = store::find_player(conn, userid)? else {
                    return Ok(no_such(userid));
                };
                let changed = security::set_account_locked(conn, &player.userid, lock, now)?;
                let said = match (lock, changed) {
                    (true, true) => format!("{} is locked", player.userid),
                    (true, false) => format!("{} was locked already", player.userid),
                    (false, true) => format!("{} is unlocked", player.userid),
                    (false, false) => format!("{} was not locked", player.userid),
                };
                let kind = match lock {
                    true => SecurityKind::OperatorLock,
                    false => SecurityKind::OperatorUnlock,
                };
                (kind, Some(player.userid), None, done(said, 0))
            }
            Action::Block { pattern } | Action::Unblock { pattern } => {
                let Some(pattern) = block_pattern(pattern) else {
                    return Ok(Outcome::Refused(format!(
                        "{pattern:?} is neither an address (eve@example.org) nor a domain (example.org)"
                    )));
                };
                let block = matches!(action, Action::Block { .. });
                let (kind, said) = if block {
                    let new = security::block(conn, &self.settings.flood.mailboxes, &pattern, now)?;
                    let said = match new {
                        true => format!("{pattern} is blocked from everything"),
                        false => format!("{pattern} was blocked already"),
                    };
                    (SecurityKind::OperatorBlock, said)
                } else {
                    let removed =
                        security::unblock(conn, &self.settings.flood.mailboxes, &pattern)?;
                    let said = match removed {
                        true => format!("{pattern} is no longer blocked"),
                        false => format!("{pattern} was not blocked"),
                    };
                    (SecurityKind::OperatorUnblock, said)
                };
                (kind, None, Some(pattern), done(said, 0))
            }
            Action::ResetPassword { userid, password } => {
                let kind = SecurityKind::OperatorPasswordReset;
                match self.reset_password(userid, password.as_deref(), now)? {
                    Ok((userid, done)) => (kind, Some(userid), None, done),
                    Err(refused) => return Ok(refused),
                }
            }
            Action::Delete { userid } => match self.delete(userid, now)? {
                Ok((userid, done)) => (SecurityKind::OperatorDelete, Some(userid), None, done),
                Err(refused) => return Ok(refused),
            },
            Action::Void {
                userid,
                since,
                until,
            } => match self.void(userid, *since, *until, now)? {
                Ok((userid, done)) => (SecurityKind::OperatorVoid, Some(userid), None, done),
                Err(refused) => return Ok(refused),
            },
        };
        let Outcome::Done { said, .. } = &done else {
            return Ok(done);
        };
        let event = SecurityEvent {
            at: now,
            kind,
            userid,
            address,
            detail: said.clone(),
        };
        security::record_security(&self.tx, &event)?;
        Ok(done)
    }
}

fn done(said: String, mails_queued: usize) -> Outcome {
    Outcome::Done { said, mails_queued }
}

fn no_such(userid: &str) -> Outcome {
    Outcome::Refused(format!("there is no account {userid:?}"))
}

/// A block as it is kept: a usable address, or a domain of at least two
/// labels (`@` before it allowed), in lower case.
fn block_pattern(pattern: &str) -> Option<String> {
    let pattern = pattern.trim().to_lowercase();
    if pattern.contains('@') && !pattern.starts_with('@') {
        return crate::mail::address::usable(&pattern).then_some(pattern);
    }
    let domain = pattern.trim_start_matches('@');
    let fits = domain.contains('.')
        && domain.split('.').all(|label| {
            !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
    fits.then(|| domain.to_string())
}

/// A done action with the account it was about, or why it was refused.
type Acted = Result<(String, Outcome), Outcome>;

/// A strong random password: 20 letters and digits without the ones
/// easily misread, in four groups (about 99 bits).
fn random_password(userid: &str) -> Result<String, HostError> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    loop {
        let mut bytes = [0u8; 64];
        password::random_bytes(&mut bytes)?;
        // Bytes past the last whole multiple of the alphabet are skipped,
        // so that every character is as likely as any other.
        let limit = (256 / ALPHABET.len() * ALPHABET.len()) as u8;
        let chars: Vec<char> = bytes
            .iter()
            .filter(|byte| **byte < limit)
            .map(|byte| ALPHABET[*byte as usize % ALPHABET.len()] as char)
            .take(20)
            .collect();
        if chars.len() < 20 {
            continue;
        }
        let groups: Vec<String> = chars.chunks(5).map(|c| c.iter().collect()).collect();
        let password = groups.join("-");
        if strength::check(userid, &password).is_ok() {
            return Ok(password);
        }
    }
}

impl Batch<'_> {
    /// A new password, mailed to the account's confirmed addresses only.
    fn reset_password(
        &mut self,
        userid: &str,
        chosen: Option<&str>,
        now: i64,
    ) -> Result<Acted, HostError> {
        let Some(mut player) = store::find_player(&self.tx, userid)? else {
            return Ok(Err(no_such(userid)));
        };
        let password = match chosen {
            Some(chosen) => match strength::check(&player.userid, chosen) {
                Ok(()) => chosen.to_string(),
                Err(weakness) => {
                    return Ok(Err(Outcome::Refused(format!(
                        "the host would not take that password: {weakness:?}"
                    ))))
                }
            },
            None => random_password(&player.userid)?,
        };
        player.password_hash = password::hash_password(&password)?;
        store::update_player(&self.tx, &player)?;
        store::set_weak_password_told(&self.tx, &player.userid, false)?;
        crate::host::accounts::guard::record_success(&self.tx, &player.userid)?;
        let to = player.addresses.clone();
        let news = Notice::Account(AccountNews {
            userid: player.userid.clone(),
            to: to.clone(),
            event: AccountEvent::PasswordReset { password },
        });
        let queued = self.post_all(vec![news], now)?;
        let said = format!(
            "the password of {} is reset and mailed to {}",
            player.userid,
            to.join(", ")
        );
        Ok(Ok((player.userid, done(said, queued))))
    }

    /// The account and what it alone owns removed, by the path the
    /// owner's `delete` takes.
    fn delete(&mut self, userid: &str, now: i64) -> Result<Acted, HostError> {
        let Some(player) = store::find_player(&self.tx, userid)? else {
            return Ok(Err(no_such(userid)));
        };
        let settings = &self.settings.competition;
        let notices = match handle::remove_account(
            &self.tx,
            self.replays,
            settings,
            &player.userid,
            now,
        ) {
            Ok(notices) => notices,
            Err(Failure::Refused(refused)) => {
                if let Refusal::DirectsEvents { events, .. } = refused.refusal {
                    return Ok(Err(Outcome::Refused(format!(
                        "{} directs {}: hand each over or cancel it first (pbem director)",
                        player.userid,
                        events.join(", ")
                    ))));
                }
                let boards = store::active_boards_of(&self.tx, &player.userid)?;
                return Ok(Err(Outcome::Refused(format!(
                    "{} still plays on boards {boards:?}: void them (pbem void-flood) or let them end first; \
                     lock the account meanwhile",
                    player.userid
                ))));
            }
            Err(Failure::Store(err)) => return Err(err.into()),
            Err(Failure::Hash(err)) => return Err(err.into()),
        };
        let queued = self.post_all(notices, now)?;
        let said = format!("{} and what only it owned are deleted", player.userid);
        Ok(Ok((player.userid, done(said, queued))))
    }

    /// The boards of a flood voided: aborted, unrated, counted in no
    /// event, both players told.
    fn void(&mut self, userid: &str, since: i64, until: i64, now: i64) -> Result<Acted, HostError> {
        let Some(player) = store::find_player(&self.tx, userid)? else {
            return Ok(Err(no_such(userid)));
        };
        let mut notices = Vec::new();
        let mut voided = Vec::new();
        for board in store::active_boards_of(&self.tx, &player.userid)? {
            let mut live = match replays::load(&self.tx, self.replays, board, None) {
                Ok(live) => live,
                Err(replays::LoadError::Store(err)) => return Err(err.into()),
                // A board that does not replay is left for the operator.
                Err(_) => continue,
            };
            let record = &live.record;
            let Some(side) = record.side_of(&player.userid) else {
                continue;
            };
            let other: Side = side.opponent();
            let in_period = (since..until).contains(&record.created);
            let answered = store::load_moves(&self.tx, board)?
                .iter()
                .any(|played| played.side == other);
            if !in_period || answered || record.status != GameStatus::Active {
                continue;
            }
            let ending = Ending::by_host(Stop::Void, live.begun());
            let settings = &self.settings.competition;
            let consequences = crate::host::events::end_game(
                &self.tx,
                self.replays,
                settings,
                &mut live,
                ending,
                now,
            )?;
            notices.extend(crate::host::events::told_over(live, None, consequences));
            voided.push(board);
        }
        let queued = self.post_all(notices, now)?;
        let said = match voided.is_empty() {
            true => format!(
                "{} has no unanswered board begun in that time",
                player.userid
            ),
            false => format!(
                "voided {} board(s) of {}: {voided:?}",
                voided.len(),
                player.userid
            ),
        };
        Ok(Ok((player.userid, done(said, queued))))
    }
}
