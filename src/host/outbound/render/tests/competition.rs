//! Sample standings, ladders, tournaments and their news for the render
//! tests: every kind, with the variations the templates word differently.

use super::*;
use crate::host::competition::Score;
use crate::host::model::notice::{
    CompetitionEvent, CompetitionNews, LadderChange, LadderInfo, LadderLine, LadderReason,
    PairingLine, StandingLine, TournamentChange, TournamentLine, TournamentTable,
};
use crate::rules::knockout::{Bracket, BracketGame};
use crate::rules::ladder_rules::{Admission, Inactivity, LadderRules};
use crate::rules::round_robin::{self, Played};
use crate::rules::score::{Abort, EventScore};
use crate::store::Entrant;
use crate::store::{TournamentFormat, TournamentStatus};

fn standing(rank: Option<usize>, userid: &str, inactive: bool) -> StandingLine {
    StandingLine {
        rank,
        userid: userid.into(),
        rating: 1662.3,
        deviation: 290.3,
        won: 3,
        lost: 1,
        drawn: 2,
        active_boards: 1,
        inactive,
    }
}

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
    TournamentTable {
        kind: GameKind::Chess,
        name: "spring".into(),
        organiser: "anna".into(),
        status,
        format: TournamentFormat::RoundRobin,
        double,
        rated: !double,
        control: Default::default(),
        switches: if double {
            vec!["-list:zz".into()]
        } else {
            Vec::new()
        },
        comment: (!double).then(|| "Moves within a week,\nplease.".to_string()),
        standings: round_robin::standings(players.len(), &played),
        bracket: None,
        ruled: match status {
            TournamentStatus::Open => Vec::new(),
            _ => vec![
                (102, "adjudicate".into(), false),
                (103, "forfeit".into(), true),
                (105, "void".into(), false),
            ],
        },
        players,
        boards,
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
        format: TournamentFormat::Knockout,
        standings: Vec::new(),
        bracket: Some(Bracket::new(players.len(), &stored)),
        players,
        boards,
        ..sample_table(status, false)
    }
}

