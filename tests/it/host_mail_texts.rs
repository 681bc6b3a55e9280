//! What the mails say, as a player reads them: a result told once, a
//! footer that offers only what the game allows, move lists turn by turn,
//! the move numbering explained, help topics, and each player's language.

use crate::util::host_harness::{address, mail_to, one, password, play, players, PostOffice};

#[test]
fn a_game_over_mail_tells_the_result_once_and_nobody_to_move() {
    let mut office = players(&["alice", "bob"]);
    office.send(&address("alice"), "chess challenge alice bob", "");
    for (player, mv) in [("alice", "f3"), ("bob", "e5"), ("alice", "g4")] {
        play(&mut office, "chess", 101, player, mv);
    }
    let last = play(&mut office, "chess", 101, "bob", "Qh4#");
    for player in ["alice", "bob"] {
        let body = &mail_to(&last, player).body;
        assert_eq!(body.matches("checkmate").count(), 1, "{body}");
        assert!(body.contains("Game over. bob wins by checkmate."), "{body}");
        assert!(!body.contains("to move"), "a stale turn line:\n{body}");
        assert!(!body.contains("Reply to this mail"), "{body}");
    }
}

#[test]
fn a_declined_game_is_told_once_without_a_turn_to_move() {
    let mut office = players(&["alice", "bob"]);
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send(
        &address("bob"),
        &format!("chess decline 101 bob {}", password("bob")),
        "",
    );
    for player in ["alice", "bob"] {
        let mail = mail_to(&sent, player);
        assert_eq!(mail.subject, "Chess Board 101 Aborted");
        assert_eq!(
            mail.body.matches("bob declined the game").count(),
            1,
            "{}",
            mail.body
        );
        assert!(!mail.body.contains("Game over"), "{}", mail.body);
        assert!(!mail.body.contains("to move"), "{}", mail.body);
    }
}

#[test]
fn an_infinite_recursion_game_over_mail_shows_every_move_of_the_last_round() {
    let mut office = players(&["alice", "bob"]);
    office.send(&address("alice"), "recursion challenge alice bob", "");
    let moves = [
        ("alice", "W:d4"),
        ("bob", "B:c6"),
        ("bob", "W:b5"),
        ("alice", "B:d4"),
        ("alice", "W:e4"),
        ("bob", "B:b5"),
        ("bob", "W:c6"),
        ("alice", "B:a3"),
        ("alice", "W:Qa5#"),
        ("bob", "B:h6"),
    ];
    for (player, mv) in moves {
        play(&mut office, "recursion", 101, player, mv);
    }
    // Alice mates on Black's board too: the last round is complete and
    // the match is over.
    let last = play(&mut office, "recursion", 101, "alice", "B:Qa5#");
    for player in ["alice", "bob"] {
        let body = &mail_to(&last, player).body;
        assert!(
            body.contains("Game over. alice wins, winning both boards"),
            "{body}"
        );
        assert!(body.contains("Round 5: W:Qa5#  B:h6"), "{body}");
        assert!(body.contains("Round 6: B:Qa5#"), "{body}");
        assert!(!body.contains("(sealed)"), "{body}");
    }
}

#[test]
fn the_footer_offers_only_what_the_game_allows() {
    let mut office = players(&["alice", "bob", "carol", "dave"]);
    let chess = office.send(&address("alice"), "chess challenge alice bob", "");
    let alice = &mail_to(&chess, "alice").body;
    assert!(alice.contains("propose   to offer a draw"), "{alice}");
    assert!(alice.contains("decline   to turn the game down"), "{alice}");
    let spherical = office.send(&address("carol"), "spherical challenge carol dave", "");
    for player in ["carol", "dave"] {
        let body = &mail_to(&spherical, player).body;
        assert!(
            !body.contains("propose"),
            "Spherical Chess 324 has no draws:\n{body}"
        );
        assert!(body.contains("resign"), "{body}");
    }
    // After his first move a player can no longer decline.
    let moved = play(&mut office, "chess", 101, "alice", "e4");
    assert!(!mail_to(&moved, "alice").body.contains("decline"));
    assert!(mail_to(&moved, "bob")
        .body
        .contains("decline   to turn the game down"));
}

