//! The grammar's tests for standings, ladders, tournaments, leagues and
//! the directors' rulings.

use super::super::parse_command;
use super::*;

#[test]
fn standings_ladder_and_tournament_commands_are_read() {
    assert_eq!(
        parse_command("chess standings all"),
        Ok(Command::Standings {
            kind: GameKind::Chess,
            all: true
        })
    );
    assert_eq!(
        parse_command("progression ladder join alice pw"),
        Ok(Command::Ladder {
            kind: GameKind::Progression,
            name: String::new(),
            action: Some(LadderAction {
                verb: LadderVerb::Join,
                userid: "alice".into(),
                password: "pw".into()
            })
        })
    );
    assert_eq!(
        parse_command("chess ladder join Club alice pw"),
        Ok(Command::Ladder {
            kind: GameKind::Chess,
            name: "Club".into(),
            action: Some(LadderAction {
                verb: LadderVerb::Join,
                userid: "alice".into(),
                password: "pw".into()
            })
        })
    );
    assert_eq!(
        parse_command("chess ladder create Club anna pw -reach:2 -admission:approval"),
        Ok(Command::Ladder {
            kind: GameKind::Chess,
            name: "Club".into(),
            action: Some(LadderAction {
                verb: LadderVerb::Create {
                    rules: vec!["-reach:2".into(), "-admission:approval".into()]
                },
                userid: "anna".into(),
                password: "pw".into()
            })
        })
    );
    assert_eq!(
        parse_command("chess ladder admit Club anna pw ben"),
        Ok(Command::Ladder {
            kind: GameKind::Chess,
            name: "Club".into(),
            action: Some(LadderAction {
                verb: LadderVerb::Direct(DirectorVerb::Admit {
                    player: "ben".into()
                }),
                userid: "anna".into(),
                password: "pw".into()
            })
        })
    );
    assert_eq!(
        parse_command("chess ladder Club"),
        Ok(Command::Ladder {
            kind: GameKind::Chess,
            name: "Club".into(),
            action: None
        })
    );
    assert_eq!(
        parse_command("chess ladder Club log"),
        Ok(Command::EventLog {
            kind: GameKind::Chess,
            name: "Club".into(),
            of: EventList::Ladders,
        })
    );
    assert_eq!(
        parse_command("chess ladder log"),
        Ok(Command::EventLog {
            kind: GameKind::Chess,
            name: String::new(),
            of: EventList::Ladders,
        })
    );
    assert!(matches!(
        parse_command("chess ladder create log anna pw"),
        Err(Refusal::Ladder(LadderRefusal::ReservedLadderName { .. }))
    ));
    assert!(matches!(
        parse_command("chess ladder create Join anna pw"),
        Err(Refusal::Ladder(LadderRefusal::ReservedLadderName { .. }))
    ));
    assert!(parse_command("chess ladder rules Club anna pw").is_err());
    assert!(parse_command("chess ladder admit Club anna pw").is_err());
    assert!(parse_command("chess ladder cancel Club anna pw now").is_err());
    assert_eq!(
        parse_command("chess tournament create Spring-26 alice pw -double --nagtime=3"),
        Ok(Command::Tournament {
            kind: GameKind::Chess,
            name: "Spring-26".into(),
            action: Some(TournamentAction {
                verb: TournamentVerb::Create {
                    switches: vec!["-double".into(), "--nagtime=3".into()]
                },
                userid: "alice".into(),
                password: "pw".into()
            })
        })
    );
    assert_eq!(
        parse_command("chess tournament ANNOUNCE cup anna pw"),
        Ok(Command::Tournament {
            kind: GameKind::Chess,
            name: "cup".into(),
            action: Some(TournamentAction {
                verb: TournamentVerb::Direct(DirectorVerb::Announce),
                userid: "anna".into(),
                password: "pw".into()
            })
        })
    );
    assert_eq!(
        parse_command("chess tournament handover cup anna pw ben"),
        Ok(Command::Tournament {
            kind: GameKind::Chess,
            name: "cup".into(),
            action: Some(TournamentAction {
                verb: TournamentVerb::Direct(DirectorVerb::HandOver { to: "ben".into() }),
                userid: "anna".into(),
                password: "pw".into()
            })
        })
    );
    assert!(parse_command("chess tournament remove cup anna pw").is_err());
    assert!(parse_command("chess tournament remove cup anna pw ben cleo").is_err());
    assert!(parse_command("chess tournament announce cup anna pw extra").is_err());
    assert_eq!(
        parse_command("chess tournament spring"),
        Ok(Command::Tournament {
            kind: GameKind::Chess,
            name: "spring".into(),
            action: None
        })
    );
}