pub(super) fn competition_answers() -> Vec<Answer> {
    let kind = GameKind::Chess;
    let standings = |lines: Vec<StandingLine>, all: bool, hidden: usize| Answer::Standings {
        kind,
        lines,
        all,
        hidden,
        provisional_above: 110.0,
        inactive_days: 180,
    };
    let ladder = |ranks: &[&str], change: Option<LadderChange>| Answer::Ladder {
        info: default_ladder_info(),
        lines: ranks
            .iter()
            .enumerate()
            .map(|(index, name)| LadderLine {
                rank: index + 1,
                userid: name.to_string(),
                // The second has no rating, no game and a challenge open.
                rating: (index != 1).then_some(1512.6),
                won: 3,
                lost: 1,
                drawn: 0,
                last_game: (index != 1).then_some(1_803_891_600),
                open: if index == 1 {
                    vec![(104, "anna".into())]
                } else {
                    Vec::new()
                },
                suspended: index == 2,
            })
            .collect(),
        change,
    };
    let named = |change: Option<LadderChange>| Answer::Ladder {
        info: named_ladder_info(),
        lines: Vec::new(),
        change,
    };
    let tournament = |status, double, change| Answer::Tournament {
        table: Box::new(sample_table(status, double)),
        change,
    };
    let changes = [
        TournamentChange::Created {
            userid: "anna".into(),
        },
        TournamentChange::Joined {
            userid: "ben".into(),
            new: true,
        },
        TournamentChange::Joined {
            userid: "ben".into(),
            new: false,
        },
        TournamentChange::Left {
            userid: "ben".into(),
            was_in: true,
        },
        TournamentChange::Left {
            userid: "ben".into(),
            was_in: false,
        },
    ];
    let mut answers = vec![
        standings(
            vec![
                standing(Some(1), "anna", false),
                standing(None, "ben", false),
            ],
            false,
            2,
        ),
        standings(vec![standing(None, "ben", true)], true, 0),
        standings(Vec::new(), false, 1),
        ladder(&["anna", "ben"], None),
        ladder(&[], None),
        ladder(
            &["anna", "ben", "cleo"],
            Some(LadderChange::Joined {
                userid: "cleo".into(),
                rank: 3,
                new: true,
            }),
        ),
        ladder(
            &["anna"],
            Some(LadderChange::Joined {
                userid: "anna".into(),
                rank: 1,
                new: false,
            }),
        ),
        ladder(
            &["anna"],
            Some(LadderChange::Left {
                userid: "ben".into(),
                was_on: true,
            }),
        ),
        ladder(
            &["anna"],
            Some(LadderChange::Left {
                userid: "ben".into(),
                was_on: false,
            }),
        ),
        tournament(TournamentStatus::Running, false, None),
        tournament(TournamentStatus::Finished, true, None),
        tournament(
            TournamentStatus::Running,
            false,
            Some(TournamentChange::Started {
                userid: "anna".into(),
                boards: 10,
            }),
        ),
        tournament(
            TournamentStatus::Open,
            false,
            Some(TournamentChange::Removed {
                userid: "anna".into(),
                player: "ben".into(),
                was_in: true,
                boards: Vec::new(),
            }),
        ),
        tournament(
            TournamentStatus::Running,
            false,
            Some(TournamentChange::Removed {
                userid: "anna".into(),
                player: "ben".into(),
                was_in: true,
                boards: vec![102, 107],
            }),
        ),
        tournament(
            TournamentStatus::Cancelled,
            false,
            Some(TournamentChange::Cancelled {
                userid: "operator".into(),
                boards: vec![104, 109],
            }),
        ),
        tournament(
            TournamentStatus::Running,
            false,
            Some(TournamentChange::Replaced {
                userid: "anna".into(),
                old: "ben".into(),
                new: "fay".into(),
                boards: vec![106],
            }),
        ),
        tournament(
            TournamentStatus::Open,
            false,
            Some(TournamentChange::HandedOver {
                userid: "anna".into(),
                to: "ben".into(),
            }),
        ),
        tournament(
            TournamentStatus::Running,
            false,
            Some(TournamentChange::Announced {
                userid: "anna".into(),
                players: 4,
            }),
        ),
    ];
    for change in changes {
        answers.push(tournament(TournamentStatus::Open, false, Some(change)));
    }
    answers.push(named(None));
    answers.push(Answer::Ladders {
        kind,
        ladders: vec![default_ladder_info(), named_ladder_info()],
    });
    for change in ladder_changes() {
        answers.push(named(Some(change)));
    }
    let line = |name: &str, knockout, double, status, comment: Option<&str>| TournamentLine {
        name: name.into(),
        organiser: "anna".into(),
        knockout,
        double,
        rated: !double,
        status,
        players: 5,
        comment: comment.map(str::to_string),
    };
    answers.push(Answer::Tournaments {
        kind,
        lines: vec![
            line(
                "cup",
                true,
                false,
                TournamentStatus::Open,
                Some("Moves within a week.\nGood luck!"),
            ),
            line("spring", false, true, TournamentStatus::Running, None),
            line("winter", false, false, TournamentStatus::Finished, None),
        ],
    });
    answers.push(Answer::Tournaments {
        kind,
        lines: Vec::new(),
    });
    answers.push(Answer::Tournament {
        table: Box::new(sample_knockout(TournamentStatus::Running)),
        change: Some(TournamentChange::Started {
            userid: "anna".into(),
            boards: 1,
        }),
    });
    answers.push(Answer::Tournament {
        table: Box::new(TournamentTable {
            format: TournamentFormat::Knockout,
            ..sample_table(TournamentStatus::Open, false)
        }),
        change: None,
    });
    for entries in [Vec::new(), sample_log()] {
        answers.push(Answer::EventLog {
            kind: GameKind::Chess,
            name: "spring".into(),
            ladder: false,
            entries: entries.clone(),
        });
        for name in ["", "Club"] {
            answers.push(Answer::EventLog {
                kind: GameKind::Chess,
                name: name.into(),
                ladder: true,
                entries: entries.clone(),
            });
        }
    }
    answers.push(Answer::Tournament {
        table: Box::new(TournamentTable {
            players: Vec::new(),
            standings: Vec::new(),
            ..sample_table(TournamentStatus::Open, false)
        }),
        change: None,
    });
    answers
}

