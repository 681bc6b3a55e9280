//! Whole games played by mail, from the challenge to the result. Each game
//! of the project gets one function here.

mod host_harness;

use host_harness::{mail_to, play_whole_game, Via, WholeGame};

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
        result_contains: "bob wins: Black wins by checkmate",
    });
    // The final board, from White's seat (rank 8 on top), shows the mate.
    let alice = mail_to(&last, "alice");
    assert!(
        alice.body.contains("4 |   |   |   |   |   |   | P | q |"),
        "{}",
        alice.body
    );
    assert!(alice.body.contains("1. f3"));
    assert!(alice.body.contains("4. Qh4#"));
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
