//! PGN read back: tag pairs, and movetext made of move numbers, moves,
//! comments and the result; enough to replay what `write_pgn` wrote, and
//! plain PGN from elsewhere without variations.

use crate::games::{Game, GameKind, MoveError, SetupError, Side};

/// One move as read: its text, and the side a number token right before
/// it named (`12.` White, `12...` Black).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMove {
    pub text: String,
    pub(crate) side: Option<Side>,
}

/// One game as read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadGame {
    pub(crate) tags: Vec<(String, String)>,
    pub moves: Vec<ReadMove>,
    /// The comments' texts, without their braces.
    pub(crate) comments: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub(crate) result: String,
}

impl ReadGame {
    /// The value of the tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.comments.is_empty()
    }
}

/// PGN text that does not read, or a game read that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    #[error("line {line}: {reason}")]
    Syntax { line: usize, reason: String },
    #[error("the last game has no result token")]
    NoResult,
    #[error("the variant {0:?} is no game of this host")]
    UnknownVariant(String),
    #[error("the set-up is refused: {0}")]
    Setup(#[from] SetupError),
    #[error("move {number} ({text}) does not replay: {error}")]
    Move {
        number: usize,
        text: String,
        error: MoveError,
    },
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Every game in `text`, in order.
pub fn read_pgn(text: &str) -> Result<Vec<ReadGame>, ReadError> {
    let mut games = Vec::new();
    let mut game = ReadGame::default();
    let mut hint: Option<Side> = None;
    let mut line = 1;
    let mut rest = text;
    let syntax = |line: usize, reason: String| ReadError::Syntax { line, reason };
    while let Some(first) = rest.chars().next() {
        let at_line_start =
            text.len() == rest.len() || text[..text.len() - rest.len()].ends_with('\n');
        match first {
            '\n' => {
                line += 1;
                rest = &rest[1..];
            }
            c if c.is_whitespace() => rest = &rest[c.len_utf8()..],
            // An escape line, and a comment to the end of the line.
            '%' if at_line_start => rest = rest.find('\n').map_or("", |end| &rest[end..]),
            ';' => rest = rest.find('\n').map_or("", |end| &rest[end..]),
            '[' => {
                if !game.moves.is_empty() {
                    return Err(syntax(line, "a tag pair after the moves began".into()));
                }
                let end = tag_end(rest)
                    .ok_or_else(|| syntax(line, "a tag pair without its closing ]".into()))?;
                game.tags.push(tag_pair(&rest[1..end]).ok_or_else(|| {
                    syntax(line, format!("{:?} is not a tag pair", &rest[..=end]))
                })?);
                rest = &rest[end + 1..];
            }
            '{' => {
                let end = rest
                    .find('}')
                    .ok_or_else(|| syntax(line, "a comment without its closing }".into()))?;
                let comment = &rest[1..end];
                line += comment.matches('\n').count();
                game.comments.push(comment.trim().to_string());
                rest = &rest[end + 1..];
            }
            '(' | ')' => return Err(syntax(line, "variations are not supported".into())),
            _ => {
                let end = rest
                    .find(|c: char| c.is_whitespace() || "{}()[];".contains(c))
                    .unwrap_or(rest.len());
                let token = &rest[..end];
                rest = &rest[end..];
                if RESULTS.contains(&token) {
                    game.result = token.to_string();
                    games.push(std::mem::take(&mut game));
                    hint = None;
                } else if token.starts_with('$') {
                    // A numeric annotation glyph says nothing of the moves.
                } else if token.starts_with(|c: char| c.is_ascii_digit()) {
                    let (side, glued) = move_number(token)
                        .ok_or_else(|| syntax(line, format!("{token:?} is not a move number")))?;
                    hint = Some(side);
                    if !glued.is_empty() {
                        game.moves.push(ReadMove {
                            text: glued.to_string(),
                            side: hint.take(),
                        });
                    }
                } else {
                    game.moves.push(ReadMove {
                        text: token.to_string(),
                        side: hint.take(),
                    });
                }
            }
        }
    }
    if !game.is_empty() {
        return Err(ReadError::NoResult);
    }
    Ok(games)
}

/// Where the tag pair that `text` starts with closes: the first `]`
/// outside its quoted value, on the same line.
fn tag_end(text: &str) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        match c {
            '\n' => return None,
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(at),
            _ => {}
        }
    }
    None
}

/// `Name "value"` with PGN's escapes `\"` and `\\`.
fn tag_pair(inside: &str) -> Option<(String, String)> {
    let (name, quoted) = inside.trim().split_once(char::is_whitespace)?;
    let quoted = quoted.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    let well_named = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    well_named.then(|| (name.to_string(), value))
}

