//! Conditional moves by mail: lines played when the opponent's turn
//! matches, replaced by a line that answers differently, dropped (and
//! told to their owner alone) when the turn differs or the answer is not
//! legal; in chess, Spherical Chess 324 and Infinite Recursion Chess.

use crate::util::host_harness::{address, command, mail_to, password, play, table, PostOffice};

fn queue(office: &mut PostOffice, game: &str, userid: &str, line: &str) -> String {
    let sent = command(office, game, "queue", userid, line);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    sent[0].body.clone()
}

#[test]
fn a_chess_line_answers_each_expected_move_at_once_and_both_players_are_mailed() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    let answer = queue(&mut office, "chess", "alice", "e5 Nf3 Nc6 Bb5");
    assert!(answer.contains("The line is queued"), "{answer}");
    assert!(answer.contains("[e5] Nf3 [Nc6] Bb5"), "{answer}");

    let sent = play(&mut office, "chess", 101, "bob", "e5");
    assert_eq!(office.move_count(101), 3, "Nf3 was played from the queue");
    for player in ["alice", "bob"] {
        let mail = mail_to(&sent, player);
        assert!(
            mail.body.contains("alice (White) played Nf3 (move #3)"),
            "{}",
            mail.body
        );
        assert!(
            mail.body
                .contains("That move was played from alice's conditional moves."),
            "{}",
            mail.body
        );
    }
    assert!(
        mail_to(&sent, "bob").subject.ends_with(" bob"),
        "bob to move"
    );
    let bobs = &mail_to(&sent, "bob").body;
    assert!(
        !bobs.contains("Bb5"),
        "bob never sees alice's plans:\n{bobs}"
    );

    play(&mut office, "chess", 101, "bob", "Nc6");
    assert_eq!(office.move_count(101), 5, "Bb5 followed Nc6");
    let listed = queue(&mut office, "chess", "alice", "");
    assert!(
        listed.contains("alice has no conditional moves"),
        "{listed}"
    );
}

#[test]
fn a_line_answering_differently_replaces_the_old_one_and_branches_stand_together() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    queue(&mut office, "chess", "alice", "e5 Nf3 Nc6 Bb5");
    let answer = queue(&mut office, "chess", "alice", "e5 Nf3 Nc6 Bc4");
    assert!(answer.contains("it replaces 1 line"), "{answer}");
    assert!(!answer.contains("Bb5"), "{answer}");
    let answer = queue(&mut office, "chess", "alice", "c5 Nf3");
    assert!(!answer.contains("replaces"), "{answer}");
    assert!(answer.contains("1. [e5] Nf3 [Nc6] Bc4"), "{answer}");
    assert!(answer.contains("2. [c5] Nf3"), "{answer}");

    let sent = play(&mut office, "chess", 101, "bob", "e5");
    // The c5 branch did not match and is dropped; alice alone is told.
    let alices = &mail_to(&sent, "alice").body;
    assert!(alices.contains("dropped:\n  c5 Nf3"), "{alices}");
    assert!(
        !mail_to(&sent, "bob").body.contains("c5"),
        "bob is not told"
    );
    play(&mut office, "chess", 101, "bob", "Nc6");
    assert_eq!(office.move_count(101), 5);
    let record = office.send(&address("bob"), "chess show 101", "");
    assert!(record[0].body.contains("3. Bc4"), "{}", record[0].body);
}

#[test]
fn a_line_the_opponent_did_not_follow_is_dropped_and_its_owner_told() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    queue(&mut office, "chess", "alice", "e5 Nf3");
    let sent = play(&mut office, "chess", 101, "bob", "c5");
    assert_eq!(office.move_count(101), 2, "nothing played for alice");
    let alices = &mail_to(&sent, "alice").body;
    assert!(
        alices.contains(
            "Your opponent played another turn than this line of your conditional moves expected"
        ),
        "{alices}"
    );
    assert!(alices.contains("  e5 Nf3"), "{alices}");
    assert!(alices.contains("It is your move."), "{alices}");
    let bobs = &mail_to(&sent, "bob").body;
    assert!(!bobs.contains("conditional"), "{bobs}");
}

