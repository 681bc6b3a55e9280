//! Issue 44, point 5: an event's organiser cannot multiply mail. His
//! rule changes and announcements mail every player, so only so many an
//! hour go out per event, however many one mail carries; and he cannot
//! invite a player who takes challenges from nobody.

use crate::util::host_harness::{mail_to, mails_to, PostOffice, Sent};

fn hall(toml: &str, players: &[&str]) -> PostOffice {
    let mut office = PostOffice::with_config(toml);
    office.set_clock(0);
    for player in players {
        office.signup(player);
    }
    office
}

fn send(
    office: &mut PostOffice,
    minute: i64,
    userid: &str,
    subject: &str,
    body: &str,
) -> Vec<Sent> {
    office.set_clock(minute * 60);
    office.send_as(userid, subject, body)
}

#[test]
fn fifty_rule_changes_in_one_mail_tell_the_players_only_the_hourly_limit() {
    // The attack: one 3.8 kB mail of 50 `rules` lines made 3,050 mails
    // to 61 addresses.
    let players = ["anna", "ben", "cleo", "dan"];
    let mut office = hall("[limits]\nevent_news_per_hour = 3\n", &players);
    send(
        &mut office,
        1,
        "anna",
        "chess tournament create cup anna PW",
        "",
    );
    for player in &players[1..] {
        send(
            &mut office,
            2,
            player,
            &format!("chess tournament join cup {player} PW"),
            "",
        );
    }
    let lines: String = (0..50)
        .map(|n| {
            let switch = if n % 2 == 0 { "-double" } else { "-single" };
            format!("chess tournament rules cup anna PW {switch}\n")
        })
        .collect();
    let lines = lines.replace("PW", &crate::util::host_harness::password("anna"));
    let sent = send(&mut office, 3, "anna", "multiple", &lines);
    for player in &players[1..] {
        assert_eq!(
            mails_to(&sent, player).len(),
            3,
            "{player} hears of three changes: {sent:#?}"
        );
    }
    let refused = mails_to(&sent, "anna")
        .into_iter()
        .find(|mail| {
            mail.body
                .contains("in the last hour, the most this host allows")
        })
        .expect("the organiser is told why the rest was refused");
    assert!(
        refused
            .body
            .contains("were already sent 3 rule changes or announcements"),
        "{}",
        refused.body
    );
    // An announcement counts alike; an hour later he may write again.
    let announced = send(
        &mut office,
        20,
        "anna",
        "chess tournament announce cup anna PW",
        "Hello",
    );
    assert!(mails_to(&announced, "ben").is_empty(), "{announced:#?}");
    let announced = send(
        &mut office,
        64,
        "anna",
        "chess tournament announce cup anna PW",
        "Hello",
    );
    assert!(
        mail_to(&announced, "ben").body.contains("Hello"),
        "{announced:#?}"
    );
}

#[test]
fn an_organiser_cannot_invite_a_player_who_takes_challenges_from_nobody() {
    let mut office = hall("", &["anna", "ben", "cleo"]);
    send(
        &mut office,
        1,
        "anna",
        "chess tournament create cup anna PW -admission:invitation",
        "",
    );
    send(&mut office, 2, "ben", "set ben PW challenges nobody", "");
    let refused = send(
        &mut office,
        3,
        "anna",
        "chess tournament invite cup anna PW ben",
        "",
    );
    assert!(mails_to(&refused, "ben").is_empty(), "{refused:#?}");
    let body = &mail_to(&refused, "anna").body;
    assert!(body.contains("ben takes no challenges"), "{body}");
    // Someone who takes challenges is invited as before.
    let invited = send(
        &mut office,
        4,
        "anna",
        "chess tournament invite cup anna PW cleo",
        "",
    );
    assert!(
        mail_to(&invited, "cleo").body.contains("invites you"),
        "{invited:#?}"
    );
    // A ladder's director is refused alike.
    send(
        &mut office,
        5,
        "anna",
        "chess ladder create club anna PW -admission:invitation",
        "",
    );
    let refused = send(
        &mut office,
        6,
        "anna",
        "chess ladder invite club anna PW ben",
        "",
    );
    assert!(mails_to(&refused, "ben").is_empty(), "{refused:#?}");
}
