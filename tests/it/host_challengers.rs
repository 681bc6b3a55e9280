//! Who may challenge a player (issue: nobody can turn the host against
//! others): `set ... challenges anyone|played|nobody`. A challenge the
//! named player does not take is refused to its sender alone; his own
//! challenges, seeks either way, ladder challenges and robots are not
//! stopped by it.

use crate::util::host_harness::{address, mails_to, one, players, PostOffice, Sent};
use pbem::store;

fn boards(office: &PostOffice) -> i64 {
    let conn = office.runtime.host.store().connection();
    conn.query_row("SELECT count(*) FROM games", [], |row| row.get(0))
        .unwrap()
}

fn stored(office: &PostOffice, userid: &str) -> Option<String> {
    store::challengers(office.runtime.host.store().connection(), userid).unwrap()
}

/// `userid` sets who may challenge him; the one answer it brings.
fn choose(office: &mut PostOffice, userid: &str, value: &str) -> String {
    let subject = format!("set {userid} PW challenges {value}");
    one(&office.send_as(userid, &subject, "")).body.clone()
}

/// `white` challenges `black` from his own address.
fn challenge(office: &mut PostOffice, white: &str, black: &str) -> Vec<Sent> {
    let subject = format!("chess challenge {white} {black}");
    office.send(&address(white), &subject, "")
}

/// The challenge started a board: both players heard of it.
fn started(sent: &[Sent], white: &str, black: &str) -> bool {
    sent.len() == 2 && mails_to(sent, white).len() == 1 && mails_to(sent, black).len() == 1
}

#[test]
fn anyone_is_the_default_and_a_challenge_starts_a_board() {
    let mut office = players(&["alice", "bob"]);
    assert_eq!(stored(&office, "bob").as_deref(), Some("anyone"));
    assert!(started(
        &challenge(&mut office, "alice", "bob"),
        "alice",
        "bob"
    ));
    // Set back to anyone after nobody, challenges come again.
    choose(&mut office, "bob", "nobody");
    let body = choose(&mut office, "bob", "anyone");
    assert!(
        body.contains("bob now takes challenges from anyone"),
        "{body}"
    );
    assert_eq!(stored(&office, "bob").as_deref(), Some("anyone"));
    assert!(started(
        &challenge(&mut office, "alice", "bob"),
        "alice",
        "bob"
    ));
}

#[test]
fn nobody_refuses_every_challenge_to_its_sender_alone_but_not_his_own() {
    let mut office = players(&["alice", "bob", "carol"]);
    let body = choose(&mut office, "bob", "nobody");
    assert!(body.contains("bob now takes no challenges"), "{body}");
    assert!(
        body.contains("set bob PASSWORD challenges anyone"),
        "{body}"
    );
    assert_eq!(stored(&office, "bob").as_deref(), Some("nobody"));
    // Whichever colour he is named in.
    for (challenger, white, black) in [("alice", "alice", "bob"), ("carol", "bob", "carol")] {
        let subject = format!("chess challenge {white} {black}");
        let sent = office.send(&address(challenger), &subject, "");
        let refusal = one(&sent);
        assert_eq!(refusal.to, address(challenger));
        assert!(
            refusal.body.contains("bob takes no challenges"),
            "{}",
            refusal.body
        );
    }
    // With the password switch, from another address, just the same.
    let sent = office.send(
        "elsewhere@example.net",
        "chess challenge carol bob -password:pw-carol-quince",
        "",
    );
    assert!(
        one(&sent).body.contains("bob takes no challenges"),
        "{sent:#?}"
    );
    assert_eq!(boards(&office), 0);
    // His own choice never stops him challenging others.
    assert!(started(
        &challenge(&mut office, "bob", "alice"),
        "bob",
        "alice"
    ));
}

#[test]
fn played_admits_a_past_opponent_and_refuses_a_stranger_and_an_unanswered_challenger() {
    let mut office = players(&["alice", "bob", "carol"]);
    // alice and bob play a game to its end (board 101).
    assert!(started(
        &challenge(&mut office, "alice", "bob"),
        "alice",
        "bob"
    ));
    office.send_as("alice", "chess move 101 alice PW e4", "");
    office.send_as("bob", "chess move 101 bob PW e5", "");
    office.send_as("bob", "chess resign 101 bob PW", "");
    assert_eq!(office.game(101).status, store::GameStatus::Finished);
    // carol challenges bob (board 102) before he chooses: unanswered, it
    // does not make her someone he has played.
    assert!(started(
        &challenge(&mut office, "carol", "bob"),
        "carol",
        "bob"
    ));
    let body = choose(&mut office, "bob", "played");
    assert!(
        body.contains("bob now takes challenges only from players he has played"),
        "{body}"
    );
    assert_eq!(stored(&office, "bob").as_deref(), Some("played"));
    let sent = challenge(&mut office, "carol", "bob");
    let refusal = one(&sent);
    assert_eq!(refusal.to, address("carol"));
    assert!(
        refusal
            .body
            .contains("bob takes challenges only from players he has played"),
        "{}",
        refusal.body
    );
    // alice finished a game with him, in either colour.
    assert!(started(
        &challenge(&mut office, "alice", "bob"),
        "alice",
        "bob"
    ));
    assert!(started(
        &challenge(&mut office, "bob", "alice"),
        "bob",
        "alice"
    ));
    // Once bob answers carol's board, she has played him.
    office.send_as("carol", "chess move 102 carol PW d4", "");
    office.send_as("bob", "chess move 102 bob PW d5", "");
    assert!(started(
        &challenge(&mut office, "carol", "bob"),
        "carol",
        "bob"
    ));
    assert_eq!(boards(&office), 5);
}

