//! The answers for the sender alone: which template, subject and
//! variables each has.

use super::parts::seek_view;
use super::plans;
use super::reader::Reader;
use super::view::{all_turns, board_view, clock_view, moves_left_out, result_view};
use crate::clock::utc_text;
use crate::games::{GameKind, Side};
use crate::host::model::command::EventList;
use crate::host::model::notice::{Answer, BoardLine, HistoryLine};
use crate::host::model::replays::LiveGame;
use crate::host::model::subject::{AccountTopic, BoardTopic, Subject};
use crate::store::{GameStatus, StoredComment};
use minijinja::{context, Value};

/// The template, subject and variables of an answer.
pub(super) fn answer_parts(answer: &Answer, reader: Reader, now: i64) -> (String, Subject, Value) {
    (
        answer_template(answer),
        answer_subject(answer),
        answer_context(answer, reader, now),
    )
}

fn answer_template(answer: &Answer) -> String {
    let name = match answer {
        Answer::Help { topic: Some(topic) } => return format!("help/{topic}.txt"),
        Answer::Rules { kind } => return format!("games/{}.txt", kind.name()),
        Answer::Help { topic: None } => "help.txt",
        Answer::List { .. } => "list.txt",
        Answer::SignedUp { .. } => "signup.txt",
        Answer::PasswordChanged { .. } => "password.txt",
        Answer::AddressChanged { .. } => "address.txt",
        Answer::AddressConfirmed { .. } => "confirmed.txt",
        Answer::AddressChangeUndone { .. } => "undone.txt",
        Answer::SignedOff { .. } => "signoff.txt",
        Answer::Deleted { .. } => "delete.txt",
        Answer::LanguageSet { .. } => "language.txt",
        Answer::Vacation { .. } => "vacation.txt",
        Answer::Reminders { .. } => "remind.txt",
        Answer::Accepting { .. } => "accepting.txt",
        Answer::Limit { .. } => "limit.txt",
        Answer::Show { .. } => "show.txt",
        Answer::Games { .. } => "games.txt",
        Answer::Status { .. } => "status.txt",
        Answer::DigestSet { .. } => "digest-setting.txt",
        Answer::CommentsSet { .. } => "comments-setting.txt",
        Answer::BoardStyleSet { .. } => "board-setting.txt",
        Answer::ChallengersSet { .. } => "challenges-setting.txt",
        Answer::Record { .. } => "record.txt",
        Answer::Watching { .. } => "watching.txt",
        Answer::History { .. } => "history.txt",
        Answer::Standings { .. } => "standings.txt",
        Answer::Ladder { .. } => "ladder.txt",
        Answer::Ladders { .. } => "ladders.txt",
        Answer::Tournaments { .. } => "tournaments.txt",
        Answer::Tournament { .. } => "tournament.txt",
        Answer::Leagues { .. } => "leagues.txt",
        Answer::League { .. } => "league.txt",
        Answer::EventLog { .. } => "event-log.txt",
        Answer::Queue { .. } => "queue.txt",
        Answer::Preview { .. } => "preview.txt",
        Answer::Note { .. } => "note.txt",
        Answer::Seeks { .. } => "seeks.txt",
        Answer::SeekChanged { .. } => "seek.txt",
        Answer::MessageSent { .. } => "message-sent.txt",
    };
    name.to_string()
}

/// A ladder's subject (`None`: the list of a game type's ladders).
fn ladder_subject(kind: GameKind, name: Option<&str>) -> Subject {
    Subject::Ladder {
        kind,
        name: name.map(str::to_string),
    }
}

/// A ladder's or a tournament's subject.
fn event_subject(kind: GameKind, name: &str, of: EventList) -> Subject {
    match of {
        EventList::Ladders => ladder_subject(kind, Some(name)),
        EventList::Tournaments => Subject::Tournament {
            kind,
            name: name.to_string(),
        },
        EventList::Leagues => Subject::League {
            kind,
            name: Some(name.to_string()),
        },
    }
}

