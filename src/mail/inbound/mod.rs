//! Reading one raw RFC 5322 message into what the host needs: who sent
//! it, its ids, its subject and its text.

pub mod clean;
pub mod failed;
pub(crate) mod html;
pub mod imap;
pub mod made_id;
pub mod maildir;
mod message;
pub(crate) mod raw;
pub(crate) mod screen;
pub(crate) mod watch;

use super::threading::ids_in;
use crate::mail::inbound::clean::sender_text;
use crate::mail::inbound::html::html_as_text;
use crate::mail::inbound::screen::unanswerable_reason;
use mail_parser::{HeaderValue, MessageParser, PartType};
pub use message::InboundMail;

/// Why a message could not be read at all.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum InboundError {
    #[error("not an RFC 5322 message")]
    Unparseable,
    #[error("the message has no From address")]
    NoSender,
    /// The From, escaped, of an address the host cannot send to.
    #[error("the From address {0} is not one the host can answer")]
    UnusableSender(String),
    /// More than one From header, or one naming more than one address
    /// or a group: the MTA's checks (SPF, DMARC) and the host could
    /// believe different senders, so the host believes none. The
    /// addresses named, escaped.
    #[error(
        "the message names more than one sender ({0}); the host answers only a mail with one From"
    )]
    AmbiguousSender(String),
}

/// The one address of the one From header. A mail with two From headers
/// was answered as the last while the MTA checked the first (issue 44).
fn sole_from(message: &mail_parser::Message<'_>) -> Result<String, InboundError> {
    let headers = message
        .headers()
        .iter()
        .filter(|header| header.name().eq_ignore_ascii_case("From"))
        .count();
    let named: Vec<String> = message
        .headers()
        .iter()
        .filter(|header| header.name().eq_ignore_ascii_case("From"))
        .filter_map(|header| header.value().as_address())
        .flat_map(|address| address.iter())
        .filter_map(|addr| addr.address())
        .map(|address| address.trim().to_string())
        .collect();
    let grouped = message.from().is_some_and(|from| from.as_group().is_some());
    match named.as_slice() {
        [] => Err(InboundError::NoSender),
        [one] if headers == 1 && !grouped => Ok(one.clone()),
        _ => {
            let shown: Vec<String> = named
                .iter()
                .map(|address| address.escape_default().to_string())
                .collect();
            Err(InboundError::AmbiguousSender(shown.join(", ")))
        }
    }
}

/// Whether an id can be written back into a header of a reply as it is:
/// printable ASCII with no space or angle bracket, of a sane length, so
/// nothing the sender chose can break a header line or add a header.
fn is_safe_id(id: &str) -> bool {
    (1..=250).contains(&id.len())
        && id
            .bytes()
            .all(|byte| byte.is_ascii_graphic() && byte != b'<' && byte != b'>')
}

fn header_ids(value: &HeaderValue<'_>) -> Vec<String> {
    let ids = match value {
        HeaderValue::Text(text) => ids_in(&format!("<{text}>")),
        HeaderValue::TextList(list) => list
            .iter()
            .flat_map(|id| ids_in(&format!("<{id}>")))
            .collect(),
        _ => Vec::new(),
    };
    ids.into_iter().filter(|id| is_safe_id(id)).collect()
}

/// Parses one message.
pub fn parse(raw: &[u8]) -> Result<InboundMail, InboundError> {
    let message = MessageParser::default()
        .parse(raw)
        .ok_or(InboundError::Unparseable)?;
    let from = sole_from(&message)?;
    // One the host cannot answer gets nothing (and is recorded).
    if let Err(unusable) = crate::mail::address::recipient(&from) {
        return Err(InboundError::UnusableSender(unusable.shown));
    }
    let (message_id, former_id) = match message.message_id() {
        Some(id) if is_safe_id(id.trim()) => (id.trim().to_string(), None),
        _ => (made_id::made_id(raw), Some(made_id::former_made_id(raw))),
    };
    // An HTML-only mail marks its quotes with <blockquote>: its text
    // marks them with `>` as a plain one does, for the same cleaner.
    let text = match message.text_part(0).map(|part| &part.body) {
        Some(PartType::Html(html)) => html_as_text(html),
        _ => message
            .body_text(0)
            .map(|text| text.replace("\r\n", "\n"))
            .unwrap_or_default(),
    };
    let typed = sender_text(&text);
    let unanswerable = unanswerable_reason(&message, &from);
    let received_hops = message
        .headers()
        .iter()
        .filter(|header| header.name().eq_ignore_ascii_case("Received"))
        .count();
    let loop_stamps = message
        .headers()
        .iter()
        .filter(|header| header.name().eq_ignore_ascii_case("X-Loop"))
        .filter_map(|header| header.value().as_text())
        .map(|value| value.trim().trim_matches(['<', '>']).to_lowercase())
        .collect();
    Ok(InboundMail {
        received_hops,
        loop_stamps,
        message_id,
        former_id,
        subject: one_line(message.subject().unwrap_or_default()),
        in_reply_to: header_ids(message.in_reply_to()),
        references: header_ids(message.references()),
        from,
        text,
        typed,
        unanswerable,
    })
}