#[test]
fn the_choice_is_kept_and_read_on_later_mail() {
    let mut office = players(&["alice", "bob"]);
    choose(&mut office, "bob", "players");
    assert_eq!(stored(&office, "bob").as_deref(), Some("played"));
    // Later mails, and a later day, find it still set.
    office.set_clock(3 * 86_400);
    let sent = challenge(&mut office, "alice", "bob");
    assert!(one(&sent).body.contains("only from players he has played"));
    choose(&mut office, "bob", "NOBODY");
    assert_eq!(stored(&office, "bob").as_deref(), Some("nobody"));
    let sent = challenge(&mut office, "alice", "bob");
    assert!(one(&sent).body.contains("bob takes no challenges"));
}

#[test]
fn a_wrong_choice_is_refused_with_the_forms_of_set() {
    let mut office = players(&["bob"]);
    let body = choose(&mut office, "bob", "friends");
    assert!(
        body.contains("set userid password challenges anyone|played|nobody"),
        "{body}"
    );
    assert_eq!(stored(&office, "bob").as_deref(), Some("anyone"));
}

#[test]
fn german_players_read_the_choice_and_the_refusal_in_german() {
    let mut office = players(&["alice", "bob"]);
    for userid in ["alice", "bob"] {
        let subject = format!("set {userid} PW language de");
        office.send_as(userid, &subject, "");
    }
    let body = choose(&mut office, "bob", "nobody");
    assert!(
        body.contains("bob nimmt jetzt keine Herausforderungen mehr an"),
        "{body}"
    );
    let sent = challenge(&mut office, "alice", "bob");
    let body = &one(&sent).body;
    assert!(
        body.contains("bob nimmt keine Herausforderungen an."),
        "{body}"
    );
    choose(&mut office, "bob", "played");
    let sent = challenge(&mut office, "alice", "bob");
    let body = &one(&sent).body;
    assert!(
        body.contains("nur von Spielern an, gegen die er gespielt hat"),
        "{body}"
    );
}

#[test]
fn seeks_are_no_challenges_either_way() {
    let mut office = players(&["alice", "bob"]);
    choose(&mut office, "alice", "nobody");
    choose(&mut office, "bob", "nobody");
    // alice asked for a game by her seek; bob asks by accepting it.
    office.send_as("alice", "chess seek alice PW", "");
    let sent = office.send_as("bob", "chess seek accept 1 bob PW", "");
    assert!(
        sent.iter()
            .any(|mail| mail.subject.starts_with("New Chess Board 101")),
        "{sent:#?}"
    );
    assert_eq!(boards(&office), 1);
}

#[test]
fn robots_are_challenged_as_before_and_ladder_challenges_come_from_within_reach() {
    let mut office = players(&["alice", "bob"]);
    choose(&mut office, "alice", "nobody");
    choose(&mut office, "bob", "nobody");
    // A player who takes no challenges plays a robot.
    let sent = challenge(&mut office, "alice", "robot2");
    assert!(sent
        .iter()
        .any(|mail| mail.subject.starts_with("New Chess Board 101")));
    // A robot has no choice: even one stored by hand is not read.
    let conn = office.runtime.host.store().connection();
    store::set_challengers(conn, "robot1", "nobody").unwrap();
    let sent = challenge(&mut office, "bob", "robot1");
    assert!(sent
        .iter()
        .any(|mail| mail.subject.starts_with("New Chess Board 102")));
    // On a ladder, bob takes its challenges from those within reach.
    for userid in ["bob", "alice"] {
        let subject = format!("chess ladder join {userid} PW");
        office.send_as(userid, &subject, "");
    }
    let sent = office.send_as(
        "alice",
        "chess challenge alice bob -ladder -password:PW",
        "",
    );
    assert!(started(&sent, "alice", "bob"), "{sent:#?}");
    // Not so without -ladder.
    let sent = challenge(&mut office, "alice", "bob");
    assert!(one(&sent).body.contains("bob takes no challenges"));
}
