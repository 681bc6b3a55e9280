//! Sample answers and account mails for the render tests: every kind,
//! with the variations its template words differently.

use super::*;
use crate::host::model::challengers::Challengers;

pub(super) fn account_answers() -> Vec<Answer> {
    let kind = GameKind::Chess;
    vec![
        Answer::List {
            games: GameKind::ALL
                .into_iter()
                .map(|kind| GameCount {
                    kind,
                    running: 2,
                    finished: 5,
                })
                .collect(),
        },
        Answer::SignedUp {
            userid: "alice".into(),
            addresses: vec!["alice@example.org".into()],
            pending: Vec::new(),
        },
        Answer::SignedUp {
            userid: "alice".into(),
            addresses: vec!["alice@example.org".into()],
            pending: vec!["alice@home.example".into()],
        },
        Answer::PasswordChanged {
            userid: "alice".into(),
        },
        Answer::AddressChanged {
            userid: "alice".into(),
            addresses: vec!["a@example.org".into(), "b@example.org".into()],
            pending: vec!["c@example.org".into()],
        },
        Answer::AddressConfirmed {
            userid: "alice".into(),
            address: "c@example.org".into(),
            addresses: vec!["a@example.org".into(), "c@example.org".into()],
            welcome: false,
        },
        Answer::AddressConfirmed {
            userid: "alice".into(),
            address: "a@example.org".into(),
            addresses: vec!["a@example.org".into()],
            welcome: true,
        },
        Answer::AddressChangeUndone {
            userid: "alice".into(),
            addresses: vec!["a@example.org".into()],
        },
        Answer::SignedOff {
            userid: "alice".into(),
        },
        Answer::Deleted {
            userid: "alice".into(),
        },
        Answer::LanguageSet {
            userid: "alice".into(),
            language: "de".into(),
        },
        Answer::Vacation {
            userid: "alice".into(),
            on: true,
            ends: Some(1_803_892_500),
            days_left: 45,
        },
        Answer::Vacation {
            userid: "alice".into(),
            on: false,
            ends: None,
            days_left: 1,
        },
        Answer::Reminders {
            userid: "alice".into(),
            schedule: Some("3d 1d 4h".into()),
        },
        Answer::Reminders {
            userid: "alice".into(),
            schedule: Some("off".into()),
        },
        Answer::Reminders {
            userid: "alice".into(),
            schedule: None,
        },
        Answer::Accepting {
            userid: "alice".into(),
            kind,
            accepts: false,
        },
        Answer::Limit {
            userid: "alice".into(),
            kind,
            limit: 3,
        },
    ]
}

/// Every mail about an account to addresses other than the sender's.
pub(super) fn account_news() -> Vec<AccountNews> {
    let news = |event| AccountNews {
        userid: "alice".into(),
        to: vec!["alice@example.org".into()],
        event,
    };
    let mut all = vec![
        news(AccountEvent::ConfirmAddress {
            address: "alice@home.example".into(),
            asked_from: "alice@example.org".into(),
        }),
        news(AccountEvent::AddressesChanged {
            before: vec!["alice@example.org".into()],
            after: vec!["alice@example.org".into()],
            pending: vec!["alice@home.example".into()],
            asked_from: "alice@example.org".into(),
        }),
        news(AccountEvent::AddressesChanged {
            before: vec!["alice@example.org".into()],
            after: Vec::new(),
            pending: vec!["mallory@evil.example".into()],
            asked_from: "mallory@evil.example".into(),
        }),
        news(AccountEvent::OpponentAway {
            opponent: "bob".into(),
            boards: vec![101, 102],
            away: true,
            back: Some(1_803_892_500),
        }),
        news(AccountEvent::OpponentAway {
            opponent: "bob".into(),
            boards: vec![101],
            away: false,
            back: None,
        }),
        news(AccountEvent::VacationOver {
            ended: 1_803_892_500,
            days_left: 1,
        }),
        news(AccountEvent::SeekExpired {
            kind: crate::games::GameKind::Spherical,
            seek: crate::store::Seek {
                id: 3,
                kind: "spherical".into(),
                userid: "alice".into(),
                switches: vec!["-setup:3".into()],
                comment: None,
                posted: 1_803_288_000,
                expires: 1_803_892_500,
            },
        }),
        news(AccountEvent::PasswordReset {
            password: "tulip-9-orbit-canal".into(),
        }),
        news(AccountEvent::Guessed {
            failures: 5,
            locked_until: 1_803_892_500,
            last_from: "mallory@evil.example".into(),
        }),
    ];
    all.extend(
        super::refusals::weaknesses()
            .into_iter()
            .map(|reason| news(AccountEvent::WeakPassword { reason })),
    );
    all
}

fn watching(boards: &[i64], on: bool, changed: bool, results_only: bool) -> Answer {
    Answer::Watching {
        userid: "carol".into(),
        kind: GameKind::Chess,
        boards: boards.to_vec(),
        on,
        changed,
        results_only,
    }
}

