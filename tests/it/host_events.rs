//! Events where they meet the other features, by mail: a player taken out
//! of a knockout, the ladder's log, vacations on a ladder, games nobody
//! moved in, rules changes, requests and invitations that lapse, ladder
//! refusals that name their ladder, robots, and the web view showing what
//! the mails show. Each test is one promise of docs/organising.md or docs/playing.md kept; the host's
//! clock is set, nothing sleeps.

use crate::util::club::Club;
use crate::util::host_harness::{address, mail_to, mails_to, Sent};
use crate::util::web_client::get;
use crate::util::DAY;
use pbem::store::{self, TournamentBoard};

/// What the events' tests do beside the club's own mails.
trait Events {
    fn play(&mut self, board: &TournamentBoard, loser: &str) -> Vec<Sent>;
    fn log(&mut self, asker: &str, which: &str) -> String;
}

impl Events for Club {
    /// Both move on `board`; then `loser` resigns.
    fn play(&mut self, board: &TournamentBoard, loser: &str) -> Vec<Sent> {
        let (white, black, id) = (board.white.clone(), board.black.clone(), board.game_id);
        self.send(&white, &format!("chess move {id} {white} PW e4"));
        self.send(&black, &format!("chess move {id} {black} PW e5"));
        self.send(loser, &format!("chess resign {id} {loser} PW"))
    }

    /// The host's own ladder's log, by mail.
    fn log(&mut self, asker: &str, which: &str) -> String {
        self.answer(asker, &format!("chess {which} log"))
    }
}

fn new_boards<'a>(sent: &'a [Sent], userid: &str) -> Vec<&'a Sent> {
    sent.iter()
        .filter(|mail| mail.to == address(userid) && mail.subject.starts_with("New Chess Board"))
        .collect()
}

#[test]
fn a_player_taken_out_of_a_knockout_plays_no_more_and_his_opponent_goes_through() {
    let mut club = Club::new("", &["hal", "ann", "bob", "dan", "eve"]);
    club.send("hal", "chess tournament create ko hal PW -knockout");
    for player in ["ann", "bob", "dan", "eve"] {
        club.send(player, &format!("chess tournament join ko {player} PW"));
    }
    // All at 1500, seeded by userid: ann 1, bob 2, dan 3, eve 4; ann
    // meets eve and bob meets dan.
    club.send("hal", "chess tournament start ko hal PW");
    let first = club
        .running("ko")
        .into_iter()
        .find(|board| board.white == "bob")
        .unwrap();
    club.send("bob", &format!("chess move {} bob PW e4", first.game_id));
    club.send("dan", &format!("chess move {} dan PW e5", first.game_id));
    let sent = club.send("hal", "chess tournament remove ko hal PW bob");
    assert!(
        mail_to(&sent, "hal").body.contains(&format!(
            "His open boards, each lost by him: {}",
            first.game_id
        )),
        "{sent:#?}"
    );
    // No new board for bob, in this batch or later.
    assert!(new_boards(&sent, "bob").is_empty(), "{sent:#?}");
    assert!(new_boards(&sent, "dan").is_empty(), "{sent:#?}");
    let told = mails_to(&sent, "bob");
    assert!(
        told.iter()
            .any(|mail| mail.body.contains("you play no more in it")),
        "{told:#?}"
    );
    let listing = club.answer("eve", "chess tournament ko");
    assert!(
        listing.contains("bob (seed 2) 0-1 dan (seed 3): dan goes through (bob withdrawn)"),
        "{listing}"
    );
    assert!(
        listing.contains("Withdrawn after the start: bob"),
        "{listing}"
    );
    // ann and eve play their match out: the final is ann against dan.
    let anns: Vec<TournamentBoard> = club.running("ko");
    assert_eq!(anns.len(), 1, "{anns:?}");
    club.play(&anns[0], "eve");
    let second = club.running("ko");
    let sent = club.play(&second[0], "eve");
    let finals = new_boards(&sent, "dan");
    assert_eq!(finals.len(), 1, "{sent:#?}");
    assert!(finals[0].body.contains("round 2, match 2.1, game 1."));
    assert!(new_boards(&sent, "bob").is_empty());
    let log = club.log("eve", "tournament ko");
    assert!(
        log.contains("hal  remove: bob; open boards lost by him"),
        "{log}"
    );
}

