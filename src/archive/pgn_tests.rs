//! The PGN export's tests: tags, move text, results and comments of
//! each game, and reading an export back.

use super::*;
use crate::games::GameKind;
use crate::rules::score::Abort;
use crate::rules::time_control::{Bank, DAY};

fn host() -> crate::identity::HostIdentity {
    HostIdentity {
        name: "Test Host".into(),
        address: "pbem@example.org".into(),
    }
}

fn record(kind: GameKind, switches: &[&str]) -> GameRecord {
    GameRecord {
        id: 101,
        kind: kind.name().into(),
        switches: switches.iter().map(|s| s.to_string()).collect(),
        white: "alice".into(),
        black: "bob".into(),
        status: GameStatus::Active,
        ending: None,
        legacy_result: None,
        draw_offer: None,
        rated: false,
        host_options: String::new(),
        // 2027-03-01 09:00 UTC.
        created: 1_803_891_600,
        updated: 1_803_891_600,
        paused: false,
        pause_offer: None,
    }
}

/// The moves as the host stores them: each played by the side the game
/// waits for (its canonical mover), numbered from 1.
fn played(kind: GameKind, switches: &[&str], texts: &[&str]) -> Vec<MoveRecord> {
    let switches: Vec<String> = switches.iter().map(|s| s.to_string()).collect();
    let mut game = kind.new_game(&switches).unwrap();
    texts
        .iter()
        .enumerate()
        .map(|(index, text)| {
            let side = game.canonical_mover().unwrap();
            let played = game.play(side, text).unwrap();
            MoveRecord {
                number: index as i64 + 1,
                side,
                notation: played.notation,
                public_notation: played.public_notation,
            }
        })
        .collect()
}

fn pgn(record: &GameRecord, moves: &[MoveRecord], control: Option<TimeControl>) -> String {
    write_pgn(&ArchivedGame {
        record,
        moves,
        host: &host(),
        time_control: control,
        event: None,
        elo: [None, None],
        ruling: None,
    })
    .unwrap()
}

#[test]
fn archive_chess_mate_is_plain_pgn_with_the_seven_tags_and_termination() {
    let mut mate = record(GameKind::Chess, &[]);
    mate.status = GameStatus::Finished;
    mate.ending = Some(Ending::Rules);
    let moves = played(GameKind::Chess, &[], &["f3", "e5", "g2g4", "Qh4#"]);
    assert_eq!(
        pgn(&mate, &moves, Some(TimeControl::default())),
        "[Event \"Test Host\"]\n[Site \"pbem@example.org\"]\n[Date \"2027.03.01\"]\n\
         [Round \"-\"]\n[White \"alice\"]\n[Black \"bob\"]\n[Result \"0-1\"]\n\
         [Termination \"normal\"]\n[TimeControl \"1/1814400\"]\n\
         [TimeControlOptions \"--nagtime=7d --forfeittime=21d\"]\n\n\
         1. f3 e5 2. g4 Qh4# 0-1\n"
    );
}

