//! What the mails say is true, and no longer than it needs to be: each
//! test here is a sentence a newcomer found wrong, missing or far too
//! long, played by mail as he played it.

use crate::util::host_harness::{address, mail_to, mails_to, one, play, two_players};

/// No mail is longer than this, board pictures aside.
const MAIL_LIMIT: usize = 64 * 1024;

#[test]
fn a_mistyped_progression_list_draws_a_short_error_mail() {
    let mut office = two_players();
    office.send(&address("alice"), "progression challenge alice bob", "");
    // One letter wrong: `Z` is no piece. Every one of the 40,320 lists
    // was listed before, in a mail of 1.18 MB.
    let sent = play(&mut office, "progression", 101, "alice", "nbNBrRQZ");
    let error = one(&sent);
    assert!(error.raw.len() < MAIL_LIMIT, "{} bytes", error.raw.len());
    assert!(
        error.body.contains("Legal moves for White now: "),
        "{}",
        error.body
    );
    assert!(error.body.contains(" and 40260 more"), "{}", error.body);
}

#[test]
fn a_pawn_capture_that_is_not_there_names_its_file() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    // `bc4` reads as a pawn from the b-file taking on c4; c2-c4 is legal,
    // so "no white pawn can move to c4" was false.
    let sent = play(&mut office, "chess", 101, "alice", "bc4");
    let body = &one(&sent).body;
    assert!(
        body.contains("no white pawn on the b-file can move to c4"),
        "{body}"
    );
}

#[test]
fn a_move_followed_by_a_full_stop_or_a_comma_is_played() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = play(&mut office, "chess", 101, "alice", "e4.");
    assert!(mail_to(&sent, "bob")
        .body
        .contains("alice (White) played e4"));
    let sent = play(&mut office, "chess", 101, "bob", "c5,");
    assert!(mail_to(&sent, "alice")
        .body
        .contains("bob (Black) played c5"));
}

#[test]
fn a_misspelt_verb_is_named_in_a_short_answer() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send_as("alice", "chess moev 101 alice PW e4", "");
    let body = &one(&sent).body;
    assert!(body.contains("Did you mean \"chess move\"?"), "{body}");
    assert!(body.lines().count() < 30, "{body}");
    assert!(!body.contains("signup userid password"), "{body}");
    let sent = office.send_as("alice", "chsss move 101 alice PW e4", "");
    assert!(one(&sent).body.contains("Did you mean \"chess\"?"));
}

#[test]
fn a_new_board_says_whether_it_is_rated() {
    let mut office = two_players();
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert!(mail_to(&sent, "bob").body.contains("The game is rated."));
    let sent = office.send(&address("alice"), "chess challenge alice bob -unrated", "");
    assert!(mail_to(&sent, "bob")
        .body
        .contains("The game is not rated."));
}

#[test]
fn who_proposes_a_take_back_is_not_told_how_to_answer_it() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    play(&mut office, "chess", 101, "alice", "e4");
    play(&mut office, "chess", 101, "bob", "e5");
    let sent = play(&mut office, "chess", 101, "alice", "undo");
    let own = &mail_to(&sent, "alice").body;
    assert!(own.contains("You propose to take back"), "{own}");
    assert!(!own.contains("a reply undo (or accept) agrees"), "{own}");
    let theirs = &mail_to(&sent, "bob").body;
    assert!(
        theirs.contains("alice proposes to take back")
            && theirs.contains("a reply undo (or accept) agrees"),
        "{theirs}"
    );
}

#[test]
fn no_sentence_of_a_new_ladder_board_runs_into_the_next() {
    let mut office = two_players();
    office.send_as("alice", "chess ladder join alice PW", "");
    office.send_as("bob", "chess ladder join bob PW", "");
    let sent = office.send_as("bob", "chess challenge bob alice -ladder -password:PW", "");
    for mail in mails_to(&sent, "alice") {
        let run_together = mail
            .body
            .as_bytes()
            .windows(3)
            .any(|w| w[0].is_ascii_lowercase() && w[1] == b'.' && w[2].is_ascii_uppercase());
        assert!(!run_together, "{}", mail.body);
    }
}
