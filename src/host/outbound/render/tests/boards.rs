//! Every kind of label a board's text shows, worded in every language:
//! none may lack its wording, none may keep the other language's words,
//! and the English template words a whole board as the rules' English
//! text does.

use super::reasons::{only_in, words};
use super::*;
use crate::games::diagram::Label;
use crate::games::diagram::ListPicture;
use crate::games::recursion::MegaState;
use crate::games::{BoardState, EndReason, Outcome, PieceName};
use crate::host::outbound::pictures::sample_game;
use crate::host::outbound::templates::Templates;

/// The place of each label kind in [`KINDS`]; a new kind does not
/// compile until it is given a place here, and [`samples`] a sample.
fn place(label: &Label) -> usize {
    use Label::*;
    match label {
        ProgressionKey => 0,
        ProgressionList(_) => 1,
        MatchRound { .. } => 2,
        MatchOver { .. } => 3,
        BoardHeading { .. } => 4,
        BoardTitle { .. } => 5,
        MegaKnight { .. } => 6,
        Captured => 7,
        Play { .. } => 8,
        SealedShown { .. } => 9,
        SphericalKey => 10,
        PromotedPieces => 11,
        Promoted { .. } => 12,
        PromotionsInProgress => 13,
        Promoting { .. } => 14,
    }
}

const KINDS: usize = 15;

fn lists() -> Vec<Label> {
    let chosen = ListPicture {
        side: Side::White,
        list: Some("nbNBrRQK".into()),
        template: "xxxxxxxK".into(),
        becomes: vec![("K".into(), "n".into()), ("Q".into(), "K".into())],
        promotions: vec![("1".into(), "n".into()), ("5".into(), "r".into())],
    };
    let open = ListPicture {
        side: Side::Black,
        list: None,
        becomes: Vec::new(),
        promotions: Vec::new(),
        ..chosen.clone()
    };
    vec![Label::ProgressionList(chosen), Label::ProgressionList(open)]
}

fn recursion() -> Vec<Label> {
    use Label::*;
    let mut all = vec![MatchRound { round: 3 }, MatchOver { round: 7 }, Captured];
    for owner in Side::BOTH {
        all.extend([BoardHeading { owner }, BoardTitle { owner }]);
    }
    for state in MegaState::ALL {
        all.push(MegaKnight {
            owner: Side::Black,
            symbol: "n*".into(),
            state,
        });
    }
    let states = [
        BoardState::ToMove {
            side: Side::White,
            in_check: false,
        },
        BoardState::ToMove {
            side: Side::Black,
            in_check: true,
        },
        BoardState::Sealed {
            side: Side::White,
            notation: Some("Nf3".into()),
        },
        BoardState::Sealed {
            side: Side::Black,
            notation: None,
        },
        BoardState::Over {
            outcome: Outcome::draw(EndReason::ThreefoldRepetition),
        },
        BoardState::Over {
            outcome: Outcome::win(Side::White, EndReason::Checkmate),
        },
    ];
    all.extend(states.into_iter().map(|state| Play { state }));
    for yours in [true, false] {
        all.push(SealedShown {
            notation: "exd5".into(),
            yours,
        });
    }
    all
}

fn spherical() -> Vec<Label> {
    use Label::*;
    let mut all = vec![SphericalKey, PromotedPieces, PromotionsInProgress];
    all.push(Promoted {
        square: "i8".into(),
        text: "'P".into(),
        side: Side::White,
        directions: 5,
        ways: ["N", "E", "S", "W", "NE"].map(String::from).to_vec(),
    });
    for (piece, target, ways) in [
        (PieceName::Rook, PieceName::Queen, vec![]),
        (
            PieceName::Directional { directions: 5 },
            PieceName::Directional { directions: 6 },
            ["N", "E", "S", "W", "NE", "SW"].map(String::from).to_vec(),
        ),
    ] {
        all.push(Promoting {
            square: "h11".into(),
            piece,
            side: Side::Black,
            target,
            ways,
            steps: 1,
            cost: 6,
        });
    }
    all
}

fn samples() -> Vec<Label> {
    let mut all = vec![Label::ProgressionKey];
    all.extend(lists());
    all.extend(recursion());
    all.extend(spherical());
    all
}

