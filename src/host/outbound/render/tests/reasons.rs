//! Every kind of reason the rules give for refusing a move or a draw,
//! worded in every language: none may lack its wording, and none may keep
//! the other language's words.

use super::*;
use crate::games::recursion::MegaState;
use crate::games::{
    EndReason, KingSafety, ListProblem, MegaBar, MegaHint, Notation, Obstacle, Outcome, PieceName,
    Reason,
};

/// The place of each reason kind in [`KINDS`]; a new kind does not
/// compile until it is given a place here, and [`samples`] a sample.
fn place(reason: &Reason) -> usize {
    use Reason::*;
    match reason {
        Empty { .. } => 0,
        Unreadable { .. } => 1,
        PromotionLetter => 2,
        TrailingText { .. } => 3,
        PromotionChoice { .. } => 4,
        SecondSquareMissing => 5,
        ExpectedSquare { .. } => 6,
        NoSuchFile { .. } => 7,
        RankMissing { .. } => 8,
        NoSuchRank { .. } => 9,
        DiagonalsMissing => 10,
        NotADiagonal { .. } => 11,
        DiagonalTwice { .. } => 12,
        NoCastling { .. } => 13,
        CastlingNeedsUnmoved => 14,
        NoPiece { .. } => 15,
        NotYours { .. } => 16,
        Neutral { .. } => 17,
        CannotMoveTo { .. } => 18,
        NoneCanReach { .. } => 19,
        NoneCanMakeMove { .. } => 20,
        Ambiguous { .. } => 21,
        MustPromote { .. } => 22,
        NoPromotionHere => 23,
        PromoteDigitNotAllowed { .. } => 24,
        PromotionNotOffered { .. } => 25,
        ChooseList { .. } => 26,
        WrongBoard { .. } => 27,
        BoardFinished { .. } => 28,
        OnBoard { .. } => 29,
        GoesNowhere { .. } => 30,
        OwnPiece { .. } => 31,
        CaptureOfEmpty { .. } => 32,
        NotOnALine { .. } => 33,
        WrongDirection { .. } => 34,
        Blocked { .. } => 35,
        QueenCannotPromote { .. } => 36,
        HasDiagonal { .. } => 37,
        SinglePromotion { .. } => 38,
        OnlyRookToQueen { .. } => 39,
        DiagonalCount { .. } => 40,
        NotLegal => 41,
        NoDraws => 42,
        GameOver => 43,
        NotYourTurn { .. } => 44,
    }
}

const KINDS: usize = 45;

fn sq(text: &str) -> String {
    text.to_string()
}

/// Every piece a reason may name.
fn pieces() -> Vec<PieceName> {
    vec![
        PieceName::Pawn,
        PieceName::Knight,
        PieceName::Bishop,
        PieceName::Rook,
        PieceName::Queen,
        PieceName::King,
        PieceName::LittleRook,
        PieceName::LittleKnight,
        PieceName::LittleBishop,
        PieceName::Neutral,
        PieceName::Directional { directions: 6 },
    ]
}

fn list_problems() -> Vec<ListProblem> {
    vec![
        ListProblem::WrongLength {
            text: "KQRrNnB".into(),
            length: 7,
        },
        ListProblem::NotAKind {
            letter: "k".into(),
            position: 1,
        },
        ListProblem::Repeated {
            letter: "B".into(),
            first: 7,
            second: 8,
        },
        ListProblem::Mismatch {
            position: 1,
            wanted: None,
            found: "R".into(),
        },
        ListProblem::Mismatch {
            position: 2,
            wanted: Some("Q".into()),
            found: "n".into(),
        },
    ]
}

