//! An inbound mail as the host reads it: its sender, ids, subject and
//! text, decoded once by [`super::parse`].

use super::clean;

/// An inbound mail, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboundMail {
    /// Without angle brackets. A mail without one gets an id made from a
    /// hash of its bytes, so a redelivered copy is still recognised
    /// (`made_id`).
    pub message_id: String,
    /// For a mail without a Message-ID, the id older versions made for
    /// it, which a copy handled then is recorded under.
    pub(crate) former_id: Option<String>,
    /// The sender's address (From).
    pub(crate) from: String,
    pub subject: String,
    /// In-Reply-To then References, without angle brackets, as sent.
    pub(crate) in_reply_to: Vec<String>,
    pub(crate) references: Vec<String>,
    /// The whole decoded text (an HTML one as text, its quotes marked with
    /// `>`), for quoting back.
    pub(crate) text: String,
    /// What the sender typed: quotes, signature and footers removed.
    pub(crate) typed: String,
    /// Set when the mail must not be answered (an auto-reply, a bounce, a
    /// list mail), with the reason.
    pub unanswerable: Option<String>,
    /// How many `Received:` headers the mail carries (relays it passed).
    pub(crate) received_hops: usize,
    /// The values of its `X-Loop:` headers, lower-cased: the addresses of
    /// robots that already handled it.
    pub(crate) loop_stamps: Vec<String>,
}

impl InboundMail {
    /// What the sender typed: quotes, signature and footers removed.
    pub fn sender_text(&self) -> String {
        self.typed.clone()
    }

    /// Reads what the sender typed again as a reply to the host, whose
    /// marks (address, display name) `own` are: an intro line or header
    /// block naming the host starts the original, in any language.
    pub(crate) fn read_as_reply_to(&mut self, own: &[&str]) {
        self.typed = clean::sender_text_to(&self.text, own);
    }

    /// Every id the mail names as the one it answers, In-Reply-To first.
    pub(crate) fn thread_ids(&self) -> impl Iterator<Item = &str> {
        self.in_reply_to
            .iter()
            .chain(self.references.iter().rev())
            .map(String::as_str)
    }
}
