//! Who reads a mail and what it is: a mail's text (`Letter`), its reader
//! as the board's audience sees him (`Reader`), and what every template
//! may show about the host (`HostFacts`).

use crate::games::Side;
use crate::host::model::audience::Audience;
use crate::host::model::replays::LiveGame;
use crate::host::model::subject::Subject;
use crate::host::outbound::pictures::ShownBoard;
use crate::identity::HostIdentity;

/// One mail's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    pub subject: Subject,
    pub body: String,
    /// A file sent with it (a game's PGN).
    pub attachment: Option<crate::store::MailAttachment>,
    /// The board it shows, for its HTML part and image.
    pub board: Option<ShownBoard>,
}

/// Who reads a mail about a board: a player from his seat, or someone
/// else (who sees nothing sealed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    Seated(Side),
    Onlooker,
    /// Someone who follows the board: he sees it from White's side, and
    /// no sealed move.
    Observer,
}

impl Reader {
    /// Who this reader is to a piece of the board written by `author`.
    pub(super) fn audience(self, live: &LiveGame, author: &str) -> Audience {
        match self {
            Reader::Seated(side) => Audience::of(Some(live.record.player(side)), author, true),
            Reader::Onlooker | Reader::Observer => Audience::Observer,
        }
    }

    pub(super) fn seat(self, live: &LiveGame) -> (Side, bool) {
        match self {
            Reader::Seated(side) => (side, true),
            // Everyone else (an observer, a stranger asking `show`) reads
            // the facts as the side still to move knows them, which has
            // sealed nothing; the board itself is drawn from White's side
            // with nothing sealed (see `shown`).
            Reader::Onlooker | Reader::Observer if live.game.sealed_moves() == 0 => {
                (Side::White, false)
            }
            Reader::Onlooker | Reader::Observer => (
                live.game.to_move().first().copied().unwrap_or(Side::White),
                false,
            ),
        }
    }
}

/// What every template may show about the host itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostFacts {
    pub identity: HostIdentity,
    /// The most addresses an account may have.
    pub max_addresses: usize,
    /// Whether a signup's own address must confirm before it gets mail.
    pub confirms_signups: bool,
    /// The moment the mail is written (seconds since the epoch), for the
    /// time left on the clocks.
    pub now: i64,
    /// The web view's address (`[web] public_url`, without a trailing
    /// slash), for the link to a board's page; none without one.
    pub web: Option<String>,
}
