//! The subjects of the host's mails, written and read in one place.
//!
//! They keep pbmserv's fixed forms (`New Chess Board 101 alice`, `Chess
//! Board 101 bob **`, `Chess Board 101 Error`) in every language, so old
//! client tools keep working and the host recognises its own subjects in
//! replies: such a subject is never read as a command.

use crate::games::GameKind;
use std::fmt;

/// The prefix of the subjects of the host's answers that are not about
/// one board (help, list, account changes).
const HOST_PREFIX: &str = "PBeM";

/// The subject of one mail the host sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    /// A board event: `[New ]TITLE Board ID TAIL[ **]`, the tail naming
    /// the players to move, or the end; ` **` when a comment is included.
    Board {
        kind: GameKind,
        board: i64,
        new_game: bool,
        tail: BoardTail,
        comment: bool,
    },
    /// `Nag: TITLE Board ID USERID`: a reminder that the board waits for
    /// the player.
    Nag {
        kind: GameKind,
        board: i64,
        userid: String,
    },
    /// `TITLE Board ID Error`: a refused command about a board.
    BoardError { kind: GameKind, board: i64 },
    /// `TITLE Board ID Chat AUTHOR`.
    Chat {
        kind: GameKind,
        board: i64,
        author: String,
    },
    /// `PBeM Show TITLE Board ID`.
    Show { kind: GameKind, board: i64 },
    /// `PBeM Help`, `PBeM Help move`, `PBeM Help Chess`.
    Help { topic: Option<String> },
    /// `PBeM Game List`.
    GameList,
    /// `PBeM TOPIC USERID` for an account change: Signup, Password,
    /// Address, Signoff, Delete, Settings.
    Account { topic: AccountTopic, userid: String },
    /// `PBeM TITLE USERID`: a player's preferences for one game.
    Preferences { kind: GameKind, userid: String },
    /// `PBeM TITLE Games USERID`.
    Games { kind: GameKind, userid: String },
    /// `PBeM Record TITLE Board ID`: a board's whole record.
    Record { kind: GameKind, board: i64 },
    /// `PBeM TITLE History`.
    History { kind: GameKind },
    /// `PBeM TITLE Standings`.
    Standings { kind: GameKind },
    /// `PBeM TITLE Ladder`, or `PBeM TITLE Ladder NAME` for a named one;
    /// `PBeM TITLE Ladders` for the list (`name` is `None`).
    Ladder {
        kind: GameKind,
        name: Option<String>,
    },
    /// `PBeM TITLE Tournament NAME`.
    Tournament { kind: GameKind, name: String },
    /// `PBeM TITLE Tournaments`: the list of them.
    Tournaments { kind: GameKind },
    /// `PBeM TITLE League NAME`, or `PBeM TITLE Leagues` for the list
    /// (`name` is `None`).
    League {
        kind: GameKind,
        name: Option<String>,
    },
    /// `PBeM Error`: a refused command not about a board.
    Error,
    /// `PBeM TOPIC TITLE Board ID`: a player's conditional moves, a
    /// preview, a note.
    BoardAnswer {
        topic: BoardTopic,
        kind: GameKind,
        board: i64,
    },
    /// `PBeM TITLE Seeks`: open challenges.
    Seeks { kind: GameKind },
    /// `PBeM Message from USERID`: a message from another player.
    MessageFrom { userid: String },
}

/// What an answer about one board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardTopic {
    Queue,
    Preview,
    Note,
}

/// How a board subject ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardTail {
    /// The userids of the players to move.
    ToMove(Vec<String>),
    GameOver,
    /// Stopped before each player moved (declined, resigned or out of
    /// time before moving, voided).
    Aborted,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountTopic {
    Signup,
    Password,
    Address,
    Signoff,
    Delete,
    Settings,
    /// Asks an address to confirm it belongs to a player.
    Confirm,
    /// Tells a player his account is being guessed at.
    Security,
    /// A vacation: one's own, or an opponent's.
    Vacation,
    /// A player's reminder schedule.
    Reminders,
    /// Every running board of a player.
    Status,
    /// A player's daily digest.
    Digest,
    /// A message passed on to another player.
    Message,
}

