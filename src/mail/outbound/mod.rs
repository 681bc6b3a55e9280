//! Mail out: an outbox row becomes an RFC 5322 message, built with
//! lettre. `sender` hands it to a transport.

pub mod compose;
pub mod sender;
pub mod transport;

use crate::store::{MailHtml, QueuedMail, StoreError};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::Message;

#[derive(Debug, thiserror::Error)]
pub enum OutboundError {
    #[error("outbox row {id}: cannot build the message: {reason}")]
    Build { id: i64, reason: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The host's own mailbox, used as From on everything it sends.
pub fn host_mailbox(name: &str, address: &str) -> Result<Mailbox, String> {
    format!("{name} <{address}>")
        .parse::<Mailbox>()
        .or_else(|_| address.parse::<Mailbox>())
        .map_err(|err| format!("{address:?} is not a usable mail address: {err}"))
}

/// Builds the message for one outbox row.
pub fn build_message(id: i64, mail: &QueuedMail, from: &Mailbox) -> Result<Message, OutboundError> {
    let build_error = |reason: String| OutboundError::Build { id, reason };
    let to: Mailbox = crate::mail::address::recipient(&mail.recipient)
        .map_err(|err| build_error(format!("recipient: {err}")))?;
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.clone())
        .message_id(Some(format!("<{}>", mail.message_id)));
    if let Some(parent) = &mail.in_reply_to {
        builder = builder.in_reply_to(format!("<{parent}>"));
    }
    if !mail.references.is_empty() {
        // One call with every id: a second call would replace the first.
        let references: Vec<String> = mail.references.iter().map(|id| format!("<{id}>")).collect();
        builder = builder.references(references.join(" "));
    }
    let built = match (&mail.attachment, &mail.html) {
        // A single part, so that the mail carries MIME-Version: 1.0 and
        // its charset and transfer encoding like every other (RFC 2045).
        (None, None) => builder.singlepart(SinglePart::plain(mail.body.clone())),
        (file, html) => {
            let text = SinglePart::plain(mail.body.clone());
            let Some(file) = file else {
                return finish(builder.multipart(alternative(text, html)), from, id);
            };
            let content_type = ContentType::parse(&file.content_type)
                .map_err(|err| build_error(format!("attachment type: {err}")))?;
            let file = Attachment::new(file.name.clone()).body(file.text.clone(), content_type);
            let mixed = match html {
                None => MultiPart::mixed().singlepart(text),
                Some(_) => MultiPart::mixed().multipart(alternative(text, html)),
            };
            builder.multipart(mixed.singlepart(file))
        }
    };
    finish(built, from, id)
}

/// The text and the HTML as alternatives (the client shows the last it
/// can), the HTML with its board image beside it when it has one.
fn alternative(text: SinglePart, html: &Option<MailHtml>) -> MultiPart {
    let both = MultiPart::alternative().singlepart(text);
    let Some(html) = html else {
        return both;
    };
    let page = SinglePart::html(html.html.clone());
    match &html.image {
        None => both.singlepart(page),
        Some(png) => both.multipart(MultiPart::related().singlepart(page).singlepart(
            Attachment::new_inline(MailHtml::IMAGE_ID.to_string()).body(
                png.clone(),
                ContentType::parse("image/png").expect("a valid type"),
            ),
        )),
    }
}

/// Stamps the built message as automatic and as this host's.
fn finish(
    built: Result<Message, lettre::error::Error>,
    from: &Mailbox,
    id: i64,
) -> Result<Message, OutboundError> {
    let build_error = |reason: String| OutboundError::Build { id, reason };
    let mut message = built.map_err(|err| build_error(err.to_string()))?;
    // RFC 3834: mark the mail as automatic so well-behaved robots (vacation
    // replies) do not answer it.
    message.headers_mut().insert_raw(HeaderValue::new(
        HeaderName::new_from_ascii_str("Auto-Submitted"),
        "auto-replied".to_string(),
    ));
    // Names this host, so a copy that comes back (a forwarding loop that
    // strips Auto-Submitted) is recognised and not answered again.
    message.headers_mut().insert_raw(HeaderValue::new(
        HeaderName::new_from_ascii_str("X-Loop"),
        from.email.to_string(),
    ));
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queued(recipient: &str, id: &str) -> QueuedMail {
        QueuedMail {
            recipient: recipient.into(),
            subject: "Chess Board 101 bob".into(),
            body: "board".into(),
            message_id: id.into(),
            in_reply_to: Some("pbem.101.a@localhost".into()),
            references: vec![
                "pbem.101.root@localhost".into(),
                "pbem.101.a@localhost".into(),
            ],
            purpose: crate::store::MailPurpose::Game,
            attachment: None,
            html: None,
            cause: None,
        }
    }

    #[test]
    fn message_carries_the_threading_headers_and_auto_submitted() {
        let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
        let message =
            build_message(2, &queued("bob@example.org", "pbem.2@localhost"), &from).unwrap();
        let written = String::from_utf8(message.formatted()).unwrap();
        assert!(written.contains("To: bob@example.org"));
        assert!(written.contains("Message-ID: <pbem.2@localhost>"));
        assert!(written.contains("In-Reply-To: <pbem.101.a@localhost>"));
        assert!(written.contains("References: <pbem.101.root@localhost> <pbem.101.a@localhost>"));
        assert!(written.contains("Auto-Submitted: auto-replied"));
        assert!(written.contains("X-Loop: pbem@localhost"), "{written}");
    }

    #[test]
    fn a_mail_with_a_file_is_multipart_with_the_text_first_and_the_file_named() {
        let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
        let mut mail = queued("bob@example.org", "pbem.3@localhost");
        mail.attachment = Some(crate::store::MailAttachment {
            name: "chess-101.pgn".into(),
            content_type: "application/vnd.chess-pgn".into(),
            text: "[Event \"PBeM host\"]\n\n1. e4 *\n".into(),
        });
        let written = build_message(3, &mail, &from).unwrap().formatted();
        use mail_parser::MimeHeaders;
        let parsed = mail_parser::MessageParser::default()
            .parse(&written)
            .unwrap();
        assert_eq!(parsed.body_text(0).unwrap().trim(), "board");
        let file = parsed.attachment(0).expect("one attachment");
        assert_eq!(file.attachment_name(), Some("chess-101.pgn"));
        assert!(String::from_utf8_lossy(file.contents()).contains("1. e4 *"));
    }

    #[test]
    fn a_board_mail_is_text_or_html_alternatives_with_the_image_related_and_the_file_mixed() {
        use mail_parser::{MimeHeaders, PartType};
        let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
        let mut mail = queued("bob@example.org", "pbem.4@localhost");
        mail.html = Some(MailHtml {
            html: "<p>the board</p>".into(),
            image: Some(vec![0x89, b'P', b'N', b'G', 1, 2, 3]),
        });
        mail.attachment = Some(crate::store::MailAttachment {
            name: "chess-101.pgn".into(),
            content_type: "application/vnd.chess-pgn".into(),
            text: "1. e4 *\n".into(),
        });
        let written = build_message(4, &mail, &from).unwrap().formatted();
        let text = String::from_utf8_lossy(&written);
        for kind in [
            "multipart/mixed",
            "multipart/alternative",
            "multipart/related",
        ] {
            assert!(text.contains(kind), "{kind} in {text}");
        }
        // The text comes first, so a client that shows no HTML shows it.
        assert!(text.find("text/plain").unwrap() < text.find("text/html").unwrap());
        let parsed = mail_parser::MessageParser::default()
            .parse(&written)
            .unwrap();
        assert_eq!(parsed.body_text(0).unwrap().trim(), "board");
        let image = parsed
            .parts
            .iter()
            .find(|part| part.content_id() == Some("board.png"))
            .expect("the image by its Content-ID");
        assert!(
            matches!(&image.body, PartType::InlineBinary(b) | PartType::Binary(b) if b.len() == 7)
        );
        assert!(parsed.attachment(0).is_some() || parsed.attachment(1).is_some());
    }

    #[test]
    fn a_row_without_html_from_an_older_version_is_plain_text_as_before() {
        let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
        let written = build_message(5, &queued("bob@example.org", "pbem.5@localhost"), &from)
            .unwrap()
            .formatted();
        let text = String::from_utf8_lossy(&written);
        assert!(text.contains("Content-Type: text/plain"), "{text}");
        assert!(!text.contains("multipart"), "{text}");
    }

    #[test]
    fn a_text_only_mail_says_mime_version_charset_and_encoding() {
        let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
        let mut mail = queued("bob@example.org", "pbem.6@localhost");
        mail.body = "Grüße: bitte bestätige deine Adresse.".into();
        let written = build_message(6, &mail, &from).unwrap().formatted();
        let text = String::from_utf8_lossy(&written);
        let (head, _) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.contains("MIME-Version: 1.0"), "{head}");
        assert!(
            head.contains("Content-Type: text/plain; charset=utf-8"),
            "{head}"
        );
        assert!(head.contains("Content-Transfer-Encoding: "), "{head}");
        let parsed = mail_parser::MessageParser::default()
            .parse(&written)
            .unwrap();
        let body = parsed.body_text(0).unwrap_or_default();
        assert_eq!(body.trim_end(), "Grüße: bitte bestätige deine Adresse.");
    }

    #[test]
    fn an_unusable_recipient_is_a_build_error() {
        let from = host_mailbox("PBeM host", "pbem@localhost").unwrap();
        let err =
            build_message(1, &queued("not an address", "pbem.1@localhost"), &from).unwrap_err();
        assert!(matches!(err, OutboundError::Build { id: 1, .. }), "{err}");
    }
}