#[test]
fn a_game_nobody_moves_in_is_lost_by_both_and_a_final_nobody_plays_has_no_winner() {
    let mut club = Club::new("", &["hal", "ann", "bob"]);
    club.send("hal", "chess tournament create duel hal PW -knockout");
    for player in ["ann", "bob"] {
        club.send(player, &format!("chess tournament join duel {player} PW"));
    }
    club.send("hal", "chess tournament start duel hal PW");
    // Nobody ever moves: each game runs out after 21 days, lost by both.
    let sent = club.wait(21 * DAY + 3600);
    assert_eq!(club.boards("duel")[0].score.as_deref(), Some("--"));
    assert_eq!(new_boards(&sent, "ann").len(), 1, "game 2: {sent:#?}");
    let over = mails_to(&sent, "ann")
        .into_iter()
        .find(|mail| mail.subject.ends_with("Aborted"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(
        over.body
            .contains("nobody made a move before the time ran out, so no game was played"),
        "{}",
        over.body
    );
    assert!(!over.body.contains("wins"), "{}", over.body);
    let sent = club.wait(21 * DAY + 3600);
    let ended = mails_to(&sent, "hal");
    let final_mail = ended
        .iter()
        .find(|mail| mail.body.contains("is over"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(
        final_mail
            .body
            .contains("nobody went through its final, so it ends without a winner"),
        "{}",
        final_mail.body
    );
    assert!(
        final_mail.body.contains("both are out"),
        "{}",
        final_mail.body
    );
    assert!(!final_mail.body.contains("wins the tournament"));
    let found = store::find_tournament(club.conn(), "chess", "duel")
        .unwrap()
        .unwrap();
    assert_eq!(found.status, store::TournamentStatus::Finished);
    // In a round robin a board nobody moved in is a loss for both: no
    // point for either, marked - in both rows.
    club.send("hal", "chess tournament create rr hal PW");
    for player in ["ann", "bob"] {
        club.send(player, &format!("chess tournament join rr {player} PW"));
    }
    club.send("hal", "chess tournament start rr hal PW");
    club.wait(21 * DAY + 3600);
    let table = club.answer("hal", "chess tournament rr");
    assert!(
        table.contains("-/- (aborted, unrated: nobody moved, lost by both)"),
        "{table}"
    );
    for player in ["ann", "bob"] {
        let row = table
            .lines()
            .find(|line| line.split_whitespace().nth(2) == Some(player))
            .unwrap_or_else(|| panic!("{table}"));
        assert!(row.contains(" -  "), "{row}");
        assert_eq!(row.split_whitespace().nth(5), Some("0"), "{row}");
    }
}

#[test]
fn a_rules_change_changes_only_what_it_names_and_states_the_whole_rules() {
    let mut club = Club::new("", &["hal", "ann"]);
    club.send("hal", "chess tournament create cup hal PW -unrated");
    club.send("ann", "chess tournament join cup ann PW");
    let sent = club.send("hal", "chess tournament rules cup hal PW --forfeittime=9");
    let answer = &mail_to(&sent, "hal").body;
    assert!(answer.contains("Not rated."), "{answer}");
    assert!(
        answer.contains("Its rules are now: -roundrobin -admission:open -aborted:loss -unrated"),
        "{answer}"
    );
    assert!(answer.contains("--forfeittime=9d"), "{answer}");
    let news = &mail_to(&sent, "ann").body;
    assert!(
        news.contains("Its rules are now: -roundrobin -admission:open -aborted:loss -unrated"),
        "{news}"
    );
    let found = store::find_tournament(club.conn(), "chess", "cup")
        .unwrap()
        .unwrap();
    assert!(!found.rated);
    // A ladder alike.
    club.send("hal", "chess ladder create Club hal PW -unrated");
    club.send("ann", "chess ladder join Club ann PW");
    let sent = club.send("hal", "chess ladder rules Club hal PW --forfeittime=9");
    let answer = &mail_to(&sent, "hal").body;
    assert!(answer.contains("-unrated --forfeittime=9"), "{answer}");
    let news = &mail_to(&sent, "ann").body;
    assert!(news.contains("Its rules are now:"), "{news}");
    assert!(news.contains("-unrated --forfeittime=9"), "{news}");
}

#[test]
fn requests_and_invitations_that_lapse_are_told() {
    let mut club = Club::new("", &["hal", "ann", "bob", "fay", "gus"]);
    club.send(
        "hal",
        "chess tournament create cup hal PW -admission:approval",
    );
    club.send("ann", "chess tournament join cup ann PW");
    club.send("hal", "chess tournament admit cup hal PW ann");
    club.send("bob", "chess tournament join cup bob PW");
    club.send("hal", "chess tournament admit cup hal PW bob");
    let asked = club.answer("fay", "chess tournament join cup fay PW");
    assert!(
        asked.contains("you hear from the host when he admits you"),
        "{asked}"
    );
    club.send("hal", "chess tournament invite cup hal PW gus");
    let sent = club.send("hal", "chess tournament start cup hal PW");
    let fay = mails_to(&sent, "fay");
    let subjects: Vec<(&str, &str)> = sent
        .iter()
        .map(|mail| (mail.to.as_str(), mail.subject.as_str()))
        .collect();
    assert_eq!(fay.len(), 1, "{subjects:#?}");
    assert!(
        fay[0]
            .body
            .contains("began without you:\nyour request to join it lapsed"),
        "{}",
        fay[0].body
    );
    let gus = mails_to(&sent, "gus");
    assert!(
        gus[0].body.contains("your invitation to it lapsed"),
        "{}",
        gus[0].body
    );
    // A tournament cancelled before its start, and a ladder cancelled.
    club.send(
        "hal",
        "chess tournament create spring hal PW -admission:approval",
    );
    club.send("fay", "chess tournament join spring fay PW");
    let sent = club.send("hal", "chess tournament cancel spring hal PW");
    assert!(
        mail_to(&sent, "fay")
            .body
            .contains("was cancelled before it began"),
        "{sent:#?}"
    );
    club.send("hal", "chess ladder create Club hal PW -admission:approval");
    club.send("gus", "chess ladder join Club gus PW");
    let sent = club.send("hal", "chess ladder cancel Club hal PW");
    assert!(
        mail_to(&sent, "gus")
            .body
            .contains("Your request to join the ladder Club lapsed: it was cancelled."),
        "{sent:#?}"
    );
}

#[test]
fn ladder_refusals_name_their_ladder_and_a_pair_plays_one_ladder_game_at_a_time() {
    let mut club = Club::new("", &["ann", "bob", "cleo"]);
    club.send("ann", "chess ladder create blitz ann PW -open:2");
    club.send("ann", "chess ladder join blitz ann PW");
    club.send("bob", "chess ladder join blitz bob PW");
    let refused = club.answer(
        "cleo",
        "chess challenge cleo ann -ladder:blitz -password:PW",
    );
    assert!(
        refused.contains("cleo is not on the ladder blitz"),
        "{refused}"
    );
    assert!(
        refused.contains("chess ladder join blitz userid password"),
        "{refused}"
    );
    assert!(!refused.contains("the Chess ladder"), "{refused}");
    // Two ladder games may run a player, but not two between one pair.
    let sent = club.send("bob", "chess challenge bob ann -ladder:blitz -password:PW");
    assert_eq!(new_boards(&sent, "ann").len(), 1, "{sent:#?}");
    let refused = club.answer("bob", "chess challenge bob ann -ladder:blitz -password:PW");
    assert!(
        refused.contains("you and ann play a game of the ladder blitz together already"),
        "{refused}"
    );
}

#[test]
fn a_vacation_stops_ladder_drops_and_challenges_until_the_player_is_back() {
    let toml = "[ladders]\ninactive_days = 10\n";
    let mut club = Club::new(toml, &["ann", "eve", "dan"]);
    for player in ["ann", "eve", "dan"] {
        club.send(player, &format!("chess ladder join {player} PW"));
    }
    // eve goes away until March 21st (20 days).
    club.send("eve", "vacation eve PW on until 2027-03-21");
    let refused = club.answer("dan", "chess challenge dan eve -ladder -password:PW");
    assert!(
        refused.contains("eve is on vacation until 2027-03-21 00:00 UTC"),
        "{refused}"
    );
    // dan keeps playing: his challenge to ann runs on past day 10.
    club.wait(9 * DAY);
    club.send("dan", "chess challenge dan ann -ladder -password:PW");
    let ranks = |club: &Club| -> Vec<String> {
        let conn = club.conn();
        let id = store::default_ladder(conn, "chess", 0).unwrap().id;
        store::ladder(conn, id)
            .unwrap()
            .into_iter()
            .map(|rung| rung.userid)
            .collect()
    };
    // Day 16: eve, away, has not dropped below dan, who plays.
    club.wait(7 * DAY);
    assert_eq!(ranks(&club), ["ann", "eve", "dan"]);
    // Back on day 20, her absence goes on from where it stood when she
    // left: a few minutes of it. Day 26: still no drop.
    club.wait(10 * DAY);
    assert_eq!(ranks(&club), ["ann", "eve", "dan"]);
    let log = club.log("ann", "ladder");
    assert!(!log.contains("drop: eve"), "{log}");
}

#[test]
fn the_ladder_log_keeps_every_change_with_its_cause() {
    let toml = "[ladders]\ninactive_days = 10\n";
    let mut club = Club::new(toml, &["ann", "ben", "cleo", "dan"]);
    for player in ["ann", "ben", "cleo"] {
        club.send(player, &format!("chess ladder join {player} PW"));
    }
    // A result that climbs.
    club.send("cleo", "chess challenge cleo ann -ladder -password:PW");
    let board = store::next_board_id(club.conn()).unwrap() - 1;
    club.send("cleo", &format!("chess move {board} cleo PW e4"));
    club.send("ann", &format!("chess move {board} ann PW e5"));
    club.send("ann", &format!("chess resign {board} ann PW"));
    // A challenge never answered: lost by the one who would not play.
    club.send("ben", "chess challenge ben ann -ladder -password:PW");
    let unanswered = store::next_board_id(club.conn()).unwrap() - 1;
    club.send("ben", &format!("chess move {unanswered} ben PW e4"));
    club.wait(21 * DAY + 3600);
    // ann's last game is the one she played, not the one she would not
    // play (as her absence counts it).
    let listing = club.answer("dan", "chess ladder");
    let ann = listing
        .lines()
        .find(|line| line.split_whitespace().nth(1) == Some("ann"))
        .unwrap_or_else(|| panic!("{listing}"));
    assert!(ann.contains("2027-03-01"), "{ann}");
    assert!(!ann.contains("2027-03-22"), "{ann}");
    let log = club.log("dan", "ladder");
    for line in [
        format!("cleo  challenge: board {board}: cleo challenges ann"),
        format!("host  result: board {board}: 1-0; cleo climbs from rank 3 to 1"),
        format!("host  result: board {unanswered}: lost by ann, who would not play it (aborted); ben climbs"),
        "host  drop:".to_string(),
    ] {
        assert!(log.contains(&line), "{line}\n{log}");
    }
    // A ladder whose absent players leave it logs their going.
    club.send(
        "dan",
        "chess ladder create Club dan PW -inactive:5 -inactivity:remove",
    );
    club.send("dan", "chess ladder join Club dan PW");
    club.send("ann", "chess ladder join Club ann PW");
    club.wait(6 * DAY);
    let log = club.log("dan", "ladder Club");
    assert!(
        log.contains("host  remove: dan: no ladder game for 5 days; off the ladder"),
        "{log}"
    );
}

#[test]
fn robots_take_no_part_in_events_anywhere() {
    let mut club = Club::new("", &["hal", "ann", "bob"]);
    club.send("hal", "chess tournament create cup hal PW");
    let refused = club.answer("hal", "chess tournament invite cup hal PW robot1");
    assert!(
        refused.contains("robot1 is one of the host's robots"),
        "{refused}"
    );
    let refused = club.answer("hal", "chess tournament handover cup hal PW robot2");
    assert!(
        refused.contains("robots play in no ladder or tournament"),
        "{refused}"
    );
    club.send("ann", "chess tournament join cup ann PW");
    club.send("bob", "chess tournament join cup bob PW");
    club.send("hal", "chess tournament start cup hal PW");
    let refused = club.answer("hal", "chess tournament replace cup hal PW bob robot3");
    assert!(
        refused.contains("robot3 is one of the host's robots"),
        "{refused}"
    );
    club.send("hal", "chess ladder create Club hal PW");
    let refused = club.answer("hal", "chess ladder invite Club hal PW robot1");
    assert!(
        refused.contains("robot1 is one of the host's robots"),
        "{refused}"
    );
}

#[test]
fn a_handed_over_running_tournament_and_a_cancelled_knockout_say_what_is_true() {
    let mut club = Club::new("", &["hal", "ann", "bob", "ivy"]);
    club.send("hal", "chess tournament create ko hal PW -knockout");
    for player in ["ann", "bob"] {
        club.send(player, &format!("chess tournament join ko {player} PW"));
    }
    club.send("hal", "chess tournament start ko hal PW");
    let sent = club.send("hal", "chess tournament handover ko hal PW ivy");
    let told = &mail_to(&sent, "ivy").body;
    assert!(!told.contains("tournament start"), "{told}");
    assert!(told.contains("and direct it"), "{told}");
    let sent = club.send("ivy", "chess tournament cancel ko ivy PW");
    let answer = &mail_to(&sent, "ivy").body;
    assert!(
        answer.contains("voided by the director, when the tournament was cancelled"),
        "{answer}"
    );
    let games: Vec<&str> = answer
        .lines()
        .filter(|line| line.trim_start().starts_with("game "))
        .collect();
    assert!(!games.is_empty(), "{answer}");
    assert!(
        games.iter().all(|line| !line.contains("played again")),
        "{answer}"
    );
}

#[test]
fn the_web_view_shows_what_the_listings_by_mail_show() {
    let mut club = Club::new("", &["hal", "ann", "bob", "cleo"]);
    club.send("hal", "chess ladder create Club hal PW -unrated");
    for player in ["ann", "bob"] {
        club.send(player, &format!("chess ladder join Club {player} PW"));
    }
    club.send(
        "hal",
        "chess tournament create rr hal PW -unrated --forfeittime=9",
    );
    for player in ["ann", "bob", "cleo"] {
        club.send(player, &format!("chess tournament join rr {player} PW"));
    }
    club.send("hal", "chess tournament start rr hal PW");
    let board = club.boards("rr")[0].clone();
    club.send(
        &board.white,
        &format!("chess move {} {} PW e4", board.game_id, board.white),
    );
    club.send(
        &board.black,
        &format!("chess move {} {} PW e5", board.game_id, board.black),
    );
    club.send(
        "hal",
        &format!("chess adjudicate {} hal PW 1-0 a clear win", board.game_id),
    );
    let site = club.site();
    let front = get(site.address, "/").text();
    assert!(front.contains("/ladder/chess/Club\""), "{front}");
    assert!(front.contains("The Chess ladder Club"), "{front}");
    let ladder = get(site.address, "/ladder/chess/Club").text();
    assert!(
        ladder.contains("A challenger who wins takes the loser's place"),
        "{ladder}"
    );
    assert!(
        !ladder.contains("the winner of a challenge takes the loser"),
        "{ladder}"
    );
    assert!(ladder.contains("Last game"), "{ladder}");
    let id = store::find_tournament(club.conn(), "chess", "rr")
        .unwrap()
        .unwrap()
        .id;
    let page = get(site.address, &format!("/tournament/{id}")).text();
    let mail = club.answer("ann", "chess tournament rr");
    for (in_mail, on_page) in [
        ("Not rated.", "not rated"),
        ("9d a move", "9d a move"),
        ("then Sonneborn-Berger", "then Sonneborn-Berger"),
        (
            "Byes (a round a player sits out)",
            "Byes (a round a player sits out)",
        ),
        (
            "(adjudicated by the director)",
            "(adjudicated by the director)",
        ),
    ] {
        assert!(mail.contains(in_mail), "{in_mail}\n{mail}");
        assert!(page.contains(on_page), "{on_page}\n{page}");
    }
}
