//! What a mail's passwords prove, found before its write transaction
//! begins: each claim checked and each new password hashed ahead, since
//! argon2 is slow on purpose and must not hold the database's lock.

use super::accounts::{self, guard, password::Prechecked};
use super::inbound::interpret::Request;
use super::model::command::Command;
use super::{Host, HostError};
use crate::mail::inbound::InboundMail;
use crate::store;
use rusqlite::Connection;

impl Host {
    /// Checks a mail's passwords ahead, but none the lock would refuse:
    /// neither those of a userid or address locked now, nor those after
    /// as many wrong ones in this mail as would lock it, so a mail of
    /// guesses costs the host a handful of checks.
    pub(super) fn precheck(
        &self,
        conn: &Connection,
        mail: &InboundMail,
        requests: &[&Request],
        now: i64,
        prechecked: &mut Prechecked,
    ) -> Result<(), HostError> {
        let claims = requests
            .iter()
            .filter(|request| request.command.is_ok())
            .filter_map(|request| request.noted.claim.as_ref())
            .map(|(userid, password)| (userid.as_str(), password.as_str()));
        let mut wrong = 0;
        for (userid, password) in claims {
            if wrong >= self.settings.accounts.free_failures
                || guard::locked_until(conn, userid, &mail.from, now)?.is_some()
            {
                continue;
            }
            let matched = match store::find_player(conn, userid)? {
                Some(player) => prechecked.check(
                    &player.userid,
                    password,
                    &player.password_hash,
                    &self.passwords,
                ),
                None => false,
            };
            wrong += u32::from(!matched);
        }
        self.hash_new_passwords_ahead(conn, requests, prechecked)
    }

    /// Hashes ahead the new passwords a mail asks for that the handler
    /// would store: a free userid's signup (no more than one address may
    /// hold accounts) and a userid's first change proven by its old
    /// password, each strong enough. Anything else is refused before it is
    /// hashed, or hashed in the transaction should it get so far.
    fn hash_new_passwords_ahead(
        &self,
        conn: &Connection,
        requests: &[&Request],
        prechecked: &mut Prechecked,
    ) -> Result<(), HostError> {
        let mut signups = 0;
        let mut changed = std::collections::HashSet::new();
        for request in requests {
            let (userid, password) = match &request.command {
                Ok(Command::Signup {
                    userid, password, ..
                }) if signups < self.settings.flood.accounts_per_address.max(1) => {
                    signups += 1;
                    if store::find_player(conn, userid)?.is_some() {
                        continue;
                    }
                    (userid, password)
                }
                // One change a userid: a second one's old password would
                // no longer match once the first is made.
                Ok(Command::ChangePassword { userid, old, new })
                    if changed.insert(userid.to_lowercase()) =>
                {
                    match store::find_player(conn, userid)? {
                        Some(player)
                            if prechecked.matches(
                                &player.userid,
                                old,
                                &player.password_hash,
                                &self.passwords,
                            ) =>
                        {
                            (userid, new)
                        }
                        _ => continue,
                    }
                }
                _ => continue,
            };
            if accounts::strength::check(userid, password).is_ok() {
                prechecked.hash_ahead(userid, password)?;
            }
        }
        Ok(())
    }
}