#[test]
fn archive_results_follow_the_ending_and_aborted_boards_say_so() {
    let cases = [
        (
            GameStatus::Finished,
            Some(Ending::Resigned(Side::White)),
            "0-1",
            "normal",
        ),
        (
            GameStatus::Finished,
            Some(Ending::DrawAgreed),
            "1/2-1/2",
            "normal",
        ),
        (
            GameStatus::Finished,
            Some(Ending::TimeForfeit(Side::Black)),
            "1-0",
            "time forfeit",
        ),
        (
            GameStatus::Finished,
            Some(Ending::TimeForfeitDrawn(Side::White)),
            "1/2-1/2",
            "time forfeit",
        ),
        (
            GameStatus::Finished,
            Some(Ending::Adjudicated(crate::rules::score::Score::BlackWins)),
            "0-1",
            "adjudication",
        ),
        (
            GameStatus::Aborted,
            Some(Ending::Aborted(Abort::Ruled(Some(Side::White)))),
            "*",
            "aborted",
        ),
        (
            GameStatus::Aborted,
            Some(Ending::Aborted(Abort::Declined(Side::Black))),
            "*",
            "aborted",
        ),
        (
            GameStatus::Aborted,
            Some(Ending::Aborted(Abort::Resigned(Side::White))),
            "*",
            "aborted",
        ),
        (
            GameStatus::Aborted,
            Some(Ending::Aborted(Abort::NoMove(Side::White))),
            "*",
            "aborted",
        ),
        (GameStatus::Active, None, "*", "unterminated"),
    ];
    for (status, ending, result, termination) in cases {
        let mut game = record(GameKind::Chess, &[]);
        game.status = status;
        game.ending = ending;
        let text = pgn(&game, &[], None);
        assert!(
            text.contains(&format!("[Result \"{result}\"]")),
            "{ending:?}: {text}"
        );
        assert!(
            text.contains(&format!("[Termination \"{termination}\"]")),
            "{ending:?}: {text}"
        );
        assert!(
            text.ends_with(&format!("\n\n{result}\n")),
            "{ending:?}: {text}"
        );
        assert!(!text.contains("TimeControl"), "no clocks, no tag: {text}");
    }
}

#[test]
fn archive_time_controls_use_pgn_correspondence_forms() {
    let per_move = TimeControl::default();
    assert_eq!(time_control_text(&per_move), "1/1814400");
    let fischer = TimeControl {
        nag_after: 7 * DAY,
        per_move: None,
        bank: Some(Bank {
            initial: 30 * DAY,
            increment: DAY,
            cap: Some(45 * DAY),
        }),
    };
    assert_eq!(time_control_text(&fischer), "2592000+86400");
    let total = TimeControl {
        bank: Some(Bank {
            initial: 60 * DAY,
            increment: 0,
            cap: None,
        }),
        ..per_move
    };
    assert_eq!(time_control_text(&total), "5184000");
    let none = TimeControl {
        per_move: None,
        ..per_move
    };
    assert_eq!(time_control_text(&none), "-");
}

#[test]
fn archive_a_cap_and_a_limit_per_move_beside_a_bank_are_kept_in_the_options_tag() {
    let game = record(GameKind::Chess, &[]);
    let moves = played(GameKind::Chess, &[], &["e4"]);
    let control = |options: &str| {
        TimeControl::default()
            .with_options(options.split_whitespace())
            .unwrap()
    };
    let text = pgn(
        &game,
        &moves,
        Some(control("--totaltime=10 --forfeittime=3")),
    );
    assert!(text.contains("[TimeControl \"864000\"]\n"), "{text}");
    assert!(
        text.contains("[TimeControlOptions \"--nagtime=7d --time=10d --forfeittime=3d\"]\n"),
        "{text}"
    );
    let text = pgn(&game, &moves, Some(control("--time=30d+1d/45d")));
    assert!(text.contains("[TimeControl \"2592000+86400\"]\n"), "{text}");
    assert!(
        text.contains("[TimeControlOptions \"--nagtime=7d --time=30d+1d/45d\"]\n"),
        "{text}"
    );
    // The options tag reads back as the same control.
    let options = text
        .lines()
        .find_map(|line| line.strip_prefix("[TimeControlOptions \""))
        .and_then(|rest| rest.strip_suffix("\"]"))
        .unwrap();
    assert_eq!(
        TimeControl::default().with_options(options.split_whitespace()),
        Ok(control("--time=30d+1d/45d"))
    );
}

#[test]
fn archive_a_recursion_round_sent_black_first_is_written_white_first_as_the_mails_list_it() {
    let mut over = record(GameKind::Recursion, &[]);
    over.status = GameStatus::Finished;
    // Round 1 as sent: White's move, then Black's; round 2 Black first.
    let sent = [
        (Side::White, "W:d4"),
        (Side::Black, "B:c6"),
        (Side::Black, "W:d5"),
        (Side::White, "B:e4"),
    ];
    let mut game = GameKind::Recursion.new_game(&[]).unwrap();
    let moves: Vec<MoveRecord> = sent
        .iter()
        .zip(1..)
        .map(|((side, text), number)| {
            let played = game.play(*side, text).unwrap();
            MoveRecord {
                number,
                side: *side,
                notation: played.notation,
                public_notation: played.public_notation,
            }
        })
        .collect();
    let text = pgn(&over, &moves, None);
    assert!(text.contains("\n\n1. W:d4 B:c6 2. B:e4 W:d5\n"), "{text}");
    let read = crate::archive::reader::read_pgn(&text).unwrap();
    let replayed = crate::archive::reader::replay_read(&read[0]).unwrap();
    assert_eq!(replayed.board(Side::White), game.board(Side::White));
}

