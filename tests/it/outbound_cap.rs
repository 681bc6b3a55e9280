//! The hourly cap never loses a player's mail about his own game: past
//! the cap it waits, `pbem outbox` lists it as held and until when, and
//! it goes out when the hour allows. Other answers past the cap are
//! dropped, and counted.

use crate::util::host_harness::{address, password, PostOffice};
use crate::util::pbem;
use pbem::store::{self, OutboxState};
use std::time::{Duration, SystemTime};

fn outbox_listing(office: &PostOffice) -> String {
    let out = pbem()
        .args(["outbox", "--data"])
        .arg(office.dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_players_board_held_by_the_cap_is_listed_and_goes_out_when_the_hour_allows() {
    let mut office = PostOffice::with_config("[host]\nmax_mails_per_hour = 4\n");
    // Each player's request to confirm, welcome, new board and board
    // after e4: four mails.
    office.signup("alice");
    office.signup("bob");
    assert_eq!(
        office
            .send(&address("alice"), "chess challenge alice bob", "")
            .len(),
        2
    );
    let e4 = format!("chess move 101 alice {} e4", password("alice"));
    assert_eq!(office.send(&address("alice"), &e4, "").len(), 2);
    // Bob's reply makes a fourth board for each: both wait.
    let e5 = format!("chess move 101 bob {} e5", password("bob"));
    assert!(office.send(&address("bob"), &e5, "").is_empty());
    assert_eq!(office.move_count(101), 2, "the move itself stands");
    // A help page past the cap is an answer, not a game mail: dropped.
    assert!(office.send(&address("alice"), "help", "").is_empty());

    let conn = office.runtime.host.store().connection();
    let held: Vec<_> = store::outbox_entries(conn).unwrap();
    assert_eq!(held.len(), 2, "{held:#?}");
    assert!(held
        .iter()
        .all(|entry| matches!(entry.state, OutboxState::Held { .. })));
    let listing = outbox_listing(&office);
    let lines: Vec<&str> = listing.lines().collect();
    assert!(
        lines[0].contains("held to alice@example.org \"Chess Board 101 alice\""),
        "{listing}"
    );
    assert!(
        lines[1].starts_with("    held back by the hourly cap until 20"),
        "{listing}"
    );
    assert!(
        listing.contains("1 answer(s) to addresses past the hourly cap dropped"),
        "{listing}"
    );
    assert!(
        listing.ends_with("0 waiting, 2 held, 0 retrying, 0 given up\n"),
        "{listing}"
    );

    // Still within the hour: nothing goes.
    let sender = &mut office.runtime.sender;
    let later = SystemTime::now() + Duration::from_secs(30 * 60);
    assert_eq!(sender.drain(conn, later).unwrap().sent, 0);
    // Once the first mails of the hour are an hour old, the boards go.
    let hour_later = SystemTime::now() + Duration::from_secs(3601);
    assert_eq!(sender.drain(conn, hour_later).unwrap().sent, 2);
    assert!(store::outbox_entries(conn).unwrap().is_empty());
    let boards: Vec<String> = std::fs::read_dir(office.outbox())
        .unwrap()
        .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
        .filter(|text| text.contains("Subject: Chess Board 101 alice"))
        .collect();
    // The board after e5 (alice to move) reached both players.
    assert_eq!(boards.len(), 2);
    assert!(boards.iter().all(|text| text.contains("e5")));
}

#[test]
fn a_players_own_game_goes_out_before_a_flood_of_boards_he_never_took_up() {
    let mut office = PostOffice::with_config(
        "[host]\nmax_mails_per_hour = 8\n[limits]\nopen_challenges_per_opponent = 10\n",
    );
    for userid in ["bob", "carol", "eve"] {
        office.signup(userid); // two mails each: confirm, confirmed
    }
    // Bob plays carol on board 101: her new board and e4, his own e5.
    office.send_as("carol", "chess challenge carol bob", "");
    office.send_as("carol", "chess move 101 carol PW e4", "");
    office.send_as("bob", "chess move 101 bob PW e5", "");
    // Eve's six boards and her first move on each: bob's hour is full
    // after three, so nine of them wait.
    for board in 102..=107 {
        office.send_as("eve", "chess challenge eve bob", "");
        office.send_as("eve", &format!("chess move {board} eve PW e4"), "");
    }
    // Carol's move on the board bob plays comes last of all.
    office.send_as("carol", "chess move 101 carol PW Nf3", "");
    let conn = office.runtime.host.store().connection();
    let held_for_bob = |conn| -> Vec<store::OutboxEntry> {
        store::outbox_entries(conn)
            .unwrap()
            .into_iter()
            .filter(|entry| entry.recipient == address("bob"))
            .collect()
    };
    let held = held_for_bob(conn);
    assert_eq!(held.len(), 10, "{held:#?}");
    let invitations = held
        .iter()
        .filter(|entry| entry.purpose == store::MailPurpose::Invitation)
        .count();
    assert_eq!(invitations, 9, "eve's boards bob never played on");

    // An hour on, bob's hour has room for eight: carol's board is among
    // them, though queued after all of eve's.
    let hour_later = SystemTime::now() + Duration::from_secs(3601);
    office.runtime.sender.drain(conn, hour_later).unwrap();
    let still_held = held_for_bob(conn);
    assert_eq!(still_held.len(), 2, "{still_held:#?}");
    assert!(
        still_held
            .iter()
            .all(|entry| entry.purpose == store::MailPurpose::Invitation
                && !entry.subject.contains("101")),
        "{still_held:#?}"
    );
}
