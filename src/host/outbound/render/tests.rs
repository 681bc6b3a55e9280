//! Every template rendered with sample data in every shipped language:
//! each mail of each game, each refusal, each answer. A template that
//! names a variable it is not given, or a kind of refusal no branch
//! words, fails here rather than in a player's mailbox.

use super::*;
use crate::games::{GameKind, Side};
use crate::host::clocks::{BoardClocks, SideClock, TimeControl};
use crate::host::model::board_style::BoardStyle;
use crate::host::model::event::EventTie;
use crate::host::model::notice::{
    AccountEvent, AccountNews, BoardLine, Comment, GameCount, HistoryLine,
};
use crate::host::model::replays::{self, Replays};
use crate::rules::score::{Abort, Ending, EventScore};
use crate::store::{self, MoveRecord, NewGame, Store};
use std::collections::BTreeSet;

mod answers;
mod boards;
mod competition;
mod coverage;
mod ladders;
mod leagues;
mod long_games;
mod plans;
mod reasons;
mod refusals;
mod setups;
mod snapshots;
mod tournaments;
use answers::{account_answers, account_news, board_answers};
use competition::{competition_answers, competition_news};

fn host() -> HostFacts {
    HostFacts {
        identity: crate::identity::HostIdentity {
            name: "PBeM host".into(),
            address: "pbem@example.org".into(),
        },
        max_addresses: 4,
        confirms_signups: true,
        now: 1_800_000_000,
        web: None,
    }
}

/// Moves each game can play from its start.
fn opening(kind: GameKind) -> &'static [&'static str] {
    match kind {
        GameKind::Chess => &["e4", "e5", "Nf3"],
        GameKind::Progression => &["list:nbNBrRQK", "list:KQRrNnBb", "e2e4"],
        GameKind::Recursion => &["e4", "e5", "d5"],
        GameKind::Spherical => &["h8-h2", "q2-q8", "r2-r8"],
    }
}

/// A board of `kind` after its opening (or part of it), ended as given.
fn board(store: &Store, kind: GameKind, plies: usize, ending: Option<Ending>) -> LiveGame {
    let conn = store.connection();
    let id = store::insert_game(
        conn,
        &NewGame {
            kind: kind.name(),
            switches: &[],
            white: "alice",
            black: "bob",
            rated: true,
            host_options: "--nagtime=7",
        },
        1_800_000_000,
    )
    .unwrap();
    let replays = Replays::default();
    for text in &opening(kind)[..plies] {
        let mut live = replays::load(conn, &replays, id, None).unwrap();
        let side = live.game.canonical_mover().unwrap();
        let played = live.game.play(side, text).unwrap();
        let record = MoveRecord {
            number: live.next_number(),
            side,
            notation: played.notation,
            public_notation: played.public_notation,
        };
        store::insert_move(conn, id, &record, 1_800_000_000).unwrap();
    }
    if let Some(ending) = ending {
        store::set_game_over(conn, id, ending, 1_800_000_000).unwrap();
    }
    replays::load(conn, &replays, id, None).unwrap()
}

fn sample_quote() -> crate::host::inbound::redact::Quote {
    let mail = crate::mail::inbound::parse(
        b"From: alice@example.org\r\nSubject: chess move 101 alice pw e5\r\n\r\ne5\r\nthanks\r\n",
    )
    .unwrap();
    crate::host::inbound::redact::Quote::of(&mail, &["chess move 101 alice pw e5".into()])
}

/// Every answer: help and rules pages, the account answers, the board
/// views.
fn every_answer(store: &Store) -> Vec<Answer> {
    let mut answers = vec![Answer::Help { topic: None }];
    answers.extend(
        crate::host::model::help::HELP_TOPICS
            .iter()
            .map(|topic| Answer::Help { topic: Some(topic) }),
    );
    answers.extend(GameKind::ALL.into_iter().map(|kind| Answer::Rules { kind }));
    answers.extend(account_answers());
    answers.extend(board_answers(store));
    answers.extend(competition_answers());
    answers.extend(leagues::league_answers());
    answers.extend(plans::plan_answers(store));
    answers
}

