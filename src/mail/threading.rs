//! The Message-IDs the host generates. Each carries 128 random bits, so
//! only someone who received the mail can name it in a reply's
//! In-Reply-To or References.

/// The randomness source failed; nothing unguessable can be made now.
#[derive(Debug, thiserror::Error)]
#[error("no random numbers for a Message-ID token: {0}")]
pub struct TokenError(String);

/// A new Message-ID (without angle brackets) for a mail about `board`.
pub fn new_message_id(board: Option<i64>, domain: &str) -> Result<String, TokenError> {
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes).map_err(|err| TokenError(err.to_string()))?;
    let token: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    Ok(match board {
        Some(board) => format!("pbem.{board}.{token}@{domain}"),
        None => format!("pbem.{token}@{domain}"),
    })
}

/// Message-IDs in a header value, without their angle brackets.
pub fn ids_in(text: &str) -> Vec<String> {
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
        assert!(first.starts_with("pbem.101."));
        assert!(first.ends_with("@example.org"));
        assert_eq!(first.len(), "pbem.101.".len() + 32 + "@example.org".len());
    }

    #[test]
    fn ids_are_read_from_a_references_header() {
        assert_eq!(ids_in("<a@b> <c@d>\r\n <e@f>"), vec!["a@b", "c@d", "e@f"]);
        assert_eq!(ids_in("bare@id"), vec!["bare@id"]);
    }
}
