//! The ladder commands' parts, and which events a list or a log is of.

/// `GAME ladder VERB [NAME] userid password [...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderAction {
    pub verb: LadderVerb,
    pub userid: String,
    pub password: String,
}

/// What a ladder command does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LadderVerb {
    Join,
    Leave,
    /// With the rule words and switches it runs by.
    Create {
        rules: Vec<String>,
    },
    /// What only the ladder's director may do.
    Direct(DirectorVerb),
}

/// Which events `GAME ladders|tournaments` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventList {
    Ladders,
    Tournaments,
}

/// A ladder director's verbs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectorVerb {
    Admit {
        player: String,
    },
    Invite {
        player: String,
    },
    Suspend {
        player: String,
    },
    Reinstate {
        player: String,
    },
    /// Takes the player off the ladder; his running ladder games on it
    /// are lost by him.
    Remove {
        player: String,
    },
    /// Rule words changing the rules for games not yet begun.
    Rules {
        words: Vec<String>,
    },
    HandOver {
        to: String,
    },
    Cancel,
    /// The text is the mail's below the command.
    Announce,
}
