//! The settings of seeks and messages a handler reads from its context.

/// How many messages a player may send in an hour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MessageSettings {
    pub(crate) per_hour: u32,
}

impl Default for MessageSettings {
    fn default() -> Self {
        MessageSettings { per_hour: 10 }
    }
}

/// How long a seek stands, and how many one player may have open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeekSettings {
    /// Seconds.
    pub(crate) lifetime: i64,
    pub(crate) max_open: usize,
}

impl Default for SeekSettings {
    fn default() -> Self {
        SeekSettings {
            lifetime: 7 * 86_400,
            max_open: 5,
        }
    }
}
