//! What was played and where a player stands, by mail: `show` with the
//! whole move list, `status` across the games, `GAME history` paged.

use crate::util::host_harness::{
    address, mails_to, one, password, play, two_players, PostOffice, Sent,
};

#[test]
fn show_lists_the_whole_move_list_of_a_running_board() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
    ];
    for (n, text) in moves.iter().enumerate() {
        let userid = if n % 2 == 0 { "alice" } else { "bob" };
        play(&mut office, "chess", 101, userid, text);
    }
    let sent = office.send("carol@example.org", "chess show 101", "");
    let body = &one(&sent).body;
    assert!(body.contains("1. e4 e5"), "{body}");
    assert!(body.contains("6. Re1 b5"), "{body}");
    // A stranger sees the board from White's side whoever is to move:
    // rank 8 on top, the a-file on the left.
    let white_side = |body: &str| {
        body.find("\n8 |").unwrap() < body.find("\n1 |").unwrap()
            && body.contains("    a   b   c   d   e   f   g   h")
    };
    assert!(white_side(body), "{body}");
    play(&mut office, "chess", 101, "alice", "Bb3");
    let sent = office.send("carol@example.org", "chess show 101", "");
    assert!(white_side(&one(&sent).body), "{}", one(&sent).body);
}

#[test]
fn status_lists_every_running_board_of_a_player_with_his_clock() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    office.send(&address("bob"), "spherical challenge bob alice", "");
    office.send(&address("alice"), "progression challenge alice bob", "");
    play(&mut office, "chess", 101, "alice", "e4");
    office.send(
        &address("bob"),
        &format!("progression decline 103 bob {}", password("bob")),
        "",
    );
    let sent = office.send("carol@example.org", "status alice", "");
    let mail = one(&sent);
    assert_eq!(mail.subject, "PBeM Status alice");
    let body = &mail.body;
    assert!(
        body.contains("board 101 (Chess): White against bob; bob to move"),
        "{body}"
    );
    assert!(
        body.contains("board 102 (Spherical Chess 324): Black against bob; bob to move"),
        "{body}"
    );
    assert!(
        !body.contains("board 103"),
        "a declined board is not running: {body}"
    );
    let sent = office.send("carol@example.org", "status bob", "");
    assert!(
        one(&sent).body.contains("left, forfeit at"),
        "{}",
        one(&sent).body
    );
}

#[test]
fn history_lists_finished_boards_newest_first_a_page_at_a_time() {
    let mut office = two_players();
    for n in 0..21 {
        let board = 101 + n;
        office.send(&address("alice"), "chess challenge alice bob", "");
        play(&mut office, "chess", board, "alice", "e4");
        play(&mut office, "chess", board, "bob", "e5");
        office.send(
            &address("alice"),
            &format!("chess resign {board} alice {}", password("alice")),
            "",
        );
    }
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send("carol@example.org", "chess history alice", "");
    let body = &one(&sent).body;
    assert!(body.contains("21 in all, page 1 of 2"), "{body}");
    let newest = body.find("board 121:").expect("the newest board listed");
    let older = body.find("board 120:").expect("the next one");
    assert!(newest < older, "{body}");
    assert!(body.contains("bob wins: alice resigned."), "{body}");
    assert!(body.contains("2 moves,"), "{body}");
    assert!(
        !body.contains("board 122"),
        "a running board is not history: {body}"
    );
    assert!(body.contains("chess history alice 2"), "{body}");
    let sent = office.send("carol@example.org", "chess history alice 2", "");
    let body = &one(&sent).body;
    assert!(body.contains("board 101:"), "{body}");
    assert!(!body.contains("board 102:"), "{body}");
    let sent = office.send("carol@example.org", "spherical history", "");
    assert!(one(&sent)
        .body
        .contains("No finished Spherical Chess 324 boards"));
    // A player's list of games is paged the same way, running boards too.
    let sent = office.send("carol@example.org", "chess games alice", "");
    let body = &one(&sent).body;
    assert!(body.contains("22 in all, page 1 of 2"), "{body}");
    assert!(
        body.contains("board 122:") && !body.contains("board 102:"),
        "{body}"
    );
    assert!(body.contains("More with: chess games alice 2"), "{body}");
    let sent = office.send("carol@example.org", "chess games alice 2", "");
    let body = &one(&sent).body;
    assert!(
        body.contains("board 101:") && body.contains("board 102:"),
        "{body}"
    );
    assert!(!body.contains("board 103:"), "{body}");
    let sent = office.send("carol@example.org", "chess games alice 9", "");
    assert!(
        one(&sent).body.contains("There is no page 9"),
        "{}",
        one(&sent).body
    );
}

