//! Preview, take-backs by agreement and private notes by mail.

use crate::util::host_harness::{address, command, mail_to, password, play, table, PostOffice};

/// Every row of the tables a board lives in, as text.
fn board_rows(office: &PostOffice) -> String {
    let conn = office.runtime.host.store().connection();
    let mut text = String::new();
    for table in [
        "games",
        "moves",
        "clocks",
        "comments",
        "queued_lines",
        "undo_proposals",
    ] {
        let mut statement = conn.prepare(&format!("SELECT * FROM {table}")).unwrap();
        let columns = statement.column_count();
        let rows = statement
            .query_map([], |row| {
                Ok((0..columns)
                    .map(|i| format!("{:?}", row.get_ref(i).unwrap()))
                    .collect::<Vec<_>>()
                    .join("|"))
            })
            .unwrap();
        for row in rows {
            text.push_str(&format!("{table}: {}\n", row.unwrap()));
        }
    }
    text
}

#[test]
fn a_preview_explains_each_move_and_never_changes_the_board() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    let before = board_rows(&office);
    let sent = office.send(&address("bob"), "chess preview 101 e5 Nf3 Ke7 Nc6", "");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    let body = &sent[0].body;
    assert!(body.contains("Nothing was stored"), "{body}");
    assert!(body.contains("e5: played by Black as e5."), "{body}");
    assert!(body.contains("Nf3: played by White as Nf3."), "{body}");
    assert!(body.contains("Ke7: played by Black as Ke7."), "{body}");
    assert!(
        body.contains("Nc6: not played, it is not legal for White here"),
        "{body}"
    );
    assert!(
        sent[0].subject.contains("Preview Chess Board 101"),
        "{}",
        sent[0].subject
    );
    assert_eq!(board_rows(&office), before, "the board is as it was");
    assert_eq!(office.move_count(101), 1);
    // From an earlier move, and anyone may ask.
    let sent = office.send("stranger@example.net", "chess preview 101#0 d4", "");
    assert!(
        sent[0].body.contains("after 0 of its moves"),
        "{}",
        sent[0].body
    );
    assert!(
        sent[0].body.contains("d4: played by White as d4."),
        "{}",
        sent[0].body
    );
    let sent = office.send("stranger@example.net", "chess preview 101#9 d4", "");
    assert!(
        sent[0].body.contains("could not be carried out"),
        "{}",
        sent[0].body
    );
    assert_eq!(board_rows(&office), before);
}

#[test]
fn a_recursion_preview_starts_before_a_sealed_move() {
    let mut office = table("recursion");
    play(&mut office, "recursion", 101, "alice", "e4");
    let sent = office.send("stranger@example.net", "recursion preview 101 d4", "");
    let body = &sent[0].body;
    assert!(body.contains("before the 1 sealed move"), "{body}");
    assert!(
        !body.contains("e4"),
        "alice's sealed move stays hidden:\n{body}"
    );
}

#[test]
fn an_undo_accepted_takes_the_move_out_of_the_list_and_keeps_it_in_the_record() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    play(&mut office, "chess", 101, "bob", "e5");
    play(&mut office, "chess", 101, "alice", "Qh5");
    let sent = play(&mut office, "chess", 101, "alice", "undo");
    assert_eq!(office.move_count(101), 3, "only proposed");
    let bobs = &mail_to(&sent, "bob").body;
    assert!(bobs.contains("alice proposes to take back Qh5"), "{bobs}");
    // Bob agrees with a plain reply.
    let sent = office.reply(&address("bob"), mail_to(&sent, "bob"), "undo");
    assert_eq!(office.move_count(101), 2, "Qh5 is gone");
    for player in ["alice", "bob"] {
        let mail = mail_to(&sent, player);
        assert!(
            mail.body
                .contains("bob agrees to alice's proposal: Qh5 is taken back."),
            "{}",
            mail.body
        );
    }
    assert!(mail_to(&sent, "alice").body.contains("It is your move."));
    play(&mut office, "chess", 101, "alice", "Nf3#3");
    assert_eq!(office.move_count(101), 3);
    let record = office.send(&address("bob"), "chess record 101", "");
    let body = &record[0].body;
    assert!(body.contains("Taken back"), "{body}");
    assert!(body.contains("Qh5"), "{body}");
    assert!(body.contains("#3"), "{body}");
}