#[test]
fn a_queued_answer_that_is_illegal_when_its_turn_comes_is_dropped_with_the_reason() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    play(&mut office, "chess", 101, "bob", "e5");
    play(&mut office, "chess", 101, "alice", "f4");
    // pbmserv's form: one move, played whatever Black does.
    let answer = queue(&mut office, "chess", "alice", "Nf3");
    assert!(answer.contains("[*] Nf3"), "{answer}");
    let sent = play(&mut office, "chess", 101, "bob", "Qh4+");
    assert_eq!(office.move_count(101), 4, "Nf3 does not meet the check");
    let alices = &mail_to(&sent, "alice").body;
    assert!(
        alices.contains("Your conditional answer was not legal here"),
        "{alices}"
    );
    assert!(alices.contains("  * Nf3"), "{alices}");
    // The same form when the move is still legal: played.
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    queue(&mut office, "chess", "alice", "Nf3");
    play(&mut office, "chess", 101, "bob", "a6");
    assert_eq!(office.move_count(101), 3);
}

#[test]
fn a_line_for_any_turn_that_a_named_line_outranks_is_dropped_saying_so() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    queue(&mut office, "chess", "alice", "e5 Nf3");
    queue(&mut office, "chess", "alice", "* Qh5");
    let sent = play(&mut office, "chess", 101, "bob", "e5");
    assert_eq!(office.move_count(101), 3);
    let alices = &mail_to(&sent, "alice").body;
    assert!(alices.contains("played Nf3 (move #3)"), "{alices}");
    assert!(
        alices.contains(
            "A line naming the turn your opponent played was played, so this line for any \
             turn was dropped:\n  * Qh5"
        ),
        "{alices}"
    );
    assert!(!alices.contains("another turn than"), "{alices}");
    // With no named line matching, the line for any turn is played.
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    queue(&mut office, "chess", "alice", "e5 Nf3");
    queue(&mut office, "chess", "alice", "* Qh5");
    let sent = play(&mut office, "chess", 101, "bob", "a6");
    let alices = &mail_to(&sent, "alice").body;
    assert!(alices.contains("played Qh5 (move #3)"), "{alices}");
    assert!(
        alices.contains("expected, so it was dropped:\n  e5 Nf3"),
        "{alices}"
    );
}

#[test]
fn lines_that_cannot_be_queued_are_refused_with_the_reason() {
    let mut office = table("chess");
    let sent = command(&mut office, "chess", "queue", "alice", "e5 Nf3");
    assert!(
        sent[0].body.contains("it is your move on Chess board 101"),
        "{}",
        sent[0].body
    );
    play(&mut office, "chess", 101, "alice", "e4");
    for (line, says) in [
        ("e5 Nf3 Nc6", "the line ends with Nc6"),
        ("e5 Ke3", "turn 2 of the line (Ke3) cannot be played there"),
        ("e5 *", "* stands for any turn of your opponent"),
    ] {
        let sent = command(&mut office, "chess", "queue", "alice", line);
        assert!(sent[0].body.contains(says), "{line}: {}", sent[0].body);
        assert!(
            !sent[0].body.contains(&password("alice")),
            "{}",
            sent[0].body
        );
    }
    let listed = queue(&mut office, "chess", "alice", "");
    assert!(
        listed.contains("alice has no conditional moves"),
        "{listed}"
    );
}