/// `12.` (White's move next) or `12...` (Black's), and any move written
/// right after the dots without a space.
fn move_number(token: &str) -> Option<(Side, &str)> {
    let after_digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
    let glued = after_digits.trim_start_matches('.');
    match after_digits.len() - glued.len() {
        1 => Some((Side::White, glued)),
        3 => Some((Side::Black, glued)),
        _ => None,
    }
}

/// The game `read` describes, replayed from its start: the kind from its
/// `Variant` tag (standard chess without one), the switches from its
/// `Switches` tag, and each move by the side its number names, else by
/// the game's canonical mover.
pub fn replay_read(read: &ReadGame) -> Result<Box<dyn Game>, ReadError> {
    let kind = match read.tag("Variant") {
        None => GameKind::Chess,
        Some(variant) => GameKind::from_name(variant)
            .ok_or_else(|| ReadError::UnknownVariant(variant.to_string()))?,
    };
    let switches: Vec<String> = read
        .tag("Switches")
        .unwrap_or_default()
        .split_whitespace()
        .map(String::from)
        .collect();
    let mut game = kind.new_game(&switches)?;
    for (index, read_move) in read.moves.iter().enumerate() {
        let failed = |error: MoveError| ReadError::Move {
            number: index + 1,
            text: read_move.text.clone(),
            error,
        };
        let side = read_move
            .side
            .or_else(|| game.canonical_mover())
            .ok_or_else(|| failed(MoveError::GameOver))?;
        game.play(side, &read_move.text).map_err(failed)?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archive_reader_takes_tags_numbers_moves_comments_and_results() {
        let text = "[Event \"The \\\"Host\\\" [main]\"]\n[White \"alice\"]\n\n\
                    1. e4 {a comment\nover two lines} e5 2.Nf3 $1 ; rest of line\n2... Nc6 *\n\n\
                    [Event \"second\"]\n\n1-0\n";
        let games = read_pgn(text).unwrap();
        assert_eq!(games.len(), 2);
        let first = &games[0];
        assert_eq!(first.tag("Event"), Some("The \"Host\" [main]"));
        assert_eq!(first.tag("White"), Some("alice"));
        let moves: Vec<(&str, Option<Side>)> = first
            .moves
            .iter()
            .map(|read| (read.text.as_str(), read.side))
            .collect();
        assert_eq!(
            moves,
            vec![
                ("e4", Some(Side::White)),
                ("e5", None),
                ("Nf3", Some(Side::White)),
                ("Nc6", Some(Side::Black)),
            ]
        );
        assert_eq!(first.comments, vec!["a comment\nover two lines"]);
        assert_eq!(first.result, "*");
        assert_eq!(games[1].tag("Event"), Some("second"));
        assert_eq!(games[1].result, "1-0");
    }

    #[test]
    fn archive_reader_refuses_what_it_cannot_read_with_the_line() {
        let unclosed = read_pgn("[Event \"x\"]\n\n1. e4 {never closed\n").unwrap_err();
        assert_eq!(
            unclosed,
            ReadError::Syntax {
                line: 3,
                reason: "a comment without its closing }".into()
            }
        );
        assert_eq!(read_pgn("1. e4 e5").unwrap_err(), ReadError::NoResult);
        assert!(matches!(
            read_pgn("1. e4 (1. d4) *").unwrap_err(),
            ReadError::Syntax { line: 1, .. }
        ));
        assert!(matches!(
            read_pgn("1.. e4 *").unwrap_err(),
            ReadError::Syntax { line: 1, .. }
        ));
        assert!(matches!(
            read_pgn("[Event x]\n*").unwrap_err(),
            ReadError::Syntax { line: 1, .. }
        ));
    }

    #[test]
    fn archive_replay_of_a_read_game_plays_each_move_by_its_side() {
        let games = read_pgn("1. f3 e5 2. g4 Qh4# 0-1").unwrap();
        let game = replay_read(&games[0]).unwrap();
        assert_eq!(
            game.outcome().and_then(|outcome| outcome.winner),
            Some(Side::Black)
        );
        let wrong = read_pgn("1. e4 e4 *").unwrap();
        assert!(matches!(
            replay_read(&wrong[0]).err(),
            Some(ReadError::Move { number: 2, .. })
        ));
        let unknown = read_pgn("[Variant \"Chess960\"]\n\n*").unwrap();
        assert_eq!(
            replay_read(&unknown[0]).err(),
            Some(ReadError::UnknownVariant("Chess960".into()))
        );
    }
}