fn answer_subject(answer: &Answer) -> Subject {
    let account = |topic, userid: &str| Subject::Account {
        topic,
        userid: userid.to_string(),
    };
    match answer {
        Answer::Help { topic } => Subject::Help {
            topic: topic.map(str::to_string),
        },
        Answer::Rules { kind } => Subject::Help {
            topic: Some(kind.title().to_string()),
        },
        Answer::List { .. } => Subject::GameList,
        Answer::SignedUp { userid, .. } => account(AccountTopic::Signup, userid),
        Answer::PasswordChanged { userid } => account(AccountTopic::Password, userid),
        Answer::AddressChanged { userid, .. }
        | Answer::AddressConfirmed { userid, .. }
        | Answer::AddressChangeUndone { userid, .. } => account(AccountTopic::Address, userid),
        Answer::SignedOff { userid } => account(AccountTopic::Signoff, userid),
        Answer::Deleted { userid } => account(AccountTopic::Delete, userid),
        Answer::LanguageSet { userid, .. } => account(AccountTopic::Settings, userid),
        Answer::Vacation { userid, .. } => account(AccountTopic::Vacation, userid),
        Answer::Reminders { userid, .. } => account(AccountTopic::Reminders, userid),
        Answer::Accepting { userid, kind, .. } | Answer::Limit { userid, kind, .. } => {
            Subject::Preferences {
                kind: *kind,
                userid: userid.clone(),
            }
        }
        Answer::Show { live, .. } => Subject::Show {
            kind: live.kind,
            board: live.record.id,
        },
        Answer::Games { userid, kind, .. } => Subject::Games {
            kind: *kind,
            userid: userid.clone(),
        },
        Answer::DigestSet { userid, .. }
        | Answer::CommentsSet { userid, .. }
        | Answer::BoardStyleSet { userid, .. }
        | Answer::ChallengersSet { userid, .. } => account(AccountTopic::Settings, userid),
        Answer::Status { userid, .. } => account(AccountTopic::Status, userid),
        Answer::History { kind, .. } => Subject::History { kind: *kind },
        Answer::Record { live, .. } => Subject::Record {
            kind: live.kind,
            board: live.record.id,
        },
        Answer::Watching { userid, kind, .. } => Subject::Preferences {
            kind: *kind,
            userid: userid.clone(),
        },
        Answer::Standings { kind, .. } => Subject::Standings { kind: *kind },
        Answer::Ladder { info, .. } => ladder_subject(info.kind, Some(&info.name)),
        Answer::Ladders { kind, .. } => ladder_subject(*kind, None),
        Answer::Tournaments { kind, .. } => Subject::Tournaments { kind: *kind },
        Answer::Tournament { table, .. } => Subject::Tournament {
            kind: table.kind,
            name: table.name.clone(),
        },
        Answer::EventLog { kind, name, of, .. } => event_subject(*kind, name, *of),
        Answer::Leagues { kind, .. } => Subject::League {
            kind: *kind,
            name: None,
        },
        Answer::League { table, .. } => Subject::League {
            kind: table.kind,
            name: Some(table.name.clone()),
        },
        Answer::Queue { kind, board, .. } => board_answer(BoardTopic::Queue, *kind, *board),
        Answer::Preview { live, .. } => {
            board_answer(BoardTopic::Preview, live.kind, live.record.id)
        }
        Answer::Note { kind, board, .. } => board_answer(BoardTopic::Note, *kind, *board),
        Answer::Seeks { kind, .. } | Answer::SeekChanged { kind, .. } => {
            Subject::Seeks { kind: *kind }
        }
        Answer::MessageSent { userid, .. } => account(AccountTopic::Message, userid),
    }
}

