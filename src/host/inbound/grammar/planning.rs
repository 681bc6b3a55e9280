//! The grammar of what comes after pbmserv's commands: conditional moves
//! (`queue`), `preview`, private notes, seeks and messages between
//! players.

use super::words::{parse_board, split_guard, wrong_arguments, Args, Parsed};
use crate::games::GameKind;
use crate::host::inbound::normalise;
use crate::host::model::command::{Command, Credential, QueueAction, Syntax};
use crate::host::model::refusal::Refusal;

/// `GAME queue|preview|note|seek|seeks ...`.
pub(super) fn parse_game_command(kind: GameKind, verb: &str, args: Args<'_>) -> Parsed {
    match verb {
        "queue" => parse_queue(kind, args),
        "preview" => parse_preview(kind, args.words),
        "note" => parse_note(kind, args),
        "seeks" if args.words.is_empty() => Ok(Command::Seeks { kind }),
        "seeks" => Err(wrong_arguments(Syntax::Seek, Some(kind))),
        _ => parse_seek(kind, args),
    }
}

/// `GAME queue board userid password [LINE | clear]`.
fn parse_queue(kind: GameKind, args: Args<'_>) -> Parsed {
    let password = args.password(2);
    let [board, userid, _, line @ ..] = args.words else {
        return Err(wrong_arguments(Syntax::Queue, Some(kind)));
    };
    let board = parse_board(kind, board, Syntax::Queue)?;
    let action = match line {
        [] => QueueAction::List,
        [word] if word.eq_ignore_ascii_case("clear") => QueueAction::Clear,
        _ => QueueAction::Add(normalise::move_words(&line.join(" "))),
    };
    Ok(Command::Queue {
        kind,
        board,
        userid: userid.to_string(),
        password,
        action,
    })
}

/// `GAME preview board[#n] MOVE...`.
fn parse_preview(kind: GameKind, args: &[&str]) -> Parsed {
    let [board, moves @ ..] = args else {
        return Err(wrong_arguments(Syntax::Preview, Some(kind)));
    };
    let (board, after) = split_guard(board);
    Ok(Command::Preview {
        kind,
        board: parse_board(kind, board, Syntax::Preview)?,
        after,
        moves: normalise::move_words(&moves.join(" ")),
    })
}

/// `GAME note board userid password [clear]`.
fn parse_note(kind: GameKind, args: Args<'_>) -> Parsed {
    let password = args.password(2);
    let (board, userid, clear) = match args.words {
        [board, userid, _] => (board, userid, false),
        [board, userid, _, word] if word.eq_ignore_ascii_case("clear") => (board, userid, true),
        _ => return Err(wrong_arguments(Syntax::Note, Some(kind))),
    };
    Ok(Command::Note {
        kind,
        board: parse_board(kind, board, Syntax::Note)?,
        userid: userid.to_string(),
        password,
        clear,
    })
}

/// `GAME seek userid password [switches]` or `GAME seek accept|cancel N
/// userid password`.
fn parse_seek(kind: GameKind, args: Args<'_>) -> Parsed {
    let answers = args.words.first().is_some_and(|word| {
        word.eq_ignore_ascii_case("accept") || word.eq_ignore_ascii_case("cancel")
    });
    let password = args.password(if answers { 3 } else { 1 });
    match args.words {
        [word, number, userid, _]
            if word.eq_ignore_ascii_case("accept") || word.eq_ignore_ascii_case("cancel") =>
        {
            let seek = number
                .trim_start_matches('#')
                .parse::<i64>()
                .ok()
                .filter(|seek| *seek > 0)
                .ok_or_else(|| Refusal::NotANumber {
                    text: number.to_string(),
                    syntax: Syntax::Seek,
                    game: kind,
                })?;
            Ok(Command::SeekAnswer {
                kind,
                seek,
                userid: userid.to_string(),
                password,
                accept: word.eq_ignore_ascii_case("accept"),
            })
        }
        [word, ..]
            if word.eq_ignore_ascii_case("accept") || word.eq_ignore_ascii_case("cancel") =>
        {
            Err(wrong_arguments(Syntax::Seek, Some(kind)))
        }
        [userid, _, switches @ ..] => Ok(Command::Seek {
            kind,
            userid: userid.to_string(),
            password,
            switches: switches.iter().map(|s| s.to_string()).collect(),
        }),
        _ => Err(wrong_arguments(Syntax::Seek, Some(kind))),
    }
}

