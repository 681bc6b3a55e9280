//! Limits that stop floods at their source: what one mail may carry to
//! others, how many accounts one address may hold, and how many answers
//! the host sends in all to senders it does not know.

/// `[limits]`: each bounds what one sender can make the host send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// A comment (or message, or chat) longer than this, in bytes, is
    /// refused to its sender and nothing is done.
    pub max_comment_bytes: usize,
    /// At most this many accounts may share one address.
    pub accounts_per_address: usize,
    /// Answers to senders who are no player (error mails, help), across
    /// all their addresses, per hour; past it they get nothing.
    pub stranger_answers_per_hour: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_comment_bytes: 4096,
            accounts_per_address: 3,
            stranger_answers_per_hour: 200,
        }
    }
}
