//! Who may challenge a player (`set ... challenges anyone|played|nobody`):
//! his own choice, within the host's limits. It stops only challenges
//! others make to him: never his own, nor a seek of his someone accepts,
//! nor the boards a ladder or tournament brings.

/// Who may challenge a player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Challengers {
    /// Anyone (the default, and what older accounts have).
    #[default]
    Anyone,
    /// Only players who have played him: a board together, finished, or
    /// running and answered by both.
    Played,
    /// Nobody.
    Nobody,
}

impl Challengers {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Challengers::Anyone => "anyone",
            Challengers::Played => "played",
            Challengers::Nobody => "nobody",
        }
    }

    /// A choice as a player writes it, in any case, with a few obvious
    /// other words for it.
    pub(crate) fn parse(text: &str) -> Option<Challengers> {
        match text.to_ascii_lowercase().as_str() {
            "anyone" | "anybody" | "everyone" | "everybody" | "all" => Some(Challengers::Anyone),
            "played" | "players" | "opponents" => Some(Challengers::Played),
            "nobody" | "none" | "noone" | "no-one" => Some(Challengers::Nobody),
            _ => None,
        }
    }

    /// A stored choice; anything unknown (a hand-edited row) is the
    /// default.
    pub(crate) fn from_stored(stored: Option<&str>) -> Challengers {
        stored.and_then(Challengers::parse).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_reads_back_and_other_words_are_none() {
        for choice in [
            Challengers::Anyone,
            Challengers::Played,
            Challengers::Nobody,
        ] {
            assert_eq!(Challengers::parse(choice.name()), Some(choice));
            assert_eq!(
                Challengers::parse(&choice.name().to_uppercase()),
                Some(choice)
            );
        }
        assert_eq!(Challengers::parse("Players"), Some(Challengers::Played));
        assert_eq!(Challengers::parse("none"), Some(Challengers::Nobody));
        assert_eq!(Challengers::parse("friends"), None);
        assert_eq!(
            Challengers::from_stored(Some("garbage")),
            Challengers::Anyone
        );
        assert_eq!(Challengers::from_stored(None), Challengers::Anyone);
    }
}
