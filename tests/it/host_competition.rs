//! Ratings, standings and ladders by mail: a rated game's end changes
//! both players' Glicko-2 ratings and says so, the standings list them (by
//! mail and for the operator), and ladder games move players up, on the
//! board or on time. The host's clock is set; nothing sleeps.

use crate::util::host_harness::{mails_to, PostOffice, Sent};
use crate::util::{pbem, t0, DAY};
use chrono::Duration;
use pbem::store;

struct Club {
    office: PostOffice,
    /// The settings, for the operator's commands.
    toml: String,
}

impl Club {
    fn new(toml: &str, players: &[&str]) -> Club {
        let mut office = PostOffice::with_config(toml);
        office.set_clock(0);
        for player in players {
            office.signup(player);
        }
        Club {
            office,
            toml: toml.to_string(),
        }
    }

    fn set(&mut self, seconds: i64) {
        self.office.set_clock(seconds);
    }

    /// `userid` mails `subject` (PW stands for his password) at `at`.
    fn send(&mut self, at: i64, userid: &str, subject: &str) -> Vec<Sent> {
        self.set(at);
        self.office.send_as(userid, subject, "")
    }

    /// Runs the timers at `at`.
    fn tick(&mut self, at: i64) -> Vec<Sent> {
        self.set(at);
        self.office.run_pass()
    }

    fn rating(&self, userid: &str) -> store::StoredRating {
        store::load_rating(
            self.office.runtime.host.store().connection(),
            "chess",
            userid,
        )
        .unwrap()
        .unwrap_or_else(|| panic!("{userid} has no chess rating"))
    }

    fn ladder(&self) -> Vec<String> {
        let conn = self.office.runtime.host.store().connection();
        store::ladder(conn, store::default_ladder(conn, "chess", 0).unwrap().id)
            .unwrap()
            .into_iter()
            .map(|rung| rung.userid)
            .collect()
    }

    /// The operator's command on this host's data directory.
    fn cli(&self, args: &[&str]) -> String {
        let config = self.office.dir.path().join("config.toml");
        std::fs::write(&config, &self.toml).unwrap();
        let output = pbem()
            .args(args)
            .arg("--data")
            .arg(self.office.dir.path())
            .arg("--config")
            .arg(&config)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    }
}

/// White mates at once with the scholar's mate.
fn scholars_mate(club: &mut Club, at: i64, board: i64, white: &str, black: &str) -> Vec<Sent> {
    let mut last = Vec::new();
    for (index, (player, word)) in [
        (white, "e4"),
        (black, "e5"),
        (white, "Bc4"),
        (black, "Nc6"),
        (white, "Qh5"),
        (black, "Nf6"),
        (white, "Qxf7"),
    ]
    .into_iter()
    .enumerate()
    {
        let subject = format!("chess move {board} {player} PW {word}");
        last = club.send(at + index as i64, player, &subject);
    }
    last
}

#[test]
fn two_new_players_first_rated_game_gives_1662_and_1338_and_the_last_mail_says_so() {
    let mut club = Club::new("", &["alice", "bob"]);
    club.send(0, "alice", "chess challenge alice bob");
    let sent = scholars_mate(&mut club, 60, 101, "alice", "bob");
    let (alice, bob) = (club.rating("alice"), club.rating("bob"));
    assert!((alice.rating - 1662.3).abs() < 0.05, "{alice:?}");
    assert!((bob.rating - 1337.7).abs() < 0.05, "{bob:?}");
    assert_eq!((alice.won, alice.lost, bob.won, bob.lost), (1, 0, 0, 1));
    for player in ["alice", "bob"] {
        let mail = mails_to(&sent, player)[0];
        assert!(mail.subject.contains("Game Over"), "{}", mail.subject);
        assert!(
            mail.body.contains("alice 1500 → 1662 (+162)"),
            "{}",
            mail.body
        );
        assert!(
            mail.body.contains("bob 1500 → 1338 (-162)"),
            "{}",
            mail.body
        );
    }
    // Showing the finished board later shows the change too.
    let shown = club.send(DAY, "bob", "chess show 101");
    assert!(
        shown[0].body.contains("alice 1500 → 1662"),
        "{}",
        shown[0].body
    );
}

