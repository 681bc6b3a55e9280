//! Whole games played by mail, from the challenge to the result. Each game
//! of the project gets one function here.

use crate::util::host_harness::{mail_to, play_whole_game, Via, WholeGame};

#[test]
fn fools_mate_by_subject_commands_and_replies() {
    let last = play_whole_game(&WholeGame {
        game: "chess",
        switches: "",
        white: "alice",
        black: "bob",
        moves: &[
            ("alice", "f3", Via::Subject),
            ("bob", "e5", Via::Reply),
            ("alice", "g2g4", Via::Reply),
            ("bob", "Qh4#", Via::Subject),
        ],
        result_contains: "Game over. bob wins by checkmate.",
    });
    // The final board, from White's seat (rank 8 on top), shows the mate.
    let alice = mail_to(&last, "alice");
    assert!(
        alice.body.contains("4 |   |   |   |   |   |   | P | q |"),
        "{}",
        alice.body
    );
    assert!(
        alice.body.contains("1. f3 e5\n2. g4 Qh4#"),
        "{}",
        alice.body
    );
    let bob = mail_to(&last, "bob");
    // Black's copy is drawn from Black's seat: rank 1 on top.
    assert!(
        bob.body
            .lines()
            .any(|line| line.starts_with("1 | R | N | B | K | Q |")),
        "{}",
        bob.body
    );
}

#[test]
fn infinite_recursion_match_won_on_both_boards() {
    // Odd rounds: alice moves on White's board, bob on Black's; even
    // rounds the other way round. Sealed moves, replies and subjects mixed.
    let last = play_whole_game(&WholeGame {
        game: "recursion",
        switches: "",
        white: "alice",
        black: "bob",
        moves: &[
            ("alice", "W:d4", Via::Subject),
            ("bob", "B:c6", Via::Reply),
            ("bob", "W:b5", Via::Subject),
            ("alice", "B:d4", Via::Reply),
            ("alice", "W:e4", Via::Reply),
            ("bob", "B:b5", Via::Subject),
            ("bob", "W:c6", Via::Reply),
            ("alice", "B:a3", Via::Subject),
            ("alice", "W:Qa5#", Via::Reply),
            ("bob", "B:h6", Via::Reply),
            ("alice", "B:Qa5#", Via::Subject),
        ],
        result_contains: "alice wins",
    });
    assert!(mail_to(&last, "bob").body.contains("winning both boards"));
}

#[test]
fn a_sealed_move_is_not_shown_to_the_other_player() {
    use crate::util::host_harness::{address, password, PostOffice};
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    office.send(&address("alice"), "recursion challenge alice bob", "");
    let sent = office.send(
        &address("alice"),
        &format!("recursion move 101 alice {} W:d4", password("alice")),
        "",
    );
    let bob = mail_to(&sent, "bob");
    assert!(
        !bob.body.contains("d4"),
        "sealed move leaked:\n{}",
        bob.body
    );
    assert!(mail_to(&sent, "alice").body.contains("d4"));
    assert!(bob.body.contains("Round 1: W:(sealed)"), "{}", bob.body);
    // Bob answers from the board mail he had before alice moved: his #1
    // still holds, because he has not moved since.
    let sent = office.send(
        &address("bob"),
        &format!("recursion move 101 bob {} B:c6#1", password("bob")),
        "",
    );
    assert_eq!(office.move_count(101), 2, "{sent:#?}");
    // Once the round is complete, both moves are told to both, in the
    // move list too.
    let bob = mail_to(&sent, "bob");
    assert!(bob.body.contains("Round 1: W:d4"), "{}", bob.body);
    assert!(!bob.body.contains("(sealed)"), "{}", bob.body);
}

#[test]
fn spherical_rook_takes_every_black_queen() {
    // White's first turn is one move, then each turn is two (the pendulum);
    // a turn comes in two mails here, one per move. Bob only pays
    // promotion steps, alice's rook runs round the torus eating queens.
    let last = play_whole_game(&WholeGame {
        game: "spherical",
        switches: "-setup:1",
        white: "alice",
        black: "bob",
        moves: &[
            ("alice", "h8-h7", Via::Subject),
            ("bob", "a2+ne", Via::Reply),
            ("bob", "a2+ne", Via::Subject),
            ("alice", "h7-h1", Via::Reply),
            ("alice", "h1xb1", Via::Subject),
            ("bob", "a2+ne", Via::Reply),
            ("bob", "a2+nw", Via::Reply),
            ("alice", "b1xb18", Via::Reply),
            ("alice", "b18xa18", Via::Reply),
            ("bob", "a2+nw", Via::Subject),
            ("bob", "a2+nw", Via::Reply),
            ("alice", "a18xa1", Via::Subject),
            ("alice", "a1xr1", Via::Reply),
            ("bob", "a2+se", Via::Subject),
            ("bob", "a2+se", Via::Subject),
            ("alice", "r1xr18", Via::Reply),
            ("alice", "r18xq18", Via::Subject),
            ("bob", "a2+se", Via::Reply),
            ("bob", "a2+sw", Via::Subject),
            ("alice", "q18xq1", Via::Reply),
        ],
        result_contains: "Game over. alice wins by capturing the last queen.",
    });
    assert!(mail_to(&last, "bob").body.contains("q18xq1"));
}

#[test]
fn progression_lists_by_mail_then_a_king_that_walks_away_loses() {
    // Both lists are sent as the first moves (White's first, then Black's).
    // With alice's list nbNBrRQK a King that moves becomes a little knight,
    // so her king step leaves her without a King: Black wins at once.
    let last = play_whole_game(&WholeGame {
        game: "progression",
        switches: "-promote:15",
        white: "alice",
        black: "bob",
        moves: &[
            ("alice", "nbNBrRQK", Via::Subject),
            ("bob", "list:KQRrNnBb", Via::Reply),
            ("alice", "e2e4", Via::Reply),
            ("bob", "e7e5", Via::Subject),
            ("alice", "e1e2", Via::Reply),
        ],
        result_contains: "Game over. bob wins, as White has no King left.",
    });
    let alice = mail_to(&last, "alice");
    assert!(alice.body.contains("e1e2"), "{}", alice.body);
}

#[test]
fn a_recursion_board_ended_mid_round_shows_the_sealed_move_to_everyone() {
    let mut office = crate::util::host_harness::players(&["alice", "bob"]);
    office.send_as("alice", "recursion challenge alice bob", "");
    office.send_as("alice", "recursion move 101 alice PW W:d4", "");
    office.send_as("bob", "recursion move 101 bob PW B:c6", "");
    // Bob seals his move of round 2; alice resigns before answering it.
    office.send_as("bob", "recursion move 101 bob PW W:b5", "");
    let sent = office.send_as("alice", "recursion resign 101 alice PW", "");
    let alice = mail_to(&sent, "alice");
    assert!(alice.body.contains("Game over. bob wins"), "{}", alice.body);
    assert!(!alice.body.contains("has moved (sealed)"), "{}", alice.body);
    assert!(
        alice.body.contains("Sealed move b5 shown"),
        "{}",
        alice.body
    );
}
