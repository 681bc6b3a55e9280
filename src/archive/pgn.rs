//! One game as PGN text: the tag pairs, the movetext by turns, the final
//! board of a variant as a comment, and the result. Pure: the caller
//! gives the record and its moves (see the module docs of `archive` for
//! the choices made).

use crate::clock::from_unix;
use crate::games::{Game, GameKind, Outcome, Side};
use crate::identity::HostIdentity;
use crate::rules::score::{Ending, GameResult};
use crate::rules::time_control::TimeControl;
use crate::store::{GameRecord, GameStatus, MoveRecord};

/// Movetext lines are wrapped to this many characters at most.
pub(crate) const LINE_WIDTH: usize = 80;

/// What a PGN game is written from.
pub(crate) struct ArchivedGame<'a> {
    pub(crate) record: &'a GameRecord,
    pub(crate) moves: &'a [MoveRecord],
    pub(crate) host: &'a HostIdentity,
    /// The board's time control, when its clocks run.
    pub(crate) time_control: Option<TimeControl>,
    /// The ladder or tournament it is a game of.
    pub(crate) event: Option<PgnEvent>,
    /// The players' ratings when it began, White's then Black's (`None`:
    /// unknown, and the tag is left out).
    pub(crate) elo: [Option<f64>; 2],
    /// The ruling that ended it, if a director or the operator gave one:
    /// written as the `Ruling` tag (who, what, why).
    pub(crate) ruling: Option<&'a crate::store::Ruling>,
}

/// The event of a ladder or tournament game, as its tags say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PgnEvent {
    /// `Event`: the tournament's name, or the ladder's ("Chess ladder").
    pub(crate) name: String,
    /// `Round`: a tournament board's round; `-` without one.
    pub(crate) round: Option<u32>,
    /// A knockout board's match within its round: `Round` is then
    /// `round.match` (`1.2`), the same for every game of the match.
    pub(crate) match_no: Option<u32>,
    /// `EventDate`: when the event began (seconds since the epoch).
    pub(crate) began: i64,
}

/// A stored game that cannot be written as PGN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum WriteError {
    #[error("this host has no game called {0:?}")]
    UnknownGame(String),
    #[error("it does not replay: {0}")]
    Replay(#[from] crate::games::ReplayError),
    #[error("move {number} ({notation:?}) would not read back as one PGN move")]
    Unwritable { number: i64, notation: String },
}

/// The game after its moves, with what the movetext needs of each move.
struct Replayed {
    game: Box<dyn Game>,
    /// Per move: its turn number and the canonical mover before it.
    steps: Vec<(u32, Option<Side>)>,
}

fn replay(
    kind: GameKind,
    switches: &[String],
    moves: &[MoveRecord],
) -> Result<Replayed, WriteError> {
    let mut game = kind
        .new_game(switches)
        .map_err(crate::games::ReplayError::from)?;
    let recorded: Vec<_> = moves.iter().map(MoveRecord::recorded).collect();
    let mut steps = Vec::with_capacity(moves.len());
    crate::games::play_on_noting(game.as_mut(), &recorded, 0, |game| {
        steps.push((game.turn_number(), game.canonical_mover()))
    })?;
    Ok(Replayed { game, steps })
}

/// The moves with each turn's White moves before its Black ones, as the
/// mails and the record list a turn, with their replay. Only a round of
/// sealed moves (Infinite Recursion Chess) can be stored Black first; its
/// two moves stand apart, so either order replays to the same position.
/// Should the reordered list not replay, the stored order stays.
fn white_first(
    kind: GameKind,
    switches: &[String],
    moves: &[MoveRecord],
    replayed: Replayed,
) -> (Vec<MoveRecord>, Replayed) {
    let mut ordered: Vec<(usize, &MoveRecord)> = moves.iter().enumerate().collect();
    ordered.sort_by_key(|(index, stored)| {
        let turn = replayed.steps[*index].0;
        (turn, stored.side == Side::Black, *index)
    });
    let ordered: Vec<MoveRecord> = ordered.into_iter().map(|(_, m)| m.clone()).collect();
    if ordered.iter().zip(moves).all(|(a, b)| a.number == b.number) {
        return (ordered, replayed);
    }
    match replay(kind, switches, &ordered) {
        Ok(again) => (ordered, again),
        Err(_) => (moves.to_vec(), replayed),
    }
}

