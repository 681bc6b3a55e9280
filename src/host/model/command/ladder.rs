//! The ladder commands' parts, and which events a list or a log is of.

/// `GAME ladder VERB [NAME] userid password [...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderAction {
    pub(crate) verb: LadderVerb,
    pub userid: String,
    pub(crate) password: String,
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
    Leagues,
}

/// What the director of an event (a ladder's director, a tournament's
/// organiser, or the host's operator) may do to it: one set of verbs for
/// every kind of event, read once by the grammar, by mail and from the
/// command line alike. Not every kind of event has every verb
/// ([`DirectorVerb::belongs_to`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectorVerb {
    /// Lets in a player who asked to join.
    Admit {
        player: String,
    },
    /// Invites a player to join.
    Invite {
        player: String,
    },
    /// A ladder's player keeps his place but plays no new ladder game.
    Suspend {
        player: String,
    },
    Reinstate {
        player: String,
    },
    /// Takes the player out; his running games in the event are lost by
    /// him.
    Remove {
        player: String,
    },
    /// `new` takes `old`'s place on the boards `old` has not begun (a
    /// tournament's).
    Replace {
        old: String,
        new: String,
    },
    /// Rule words changing the rules: a ladder's for games not yet
    /// begun, a tournament's before its start.
    Rules {
        words: Vec<String>,
    },
    HandOver {
        to: String,
    },
    /// A tournament's first boards begin.
    Start,
    /// Ends the event: a tournament's running boards are voided; a
    /// ladder takes no new game.
    Cancel,
    /// The text is the mail's below the command.
    Announce,
}

impl DirectorVerb {
    /// Every verb, its arguments still empty, by its word.
    pub(crate) fn from_word(word: &str) -> Option<DirectorVerb> {
        let player = String::new;
        Some(match word.to_ascii_lowercase().as_str() {
            "admit" => DirectorVerb::Admit { player: player() },
            "invite" => DirectorVerb::Invite { player: player() },
            "suspend" => DirectorVerb::Suspend { player: player() },
            "reinstate" => DirectorVerb::Reinstate { player: player() },
            "remove" => DirectorVerb::Remove { player: player() },
            "replace" => DirectorVerb::Replace {
                old: player(),
                new: player(),
            },
            "rules" => DirectorVerb::Rules { words: Vec::new() },
            "handover" | "hand-over" => DirectorVerb::HandOver { to: player() },
            "start" => DirectorVerb::Start,
            "cancel" => DirectorVerb::Cancel,
            "announce" => DirectorVerb::Announce,
            _ => return None,
        })
    }

    /// The verb's word, as a refusal and the log name it.
    pub(crate) fn word(&self) -> &'static str {
        match self {
            DirectorVerb::Admit { .. } => "admit",
            DirectorVerb::Invite { .. } => "invite",
            DirectorVerb::Suspend { .. } => "suspend",
            DirectorVerb::Reinstate { .. } => "reinstate",
            DirectorVerb::Remove { .. } => "remove",
            DirectorVerb::Replace { .. } => "replace",
            DirectorVerb::Rules { .. } => "rules",
            DirectorVerb::HandOver { .. } => "handover",
            DirectorVerb::Start => "start",
            DirectorVerb::Cancel => "cancel",
            DirectorVerb::Announce => "announce",
        }
    }

    /// What the verb takes after its word, for a message about a
    /// command written wrong.
    pub(crate) fn takes(&self) -> &'static str {
        match self {
            DirectorVerb::Admit { .. }
            | DirectorVerb::Invite { .. }
            | DirectorVerb::Suspend { .. }
            | DirectorVerb::Reinstate { .. }
            | DirectorVerb::Remove { .. }
            | DirectorVerb::HandOver { .. } => "one userid",
            DirectorVerb::Replace { .. } => "two userids, the old player's and the new one's",
            DirectorVerb::Rules { .. } => "one rule word or more",
            DirectorVerb::Announce => "the text to send",
            DirectorVerb::Start | DirectorVerb::Cancel => "no more words",
        }
    }

    /// Whether events of this kind have the verb.
    pub(crate) fn belongs_to(&self, events: EventList) -> bool {
        match self {
            DirectorVerb::Suspend { .. } | DirectorVerb::Reinstate { .. } => {
                events == EventList::Ladders
            }
            DirectorVerb::Replace { .. } => events == EventList::Tournaments,
            DirectorVerb::Start => events != EventList::Ladders,
            // Anyone may join a league.
            DirectorVerb::Admit { .. } | DirectorVerb::Invite { .. } => {
                events != EventList::Leagues
            }
            _ => true,
        }
    }

    /// The verb with its arguments from the words after it; `None` when
    /// they are not the ones it takes.
    pub(crate) fn with_arguments(mut self, rest: &[&str]) -> Option<DirectorVerb> {
        match (&mut self, rest) {
            (
                DirectorVerb::Admit { player }
                | DirectorVerb::Invite { player }
                | DirectorVerb::Suspend { player }
                | DirectorVerb::Reinstate { player }
                | DirectorVerb::Remove { player }
                | DirectorVerb::HandOver { to: player },
                [named],
            ) => *player = named.to_string(),
            (DirectorVerb::Replace { old, new }, [out, into]) => {
                *old = out.to_string();
                *new = into.to_string();
            }
            (DirectorVerb::Rules { words }, [_, ..]) => {
                *words = rest.iter().map(|word| word.to_string()).collect()
            }
            (DirectorVerb::Start | DirectorVerb::Cancel | DirectorVerb::Announce, []) => {}
            _ => return None,
        }
        Some(self)
    }
}
