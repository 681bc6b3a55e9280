//! Sample tournaments for the render tests: a round robin and a knockout
//! in each state, and a tournament's log.

use super::*;
use crate::host::model::notice::TournamentChange;
use crate::host::model::notice::{
    CompetitionEvent, CompetitionNews, TournamentLine, TournamentTable,
};
use crate::host::model::refusal::{Refusal, TournamentRefusal};
use crate::rules::knockout::{Bracket, BracketGame};
use crate::rules::ladder_rules::Admission;
use crate::rules::round_robin;
use crate::rules::score::Score;
use crate::rules::score::{AbortRule, EventScore};
use crate::rules::standings::{self, Played};
use crate::rules::tournament_rules::Format;
use crate::store::{Entrant, TournamentStatus};

/// A five-player tournament, open, part played, or over.
pub(super) fn sample_table(status: TournamentStatus, double: bool) -> TournamentTable {
    let players: Vec<String> = ["anna", "ben", "cleo", "dan", "eve"]
        .iter()
        .map(|name| name.to_string())
        .collect();
    let mut boards = Vec::new();
    if status != TournamentStatus::Open {
        for (index, pairing) in round_robin::pairings(5, double).into_iter().enumerate() {
            let score = match (status, index % 6) {
                (TournamentStatus::Running, 0) => None,
                (_, 0) => Some(EventScore::Played(Score::WhiteWins)),
                (_, 1) => Some(EventScore::Played(Score::Draw)),
                (_, 2) => Some(EventScore::Forfeit { loser: Side::White }),
                (_, 3) => Some(EventScore::Forfeit { loser: Side::Black }),
                (_, 4) => Some(EventScore::Void),
                _ => Some(EventScore::Played(Score::BlackWins)),
            };
            let played = Played {
                white: pairing.white,
                black: pairing.black,
                score,
            };
            boards.push((101 + index as i64, pairing.round, played));
        }
    }
    let played: Vec<Played> = boards.iter().map(|(_, _, game)| *game).collect();
    let format = if double {
        Format::DoubleRoundRobin
    } else {
        Format::RoundRobin
    };
    let tiebreaks = format.default_tiebreaks().to_vec();
    let results = standings::Results {
        players: players.len(),
        games: &played,
        bye_points: &[],
        unplayed_rounds: &[],
    };
    TournamentTable {
        kind: GameKind::Chess,
        name: "spring".into(),
        organiser: "anna".into(),
        status,
        format,
        meetings: if double { 2 } else { 1 },
        rated: !double,
        control: Default::default(),
        switches: if double {
            vec!["-list:zz".into()]
        } else {
            Vec::new()
        },
        comment: (!double).then(|| "Moves within a week,\nplease.".to_string()),
        standings: standings::standings(&results, &tiebreaks),
        tiebreaks,
        rounds: None,
        round_days: None,
        division: None,
        bracket: None,
        ruled: match status {
            TournamentStatus::Open => Vec::new(),
            _ => vec![
                (102, "adjudicate".into(), false),
                (103, "forfeit".into(), true),
                (105, "void".into(), false),
            ],
        },
        admission: if double {
            Admission::Open
        } else {
            Admission::Approval
        },
        aborted: if double {
            AbortRule::Void
        } else {
            AbortRule::RefuserLoses
        },
        withdrawn: match status {
            TournamentStatus::Open => Vec::new(),
            _ => vec!["eve".into()],
        },
        byes: match status {
            TournamentStatus::Open => Vec::new(),
            _ => round_robin::byes(5, double)
                .into_iter()
                .map(|(round, seat)| (round, players[seat].clone()))
                .collect(),
        },
        waiting: match status {
            TournamentStatus::Open => vec![
                ("fay".into(), Entrant::Applied),
                ("gus".into(), Entrant::Invited),
            ],
            _ => Vec::new(),
        },
        players,
        boards,
    }
}

