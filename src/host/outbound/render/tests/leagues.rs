//! Sample leagues and Swiss tournaments for the render tests: a league
//! open and in its second season, every change of it, a season's end,
//! a Swiss with its bye and its round deadline, and the refusals.

use super::tournaments::sample_table;
use crate::games::GameKind;
use crate::host::model::notice::{
    Answer, CompetitionEvent, CompetitionNews, Division, LeagueChange, LeagueLine, LeagueTable,
    SeasonEnd, TournamentTable,
};
use crate::host::model::refusal::{LeagueRefusal, Refusal, TournamentRefusal};
use crate::rules::standings::TieBreak;
use crate::rules::tournament_rules::Format;
use crate::store::{LeagueMove, LeaguePlayer, LeagueStatus, TournamentStatus};

/// A Swiss of three rounds, part played, with a bye.
pub(super) fn sample_swiss(status: TournamentStatus) -> TournamentTable {
    let base = sample_table(status, false);
    TournamentTable {
        format: Format::Swiss,
        rounds: Some(3),
        round_days: Some(10),
        tiebreaks: vec![
            TieBreak::BuchholzCut1,
            TieBreak::SonnebornBerger,
            TieBreak::Wins,
        ],
        ..base
    }
}

/// A division of a league, as its round robin.
fn sample_division(division: u32) -> TournamentTable {
    TournamentTable {
        name: format!("club/2/{division}"),
        division: Some(Division {
            league: "club".into(),
            season: 2,
            division,
        }),
        ..sample_table(TournamentStatus::Running, false)
    }
}

fn player(userid: &str, division: Option<u32>, leaving: bool) -> LeaguePlayer {
    LeaguePlayer {
        userid: userid.into(),
        joined: 1_700_000_000,
        division,
        leaving,
    }
}

/// A league before its first season and one in its second.
pub(super) fn sample_leagues() -> Vec<LeagueTable> {
    let open = LeagueTable {
        kind: GameKind::Chess,
        name: "club".into(),
        organiser: "anna".into(),
        status: LeagueStatus::Open,
        season: 0,
        size: 6,
        updown: 2,
        rules: vec!["-roundrobin".into(), "-admission:open".into()],
        comment: Some("Two divisions, we hope.".into()),
        players: vec![player("anna", None, false), player("ben", None, false)],
        divisions: Vec::new(),
        moves: Vec::new(),
    };
    let running = LeagueTable {
        status: LeagueStatus::Running,
        season: 2,
        comment: None,
        players: vec![
            player("anna", Some(1), false),
            player("ben", Some(1), true),
            player("cleo", Some(2), false),
            player("gus", None, false),
        ],
        divisions: vec![sample_division(1), sample_division(2)],
        moves: vec![
            LeagueMove {
                season: 1,
                userid: "cleo".into(),
                from: Some(1),
                to: Some(2),
            },
            LeagueMove {
                season: 1,
                userid: "dan".into(),
                from: Some(2),
                to: Some(1),
            },
            LeagueMove {
                season: 1,
                userid: "hal".into(),
                from: Some(2),
                to: None,
            },
        ],
        ..open.clone()
    };
    vec![open, running]
}

/// Every change a league command makes.
fn league_changes() -> Vec<LeagueChange> {
    let userid = || "anna".to_string();
    vec![
        LeagueChange::Created { userid: userid() },
        LeagueChange::Joined {
            userid: "gus".into(),
            waiting: true,
            new: true,
        },
        LeagueChange::Joined {
            userid: "ben".into(),
            waiting: false,
            new: false,
        },
        LeagueChange::Left {
            userid: "ben".into(),
            boards: vec![104, 107],
        },
        LeagueChange::Left {
            userid: "gus".into(),
            boards: Vec::new(),
        },
        LeagueChange::Removed {
            userid: userid(),
            player: "ben".into(),
            boards: vec![104],
        },
        LeagueChange::SeasonBegun {
            season: 2,
            divisions: vec![vec!["anna".into(), "dan".into()], vec!["cleo".into()]],
        },
        LeagueChange::RulesChanged {
            userid: userid(),
            words: vec!["-size:6".into()],
            rules: vec!["-size:6".into(), "-updown:2".into(), "-roundrobin".into()],
        },
        LeagueChange::HandedOver {
            userid: userid(),
            to: "dan".into(),
        },
        LeagueChange::Cancelled {
            userid: userid(),
            boards: vec![104, 105],
        },
        LeagueChange::Announced {
            userid: userid(),
            players: 5,
            text: "Season three starts in May.\nGood luck!".into(),
        },
    ]
}