fn answer_context(answer: &Answer, reader: Reader, now: i64) -> Value {
    match answer {
        Answer::Standings { .. }
        | Answer::Ladder { .. }
        | Answer::Ladders { .. }
        | Answer::Tournaments { .. }
        | Answer::Tournament { .. }
        | Answer::EventLog { .. } => super::competition::answer_context(answer),
        Answer::Leagues { .. } | Answer::League { .. } => super::league::answer_context(answer),
        Answer::Show { .. }
        | Answer::Games { .. }
        | Answer::Watching { .. }
        | Answer::Record { .. }
        | Answer::Status { .. }
        | Answer::History { .. } => board_answer_context(answer, reader, now),
        Answer::Queue { .. }
        | Answer::Preview { .. }
        | Answer::Note { .. }
        | Answer::Seeks { .. }
        | Answer::SeekChanged { .. }
        | Answer::MessageSent { .. } => plan_answer_context(answer, now),
        _ => account_answer_context(answer),
    }
}

/// The answers about accounts and the host.
fn account_answer_context(answer: &Answer) -> Value {
    match answer {
        Answer::Help { .. } => context! { topics => crate::host::model::help::HELP_TOPICS },
        Answer::Rules { kind } => context! { game => kind },
        Answer::List { games } => context! {
            counts => games.iter().map(|count| context! {
                game => count.kind,
                running => count.running,
                finished => count.finished,
            }).collect::<Vec<_>>(),
        },
        Answer::SignedUp {
            userid,
            addresses,
            pending,
        }
        | Answer::AddressChanged {
            userid,
            addresses,
            pending,
        } => context! { userid, addresses, pending },
        Answer::AddressConfirmed {
            userid,
            address,
            addresses,
            welcome,
        } => context! { userid, address, addresses, welcome },
        Answer::AddressChangeUndone { userid, addresses } => context! { userid, addresses },
        Answer::PasswordChanged { userid }
        | Answer::SignedOff { userid }
        | Answer::Deleted { userid } => context! { userid },
        Answer::LanguageSet { userid, language } => context! { userid, language },
        Answer::Vacation {
            userid,
            on,
            ends,
            days_left,
        } => context! { userid, on, ends => ends.map(utc_text), days_left },
        Answer::Reminders { userid, schedule } => context! { userid, schedule },
        Answer::Accepting {
            userid,
            kind,
            accepts,
        } => context! { userid, game => kind, accepts },
        Answer::Limit {
            userid,
            kind,
            limit,
        } => context! { userid, game => kind, limit },
        Answer::DigestSet { userid, on } => context! { userid, on },
        Answer::CommentsSet { userid, public } => context! { userid, public },
        Answer::BoardStyleSet { userid, style } => context! { userid, style },
        Answer::ChallengersSet {
            userid,
            challengers,
        } => context! { userid, challengers },
        // Routed by answer_context; the render tests word every kind.
        _ => context! {},
    }
}

/// The answers that show boards and their records.
fn board_answer_context(answer: &Answer, reader: Reader, now: i64) -> Value {
    match answer {
        Answer::Show { live, after } => {
            let (side, seated) = reader.seat(live);
            // A board looked at shows its whole move list.
            context! {
                after => after,
                turns => all_turns(live, seated.then_some(side)),
                all_moves => true,
                left_out => moves_left_out(live),
                ..board_view(live, side, seated, now)
            }
        }
        Answer::Games {
            userid,
            kind,
            page,
            pages,
            total,
            boards,
        } => context! {
            userid,
            game => kind,
            page,
            pages,
            total,
            boards => boards.iter().map(board_line).collect::<Vec<_>>(),
        },
        Answer::Watching {
            userid,
            kind,
            boards,
            on,
            changed,
            results_only,
        } => context! { userid, game => kind, boards, on, changed, results_only },
        Answer::Record {
            live,
            dates,
            comments,
            taken_back,
        } => {
            let (side, seated) = reader.seat(live);
            context! {
                taken_back => taken_back.iter().map(plans::taken_back_view).collect::<Vec<_>>(),
                dated_moves => dated_moves(live, dates, seated.then_some(side), comments),
                turns => all_turns(live, seated.then_some(side)),
                all_moves => true,
                left_out => moves_left_out(live),
                ..board_view(live, side, seated, now)
            }
        }
        Answer::Status { userid, boards } => context! {
            userid,
            boards => boards.iter().map(|line| status_line(line, now)).collect::<Vec<_>>(),
        },
        Answer::History {
            kind,
            userid,
            page,
            pages,
            total,
            boards,
        } => context! {
            game => kind,
            userid,
            page,
            pages,
            total,
            boards => boards.iter().map(history_line).collect::<Vec<_>>(),
        },
        _ => context! {},
    }
}

