//! Every kind of mail the host sends, whole, in every shipped language,
//! kept as reviewed files in `snapshots/LANGUAGE/`: a change of wording
//! shows as a diff of those files in review, and no sentence changes
//! unseen. `UPDATE_EXPECT=1 cargo test --lib snapshot` rewrites them.
//!
//! One mail of each kind: each refusal alone, each answer to a player
//! from his seat, each account, event and plan mail, and the board mails
//! of each game new, running and ended (chess ended every way).

use super::coverage::{kind_of, refusal_kind};
use super::*;
use expect_test::expect_file;

/// The mails of one file, each under a heading naming its kind.
struct Book(String);

impl Book {
    fn new() -> Book {
        Book(String::new())
    }

    fn add(&mut self, heading: &str, body: &str) {
        self.0
            .push_str(&format!("==== {heading} ====\n{}\n", body.trim_end()));
    }
}

fn refusals(renderer: &Renderer, language: &str) -> String {
    let mut book = Book::new();
    let all: Vec<_> = refusals::samples()
        .into_iter()
        .chain(plans::plan_refusals())
        .collect();
    for refusal in &all {
        let kind = refusal_kind(refusal);
        let letter = renderer
            .refusal(refusal, None, true, &sample_quote(), &host(), language)
            .unwrap();
        book.add(&kind, &letter.body);
    }
    let several = renderer
        .refusals(&all[..3], false, &sample_quote(), &host(), language)
        .unwrap();
    book.add("several refusals in one mail", &several.body);
    book.0
}

fn answers(renderer: &Renderer, language: &str) -> String {
    let store = Store::open_in_memory().unwrap();
    let mut book = Book::new();
    for answer in every_answer(&store) {
        let letter = renderer
            .answer(&answer, Reader::Seated(Side::White), &host(), language)
            .unwrap();
        book.add(&kind_of(&answer), &letter.body);
    }
    book.0
}

fn news(renderer: &Renderer, language: &str) -> String {
    let mut book = Book::new();
    for news in account_news() {
        let letter = renderer.account(&news, &host(), language).unwrap();
        book.add(&format!("account {}", kind_of(&news.event)), &letter.body);
    }
    for news in competition_news().into_iter().chain(leagues::league_news()) {
        let letter = renderer.competition(&news, &host(), language).unwrap();
        book.add(&format!("event {}", kind_of(&news)), &letter.body);
    }
    for text in plans::plan_letters(renderer, language) {
        book.add("plans", &text);
    }
    book.0
}

fn boards(renderer: &Renderer, language: &str) -> String {
    let store = Store::open_in_memory().unwrap();
    let mut book = Book::new();
    let endings = [
        None,
        Some(Ending::Rules),
        Some(Ending::Resigned(Side::Black)),
        Some(Ending::DrawAgreed),
        Some(Ending::Aborted(Abort::Declined(Side::Black))),
        Some(Ending::TimeForfeit(Side::White)),
        Some(Ending::Adjudicated(crate::rules::score::Score::Draw)),
    ];
    for kind in GameKind::ALL {
        let last = opening(kind).len();
        for (plies, ending) in [(0, None), (last, None)]
            .into_iter()
            .chain(endings.iter().skip(1).map(|ending| (last, *ending)))
            .filter(|(_, ending)| kind == GameKind::Chess || ending.is_none())
        {
            let mut live = board(&store, kind, plies, ending);
            if let Some(Ending::Aborted(_)) = ending {
                // A league game: its division is named by its league.
                live.event = Some(EventTie {
                    kind: store::EventKind::Tournament {
                        name: "club/2/1".into(),
                    },
                    counted: Some(EventScore::Void),
                    division: Some(("club".into(), 2, 1)),
                });
            }
            let news = BoardNews {
                live,
                events: Vec::new(),
                comment: None,
                new_game: plies == 0,
            };
            for reader in [Reader::Seated(Side::White), Reader::Observer] {
                let letter = renderer.board(&news, reader, &host(), language).unwrap();
                let heading = format!(
                    "{} after {plies} moves, {ending:?}, {reader:?}",
                    kind.name()
                );
                book.add(&heading, &letter.body);
            }
        }
    }
    // Every kind of board event, in one mail of a running chess board.
    let news = BoardNews {
        live: board(&store, GameKind::Chess, 2, None),
        events: sample_events(),
        comment: None,
        new_game: false,
    };
    let letter = renderer
        .board(&news, Reader::Seated(Side::White), &host(), language)
        .unwrap();
    book.add("chess, every kind of event", &letter.body);
    book.0
}

#[test]
fn every_kind_of_mail_matches_its_reviewed_snapshot_in_every_language() {
    let renderer = Renderer::new(None).unwrap();
    for language in ["en", "de"] {
        let at = |name: &str| format!("snapshots/{language}/{name}.txt");
        expect_file![at("refusals")].assert_eq(&refusals(&renderer, language));
        expect_file![at("answers")].assert_eq(&answers(&renderer, language));
        expect_file![at("news")].assert_eq(&news(&renderer, language));
        expect_file![at("boards")].assert_eq(&boards(&renderer, language));
    }
}