#[test]
fn the_pgn_gives_each_players_rating_when_the_board_began() {
    let mut club = Club::new("", &["alice", "bob", "cleo"]);
    club.send(0, "alice", "chess challenge alice bob");
    scholars_mate(&mut club, 60, 101, "alice", "bob");
    // Board 102 begins with alice at 1662 and cleo unrated; board 103,
    // rated, ends while 102 runs and changes alice's rating.
    club.send(DAY, "alice", "chess challenge alice cleo");
    club.send(DAY + 60, "bob", "chess challenge bob alice");
    scholars_mate(&mut club, DAY + 120, 103, "bob", "alice");
    assert!(club.rating("alice").rating < 1662.0);
    let tags = |board: &str| {
        let pgn = club.cli(&["export", "--pgn", "--game", board]);
        let game = pbem::archive::read_pgn(&pgn).unwrap().remove(0);
        (
            game.tag("WhiteElo").map(String::from),
            game.tag("BlackElo").map(String::from),
            game.tag("Event").map(String::from),
        )
    };
    let host = Some("PBeM host".to_string());
    let running = tags("102");
    assert_eq!(running, (Some("1662".into()), None, host.clone()));
    assert_eq!(
        tags("103"),
        (Some("1338".into()), Some("1662".into()), host)
    );
    assert_eq!(tags("101").0.as_deref(), Some("1500"));
}

#[test]
fn unrated_and_declined_boards_change_no_rating() {
    let mut club = Club::new("", &["alice", "bob"]);
    club.send(0, "alice", "chess challenge alice bob -unrated");
    let sent = scholars_mate(&mut club, 60, 101, "alice", "bob");
    assert!(!mails_to(&sent, "bob")[0].body.contains("1500 →"));
    club.send(DAY, "alice", "chess challenge alice bob");
    club.send(DAY + 60, "bob", "chess decline 102 bob PW");
    let conn = club.office.runtime.host.store().connection();
    assert_eq!(store::load_rating(conn, "chess", "alice").unwrap(), None);
    assert!(store::rating_changes(conn, 102).unwrap().is_empty());
}

#[test]
fn standings_by_mail_and_by_the_operators_cli_rank_established_players_and_list_provisional_apart()
{
    let toml = "[ratings]\nprovisional_above = 280\ninactive_days = 100\n";
    let mut club = Club::new(toml, &["alice", "bob", "carl"]);
    club.send(0, "alice", "chess challenge alice bob");
    scholars_mate(&mut club, 60, 101, "alice", "bob");
    club.send(600, "alice", "chess challenge alice carl");
    scholars_mate(&mut club, 660, 102, "alice", "carl");
    // Alice has two games: her deviation is below 280; the others' not.
    assert!(club.rating("alice").deviation < 280.0);
    assert!(club.rating("bob").deviation > 280.0);
    let sent = club.send(DAY, "carl", "chess standings");
    let mail = &sent[0].body;
    assert_eq!(sent[0].subject, "PBeM Chess Standings");
    let alice_line = mail.lines().find(|l| l.contains("alice")).unwrap();
    assert!(alice_line.trim_start().starts_with("1  alice"), "{mail}");
    let provisional = mail.split("Provisional").nth(1).expect(mail);
    assert!(
        provisional.contains("bob") && provisional.contains("carl"),
        "{mail}"
    );
    assert!(!provisional.contains("alice"), "{mail}");
    // The operator sees the same text at the same moment.
    let now = (t0() + Duration::seconds(DAY)).to_rfc3339();
    let printed = club.cli(&["standings", "chess", "--now", &now]);
    assert_eq!(printed.trim_end(), mail.trim_end());
    // A player without a rated game for longer is left out unless asked.
    let later = 200 * DAY;
    let sent = club.send(later, "carl", "chess standings");
    assert!(!sent[0].body.contains("alice"), "{}", sent[0].body);
    assert!(
        sent[0].body.contains("3 players without"),
        "{}",
        sent[0].body
    );
    let sent = club.send(later + 1, "carl", "chess standings all");
    assert!(sent[0].body.contains("alice") && sent[0].body.contains("(inactive)"));
}

