//! `[boards]`: which pictures of the board mails may carry beside the
//! text (an HTML part with the board as a table, a PNG image of it).

use crate::host::outbound::pictures::BoardPictures;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BoardsSection {
    html: Option<bool>,
    image: Option<bool>,
}

pub(super) fn board_pictures(section: &BoardsSection) -> BoardPictures {
    let defaults = BoardPictures::default();
    BoardPictures {
        html: section.html.unwrap_or(defaults.html),
        image: section.image.unwrap_or(defaults.image),
    }
}
