//! The other commands by mail: accounts, multiple, draws, resign,
//! decline, show, games, chat, accept/reject/limit, help and list.

use crate::util::host_harness::{address, mail_to, one, play, two_players, PostOffice};
use pbem::store::GameStatus;

#[test]
fn signup_twice_and_bad_userids_are_refused() {
    let mut office = two_players();
    let sent = office.send("x@example.org", "signup alice other", "");
    assert!(one(&sent).body.contains("the userid \"alice\" is taken"));
    let sent = office.send("x@example.org", "signup chess pw-quince-ladle", "");
    assert!(one(&sent).body.contains("cannot be a userid"));
}

#[test]
fn change_password_takes_effect() {
    let mut office = two_players();
    let sent = office.send(
        &address("alice"),
        "change password alice pw-alice-quince n3w-quince-ladle",
        "",
    );
    assert!(one(&sent).body.contains("password of alice is changed"));
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = play(&mut office, "chess", 101, "alice", "e4");
    assert!(one(&sent)
        .body
        .contains("the userid alice or its password is not right"));
    let sent = office.send(
        &address("alice"),
        "chess move 101 alice n3w-quince-ladle e4",
        "",
    );
    assert_eq!(sent.len(), 2);
    assert_eq!(office.move_count(101), 1);
}

#[test]
fn change_address_moves_the_board_mails_once_the_new_address_confirms() {
    let mut office = two_players();
    let sent = office.send(
        &address("bob"),
        "change address bob pw-bob-quince bob@new.example",
        "",
    );
    assert_eq!(sent.len(), 3, "{sent:#?}");
    let answer = sent.iter().find(|mail| mail.to == address("bob")).unwrap();
    assert!(answer.body.contains("bob@new.example"), "{}", answer.body);
    let confirm = sent
        .iter()
        .find(|mail| mail.to == "bob@new.example")
        .unwrap();
    assert!(
        confirm.subject.contains("Confirm bob"),
        "{}",
        confirm.subject
    );
    // Until it confirms, the new address gets no board, and bob, with no
    // address left that the host may mail, cannot be challenged.
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert!(
        sent.iter().all(|mail| mail.to != "bob@new.example"),
        "{sent:#?}"
    );
    assert!(
        one(&sent)
            .body
            .contains("bob has not confirmed an address yet"),
        "{}",
        one(&sent).body
    );
    let confirmed = office.reply("bob@new.example", confirm, "yes");
    assert!(one(&confirmed)
        .body
        .contains("bob@new.example is confirmed"));
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = play(&mut office, "chess", 101, "alice", "e4");
    assert!(
        sent.iter().any(|mail| mail.to == "bob@new.example"),
        "{sent:#?}"
    );
    assert!(
        sent.iter().all(|mail| mail.to != address("bob")),
        "{sent:#?}"
    );
}

#[test]
fn signoff_stops_challenges_and_delete_needs_no_running_games() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send(&address("bob"), "delete bob pw-bob-quince", "");
    assert!(one(&sent).body.contains("still plays on board 101"));
    let sent = office.send(&address("bob"), "signoff bob pw-bob-quince", "");
    assert!(one(&sent).body.contains("takes no new challenges"));
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert!(one(&sent).body.contains("bob has signed off"));
}

#[test]
fn multiple_runs_each_line_and_reports_each_error() {
    let mut office = two_players();
    let body = "set alice pw-alice-quince language en\nchess challenge alice bob\nchess move 101 alice pw-alice-quince e9\n";
    let sent = office.send(&address("alice"), "multiple", body);
    // The setting, two new boards, one error for the bad move.
    assert_eq!(sent.len(), 4, "{sent:#?}");
    let error = sent
        .iter()
        .find(|m| m.subject == "Chess Board 101 Error")
        .unwrap();
    assert!(error
        .body
        .contains("the commands before it in the same mail were carried out"));
    assert_eq!(office.game(101).white, "alice");
    assert_eq!(office.move_count(101), 0);
}