/// Reasons that carry no piece, list or board.
fn simple() -> Vec<Reason> {
    use Reason::*;
    let mut all: Vec<Reason> = [Notation::Chess, Notation::Progression, Notation::Spherical]
        .into_iter()
        .flat_map(|notation| [Empty { notation }, Unreadable { notation }])
        .collect();
    all.extend([
        PromotionLetter,
        TrailingText { text: "q+".into() },
        PromotionChoice { found: "x".into() },
        SecondSquareMissing,
        ExpectedSquare { found: None },
        ExpectedSquare {
            found: Some("9".into()),
        },
        NoSuchFile { letter: "s".into() },
        RankMissing { letter: "h".into() },
        NoSuchRank { rank: "19".into() },
        DiagonalsMissing,
        NotADiagonal { text: "nn".into() },
        DiagonalTwice {
            diagonal: "ne".into(),
        },
        CastlingNeedsUnmoved,
        NoPiece { square: sq("e4") },
        Neutral { square: sq("a9") },
        Ambiguous {
            options: vec!["Nbd2".into(), "Nfd2".into()],
        },
        MustPromote {
            choices: vec!["e8=Q".into(), "e8=N".into()],
        },
        NoPromotionHere,
        PromoteDigitNotAllowed {
            digit: 3,
            offer: vec!["=1 (n)".into()],
        },
        GoesNowhere {
            from: sq("h8"),
            to: sq("h8"),
        },
        CaptureOfEmpty { square: sq("h5") },
        NotOnALine {
            from: sq("h8"),
            to: sq("c4"),
        },
        Blocked {
            from: sq("i8"),
            to: sq("i12"),
            obstacles: vec![Obstacle {
                direction: "N".into(),
                square: sq("i10"),
            }],
        },
        QueenCannotPromote { square: sq("h9") },
        NotLegal,
        NoDraws,
        GameOver,
        NotYourTurn { side: Side::Black },
    ]);
    all
}

/// Reasons about a piece, for every piece and king's safety.
fn about_pieces() -> Vec<Reason> {
    use Reason::*;
    let mut all = Vec::new();
    for piece in pieces() {
        for king_safety in [
            None,
            Some(KingSafety::StaysInCheck),
            Some(KingSafety::Exposes),
        ] {
            all.push(CannotMoveTo {
                piece,
                from: sq("g1"),
                to: sq("g3"),
                king_safety,
            });
            for (from_file, from_rank) in [
                (None, None),
                (Some('d'), None),
                (None, Some(3)),
                (Some('d'), Some(3)),
            ] {
                all.push(NoneCanReach {
                    side: Side::White,
                    piece,
                    from_file,
                    from_rank,
                    to: sq("e5"),
                    king_safety,
                });
            }
            all.push(NoCastling { king_safety });
        }
        let square = sq("c3");
        all.extend([
            NotYours {
                piece,
                square: square.clone(),
                owner: Side::Black,
            },
            NoneCanMakeMove {
                side: Side::Black,
                piece,
            },
            PromotionNotOffered {
                piece,
                list: "nbNBrRQK".into(),
                offer: vec!["=1 (n)".into()],
            },
            OwnPiece {
                square: square.clone(),
                piece,
            },
            WrongDirection {
                piece,
                square: square.clone(),
                ways: vec!["NE".into(), "SW".into()],
                moves: vec!["N".into(), "E".into(), "S".into(), "W".into()],
            },
            HasDiagonal {
                piece,
                square: square.clone(),
                diagonal: "ne".into(),
            },
            SinglePromotion {
                piece,
                square: square.clone(),
            },
            OnlyRookToQueen {
                piece,
                square: square.clone(),
            },
            DiagonalCount {
                piece,
                square,
                count: 3,
            },
        ]);
    }
    all
}

/// Progression lists and Infinite Recursion Chess boards.
fn about_lists_and_boards() -> Vec<Reason> {
    use Reason::*;
    let mut all: Vec<Reason> = list_problems()
        .into_iter()
        .map(|problem| ChooseList {
            side: Side::White,
            template: "zxxxxxxx".into(),
            example: "list:QKRrNnBb".into(),
            problem,
        })
        .collect();
    all.extend([
        WrongBoard {
            side: Side::Black,
            named: Side::Black,
            owed: Side::White,
        },
        BoardFinished {
            board: Side::White,
            outcome: Outcome::win(Side::White, EndReason::Checkmate),
            owed: Side::Black,
        },
        OnBoard {
            board: Side::Black,
            mega: None,
            reason: Box::new(NoPiece { square: sq("e4") }),
        },
    ]);
    let states = [
        MegaState::Neutral,
        MegaState::Armed,
        MegaState::Disarmed,
        MegaState::Frozen,
    ];
    for state in states {
        for bar in [MegaBar::Move, MegaBar::Capture, MegaBar::BeCaptured] {
            all.push(OnBoard {
                board: Side::White,
                mega: Some(MegaHint {
                    owner: Side::White,
                    state,
                    bar,
                }),
                reason: Box::new(CannotMoveTo {
                    piece: PieceName::Knight,
                    from: sq("g1"),
                    to: sq("f3"),
                    king_safety: None,
                }),
            });
        }
    }
    all
}