/// The game as PGN text, ending with a newline.
pub(crate) fn write_pgn(archived: &ArchivedGame<'_>) -> Result<String, WriteError> {
    let record = archived.record;
    let kind = GameKind::from_name(&record.kind)
        .ok_or_else(|| WriteError::UnknownGame(record.kind.clone()))?;
    let all = replay(kind, &record.switches, archived.moves)?;
    // Sealed moves of an open round stay unwritten (see the module docs).
    let sealed = if record.status == GameStatus::Active {
        all.game.sealed_moves()
    } else {
        0
    };
    let shown = &archived.moves[..archived.moves.len().saturating_sub(sealed)];
    let replayed = if sealed == 0 {
        all
    } else {
        replay(kind, &record.switches, shown)?
    };
    let (shown, replayed) = white_first(kind, &record.switches, shown, replayed);
    let shown = &shown[..];
    let (result, termination) = result_of(record, replayed.game.outcome().as_ref());

    let tags = tags(archived, kind, result, termination);

    let mut tokens = movetext(shown, &replayed.steps)?;
    if sealed > 0 {
        tokens.push(format!("{{ {sealed} sealed move(s) not shown yet }}"));
    }
    if record.ending.is_none() && record.status != GameStatus::Active {
        if let Some(text) = &record.legacy_result {
            tokens.push(format!("{{ {} }}", comment_safe(text)));
        }
    }
    let mut text = String::new();
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
    }
    text.push('\n');
    if kind == GameKind::Chess {
        tokens.push(result.to_string());
        text.push_str(&wrap(&tokens));
    } else {
        // The board's lines keep their own breaks inside the comment.
        text.push_str(&wrap(&tokens));
        let board = comment_safe(replayed.game.board(Side::White).trim_end());
        text.push_str("{\n");
        for line in board.lines() {
            text.push_str(&wrap_comment_line(line));
        }
        text.push_str("}\n");
        text.push_str(result);
        text.push('\n');
    }
    Ok(text)
}

