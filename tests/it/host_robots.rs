//! Robot opponents by mail: a robot answers a player's move, two robots
//! play a whole game of every kind to a result for a player who follows
//! it, robot games are unrated unless the challenge says otherwise, and
//! nobody can sign in as a robot. A robot's thinking is short here
//! (`[robots] think`), and the host's clock is fixed.

use crate::util::host_harness::{address, PostOffice};
use crate::util::{confirming_reply, pbem, run_with_stdin};
use pbem::games::GameKind;
use pbem::mail::outbound::compose::player_mail;
use pbem::store::{self, GameStatus};

/// Robots that think briefly, and an hourly cap that lets a follower see
/// every move of a whole game played in one hour.
const QUICK: &str = "[host]\nmax_mails_per_hour = 5000\n[robots]\nthink = \"20ms\"\n";

fn office() -> PostOffice {
    let mut office = PostOffice::with_config(QUICK);
    office.signup("alice");
    office
}

#[test]
fn a_robot_answers_a_players_move_at_once_and_its_move_is_mailed_like_any() {
    let mut office = office();
    let sent = office.send_as("alice", "chess challenge alice robot2", "");
    assert!(sent
        .iter()
        .any(|mail| mail.subject.starts_with("New Chess Board 101")));
    let sent = office.send_as("alice", "chess move 101 alice PW e4", "");
    assert_eq!(office.move_count(101), 2, "the robot answered");
    // Alice gets her own move's mail and the robot's, and nobody else
    // gets anything: a robot has no address.
    assert!(
        sent.iter().all(|mail| mail.to == address("alice")),
        "{sent:#?}"
    );
    let last = sent.last().unwrap();
    assert!(last.body.contains("robot2 (Black) played"), "{}", last.body);
    assert!(last.body.contains("It is your move"), "{}", last.body);
    // A reply to the robot's board mail plays on.
    office.reply(&address("alice"), last, "d4");
    assert_eq!(office.move_count(101), 4);
    assert!(
        !office.game(101).rated,
        "a robot game is unrated by default"
    );
}

#[test]
fn two_robots_play_a_whole_game_of_every_kind_to_a_result() {
    for kind in GameKind::ALL {
        let mut office = office();
        let game = kind.name();
        office.send_as("alice", &format!("{game} subscribe all alice PW"), "");
        let mut seen = office.send_as(
            "alice",
            &format!("{game} challenge robot1 robot2 -password:PW"),
            "",
        );
        for _ in 0..20 {
            if office.game(101).status != GameStatus::Active {
                break;
            }
            seen.extend(office.run_pass());
        }
        let record = office.game(101);
        assert_eq!(record.status, GameStatus::Finished, "{game}");
        assert!(office.move_count(101) > 1, "{game}");
        // Alice, who follows the board, saw it end; robots got nothing.
        assert!(
            seen.iter().any(|mail| mail.subject.contains("Game Over")),
            "{game}: {:#?}",
            seen.iter().map(|m| &m.subject).collect::<Vec<_>>()
        );
        assert!(seen.iter().all(|mail| mail.to == address("alice")));
    }
}