#[test]
fn a_ladder_game_won_by_the_lower_player_swaps_places_and_tells_those_who_moved() {
    let mut club = Club::new("", &["anna", "ben", "cleo", "dan"]);
    for (index, player) in ["anna", "ben", "cleo", "dan"].iter().enumerate() {
        let sent = club.send(
            index as i64,
            player,
            &format!("chess ladder join {player} PW"),
        );
        let rank = format!("at rank {}", index + 1);
        assert!(sent[0].body.contains(&rank), "{}", sent[0].body);
    }
    let sent = club.send(60, "dan", "chess challenge dan ben -ladder -password:PW");
    let new: Vec<_> = sent
        .iter()
        .filter(|mail| mail.subject.starts_with("New Chess Board 101"))
        .collect();
    assert_eq!(new.len(), 2, "{sent:#?}");
    for mail in new {
        // The board mails say it is a ladder game, and what declining costs.
        assert!(mail.body.contains("A Chess ladder game."), "{}", mail.body);
        assert!(
            mail.body.contains("aborts it: nobody's rating changes, and the ladder\ncounts it as lost by the player who would not play it."),
            "{}",
            mail.body
        );
    }
    club.send(120, "dan", "chess move 101 dan PW e4");
    club.send(180, "ben", "chess move 101 ben PW e5");
    let sent = club.send(240, "ben", "chess resign 101 ben PW");
    assert_eq!(club.ladder(), ["anna", "dan", "ben", "cleo"]);
    for (player, rank) in [
        ("dan", "rank 2 (before: 4)"),
        ("ben", "rank 3 (before: 2)"),
        ("cleo", "rank 4 (before: 3)"),
    ] {
        let news: Vec<_> = mails_to(&sent, player)
            .into_iter()
            .filter(|mail| mail.subject == "PBeM Chess Ladder")
            .collect();
        assert_eq!(news.len(), 1, "{player}: {sent:#?}");
        assert!(news[0].body.contains(rank), "{}", news[0].body);
        assert!(news[0].body.contains("dan beat ben on board 101"));
    }
    assert!(mails_to(&sent, "anna").is_empty(), "anna did not move");
    // By mail and for the operator: one line each, rank first, with the
    // rating, won, lost and drawn in the ladder, the day of the last
    // ladder game and the open ladder challenges.
    let day = (t0() + Duration::seconds(240)).format("%Y-%m-%d");
    let listed = [
        "   1  anna                 -   0   0   0  -           -".to_string(),
        format!("   2  dan               1662   1   0   0  {day}  -"),
        format!("   3  ben               1338   0   1   0  {day}  -"),
        "   4  cleo                 -   0   0   0  -           -".to_string(),
    ];
    let shown = club.send(DAY, "anna", "chess ladder");
    for line in &listed {
        assert!(shown[0].body.contains(line.as_str()), "{}", shown[0].body);
    }
    let printed = club.cli(&["ladder", "chess"]);
    assert!(printed.contains(&listed.join("\n")), "{printed}");
    // A win by the higher player changes nothing.
    club.send(
        DAY + 60,
        "cleo",
        "chess challenge cleo ben -ladder -password:PW",
    );
    let shown = club.send(DAY + 61, "anna", "chess ladder");
    for line in [
        format!("   3  ben               1338   0   1   0  {day}  board 102 with cleo"),
        "   4  cleo                 -   0   0   0  -           board 102 with ben".to_string(),
    ] {
        assert!(shown[0].body.contains(&line), "{}", shown[0].body);
    }
    club.send(DAY + 120, "cleo", "chess move 102 cleo PW e4");
    club.send(DAY + 180, "ben", "chess move 102 ben PW e5");
    let sent = club.send(DAY + 240, "cleo", "chess resign 102 cleo PW");
    assert_eq!(club.ladder(), ["anna", "dan", "ben", "cleo"]);
    assert!(sent.iter().all(|mail| mail.subject != "PBeM Chess Ladder"));
    // Its PGN names the ladder, which began with board 101, and ben's
    // rating as board 101 left it.
    let pgn = club.cli(&["export", "--pgn", "--game", "102"]);
    let game = pbem::archive::read_pgn(&pgn).unwrap().remove(0);
    let first = club.cli(&["export", "--pgn", "--game", "101"]);
    let first = pbem::archive::read_pgn(&first).unwrap().remove(0);
    assert_eq!(game.tag("Event"), Some("Chess ladder"));
    assert_eq!(game.tag("Round"), Some("-"));
    assert_eq!(game.tag("EventDate"), first.tag("Date"));
    let conn = club.office.runtime.host.store().connection();
    let ben = store::rating_changes(conn, 101).unwrap();
    let ben = ben.iter().find(|change| change.userid == "ben").unwrap();
    let after = ben.after.round().to_string();
    assert_eq!(game.tag("BlackElo"), Some(after.as_str()));
    assert_eq!(first.tag("WhiteElo"), Some("1500"));
}

