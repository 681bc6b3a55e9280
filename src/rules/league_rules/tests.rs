//! The league rules' tests: the rule words read and written back, and
//! the divisions' promotion and relegation.

use super::*;

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn names(text: &str) -> Vec<String> {
    words(text)
}

fn table(text: &str) -> Vec<Finisher> {
    text.split_whitespace()
        .map(|word| Finisher {
            userid: word.trim_end_matches('!').to_string(),
            leaving: word.ends_with('!'),
        })
        .collect()
}

#[test]
fn league_words_set_size_and_moves_and_the_rest_are_a_round_robins() {
    let rules = LeagueRules::read(
        &LeagueRules::default(),
        &words("-size:6 -updown:2 -double -unrated -tc:5d"),
    )
    .unwrap();
    assert_eq!((rules.size, rules.updown), (6, 2));
    assert_eq!(rules.divisions.format, Format::DoubleRoundRobin);
    assert!(!rules.divisions.rated);
    assert_eq!(rules.divisions.switches, words("-tc:5d"));
    let again = LeagueRules::read(&LeagueRules::default(), &rules.words()).unwrap();
    assert_eq!(again, rules);
    // A change keeps what it does not name.
    let changed = LeagueRules::read(&rules, &words("-size:4")).unwrap();
    assert_eq!((changed.size, changed.updown), (4, 2));
    assert!(!changed.divisions.rated);
}

#[test]
fn league_words_out_of_range_or_of_another_format_do_not_read() {
    let base = LeagueRules::default();
    assert_eq!(
        LeagueRules::read(&base, &words("-size:2")),
        Err(LeagueRuleError::Size { given: "2".into() })
    );
    assert_eq!(
        LeagueRules::read(&base, &words("-size:6 -updown:4")),
        Err(LeagueRuleError::UpDown {
            given: "4".into(),
            max: 3
        })
    );
    assert_eq!(
        LeagueRules::read(&base, &words("-knockout")),
        Err(LeagueRuleError::Format(Format::Knockout))
    );
    assert_eq!(
        LeagueRules::read(&base, &words("-admission:approval")),
        Err(LeagueRuleError::Admission)
    );
    // A smaller size brings the moves within half a division.
    let rules = LeagueRules::read(&base, &words("-size:8 -updown:4")).unwrap();
    assert_eq!(
        LeagueRules::read(&rules, &words("-size:4")).unwrap().updown,
        2
    );
}

#[test]
fn the_first_season_fills_divisions_by_rating_and_a_lone_player_joins_the_one_above() {
    let players = names("a b c d e f g");
    assert_eq!(
        first_divisions(&players, 3),
        vec![names("a b c"), names("d e f g")]
    );
    assert_eq!(
        first_divisions(&players[..6], 4),
        vec![names("a b c d"), names("e f")]
    );
    assert_eq!(first_divisions(&players[..2], 8), vec![names("a b")]);
}

#[test]
fn the_top_move_up_the_bottom_down_and_the_first_and_last_keep_theirs() {
    let tables = vec![table("a b c d"), table("e f g h"), table("i j k l")];
    let next = next_divisions(&tables, 1, 4, &[]);
    assert_eq!(
        next,
        vec![names("a b c e"), names("d f g i"), names("h j k l")]
    );
    let two = next_divisions(&tables, 2, 4, &[]);
    assert_eq!(
        two,
        vec![names("a b e f"), names("c d i j"), names("g h k l")]
    );
}

#[test]
fn leavers_go_and_newcomers_enter_the_last_division_which_splits_when_too_big() {
    let tables = vec![table("a b! c d"), table("e f g h")];
    let next = next_divisions(&tables, 1, 4, &names("x y"));
    assert_eq!(next, vec![names("a c e"), names("d f g h x y")]);
    let crowded = next_divisions(&tables, 1, 4, &names("p q r s t u"));
    assert_eq!(
        crowded,
        vec![names("a c e"), names("d f g h"), names("p q r s t u")]
    );
}

#[test]
fn a_small_division_moves_at_most_half_its_players() {
    let tables = vec![table("a b c"), table("d e f")];
    // Two would move each way, but a division of three moves one.
    assert_eq!(
        next_divisions(&tables, 2, 6, &[]),
        vec![names("a b d"), names("c e f")]
    );
}