/// The answers of conditional moves, previews, notes, seeks and messages.
fn plan_answer_context(answer: &Answer, now: i64) -> Value {
    match answer {
        Answer::Queue {
            kind,
            board,
            userid,
            lines,
            change,
        } => plans::queue_context(*kind, *board, userid, lines, change),
        Answer::Preview {
            live,
            seat,
            start,
            sealed_left_out,
            steps,
            untried,
        } => plans::preview_context(live, *seat, *start, *sealed_left_out, steps, untried, now),
        Answer::Note {
            kind,
            board,
            userid,
            text,
            had_one,
        } => context! { game => kind, board_id => board, userid, text, had_one },
        Answer::Seeks { kind, seeks } => context! {
            game => kind,
            seeks => seeks.iter().map(seek_view).collect::<Vec<_>>(),
        },
        Answer::SeekChanged { kind, seek, posted } => context! {
            game => kind,
            seek => seek_view(seek),
            posted,
        },
        Answer::MessageSent { userid, to } => context! { userid, to },
        _ => context! {},
    }
}

fn board_answer(topic: BoardTopic, kind: crate::games::GameKind, board: i64) -> Subject {
    Subject::BoardAnswer { topic, kind, board }
}

/// Every move with the day it was played, as `viewer` may read it: while
/// a round is open, the other side's sealed moves only in public form.
/// Those of the turns listed only, in a long game.
fn dated_moves(
    live: &LiveGame,
    dates: &[i64],
    viewer: Option<Side>,
    comments: &[StoredComment],
) -> Vec<Value> {
    let sealed = if live.record.status == GameStatus::Active {
        live.game.sealed_moves()
    } else {
        0
    };
    let first_sealed = live.moves.len().saturating_sub(sealed);
    live.moves
        .iter()
        .enumerate()
        .skip(moves_left_out(live))
        .map(|(index, record)| {
            let hidden = index >= first_sealed && Some(record.side) != viewer;
            context! {
                number => record.number,
                userid => live.record.player(record.side),
                side => record.side,
                text => if hidden { &record.public_notation } else { &record.notation },
                day => dates.get(index).map(|date| utc_text(*date).chars().take(10).collect::<String>()),
                comments => comments
                    .iter()
                    .filter(|comment| comment.after == record.number)
                    .map(|comment| context! { author => &comment.author, text => &comment.text })
                    .collect::<Vec<_>>(),
            }
        })
        .collect()
}

/// One running board in a player's status, with his clock there.
pub(super) fn status_line(line: &BoardLine, now: i64) -> Value {
    let live = line.live.as_ref();
    let game = live.map(|live| live.kind).ok();
    let your_turn = live.is_ok_and(|live| live.game.to_move().contains(&line.side));
    let clock = live.ok().and_then(|live| clock_view(live, now));
    context! {
        game => game,
        your_turn => your_turn,
        clock => clock,
        ..board_line(line)
    }
}

/// One finished board of a history.
fn history_line(line: &HistoryLine) -> Value {
    let live = line.live.as_ref();
    context! {
        board_id => line.board,
        white => live.map(|live| live.record.white.clone()).ok(),
        black => live.map(|live| live.record.black.clone()).ok(),
        started => utc_text(line.started).get(..10).map(str::to_string),
        ended => utc_text(line.ended).get(..10).map(str::to_string),
        moves => line.moves,
        result => live.ok().and_then(result_view),
        unreadable => live.err(),
    }
}

/// One board of a player's list of games.
fn board_line(line: &BoardLine) -> Value {
    let live = line.live.as_ref();
    context! {
        board_id => line.board,
        side => line.side,
        opponent => &line.opponent,
        running => live.is_ok_and(|live| live.record.status == GameStatus::Active),
        waiting => live.map(LiveGame::waiting).unwrap_or_default(),
        result => live.ok().and_then(result_view),
        unreadable => live.err(),
    }
}