#[test]
fn draw_offer_accepted_ends_the_game() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    play(&mut office, "chess", 101, "alice", "e4");
    let sent = play(&mut office, "chess", 101, "bob", "e5 propose");
    assert!(mail_to(&sent, "alice").body.contains("bob offers a draw."));
    let sent = office.reply(&address("alice"), mail_to(&sent, "alice"), "accept");
    let alice = mail_to(&sent, "alice");
    assert_eq!(alice.subject, "Chess Board 101 Game Over");
    assert!(alice.body.contains("Draw by agreement."), "{}", alice.body);
    assert_eq!(office.game(101).status, GameStatus::Finished);
}

#[test]
fn draw_reject_and_accept_without_offer() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = play(&mut office, "chess", 101, "alice", "accept");
    assert!(one(&sent)
        .body
        .contains("no draw offer from your opponent to accept"));
    play(&mut office, "chess", 101, "alice", "e4 propose");
    let sent = play(&mut office, "chess", 101, "bob", "reject");
    assert!(mail_to(&sent, "alice")
        .body
        .contains("bob rejects the draw offer."));
    assert_eq!(office.game(101).draw_offer, None);
}

#[test]
fn resign_after_moving_ends_the_game_for_the_opponent() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    play(&mut office, "chess", 101, "alice", "e4");
    play(&mut office, "chess", 101, "bob", "e5");
    let sent = office.send(&address("bob"), "chess resign 101 bob pw-bob-quince", "");
    let alice = mail_to(&sent, "alice");
    assert!(
        alice.body.contains("alice wins: bob resigned."),
        "{}",
        alice.body
    );
    let sent = play(&mut office, "chess", 101, "alice", "Nf3");
    assert!(one(&sent).body.contains("board 101 is over"));
}

#[test]
fn decline_before_the_first_move_aborts_the_board() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    play(&mut office, "chess", 101, "alice", "e4");
    let sent = office.send(
        &address("alice"),
        "chess decline 101 alice pw-alice-quince",
        "",
    );
    assert!(one(&sent).body.contains("alice has already moved"));
    let sent = office.send(&address("bob"), "chess decline 101 bob pw-bob-quince", "");
    assert_eq!(mail_to(&sent, "alice").subject, "Chess Board 101 Aborted");
    assert_eq!(office.game(101).status, GameStatus::Aborted);
    // The id is not reused.
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert_eq!(mail_to(&sent, "alice").subject, "New Chess Board 102 alice");
}

#[test]
fn show_rebuilds_an_earlier_board_by_replay() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    play(&mut office, "chess", 101, "alice", "e4");
    play(&mut office, "chess", 101, "bob", "d5");
    // A player sees the board from his own seat: White, rank 8 on top.
    let sent = office.send(&address("alice"), "chess show 101#1", "");
    let shown = one(&sent);
    assert!(shown.body.contains("after move 1 of 2"), "{}", shown.body);
    assert!(!shown.body.contains("| p |   |   |   |   |   |   |   |"));
    assert!(
        shown.body.contains("4 |   |   |   |   | P |"),
        "{}",
        shown.body
    );
    assert!(shown.body.contains("5 |   |   |   |   |   |   |   |   |"));
    let sent = office.send(&address("alice"), "chess show 101", "");
    assert!(one(&sent).body.contains("5 |   |   |   | p |"));
    // Anyone else may look too.
    let sent = office.send("watcher@example.org", "chess show 101", "");
    assert!(one(&sent).body.contains("Chess board 101 now:"));
    let sent = office.send("watcher@example.org", "chess show 101#7", "");
    assert!(one(&sent).body.contains("there is no board after move 7"));
}

#[test]
fn games_lists_a_players_boards() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    office.send(&address("bob"), "chess challenge bob alice", "");
    let sent = office.send("anyone@example.org", "chess games alice", "");
    let body = &one(&sent).body;
    assert!(
        body.contains("board 101: White against bob; running, alice to move"),
        "{body}"
    );
    assert!(
        body.contains("board 102: Black against bob; running, bob to move"),
        "{body}"
    );
}

#[test]
fn chat_goes_to_everyone_on_the_board() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send(
        &address("bob"),
        "chess chat 101 bob pw-bob-quince",
        "Good luck!\n-- \nBob",
    );
    assert_eq!(sent.len(), 2);
    for player in ["alice", "bob"] {
        let mail = mail_to(&sent, player);
        assert!(mail.body.contains("Good luck!"));
        assert!(!mail.body.contains("Bob\n"), "signature stripped");
    }
}

