//! One refusal of each kind with sample data, for rendering every kind in
//! every language.

use crate::games::{GameKind, MoveError, Notation, Reason, SetupError, Side};
use crate::host::model::challengers::Challengers;
use crate::host::model::command::Syntax;
use crate::host::model::limits::LimitHit;
use crate::host::model::refusal::{Refusal, Weakness};
use crate::rules::time_control::TimeError;

/// Every reason a password is weak.
pub(crate) fn weaknesses() -> Vec<Weakness> {
    vec![
        Weakness::TooShort { min: 8 },
        Weakness::TooLong { max: 64 },
        Weakness::Userid,
        Weakness::CommandWord,
        Weakness::GameName,
        Weakness::MoveNotation,
        Weakness::HostWord,
        Weakness::Common,
    ]
}

pub(crate) fn samples() -> Vec<Refusal> {
    let mut all = written();
    all.extend(accounts_and_challenges());
    all.extend(
        weaknesses()
            .into_iter()
            .map(|reason| Refusal::WeakPassword {
                userid: "alice".into(),
                reason,
            }),
    );
    all.extend(boards());
    all.extend(competition());
    all
}

/// Ladders (the tournaments' and named ladders' own are beside their
/// samples).
fn competition() -> Vec<Refusal> {
    let game = GameKind::Chess;
    vec![
        Refusal::NotOnLadder {
            userid: "bob".into(),
            ladder: String::new(),
            game,
        },
        Refusal::NotOnLadder {
            userid: "bob".into(),
            ladder: "blitz".into(),
            game,
        },
        Refusal::LadderChallengerFirst { game },
        Refusal::OutOfReach {
            userid: "anna".into(),
            rank: 7,
            target: 1,
            highest: 4,
            lowest: 6,
            within: vec!["dan".into(), "eve".into(), "finn".into()],
            reach: 3,
            ladder: String::new(),
            game,
        },
        Refusal::OutOfReach {
            userid: "anna".into(),
            rank: 2,
            target: 1,
            highest: 1,
            lowest: 1,
            within: vec!["anna".into()],
            reach: 1,
            ladder: String::new(),
            game,
        },
        Refusal::OutOfReach {
            userid: "ben".into(),
            rank: 1,
            target: 2,
            highest: 1,
            lowest: 0,
            within: Vec::new(),
            reach: 3,
            ladder: String::new(),
            game,
        },
        Refusal::LadderChallengeOpen {
            userid: "bob".into(),
            board: 104,
            most: 1,
            ladder: String::new(),
            game,
        },
        Refusal::LadderChallengeOpen {
            userid: "bob".into(),
            board: 104,
            most: 3,
            ladder: "blitz".into(),
            game,
        },
    ]
    .into_iter()
    .chain(super::ladders::ladder_refusals())
    .chain(super::tournaments::tournament_refusals())
    .chain(super::leagues::league_refusals())
    .collect()
}

