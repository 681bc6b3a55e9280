//! The host's own screening of an inbound mail before any command runs:
//! the limits an operator sets on what one mail may ask for, and the
//! signs that a mail is the host's own mail coming back (a loop).

use crate::mail::inbound::InboundMail;

/// What one inbound mail may be, set in `[inbound]` of the config.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboundLimits {
    /// A larger message is refused before it is parsed.
    pub max_message_bytes: usize,
    /// Commands run from one `multiple` mail; the lines after these are
    /// refused in one error.
    pub max_commands_per_mail: usize,
    /// A mail naming more ids in References is not answered: only a loop
    /// or a forgery builds a thread that long.
    pub max_references: usize,
    /// A mail that passed more relays than this is not answered (RFC 5321
    /// suggests treating 100 as a loop; real mail has a dozen at most).
    pub max_received_hops: usize,
}

impl Default for InboundLimits {
    fn default() -> Self {
        InboundLimits {
            max_message_bytes: 1024 * 1024,
            max_commands_per_mail: 50,
            max_references: 100,
            max_received_hops: 30,
        }
    }
}

/// Why the host must not answer this mail, judged by its own address and
/// limits (the sender-independent RFC 3834 checks are in
/// `mail::inbound`).
pub fn loop_reason(mail: &InboundMail, address: &str, limits: &InboundLimits) -> Option<String> {
    let own = address.to_lowercase();
    if mail.from.eq_ignore_ascii_case(address) {
        return Some("it comes from the host's own address".into());
    }
    if mail.loop_stamps.iter().any(|stamp| stamp == &own) {
        return Some(format!("it carries the host's own X-Loop: {own}"));
    }
    if is_own_message_id(&mail.message_id, address) {
        return Some(format!(
            "its Message-ID <{}> is one the host made: its own mail came back",
            mail.message_id
        ));
    }
    if mail.references.len() > limits.max_references {
        return Some(format!(
            "its References name {} mails (more than {}): a loop",
            mail.references.len(),
            limits.max_references
        ));
    }
    if mail.received_hops > limits.max_received_hops {
        return Some(format!(
            "it passed {} relays (more than {}): a loop",
            mail.received_hops, limits.max_received_hops
        ));
    }
    None
}

/// Whether an id has the shape of the ones the host generates
/// (`pbem.[BOARD.]TOKEN@DOMAIN`, see `mail::threading`) at its own domain.
fn is_own_message_id(id: &str, address: &str) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::threading::new_message_id;

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
