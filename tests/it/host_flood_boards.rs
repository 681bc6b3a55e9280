//! The limits on what one player may start or follow (issue: nobody can
//! turn the host against others): challenges the other has not answered,
//! boards a day, boards between robots, subscriptions and observers, and
//! confirmation requests. Each refusal goes to the sender alone and is
//! kept in the security log.

use crate::util::host_harness::{address, mails_to, one, password, PostOffice};
use pbem::store::security::{security_log, SecurityKind};

fn office_of(limits: &str, userids: &[&str]) -> PostOffice {
    let mut office = PostOffice::with_config(&format!("[limits]\n{limits}"));
    for userid in userids {
        office.signup(userid);
    }
    office
}

fn boards(office: &PostOffice) -> i64 {
    let conn = office.runtime.host.store().connection();
    conn.query_row("SELECT count(*) FROM games", [], |row| row.get(0))
        .unwrap()
}

fn limits_hit(office: &PostOffice, userid: &str) -> Vec<String> {
    let conn = office.runtime.host.store().connection();
    security_log(conn, None, Some(userid))
        .unwrap()
        .into_iter()
        .filter(|event| event.kind == SecurityKind::LimitHit)
        .map(|event| event.detail)
        .collect()
}

/// The finding: fifty challenges in one mail made fifty boards bob then
/// lost on time. Now two stand until bob answers one with a move.
#[test]
fn fifty_challenges_to_one_player_start_only_the_limit_and_bob_hears_of_those_alone() {
    let mut office = office_of("", &["eve", "bob"]);
    let body = "chess challenge eve bob\n".repeat(50);
    let sent = office.send(&address("eve"), "multiple", &body);
    assert_eq!(boards(&office), 2);
    assert_eq!(mails_to(&sent, "bob").len(), 2, "{sent:#?}");
    let refusals: Vec<_> = mails_to(&sent, "eve")
        .into_iter()
        .filter(|mail| {
            mail.body
                .contains("2 challenges to bob that bob has not answered")
        })
        .collect();
    assert!(!refusals.is_empty(), "{sent:#?}");
    assert!(limits_hit(&office, "eve").contains(&"open_challenges_per_opponent".to_string()));
    // Once bob answers one with a move, eve may challenge him again.
    let e4 = format!("chess move 101 eve {} e4", password("eve"));
    office.send(&address("eve"), &e4, "");
    let e5 = format!("chess move 101 bob {} e5", password("bob"));
    office.send(&address("bob"), &e5, "");
    let sent = office.send(&address("eve"), "chess challenge eve bob", "");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    assert_eq!(boards(&office), 3);
}

#[test]
fn open_challenges_in_all_are_bounded_and_so_are_boards_a_day() {
    let userids = ["eve", "p1", "p2", "p3", "p4"];
    let mut office = office_of("open_challenges = 3\nboards_per_day = 4\n", &userids);
    for opponent in ["p1", "p2", "p3", "p4"] {
        office.send(
            &address("eve"),
            &format!("chess challenge eve {opponent}"),
            "",
        );
    }
    assert_eq!(boards(&office), 3);
    let sent = office.send(&address("eve"), "chess challenge eve p4", "");
    assert!(
        one(&sent).body.contains("3 challenges nobody has answered"),
        "{}",
        one(&sent).body
    );
    // p1 answers: one more board may start, then the day's four are used.
    office.send(
        &address("eve"),
        &format!("chess move 101 eve {} e4", password("eve")),
        "",
    );
    office.send(
        &address("p1"),
        &format!("chess move 101 p1 {} e5", password("p1")),
        "",
    );
    office.send(&address("eve"), "chess challenge eve p4", "");
    assert_eq!(boards(&office), 4);
    office.send(
        &address("eve"),
        &format!("chess move 102 eve {} e4", password("eve")),
        "",
    );
    office.send(
        &address("p2"),
        &format!("chess move 102 p2 {} e5", password("p2")),
        "",
    );
    let sent = office.send(&address("eve"), "chess challenge eve p1", "");
    assert!(
        one(&sent)
            .body
            .contains("you started 4 boards by challenges in the last 24 hours"),
        "{}",
        one(&sent).body
    );
    assert_eq!(boards(&office), 4);
    // A day later the count starts again.
    office.set_clock(86_400 + 60);
    office.send(&address("eve"), "chess challenge eve p1", "");
    assert_eq!(boards(&office), 5);
}