fn three_players() -> PostOffice {
    let mut office = two_players();
    office.signup("carol");
    office
}

#[test]
fn an_observer_gets_every_move_from_whites_side_until_he_unsubscribes() {
    let mut office = three_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    let sent = office.send(
        &address("carol"),
        &format!("chess subscribe 101 carol {}", password("carol")),
        "",
    );
    assert!(one(&sent).body.contains("carol follows Chess board 101"));
    let sent = play(&mut office, "chess", 101, "alice", "e4");
    let watched = mails_to(&sent, "carol");
    assert_eq!(watched.len(), 1, "{sent:#?}");
    assert!(
        watched[0].body.contains("alice (White) played e4"),
        "{}",
        watched[0].body
    );
    assert!(
        watched[0].body.contains("You follow this board"),
        "{}",
        watched[0].body
    );
    assert!(
        watched[0].body.contains("    a   b   c"),
        "White's side: {}",
        watched[0].body
    );
    office.send(
        &address("carol"),
        &format!("chess unsubscribe 101 carol {}", password("carol")),
        "",
    );
    let sent = play(&mut office, "chess", 101, "bob", "e5");
    assert!(mails_to(&sent, "carol").is_empty(), "{sent:#?}");
}

#[test]
fn an_observer_never_sees_a_sealed_move_before_its_round_is_complete() {
    let mut office = three_players();
    office.send(&address("alice"), "recursion challenge alice bob", "");
    office.send(
        &address("carol"),
        &format!("recursion subscribe 101 carol {}", password("carol")),
        "",
    );
    let sent = play(&mut office, "recursion", 101, "alice", "e4");
    let watched = mails_to(&sent, "carol");
    assert_eq!(watched.len(), 1, "{sent:#?}");
    assert!(
        !watched[0].body.contains("e4"),
        "sealed: {}",
        watched[0].body
    );
    // From White's side as every observer sees every board, though it is
    // White's move that is sealed (it was drawn from Black's side then).
    let body = &watched[0].body;
    assert!(
        body.find("\n8 |").unwrap() < body.find("\n1 |").unwrap(),
        "White's side: {body}"
    );
    let sent = play(&mut office, "recursion", 101, "bob", "e5");
    let watched = mails_to(&sent, "carol");
    assert!(
        watched[0].body.contains("e4"),
        "revealed: {}",
        watched[0].body
    );
}

/// A comment sent with a move, as its author, his opponent and an
/// observer each receive it: private comments stay between the two
/// players, public ones (`set ... comments public`) reach observers too.
#[test]
fn a_private_comment_reaches_the_opponent_and_no_observer() {
    let mut office = three_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    office.send(
        &address("carol"),
        &format!("chess subscribe 101 carol {}", password("carol")),
        "",
    );
    let secret = "Secret plan: the king's side attack.";
    let sent = office.send(
        &address("alice"),
        &format!("chess move 101 alice {} e4", password("alice")),
        secret,
    );
    let to_bob = mails_to(&sent, "bob");
    assert!(
        to_bob.iter().any(|mail| mail.body.contains(secret)),
        "{sent:#?}"
    );
    let to_carol = mails_to(&sent, "carol");
    assert_eq!(to_carol.len(), 1, "{sent:#?}");
    assert!(to_carol[0].body.contains("alice (White) played e4"));
    assert!(
        !to_carol[0].body.contains("Secret plan"),
        "{}",
        to_carol[0].body
    );
    let record = office.send(&address("carol"), "chess record 101", "");
    assert!(
        !one(&record).body.contains("Secret plan"),
        "{}",
        one(&record).body
    );

    office.send(
        &address("bob"),
        &format!("set bob {} comments public", password("bob")),
        "",
    );
    let open = "An open word for everyone.";
    let sent = office.send(
        &address("bob"),
        &format!("chess move 101 bob {} e5", password("bob")),
        open,
    );
    assert!(mails_to(&sent, "alice")
        .iter()
        .any(|mail| mail.body.contains(open)));
    assert!(mails_to(&sent, "carol")
        .iter()
        .any(|mail| mail.body.contains(open)));
}