/// Every mail of every kind, in one language; returns their texts.
fn render_everything(renderer: &Renderer, language: &str) -> Vec<String> {
    let store = Store::open_in_memory().unwrap();
    let mut texts = Vec::new();
    for kind in GameKind::ALL {
        texts.extend(board_mails(renderer, &store, kind, language));
        texts.extend(refusal_mails(renderer, &store, kind, language));
        // The board's HTML part, as a table and with the image.
        let shown = renderer.sample_board(kind, language).unwrap();
        let body = format!("Before.\n{}\nAfter.\n", shown.text);
        for style in [BoardStyle::Html, BoardStyle::Image] {
            let part = renderer
                .html_part(&shown, &body, style, &host())
                .unwrap_or_else(|| panic!("no {style:?} part for {kind:?} in {language}"));
            assert_eq!(part.image.is_some(), style == BoardStyle::Image);
            texts.push(part.html);
        }
    }
    let digest_boards = |store: &Store| {
        vec![BoardLine {
            board: 101,
            side: Side::White,
            opponent: "bob".into(),
            live: Ok({
                let mut live = board(store, GameKind::Chess, 2, None);
                live.clocks = Some(sample_clocks(""));
                live
            }),
        }]
    };
    for boards in [digest_boards(&store), Vec::new()] {
        let letter = renderer
            .digest("alice", &boards, &host(), language)
            .unwrap();
        texts.push(letter.body);
    }
    for news in account_news() {
        let letter = renderer
            .account(&news, &host(), language)
            .unwrap_or_else(|err| panic!("{news:?} in {language}: {err}"));
        texts.push(letter.body);
    }
    for news in competition_news().into_iter().chain(leagues::league_news()) {
        let letter = renderer
            .competition(&news, &host(), language)
            .unwrap_or_else(|err| panic!("{news:?} in {language}: {err}"));
        texts.push(letter.body);
    }
    texts.extend(plans::plan_letters(renderer, language));
    for answer in every_answer(&store) {
        for reader in [Reader::Seated(Side::White), Reader::Onlooker] {
            let letter = renderer
                .answer(&answer, reader, &host(), language)
                .unwrap_or_else(|err| panic!("{answer:?} in {language}: {err}"));
            texts.push(letter.body);
        }
    }
    texts
}

/// The event of an aborted sample board, by turns the ladder and a
/// tournament, counted every way.
fn sample_event(plies: usize, abort: Abort) -> EventTie {
    let kind = match plies % 2 {
        0 => store::EventKind::Ladder {
            name: String::new(),
        },
        _ => store::EventKind::Tournament {
            name: "spring".into(),
        },
    };
    let counted = match (plies % 3, abort.refuser()) {
        (0, _) => None,
        (1, Some(loser)) => Some(EventScore::Forfeit { loser }),
        _ => Some(EventScore::Void),
    };
    EventTie {
        kind,
        counted,
        division: None,
    }
}

/// The ruling that ended a sample board, when a director's ending did
/// (and, by turns, a flood's void): by the director or the operator,
/// with a reason or none, as a forfeit on odd plies.
fn sample_ruling(plies: usize, ending: Option<Ending>) -> Option<store::Ruling> {
    let verdict = match ending? {
        Ending::Adjudicated(_) | Ending::Aborted(Abort::Ruled(_)) if plies % 2 == 1 => "forfeit",
        Ending::Adjudicated(_) | Ending::Aborted(Abort::Ruled(_)) => "adjudicate",
        Ending::Aborted(Abort::Voided) if plies % 2 == 1 => "void",
        _ => return None,
    };
    Some(store::Ruling {
        actor: if plies < 2 { "anna" } else { "operator" }.into(),
        verdict: verdict.into(),
        reason: if plies.is_multiple_of(3) {
            ""
        } else {
            "engine use"
        }
        .into(),
        at: 1_800_000_000,
    })
}

