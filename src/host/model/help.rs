//! The topics `help` answers, besides each game's rules: what the
//! handler accepts and the renderer lists.

/// The help topics besides the games' rules; each is a template
/// `help/TOPIC.txt` in every language.
pub const HELP_TOPICS: &[&str] = &[
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
    "message",
];
