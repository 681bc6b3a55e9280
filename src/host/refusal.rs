//! Why a command was not carried out, as data: what was wrong and what the
//! template needs to say what would be right. `templates/*/refusal.txt`
//! words every kind; a test renders each one in every language.

use super::command::Syntax;
use crate::games::{GameKind, MoveError, Side};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Refusal {
    // How the command was written.
    NoCommand,
    UnknownCommand {
        word: String,
    },
    WrongArguments {
        syntax: Syntax,
        game: Option<GameKind>,
    },
    NotOffered {
        command: String,
    },
    NotABoardNumber {
        text: String,
        syntax: Syntax,
        game: GameKind,
    },
    TwoGuards,
    NoMoveGiven {
        game: Option<GameKind>,
    },
    NotANumber {
        text: String,
        game: GameKind,
    },
    UnknownGameCommand {
        word: String,
        game: GameKind,
    },
    UnknownSetting {
        setting: String,
    },
    MultipleInBody,

    // What the mail is.
    TooManyCommands {
        max: usize,
        rest: usize,
        first_left_out: String,
    },
    EmptyMultiple,
    TooLarge {
        size: u64,
        limit: usize,
    },

    // A reply standing in for a password.
    EmptyReply,
    ReplyFromElsewhere {
        from: String,
    },
    ReplyNotToUs,
    ReplyNotAboutBoard,

    NoHelpTopic {
        topic: String,
        topics: Vec<&'static str>,
    },

    // Accounts.
    BadUserid {
        userid: String,
    },
    BadAddress {
        address: String,
    },
    UseridTaken {
        userid: String,
    },
    NoSuchPlayer {
        userid: String,
        syntax: Option<Syntax>,
        game: Option<GameKind>,
    },
    WrongPassword {
        userid: String,
    },
    StillPlaying {
        userid: String,
        boards: Vec<i64>,
    },
    UnknownLanguage {
        language: String,
        languages: Vec<String>,
    },

    // Challenges.
    BadHostOption {
        switch: String,
    },
    SelfChallenge {
        game: GameKind,
    },
    SignedOff {
        userid: String,
    },
    NotAccepting {
        userid: String,
        game: GameKind,
    },
    AtLimit {
        userid: String,
        game: GameKind,
        running: u32,
        limit: u32,
    },
    /// The game refused its switches; `reason` is the game's own words.
    BadSwitches {
        game: GameKind,
        reason: String,
    },

    // Boards.
    NoSuchBoard {
        board: i64,
    },
    /// A stored board that does not replay (a damaged or hand-edited row).
    BoardUnreadable {
        board: i64,
        reason: String,
    },
    WrongGame {
        board: i64,
        actual: GameKind,
        named: GameKind,
    },
    NotSeated {
        userid: String,
        board: i64,
        white: String,
        black: String,
    },
    BoardOver {
        userid: String,
        board: i64,
        game: GameKind,
    },
    StaleGuard {
        board: i64,
        expected: i64,
        next: i64,
    },
    AfterDrawAgreed,
    NotYourTurn {
        userid: String,
        board: i64,
        waiting: Vec<String>,
    },
    /// A move the game refused: `problem` is its kind, `reason` the
    /// game's own words; `legal` the moves `side` has now.
    BadMove {
        problem: MoveProblem,
        text: String,
        reason: String,
        after_others: bool,
        side: Side,
        legal: Vec<String>,
        game: GameKind,
    },
    /// The game has no draws; `reason` is the game's own words.
    NoDraws {
        reason: String,
    },
    AlreadyOffered,
    NoOfferToAccept,
    NoOfferToReject,
    AlreadyMoved {
        userid: String,
        board: i64,
        game: GameKind,
    },
    NoSuchMove {
        board: i64,
        moves: usize,
        after: i64,
        game: GameKind,
    },
    NotSeatedForChat {
        userid: String,
        board: i64,
    },
    EmptyChat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveProblem {
    Malformed,
    Illegal,
    NotYourTurn,
    GameOver,
}

impl Refusal {
    /// A move the game refused, with the moves that would be legal.
    pub fn bad_move(
        error: &MoveError,
        after_others: bool,
        side: Side,
        legal: Vec<String>,
        game: GameKind,
    ) -> Refusal {
        let (problem, text, reason) = match error {
            MoveError::Malformed { text, reason } => {
                (MoveProblem::Malformed, text.clone(), reason.clone())
            }
            MoveError::Illegal { text, reason } => {
                (MoveProblem::Illegal, text.clone(), reason.clone())
            }
            MoveError::NotYourTurn(_) => (MoveProblem::NotYourTurn, String::new(), String::new()),
            MoveError::GameOver => (MoveProblem::GameOver, String::new(), String::new()),
        };
        Refusal::BadMove {
            problem,
            text,
            reason,
            after_others,
            side,
            legal,
            game,
        }
    }

    /// One of each kind with sample data, for rendering every kind in
    /// every language in the tests.
    #[cfg(test)]
    pub fn samples() -> Vec<Refusal> {
        let game = GameKind::Chess;
        let userid = || "alice".to_string();
        vec![
            Refusal::NoCommand,
            Refusal::UnknownCommand {
                word: "frobnicate".into(),
            },
            Refusal::WrongArguments {
                syntax: Syntax::Move,
                game: Some(game),
            },
            Refusal::WrongArguments {
                syntax: Syntax::Signup,
                game: None,
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
                game,
            },
            Refusal::UnknownGameCommand {
                word: "castle".into(),
                game,
            },
            Refusal::UnknownSetting {
                setting: "colour".into(),
            },
            Refusal::MultipleInBody,
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
            Refusal::NoHelpTopic {
                topic: "castling".into(),
                topics: vec!["move", "reply"],
            },
            Refusal::BadUserid {
                userid: "9lives".into(),
            },
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
            Refusal::UnknownLanguage {
                language: "xx".into(),
                languages: vec!["de".into(), "en".into()],
            },
            Refusal::BadHostOption {
                switch: "--speed=3".into(),
            },
            Refusal::SelfChallenge { game },
            Refusal::SignedOff { userid: userid() },
            Refusal::NotAccepting {
                userid: userid(),
                game,
            },
            Refusal::AtLimit {
                userid: userid(),
                game,
                running: 3,
                limit: 3,
            },
            Refusal::BadSwitches {
                game,
                reason: "unknown switch -x".into(),
            },
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
                next: 2,
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
                    reason: "no piece can go there".into(),
                },
                true,
                Side::White,
                vec!["e4".into(), "d4".into()],
                game,
            ),
            Refusal::bad_move(
                &MoveError::Malformed {
                    text: "zz".into(),
                    reason: "not a square".into(),
                },
                false,
                Side::Black,
                Vec::new(),
                game,
            ),
            Refusal::NoDraws {
                reason: "a draw is impossible".into(),
            },
            Refusal::AlreadyOffered,
            Refusal::NoOfferToAccept,
            Refusal::NoOfferToReject,
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
        ]
    }
}