/// How a command or a mail was written.
fn written() -> Vec<Refusal> {
    let game = GameKind::Chess;
    vec![
        Refusal::NoCommand,
        Refusal::UnknownCommand {
            word: "frobnicate".into(),
            meant: None,
        },
        Refusal::UnknownCommand {
            word: "chsss".into(),
            meant: Some("chess".into()),
        },
        Refusal::WrongArguments {
            syntax: Syntax::Move,
            game: Some(game),
        },
        Refusal::WrongArguments {
            syntax: Syntax::Signup,
            game: None,
        },
        Refusal::WrongArguments {
            syntax: Syntax::Adjudicate,
            game: Some(game),
        },
        Refusal::WrongArguments {
            syntax: Syntax::Forfeit,
            game: Some(game),
        },
        Refusal::WrongArguments {
            syntax: Syntax::Void,
            game: Some(game),
        },
        Refusal::WrongArguments {
            syntax: Syntax::Tournament,
            game: Some(game),
        },
        Refusal::NotOffered {
            command: "chess queue".into(),
        },
        Refusal::NotABoardNumber {
            text: "abc".into(),
            syntax: Syntax::Show,
            game,
        },
        Refusal::TwoGuards,
        Refusal::NoMoveGiven { game: Some(game) },
        Refusal::NotANumber {
            text: "x".into(),
            syntax: Syntax::Limit,
            game,
        },
        Refusal::NotANumber {
            text: "x".into(),
            syntax: Syntax::History,
            game,
        },
        Refusal::UnknownGameCommand {
            word: "castle".into(),
            meant: None,
            game,
        },
        Refusal::UnknownGameCommand {
            word: "moev".into(),
            meant: Some("move".into()),
            game,
        },
        Refusal::UnknownSetting {
            setting: "colour".into(),
        },
        Refusal::MultipleInBody,
        Refusal::CommentHoldsPassword,
        Refusal::TooManyCommands {
            max: 20,
            rest: 980,
            first_left_out: "list".into(),
        },
        Refusal::EmptyMultiple,
        Refusal::TooLarge {
            size: 5_000_000,
            limit: 1_048_576,
        },
        Refusal::EmptyReply,
        Refusal::ReplyFromElsewhere {
            from: "mallory@example.org".into(),
        },
        Refusal::ReplyNotToUs,
        Refusal::ReplyNotAboutBoard,
        Refusal::TooManyAccounts {
            address: "eve@example.org".into(),
            max: 3,
        },
        Refusal::CommentTooLong {
            max: 4096,
            given: 600_000,
        },
        limit(LimitHit::OpenChallengesTo {
            opponent: "bob".into(),
            max: 2,
        }),
        limit(LimitHit::OpenChallenges { max: 10 }),
        limit(LimitHit::BoardsPerDay { max: 30 }),
        limit(LimitHit::RobotBoards { max: 0 }),
        limit(LimitHit::RobotBoards { max: 4 }),
        limit(LimitHit::Subscriptions { max: 100 }),
        limit(LimitHit::Observers {
            board: Some(101),
            max: 50,
        }),
        limit(LimitHit::Observers {
            board: None,
            max: 50,
        }),
        limit(LimitHit::Confirmations { max: 5 }),
        limit(LimitHit::StrangerMail { max: 200 }),
        limit(LimitHit::EventNews { max: 3 }),
        Refusal::Unconfirmed {
            userid: "alice".into(),
            own: true,
        },
        Refusal::Unconfirmed {
            userid: "bob".into(),
            own: false,
        },
        Refusal::DigestReply {
            boards: vec![101, 102],
            line: Some("103 e5".into()),
        },
        Refusal::DigestReply {
            boards: vec![101],
            line: None,
        },
    ]
}

/// Accounts, help and challenges.
fn accounts_and_challenges() -> Vec<Refusal> {
    let game = GameKind::Chess;
    let userid = || "alice".to_string();
    vec![
        Refusal::NoHelpTopic {
            topic: "castling".into(),
            topics: vec!["move", "reply"],
        },
        Refusal::BadUserid {
            userid: "9lives".into(),
        },
        Refusal::BlockedAddress {
            address: "eve@evil.example".into(),
        },
        Refusal::ReservedUserid {
            userid: "postmaster".into(),
        },
        Refusal::AccountLocked { userid: userid() },
        Refusal::Unreachable { userid: userid() },
        Refusal::BadAddress {
            address: "nowhere".into(),
        },
        Refusal::UseridTaken { userid: userid() },
        Refusal::NoSuchPlayer {
            userid: userid(),
            syntax: Some(Syntax::Challenge),
            game: Some(game),
        },
        Refusal::NoSuchPlayer {
            userid: userid(),
            syntax: None,
            game: None,
        },
        Refusal::WrongPassword { userid: userid() },
        Refusal::StillPlaying {
            userid: userid(),
            boards: vec![101, 102],
        },
        Refusal::DirectsEvents {
            userid: userid(),
            events: vec!["chess ladder club".into(), "chess tournament cup".into()],
        },
        Refusal::UnknownLanguage {
            language: "xx".into(),
            languages: vec!["de".into(), "en".into()],
        },
        Refusal::BadHostOption {
            switch: "--nagtime=x".into(),
            reason: TimeError::NotALength { text: "x".into() },
        },
        Refusal::SelfChallenge { game },
        Refusal::SignedOff { userid: userid() },
        Refusal::NotAccepting {
            userid: userid(),
            game,
        },
        Refusal::Unchallengeable {
            userid: userid(),
            takes: Challengers::Played,
        },
        Refusal::Unchallengeable {
            userid: userid(),
            takes: Challengers::Nobody,
        },
        Refusal::AtLimit {
            userid: userid(),
            game,
            running: 3,
            limit: 3,
        },
        Refusal::BadSwitches {
            game,
            reason: SetupError::NoSwitches {
                game,
                switch: "-x".into(),
            },
        },
        Refusal::LadderSwitch {
            game,
            tournament: true,
        },
        Refusal::LadderSwitch {
            game,
            tournament: false,
        },
        Refusal::ChallengeNotAllowed { game },
    ]
}

