//! Moves as real players type them: dashes, zeros and figurines from
//! their keyboards and phones, words after the move, and a command whose
//! moves end the game part-way.

use crate::util::host_harness::{address, board_after, mail_to, one, password, play};
use pbem::store::GameStatus;

const ITALIAN: &[(&str, &str)] = &[
    ("alice", "e4"),
    ("bob", "e5"),
    ("alice", "Nf3"),
    ("bob", "Nc6"),
    ("alice", "Bc4"),
    ("bob", "Bc5"),
];

const QUEENS_SIDE_READY: &[(&str, &str)] = &[
    ("alice", "d4"),
    ("bob", "d5"),
    ("alice", "Nc3"),
    ("bob", "Nc6"),
    ("alice", "Bf4"),
    ("bob", "Bf5"),
    ("alice", "Qd2"),
    ("bob", "Qd7"),
];

#[test]
fn castling_with_an_en_dash_is_played_in_a_command() {
    let (mut office, _) = board_after("chess", ITALIAN);
    let sent = play(&mut office, "chess", 101, "alice", "O\u{2013}O");
    assert_eq!(office.move_count(101), 7, "{sent:#?}");
    assert!(mail_to(&sent, "bob").body.contains("played O-O"));
}

#[test]
fn castling_with_zeros_and_a_check_sign_is_played_in_a_reply() {
    let (mut office, last) = board_after("chess", QUEENS_SIDE_READY);
    let board = mail_to(&last, "alice").clone();
    let sent = office.reply(&address("alice"), &board, "0-0-0\n");
    assert_eq!(office.move_count(101), 9, "{sent:#?}");
    assert!(mail_to(&sent, "bob").body.contains("played O-O-O"));
}

#[test]
fn castling_with_zeros_and_em_dashes_is_played_in_a_command() {
    let (mut office, _) = board_after("chess", QUEENS_SIDE_READY);
    let sent = play(&mut office, "chess", 101, "alice", "0\u{2014}0\u{2014}0+");
    assert_eq!(office.move_count(101), 9, "{sent:#?}");
}

#[test]
fn a_figurine_knight_move_is_played_in_a_command_and_a_reply() {
    let (mut office, _) = board_after("chess", &[]);
    let sent = play(&mut office, "chess", 101, "alice", "\u{2658}f3");
    assert_eq!(office.move_count(101), 1, "{sent:#?}");
    let board = mail_to(&sent, "bob").clone();
    let sent = office.reply(&address("bob"), &board, "\u{265E}c6\n");
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    assert!(mail_to(&sent, "alice").body.contains("played Nc6"));
}

#[test]
fn a_full_width_move_is_played_in_a_reply_and_a_command() {
    let (mut office, last) = board_after("chess", &[]);
    let board = mail_to(&last, "alice").clone();
    let sent = office.reply(&address("alice"), &board, "\u{FF45}\u{FF14}\n");
    assert_eq!(office.move_count(101), 1, "{sent:#?}");
    let sent = play(
        &mut office,
        "chess",
        101,
        "bob",
        "\u{FF45}\u{FF15}\u{FF03}\u{FF12}",
    );
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
}

#[test]
fn a_full_width_resign_in_a_reply_resigns() {
    let (mut office, last) = board_after("chess", &[]);
    let board = mail_to(&last, "alice").clone();
    let sent = office.reply(
        &address("alice"),
        &board,
        "\u{FF52}\u{FF45}\u{FF53}\u{FF49}\u{FF47}\u{FF4E}\u{200B}\n",
    );
    // Resigning before one's first move declines the game.
    assert_eq!(office.game(101).status, GameStatus::Aborted, "{sent:#?}");
}

#[test]
fn no_break_and_zero_width_spaces_separate_words_in_a_command_and_a_reply() {
    let (mut office, last) = board_after("chess", &[]);
    let subject = format!(
        "chess\u{00A0}move\u{00A0}101\u{00A0}alice\u{00A0}{}\u{00A0}e4\u{200B}#1",
        password("alice")
    );
    let sent = office.send(&address("alice"), &subject, "");
    assert_eq!(office.move_count(101), 1, "{sent:#?}");
    let _ = last;
    let board = mail_to(&sent, "bob").clone();
    let sent = office.reply(&address("bob"), &board, "e5\u{200B}#2\u{00A0}\n");
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
}

#[test]
fn a_spherical_slide_written_with_an_en_dash_is_played() {
    let (mut office, _) = board_after("spherical", &[]);
    let sent = play(&mut office, "spherical", 101, "alice", "h8\u{2013}h7");
    assert_eq!(office.move_count(101), 1, "{sent:#?}");
}

#[test]
fn words_after_a_complete_turn_in_a_command_are_passed_on_as_a_comment() {
    let (mut office, _) = board_after("chess", &[("alice", "e4")]);
    let sent = play(&mut office, "chess", 101, "bob", "a6 thanks");
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    let alice = &mail_to(&sent, "alice").body;
    assert!(alice.contains("bob writes:\nthanks"), "{alice}");
}