/// The tag pairs: the Seven Tag Roster in its order, then the others in
/// ASCII order of their names.
fn tags(
    archived: &ArchivedGame<'_>,
    kind: GameKind,
    result: &str,
    termination: Option<&str>,
) -> Vec<(&'static str, String)> {
    let record = archived.record;
    let day = |moment: i64| from_unix(moment).format("%Y.%m.%d").to_string();
    let (event, round) = match &archived.event {
        Some(event) => (
            event.name.clone(),
            match (event.round, event.match_no) {
                (Some(round), Some(match_no)) => format!("{round}.{match_no}"),
                (Some(round), None) => round.to_string(),
                (None, _) => "-".to_string(),
            },
        ),
        None => (archived.host.name.clone(), "-".to_string()),
    };
    let mut tags = vec![
        ("Event", event),
        ("Site", archived.host.address.clone()),
        ("Date", day(record.created)),
        ("Round", round),
        ("White", record.white.clone()),
        ("Black", record.black.clone()),
        ("Result", result.to_string()),
    ];
    let mut more: Vec<(&'static str, String)> = Vec::new();
    if kind != GameKind::Chess {
        more.push(("Variant", kind.title().to_string()));
        if !record.switches.is_empty() {
            more.push(("Switches", record.switches.join(" ")));
        }
    }
    if let Some(event) = &archived.event {
        more.push(("EventDate", day(event.began)));
    }
    for (name, elo) in [("WhiteElo", archived.elo[0]), ("BlackElo", archived.elo[1])] {
        if let Some(elo) = elo {
            more.push((name, format!("{}", elo.round() as i64)));
        }
    }
    if let Some(termination) = termination {
        more.push(("Termination", termination.to_string()));
    }
    if let Some(ruling) = archived.ruling {
        more.push(("Ruling", ruling_text(ruling)));
    }
    if let Some(control) = archived.time_control {
        more.push(("TimeControl", time_control_text(&control)));
        more.push(("TimeControlOptions", control.to_string()));
    }
    more.sort_by_key(|(name, _)| *name);
    tags.extend(more);
    tags
}

/// The moves as words to wrap: each move's notation, after its number at
/// each turn's start and mid-turn where the mover is not the canonical one.
fn movetext(
    moves: &[MoveRecord],
    steps: &[(u32, Option<Side>)],
) -> Result<Vec<String>, WriteError> {
    let mut tokens = Vec::new();
    let mut last_turn = None;
    for (stored, (turn, canonical)) in moves.iter().zip(steps) {
        if !is_move_token(&stored.notation) {
            return Err(WriteError::Unwritable {
                number: stored.number,
                notation: stored.notation.clone(),
            });
        }
        // A number stays on the line of its move.
        let numbered = last_turn != Some(*turn) || *canonical != Some(stored.side);
        tokens.push(match stored.side {
            Side::White if numbered => format!("{turn}. {}", stored.notation),
            Side::Black if numbered => format!("{turn}... {}", stored.notation),
            _ => stored.notation.clone(),
        });
        last_turn = Some(*turn);
    }
    Ok(tokens)
}

/// Whether `text` reads back as exactly one move: one word that PGN
/// takes for nothing else (a number, a result, a comment, a tag...).
pub(super) fn is_move_token(text: &str) -> bool {
    let special = |c: char| c.is_whitespace() || "{}()[];\"$%<>".contains(c);
    !text.is_empty()
        && !text.chars().any(special)
        && !text.starts_with(|c: char| c.is_ascii_digit())
        && !text.starts_with('*')
}

/// The Result token and the Termination tag's value.
fn result_of(
    record: &GameRecord,
    outcome: Option<&Outcome>,
) -> (&'static str, Option<&'static str>) {
    let result = record.result(outcome);
    let termination = match (record.ending, result) {
        (_, GameResult::Running) => Some("unterminated"),
        // Stopped before each player moved: no result, whatever stopped it.
        (_, GameResult::Aborted(_)) => Some("aborted"),
        (Some(Ending::TimeForfeit(_) | Ending::TimeForfeitDrawn(_)), _) => Some("time forfeit"),
        (Some(Ending::Adjudicated(_)), _) => Some("adjudication"),
        (_, GameResult::Played(_)) => Some("normal"),
        (_, GameResult::Unknown) => None,
    };
    (result.pgn(), termination)
}

/// The `Ruling` tag's value: `adjudicated by the director anna: engine
/// use`, `voided by the operator`, ...
fn ruling_text(ruling: &crate::store::Ruling) -> String {
    let done = match ruling.verdict.as_str() {
        "void" => "voided",
        "forfeit" => "forfeited",
        _ => "adjudicated",
    };
    let by = match ruling.actor.as_str() {
        "operator" => "the operator".to_string(),
        director => format!("the director {director}"),
    };
    match ruling.reason.is_empty() {
        true => format!("{done} by {by}"),
        false => format!("{done} by {by}: {}", ruling.reason),
    }
}

/// The PGN correspondence form of a time control (see the module docs).
pub(crate) fn time_control_text(control: &TimeControl) -> String {
    match (control.bank, control.per_move) {
        (Some(bank), _) if bank.increment > 0 => format!("{}+{}", bank.initial, bank.increment),
        (Some(bank), _) => bank.initial.to_string(),
        (None, Some(per_move)) => format!("1/{per_move}"),
        (None, None) => "-".to_string(),
    }
}

/// A tag value with PGN's two escapes, on one line.
fn escape_tag(value: &str) -> String {
    value
        .replace(char::is_control, " ")
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// Text that may stand inside `{ }`: braces cannot, so they become
/// parentheses.
fn comment_safe(text: &str) -> String {
    text.replace('{', "(").replace('}', ")")
}

/// A line of a board's comment, broken at spaces where it is longer than
/// [`LINE_WIDTH`] (a legend line of the Spherical board); the grid lines
/// are shorter and stay as they are. Each line ends with a newline.
fn wrap_comment_line(line: &str) -> String {
    let indent = &line[..line.len() - line.trim_start().len()];
    let continued = format!("{indent}  ");
    let mut text = String::new();
    let mut current = line.trim_end().to_string();
    while current.chars().count() > LINE_WIDTH {
        let limit = current
            .char_indices()
            .nth(LINE_WIDTH)
            .map_or(current.len(), |(at, _)| at);
        let Some(space) = current[..limit]
            .rfind(' ')
            .filter(|at| *at > continued.len())
        else {
            break;
        };
        text.push_str(&current[..space]);
        text.push('\n');
        current = format!("{continued}{}", current[space..].trim_start());
    }
    text.push_str(&current);
    text.push('\n');
    text
}

/// Tokens joined by spaces into lines of at most [`LINE_WIDTH`]
/// characters, each line ending with a newline.
fn wrap(tokens: &[String]) -> String {
    let mut text = String::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    if !line.is_empty() {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

#[cfg(test)]
#[path = "pgn_tests.rs"]
mod tests;
