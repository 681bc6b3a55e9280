//! The one rule for which addresses the host deals with: an address it
//! takes mail from is one it can answer, and one it sends to is one it
//! took. Inbound From, the addresses of a signup or `change address`, and
//! every outbox recipient are held to it, so nothing is accepted inbound
//! that the transport would refuse and set aside.

use lettre::message::Mailbox;

/// Why the host will not deal with an address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{shown} is not an address the host can send to: {reason}")]
pub(crate) struct Unusable {
    /// The address, escaped so that nothing in it can break a log line.
    pub(crate) shown: String,
    pub(crate) reason: &'static str,
}

/// The address as a recipient, or why it cannot be one: a bare
/// `local@domain` without a display name, no undecodable bytes (U+FFFD
/// where the sender's bytes were not UTF-8), no spaces or control
/// characters, and one a message can be addressed to (lettre refuses a
/// quoted local part and a domain literal such as `[127.0.0.1]`).
pub(crate) fn recipient(address: &str) -> Result<Mailbox, Unusable> {
    let refuse = |reason| Unusable {
        shown: format!("{:?}", address),
        reason,
    };
    if address.contains('\u{FFFD}') {
        return Err(refuse("it holds bytes that are not UTF-8"));
    }
    if address.is_empty() || address.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(refuse("it is empty or holds spaces or control characters"));
    }
    if address.contains(['<', '>', '"', '[', ']', '(', ')']) {
        return Err(refuse(
            "a quoted local part, a domain literal or a display name",
        ));
    }
    if address.parse::<lettre::Address>().is_err() {
        return Err(refuse("it is not local@domain"));
    }
    let mailbox = address
        .parse::<Mailbox>()
        .map_err(|_| refuse("a message cannot be addressed to it"))?;
    if mailbox.name.is_some() || mailbox.email.to_string() != address {
        return Err(refuse("it is not a bare address"));
    }
    Ok(mailbox)
}

/// Whether the host deals with `address` at all (see [`recipient`]).
pub(crate) fn usable(address: &str) -> bool {
    recipient(address).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_outbound_side_refuses_the_rule_refuses() {
        for address in [
            "\"quoted local\"@example.org",
            "user+tag@[127.0.0.1]",
            "al\u{FFFD}ce@example.org",
            "Alice <alice@example.org>",
            "alice@example.org\r\nBcc: x@example.org",
            "not an address",
            "",
        ] {
            assert!(!usable(address), "{address:?}");
        }
        for address in ["alice@example.org", "user+tag@example.org", "bob@localhost"] {
            assert_eq!(recipient(address).unwrap().email.to_string(), address);
        }
    }
}