#[test]
fn a_draw_offer_is_answered_from_the_footer() {
    let mut office = players(&["alice", "bob"]);
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = play(&mut office, "chess", 101, "alice", "e4 propose");
    let bob = &mail_to(&sent, "bob").body;
    assert!(bob.contains("alice offers a draw."), "{bob}");
    assert!(bob.contains("accept    to accept the draw offer"), "{bob}");
    assert!(!bob.contains("propose   to offer a draw"), "{bob}");
    let alice = &mail_to(&sent, "alice").body;
    assert!(!alice.contains("accept    to accept"), "{alice}");
    assert!(
        !alice.contains("propose   to offer"),
        "her offer stands:\n{alice}"
    );
}

#[test]
fn move_lists_are_written_turn_by_turn_as_each_game_plays() {
    let mut office = players(&["alice", "bob", "carol", "dave"]);
    office.send(&address("alice"), "chess challenge alice bob", "");
    for (player, mv) in [("alice", "e4"), ("bob", "e5"), ("alice", "Nf3")] {
        play(&mut office, "chess", 101, player, mv);
    }
    let sent = play(&mut office, "chess", 101, "bob", "Nc6");
    let body = &mail_to(&sent, "alice").body;
    assert!(body.contains("1. e4 e5\n2. Nf3 Nc6\n"), "{body}");

    office.send(&address("carol"), "spherical challenge carol dave", "");
    let spherical = "spherical move 102";
    office.send(
        &address("carol"),
        &format!("{spherical} carol {} h8-h7", password("carol")),
        "",
    );
    let sent = office.send(
        &address("dave"),
        &format!("{spherical} dave {} a2+ne a2+ne", password("dave")),
        "",
    );
    let body = &mail_to(&sent, "carol").body;
    assert!(
        body.contains("1. White h8-h7;  Black a2+ne a2+ne"),
        "{body}"
    );
}

#[test]
fn the_next_move_number_is_explained_once_beside_the_command() {
    let mut office = players(&["alice", "bob"]);
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = play(&mut office, "chess", 101, "alice", "e4");
    let bob = &mail_to(&sent, "bob").body;
    assert!(bob.contains("chess move 101 bob PASSWORD MOVE#2"), "{bob}");
    assert_eq!(
        bob.matches("#2 is the number of the next move").count(),
        1,
        "{bob}"
    );
    assert!(bob.contains("alice (White) played e4 (move #1)."), "{bob}");
}

#[test]
fn help_has_topics_and_explains_the_subjects() {
    let mut office = PostOffice::new();
    let from = address("carol");
    let subjects = office.send(&from, "help subjects", "");
    let mail = one(&subjects);
    assert_eq!(mail.subject, "PBeM Help subjects");
    assert!(
        mail.body.contains("Chess Board 101 bob **"),
        "{}",
        mail.body
    );
    assert!(mail.body.contains("carries a comment"), "{}", mail.body);
    assert!(
        mail.body.contains("players whose move it is"),
        "{}",
        mail.body
    );
    for topic in pbem::host::model::help::HELP_TOPICS {
        let sent = office.send(&from, &format!("help {topic}"), "");
        assert_eq!(one(&sent).subject, format!("PBeM Help {topic}"));
    }
    let reply = office.send(&from, "help reply", "");
    assert!(one(&reply).body.contains("No password is needed"));
    // A form of several lines keeps its indentation on each of them.
    let time = office.send(&from, "help time", "");
    assert!(
        one(&time).body.contains(
            "  remind userid password LENGTH... (like 3d 1d 4h: reminders that long before a deadline)\n  remind userid password off | default\n"
        ),
        "{}",
        one(&time).body
    );
    let seek = office.send(&from, "help seek", "");
    assert!(
        one(&seek)
            .body
            .contains("\n  GAME seeks\n  GAME seek accept|cancel N userid password\n"),
        "{}",
        one(&seek).body
    );
    let general = office.send(&from, "help", "");
    assert!(one(&general).body.contains("help TOPIC"));
    assert!(
        one(&general)
            .body
            .contains("the players whose move\nit is, and with \" **\""),
        "{}",
        one(&general).body
    );
    let unknown = office.send(&from, "help castling", "");
    let error = one(&unknown);
    assert!(error.body.contains("there is no help topic \"castling\""));
    assert!(error.body.contains("move, reply"), "{}", error.body);
}