/// A header's text on one line: control characters (a line break
/// someone encoded into it) become spaces, so that no echo of it can
/// start a line of its own.
fn one_line(text: &str) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    line.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_message_is_read() {
        let raw = b"From: Alice <alice@example.org>\r\nTo: pbem@example.org\r\nSubject: Re: Chess Board 101 bob\r\nMessage-ID: <m1@example.org>\r\nIn-Reply-To: <pbem.101.abc@host>\r\nReferences: <pbem.101.root@host> <pbem.101.abc@host>\r\n\r\ne2e4\r\n> old\r\n";
        let mail = parse(raw).unwrap();
        assert_eq!(mail.from, "alice@example.org");
        assert_eq!(mail.message_id, "m1@example.org");
        assert_eq!(mail.subject, "Re: Chess Board 101 bob");
        assert_eq!(mail.in_reply_to, vec!["pbem.101.abc@host"]);
        assert_eq!(
            mail.references,
            vec!["pbem.101.root@host", "pbem.101.abc@host"]
        );
        assert_eq!(mail.sender_text(), "e2e4");
        assert_eq!(mail.unanswerable, None);
    }

    #[test]
    fn a_mail_naming_more_than_one_sender_is_not_read() {
        let two_headers =
            b"From: mallory@attacker.test\r\nFrom: alice@example.org\r\nSubject: x\r\n\r\nhi\r\n";
        let two_addresses =
            b"From: mallory@attacker.test, alice@example.org\r\nSubject: x\r\n\r\nhi\r\n";
        let group = b"From: friends: alice@example.org;\r\nSubject: x\r\n\r\nhi\r\n";
        for raw in [&two_headers[..], &two_addresses[..], &group[..]] {
            let err = parse(raw).unwrap_err();
            assert!(
                matches!(err, InboundError::AmbiguousSender(_)),
                "{err:?} for {}",
                String::from_utf8_lossy(raw)
            );
        }
        let err = parse(two_headers).unwrap_err();
        assert!(
            err.to_string()
                .contains("mallory@attacker.test, alice@example.org"),
            "{err}"
        );
        let none = b"Subject: x\r\n\r\nhi\r\n";
        assert_eq!(parse(none).unwrap_err(), InboundError::NoSender);
    }

    #[test]
    fn html_only_quotes_are_not_the_senders_text() {
        let raw = "From: bob@example.org\r\nSubject: Re: Chess Board 101 bob\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<div>e5</div><div>Nice move</div><blockquote type=\"cite\"><div>alice played e4</div><blockquote>older</blockquote>board</blockquote><p>Ciao</p>";
        let mail = parse(raw.as_bytes()).unwrap();
        let typed = mail.sender_text();
        let lines: Vec<&str> = typed
            .lines()
            .filter(|line| !line.trim().is_empty())
            .collect();
        assert_eq!(lines, ["e5", "Nice move", "Ciao"]);
        assert!(
            mail.text.contains("alice played e4"),
            "the full text is kept for quoting"
        );
    }

    #[test]
    fn auto_replies_are_marked_unanswerable() {
        let raw = b"From: bob@example.org\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\n\r\naway\r\n";
        assert!(parse(raw).unwrap().unanswerable.is_some());
    }

    #[test]
    fn missing_sender_is_an_error_not_a_panic() {
        assert_eq!(
            parse(b"Subject: x\r\n\r\nbody"),
            Err(InboundError::NoSender)
        );
        assert!(parse(b"").is_err());
    }
}
