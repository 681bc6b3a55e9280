//! Sample standings, ladders, tournaments and their news for the render
//! tests: every kind, with the variations the templates word differently.

use super::ladders::{default_ladder_info, ladder_changes, named_ladder_info};
use super::tournaments::{
    sample_knockout, sample_log, sample_organiser_changes, sample_table, sample_tournament_lines,
};
use super::*;
use crate::host::model::notice::{
    CompetitionEvent, CompetitionNews, LadderChange, LadderLine, LadderReason, PairingLine,
    StandingLine, TournamentChange, TournamentTable,
};
use crate::rules::score::Abort;
use crate::rules::tournament_rules::Format;
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
                players: 5,
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
                text: "Round two starts on Monday.".into(),
            }),
        ),
    ];
    for change in changes.into_iter().chain(sample_organiser_changes()) {
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
    answers.push(Answer::Tournaments {
        kind,
        lines: sample_tournament_lines(),
    });
    answers.push(Answer::Tournaments {
        kind,
        lines: Vec::new(),
    });
    answers.push(Answer::Tournament {
        table: Box::new(sample_knockout(TournamentStatus::Running)),
        change: Some(TournamentChange::Started {
            userid: "anna".into(),
            players: 5,
            boards: 1,
        }),
    });
    answers.push(Answer::Tournament {
        table: Box::new(TournamentTable {
            format: Format::Knockout,
            ..sample_table(TournamentStatus::Open, false)
        }),
        change: None,
    });
    for entries in [Vec::new(), sample_log()] {
        answers.push(Answer::EventLog {
            kind: GameKind::Chess,
            name: "spring".into(),
            of: crate::host::model::command::EventList::Tournaments,
            entries: entries.clone(),
        });
        for name in ["", "Club"] {
            answers.push(Answer::EventLog {
                kind: GameKind::Chess,
                name: name.into(),
                of: crate::host::model::command::EventList::Ladders,
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
                bye_rounds: vec![4],
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
                status: TournamentStatus::Open,
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
                status: TournamentStatus::Running,
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
                status: TournamentStatus::Cancelled,
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
                status: TournamentStatus::Running,
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
                status: TournamentStatus::Open,
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
            // Only news: a request or an invitation that lapsed.
            .chain([
                LadderChange::Lapsed { invited: false },
                LadderChange::Lapsed { invited: true },
            ])
            .map(|change| CompetitionNews {
                userid: "ben".into(),
                kind,
                event: CompetitionEvent::LadderNews {
                    name: "Club".into(),
                    change,
                },
            }),
    )
    .chain(
        [(false, false), (true, true)]
            .into_iter()
            .map(|(invited, cancelled)| CompetitionNews {
                userid: "fay".into(),
                kind,
                event: CompetitionEvent::TournamentNews {
                    status: if cancelled {
                        TournamentStatus::Cancelled
                    } else {
                        TournamentStatus::Running
                    },
                    name: "cup".into(),
                    change: TournamentChange::Lapsed { invited, cancelled },
                },
            }),
    )
    .chain(
        sample_organiser_changes()
            .into_iter()
            .map(|change| CompetitionNews {
                userid: "fay".into(),
                kind,
                event: CompetitionEvent::TournamentNews {
                    status: TournamentStatus::Open,
                    name: "cup".into(),
                    change,
                },
            }),
    )
    .collect()
}
