//! A player who deletes his account while a tournament of his runs, on
//! no running board of it (the host refuses to delete an account that
//! has one): he is withdrawn as one taken out is, no format pairs him
//! again, a match of his is decided by his going, and the tournament's
//! log says why. An account that directs an event not over is not
//! deleted at all, by mail or by the operator: whoever signed up under
//! its userid next would direct the event.

use crate::util::club::Club;
use crate::util::host_harness::{address, Sent};
use crate::util::{pbem, t0};
use pbem::store::{self, TournamentBoard, TournamentStatus};

fn players_of(board: &TournamentBoard) -> [&str; 2] {
    [board.white.as_str(), board.black.as_str()]
}

/// `userid`'s running board of `name`.
fn running_of(club: &Club, name: &str, userid: &str) -> TournamentBoard {
    club.running(name)
        .into_iter()
        .find(|board| players_of(board).contains(&userid))
        .unwrap_or_else(|| panic!("{userid} has no running board of {name}"))
}

/// A tournament `name` of ann, bob, cleo and dan by `rules`, started.
fn started(rules: &str) -> Club {
    let mut club = Club::new("", &["ann", "bob", "cleo", "dan", "hal"]);
    club.send(
        "hal",
        &format!("chess tournament create cup hal PW {rules}"),
    );
    for player in ["ann", "bob", "cleo", "dan"] {
        club.send(player, &format!("chess tournament join cup {player} PW"));
    }
    club.send("hal", "chess tournament start cup hal PW");
    club
}

fn resign(club: &mut Club, userid: &str, board: &TournamentBoard) -> Vec<Sent> {
    club.send(
        userid,
        &format!("chess resign {} {userid} PW", board.game_id),
    )
}

#[test]
fn a_swiss_player_who_deletes_his_account_between_rounds_is_paired_no_more() {
    let mut club = started("-swiss -rounds:3");
    let round_one = club.running("cup");
    assert_eq!(round_one.len(), 2);
    let (first, second) = (&round_one[0], &round_one[1]);
    let gone = first.white.clone();
    resign(&mut club, &gone, first);
    let deleted = club.answer(&gone, &format!("delete {gone} PW"));
    assert!(deleted.contains("is deleted"), "{deleted}");
    let loser = second.white.clone();
    let paired = resign(&mut club, &loser, second);
    // Round 2 of the three left: one board and a bye, none of it his.
    let round_two = club.running("cup");
    assert_eq!(round_two.len(), 1, "{round_two:?}");
    assert!(!players_of(&round_two[0]).contains(&gone.as_str()));
    assert!(paired
        .iter()
        .all(|mail| !mail.body.contains(&format!("{gone} has"))));
    let log = club.answer("hal", "chess tournament cup log");
    assert!(
        log.contains(&format!("{gone}  withdraw: account deleted")),
        "{log}"
    );
    let table = club.answer("hal", "chess tournament cup");
    assert!(
        table.contains(&format!("Withdrawn after the start: {gone}")),
        "{table}"
    );
}

#[test]
fn a_knockout_player_who_deletes_his_account_loses_the_match_he_would_play_next() {
    let mut club = started("-knockout");
    let round_one = club.running("cup");
    let (first, second) = (&round_one[0], &round_one[1]);
    // His match won in two games, he goes while the other is played.
    let (loser, gone) = (first.white.clone(), first.black.clone());
    resign(&mut club, &loser, first);
    let game_two = running_of(&club, "cup", &gone);
    resign(&mut club, &loser, &game_two);
    let deleted = club.answer(&gone, &format!("delete {gone} PW"));
    assert!(deleted.contains("is deleted"), "{deleted}");
    let (other_loser, finalist) = (second.white.clone(), second.black.clone());
    resign(&mut club, &other_loser, second);
    let game_two = running_of(&club, "cup", &finalist);
    let over = resign(&mut club, &other_loser, &game_two);
    // No final is begun against an account that is gone: the other
    // finalist wins it by his going.
    assert!(club.running("cup").is_empty());
    let won = format!("{finalist} won the final");
    assert!(over.iter().any(|mail| mail.body.contains(&won)), "{over:?}");
    assert_eq!(club.tournament("cup").status, TournamentStatus::Finished);
}

#[test]
fn a_director_deletes_his_account_only_once_his_events_are_handed_over_or_cancelled() {
    let mut club = Club::new("", &["ann", "bob", "hal"]);
    club.send("hal", "chess tournament create cup hal PW");
    club.send("hal", "chess ladder create club hal PW");
    club.send("ann", "chess tournament join cup ann PW");
    let refused = club.answer("hal", "delete hal PW");
    assert!(
        refused
            .contains("hal directs what is not over yet: chess ladder club, chess tournament cup"),
        "{refused}"
    );
    assert!(store::find_player(club.conn(), "hal").unwrap().is_some());
    // The operator's tool refuses it the same way, and says why.
    let data = club.office.dir.path().to_str().unwrap().to_string();
    let now = (t0() + chrono::Duration::seconds(club.now + 60)).to_rfc3339();
    let tool = pbem()
        .args(["delete-account", "--data", &data, "--now", &now, "hal"])
        .output()
        .unwrap();
    assert_eq!(tool.status.code(), Some(1));
    let said = String::from_utf8_lossy(&tool.stderr);
    assert!(
        said.contains("hal directs chess ladder club, chess tournament cup"),
        "{said}"
    );
    club.send("hal", "chess tournament handover cup hal PW ann");
    club.send("hal", "chess ladder cancel club hal PW");
    let deleted = club.answer("hal", "delete hal PW");
    assert!(deleted.contains("is deleted"), "{deleted}");
    // Whoever takes the userid next directs nothing.
    club.office
        .send(&address("mallory"), "signup hal pw-hal-again-quince", "");
    let cup = club.answer("ann", "chess tournament cup");
    assert!(cup.contains("organised by ann"), "{cup}");
}