#[test]
fn strangers_wrong_passwords_and_finished_boards_get_clear_refusals() {
    let mut office = table("chess");
    office.signup("carol");
    play(&mut office, "chess", 101, "alice", "e4");
    let sent = office.send(&address("bob"), "chess queue 101 bob wrong e4 Nf3", "");
    assert!(
        sent[0]
            .body
            .contains("the userid bob or its password is not right"),
        "{}",
        sent[0].body
    );
    assert!(!sent[0].body.contains("wrong e4"), "password masked");
    let sent = command(&mut office, "chess", "queue", "carol", "e5 Nf3");
    assert!(
        sent[0].body.contains("carol does not play on board 101"),
        "{}",
        sent[0].body
    );
    command(&mut office, "chess", "resign", "bob", "");
    let sent = command(&mut office, "chess", "queue", "alice", "e5 Nf3");
    assert!(
        sent[0].body.contains("board 101 is over"),
        "{}",
        sent[0].body
    );
}

#[test]
fn a_clear_removes_every_line() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    queue(&mut office, "chess", "alice", "e5 Nf3");
    queue(&mut office, "chess", "alice", "c5 Nf3");
    let answer = queue(&mut office, "chess", "alice", "clear");
    assert!(answer.contains("2 lines of conditional moves"), "{answer}");
    play(&mut office, "chess", 101, "bob", "e5");
    assert_eq!(office.move_count(101), 2);
}

#[test]
fn a_spherical_turn_of_two_actions_is_one_unit_of_a_line() {
    let mut office = table("spherical");
    // Black queues before White's single first action.
    let answer = queue(&mut office, "spherical", "bob", "h8-h2 q2-q8,r2-r8");
    assert!(answer.contains("[h8-h2] q2-q8,r2-r8"), "{answer}");
    let sent = play(&mut office, "spherical", 101, "alice", "h8-h2");
    assert_eq!(office.move_count(101), 3, "both of Black's actions");
    let alices = &mail_to(&sent, "alice").body;
    assert!(alices.contains("from bob's conditional moves"), "{alices}");
    // A line expects whole turns: half of one is refused.
    let sent = command(
        &mut office,
        "spherical",
        "queue",
        "bob",
        "h2-h3 q8-q9,r8-r9",
    );
    assert!(
        sent[0]
            .body
            .contains("turn 1 of the line (h2-h3) is not a whole turn"),
        "{}",
        sent[0].body
    );
    // White plays his turn in two mails; Black's line, queued after the
    // first, writes that turn whole and answers once it is complete.
    play(&mut office, "spherical", 101, "alice", "h2-h3");
    let answer = queue(&mut office, "spherical", "bob", "h2-h3,h3-h4 q8-q9,r8-r9");
    assert!(answer.contains("[h2-h3,h3-h4] q8-q9,r8"), "{answer}");
    assert_eq!(office.move_count(101), 4);
    play(&mut office, "spherical", 101, "alice", "h3-h4");
    assert_eq!(office.move_count(101), 7, "Black's turn followed");
}

#[test]
fn a_recursion_line_answers_the_round_with_the_next_rounds_sealed_move() {
    let mut office = table("recursion");
    // Before his move of the round a player cannot queue: his opponent's
    // move may be sealed already.
    let sent = command(&mut office, "recursion", "queue", "bob", "e4 d5");
    assert!(sent[0].body.contains("it is your move"), "{}", sent[0].body);
    play(&mut office, "recursion", 101, "alice", "e4");
    let answer = queue(&mut office, "recursion", "alice", "e5 Nf3");
    // Stored in the game's canonical notation: the board, then the move.
    assert!(answer.contains("[B:e5] B:Nf3"), "{answer}");
    let sent = play(&mut office, "recursion", 101, "bob", "e5");
    assert_eq!(office.move_count(101), 3, "alice's round-2 move, sealed");
    let bobs = &mail_to(&sent, "bob").body;
    assert!(bobs.contains("from alice's conditional moves"), "{bobs}");
    assert!(
        !bobs.contains("Nf3"),
        "sealed from bob until the round ends:\n{bobs}"
    );
    assert!(mail_to(&sent, "alice").body.contains("Nf3"));
}