/// The default ladder, as the config runs it.
fn default_ladder_info() -> LadderInfo {
    LadderInfo {
        kind: GameKind::Chess,
        name: String::new(),
        director: None,
        rules: LadderRules::default(),
        comment: String::new(),
        cancelled: false,
        players: 3,
        waiting: Vec::new(),
    }
}

/// A named ladder with every rule away from the default, a note, and
/// players waiting.
fn named_ladder_info() -> LadderInfo {
    LadderInfo {
        name: "Club".into(),
        director: Some("anna".into()),
        rules: LadderRules {
            reach: 1,
            inactive_after: None,
            inactivity: Inactivity::Remove,
            admission: Admission::Approval,
            max_open: 2,
            aborted: crate::rules::score::AbortRule::Void,
            switches: vec!["--time=7d".into()],
        },
        comment: "Thursday club members only.".into(),
        cancelled: true,
        waiting: vec![
            ("dan".into(), Entrant::Applied),
            ("eve".into(), Entrant::Invited),
        ],
        ..default_ladder_info()
    }
}

/// Every kind of ladder change, once.
fn ladder_changes() -> Vec<LadderChange> {
    let by = || "anna".to_string();
    let ben = || "ben".to_string();
    vec![
        LadderChange::Created { userid: by() },
        LadderChange::Applied { userid: ben() },
        LadderChange::Admitted {
            by: by(),
            userid: ben(),
            rank: 4,
        },
        LadderChange::Invited {
            by: by(),
            userid: ben(),
        },
        LadderChange::RulesChanged {
            by: by(),
            words: vec!["-reach:2".into(), "-open:2".into()],
        },
        LadderChange::HandedOver {
            by: by(),
            to: ben(),
        },
        LadderChange::Suspended {
            by: by(),
            userid: ben(),
        },
        LadderChange::Reinstated {
            by: by(),
            userid: ben(),
        },
        LadderChange::Cancelled { by: by() },
        LadderChange::Removed {
            by: by(),
            userid: ben(),
            boards: vec![104, 107],
        },
        LadderChange::Removed {
            by: by(),
            userid: ben(),
            boards: Vec::new(),
        },
        LadderChange::Announcement {
            by: by(),
            text: "Round two starts Monday.".into(),
        },
    ]
}