#[test]
fn who_sets_two_robots_playing_follows_their_board_to_its_result() {
    let mut office = office();
    let mut seen = office.send_as("alice", "chess challenge robot1 robot3 -password:PW", "");
    assert!(
        seen.iter()
            .any(|mail| mail.subject.starts_with("New Chess Board 101")),
        "{seen:#?}"
    );
    for _ in 0..20 {
        if office.game(101).status != GameStatus::Active {
            break;
        }
        seen.extend(office.run_pass());
    }
    assert_eq!(office.game(101).status, GameStatus::Finished);
    assert!(
        seen.iter().any(|mail| mail.subject.contains("Game Over")),
        "{:#?}",
        seen.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    assert!(seen.iter().all(|mail| mail.to == address("alice")));
}

#[test]
fn a_rated_robot_game_gives_the_robot_its_own_rating() {
    let mut office = office();
    office.send_as("alice", "chess challenge alice robot1 -rated", "");
    office.send_as("alice", "chess move 101 alice PW e4", "");
    office.send_as("alice", "chess resign 101 alice PW", "");
    let conn = office.runtime.host.store().connection();
    let robot = store::load_rating(conn, "chess", "robot1").unwrap();
    assert!(robot.is_some_and(|rating| rating.rating > 1500.0));
    assert!(store::load_rating(conn, "chess", "robot2")
        .unwrap()
        .is_none());
}

#[test]
fn nobody_signs_up_or_in_as_a_robot() {
    let mut office = office();
    let sent = office.send("mallory@example.net", "signup robot3 secret", "");
    assert!(sent[0].subject.contains("Error"), "{}", sent[0].body);
    // Nor as a robot to come.
    let sent = office.send("mallory@example.net", "signup Robot4 lanterns-at-dusk", "");
    assert!(
        sent[0].body.contains("\"Robot4\" cannot be a userid"),
        "{}",
        sent[0].body
    );
    let sent = office.send("mallory@example.net", "set robot3 !robot language de", "");
    assert!(
        sent[0].body.contains("password is not right"),
        "{}",
        sent[0].body
    );
    // A stranger cannot set robots playing: only a player can.
    let sent = office.send("mallory@example.net", "chess challenge robot1 robot3", "");
    assert!(sent[0].subject.contains("Error"), "{}", sent[0].body);
    assert_eq!(
        store::next_board_id(office.runtime.host.store().connection()).unwrap(),
        101
    );
}

#[test]
fn pbem_robots_plays_what_the_robots_owe_for_a_host_fed_by_deliver() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("pbem.toml");
    std::fs::write(&config, QUICK).unwrap();
    let run = |args: &[&str], stdin: &[u8]| {
        let mut command = pbem();
        command
            .args(args)
            .arg("--data")
            .arg(dir.path())
            .arg("--config")
            .arg(&config);
        let output = run_with_stdin(command, stdin);
        assert!(output.status.success(), "{args:?}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let mail = |subject: &str| {
        player_mail(&address("alice"), "pbem@localhost", Some(subject), "", None).unwrap()
    };
    run(&["deliver"], &mail("signup alice pw-alice-quince"));
    let conn = rusqlite::Connection::open(dir.path().join("pbem.sqlite")).unwrap();
    let confirming = confirming_reply(&conn, &address("alice"));
    drop(conn);
    run(&["deliver"], &confirming);
    run(&["deliver"], &mail("chess challenge robot3 alice"));
    let printed = run(&["robots"], b"");
    assert!(printed.starts_with("robot moves 1,"), "{printed}");
    let store = store::Store::open(&dir.path().join("pbem.sqlite")).unwrap();
    assert_eq!(store::load_moves(store.connection(), 101).unwrap().len(), 1);
    // Nothing more is owed: the robot waits for alice.
    assert!(run(&["robots"], b"").starts_with("robot moves 0,"));
}

#[test]
fn a_robots_spherical_turn_of_two_actions_comes_in_one_mail() {
    let mut office = office();
    office.send_as("alice", "spherical challenge alice robot2", "");
    let sent = office.send_as("alice", "spherical move 101 alice PW h8-h2", "");
    // Alice's move, then the robot's whole turn: two actions, one mail.
    assert_eq!(office.move_count(101), 3);
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let turn = &sent[1];
    assert_eq!(
        turn.body.matches("robot2 (Black) played").count(),
        2,
        "{}",
        turn.body
    );
}

#[test]
fn a_robot_refuses_a_take_back_and_agrees_to_a_pause_at_once() {
    let mut office = office();
    office.send_as("alice", "chess challenge alice robot2 --forfeittime=10", "");
    office.send_as("alice", "chess move 101 alice PW e4", "");
    assert_eq!(office.move_count(101), 2, "the robot answered");
    // Alice proposes a take-back on her own turn: the robot is not to
    // move, and still answers at once.
    let sent = office.send_as("alice", "chess move 101 alice PW undo", "");
    assert!(
        sent.iter()
            .any(|mail| mail.body.contains("robot2 refuses to take back")),
        "{sent:#?}"
    );
    assert_eq!(office.move_count(101), 2);
    let last = sent.last().unwrap();
    assert!(last.body.contains("  propose "), "{}", last.body);
    let sent = office.send_as("alice", "chess move 101 alice PW pause", "");
    assert!(office.game(101).paused, "{sent:#?}");
    assert!(
        sent.iter()
            .any(|mail| mail.body.contains("robot2 agrees: the clocks are paused")),
        "{sent:#?}"
    );
}