/// Boards and moves.
fn boards() -> Vec<Refusal> {
    let game = GameKind::Chess;
    let userid = || "alice".to_string();
    vec![
        Refusal::NoSuchBoard { board: 999 },
        Refusal::BoardUnreadable {
            board: 101,
            reason: "stored move 3 does not replay".into(),
        },
        Refusal::WrongGame {
            board: 101,
            actual: GameKind::Spherical,
            named: game,
        },
        Refusal::NotSeated {
            userid: "carol".into(),
            board: 101,
            white: userid(),
            black: "bob".into(),
        },
        Refusal::BoardOver {
            userid: userid(),
            board: 101,
            game,
        },
        Refusal::StaleGuard {
            board: 101,
            expected: 1,
            next: 3,
            played_since: vec!["#1 alice e4".into(), "#2 bob e5".into()],
        },
        Refusal::AfterDrawAgreed,
        Refusal::NotYourTurn {
            userid: userid(),
            board: 101,
            waiting: vec!["bob".into()],
        },
        Refusal::bad_move(
            &MoveError::Illegal {
                text: "e5".into(),
                reason: Box::new(Reason::NoPiece {
                    square: "e5".into(),
                }),
            },
            true,
            Side::White,
            vec!["e4".into(), "d4".into()],
            game,
        ),
        Refusal::bad_move(
            &MoveError::Malformed {
                text: "zz".into(),
                reason: Box::new(Reason::Unreadable {
                    notation: Notation::Chess,
                }),
            },
            false,
            Side::Black,
            Vec::new(),
            game,
        ),
        Refusal::NoDraws {
            reason: Box::new(Reason::NoDraws),
        },
        Refusal::AlreadyOffered,
        Refusal::NoOfferToAccept,
        Refusal::NoOfferToReject,
        Refusal::AlreadyPaused,
        Refusal::AlreadyOnVacation { userid: userid() },
        Refusal::NotOnVacation { userid: userid() },
        Refusal::NoVacationLeft { allowance: 45 },
        Refusal::BadVacationDate {
            text: "1.3.2027".into(),
        },
        Refusal::BadReminder {
            word: "3x".into(),
            reason: TimeError::NotALength { text: "3x".into() },
        },
        Refusal::PauseAlreadyProposed,
        Refusal::NotPaused,
        Refusal::AlreadyMoved {
            userid: userid(),
            board: 101,
            game,
        },
        Refusal::NoSuchMove {
            board: 101,
            moves: 2,
            after: 7,
            game,
        },
        Refusal::NotSeatedForChat {
            userid: "carol".into(),
            board: 101,
        },
        Refusal::EmptyChat,
        Refusal::PasswordsLocked {
            until: "2027-03-01 09:15 UTC".into(),
        },
        Refusal::TooManyAddresses { max: 4, given: 9 },
        Refusal::NothingToConfirm {
            address: "alice@home.example".into(),
        },
        Refusal::ChallengeNeedsPassword {
            game: GameKind::Chess,
            robots: true,
        },
        Refusal::ChallengeNeedsPassword {
            game: GameKind::Chess,
            robots: false,
        },
        Refusal::ConfirmWithYes {
            address: "helpdesk@example.org".into(),
        },
        Refusal::TokenExpired { board: Some(101) },
        Refusal::TokenExpired { board: None },
        Refusal::TurnComplete {
            userid: userid(),
            word: "Nf3".into(),
            played: vec!["e4".into()],
        },
    ]
}

fn limit(hit: LimitHit) -> Refusal {
    Refusal::Limit {
        userid: "eve".into(),
        hit,
    }
}
