//! Passwords are kept only as argon2 hashes (PHC strings).
//!
//! argon2 fills 19 MiB of working memory per hash with the default
//! parameters. Allocated anew for every check, that memory was left to
//! the allocator in pieces it did not give back (a daemon grew past
//! 100 MB after fifty checks); each thread keeps one working memory
//! instead and reuses it, and hands its pages back to the system after
//! each hash, so a daemon holds argon2's 19 MiB only while it hashes. The
//! parameters and the stored strings are the ones `Argon2::default()`
//! writes and reads.

use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::cell::RefCell;
use std::collections::HashMap;

#[derive(Debug, thiserror::Error)]
#[error("cannot hash the password: {0}")]
pub struct HashError(String);

/// Fills `buf` with random bytes from the system (for salts and for
/// passwords the operator has the host choose).
pub(crate) fn random_bytes(buf: &mut [u8]) -> Result<(), HashError> {
    getrandom::getrandom(buf).map_err(|err| HashError(err.to_string()))
}

thread_local! {
    /// This thread's argon2 working memory, kept between hashes.
    static WORKING_MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// The most blocks kept between hashes: what the default parameters use.
/// A stored hash asking for more (a hand-edited row) gets memory of its
/// own, given back at once.
const KEPT_BLOCKS: usize = Params::DEFAULT_M_COST as usize;

/// Runs `work` on `blocks` blocks of working memory.
fn with_working_memory<T>(blocks: usize, work: impl FnOnce(&mut [Block]) -> T) -> T {
    if blocks > KEPT_BLOCKS {
        return work(&mut vec![Block::default(); blocks]);
    }
    WORKING_MEMORY.with(|memory| match memory.try_borrow_mut() {
        Ok(mut memory) => {
            if memory.len() < blocks {
                memory.resize(blocks, Block::default());
            }
            let done = work(&mut memory[..blocks]);
            release_pages(&mut memory);
            done
        }
        // Only re-entered if `work` itself hashed, which it does not.
        Err(_) => work(&mut vec![Block::default(); blocks]),
    })
}

/// Gives the pages of a kept working memory back to the system; the next
/// hash touches them again and finds them zeroed.
fn release_pages(memory: &mut [Block]) {
    let page = rustix::param::page_size();
    let start = memory.as_mut_ptr() as usize;
    let first = start.next_multiple_of(page);
    let end = (start + std::mem::size_of_val(memory)) / page * page;
    if end > first {
        // SAFETY: the whole pages from `first` to `end` lie inside
        // `memory`, which this thread owns and borrows mutably here, so
        // nothing else reads or writes them. Afterwards they read as
        // zeros, and an all-zero `Block` is a valid value; argon2 writes
        // every block before it reads it anyway. Should the advice fail,
        // the memory simply stays resident.
        let _ = unsafe {
            rustix::mm::madvise(
                first as *mut std::ffi::c_void,
                end - first,
                rustix::mm::Advice::LinuxDontNeed,
            )
        };
    }
}

pub fn hash_password(password: &str) -> Result<String, HashError> {
    let error = |err: &dyn std::fmt::Display| HashError(err.to_string());
    let mut salt = [0u8; 16];
    getrandom::getrandom(&mut salt).map_err(|err| error(&err))?;
    let salt_text = SaltString::encode_b64(&salt).map_err(|err| error(&err))?;
    let params = Params::default();
    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut output = [0u8; Params::DEFAULT_OUTPUT_LEN];
    with_working_memory(params.block_count(), |blocks| {
        argon2.hash_password_into_with_memory(password.as_bytes(), &salt, &mut output, blocks)
    })
    .map_err(|err| error(&err))?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|err| error(&err))?,
        salt: Some(salt_text.as_salt()),
        hash: Some(Output::new(&output).map_err(|err| error(&err))?),
    };
    Ok(hash.to_string())
}

