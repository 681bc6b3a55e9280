//! How a reader wants boards shown: text alone, or with an HTML part
//! drawing the board as a table or an image.

/// How a reader wants boards shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardStyle {
    /// The text mail alone, as before boards had pictures.
    Text,
    /// The text, and an HTML part with the board as a table.
    #[default]
    Html,
    /// The text, and an HTML part showing the board as an image.
    Image,
}

impl BoardStyle {
    #[cfg(test)]
    pub(crate) const NAMES: [&'static str; 3] = ["text", "html", "image"];

    pub(crate) fn name(self) -> &'static str {
        match self {
            BoardStyle::Text => "text",
            BoardStyle::Html => "html",
            BoardStyle::Image => "image",
        }
    }

    /// A name as a player writes it, in any case.
    pub(crate) fn parse(text: &str) -> Option<BoardStyle> {
        match text.to_ascii_lowercase().as_str() {
            "text" => Some(BoardStyle::Text),
            "html" => Some(BoardStyle::Html),
            "image" => Some(BoardStyle::Image),
            _ => None,
        }
    }

    /// A stored choice; anything unknown (a hand-edited row) is the
    /// default.
    pub(crate) fn from_stored(stored: Option<&str>) -> BoardStyle {
        stored.and_then(BoardStyle::parse).unwrap_or_default()
    }
}