pub(super) fn board_answers(store: &Store) -> Vec<Answer> {
    let kind = GameKind::Chess;
    vec![
        Answer::Show {
            live: Box::new(board(store, kind, 3, None)),
            after: None,
        },
        Answer::Show {
            live: Box::new(board(store, kind, 3, Some(Ending::DrawAgreed))),
            after: None,
        },
        Answer::Games {
            userid: "alice".into(),
            kind,
            page: 1,
            pages: 2,
            total: 22,
            boards: vec![
                BoardLine {
                    board: 101,
                    side: Side::White,
                    opponent: "bob".into(),
                    live: Ok(board(store, kind, 1, None)),
                },
                BoardLine {
                    board: 102,
                    side: Side::Black,
                    opponent: "carol".into(),
                    live: Ok(board(store, kind, 2, Some(Ending::Resigned(Side::White)))),
                },
                BoardLine {
                    board: 103,
                    side: Side::White,
                    opponent: "dave".into(),
                    live: Err("stored move 2 does not replay".into()),
                },
            ],
        },
        Answer::Games {
            userid: "alice".into(),
            kind,
            page: 1,
            pages: 1,
            total: 0,
            boards: Vec::new(),
        },
        Answer::Games {
            userid: "alice".into(),
            kind,
            page: 3,
            pages: 2,
            total: 22,
            boards: Vec::new(),
        },
        Answer::Status {
            userid: "alice".into(),
            boards: vec![
                BoardLine {
                    board: 101,
                    side: Side::White,
                    opponent: "bob".into(),
                    live: Ok({
                        let mut live = board(store, kind, 2, None);
                        live.clocks = Some(sample_clocks(""));
                        live
                    }),
                },
                BoardLine {
                    board: 102,
                    side: Side::Black,
                    opponent: "carol".into(),
                    live: Err("stored move 2 does not replay".into()),
                },
            ],
        },
        Answer::Status {
            userid: "alice".into(),
            boards: Vec::new(),
        },
        Answer::Record {
            live: Box::new(board(store, kind, 3, None)),
            dates: vec![1_800_000_000, 1_800_003_600, 1_800_090_000],
            comments: vec![crate::store::StoredComment {
                after: 1,
                author: "alice".into(),
                text: "A classic\nstart.".into(),
            }],
            taken_back: vec![crate::store::TakenBack {
                after: 2,
                proposer: "alice".into(),
                agreed_by: "bob".into(),
                moves: vec!["Qh5".into()],
                happened: 1_800_050_000,
            }],
        },
        Answer::Record {
            live: Box::new(board(
                store,
                kind,
                2,
                Some(Ending::TimeForfeit(Side::Black)),
            )),
            dates: vec![1_800_000_000],
            comments: Vec::new(),
            taken_back: Vec::new(),
        },
        Answer::Record {
            live: Box::new(board(store, kind, 0, None)),
            dates: Vec::new(),
            comments: Vec::new(),
            taken_back: Vec::new(),
        },
        Answer::DigestSet {
            userid: "alice".into(),
            on: true,
        },
        Answer::CommentsSet {
            userid: "alice".into(),
            public: true,
        },
        Answer::CommentsSet {
            userid: "alice".into(),
            public: false,
        },
        Answer::DigestSet {
            userid: "alice".into(),
            on: false,
        },
        Answer::BoardStyleSet {
            userid: "alice".into(),
            style: crate::host::model::board_style::BoardStyle::Image,
        },
        Answer::ChallengersSet {
            userid: "alice".into(),
            challengers: Challengers::Played,
        },
        Answer::ChallengersSet {
            userid: "alice".into(),
            challengers: Challengers::Nobody,
        },
        Answer::ChallengersSet {
            userid: "alice".into(),
            challengers: Challengers::Anyone,
        },
        watching(&[101], true, true, false),
        watching(&[], true, true, false),
        watching(&[101, 102], true, true, true),
        watching(&[], true, true, true),
        watching(&[101], false, true, false),
        watching(&[], false, false, false),
        Answer::History {
            kind,
            userid: Some("alice".into()),
            page: 1,
            pages: 2,
            total: 21,
            boards: vec![
                HistoryLine {
                    board: 101,
                    started: 1_800_000_000,
                    ended: 1_800_900_000,
                    moves: 2,
                    live: Ok(board(store, kind, 2, Some(Ending::Resigned(Side::White)))),
                },
                HistoryLine {
                    board: 102,
                    started: 1_800_000_000,
                    ended: 1_800_900_000,
                    moves: 1,
                    live: Err("stored move 1 does not replay".into()),
                },
            ],
        },
        Answer::History {
            kind,
            userid: None,
            page: 3,
            pages: 2,
            total: 21,
            boards: Vec::new(),
        },
        Answer::History {
            kind,
            userid: None,
            page: 1,
            pages: 1,
            total: 0,
            boards: Vec::new(),
        },
    ]
}