/// Whether `password` matches the stored hash; a damaged hash matches
/// nothing.
pub(crate) fn password_matches(password: &str, stored: &str) -> bool {
    let Ok(hash) = PasswordHash::new(stored) else {
        return false;
    };
    let (Some(expected), Some(salt)) = (hash.hash, hash.salt) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(hash.algorithm) else {
        return false;
    };
    let version = match hash.version.map(Version::try_from) {
        None => Version::default(),
        Some(Ok(version)) => version,
        Some(Err(_)) => return false,
    };
    let Ok(params) = Params::try_from(&hash) else {
        return false;
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    let argon2 = Argon2::new(algorithm, version, params.clone());
    let mut output = vec![0u8; expected.len()];
    let hashed = with_working_memory(params.block_count(), |blocks| {
        argon2.hash_password_into_with_memory(password.as_bytes(), salt, &mut output, blocks)
    });
    // `Output` compares in constant time.
    hashed.is_ok() && Output::new(&output).is_ok_and(|output| output == expected)
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
    pub(crate) fn remember(&self, password: &str, stored: &str) {
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
///
/// It holds too the hashes of new passwords (a signup's, a change's), made
/// ahead for the same reason: a flood of signups must not stall every
/// other mail while argon2 runs under the lock.
#[derive(Default)]
pub(crate) struct Prechecked {
    /// (userid in lower case, password) -> (the hash checked, matched).
    checked: HashMap<(String, String), (String, bool)>,
    /// (userid in lower case, new password) -> its hash, made ahead.
    hashed: HashMap<(String, String), String>,
}

impl Prechecked {
    pub(crate) fn new() -> Prechecked {
        Prechecked::default()
    }

    /// Checks `password` for `userid` against `stored` and records the
    /// answer; whether it matched.
    pub(crate) fn check(
        &mut self,
        userid: &str,
        password: &str,
        stored: &str,
        passwords: &VerifiedPasswords,
    ) -> bool {
        let key = (userid.to_lowercase(), password.to_string());
        if let Some((hash, matched)) = self.checked.get(&key) {
            if hash == stored {
                return *matched;
            }
        }
        let matched = passwords.matches(password, stored);
        self.checked.insert(key, (stored.to_string(), matched));
        matched
    }

    /// Whether `password` matches `stored` for `userid`: from the check
    /// made before the transaction when the hash is unchanged, else now.
    pub(crate) fn matches(
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

    /// Hashes `password`, the new password `userid` asks for, ahead of
    /// the transaction.
    pub(crate) fn hash_ahead(&mut self, userid: &str, password: &str) -> Result<(), HashError> {
        let key = (userid.to_lowercase(), password.to_string());
        if let std::collections::hash_map::Entry::Vacant(entry) = self.hashed.entry(key) {
            entry.insert(hash_password(password)?);
        }
        Ok(())
    }

    /// The hash of `userid`'s new `password`: the one made ahead, else
    /// made now (a mail handled without preparing, or more new passwords
    /// than were hashed ahead).
    pub(crate) fn new_hash(&self, userid: &str, password: &str) -> Result<String, HashError> {
        let key = (userid.to_lowercase(), password.to_string());
        match self.hashed.get(&key) {
            Some(hash) => Ok(hash.clone()),
            None => hash_password(password),
        }
    }

    /// How many new passwords were hashed ahead.
    pub(crate) fn hashed_ahead(&self) -> usize {
        self.hashed.len()
    }

    /// How many claims were checked ahead.
    pub(crate) fn len(&self) -> usize {
        self.checked.len()
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
    fn a_new_password_hashed_ahead_is_the_one_used_and_verifies() {
        let passwords = VerifiedPasswords::new();
        let mut ahead = Prechecked::new();
        ahead.hash_ahead("Carol", "long enough phrase").unwrap();
        assert_eq!(ahead.hashed_ahead(), 1);
        let hash = ahead.new_hash("carol", "long enough phrase").unwrap();
        assert_eq!(hash, ahead.new_hash("CAROL", "long enough phrase").unwrap());
        assert!(passwords.matches("long enough phrase", &hash));
        // Not hashed ahead: made now, with a salt of its own.
        let other = ahead.new_hash("dave", "long enough phrase").unwrap();
        assert_ne!(other, hash);
        assert!(passwords.matches("long enough phrase", &other));
    }

    #[test]
    fn hashes_keep_the_stored_format_and_parameters_both_ways() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let ours = hash_password("secret").unwrap();
        assert!(
            ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{ours}"
        );
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default()
            .verify_password(b"secret", &parsed)
            .is_ok());
        let salt = SaltString::encode_b64(b"saltsaltsaltsalt").unwrap();
        let theirs = Argon2::default()
            .hash_password(b"hidden", &salt)
            .unwrap()
            .to_string();
        assert!(password_matches("hidden", &theirs));
        assert!(!password_matches("Hidden", &theirs));
        // An older argon2i hash (other algorithm and parameters) still reads.
        let older = Argon2::new(
            Algorithm::Argon2i,
            Version::V0x10,
            Params::new(64, 3, 1, None).unwrap(),
        )
        .hash_password(b"old", &salt)
        .unwrap()
        .to_string();
        assert!(password_matches("old", &older));
        assert!(!password_matches("new", &older));
    }

    #[test]
    fn the_working_memory_is_kept_for_the_next_hash() {
        hash_password("first").unwrap();
        let kept = WORKING_MEMORY.with(|memory| memory.borrow().as_ptr() as usize);
        assert!(!password_matches("second", &hash_password("x").unwrap()));
        let again = WORKING_MEMORY.with(|memory| memory.borrow().as_ptr() as usize);
        assert_eq!(kept, again);
        assert_eq!(
            WORKING_MEMORY.with(|memory| memory.borrow().len()),
            KEPT_BLOCKS
        );
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
