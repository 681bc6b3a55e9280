//! Writes a mail as a player's client would, for `pbem mail`: a command
//! in the Subject, or a reply that answers one of the host's mails.

use crate::mail::threading::new_message_id;
use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::Message;
use mail_parser::MessageParser;

#[derive(Debug, thiserror::Error)]
pub enum ComposeError {
    #[error("{0:?} is not a mail address")]
    Address(String),
    #[error("the mail to answer cannot be read as a message")]
    Original,
    #[error("cannot build the message: {0}")]
    Build(String),
    #[error(transparent)]
    Token(#[from] crate::mail::threading::TokenError),
}

/// A player's mail to the host. With `answering`, the raw bytes of a mail
/// the host sent, it becomes a reply: `Re:` subject when none is given,
/// In-Reply-To and References, and the original quoted under the text.
pub fn player_mail(
    from: &str,
    to: &str,
    subject: Option<&str>,
    body: &str,
    answering: Option<&[u8]>,
) -> Result<Vec<u8>, ComposeError> {
    let from_box: Mailbox = from
        .parse()
        .map_err(|_| ComposeError::Address(from.to_string()))?;
    let to_box: Mailbox = to
        .parse()
        .map_err(|_| ComposeError::Address(to.to_string()))?;
    let domain = from.rsplit_once('@').map_or("localhost", |(_, d)| d);
    let mut builder = Message::builder()
        .from(from_box)
        .to(to_box)
        .message_id(Some(format!(
            "<{}>",
            // Marked as the player's, so nobody mistakes it for a host id.
            new_message_id(None, domain)?.replacen("pbem.", "player.", 1)
        )))
        .header(ContentType::TEXT_PLAIN);
    let mut text = body.to_string();
    let mut subject = subject.map(str::to_string);
    if let Some(raw) = answering {
        let original = MessageParser::default()
            .parse(raw)
            .ok_or(ComposeError::Original)?;
        let original_id = original.message_id().ok_or(ComposeError::Original)?;
        let mut references: Vec<String> = match original.references().as_text_list() {
            Some(list) => list.iter().map(|id| format!("<{id}>")).collect(),
            None => original
                .references()
                .as_text()
                .map(|id| vec![format!("<{id}>")])
                .unwrap_or_default(),
        };
        references.push(format!("<{original_id}>"));
        builder = builder
            .in_reply_to(format!("<{original_id}>"))
            .references(references.join(" "));
        if subject.is_none() {
            subject = Some(format!("Re: {}", original.subject().unwrap_or_default()));
        }
        let quoted: Vec<String> = original
            .body_text(0)
            .unwrap_or_default()
            .lines()
            .map(|line| format!("> {line}"))
            .collect();
        text = format!(
            "{text}\n\nOn an earlier day, the host wrote:\n{}\n",
            quoted.join("\n")
        );
    }
    let message = builder
        .subject(subject.unwrap_or_default())
        .body(text)
        .map_err(|err| ComposeError::Build(err.to_string()))?;
    Ok(message.formatted())
}
