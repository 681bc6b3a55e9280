//! Sample standings, ladders, tournaments and their news for the render
//! tests: every kind, with the variations the templates word differently.

use super::*;
use crate::host::competition::Score;
use crate::host::model::notice::{
    CompetitionEvent, CompetitionNews, LadderChange, LadderLine, LadderReason, PairingLine,
    StandingLine, TournamentChange, TournamentTable,
};
use crate::rules::round_robin::{self, Played};
use crate::rules::score::{Abort, EventScore};
use crate::store::TournamentStatus;

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
        kind,
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
            })
            .collect(),
        change,
        reach: 3,
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
    for entries in [Vec::new(), sample_log()] {
        answers.push(Answer::EventLog {
            kind: GameKind::Chess,
            name: "spring".into(),
            entries,
        });
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

pub(super) fn competition_news() -> Vec<CompetitionNews> {
    let kind = GameKind::Chess;
    let ranks: Vec<String> = vec!["anna".into(), "dan".into(), "ben".into()];
    let moved = |before, after, reason| CompetitionNews {
        userid: "ben".into(),
        kind,
        event: CompetitionEvent::LadderMoved {
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
            },
        ),
        moved(
            None,
            None,
            LadderReason::Dropped {
                userids: vec!["ben".into(), "cleo".into()],
            },
        ),
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
    ]
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