impl AccountTopic {
    fn word(self) -> &'static str {
        match self {
            AccountTopic::Signup => "Signup",
            AccountTopic::Password => "Password",
            AccountTopic::Address => "Address",
            AccountTopic::Signoff => "Signoff",
            AccountTopic::Delete => "Delete",
            AccountTopic::Settings => "Settings",
            AccountTopic::Confirm => "Confirm",
            AccountTopic::Security => "Security",
            AccountTopic::Vacation => "Vacation",
            AccountTopic::Reminders => "Reminders",
            AccountTopic::Status => "Status",
            AccountTopic::Digest => "Digest",
            AccountTopic::Message => "Message",
        }
    }
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::Board {
                kind,
                board,
                new_game,
                tail,
                comment,
            } => board_subject(f, (*kind, *board, *new_game), tail, *comment),
            Subject::Nag {
                kind,
                board,
                userid,
            } => write!(f, "Nag: {} Board {board} {userid}", kind.title()),
            Subject::BoardError { kind, board } => {
                write!(f, "{} Board {board} Error", kind.title())
            }
            Subject::Chat {
                kind,
                board,
                author,
            } => write!(f, "{} Board {board} Chat {author}", kind.title()),
            Subject::Show { kind, board } => {
                write!(f, "{HOST_PREFIX} Show {} Board {board}", kind.title())
            }
            Subject::Help { topic: None } => write!(f, "{HOST_PREFIX} Help"),
            Subject::Help { topic: Some(topic) } => write!(f, "{HOST_PREFIX} Help {topic}"),
            Subject::GameList => write!(f, "{HOST_PREFIX} Game List"),
            Subject::Account { topic, userid } => {
                write!(f, "{HOST_PREFIX} {} {userid}", topic.word())
            }
            Subject::Record { kind, board } => {
                write!(f, "{HOST_PREFIX} Record {} Board {board}", kind.title())
            }
            Subject::History { kind } => write!(f, "{HOST_PREFIX} {} History", kind.title()),
            Subject::Preferences { kind, userid } => {
                write!(f, "{HOST_PREFIX} {} {userid}", kind.title())
            }
            Subject::Games { kind, userid } => {
                write!(f, "{HOST_PREFIX} {} Games {userid}", kind.title())
            }
            Subject::Standings { kind } => write!(f, "{HOST_PREFIX} {} Standings", kind.title()),
            Subject::Ladder { kind, name } => match name.as_deref() {
                None => write!(f, "{HOST_PREFIX} {} Ladders", kind.title()),
                Some("") => write!(f, "{HOST_PREFIX} {} Ladder", kind.title()),
                Some(name) => write!(f, "{HOST_PREFIX} {} Ladder {name}", kind.title()),
            },
            Subject::Tournament { kind, name } => {
                write!(f, "{HOST_PREFIX} {} Tournament {name}", kind.title())
            }
            Subject::Tournaments { kind } => {
                write!(f, "{HOST_PREFIX} {} Tournaments", kind.title())
            }
            Subject::League { kind, name } => match name {
                None => write!(f, "{HOST_PREFIX} {} Leagues", kind.title()),
                Some(name) => write!(f, "{HOST_PREFIX} {} League {name}", kind.title()),
            },
            Subject::Error => write!(f, "{HOST_PREFIX} Error"),
            Subject::BoardAnswer { topic, kind, board } => {
                let topic = match topic {
                    BoardTopic::Queue => "Queue",
                    BoardTopic::Preview => "Preview",
                    BoardTopic::Note => "Note",
                };
                write!(f, "{HOST_PREFIX} {topic} {} Board {board}", kind.title())
            }
            Subject::Seeks { kind } => write!(f, "{HOST_PREFIX} {} Seeks", kind.title()),
            Subject::MessageFrom { userid } => write!(f, "{HOST_PREFIX} Message from {userid}"),
        }
    }
}

/// A board mail's subject: `New Chess Board 101 alice **`.
fn board_subject(
    f: &mut fmt::Formatter<'_>,
    (kind, board, new_game): (GameKind, i64, bool),
    tail: &BoardTail,
    comment: bool,
) -> fmt::Result {
    if new_game {
        f.write_str("New ")?;
    }
    write!(f, "{} Board {board} ", kind.title())?;
    match tail {
        BoardTail::ToMove(userids) => f.write_str(&userids.join(" "))?,
        BoardTail::GameOver => f.write_str("Game Over")?,
        BoardTail::Aborted => f.write_str("Aborted")?,
    }
    if comment {
        f.write_str(" **")?;
    }
    Ok(())
}

/// Removes what mail clients and pbmserv add around a subject: leading
/// `Re:`/`Fwd:`/`AW:` (repeated, any case), a `[tag]`, and a trailing ` **`.
pub fn clean(subject: &str) -> String {
    const PREFIXES: &[&str] = &[
        "re:", "fwd:", "fw:", "aw:", "wg:", "sv:", "vs:", "antw:", "tr:", "rif:", "r:", "odp:",
        "res:", "ynt:",
    ];
    let mut text = subject.trim();
    loop {
        let before = text;
        if text.starts_with('[') {
            if let Some(close) = text.find(']') {
                text = text[close + 1..].trim_start();
            }
        }
        let has_prefix = |prefix: &&&str| {
            text.get(..prefix.len())
                .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
        };
        if let Some(prefix) = PREFIXES.iter().find(has_prefix) {
            text = text[prefix.len()..].trim_start();
        }
        if text == before {
            break;
        }
    }
    let mut text = text.trim_end();
    while let Some(rest) = text.strip_suffix("**") {
        text = rest.trim_end();
    }
    text.to_string()
}

