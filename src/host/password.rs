//! Passwords are kept only as argon2 hashes (PHC strings).

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

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

#[cfg(test)]
mod tests {
    use super::*;

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
