//! Passwords are kept only as argon2 hashes (PHC strings).

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::collections::HashMap;

#[derive(Debug, thiserror::Error)]
#[error("cannot hash the password: {0}")]
pub struct HashError(String);

pub fn hash_password(password: &str) -> Result<String, HashError> {
    let mut salt = [0u8; 16];
    getrandom::getrandom(&mut salt).map_err(|err| HashError(err.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|err| HashError(err.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|err| HashError(err.to_string()))
}

/// Whether `password` matches the stored hash; a damaged hash matches
/// nothing.
pub fn password_matches(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|hash| {
            Argon2::default()
                .verify_password(password.as_bytes(), &hash)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Remembers which (stored hash, password) pairs verified, so a player's
/// every move does not pay a full argon2 check (tens of milliseconds by
/// design). Only a keyed 64-bit digest of each pair is kept, never the
/// password; a changed password has a new stored hash and so misses.
pub struct VerifiedPasswords {
    /// SipHash with keys drawn at random for this process, so digests
    /// cannot be precomputed from outside.
    keys: std::collections::hash_map::RandomState,
    verified: std::cell::RefCell<std::collections::HashSet<u64>>,
}

/// Pairs remembered before the memory is cleared and rebuilt.
const MAX_REMEMBERED: usize = 10_000;

impl VerifiedPasswords {
    pub fn new() -> VerifiedPasswords {
        VerifiedPasswords {
            keys: std::collections::hash_map::RandomState::new(),
            verified: std::cell::RefCell::new(std::collections::HashSet::new()),
        }
    }

    fn digest(&self, password: &str, stored: &str) -> u64 {
        use std::hash::BuildHasher;
        self.keys.hash_one((stored, password))
    }

    /// `password_matches`, answered from memory for a pair that already
    /// verified.
    pub fn matches(&self, password: &str, stored: &str) -> bool {
        let digest = self.digest(password, stored);
        if self.verified.borrow().contains(&digest) {
            return true;
        }
        let matched = password_matches(password, stored);
        if matched {
            self.remember(password, stored);
        }
        matched
    }

    /// Records a pair known to match, as right after hashing a new
    /// password (a pair whose hash is never stored matches nothing).
    pub fn remember(&self, password: &str, stored: &str) {
        let digest = self.digest(password, stored);
        let mut verified = self.verified.borrow_mut();
        if verified.len() >= MAX_REMEMBERED {
            verified.clear();
        }
        verified.insert(digest);
    }
}

impl Default for VerifiedPasswords {
    fn default() -> Self {
        VerifiedPasswords::new()
    }
}

/// The passwords a mail gives, checked before its write transaction
/// begins, so that argon2's deliberate slowness never holds the database
/// lock. Inside the transaction a claim is answered from here while the
/// player's stored hash is still the one checked against; a hash changed
/// meanwhile (by another mail) is checked again.
#[derive(Default)]
pub struct Prechecked {
    /// (userid in lower case, password) -> (the hash checked, matched).
    checked: HashMap<(String, String), (String, bool)>,
}

impl Prechecked {
    pub fn new() -> Prechecked {
        Prechecked::default()
    }

    /// Records the check of `password` for `userid` against `stored`.
    pub fn check(
        &mut self,
        userid: &str,
        password: &str,
        stored: &str,
        passwords: &VerifiedPasswords,
    ) {
        let key = (userid.to_lowercase(), password.to_string());
        if self
            .checked
            .get(&key)
            .is_some_and(|(hash, _)| hash == stored)
        {
            return;
        }
        let matched = passwords.matches(password, stored);
        self.checked.insert(key, (stored.to_string(), matched));
    }

    /// Whether `password` matches `stored` for `userid`: from the check
    /// made before the transaction when the hash is unchanged, else now.
    pub fn matches(
        &self,
        userid: &str,
        password: &str,
        stored: &str,
        passwords: &VerifiedPasswords,
    ) -> bool {
        let key = (userid.to_lowercase(), password.to_string());
        match self.checked.get(&key) {
            Some((hash, matched)) if hash == stored => *matched,
            _ => passwords.matches(password, stored),
        }
    }

    /// How many claims were checked ahead.
    pub fn len(&self) -> usize {
        self.checked.len()
    }

    pub fn is_empty(&self) -> bool {
        self.checked.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_passwords_still_refuse_wrong_ones_and_changed_hashes() {
        let passwords = VerifiedPasswords::new();
        let hash = hash_password("secret").unwrap();
        assert!(passwords.matches("secret", &hash));
        assert!(passwords.matches("secret", &hash), "from memory");
        assert!(!passwords.matches("Secret", &hash));
        let changed = hash_password("other").unwrap();
        assert!(!passwords.matches("secret", &changed));
        assert!(passwords.matches("other", &changed));
    }

    #[test]
    fn a_check_made_ahead_answers_until_the_hash_changes() {
        let passwords = VerifiedPasswords::new();
        let hash = hash_password("secret").unwrap();
        let mut ahead = Prechecked::new();
        ahead.check("Alice", "guess", &hash, &passwords);
        ahead.check("alice", "secret", &hash, &passwords);
        assert_eq!(ahead.len(), 2);
        // A changed stored hash is checked again, not taken from ahead.
        let changed = hash_password("guess").unwrap();
        assert!(!ahead.matches("alice", "guess", &hash, &passwords));
        assert!(ahead.matches("ALICE", "secret", &hash, &passwords));
        assert!(ahead.matches("alice", "guess", &changed, &passwords));
        assert!(!ahead.matches("alice", "secret", &changed, &passwords));
    }

    #[test]
    fn hash_verifies_only_the_right_password() {
        let hash = hash_password("secret").unwrap();
        assert!(hash.starts_with("$argon2"));
        assert!(!hash.contains("secret"));
        assert!(password_matches("secret", &hash));
        assert!(!password_matches("Secret", &hash));
        assert!(!password_matches("secret", "not a hash"));
    }
}