/// Board and chat mails of a game at each point of its opening, running
/// and ended every way, from both seats.
fn board_mails(renderer: &Renderer, store: &Store, kind: GameKind, language: &str) -> Vec<String> {
    let endings = [
        None,
        Some(Ending::Rules),
        Some(Ending::Resigned(Side::Black)),
        Some(Ending::DrawAgreed),
        Some(Ending::Aborted(Abort::Declined(Side::Black))),
        Some(Ending::Aborted(Abort::Resigned(Side::White))),
        Some(Ending::Aborted(Abort::NoMove(Side::White))),
        Some(Ending::Aborted(Abort::Voided)),
        Some(Ending::Aborted(Abort::Agreed)),
        Some(Ending::TimeForfeit(Side::White)),
        Some(Ending::TimeForfeitDrawn(Side::Black)),
        Some(Ending::Adjudicated(crate::rules::score::Score::WhiteWins)),
        Some(Ending::Adjudicated(crate::rules::score::Score::Draw)),
        Some(Ending::Aborted(Abort::Ruled(Some(Side::Black)))),
        Some(Ending::Aborted(Abort::Ruled(None))),
    ];
    let events = sample_events();
    let mut texts = Vec::new();
    for plies in 0..=opening(kind).len() {
        for ending in endings {
            let mut live = board(store, kind, plies, ending);
            if let Some(Ending::Aborted(abort)) = ending {
                live.event = Some(sample_event(plies, abort));
            }
            live.ruling = sample_ruling(plies, ending);
            if ending.is_some_and(|ending| ending.status() == store::GameStatus::Finished) {
                live.ratings = vec![store::RatingChange {
                    userid: "alice".into(),
                    before: 1500.0,
                    after: 1662.3,
                    deviation: 290.3,
                }];
            }
            let news = BoardNews {
                live,
                events: events.clone(),
                comment: Some(Comment {
                    author: "bob".into(),
                    text: "Good luck!".into(),
                    public: true,
                }),
                new_game: plies == 0,
            };
            for side in Side::BOTH {
                let letter = renderer
                    .board(&news, Reader::Seated(side), &host(), language)
                    .unwrap();
                texts.push(letter.body);
            }
            let observed = renderer.board(&news, Reader::Observer, &host(), language);
            texts.push(observed.unwrap().body);
            let chat = renderer
                .chat(&news.live, "bob", "Hello", &host(), language)
                .unwrap();
            texts.push(chat.body);
        }
    }
    // Running boards with clocks of every kind, and their reminders.
    for (options, paused) in [("", false), ("--time=30d+1d/45d", true)] {
        let mut news = BoardNews {
            live: board(store, kind, 1, None),
            events: Vec::new(),
            comment: None,
            new_game: false,
        };
        news.live.record.paused = paused;
        news.live.record.pause_offer = (!paused).then_some(Side::White);
        news.live.clocks = Some(sample_clocks(options));
        for side in Side::BOTH {
            texts.push(
                renderer
                    .board(&news, Reader::Seated(side), &host(), language)
                    .unwrap()
                    .body,
            );
            texts.push(
                renderer
                    .nag(&news.live, side, &host(), language)
                    .unwrap()
                    .body,
            );
        }
    }
    texts
}

/// One board event of each kind (the plans' are beside their samples).
fn sample_events() -> Vec<Event> {
    let events = vec![
        Event::Challenged {
            userid: "alice".into(),
        },
        Event::Played {
            userid: "alice".into(),
            side: Side::White,
            number: 1,
            notation: "e4".into(),
            public_notation: "(sealed)".into(),
        },
        Event::DrawOffered {
            userid: "bob".into(),
        },
        Event::DrawLapsed {
            userid: "alice".into(),
        },
        Event::DrawRejected {
            userid: "bob".into(),
        },
        Event::Unplayed {
            userid: "alice".into(),
            words: vec!["Nf3".into()],
        },
        Event::PauseProposed {
            userid: "alice".into(),
        },
        Event::Paused {
            userid: "bob".into(),
        },
        Event::Resumed {
            userid: "alice".into(),
        },
        Event::Paired {
            tournament: "spring".into(),
            round: 2,
            aborted: crate::rules::score::AbortRule::RefuserLoses,
            note: Some("Moves within a week, please.".into()),
            bout: None,
            rounds: None,
            division: None,
        },
        Event::Paired {
            tournament: "club/2/1".into(),
            round: 3,
            aborted: crate::rules::score::AbortRule::Void,
            note: None,
            bout: None,
            rounds: Some(5),
            division: Some(crate::host::model::notice::Division {
                league: "club".into(),
                season: 2,
                division: 1,
            }),
        },
        Event::Paired {
            tournament: "cup".into(),
            round: 1,
            aborted: crate::rules::score::AbortRule::Void,
            note: None,
            bout: Some(crate::host::model::notice::Bout {
                match_no: 2,
                game: 3,
                sudden_death: true,
            }),
            rounds: None,
            division: None,
        },
        Event::LadderGame {
            aborted: crate::rules::score::AbortRule::Void,
            ladder: String::new(),
            note: None,
        },
        Event::LadderGame {
            aborted: crate::rules::score::AbortRule::RefuserLoses,
            ladder: "Club".into(),
            note: Some("One game a week, please.".into()),
        },
    ];
    events.into_iter().chain(plans::plan_events()).collect()
}

/// Clocks under `options`, each side's turn running or stopped.
fn sample_clocks(options: &str) -> BoardClocks {
    let control = TimeControl::default()
        .with_options(options.split_whitespace())
        .unwrap();
    let mut running = SideClock::new(&control);
    running.start_turn(host().now - 3 * 86_400, false);
    let mut stopped = SideClock::new(&control);
    stopped.start_turn(host().now - 86_400, true);
    BoardClocks {
        control,
        sides: [running, stopped],
    }
}

