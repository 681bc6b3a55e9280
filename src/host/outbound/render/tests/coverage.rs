//! Every kind of refusal, answer, board event, account event and event
//! news has a sample, so the rendering tests word each one in every
//! language (a refusal no branch of the templates words fails them: see
//! `unworded` in the templates' environment) and the snapshots hold it.
//! The kinds are read off the enums' own source, so a new kind without a
//! sample fails here.

use super::plans::plan_refusals;
use super::refusals::samples;
use super::{account_news, competition_news, every_answer, leagues, sample_events};
use crate::host::model::refusal::Refusal;
use crate::store::Store;
use minijinja::Value;
use std::collections::BTreeSet;

/// The variants of `enum NAME` in `source` (whatever its visibility), in
/// snake case: each is a line indented once that starts with a capital
/// letter.
fn kinds(source: &str, name: &str) -> Vec<String> {
    let start = format!(" enum {name} {{");
    let body = source
        .split_once(&start)
        .unwrap_or_else(|| panic!("no enum {name}"))
        .1;
    body.lines()
        .take_while(|line| *line != "}")
        .filter_map(|line| line.strip_prefix("    "))
        .filter(|line| line.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|line| {
            let ident: String = line
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            snake_case(&ident)
        })
        .collect()
}

fn snake_case(ident: &str) -> String {
    let mut out = String::new();
    for (at, c) in ident.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if at > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn every_kind_of_refusal_has_a_sample_that_the_templates_word() {
    let sources = [
        (include_str!("../../../model/refusal.rs"), "Refusal"),
        (
            include_str!("../../../model/refusal/ladder.rs"),
            "LadderRefusal",
        ),
        (
            include_str!("../../../model/refusal/tournament.rs"),
            "TournamentRefusal",
        ),
        (
            include_str!("../../../model/refusal/league.rs"),
            "LeagueRefusal",
        ),
    ];
    // The three that only carry the kinds of their own enums.
    let carriers = ["ladder", "tournament", "league"];
    let declared: BTreeSet<String> = sources
        .iter()
        .flat_map(|(source, name)| kinds(source, name))
        .filter(|kind| !carriers.contains(&kind.as_str()))
        .collect();
    assert!(declared.len() > 100, "{declared:?}");
    let sampled: BTreeSet<String> = samples()
        .into_iter()
        .chain(plan_refusals())
        .map(|refusal| refusal_kind(&refusal))
        .collect();
    let missing: Vec<&String> = declared.difference(&sampled).collect();
    assert!(missing.is_empty(), "refusals without a sample: {missing:?}");
}

#[test]
fn snake_case_names_a_kind_as_serde_does() {
    assert_eq!(snake_case("NoSuchBoard"), "no_such_board");
    assert_eq!(snake_case("Ladder"), "ladder");
}

/// A refusal's kind, as the templates read it.
pub(super) fn refusal_kind(refusal: &Refusal) -> String {
    Value::from_serialize(refusal)
        .get_attr("kind")
        .map(|kind| kind.to_string())
        .unwrap_or_default()
}

/// The kind of a sample as its `Debug` form begins (`Show`,
/// `NoSuchBoard`).
pub(super) fn kind_of(value: &impl std::fmt::Debug) -> String {
    format!("{value:?}")
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect()
}

/// The same in snake case, as the enums' kinds are read off their source.
fn debug_kind(value: &impl std::fmt::Debug) -> String {
    snake_case(&kind_of(value))
}

/// The kinds of `name` in `source` that no sample has.
fn unsampled(source: &str, name: &str, sampled: &[String]) -> Vec<String> {
    kinds(source, name)
        .into_iter()
        .filter(|kind| !sampled.contains(kind))
        .collect()
}

#[test]
fn every_kind_of_answer_and_news_has_a_sample() {
    let model = |file: &str| match file {
        "answer" => include_str!("../../../model/notice/answer.rs"),
        "competition" => include_str!("../../../model/notice/competition.rs"),
        _ => include_str!("../../../model/notice/mod.rs"),
    };
    let store = Store::open_in_memory().unwrap();
    let answers: Vec<String> = every_answer(&store).iter().map(debug_kind).collect();
    let events: Vec<String> = sample_events().iter().map(debug_kind).collect();
    let accounts: Vec<String> = account_news()
        .iter()
        .map(|n| debug_kind(&n.event))
        .collect();
    let competitions: Vec<String> = competition_news()
        .into_iter()
        .chain(leagues::league_news())
        .map(|news| debug_kind(&news.event))
        .collect();
    for (file, name, sampled) in [
        ("answer", "Answer", &answers),
        ("mod", "Event", &events),
        ("mod", "AccountEvent", &accounts),
        ("competition", "CompetitionEvent", &competitions),
    ] {
        let missing = unsampled(model(file), name, sampled);
        assert!(
            missing.is_empty(),
            "{name} kinds without a sample: {missing:?}"
        );
    }
}