#[test]
fn words_after_a_complete_turn_in_a_reply_are_passed_on_as_a_comment() {
    let (mut office, last) = board_after("chess", &[("alice", "e4")]);
    let board = mail_to(&last, "bob").clone();
    let sent = office.reply(&address("bob"), &board, "a6 is my reply\nGood luck!\n");
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    let alice = &mail_to(&sent, "alice").body;
    assert!(
        alice.contains("bob writes:\nis my reply\nGood luck!"),
        "{alice}"
    );
}

#[test]
fn a_move_after_a_complete_turn_in_a_command_is_refused_naming_it() {
    let (mut office, _) = board_after("chess", &[("alice", "e4")]);
    let sent = play(&mut office, "chess", 101, "bob", "e5 thanks Nf6");
    let error = &one(&sent).body;
    assert!(
        error.contains("bob's turn was complete after e5, so \"thanks\" was not played"),
        "{error}"
    );
    assert_eq!(office.move_count(101), 1, "nothing is stored");
}

#[test]
fn a_move_after_a_complete_turn_in_a_reply_is_refused_naming_it() {
    let (mut office, last) = board_after("chess", &[("alice", "e4")]);
    let board = mail_to(&last, "bob").clone();
    let sent = office.reply(&address("bob"), &board, "e5 Nf3\n");
    let error = &one(&sent).body;
    assert!(
        error.contains("bob's turn was complete after e5, so \"Nf3\" was not played"),
        "{error}"
    );
    assert_eq!(office.move_count(101), 1, "nothing is stored");
}

#[test]
fn an_unreadable_word_in_the_middle_of_a_turn_is_refused_naming_it() {
    let (mut office, _) = board_after("spherical", &[("alice", "h8-h7")]);
    let sent = play(&mut office, "spherical", 101, "bob", "a2+ne thanks");
    let error = &one(&sent).body;
    assert!(
        error.contains("cannot read \"thanks\" as a move"),
        "{error}"
    );
    assert_eq!(office.move_count(101), 1, "nothing is stored");
}

/// The game of `host_whole_game::spherical_rook_takes_every_black_queen`
/// up to the turn whose first move takes Black's last queen.
const SPHERICAL_LAST_QUEEN_NEXT: &[(&str, &str)] = &[
    ("alice", "h8-h7"),
    ("bob", "a2+ne a2+ne"),
    ("alice", "h7-h1 h1xb1"),
    ("bob", "a2+ne a2+nw"),
    ("alice", "b1xb18 b18xa18"),
    ("bob", "a2+nw a2+nw"),
    ("alice", "a18xa1 a1xr1"),
    ("bob", "a2+se a2+se"),
    ("alice", "r1xr18 r18xq18"),
    ("bob", "a2+se a2+sw"),
];

#[test]
fn a_spherical_turn_that_takes_the_last_queen_first_ends_the_game_and_names_the_rest() {
    let (mut office, _) = board_after("spherical", SPHERICAL_LAST_QUEEN_NEXT);
    let sent = play(&mut office, "spherical", 101, "alice", "q18xq1 q1-q2");
    assert_eq!(office.move_count(101), 20, "{sent:#?}");
    assert_eq!(office.game(101).status, GameStatus::Finished);
    for player in ["alice", "bob"] {
        let body = &mail_to(&sent, player).body;
        assert!(
            body.contains("alice wins by capturing the last queen"),
            "{body}"
        );
        assert!(
            body.contains(
                "The game ended before the rest of alice's command, so q1-q2 was not played."
            ),
            "{body}"
        );
    }
}

#[test]
fn a_chess_mate_followed_by_a_move_ends_the_game_and_names_the_rest() {
    let (mut office, _) = board_after("chess", &[("alice", "f3"), ("bob", "e5"), ("alice", "g4")]);
    let sent = play(&mut office, "chess", 101, "bob", "Qh4# Nc6");
    assert_eq!(office.move_count(101), 4, "{sent:#?}");
    assert_eq!(office.game(101).status, GameStatus::Finished);
    let alice = &mail_to(&sent, "alice").body;
    assert!(alice.contains("bob wins"), "{alice}");
    assert!(
        alice.contains("The game ended before the rest of bob's command, so Nc6 was not played."),
        "{alice}"
    );
}

#[test]
fn a_chess_mate_followed_by_words_passes_them_on_as_a_comment() {
    let (mut office, _) = board_after("chess", &[("alice", "f3"), ("bob", "e5"), ("alice", "g4")]);
    let sent = play(&mut office, "chess", 101, "bob", "Qh4# good game");
    assert_eq!(office.game(101).status, GameStatus::Finished, "{sent:#?}");
    let alice = &mail_to(&sent, "alice").body;
    assert!(alice.contains("bob writes:\ngood game"), "{alice}");
    assert!(!alice.contains("was not played"), "{alice}");
}