/// `label` worded by `boards.txt` in `language`.
fn worded(templates: &Templates, language: &str, label: &Label) -> String {
    templates
        .render_source(
            language,
            r#"{% import "boards.txt" as boards %}{{ boards.label(l) }}"#,
            context! { l => label },
        )
        .unwrap_or_else(|err| panic!("{label:?} in {language}: {err}"))
}

/// The words of `text` that only the other language's templates use.
fn strays(text: &str, foreign: &BTreeSet<String>) -> Vec<String> {
    words(text)
        .into_iter()
        .filter(|word| foreign.contains(word))
        .collect()
}

#[test]
fn every_label_kind_is_sampled() {
    let mut seen = [false; KINDS];
    for label in samples() {
        seen[place(&label)] = true;
    }
    let missing: Vec<usize> = (0..KINDS).filter(|&place| !seen[place]).collect();
    assert!(missing.is_empty(), "kinds without a sample: {missing:?}");
}

#[test]
fn every_label_is_worded_in_every_language_and_only_in_it() {
    let templates = Templates::new(None).unwrap();
    let english_only = only_in("en", "de");
    let german_only = only_in("de", "en");
    for label in samples() {
        let (en, de) = (
            worded(&templates, "en", &label),
            worded(&templates, "de", &label),
        );
        for (language, text, foreign) in [("en", &en, &german_only), ("de", &de, &english_only)] {
            assert!(
                !text.trim().is_empty(),
                "{label:?} has no {language} wording"
            );
            let strays = strays(text, foreign);
            assert!(
                strays.is_empty(),
                "{language} {label:?}: {text}\nwords of the other language: {strays:?}"
            );
        }
        assert!(
            !en.chars().any(|c| "äöüßÄÖÜ„“".contains(c)),
            "German letters in English: {en}"
        );
        assert_ne!(en, de, "{label:?} is worded alike in both languages");
        // Logs, the CLI and the PGN print the same English as the mails.
        assert_eq!(
            en,
            label.to_string(),
            "the English template and Display differ"
        );
    }
}

/// Boards of every game: new, and the sample game's (promotions under
/// way, lists chosen, a round played), from both seats.
fn boards() -> Vec<(GameKind, Side, Box<dyn crate::games::Game>)> {
    let mut all = Vec::new();
    for kind in GameKind::ALL {
        for side in Side::BOTH {
            all.push((kind, side, kind.new_game(&[]).unwrap()));
            all.push((kind, side, sample_game(kind).0));
        }
    }
    all
}

#[test]
fn a_whole_board_reads_in_the_readers_language() {
    let templates = Templates::new(None).unwrap();
    let english_only = only_in("en", "de");
    for (kind, side, game) in boards() {
        let diagram = game.diagram(side);
        let en = templates.diagram("en", &diagram).unwrap();
        assert_eq!(
            en,
            game.board(side),
            "{kind:?} from {side}: the mail's English differs"
        );
        let de = templates.diagram("de", &diagram).unwrap();
        let strays = strays(&de, &english_only);
        assert!(
            strays.is_empty(),
            "{kind:?} in German:\n{de}\nEnglish: {strays:?}"
        );
        if kind != GameKind::Chess {
            assert_ne!(en, de, "{kind:?} from {side} is not worded in German");
        }
    }
}

#[test]
fn an_operators_boards_txt_words_the_board() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("de")).unwrap();
    std::fs::write(
        dir.path().join("de/boards.txt"),
        "{% macro label(l) %}OPERATOR {{ l.kind }}{% endmacro %}",
    )
    .unwrap();
    let templates = Templates::new(Some(dir.path())).unwrap();
    let game = GameKind::Recursion.new_game(&[]).unwrap();
    let de = templates.diagram("de", &game.diagram(Side::White)).unwrap();
    assert!(de.starts_with("OPERATOR match_round\n"), "{de}");
    assert!(de.contains("OPERATOR board_heading"), "{de}");
    let en = templates.diagram("en", &game.diagram(Side::White)).unwrap();
    assert!(!en.contains("OPERATOR"), "{en}");
}