#[test]
fn a_ladder_challenge_too_far_up_or_while_another_is_open_is_refused_with_the_allowed_range() {
    let mut club = Club::new("", &["anna", "ben", "cleo", "dan", "eve"]);
    for (index, player) in ["anna", "ben", "cleo", "dan", "eve"].iter().enumerate() {
        club.send(
            index as i64,
            player,
            &format!("chess ladder join {player} PW"),
        );
    }
    let sent = club.send(60, "eve", "chess challenge eve anna -ladder -password:PW");
    assert_eq!(sent.len(), 1);
    let body = &sent[0].body;
    assert!(body.contains("anna stands at rank 1"), "{body}");
    assert!(
        body.contains("ranks 2 to 4; free to play now: ben, cleo, dan"),
        "{body}"
    );
    // Challenging down, or naming the other player first, is refused too.
    let sent = club.send(61, "ben", "chess challenge ben eve -ladder -password:PW");
    let body = &sent[0].body;
    assert!(
        body.contains("eve stands at rank 5 of the Chess ladder; from rank 2"),
        "{body}"
    );
    assert!(
        body.contains("you may challenge rank 1; free to play now: anna"),
        "{body}"
    );
    let sent = club.send(62, "eve", "chess challenge dan eve -ladder");
    assert!(
        sent[0].body.contains("names himself first"),
        "{}",
        sent[0].body
    );
    // One open ladder challenge at a time.
    club.send(120, "eve", "chess challenge eve cleo -ladder -password:PW");
    let sent = club.send(180, "dan", "chess challenge dan cleo -ladder -password:PW");
    assert!(
        sent[0]
            .body
            .contains("cleo has a ladder challenge open already on the Chess ladder, on board 101"),
        "{}",
        sent[0].body
    );
    let conn = club.office.runtime.host.store().connection();
    assert_eq!(
        store::next_board_id(conn).unwrap(),
        102,
        "no board was made"
    );
}

#[test]
fn an_unanswered_ladder_challenge_is_aborted_and_lost_in_the_ladder_by_the_challenged_player() {
    let mut club = Club::new("", &["anna", "ben", "cleo"]);
    for (index, player) in ["anna", "ben", "cleo"].iter().enumerate() {
        club.send(
            index as i64,
            player,
            &format!("chess ladder join {player} PW"),
        );
    }
    // The bank alone sets no time per move: the ladder adds its own.
    let sent = club.send(
        60,
        "cleo",
        "chess challenge cleo anna -ladder --time=60d -password:PW",
    );
    assert!(sent[0].body.contains("21d a move"), "{}", sent[0].body);
    club.send(120, "cleo", "chess move 101 cleo PW e4");
    let sent = club.tick(120 + 21 * DAY - 60);
    assert!(sent.iter().all(|mail| !mail.subject.contains("Aborted")));
    let sent = club.tick(120 + 21 * DAY);
    let over = mails_to(&sent, "anna");
    assert!(
        over.iter().any(|mail| mail.subject.contains("Aborted")),
        "{sent:#?}"
    );
    // Anna never answered: aborted, unrated, and her loss in the ladder.
    assert_eq!(
        club.office.game(101).ending,
        Some(pbem::rules::score::Ending::Aborted(
            pbem::rules::score::Abort::NoMove(pbem::games::Side::Black)
        ))
    );
    let conn = club.office.runtime.host.store().connection();
    assert!(store::rating_changes(conn, 101).unwrap().is_empty());
    assert_eq!(club.ladder(), ["cleo", "anna", "ben"]);
    assert!(mails_to(&sent, "ben")
        .iter()
        .any(|mail| mail.subject == "PBeM Chess Ladder"));
    // A ladder challenge turned down is lost by the one who turns it down.
    club.send(
        30 * DAY,
        "ben",
        "chess challenge ben anna -ladder -password:PW",
    );
    club.send(30 * DAY + 60, "anna", "chess decline 102 anna PW");
    assert_eq!(club.ladder(), ["cleo", "ben", "anna"]);
}