#[test]
fn notify_sends_only_results_and_subscribe_all_follows_new_boards() {
    let mut office = three_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    office.send(
        &address("carol"),
        &format!("chess notify carol {}", password("carol")),
        "",
    );
    let sent = play(&mut office, "chess", 101, "alice", "e4");
    assert!(
        mails_to(&sent, "carol").is_empty(),
        "no moves, only results"
    );
    play(&mut office, "chess", 101, "bob", "e5");
    let sent = office.send(
        &address("alice"),
        &format!("chess resign 101 alice {}", password("alice")),
        "",
    );
    let watched = mails_to(&sent, "carol");
    assert_eq!(watched.len(), 1, "{sent:#?}");
    assert!(
        watched[0].body.contains("bob wins: alice resigned"),
        "{}",
        watched[0].body
    );
    office.send(
        &address("carol"),
        &format!("chess subscribe all carol {}", password("carol")),
        "",
    );
    let sent = office.send(&address("bob"), "chess challenge bob alice", "");
    assert_eq!(
        mails_to(&sent, "carol").len(),
        1,
        "the new board: {sent:#?}"
    );
}

/// The file attached to a mail the host sent: its name and text.
fn attachment(mail: &Sent) -> Option<(String, String)> {
    use mail_parser::MimeHeaders;
    let message = mail_parser::MessageParser::default().parse(&mail.raw)?;
    let file = message.attachment(0)?;
    Some((
        file.attachment_name()?.to_string(),
        String::from_utf8_lossy(file.contents()).to_string(),
    ))
}

#[test]
fn record_mails_every_move_with_its_day_and_the_pgn_attached() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    for (userid, text) in [("alice", "f3"), ("bob", "e5"), ("alice", "g4")] {
        play(&mut office, "chess", 101, userid, text);
    }
    let sent = office.send("carol@example.org", "chess record 101", "");
    let mail = one(&sent);
    assert_eq!(mail.subject, "PBeM Record Chess Board 101");
    assert!(mail.body.contains("alice (White)  f3"), "{}", mail.body);
    assert!(mail.body.contains("#2  "), "{}", mail.body);
    let (name, pgn) = attachment(mail).expect("the PGN attached");
    assert_eq!(name, "chess-101.pgn");
    assert!(pgn.contains("[White \"alice\"]"), "{pgn}");
    assert!(pgn.contains("1. f3 e5 2. g4 *"), "{pgn}");
}

#[test]
fn the_game_over_mail_carries_the_pgn_to_both_players() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    for (userid, text) in [("alice", "f3"), ("bob", "e5"), ("alice", "g4")] {
        let sent = play(&mut office, "chess", 101, userid, text);
        assert!(
            sent.iter().all(|mail| attachment(mail).is_none()),
            "only at the end"
        );
    }
    let sent = play(&mut office, "chess", 101, "bob", "Qh4#");
    assert_eq!(sent.len(), 2);
    for mail in &sent {
        let (name, pgn) = attachment(mail).expect("the PGN attached");
        assert_eq!(name, "chess-101.pgn");
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.contains("2. g4 Qh4# 0-1"), "{pgn}");
    }
}

#[test]
fn a_record_shows_the_comments_of_players_who_allow_it() {
    let mut office = two_players();
    office.send(&address("alice"), "chess challenge alice bob", "");
    office.send(
        &address("alice"),
        &format!("set alice {} comments public", password("alice")),
        "",
    );
    let subject =
        |userid: &str, text: &str| format!("chess move 101 {userid} {} {text}", password(userid));
    office.send(
        &address("alice"),
        &subject("alice", "e4"),
        "The king's pawn.",
    );
    office.send(&address("bob"), &subject("bob", "e5"), "A secret plan.");
    let sent = office.send("carol@example.org", "chess record 101", "");
    let body = &one(&sent).body;
    assert!(body.contains("alice: The king's pawn."), "{body}");
    assert!(
        !body.contains("secret plan"),
        "bob did not allow it: {body}"
    );
}