#[test]
fn an_undo_rejected_leaves_the_board_and_a_move_makes_a_proposal_lapse() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    play(&mut office, "chess", 101, "alice", "undo");
    let sent = play(&mut office, "chess", 101, "bob", "reject");
    assert_eq!(office.move_count(101), 1);
    assert!(
        mail_to(&sent, "alice")
            .body
            .contains("bob refuses to take back the last move."),
        "{}",
        mail_to(&sent, "alice").body
    );
    let sent = play(&mut office, "chess", 101, "bob", "accept");
    assert!(
        sent[0]
            .body
            .contains("there is no draw offer from your opponent to accept"),
        "{}",
        sent[0].body
    );
    // A new proposal, then a move instead of an answer: it lapses.
    play(&mut office, "chess", 101, "alice", "undo");
    play(&mut office, "chess", 101, "bob", "e5");
    let sent = play(&mut office, "chess", 101, "alice", "Nf3");
    assert_eq!(office.move_count(101), 3, "alice moved on");
    assert_eq!(sent.len(), 2);
    let sent = play(&mut office, "chess", 101, "alice", "undo e4");
    assert!(sent[0].body.contains("undo goes alone"), "{}", sent[0].body);
    let sent = play(&mut office, "chess", 101, "alice", "undo");
    assert_eq!(sent.len(), 2, "a fresh proposal");
    let sent = play(&mut office, "chess", 101, "alice", "undo");
    assert!(
        sent[0]
            .body
            .contains("your proposal to take back stands already"),
        "{}",
        sent[0].body
    );
}

#[test]
fn undo_takes_back_a_spherical_turn_and_a_recursion_round_whole() {
    let mut office = table("spherical");
    play(&mut office, "spherical", 101, "alice", "h8-h2");
    play(&mut office, "spherical", 101, "bob", "q2-q8 r2-r8");
    play(&mut office, "spherical", 101, "bob", "undo");
    play(&mut office, "spherical", 101, "alice", "undo");
    assert_eq!(office.move_count(101), 1, "both actions of Black's turn");

    let mut office = table("recursion");
    play(&mut office, "recursion", 101, "alice", "e4");
    let sent = play(&mut office, "recursion", 101, "alice", "undo");
    assert!(
        sent[0].body.contains("a round is under way"),
        "{}",
        sent[0].body
    );
    play(&mut office, "recursion", 101, "bob", "e5");
    play(&mut office, "recursion", 101, "alice", "undo");
    play(&mut office, "recursion", 101, "bob", "undo");
    assert_eq!(office.move_count(101), 0, "the whole round");
}

#[test]
fn an_undo_drops_conditional_moves_made_for_the_board_that_is_gone() {
    let mut office = table("chess");
    play(&mut office, "chess", 101, "alice", "e4");
    play(&mut office, "chess", 101, "bob", "e5");
    play(&mut office, "chess", 101, "alice", "Nf3");
    command(&mut office, "chess", "queue", "alice", "Nc6 Bb5");
    play(&mut office, "chess", 101, "bob", "undo");
    let sent = play(&mut office, "chess", 101, "alice", "undo");
    assert_eq!(office.move_count(101), 2);
    let alices = &mail_to(&sent, "alice").body;
    assert!(
        alices.contains("Moves were taken back, so this line"),
        "{alices}"
    );
    assert!(!mail_to(&sent, "bob").body.contains("Bb5"));
}

#[test]
fn a_note_is_shown_to_its_owner_alone_at_the_bottom_of_his_board_mails() {
    let mut office = table("chess");
    let subject = format!("chess note 101 alice {}", password("alice"));
    let sent = office.send(
        &address("alice"),
        &subject,
        "Play the Italian.\nCastle early.",
    );
    assert!(
        sent[0]
            .body
            .contains("Your note on Chess board 101 is stored"),
        "{}",
        sent[0].body
    );
    assert!(!sent[0].body.contains(&password("alice")));
    let sent = play(&mut office, "chess", 101, "alice", "e4");
    let alices = &mail_to(&sent, "alice").body;
    assert!(
        alices.ends_with("Your private note on this board (only you see it):\nPlay the Italian.\nCastle early.\n"),
        "{alices}"
    );
    assert!(
        !mail_to(&sent, "bob").body.contains("Italian"),
        "bob never sees it"
    );
    // Bob cannot read or write it, nor can a stranger.
    office.signup("carol");
    let sent = office.send(
        &address("carol"),
        &format!("chess note 101 carol {}", password("carol")),
        "mine now",
    );
    assert!(
        sent[0].body.contains("carol does not play on board 101"),
        "{}",
        sent[0].body
    );
    assert!(!sent[0].body.contains("Italian"));
    let sent = office.send(&address("bob"), "chess note 101 alice wrong", "x");
    assert!(sent[0]
        .body
        .contains("the userid alice or its password is not right"));
    let sent = play(&mut office, "chess", 101, "bob", "e5");
    assert!(mail_to(&sent, "alice").body.contains("Castle early."));
    assert!(!mail_to(&sent, "bob").body.contains("Castle early."));
    // Cleared: gone from the mails.
    let sent = command(&mut office, "chess", "note", "alice", "clear");
    assert!(sent[0].body.contains("is removed"), "{}", sent[0].body);
    let sent = play(&mut office, "chess", 101, "alice", "Nf3");
    assert!(!mail_to(&sent, "alice").body.contains("private note"));
    let sent = command(&mut office, "chess", "note", "alice", "");
    assert!(
        sent[0].body.contains("the note is empty"),
        "{}",
        sent[0].body
    );
}