/// A cleaned subject the host wrote itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnSubject {
    /// A mail about one board (`New Chess Board 101 alice`, `Chess Board
    /// 101 Error`, `Chess Board 101 Chat bob`); `chat` for a chat mail,
    /// whose replies are more chat.
    Board {
        kind: GameKind,
        board: i64,
        chat: bool,
    },
    /// An answer not about one board (`PBeM Help`).
    Answer,
}

/// Whether a cleaned subject is one of the host's own, and which.
pub fn recognise(cleaned: &str) -> Option<OwnSubject> {
    if let Some((kind, board)) = board_named(cleaned) {
        let chat = cleaned
            .to_lowercase()
            .contains(&format!(" board {board} chat "));
        return Some(OwnSubject::Board { kind, board, chat });
    }
    let answer = cleaned
        .get(..HOST_PREFIX.len() + 1)
        .is_some_and(|start| start.eq_ignore_ascii_case(&format!("{HOST_PREFIX} ")));
    answer.then_some(OwnSubject::Answer)
}

/// The game and board a board subject names (`[New ]TITLE Board ID ...`).
pub fn board_named(cleaned: &str) -> Option<(GameKind, i64)> {
    let lower = cleaned.to_lowercase();
    let lower = lower.strip_prefix("nag: ").unwrap_or(&lower);
    let lower = lower.strip_prefix("new ").unwrap_or(lower);
    GameKind::ALL.into_iter().find_map(|kind| {
        let rest = lower.strip_prefix(&kind.title().to_lowercase())?;
        let rest = rest.strip_prefix(" board ")?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after = &rest[digits.len()..];
        if digits.is_empty() || !(after.is_empty() || after.starts_with(' ')) {
            return None;
        }
        Some((kind, digits.parse().ok()?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subject_prefixes_tags_and_comment_marker_are_removed() {
        assert_eq!(
            clean("Re: AW: [pbem] Fwd: chess move 101 a b e4 **"),
            "chess move 101 a b e4"
        );
        assert_eq!(clean("RE: Chess Board 101 bob"), "Chess Board 101 bob");
    }

    /// Every subject the host writes is recognised as its own when it
    /// comes back in a reply, with the board it names.
    #[test]
    fn every_subject_written_is_recognised_when_it_comes_back() {
        let kind = GameKind::Progression;
        let boards = [
            Subject::Board {
                kind,
                board: 101,
                new_game: true,
                tail: BoardTail::ToMove(vec!["alice".into()]),
                comment: false,
            },
            Subject::Board {
                kind,
                board: 101,
                new_game: false,
                tail: BoardTail::ToMove(vec!["alice".into(), "bob".into()]),
                comment: true,
            },
            Subject::Board {
                kind,
                board: 101,
                new_game: false,
                tail: BoardTail::GameOver,
                comment: false,
            },
            Subject::Board {
                kind,
                board: 101,
                new_game: false,
                tail: BoardTail::Aborted,
                comment: false,
            },
            Subject::BoardError { kind, board: 101 },
        ];
        for subject in boards {
            let back = clean(&format!("Re: {subject}"));
            assert_eq!(
                recognise(&back),
                Some(OwnSubject::Board {
                    kind,
                    board: 101,
                    chat: false
                }),
                "{subject}"
            );
        }
        let chat = Subject::Chat {
            kind,
            board: 7,
            author: "bob".into(),
        };
        assert_eq!(
            recognise(&clean(&format!("AW: {chat}"))),
            Some(OwnSubject::Board {
                kind,
                board: 7,
                chat: true
            })
        );
        for subject in [
            Subject::Help { topic: None },
            Subject::GameList,
            Subject::Error,
            Subject::Show { kind, board: 3 },
            Subject::Account {
                topic: AccountTopic::Signup,
                userid: "alice".into(),
            },
            Subject::Nag {
                kind: GameKind::Spherical,
                board: 101,
                userid: "bob".into(),
            },
        ] {
            let back = clean(&format!("Re: {subject}"));
            assert!(recognise(&back).is_some(), "{subject}");
        }
        assert_eq!(recognise("chess move 101 a b e4"), None);
        assert_eq!(recognise("Chess Boards 1"), None);
    }

    #[test]
    fn board_subjects_keep_pbmservs_forms() {
        let subject = Subject::Board {
            kind: GameKind::Chess,
            board: 101,
            new_game: false,
            tail: BoardTail::ToMove(vec!["bob".into()]),
            comment: true,
        };
        assert_eq!(subject.to_string(), "Chess Board 101 bob **");
        assert_eq!(
            Subject::BoardError {
                kind: GameKind::Spherical,
                board: 101
            }
            .to_string(),
            "Spherical Chess 324 Board 101 Error"
        );
    }
}