#[test]
fn a_reply_to_a_chat_mail_is_more_chat_not_a_move() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send(
        &address("bob"),
        "chess chat 101 bob pw-bob-quince",
        "Good luck!",
    );
    let to_alice = mail_to(&sent, "alice").clone();
    assert!(
        to_alice.subject.contains("Chat bob"),
        "{}",
        to_alice.subject
    );
    // A first line that is also a legal move is still chat here.
    let sent = office.reply(&address("alice"), &to_alice, "e4\nThanks, you too.");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    for player in ["alice", "bob"] {
        let mail = mail_to(&sent, player);
        assert!(mail.subject.contains("Chat alice"), "{}", mail.subject);
        assert!(mail.body.contains("Thanks, you too."), "{}", mail.body);
    }
    assert_eq!(office.move_count(101), 0, "nothing was played");
}

#[test]
fn a_reply_to_a_chat_from_another_address_is_refused() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send(
        &address("bob"),
        "chess chat 101 bob pw-bob-quince",
        "Good luck!",
    );
    let to_alice = mail_to(&sent, "alice").clone();
    let sent = office.reply("mallory@example.org", &to_alice, "Resign now");
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, "mallory@example.org");
    assert!(
        sent[0].body.contains("cannot stand in for a password"),
        "{}",
        sent[0].body
    );
}

#[test]
fn reject_and_limit_stop_challenges() {
    let mut office = two_players();
    let sent = office.send(&address("bob"), "chess reject bob pw-bob-quince", "");
    assert!(one(&sent)
        .body
        .contains("bob now takes no Chess challenges"));
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert!(one(&sent).body.contains("bob takes no Chess challenges"));
    office.send(&address("bob"), "chess accept bob pw-bob-quince", "");
    office.send(&address("bob"), "chess limit bob pw-bob-quince 1", "");
    assert_eq!(
        office
            .send(&address("alice"), "chess challenge alice bob", "")
            .len(),
        2
    );
    let sent = office.send(&address("alice"), "chess challenge alice bob", "");
    assert!(one(&sent).body.contains("the limit bob has set is 1"));
}

#[test]
fn help_and_list_answer_anyone() {
    let mut office = PostOffice::new();
    let sent = office.send("new@example.org", "help", "");
    assert!(one(&sent).body.contains("GAME challenge userid1 userid2"));
    let sent = office.send("new@example.org", "chess help", "");
    assert!(one(&sent).body.contains("CHESS"));
    let sent = office.send("new@example.org", "list", "");
    assert!(one(&sent).body.contains("chess"));
    assert!(one(&sent).body.contains("0 running"));
}

#[test]
fn comment_on_a_move_is_passed_on_with_the_comment_marker() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send(
        &address("alice"),
        "Re: [games] chess move 101 alice pw-alice-quince e4 **",
        "Your move!\n\n> quoted old stuff\n-- \nAlice",
    );
    let bob = mail_to(&sent, "bob");
    assert_eq!(bob.subject, "Chess Board 101 bob **");
    assert!(
        bob.body.contains("alice writes:\nYour move!"),
        "{}",
        bob.body
    );
    assert!(!bob.body.contains("quoted old stuff"));
}

#[test]
fn a_host_subject_is_never_read_as_a_command() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    // "board" is an alias of move, but this subject is the host's own,
    // and the body comes from nobody the host mailed.
    let sent = office.send(&address("alice"), "Re: Chess Board 101 alice", "e4");
    assert!(one(&sent)
        .body
        .contains("does not answer a mail the host sent you"));
    assert_eq!(office.move_count(101), 0);
}

#[test]
fn host_switches_are_stripped_and_kept_with_the_game() {
    let mut office = two_players();
    let sent = office.send(
        &address("alice"),
        "spherical challenge alice bob -unrated --nagtime=3 -setup:2",
        "",
    );
    let bob = mail_to(&sent, "bob");
    assert!(
        bob.body.contains("21d a move") && bob.body.contains("reminders after 3d"),
        "{}",
        bob.body
    );
    let game = office.game(101);
    assert!(!game.rated);
    // The whole control is kept, so later defaults leave the board as it began.
    assert_eq!(game.host_options, "--nagtime=3d --forfeittime=21d");
    assert_eq!(game.switches, vec!["-setup:2".to_string()]);
}
