//! The topics `help` answers, besides each game's rules: what the
//! handler accepts, the renderer lists and the templates build in.

/// Hands the help topics besides the games' rules, as literals, to the
/// macro `$then`: [`HELP_TOPICS`] and the built-in templates
/// (`help/TOPIC.txt` in every language, read at compile time) are both
/// made from this one list.
macro_rules! help_topics {
    ($then:ident) => {
        $then! {
            "commands",
            "move",
            "reply",
            "challenge",
            "draw",
            "aborted",
            "account",
            "show",
            "chat",
            "multiple",
            "subjects",
            "set",
            "time",
            "ratings",
            "ladder",
            "tournament",
            "league",
            "robots",
            "queue",
            "preview",
            "undo",
            "note",
            "seek",
            "message"
        }
    };
}
pub(crate) use help_topics;

macro_rules! topic_list {
    ($($topic:literal),*) => {
        &[$($topic),*]
    };
}

/// The help topics besides the games' rules; each is a template
/// `help/TOPIC.txt` in every language.
pub const HELP_TOPICS: &[&str] = help_topics!(topic_list);