pub(super) fn competition_news() -> Vec<CompetitionNews> {
    let kind = GameKind::Chess;
    let ranks: Vec<String> = vec!["anna".into(), "dan".into(), "ben".into()];
    let moved = |before, after, reason| CompetitionNews {
        userid: "ben".into(),
        kind,
        event: CompetitionEvent::LadderMoved {
            name: String::new(),
            before,
            after,
            reason,
            ladder: ranks.clone(),
        },
    };
    vec![
        moved(
            Some(2),
            Some(3),
            LadderReason::Won {
                winner: "dan".into(),
                loser: "ben".into(),
                board: 105,
                forfeit: None,
            },
        ),
        moved(
            Some(2),
            Some(3),
            LadderReason::Won {
                winner: "dan".into(),
                loser: "ben".into(),
                board: 106,
                forfeit: Some(Abort::Declined(Side::Black)),
            },
        ),
        moved(
            Some(4),
            Some(2),
            LadderReason::Won {
                winner: "dan".into(),
                loser: "ben".into(),
                board: 107,
                forfeit: Some(Abort::NoMove(Side::White)),
            },
        ),
        moved(
            Some(4),
            Some(2),
            LadderReason::Won {
                winner: "dan".into(),
                loser: "ben".into(),
                board: 108,
                forfeit: Some(Abort::Ruled(Some(Side::Black))),
            },
        ),
        moved(
            Some(3),
            Some(2),
            LadderReason::Left {
                userid: "cleo".into(),
            },
        ),
        moved(
            Some(1),
            Some(2),
            LadderReason::Dropped {
                userids: vec!["ben".into()],
                left: false,
            },
        ),
        moved(
            None,
            None,
            LadderReason::Dropped {
                userids: vec!["ben".into(), "cleo".into()],
                left: true,
            },
        ),
        CompetitionNews {
            userid: "ben".into(),
            kind,
            event: CompetitionEvent::LadderMoved {
                name: "Club".into(),
                before: Some(3),
                after: Some(2),
                reason: LadderReason::Won {
                    winner: "ben".into(),
                    loser: "dan".into(),
                    board: 108,
                    forfeit: None,
                },
                ladder: ranks.clone(),
            },
        },
        CompetitionNews {
            userid: "ben".into(),
            kind,
            event: CompetitionEvent::Pairings {
                name: "spring".into(),
                players: 5,
                boards: vec![
                    PairingLine {
                        board: 101,
                        round: 1,
                        side: Side::White,
                        opponent: "anna".into(),
                    },
                    PairingLine {
                        board: 104,
                        round: 2,
                        side: Side::Black,
                        opponent: "cleo".into(),
                    },
                ],
            },
        },
        CompetitionNews {
            userid: "ben".into(),
            kind,
            event: CompetitionEvent::TournamentNews {
                name: "cup".into(),
                change: TournamentChange::Removed {
                    userid: "anna".into(),
                    player: "ben".into(),
                    was_in: true,
                    boards: Vec::new(),
                },
            },
        },
        CompetitionNews {
            userid: "ben".into(),
            kind,
            event: CompetitionEvent::TournamentNews {
                name: "cup".into(),
                change: TournamentChange::Removed {
                    userid: "anna".into(),
                    player: "ben".into(),
                    was_in: true,
                    boards: vec![103, 108],
                },
            },
        },
        CompetitionNews {
            userid: "ben".into(),
            kind,
            event: CompetitionEvent::TournamentNews {
                name: "cup".into(),
                change: TournamentChange::Cancelled {
                    userid: "anna".into(),
                    boards: vec![103],
                },
            },
        },
        CompetitionNews {
            userid: "ben".into(),
            kind,
            event: CompetitionEvent::TournamentNews {
                name: "cup".into(),
                change: TournamentChange::Replaced {
                    userid: "anna".into(),
                    old: "dan".into(),
                    new: "ben".into(),
                    boards: vec![104, 105],
                },
            },
        },
        CompetitionNews {
            userid: "ben".into(),
            kind,
            event: CompetitionEvent::TournamentNews {
                name: "cup".into(),
                change: TournamentChange::HandedOver {
                    userid: "anna".into(),
                    to: "ben".into(),
                },
            },
        },
        CompetitionNews {
            userid: "ben".into(),
            kind,
            event: CompetitionEvent::Announcement {
                name: "cup".into(),
                from: "anna".into(),
                text: "Round two starts on Monday.\nGood luck!".into(),
            },
        },
        CompetitionNews {
            userid: "ben".into(),
            kind,
            event: CompetitionEvent::TournamentOver {
                table: sample_table(TournamentStatus::Finished, false),
            },
        },
        CompetitionNews {
            userid: "cleo".into(),
            kind,
            event: CompetitionEvent::KnockoutBegun {
                table: sample_knockout(TournamentStatus::Running),
            },
        },
        CompetitionNews {
            userid: "anna".into(),
            kind,
            event: CompetitionEvent::TournamentOver {
                table: sample_knockout(TournamentStatus::Finished),
            },
        },
    ]
    .into_iter()
    // A ladder's creation is told to its creator alone, in the answer.
    .chain(
        ladder_changes()
            .into_iter()
            .skip(1)
            .map(|change| CompetitionNews {
                userid: "ben".into(),
                kind,
                event: CompetitionEvent::LadderNews {
                    name: "Club".into(),
                    change,
                },
            }),
    )
    .collect()
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
fn sample_log() -> Vec<crate::store::LogEntry> {
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