#[test]
fn archive_variants_name_their_variant_and_switches_and_end_with_the_board() {
    let switches = ["-promote:15"];
    let game = record(GameKind::Progression, &switches);
    let moves = played(
        GameKind::Progression,
        &switches,
        &["nbNBrRQK", "list:KQRrNnBb", "e2e4", "e7e5"],
    );
    let text = pgn(&game, &moves, None);
    assert!(text.contains("[Switches \"-promote:15\"]\n"), "{text}");
    assert!(text.contains("[Variant \"Progression Chess\"]\n"), "{text}");
    assert!(
        text.contains(&format!(
            "\n\n0. {} {} 1. ",
            moves[0].notation, moves[1].notation
        )),
        "{text}"
    );
    let mut replayed = GameKind::Progression.new_game(&game.switches).unwrap();
    for stored in &moves {
        replayed.play(stored.side, &stored.notation).unwrap();
    }
    // The comment holds the board word for word; long legend lines are
    // only broken at spaces.
    let comment = text
        .split_once("{\n")
        .unwrap()
        .1
        .split_once("\n}\n*\n")
        .unwrap()
        .0;
    let words = |text: &str| {
        text.split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(words(comment), words(&replayed.board(Side::White)));
    assert!(
        text.lines().all(|line| line.chars().count() <= LINE_WIDTH),
        "{text}"
    );
}

#[test]
fn archive_spherical_turns_group_the_pendulum_moves() {
    let game = record(GameKind::Spherical, &["-setup:1"]);
    let moves = played(
        GameKind::Spherical,
        &["-setup:1"],
        &[
            "h8-h7", "a2+ne", "a2+ne", "h7-h1", "h1xb1", "a2+ne", "a2+nw",
        ],
    );
    let text = pgn(&game, &moves, None);
    assert!(
        text.contains("\n\n1. h8-h7 a2+ne a2+ne 2. h7-h1 h1xb1 a2+ne a2+nw\n{\n"),
        "{text}"
    );
    assert!(
        text.lines().all(|line| line.chars().count() <= LINE_WIDTH),
        "{text}"
    );
}

#[test]
fn archive_an_open_recursion_round_keeps_its_sealed_move_unwritten() {
    let game = record(GameKind::Recursion, &[]);
    let moves = played(GameKind::Recursion, &[], &["W:d4", "B:c6", "W:b5"]);
    let text = pgn(&game, &moves, None);
    assert!(
        text.contains("\n\n1. W:d4 B:c6 { 1 sealed move(s) not shown yet }\n"),
        "{text}"
    );
    assert!(!text.contains("b5"), "{text}");
}

#[test]
fn archive_movetext_lines_stay_within_eighty_characters_with_numbers_by_their_moves() {
    let mut game = record(GameKind::Chess, &[]);
    game.status = GameStatus::Finished;
    game.ending = Some(Ending::DrawAgreed);
    // Fischer-Spassky 1992, game 1, to move 20.
    let opening = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 \
                   c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 \
                   Nbd2 Nxd6";
    let texts: Vec<&str> = opening.split_whitespace().collect();
    let moves = played(GameKind::Chess, &[], &texts);
    let text = pgn(&game, &moves, None);
    let movetext: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
    assert!(movetext.len() > 1, "{text}");
    assert!(
        movetext.iter().all(|line| line.len() <= LINE_WIDTH),
        "{text}"
    );
    assert!(movetext.last().unwrap().ends_with(" 1/2-1/2"), "{text}");
    // A move number never ends a line apart from its move.
    assert!(movetext.iter().all(|line| !line.ends_with('.')), "{text}");
}

#[test]
fn archive_a_move_that_would_not_read_back_is_refused() {
    let game = record(GameKind::Chess, &[]);
    let bad = MoveRecord {
        number: 1,
        side: Side::White,
        // The chess parser forgives the trailing space; PGN would not.
        notation: "e4 ".into(),
        public_notation: "e4 ".into(),
    };
    let err = write_pgn(&ArchivedGame {
        record: &game,
        moves: &[bad],
        host: &host(),
        time_control: None,
        event: None,
        elo: [None, None],
        ruling: None,
    })
    .unwrap_err();
    assert_eq!(
        err,
        WriteError::Unwritable {
            number: 1,
            notation: "e4 ".into()
        }
    );
    assert!(!is_move_token("e4 {"));
    assert!(!is_move_token("1-0"));
    assert!(!is_move_token("12."));
    assert!(is_move_token("W:Qa5#"));
    assert!(is_move_token("a2+ne"));
}

#[test]
fn archive_tag_values_with_quotes_brackets_and_breaks_read_back() {
    let game = record(GameKind::Chess, &[]);
    let host = HostIdentity {
        name: "The \"Host\" [main]\nsecond line".into(),
        address: "pbem@example.org".into(),
    };
    let text = write_pgn(&ArchivedGame {
        record: &game,
        moves: &[],
        host: &host,
        time_control: None,
        event: None,
        elo: [None, None],
        ruling: None,
    })
    .unwrap();
    let read = crate::archive::read_pgn(&text).unwrap();
    assert_eq!(
        read[0].tag("Event"),
        Some("The \"Host\" [main] second line")
    );
}

#[test]
fn archive_an_event_game_names_its_event_round_start_and_ratings() {
    let game = record(GameKind::Chess, &[]);
    let moves = played(GameKind::Chess, &[], &["e4"]);
    let write = |event: Option<PgnEvent>, elo: [Option<f64>; 2]| {
        let text = write_pgn(&ArchivedGame {
            record: &game,
            moves: &moves,
            host: &host(),
            time_control: None,
            event,
            elo,
            ruling: None,
        })
        .unwrap();
        crate::archive::read_pgn(&text).unwrap().remove(0)
    };
    let cup = write(
        Some(PgnEvent {
            name: "spring".into(),
            round: Some(3),
            match_no: None,
            // 2027-02-28 and a little.
            began: 1_803_859_200 - 86_000,
        }),
        [Some(1512.49), Some(1487.5)],
    );
    assert_eq!(cup.tag("Event"), Some("spring"));
    assert_eq!(cup.tag("Round"), Some("3"));
    assert_eq!(cup.tag("EventDate"), Some("2027.02.28"));
    assert_eq!(cup.tag("Date"), Some("2027.03.01"));
    assert_eq!(cup.tag("WhiteElo"), Some("1512"));
    assert_eq!(cup.tag("BlackElo"), Some("1488"));
    let ladder = write(
        Some(PgnEvent {
            name: "Chess ladder".into(),
            round: None,
            match_no: None,
            began: 1_803_859_200,
        }),
        [None, Some(1400.0)],
    );
    let knockout = write(
        Some(PgnEvent {
            name: "cup".into(),
            round: Some(1),
            match_no: Some(2),
            began: 1_803_859_200,
        }),
        [None, None],
    );
    assert_eq!(knockout.tag("Round"), Some("1.2"), "round.match");
    assert_eq!(ladder.tag("Event"), Some("Chess ladder"));
    assert_eq!(ladder.tag("Round"), Some("-"));
    assert_eq!(ladder.tag("WhiteElo"), None, "unknown: left out");
    assert_eq!(ladder.tag("BlackElo"), Some("1400"));
    let plain = write(None, [None, None]);
    assert_eq!(plain.tag("Event"), Some("Test Host"));
    assert_eq!(plain.tag("EventDate"), None);
}
