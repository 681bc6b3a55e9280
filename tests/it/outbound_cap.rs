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