#[test]
fn a_player_sets_only_so_many_robot_boards_going_at_once() {
    let mut office = office_of("robot_boards = 1\n", &["eve"]);
    // Both lines are read before the robots play (they might end the
    // first board within the pass): the second finds the first running.
    let line = format!(
        "chess challenge robot1 robot2 -password:{}\n",
        password("eve")
    );
    let body = line.repeat(2);
    let sent = office.send(&address("eve"), "multiple", &body);
    // eve follows the board her robots play: find the refusal among them.
    let refusal = sent
        .iter()
        .find(|mail| mail.subject.contains("Error"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(
        refusal
            .body
            .contains("1 board you set going between two robots still runs"),
        "{}",
        refusal.body
    );
    assert_eq!(boards(&office), 1);
    assert!(limits_hit(&office, "eve").contains(&"robot_boards".to_string()));
}

#[test]
fn subscriptions_per_player_and_observers_per_board_are_bounded() {
    let limits = "subscriptions_per_player = 2\nobservers_per_board = 1\n";
    let mut office = office_of(limits, &["alice", "bob", "carol", "dave"]);
    office.send(&address("alice"), "chess challenge alice bob", "");
    office.send(&address("alice"), "chess challenge alice bob", "");
    let subscribe =
        |userid: &str, what: &str| format!("chess subscribe {what} {userid} {}", password(userid));
    let sent = office.send(&address("carol"), &subscribe("carol", "101"), "");
    assert!(
        !one(&sent).body.contains("most this host allows"),
        "{}",
        one(&sent).body
    );
    let sent = office.send(&address("dave"), &subscribe("dave", "101"), "");
    assert!(
        one(&sent)
            .body
            .contains("board 101 already has 1 observers"),
        "{}",
        one(&sent).body
    );
    office.send(&address("carol"), &subscribe("carol", "102"), "");
    let sent = office.send(&address("carol"), &subscribe("carol", "all"), "");
    assert!(
        one(&sent)
            .body
            .contains("you would follow more than 2 boards"),
        "{}",
        one(&sent).body
    );
    // Only carol follows board 101: a move there reaches three players.
    let e4 = format!("chess move 101 alice {} e4", password("alice"));
    let sent = office.send(&address("alice"), &e4, "");
    assert!(mails_to(&sent, "dave").is_empty(), "{sent:#?}");
    assert_eq!(mails_to(&sent, "carol").len(), 1, "{sent:#?}");
}

#[test]
fn an_account_asks_only_so_many_addresses_to_confirm_a_day() {
    let mut office = office_of("confirmations_per_day = 3\n", &["eve"]);
    let change = |n: usize| {
        format!(
            "change address eve {} {} victim{n}@example.net",
            password("eve"),
            address("eve")
        )
    };
    let sent = office.send(&address("eve"), &change(1), "");
    assert!(sent.iter().any(|mail| mail.to == "victim1@example.net"));
    let sent = office.send(&address("eve"), &change(2), "");
    assert!(sent.iter().any(|mail| mail.to == "victim2@example.net"));
    // The signup's own request counted as the first of the day: the third
    // request is refused, and nothing reaches victim3.
    let sent = office.send(&address("eve"), &change(3), "");
    assert!(
        sent.iter().all(|mail| mail.to == address("eve")),
        "{sent:#?}"
    );
    assert!(
        one(&sent)
            .body
            .contains("asked 3 addresses of this account to confirm"),
        "{}",
        one(&sent).body
    );
}
