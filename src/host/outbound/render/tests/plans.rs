//! Sample conditional moves, previews, notes, seeks, messages and their
//! refusals and board events, for rendering every one in every language.

use super::*;
use crate::games::{KingSafety, PieceName, Reason};
use crate::host::model::answers::Proposal;
use crate::host::model::notice::{DropReason, PreviewStep, QueueChange};
use crate::host::model::refusal::{MoveProblem, QueueProblem, Refusal};

pub(super) fn plan_answers(store: &Store) -> Vec<Answer> {
    let kind = GameKind::Chess;
    let lines = vec![
        vec!["e5".to_string(), "Nf3".into(), "Nc6".into(), "Bb5".into()],
        vec!["*".to_string(), "d4".into()],
    ];
    let queue = |lines: Vec<Vec<String>>, change| Answer::Queue {
        kind,
        board: 101,
        userid: "alice".into(),
        lines,
        change,
    };
    let seek = crate::store::Seek {
        id: 3,
        kind: "chess".into(),
        userid: "alice".into(),
        switches: vec!["--nagtime=3".into()],
        comment: Some("A quick game?".into()),
        posted: 1_800_000_000,
        expires: 1_800_604_800,
    };
    let step = |text: &str, played: Option<&str>, problem| PreviewStep {
        text: text.into(),
        side: Some(Side::White),
        played: played.map(str::to_string),
        problem,
        reason: problem.map(|_| Reason::CannotMoveTo {
            piece: PieceName::King,
            from: "e1".into(),
            to: "e2".into(),
            king_safety: Some(KingSafety::Exposes),
        }),
    };
    vec![
        queue(lines.clone(), QueueChange::Added { replaced: 1 }),
        queue(lines, QueueChange::Listed),
        queue(Vec::new(), QueueChange::Cleared { count: 2 }),
        queue(Vec::new(), QueueChange::Cleared { count: 0 }),
        Answer::Preview {
            live: Box::new(board(store, kind, 2, None)),
            seat: Some(Side::White),
            start: 1,
            sealed_left_out: 1,
            steps: vec![
                step("e5", Some("e5"), None),
                step("Ke2", None, Some(MoveProblem::Illegal)),
                step("zz", None, Some(MoveProblem::Malformed)),
                step("e4", None, Some(MoveProblem::NotYourTurn)),
                step("a6", None, Some(MoveProblem::GameOver)),
            ],
            untried: vec!["Nf3".into()],
        },
        Answer::Preview {
            live: Box::new(board(store, kind, 0, None)),
            seat: None,
            start: 0,
            sealed_left_out: 0,
            steps: Vec::new(),
            untried: Vec::new(),
        },
        Answer::Note {
            kind,
            board: 101,
            userid: "alice".into(),
            text: Some("Watch the h-file.".into()),
            had_one: true,
        },
        Answer::Note {
            kind,
            board: 101,
            userid: "alice".into(),
            text: None,
            had_one: true,
        },
        Answer::Note {
            kind,
            board: 101,
            userid: "alice".into(),
            text: None,
            had_one: false,
        },
        Answer::Seeks {
            kind,
            seeks: vec![seek.clone()],
        },
        Answer::Seeks {
            kind,
            seeks: Vec::new(),
        },
        Answer::SeekChanged {
            kind,
            seek: seek.clone(),
            posted: true,
        },
        Answer::SeekChanged {
            kind,
            seek,
            posted: false,
        },
        Answer::MessageSent {
            userid: "alice".into(),
            to: "bob".into(),
        },
    ]
}

pub(super) fn plan_events() -> Vec<Event> {
    let dropped = |why| Event::QueueDropped {
        userid: "alice".into(),
        side: Side::White,
        lines: vec!["e5 Nf3".into(), "c5 d4".into()],
        why,
    };
    vec![
        Event::FromQueue {
            userid: "alice".into(),
        },
        Event::SeekAccepted {
            userid: "bob".into(),
            author: "alice".into(),
            seek: 3,
        },
        dropped(DropReason::Unmatched),
        dropped(DropReason::Illegal {
            reason: Reason::NoPiece {
                square: "e4".into(),
            },
        }),
        dropped(DropReason::TakenBack),
        dropped(DropReason::Outranked),
        Event::UndoProposed {
            userid: "alice".into(),
            moves: vec!["e4".into()],
        },
        Event::UndoAgreed {
            userid: "bob".into(),
            proposer: "alice".into(),
            moves: vec!["e4".into(), "e5".into()],
        },
        Event::UndoRejected {
            userid: "bob".into(),
        },
        Event::Withdrawn {
            userid: "alice".into(),
            proposals: vec![Proposal::Draw, Proposal::Pause],
        },
    ]
}

pub(super) fn plan_refusals() -> Vec<Refusal> {
    let game = GameKind::Spherical;
    let bad_line = |problem| Refusal::BadQueueLine {
        problem,
        unit: 3,
        text: "h8-h2".into(),
        reason: "cannot read \"zz\" as a move".into(),
        why: (problem == QueueProblem::Illegal).then(|| Box::new(Reason::SecondSquareMissing)),
        game,
    };
    vec![
        Refusal::QueueYourMove { board: 101, game },
        bad_line(QueueProblem::NoAnswer),
        bad_line(QueueProblem::AnyAnswer),
        bad_line(QueueProblem::Illegal),
        bad_line(QueueProblem::Incomplete),
        bad_line(QueueProblem::TooManyActions),
        bad_line(QueueProblem::TooLong),
        Refusal::QueueFull {
            board: 101,
            max: 20,
        },
        Refusal::NothingToUndo { board: 101 },
        Refusal::UndoMidRound { board: 101 },
        Refusal::UndoAlreadyProposed,
        Refusal::NoUndoToAnswer,
        Refusal::NothingToWithdraw { board: 101 },
        Refusal::NoClocks { board: 101 },
        Refusal::UndoAlone,
        Refusal::UndoOrDraw,
        Refusal::EmptyNote { board: 101, game },
        Refusal::NoSuchSeek { seek: 4, game },
        Refusal::OwnSeek { seek: 4 },
        Refusal::NotYourSeek { seek: 4 },
        Refusal::TooManySeeks { max: 5 },
        Refusal::MessageToSelf,
        Refusal::EmptyMessage,
        Refusal::TooManyMessages { max: 10 },
    ]
}

/// The mails that are no answer: a message and a note at a mail's end.
pub(super) fn plan_letters(renderer: &Renderer, language: &str) -> Vec<String> {
    let message = renderer
        .message("alice", "bob", "Shall we play?\nA.", &host(), language)
        .unwrap();
    let footer = renderer
        .note_footer("Watch the h-file.", &host(), language)
        .unwrap();
    vec![message.body, footer]
}
