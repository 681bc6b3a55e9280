//! A player who signed off takes no new games, whoever would give him
//! some: no event lets him join, nobody hands him another's boards or
//! invites him, and a league lets him go when its season ends instead of
//! drawing him into the next one. His games running go on.

use crate::util::club::Club;
use crate::util::host_harness::mails_to;

#[test]
fn a_signed_off_player_joins_no_event_and_is_given_no_boards() {
    let mut club = Club::new("", &["ann", "bob", "cleo", "hal"]);
    club.send("hal", "chess tournament create cup hal PW");
    club.send("hal", "chess ladder create club hal PW");
    club.send(
        "hal",
        "chess ladder create inner hal PW -admission:approval",
    );
    // She asked to join before she signed off.
    club.send("cleo", "chess ladder join inner cleo PW");
    club.send("hal", "chess league create div hal PW");
    for player in ["ann", "bob"] {
        club.send(player, &format!("chess tournament join cup {player} PW"));
    }
    club.send("hal", "chess tournament start cup hal PW");
    club.send("cleo", "signoff cleo PW");
    for (what, refused) in [
        (
            "league join",
            club.answer("cleo", "chess league join div cleo PW"),
        ),
        (
            "ladder join",
            club.answer("cleo", "chess ladder join club cleo PW"),
        ),
        (
            "replace",
            club.answer("hal", "chess tournament replace cup hal PW bob cleo"),
        ),
        (
            "invite",
            club.answer("hal", "chess ladder invite club hal PW cleo"),
        ),
        (
            "admit",
            club.answer("hal", "chess ladder admit inner hal PW cleo"),
        ),
    ] {
        assert!(
            refused.contains("cleo has signed off and takes no new games"),
            "{what}: {refused}"
        );
    }
    let bobs = club
        .running("cup")
        .into_iter()
        .filter(|board| board.white == "bob" || board.black == "bob")
        .count();
    assert_eq!(bobs, 1, "bob keeps his board");
}

#[test]
fn a_league_lets_a_player_who_signed_off_go_when_its_season_ends() {
    let mut club = Club::new("", &["ann", "bob", "cleo", "hal"]);
    club.send("hal", "chess league create div hal PW -size:3");
    for player in ["ann", "bob", "cleo"] {
        club.send(player, &format!("chess league join div {player} PW"));
    }
    club.send("hal", "chess league start div hal PW");
    club.send("cleo", "signoff cleo PW");
    // Her games of the season go on: she plays them to their end.
    let mut last = Vec::new();
    for board in club.running("div/1/1") {
        let loser = board.white.clone().max(board.black.clone());
        last = club.send(
            &loser,
            &format!("chess resign {} {loser} PW", board.game_id),
        );
    }
    let told: Vec<String> = mails_to(&last, "cleo")
        .iter()
        .map(|mail| mail.body.clone())
        .collect();
    assert!(
        told.iter().any(|body| body.contains("Season 1")),
        "{last:?}"
    );
    let next = club.running("div/2/1");
    assert!(!next.is_empty(), "the season goes on with ann and bob");
    assert!(
        next.iter()
            .all(|board| board.white != "cleo" && board.black != "cleo"),
        "{next:?}"
    );
}
