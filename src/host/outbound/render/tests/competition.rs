//! Sample standings, ladders, tournaments and their news for the render
//! tests: every kind, with the variations the templates word differently.

use super::*;
use crate::host::competition::Score;
use crate::host::model::notice::{
    CompetitionEvent, CompetitionNews, LadderChange, LadderInfo, LadderLine, LadderReason,
    PairingLine, StandingLine, TournamentChange, TournamentTable,
};
use crate::rules::ladder_rules::{Admission, Inactivity, LadderRules};
use crate::rules::round_robin::{self, Played};
use crate::rules::score::{Abort, EventScore};
use crate::store::Entrant;
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
        table: sample_table(status, double),
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
    answers.push(Answer::Tournament {
        table: TournamentTable {
            players: Vec::new(),
            standings: Vec::new(),
            ..sample_table(TournamentStatus::Open, false)
        },
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