/// What an organiser changes before the start, each as his answer
/// reads it and as the news of those it concerns.
pub(super) fn sample_organiser_changes() -> Vec<TournamentChange> {
    vec![
        TournamentChange::Applied {
            userid: "fay".into(),
        },
        TournamentChange::Admitted {
            userid: "anna".into(),
            player: "fay".into(),
        },
        TournamentChange::Invited {
            userid: "operator".into(),
            player: "gus".into(),
        },
        TournamentChange::RulesChanged {
            userid: "anna".into(),
            words: vec!["-knockout".into(), "-admission:invitation".into()],
            rules: vec![
                "-knockout".into(),
                "-admission:invitation".into(),
                "-aborted:loss".into(),
                "-unrated".into(),
            ],
        },
    ]
}

#[test]
fn an_open_tournament_shows_who_may_join_who_waits_and_what_declining_costs() {
    let renderer = Renderer::new(None).unwrap();
    let answer = Answer::Tournament {
        table: Box::new(sample_table(TournamentStatus::Open, false)),
        change: Some(TournamentChange::Applied {
            userid: "fay".into(),
        }),
    };
    let letter = renderer
        .answer(&answer, Reader::Onlooker, &host(), "en")
        .unwrap();
    for line in [
        "fay asked to join the tournament spring",
        "Joining: the organiser admits those who ask.",
        "Declining or not moving: the player who would not play loses the tournament game (unrated); a game nobody moved in is lost by both.",
        "Waiting: fay (asked to join), gus (invited)",
    ] {
        assert!(letter.body.contains(line), "{line:?} in:\n{}", letter.body);
    }
    let news = CompetitionNews {
        userid: "gus".into(),
        kind: GameKind::Chess,
        event: CompetitionEvent::TournamentNews {
            status: TournamentStatus::Open,
            name: "spring".into(),
            change: sample_organiser_changes()[2].clone(),
        },
    };
    let invited = renderer.competition(&news, &host(), "en").unwrap();
    for line in [
        "The host's operator invites you to the Chess tournament spring.",
        "  chess tournament join spring gus PASSWORD",
    ] {
        assert!(
            invited.body.contains(line),
            "{line:?} in:\n{}",
            invited.body
        );
    }
}

/// A knockout of five seeds: running (the second round under way, one
/// match in sudden death after a void game), or over.
pub(super) fn sample_knockout(status: TournamentStatus) -> TournamentTable {
    let players: Vec<String> = ["anna", "ben", "cleo", "dan", "eve"]
        .iter()
        .map(|name| name.to_string())
        .collect();
    let white_wins = Some(EventScore::Played(Score::WhiteWins));
    let black_wins = Some(EventScore::Played(Score::BlackWins));
    let mut games = vec![
        (1, 1, 3, 4, Some(EventScore::Forfeit { loser: Side::White })),
        (1, 1, 4, 3, white_wins),
        (2, 1, 0, 4, white_wins),
        (2, 1, 4, 0, black_wins),
        (2, 2, 1, 2, white_wins),
        (2, 2, 2, 1, white_wins),
        (2, 2, 1, 2, Some(EventScore::Void)),
        (2, 2, 1, 2, None),
    ];
    if status == TournamentStatus::Finished {
        games.pop();
        games.push((2, 2, 1, 2, black_wins));
        games.push((3, 1, 0, 2, Some(EventScore::Played(Score::Draw))));
        games.push((3, 1, 2, 0, black_wins));
    }
    let stored: Vec<BracketGame> = games
        .iter()
        .map(|&(round, match_no, white, black, score)| BracketGame {
            round,
            match_no,
            white,
            black,
            score,
        })
        .collect();
    let boards = games
        .iter()
        .enumerate()
        .map(|(index, &(round, _, white, black, score))| {
            (
                201 + index as i64,
                round,
                Played {
                    white,
                    black,
                    score,
                },
            )
        })
        .collect();
    TournamentTable {
        format: Format::Knockout,
        meetings: 0,
        standings: Vec::new(),
        bracket: Some(Bracket::new(players.len(), &stored, &[])),
        players,
        boards,
        ..sample_table(status, false)
    }
}

