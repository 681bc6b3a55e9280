//! The Message-IDs the host generates. Each carries 128 random bits, so
//! only someone who received the mail can name it in a reply's
//! In-Reply-To or References.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The randomness source failed; nothing unguessable can be made now.
#[derive(Debug, thiserror::Error)]
#[error("no random numbers for a Message-ID token: {0}")]
pub struct TokenError(String);

/// A new Message-ID (without angle brackets) for a mail about `board`:
/// `pbem.STAMP.BOARD.TOKEN@domain`. The stamp (microseconds, never the
/// same twice in a process) makes ids sort in the order they were made,
/// so the table of sent ids grows at its end instead of rewriting a random
/// page for every mail; the token is what makes the id unguessable.
pub(crate) fn new_message_id(board: Option<i64>, domain: &str) -> Result<String, TokenError> {
    let token: String = random_token()?
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    let stamp = next_stamp();
    Ok(match board {
        Some(board) => format!("pbem.{stamp:013x}.{board}.{token}@{domain}"),
        None => format!("pbem.{stamp:013x}.{token}@{domain}"),
    })
}

/// Microseconds since the epoch, one more than the last one given when
/// the clock has not moved on.
fn next_stamp() -> u64 {
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_micros() as u64)
        .unwrap_or(0);
    let mut last = LAST.load(Ordering::Relaxed);
    loop {
        let next = now.max(last + 1);
        match LAST.compare_exchange_weak(last, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return next,
            Err(seen) => last = seen,
        }
    }
}

/// 128 bits from the operating system's generator, taken from a pool
/// filled a few hundred bytes at a time: one system call per sixteen
/// tokens instead of one per token.
fn random_token() -> Result<[u8; 16], TokenError> {
    const POOL: usize = 256;
    thread_local! {
        static RANDOM: RefCell<([u8; POOL], usize)> = const { RefCell::new(([0; POOL], POOL)) };
    }
    RANDOM.with(|random| {
        let (pool, used) = &mut *random.borrow_mut();
        if *used == POOL {
            getrandom::getrandom(pool).map_err(|err| TokenError(err.to_string()))?;
            *used = 0;
        }
        let mut token = [0u8; 16];
        token.copy_from_slice(&pool[*used..*used + 16]);
        // No copy of a token handed out stays behind in the pool.
        pool[*used..*used + 16].fill(0);
        *used += 16;
        Ok(token)
    })
}

/// Whether an id has the shape of the ones the host generates
/// (`pbem.STAMP.[BOARD.]TOKEN@DOMAIN`, as [`new_message_id`] makes them) at its own domain.
pub(crate) fn is_own_message_id(id: &str, address: &str) -> bool {
    let Some((_, domain)) = address.rsplit_once('@') else {
        return false;
    };
    let Some((local, id_domain)) = id.rsplit_once('@') else {
        return false;
    };
    if !id_domain.eq_ignore_ascii_case(domain) {
        return false;
    }
    let Some(rest) = local.strip_prefix("pbem.") else {
        return false;
    };
    let token = rest.rsplit('.').next().unwrap_or_default();
    token.len() == 32 && token.bytes().all(|byte| byte.is_ascii_hexdigit())
}

/// Message-IDs in a header value, without their angle brackets.
pub(crate) fn ids_in(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let id = rest[open + 1..open + close].trim();
        if !id.is_empty() {
            ids.push(id.to_string());
        }
        rest = &rest[open + close + 1..];
    }
    if ids.is_empty() {
        ids.extend(text.split_whitespace().map(String::from));
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_ids_differ_and_name_the_board() {
        let first = new_message_id(Some(101), "example.org").unwrap();
        let second = new_message_id(Some(101), "example.org").unwrap();
        assert_ne!(first, second);
        let parts: Vec<&str> = first.trim_end_matches("@example.org").split('.').collect();
        assert_eq!(parts[0], "pbem");
        assert_eq!(parts[2], "101");
        assert_eq!(parts[3].len(), 32, "128 bits in hex");
        assert!(first.ends_with("@example.org"));
    }

    #[test]
    fn message_ids_sort_in_the_order_they_were_made() {
        let ids: Vec<String> = (0..200)
            .map(|n| new_message_id(Some(n % 3), "example.org").unwrap())
            .collect();
        let stamps: Vec<&str> = ids.iter().map(|id| &id[5..18]).collect();
        assert!(
            stamps.windows(2).all(|pair| pair[0] < pair[1]),
            "{stamps:?}"
        );
    }

    #[test]
    fn tokens_never_repeat_across_pool_refills() {
        let tokens: std::collections::HashSet<[u8; 16]> =
            (0..100).map(|_| random_token().unwrap()).collect();
        assert_eq!(tokens.len(), 100);
        assert!(!tokens.contains(&[0u8; 16]));
    }

    #[test]
    fn ids_are_read_from_a_references_header() {
        assert_eq!(ids_in("<a@b> <c@d>\r\n <e@f>"), vec!["a@b", "c@d", "e@f"]);
        assert_eq!(ids_in("bare@id"), vec!["bare@id"]);
    }

    #[test]
    fn generated_ids_are_recognised_as_the_hosts_own() {
        let board = new_message_id(Some(101), "example.org").unwrap();
        let plain = new_message_id(None, "example.org").unwrap();
        assert!(is_own_message_id(&board, "pbem@example.org"));
        assert!(is_own_message_id(&plain, "pbem@example.org"));
        assert!(!is_own_message_id(&board, "pbem@elsewhere.org"));
        assert!(!is_own_message_id(
            "player.0123@example.org",
            "pbem@example.org"
        ));
        assert!(!is_own_message_id(
            "pbem.short@example.org",
            "pbem@example.org"
        ));
    }
}