/// Every kind of refusal, about no board, a running board and a board
/// whose result an older version stored, for a player and an onlooker.
fn refusal_mails(
    renderer: &Renderer,
    store: &Store,
    kind: GameKind,
    language: &str,
) -> Vec<String> {
    let live = board(store, kind, 2, None);
    let mut legacy = board(store, kind, 1, Some(Ending::Rules));
    legacy.record.ending = None;
    legacy.record.legacy_result = Some("alice wins: bob resigned.".into());
    let mut texts = Vec::new();
    for refusal in refusals::samples()
        .into_iter()
        .chain(plans::plan_refusals())
    {
        for on_board in [None, Some(&live), Some(&legacy)] {
            for reader in [Reader::Seated(Side::Black), Reader::Onlooker] {
                let letter = renderer
                    .refusal(
                        &refusal,
                        on_board.map(|live| (live, reader)),
                        true,
                        &sample_quote(),
                        &host(),
                        language,
                    )
                    .unwrap_or_else(|err| panic!("{refusal:?} in {language}: {err}"));
                texts.push(letter.body);
            }
        }
    }
    // Several refusals of one mail, in one error mail.
    let all: Vec<_> = refusals::samples().into_iter().collect();
    for applied in [false, true] {
        let letter = renderer
            .refusals(&all, applied, &sample_quote(), &host(), language)
            .unwrap_or_else(|err| panic!("several refusals in {language}: {err}"));
        texts.push(letter.body);
    }
    // The words that begin the last error mail of a run.
    let last = super::LastAnswer {
        errors: 10,
        minutes: 60,
    };
    let words = renderer
        .last_answer(last, &host(), language)
        .unwrap_or_else(|err| panic!("the last answer in {language}: {err}"));
    assert!(words.contains("10") && words.contains("60"), "{words}");
    texts.push(words);
    texts
}

/// Whether a sentence ends and the next begins without a space between
/// them (`ladder club.Declining`): a line break a template's block tag
/// swallowed.
fn runs_together(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars
        .windows(4)
        .any(|w| w[0].is_lowercase() && w[1].is_lowercase() && w[2] == '.' && w[3].is_uppercase())
}

#[test]
fn every_template_renders_with_sample_data_in_every_language() {
    let renderer = Renderer::new(None).unwrap();
    assert_eq!(renderer.languages(), ["de", "en"]);
    for language in renderer.languages() {
        renderer.templates.forget_rendered();
        for text in render_everything(&renderer, language) {
            assert!(!text.trim().is_empty(), "an empty mail in {language}");
            assert!(
                !text.contains("{{") && !text.contains("{%"),
                "template syntax left in a {language} mail:\n{text}"
            );
            assert!(
                !runs_together(&text),
                "two sentences run together in a {language} mail:\n{text}"
            );
            assert!(
                text.len() < 64 * 1024,
                "a {language} mail of {} bytes",
                text.len()
            );
        }
        let rendered = renderer.templates.rendered();
        let never: BTreeSet<&str> = crate::host::outbound::templates::names()
            .filter(|name| !rendered.contains(*name))
            .collect();
        assert!(never.is_empty(), "never rendered in {language}: {never:?}");
    }
}

#[test]
fn every_german_mail_is_written_in_german() {
    let renderer = Renderer::new(None).unwrap();
    let english = render_everything(&renderer, "en");
    let german = render_everything(&renderer, "de");
    assert_eq!(english.len(), german.len());
    for (en, de) in english.iter().zip(&german) {
        assert_ne!(en, de, "a German mail is the English one:\n{de}");
    }
}

#[test]
fn words_not_played_after_the_end_are_named_in_every_language() {
    let renderer = Renderer::new(None).unwrap();
    let store = Store::open_in_memory().unwrap();
    let news = BoardNews {
        live: board(&store, GameKind::Chess, 2, Some(Ending::Rules)),
        events: vec![Event::Unplayed {
            userid: "bob".into(),
            words: vec!["Nc6".into(), "a6".into()],
        }],
        comment: None,
        new_game: false,
    };
    for (language, says) in [
        ("en", "the rest of bob's command, so Nc6 a6 was not played."),
        (
            "de",
            "Befehls von bob zu Ende, also wurde Nc6 a6 nicht gespielt.",
        ),
    ] {
        let letter = renderer
            .board(&news, Reader::Seated(Side::White), &host(), language)
            .unwrap();
        assert!(letter.body.contains(says), "{language}: {}", letter.body);
    }
}