#[test]
fn a_knockout_bracket_shows_byes_matches_sudden_death_and_final_places() {
    let renderer = Renderer::new(None).unwrap();
    let news = |table| CompetitionNews {
        userid: "anna".into(),
        kind: GameKind::Chess,
        event: CompetitionEvent::TournamentOver { table },
    };
    let running = CompetitionNews {
        event: CompetitionEvent::KnockoutBegun {
            table: sample_knockout(TournamentStatus::Running),
        },
        ..news(sample_knockout(TournamentStatus::Running))
    };
    let letter = renderer.competition(&running, &host(), "en").unwrap();
    let body = &letter.body;
    for line in [
        "you are seed 1 of 5.",
        "Seeds: 1. anna, 2. ben, 3. cleo, 4. dan, 5. eve",
        "Round 1 of 3:",
        "  anna (seed 1) has a bye and goes through.",
        "  match 1.1: dan (seed 4) 0-2 eve (seed 5): eve goes through",
        "    game 1, board 201: dan - eve  -/+ (aborted, unrated: lost by dan, who would not play it)",
        "  match 2.2: ben (seed 2) 1-1 cleo (seed 3): tied, sudden death",
        "    game 3, board 207: ben - cleo  0-0 (aborted, unrated, played again)",
        "    game 4, board 208: ben - cleo  running",
    ] {
        assert!(body.contains(line), "{line:?} in:\n{body}");
    }
    assert!(!body.contains("Final places"), "{body}");
    let over = renderer
        .competition(
            &news(sample_knockout(TournamentStatus::Finished)),
            &host(),
            "en",
        )
        .unwrap();
    let body = &over.body;
    for line in [
        "knockout spring is over: anna won the final.",
        "Final:\n  match 3.1: anna (seed 1) 1½-½ cleo (seed 3): anna wins the tournament",
        "Final places:\n   1. anna (seed 1)\n   2. cleo (seed 3)\n   3. ben (seed 2)\n   3. eve (seed 5)\n   5. dan (seed 4)",
    ] {
        assert!(body.contains(line), "{line:?} in:\n{body}");
    }
}

/// A tournament's log of a few lines.
pub(super) fn sample_log() -> Vec<crate::store::LogEntry> {
    let line = |actor: &str, action: &str, detail: &str| crate::store::LogEntry {
        at: 1_800_000_000,
        actor: actor.into(),
        action: action.into(),
        detail: detail.into(),
    };
    vec![
        line("anna", "create", "-rated"),
        line("ben", "join", ""),
        line("operator", "adjudicate", "board 104: 1-0: engine use"),
        line("host", "finish", "board 110 was the last"),
    ]
}

/// Tournaments as their list shows them: each format and state.
pub(super) fn sample_tournament_lines() -> Vec<TournamentLine> {
    let line = |name: &str, format, status, comment: Option<&str>| TournamentLine {
        name: name.into(),
        organiser: "anna".into(),
        format,
        rated: format != Format::DoubleRoundRobin,
        admission: if format == Format::Knockout {
            Admission::Invitation
        } else {
            Admission::Open
        },
        status,
        players: 5,
        comment: comment.map(str::to_string),
    };
    vec![
        line(
            "cup",
            Format::Knockout,
            TournamentStatus::Open,
            Some("Moves within a week.\nGood luck!"),
        ),
        line(
            "spring",
            Format::DoubleRoundRobin,
            TournamentStatus::Running,
            None,
        ),
        line(
            "winter",
            Format::RoundRobin,
            TournamentStatus::Finished,
            None,
        ),
    ]
}

#[test]
fn the_operator_reads_each_refusal_as_its_problem_without_the_hint_in_every_language() {
    let renderer = Renderer::new(None).unwrap();
    for language in renderer.languages() {
        for refusal in super::refusals::samples() {
            let problem = renderer
                .refusal_problem(&refusal, &host(), language)
                .unwrap_or_else(|err| panic!("{refusal:?} in {language}: {err}"));
            assert!(!problem.is_empty(), "{refusal:?} in {language}");
            for heading in ["Problem:", "What would be right", "Richtig wäre"] {
                assert!(
                    !problem.contains(heading),
                    "{refusal:?} in {language}: {problem}"
                );
            }
        }
    }
    let void = Refusal::Tournament(TournamentRefusal::FormatAbortRule {
        format: "knockout".into(),
        rule: "void".into(),
        game: GameKind::Chess,
    });
    let problem = renderer.refusal_problem(&void, &host(), "en").unwrap();
    assert!(
        problem.starts_with("a knockout takes no -aborted:void"),
        "{problem}"
    );
}