#[test]
fn an_error_mail_quotes_an_encoded_line_break_in_the_subject_on_one_line() {
    let mut office = PostOffice::new();
    // "frob\r\nInjected: yes" as an RFC 2047 encoded word.
    let raw = b"From: carol@example.org\r\nTo: pbem@localhost\r\n\
        Subject: =?utf-8?B?ZnJvYg0KSW5qZWN0ZWQ6IHllcw==?=\r\nMessage-ID: <crlf@example.org>\r\n\r\nbody\r\n";
    let sent = office.deliver_raw(raw);
    let body = &one(&sent).body;
    assert!(body.contains("> Subject: frob  Injected: yes"), "{body}");
    assert!(
        !body.lines().any(|line| line.starts_with("Injected")),
        "{body}"
    );
}

#[test]
fn a_player_who_chooses_german_gets_german_mails_and_his_opponent_english() {
    let mut office = players(&["alice", "bob"]);
    let set = office.send(
        &address("alice"),
        &format!("set alice {} language de", password("alice")),
        "",
    );
    assert_eq!(one(&set).subject, "PBeM Settings alice");
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    let (alice, bob) = (&mail_to(&sent, "alice").body, &mail_to(&sent, "bob").body);
    assert!(
        bob.contains("A new Chess game starts on board 101"),
        "{bob}"
    );
    assert!(!alice.contains("A new Chess game starts"), "{alice}");
    assert!(alice.contains("101") && alice.contains("+---+"), "{alice}");
    // Subjects keep their one form in every language.
    assert_eq!(mail_to(&sent, "alice").subject, "New Chess Board 101 alice");
    let rules = office.send(&address("alice"), "chess help", "");
    assert!(
        one(&rules).body.starts_with("CHESS (Schach)"),
        "{}",
        one(&rules).body
    );
    let rules = office.send(&address("bob"), "chess help", "");
    assert!(
        one(&rules).body.starts_with("CHESS\n"),
        "{}",
        one(&rules).body
    );
}

#[test]
fn the_operators_language_is_for_those_who_chose_none_and_an_unknown_one_is_refused() {
    let mut office = PostOffice::with_config("[host]\nlanguage = \"de\"\n");
    let request = office.send(&address("alice"), "signup alice pw-alice-quince", "");
    office.reply(&address("alice"), one(&request), "ja");
    let rules = office.send(&address("alice"), "chess help", "");
    assert!(one(&rules).body.starts_with("CHESS (Schach)"));
    let set = office.send(
        &address("alice"),
        "set alice pw-alice-quince language en",
        "",
    );
    assert_eq!(one(&set).subject, "PBeM Settings alice");
    let rules = office.send(&address("alice"), "chess help", "");
    assert!(one(&rules).body.starts_with("CHESS\n"));
    let refused = office.send(
        &address("alice"),
        "set alice pw-alice-quince language xx",
        "",
    );
    let body = &one(&refused).body;
    assert!(body.contains("\"xx\""), "{body}");
    assert!(body.contains("de, en"), "{body}");
}

#[test]
fn a_config_naming_a_language_without_templates_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let config =
        pbem::config::Config::from_toml("[host]\nlanguage = \"fr\"\n", Some(dir.path())).unwrap();
    let err = pbem::daemon::Runtime::open(&config)
        .err()
        .expect("no French templates");
    let text = err.to_string();
    assert!(
        text.contains("host.language") && text.contains("\"fr\""),
        "{text}"
    );
    assert!(text.contains("de, en"), "{text}");
}

#[test]
fn progressions_default_list_is_written_alike_in_its_rules_and_on_its_boards() {
    let mut office = players(&["alice", "bob"]);
    let rules = office.send(&address("alice"), "progression help", "");
    assert!(
        one(&rules).body.contains("-list:xxxxxxxx (free choice)"),
        "{}",
        one(&rules).body
    );
    let sent = office.send(&address("alice"), "progression challenge alice bob", "");
    assert!(
        sent.iter().all(|mail| mail.body.contains("-list:xxxxxxxx")),
        "{sent:#?}"
    );
}