#[test]
fn malformed_competition_commands_name_their_form() {
    for line in [
        "chess standings everyone",
        "chess ladder climb alice pw",
        "chess tournament start spring alice pw extra",
        "chess tournament create",
    ] {
        assert!(
            matches!(parse_command(line), Err(Refusal::WrongArguments { .. })),
            "{line}"
        );
    }
    for name in ["<script>", "ｃｕｐ", "cup/1", "Кубок"] {
        assert!(
            matches!(
                parse_command(&format!("chess tournament {name}")),
                Err(Refusal::Tournament(
                    TournamentRefusal::BadTournamentName { .. }
                ))
            ),
            "{name}"
        );
    }
}

#[test]
fn the_directors_rulings_and_tournament_verbs_are_read() {
    use crate::host::model::command::RulingVerb;
    use crate::rules::score::Score;
    let rule = |board, verb, reason: &str| Command::Rule {
        kind: GameKind::Chess,
        board,
        userid: "dora".into(),
        password: "pw".into(),
        verb,
        reason: reason.into(),
    };
    assert_eq!(
        parse_command("chess adjudicate 104 dora pw 1/2 a dead draw"),
        Ok(rule(
            104,
            RulingVerb::Adjudicate(Score::Draw),
            "a dead draw"
        ))
    );
    assert_eq!(
        parse_command("chess forfeit 105 dora pw eve"),
        Ok(rule(
            105,
            RulingVerb::Forfeit {
                loser: "eve".into()
            },
            ""
        ))
    );
    assert_eq!(
        parse_command("chess void 106 dora pw flood"),
        Ok(rule(106, RulingVerb::Void, "flood"))
    );
    assert_eq!(
        parse_command("chess tournament cup log"),
        Ok(Command::EventLog {
            kind: GameKind::Chess,
            name: "cup".into(),
            of: EventList::Tournaments,
        })
    );
    assert_eq!(
        parse_command("chess tournament replace cup dora pw ben zoe"),
        Ok(Command::Tournament {
            kind: GameKind::Chess,
            name: "cup".into(),
            action: Some(TournamentAction {
                verb: TournamentVerb::Direct(DirectorVerb::Replace {
                    old: "ben".into(),
                    new: "zoe".into()
                }),
                userid: "dora".into(),
                password: "pw".into(),
            }),
        })
    );
    for line in [
        "chess adjudicate 104 dora pw 1-0",
        "chess adjudicate 104 dora pw 2-0 why",
        "chess forfeit 104 dora pw",
        "chess void 104 dora",
        "chess tournament replace cup dora pw ben",
        "chess tournament cancel cup dora pw now",
    ] {
        assert!(
            matches!(parse_command(line), Err(Refusal::WrongArguments { .. })),
            "{line}"
        );
    }
    assert!(matches!(
        parse_command("chess void x dora pw"),
        Err(Refusal::NotABoardNumber { .. })
    ));
}

#[test]
fn the_directors_verbs_are_one_set_read_alike_for_ladders_tournaments_and_the_operator() {
    use crate::host::model::command::EventList;
    // The same words give the same verb for a ladder and a tournament.
    for events in [EventList::Ladders, EventList::Tournaments] {
        assert_eq!(
            director_verb(events, &["remove", "ben"]),
            Some(DirectorVerb::Remove {
                player: "ben".into()
            })
        );
        assert_eq!(
            director_verb(events, &["rules", "-unrated", "--forfeittime=9"]),
            Some(DirectorVerb::Rules {
                words: vec!["-unrated".into(), "--forfeittime=9".into()]
            })
        );
        assert_eq!(director_verb(events, &["cancel", "now"]), None);
    }
    // Each kind of event has only its own verbs.
    assert_eq!(director_verb(EventList::Ladders, &["start"]), None);
    assert_eq!(
        director_verb(EventList::Tournaments, &["suspend", "ben"]),
        None
    );
    assert_eq!(
        director_verb(EventList::Tournaments, &["replace", "dan", "zoe"]),
        Some(DirectorVerb::Replace {
            old: "dan".into(),
            new: "zoe".into()
        })
    );
    // By mail the same verbs, in the same places.
    let parsed = parse_command("chess tournament start cup anna pw");
    assert!(
        matches!(
            parsed,
            Ok(Command::Tournament {
                action: Some(TournamentAction {
                    verb: TournamentVerb::Direct(DirectorVerb::Start),
                    ..
                }),
                ..
            })
        ),
        "{parsed:?}"
    );
    let refused = parse_command("chess ladder start Club anna pw");
    assert!(refused.is_err(), "{refused:?}");
}