/// One tournament refusal of each kind (and each wording), for the
/// refusal samples.
pub(super) fn tournament_refusals() -> Vec<Refusal> {
    let game = GameKind::Chess;
    let name = || "spring".to_string();
    vec![
        TournamentRefusal::SeedSeatTaken {
            name: name(),
            format: "knockout".into(),
        }
        .into(),
        Refusal::RobotInEvent {
            userid: "robot2".into(),
        },
        Refusal::Tournament(TournamentRefusal::BadTournamentName {
            name: "<b>".into(),
            game,
        }),
        Refusal::NoSuchTournament { name: name(), game },
        Refusal::Tournament(TournamentRefusal::TournamentExists { name: name(), game }),
        Refusal::Tournament(TournamentRefusal::TwoFormats { game }),
        Refusal::Tournament(TournamentRefusal::FormatAbortRule {
            format: "knockout".into(),
            rule: "void".into(),
            game,
        }),
        Refusal::Tournament(TournamentRefusal::OrganisesTooMany { most: 5, game }),
        Refusal::Tournament(TournamentRefusal::ReservedTournamentName {
            name: "rules".into(),
            game,
        }),
        Refusal::Tournament(TournamentRefusal::NotInvitedToTournament {
            name: name(),
            organiser: "anna".into(),
        }),
        Refusal::Tournament(TournamentRefusal::NotWaitingForTournament {
            name: name(),
            userid: "fay".into(),
        }),
        Refusal::Tournament(TournamentRefusal::BadTournamentRule {
            reason: crate::rules::ladder_rules::LadderRuleError::Choice {
                rule: "admission".into(),
                given: "friends".into(),
                allowed: vec!["open".into(), "approval".into(), "invitation".into()],
            },
            game,
        }),
        Refusal::NotOrganiser {
            name: name(),
            organiser: "anna".into(),
            action: "rules".into(),
        },
        Refusal::NotOrganiser {
            name: name(),
            organiser: "anna".into(),
            action: "start".into(),
        },
        Refusal::NotOrganiser {
            name: name(),
            organiser: "anna".into(),
            action: "announce".into(),
        },
        Refusal::TournamentClosed {
            name: name(),
            status: "running".into(),
        },
        Refusal::TournamentClosed {
            name: name(),
            status: "finished".into(),
        },
        Refusal::TournamentFull {
            name: name(),
            max: 20,
        },
        Refusal::TooFewPlayers {
            name: name(),
            players: 1,
            needed: 2,
            rounds: None,
        },
        Refusal::TooFewPlayers {
            name: name(),
            players: 4,
            needed: 5,
            rounds: Some(4),
        },
        Refusal::NotOrganiser {
            name: name(),
            organiser: "anna".into(),
            action: "cancel".into(),
        },
        Refusal::NotOrganiser {
            name: name(),
            organiser: "anna".into(),
            action: "replace".into(),
        },
        Refusal::NotDirector {
            board: 104,
            director: Some("anna".into()),
        },
        Refusal::NotDirector {
            board: 104,
            director: None,
        },
        Refusal::RulingOwnBoard { board: 104 },
        TournamentRefusal::TournamentEnded {
            name: name(),
            status: "cancelled".into(),
        }
        .into(),
        TournamentRefusal::TournamentEnded {
            name: name(),
            status: "finished".into(),
        }
        .into(),
        TournamentRefusal::TournamentNotRunning { name: name() }.into(),
        TournamentRefusal::NotInTournament {
            name: name(),
            userid: "ben".into(),
        }
        .into(),
        TournamentRefusal::AlreadyInTournament {
            name: name(),
            userid: "ben".into(),
        }
        .into(),
        TournamentRefusal::NothingToReplace {
            name: name(),
            userid: "ben".into(),
        }
        .into(),
    ]
}