pub(super) fn samples() -> Vec<Reason> {
    let mut all = simple();
    all.extend(about_pieces());
    all.extend(about_lists_and_boards());
    all
}

/// The words of a template's own text (no tags, no expressions), in
/// lower case.
pub(super) fn template_words(source: &str) -> BTreeSet<String> {
    let mut text = String::new();
    let mut rest = source;
    while let Some(start) = rest.find('{') {
        text.push_str(&rest[..start]);
        let tail = &rest[start..];
        let close = match tail.as_bytes().get(1) {
            Some(b'{') => "}}",
            Some(b'%') => "%}",
            Some(b'#') => "#}",
            _ => {
                rest = &tail[1..];
                continue;
            }
        };
        rest = tail.find(close).map_or("", |end| &tail[end + 2..]);
    }
    text.push_str(rest);
    words(&text)
}

pub(super) fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|word| word.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect()
}

/// Words only one language's templates use, its reasons' and boards'
/// words among them; the other language's reasons and boards are left
/// out of the comparison, so that a word they borrow still counts as
/// foreign.
pub(super) fn only_in(language: &str, other: &str) -> BTreeSet<String> {
    let all = |language: &str, with_reasons: bool| -> BTreeSet<String> {
        crate::host::outbound::templates::built_in_sources(language)
            .filter(|(name, _)| with_reasons || !["reasons.txt", "boards.txt"].contains(name))
            .flat_map(|(_, text)| template_words(text))
            .collect()
    };
    let other = all(other, false);
    all(language, true)
        .into_iter()
        .filter(|word| !other.contains(word))
        .collect()
}

#[test]
fn every_reason_kind_is_sampled() {
    let mut seen = [false; KINDS];
    let mut stack = samples();
    while let Some(reason) = stack.pop() {
        seen[place(&reason)] = true;
        if let Reason::OnBoard { reason, .. } = reason {
            stack.push(*reason);
        }
    }
    let missing: Vec<usize> = (0..KINDS).filter(|&place| !seen[place]).collect();
    assert!(missing.is_empty(), "kinds without a sample: {missing:?}");
}

#[test]
fn every_reason_is_worded_in_every_language_and_only_in_it() {
    let templates = crate::host::outbound::templates::Templates::new(None).unwrap();
    let english_only = only_in("en", "de");
    let german_only = only_in("de", "en");
    for reason in samples() {
        let worded = |language: &str| {
            templates
                .render_source(
                    language,
                    r#"{% import "reasons.txt" as reasons %}{{ reasons.reason(r) }}"#,
                    context! { r => &reason },
                )
                .unwrap_or_else(|err| panic!("{reason:?} in {language}: {err}"))
        };
        let (en, de) = (worded("en"), worded("de"));
        for (language, text, foreign) in [("en", &en, &german_only), ("de", &de, &english_only)] {
            assert!(
                !text.trim().is_empty(),
                "{reason:?} has no {language} wording"
            );
            let strays: Vec<String> = words(text)
                .into_iter()
                .filter(|word| foreign.contains(word))
                .collect();
            assert!(
                strays.is_empty(),
                "{language} {reason:?}: {text}\nwords of the other language: {strays:?}"
            );
        }
        assert!(
            !en.chars().any(|c| "äöüßÄÖÜ„“".contains(c)),
            "German letters in English: {en}"
        );
        assert_ne!(en, de, "{reason:?} is worded alike in both languages");
        // Logs and the CLI print the same English as the mails.
        assert_eq!(
            en,
            reason.to_string(),
            "the English template and Display differ"
        );
    }
}