/// `message userid password to-userid`.
pub(super) fn parse_message(args: Args<'_>) -> Parsed {
    let password = args.password(1);
    let [userid, _, to] = args.words else {
        return Err(wrong_arguments(Syntax::Message, None));
    };
    Ok(Command::Message {
        userid: userid.to_string(),
        credential: Credential::Password(password),
        to: to.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::parse_command;
    use super::*;
    use crate::host::model::command::MoveWord;

    #[test]
    fn a_queue_line_a_list_and_a_clear_are_read() {
        assert_eq!(
            parse_command("chess queue 101 alice pw e5 Nf3 Nc6 Bb5"),
            Ok(Command::Queue {
                kind: GameKind::Chess,
                board: 101,
                userid: "alice".into(),
                password: "pw".into(),
                action: QueueAction::Add(vec![
                    "e5".into(),
                    "Nf3".into(),
                    "Nc6".into(),
                    "Bb5".into()
                ]),
            })
        );
        assert!(matches!(
            parse_command("chess queue 101 alice pw"),
            Ok(Command::Queue {
                action: QueueAction::List,
                ..
            })
        ));
        assert!(matches!(
            parse_command("chess queue 101 alice pw CLEAR"),
            Ok(Command::Queue {
                action: QueueAction::Clear,
                ..
            })
        ));
        assert!(matches!(
            parse_command("chess queue 101 alice"),
            Err(Refusal::WrongArguments {
                syntax: Syntax::Queue,
                ..
            })
        ));
    }

    #[test]
    fn preview_takes_a_move_number_and_moves() {
        assert_eq!(
            parse_command("chess preview 101#2 Nf3 Nc6"),
            Ok(Command::Preview {
                kind: GameKind::Chess,
                board: 101,
                after: Some(2),
                moves: vec!["Nf3".into(), "Nc6".into()],
            })
        );
    }

    #[test]
    fn seeks_are_posted_listed_accepted_and_cancelled() {
        assert!(matches!(
            parse_command("spherical seek alice pw -setup:3 --nagtime=3"),
            Ok(Command::Seek { switches, .. }) if switches == ["-setup:3", "--nagtime=3"]
        ));
        assert_eq!(
            parse_command("chess seeks"),
            Ok(Command::Seeks {
                kind: GameKind::Chess
            })
        );
        assert!(matches!(
            parse_command("chess seek accept 4 bob pw"),
            Ok(Command::SeekAnswer {
                seek: 4,
                accept: true,
                ..
            })
        ));
        assert!(matches!(
            parse_command("chess seek cancel #4 alice pw"),
            Ok(Command::SeekAnswer {
                seek: 4,
                accept: false,
                ..
            })
        ));
        assert!(matches!(
            parse_command("chess seek accept four bob pw"),
            Err(Refusal::NotANumber { .. })
        ));
    }

    #[test]
    fn notes_messages_and_undo_are_read() {
        assert!(matches!(
            parse_command("chess note 101 alice pw clear"),
            Ok(Command::Note { clear: true, .. })
        ));
        assert!(matches!(
            parse_command("message alice pw bob"),
            Ok(Command::Message { to, .. }) if to == "bob"
        ));
        assert!(matches!(
            parse_command("chess move 101 alice pw undo"),
            Ok(Command::Move { words, .. }) if words == [MoveWord::Undo]
        ));
    }
}
