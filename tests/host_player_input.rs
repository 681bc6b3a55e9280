//! Moves as real players type them: dashes, zeros and figurines from
//! their keyboards and phones, words after the move, and a command whose
//! moves end the game part-way.

mod host_harness;

use host_harness::{address, mail_to, password, PostOffice, Sent};

/// alice (White) and bob (Black) on board 101 of `game` after `moves`,
/// each sent as a command; returns the mails of the last one.
fn board_after(game: &str, moves: &[(&str, &str)]) -> (PostOffice, Vec<Sent>) {
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    let mut last = office.send(
        &address("alice"),
        &format!("{game} challenge alice bob"),
        "",
    );
    for (player, text) in moves {
        last = send_move(&mut office, game, player, text);
        assert!(last.len() == 2, "{player} {text} was not played: {last:#?}");
    }
    (office, last)
}

fn send_move(office: &mut PostOffice, game: &str, player: &str, text: &str) -> Vec<Sent> {
    office.send(
        &address(player),
        &format!("{game} move 101 {player} {} {text}", password(player)),
        "",
    )
}

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
    let sent = send_move(&mut office, "chess", "alice", "O\u{2013}O");
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
    let sent = send_move(&mut office, "chess", "alice", "0\u{2014}0\u{2014}0+");
    assert_eq!(office.move_count(101), 9, "{sent:#?}");
}

#[test]
fn a_figurine_knight_move_is_played_in_a_command_and_a_reply() {
    let (mut office, _) = board_after("chess", &[]);
    let sent = send_move(&mut office, "chess", "alice", "\u{2658}f3");
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
    let sent = send_move(
        &mut office,
        "chess",
        "bob",
        "\u{FF45}\u{FF15}\u{FF03}\u{FF12}",
    );
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
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
    let sent = send_move(&mut office, "spherical", "alice", "h8\u{2013}h7");
    assert_eq!(office.move_count(101), 1, "{sent:#?}");
}