#[test]
fn ladder_players_without_a_ladder_game_drop_a_place_each_period() {
    let toml = "[ladders]\ninactive_days = 10\n";
    let mut club = Club::new(toml, &["anna", "ben", "cleo"]);
    club.send(0, "anna", "chess ladder join anna PW");
    club.send(5 * DAY, "ben", "chess ladder join ben PW");
    club.send(5 * DAY, "cleo", "chess ladder join cleo PW");
    let sent = club.tick(10 * DAY - 1);
    assert!(sent.is_empty(), "{sent:#?}");
    let sent = club.tick(10 * DAY);
    assert_eq!(club.ladder(), ["ben", "anna", "cleo"]);
    assert_eq!(sent.len(), 2, "anna and ben moved: {sent:#?}");
    assert!(mails_to(&sent, "anna")[0]
        .body
        .contains("anna played no ladder game for too long"));
    // Twice at the same moment drops nobody twice.
    assert!(club.tick(10 * DAY).is_empty());
    // At 15 days ben and cleo are away too (one period each), as anna
    // still is: a drop changes places only with someone who is not away,
    // so nobody moves, and anna, away, is never lifted above ben.
    club.tick(15 * DAY);
    assert_eq!(club.ladder(), ["ben", "anna", "cleo"]);
    let next = club.office.runtime.host.next_timer().unwrap().unwrap();
    assert_eq!(next, (t0() + Duration::seconds(20 * DAY)).timestamp());
}

#[test]
fn a_deleted_account_leaves_the_ladder_and_the_standings() {
    let mut club = Club::new("", &["anna", "ben", "cleo"]);
    for (index, player) in ["anna", "ben", "cleo"].iter().enumerate() {
        club.send(
            index as i64,
            player,
            &format!("chess ladder join {player} PW"),
        );
    }
    club.send(10, "anna", "chess challenge anna ben");
    club.send(20, "anna", "chess move 101 anna PW e4");
    club.send(30, "ben", "chess move 101 ben PW e5");
    club.send(40, "ben", "chess resign 101 ben PW");
    club.rating("ben");
    let sent = club.send(60, "ben", "delete ben PW");
    assert_eq!(club.ladder(), ["anna", "cleo"]);
    let conn = club.office.runtime.host.store().connection();
    assert_eq!(store::load_rating(conn, "chess", "ben").unwrap(), None);
    let standings = club.send(70, "anna", "chess standings");
    assert!(!standings[0].body.contains("ben"), "{}", standings[0].body);
    let news = mails_to(&sent, "cleo");
    assert_eq!(news.len(), 1, "{sent:#?}");
    assert!(
        news[0].body.contains("ben left the Chess ladder"),
        "{}",
        news[0].body
    );
    assert!(
        news[0].body.contains("rank 2 (before: 3)"),
        "{}",
        news[0].body
    );
}

#[test]
fn a_variant_game_is_rated_in_its_own_game_type() {
    let mut club = Club::new("", &["alice", "bob"]);
    // Infinite Recursion Chess: one round of sealed moves, then White
    // resigns; the match has one result, rated like any other.
    club.send(0, "alice", "recursion challenge alice bob");
    club.send(60, "alice", "recursion move 101 alice PW e4");
    club.send(120, "bob", "recursion move 101 bob PW e5");
    let sent = club.send(180, "alice", "recursion resign 101 alice PW");
    assert!(mails_to(&sent, "bob")[0].body.contains("bob 1500 → 1662"));
    let conn = club.office.runtime.host.store().connection();
    let bob = store::load_rating(conn, "recursion", "bob")
        .unwrap()
        .unwrap();
    assert!((bob.rating - 1662.3).abs() < 0.05, "{bob:?}");
    assert_eq!(store::load_rating(conn, "chess", "bob").unwrap(), None);
    let standings = club.send(DAY, "bob", "recursion standings");
    assert_eq!(
        standings[0].subject,
        "PBeM Infinite Recursion Chess Standings"
    );
    assert!(standings[0].body.contains("bob"), "{}", standings[0].body);
}