/// Every league answer and the Swiss tables.
pub(super) fn league_answers() -> Vec<Answer> {
    let mut answers = vec![
        Answer::Leagues {
            kind: GameKind::Chess,
            lines: Vec::new(),
        },
        Answer::Leagues {
            kind: GameKind::Chess,
            lines: vec![LeagueLine {
                name: "club".into(),
                organiser: "anna".into(),
                status: LeagueStatus::Running,
                season: 2,
                players: 11,
                divisions: 2,
            }],
        },
    ];
    let tables = sample_leagues();
    for table in &tables {
        answers.push(Answer::League {
            table: Box::new(table.clone()),
            change: None,
        });
        for change in league_changes() {
            answers.push(Answer::League {
                table: Box::new(table.clone()),
                change: Some(change),
            });
        }
    }
    // Cancelled mid-season: no next season for ben to leave at the end
    // of, or for gus to wait for.
    let running = tables.last().expect("a running sample");
    answers.push(Answer::League {
        table: Box::new(LeagueTable {
            status: LeagueStatus::Cancelled,
            ..running.clone()
        }),
        change: None,
    });
    for status in [
        TournamentStatus::Open,
        TournamentStatus::Running,
        TournamentStatus::Finished,
    ] {
        answers.push(Answer::Tournament {
            table: Box::new(sample_swiss(status)),
            change: None,
        });
    }
    answers.push(Answer::Tournament {
        table: Box::new(sample_division(1)),
        change: None,
    });
    answers
}

/// What the players of a league and of a Swiss hear.
pub(super) fn league_news() -> Vec<CompetitionNews> {
    let news = |userid: &str, event| CompetitionNews {
        userid: userid.into(),
        kind: GameKind::Chess,
        event,
    };
    // Nobody but the director hears of a league's creation: his answer.
    let mut all: Vec<CompetitionNews> = league_changes()
        .into_iter()
        .filter(|change| !matches!(change, LeagueChange::Created { .. }))
        .map(|change| {
            news(
                "ben",
                CompetitionEvent::LeagueNews {
                    name: "club".into(),
                    change,
                },
            )
        })
        .collect();
    let ends = [
        (Some(2), Some(1), Some(1)),
        (Some(1), Some(6), Some(2)),
        (Some(1), Some(3), Some(1)),
        (Some(2), Some(4), None),
        (None, None, Some(2)),
    ];
    for (from, place, to) in ends {
        all.push(news(
            "cleo",
            CompetitionEvent::SeasonOver {
                name: "club".into(),
                end: SeasonEnd {
                    season: 2,
                    from,
                    place,
                    to,
                    updown: 2,
                },
            },
        ));
    }
    all.push(news(
        "eve",
        CompetitionEvent::SwissBye {
            name: "open".into(),
            round: 2,
            rounds: 5,
        },
    ));
    all.push(news(
        "anna",
        CompetitionEvent::RoundDeadline {
            name: "open".into(),
            round: 2,
            boards: vec![
                (104, "ben".into(), "cleo".into()),
                (105, "dan".into(), "eve".into()),
            ],
        },
    ));
    all.push(news(
        "ben",
        CompetitionEvent::TournamentOver {
            table: sample_swiss(TournamentStatus::Finished),
        },
    ));
    all
}

/// Every refusal of a league command and of a Swiss's rules.
pub(super) fn league_refusals() -> Vec<Refusal> {
    let game = GameKind::Chess;
    let name = || "club".to_string();
    let league = vec![
        LeagueRefusal::NoSuchLeague { name: name(), game },
        LeagueRefusal::LeagueExists { name: name(), game },
        LeagueRefusal::ReservedLeagueName {
            name: "join".into(),
            game,
        },
        LeagueRefusal::BadLeagueRule {
            rule: "size".into(),
            given: "40".into(),
            max: 20,
            game,
        },
        LeagueRefusal::BadLeagueRule {
            rule: "format".into(),
            given: "-knockout".into(),
            max: 0,
            game,
        },
        LeagueRefusal::NotLeagueDirector {
            name: name(),
            director: "anna".into(),
            action: "start".into(),
        },
        LeagueRefusal::LeagueCancelled { name: name(), game },
        LeagueRefusal::LeagueRunning {
            name: name(),
            season: 2,
        },
        LeagueRefusal::AlreadyInLeague {
            name: name(),
            userid: "ben".into(),
            game,
        },
        LeagueRefusal::NotInLeague {
            name: name(),
            userid: "ben".into(),
            game,
        },
        LeagueRefusal::TooFewForLeague {
            name: name(),
            players: 2,
            game,
        },
        LeagueRefusal::DirectsTooManyLeagues { most: 5, game },
    ];
    let mut all: Vec<Refusal> = league.into_iter().map(Refusal::from).collect();
    all.push(TournamentRefusal::SwissNeedsRounds { game }.into());
    all.push(
        TournamentRefusal::RuleNotForFormat {
            rule: "-rounds".into(),
            format: "-roundrobin".into(),
            game,
        }
        .into(),
    );
    all
}
