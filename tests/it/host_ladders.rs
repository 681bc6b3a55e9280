//! Named ladders by mail: players create ladders with rules of their own
//! and direct them (admit, invite, suspend, change the rules, hand over,
//! cancel, write to the players), beside the host's default ladder of
//! each game type; and the lists of a game type's ladders and
//! tournaments. The host's clock is set; nothing sleeps.

use crate::util::host_harness::{mail_to, mails_to, PostOffice, Sent};
use crate::util::{pbem, DAY};
use pbem::store;

fn club(players: &[&str]) -> PostOffice {
    let mut office = PostOffice::new();
    office.set_clock(0);
    for player in players {
        office.signup(player);
    }
    office
}

fn send(office: &mut PostOffice, at: i64, userid: &str, subject: &str) -> Vec<Sent> {
    office.set_clock(at);
    office.send_as(userid, subject, "")
}

/// The userids of a named ladder from the top.
fn ranks(office: &PostOffice, name: &str) -> Vec<String> {
    let conn = office.runtime.host.store().connection();
    let ladder = store::find_ladder(conn, "chess", name).unwrap().unwrap();
    store::ladder(conn, ladder.id)
        .unwrap()
        .into_iter()
        .map(|rung| rung.userid)
        .collect()
}

fn first_body(sent: &[Sent]) -> &str {
    &sent.first().expect("an answer").body
}

#[test]
fn two_ladders_on_one_game_keep_their_own_ranks_and_rules() {
    let mut office = club(&["anna", "ben", "cleo", "dan"]);
    let sent = send(
        &mut office,
        1,
        "anna",
        "chess ladder create Club anna PW -reach:1 -open:2 -aborted:void",
    );
    let body = first_body(&sent);
    assert!(
        body.contains("anna created the ladder Club and directs it"),
        "{body}"
    );
    assert!(
        body.contains("Reach: a challenge goes up to 1 place above"),
        "{body}"
    );
    assert!(body.contains("at most 2 ladder games running"), "{body}");
    assert!(body.contains("the game counts for nobody"), "{body}");
    // The same players join both, in opposite orders.
    for (at, player) in ["ben", "cleo", "dan"].iter().enumerate() {
        send(
            &mut office,
            10 + at as i64,
            player,
            &format!("chess ladder join {player} PW"),
        );
    }
    for (at, player) in ["dan", "cleo", "ben"].iter().enumerate() {
        let sent = send(
            &mut office,
            20 + at as i64,
            player,
            &format!("chess ladder join Club {player} PW"),
        );
        assert!(first_body(&sent).contains(&format!("joined the ladder Club at rank {}", at + 1)));
    }
    assert_eq!(ranks(&office, "Club"), ["dan", "cleo", "ben"]);
    assert_eq!(ranks(&office, ""), ["ben", "cleo", "dan"]);
    // Reach 1 on Club: ben (3rd) may not challenge dan (1st), and is told
    // whom he may challenge.
    let sent = send(
        &mut office,
        30,
        "ben",
        "chess challenge ben dan -ladder:Club -password:PW",
    );
    let body = first_body(&sent);
    assert!(body.contains("cleo"), "{body}");
    assert!(
        store::load_game(office.runtime.host.store().connection(), 101)
            .unwrap()
            .is_none()
    );
    // On the default ladder (reach 3), dan (3rd) may challenge ben (1st).
    let sent = send(
        &mut office,
        40,
        "dan",
        "chess challenge dan ben -ladder -password:PW",
    );
    let board = mail_to(&sent, "ben");
    assert!(
        board.body.contains("A Chess ladder game."),
        "{}",
        board.body
    );
    // On Club, ben challenges cleo; cleo declines: void on Club.
    let sent = send(
        &mut office,
        50,
        "ben",
        "chess challenge ben cleo -ladder:Club -password:PW",
    );
    let board = mail_to(&sent, "cleo");
    assert!(
        board.body.contains("A game of the Chess ladder Club."),
        "{}",
        board.body
    );
    assert!(
        board.body.contains("counts it for nobody"),
        "{}",
        board.body
    );
    send(&mut office, 60, "cleo", "chess decline 102 cleo PW");
    assert_eq!(ranks(&office, "Club"), ["dan", "cleo", "ben"]);
    // On the default ladder, ben declines dan's challenge: a loss for ben.
    let sent = send(&mut office, 70, "ben", "chess decline 101 ben PW");
    assert_eq!(ranks(&office, ""), ["dan", "ben", "cleo"]);
    let news: Vec<_> = mails_to(&sent, "ben")
        .into_iter()
        .filter(|mail| mail.subject == "PBeM Chess Ladder")
        .collect();
    assert_eq!(news.len(), 1, "{sent:#?}");
    // The list shows both, with their directors and rules.
    let sent = send(&mut office, 80, "cleo", "chess ladders");
    let body = first_body(&sent);
    assert_eq!(sent[0].subject, "PBeM Chess Ladders");
    assert!(
        body.contains("The Chess ladder, the host's own: 3 players."),
        "{body}"
    );
    assert!(
        body.contains("Club, directed by anna: 3 players."),
        "{body}"
    );
    assert!(
        body.contains("  Reach: a challenge goes up to 1 place"),
        "{body}"
    );
    // The named ladder's games are Club's in the PGN, and the operator
    // prints either ladder.
    let pgn = cli(&office, &["export", "--pgn"]);
    assert!(pgn.contains("[Event \"Club\"]"), "{pgn}");
    assert!(pgn.contains("[Event \"Chess ladder\"]"), "{pgn}");
    let printed = cli(&office, &["ladder", "chess", "Club"]);
    assert!(printed.contains("The ladder Club:"), "{printed}");
    assert!(printed.contains("   1  dan"), "{printed}");
}

/// The operator's `pbem` command on the office's data directory.
fn cli(office: &PostOffice, args: &[&str]) -> String {
    let output = pbem()
        .args(args)
        .arg("--data")
        .arg(office.dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn admission_by_approval_waits_for_the_director() {
    let mut office = club(&["anna", "ben", "cleo"]);
    send(
        &mut office,
        1,
        "anna",
        "chess ladder create Club anna PW -admission:approval",
    );
    let sent = send(&mut office, 2, "ben", "chess ladder join Club ben PW");
    assert!(
        first_body(&sent).contains("ben asked to join the ladder Club"),
        "{sent:#?}"
    );
    let told = mail_to(&sent, "anna");
    assert_eq!(told.subject, "PBeM Chess Ladder Club");
    assert!(
        told.body
            .contains("chess ladder admit Club anna PASSWORD ben"),
        "{}",
        told.body
    );
    assert!(ranks(&office, "Club").is_empty());
    let listed = send(&mut office, 3, "cleo", "chess ladder Club");
    assert!(
        first_body(&listed).contains("Waiting: ben (asked to join)"),
        "{listed:#?}"
    );
    // Only the director admits; nobody admits who did not ask.
    let sent = send(
        &mut office,
        4,
        "cleo",
        "chess ladder admit Club cleo PW ben",
    );
    assert!(first_body(&sent).contains("only anna, who directs the ladder Club, can admit players"));
    let sent = send(
        &mut office,
        5,
        "anna",
        "chess ladder admit Club anna PW cleo",
    );
    assert!(first_body(&sent).contains("cleo is not waiting for a place on the ladder Club"));
    let sent = send(
        &mut office,
        6,
        "anna",
        "chess ladder admit Club anna PW ben",
    );
    assert!(first_body(&sent).contains("anna admitted ben to the ladder Club, at rank 1."));
    assert!(mail_to(&sent, "ben")
        .body
        .contains("admitted you: you stand at rank 1"));
    assert_eq!(ranks(&office, "Club"), ["ben"]);
}

#[test]
fn an_invitation_ladder_takes_only_the_invited() {
    let mut office = club(&["anna", "ben", "cleo"]);
    send(
        &mut office,
        1,
        "anna",
        "chess ladder create Masters anna PW -admission:invitation",
    );
    let sent = send(&mut office, 2, "ben", "chess ladder join Masters ben PW");
    assert!(first_body(&sent).contains("takes only players its director invited"));
    let sent = send(
        &mut office,
        3,
        "anna",
        "chess ladder invite Masters anna PW ben",
    );
    assert!(mail_to(&sent, "ben").body.contains("invites you to it"));
    let sent = send(&mut office, 4, "ben", "chess ladder join Masters ben PW");
    assert!(first_body(&sent).contains("joined the ladder Masters at rank 1"));
    let sent = send(&mut office, 5, "cleo", "chess ladder join Masters cleo PW");
    assert!(first_body(&sent).contains("takes only players its director invited"));
}

#[test]
fn a_director_suspends_changes_rules_hands_over_and_cancels_and_players_are_told() {
    let mut office = club(&["anna", "ben", "cleo", "dan"]);
    send(&mut office, 1, "anna", "chess ladder create Club anna PW");
    for (at, player) in ["ben", "cleo", "dan"].iter().enumerate() {
        send(
            &mut office,
            2 + at as i64,
            player,
            &format!("chess ladder join Club {player} PW"),
        );
    }
    // A suspended player is challenged by nobody and keeps his place.
    let sent = send(
        &mut office,
        10,
        "anna",
        "chess ladder suspend Club anna PW cleo",
    );
    assert!(mail_to(&sent, "cleo").body.contains("suspended you"));
    let sent = send(
        &mut office,
        11,
        "dan",
        "chess challenge dan cleo -ladder:Club -password:PW",
    );
    assert!(
        first_body(&sent).contains("cleo is suspended from the ladder Club"),
        "{sent:#?}"
    );
    let listed = send(&mut office, 12, "dan", "chess ladder Club");
    assert!(first_body(&listed).contains("(suspended)"), "{listed:#?}");
    send(
        &mut office,
        13,
        "anna",
        "chess ladder reinstate Club anna PW cleo",
    );
    let sent = send(
        &mut office,
        14,
        "dan",
        "chess challenge dan cleo -ladder:Club -password:PW",
    );
    assert!(
        mail_to(&sent, "cleo")
            .subject
            .starts_with("New Chess Board 101"),
        "{sent:#?}"
    );
    // A rule change is for the director alone, and everyone hears of it.
    let sent = send(
        &mut office,
        20,
        "ben",
        "chess ladder rules Club ben PW -reach:5",
    );
    assert!(
        first_body(&sent).contains("only anna, who directs the ladder Club, can change its rules")
    );
    let sent = send(
        &mut office,
        21,
        "anna",
        "chess ladder rules Club anna PW -reach:5 -open:3",
    );
    for player in ["ben", "cleo", "dan"] {
        let told = mail_to(&sent, player);
        assert!(
            told.body.contains("changed its rules (-reach:5 -open:3)"),
            "{}",
            told.body
        );
    }
    assert!(first_body(&sent).contains("up to 5 places"));
    // A rule word that does not read changes nothing.
    let sent = send(
        &mut office,
        22,
        "anna",
        "chess ladder rules Club anna PW -reach:0",
    );
    assert!(first_body(&sent).contains("-reach takes 1 to 50 places, not \"0\""));
    // An announcement reaches every player but the sender.
    office.set_clock(23);
    let sent = office.send_as(
        "anna",
        "chess ladder announce Club anna PW",
        "Finals on Friday.",
    );
    for player in ["ben", "cleo", "dan"] {
        assert!(mail_to(&sent, player).body.contains("Finals on Friday."));
    }
    // Handed over, the old director is refused and the new one directs.
    let sent = send(
        &mut office,
        30,
        "anna",
        "chess ladder handover Club anna PW ben",
    );
    assert!(mail_to(&sent, "ben").body.contains("you direct it now"));
    let sent = send(&mut office, 31, "anna", "chess ladder cancel Club anna PW");
    assert!(first_body(&sent).contains("only ben, who directs the ladder Club, can cancel it"));
    let sent = send(&mut office, 32, "ben", "chess ladder cancel Club ben PW");
    for player in ["cleo", "dan"] {
        assert!(mail_to(&sent, player).body.contains("cancelled it"));
    }
    // Cancelled: no new challenge, and the running game moves nobody.
    let sent = send(
        &mut office,
        33,
        "cleo",
        "chess challenge cleo ben -ladder:Club -password:PW",
    );
    assert!(
        first_body(&sent).contains("the ladder Club has ended"),
        "{sent:#?}"
    );
    send(&mut office, 34, "dan", "chess move 101 dan PW e4");
    send(&mut office, 35, "cleo", "chess move 101 cleo PW e5");
    let before = ranks(&office, "Club");
    let sent = send(&mut office, 36, "cleo", "chess resign 101 cleo PW");
    assert_eq!(ranks(&office, "Club"), before);
    assert!(sent
        .iter()
        .all(|mail| mail.subject != "PBeM Chess Ladder Club"));
}

#[test]
fn the_default_ladder_is_the_operators_and_its_name_is_not_taken_twice() {
    let mut office = club(&["anna", "ben"]);
    send(&mut office, 1, "anna", "chess ladder create Club anna PW");
    let sent = send(&mut office, 2, "ben", "chess ladder create club ben PW");
    assert!(first_body(&sent).contains("a Chess ladder called club exists already"));
    let sent = send(&mut office, 3, "ben", "chess ladder join Nowhere ben PW");
    assert!(first_body(&sent).contains("there is no Chess ladder called Nowhere"));
    assert!(first_body(&sent).contains("Club"));
}

#[test]
fn a_ladder_with_switches_plays_every_game_with_them_and_no_others() {
    let mut office = club(&["anna", "ben", "cleo"]);
    send(
        &mut office,
        1,
        "anna",
        "chess ladder create Casual anna PW -unrated",
    );
    send(&mut office, 2, "ben", "chess ladder join Casual ben PW");
    send(&mut office, 3, "cleo", "chess ladder join Casual cleo PW");
    let sent = send(
        &mut office,
        4,
        "cleo",
        "chess challenge cleo ben -ladder:Casual -rated -password:PW",
    );
    assert!(first_body(&sent).contains("every game of the ladder Casual is played with -unrated"));
    send(
        &mut office,
        5,
        "cleo",
        "chess challenge cleo ben -ladder:Casual -password:PW",
    );
    assert!(!office.game(101).rated);
}

#[test]
fn absent_players_leave_a_ladder_whose_rules_say_so() {
    let mut office = club(&["anna", "ben", "cleo"]);
    send(
        &mut office,
        1,
        "anna",
        "chess ladder create Active anna PW -inactive:5 -inactivity:remove",
    );
    send(&mut office, 2, "ben", "chess ladder join Active ben PW");
    send(
        &mut office,
        3 * DAY,
        "cleo",
        "chess ladder join Active cleo PW",
    );
    assert_eq!(ranks(&office, "Active"), ["ben", "cleo"]);
    // Ben joined on day 0 and never played: absent from day 5, he leaves;
    // cleo, who joined on day 3, stays and moves up.
    office.set_clock(5 * DAY + 60);
    let sent = office.run_pass();
    assert_eq!(ranks(&office, "Active"), ["cleo"]);
    let told = mail_to(&sent, "ben");
    assert!(
        told.body
            .contains("left the ladder Active, as its rules say"),
        "{}",
        told.body
    );
    assert!(
        told.body.contains("you are no longer on the ladder Active"),
        "{}",
        told.body
    );
    assert!(mail_to(&sent, "cleo").body.contains("rank 1 (before: 2)"));
}

#[test]
fn the_tournaments_list_names_each_with_its_organiser_format_and_state() {
    let mut office = club(&["anna", "ben"]);
    let sent = send(&mut office, 1, "ben", "chess tournaments");
    assert_eq!(sent[0].subject, "PBeM Chess Tournaments");
    assert!(first_body(&sent).contains("There is no Chess tournament yet."));
    office.set_clock(2);
    office.send_as(
        "anna",
        "chess tournament create cup anna PW -knockout",
        "Moves within a week.",
    );
    send(
        &mut office,
        3,
        "ben",
        "chess tournament create league ben PW -double -unrated",
    );
    send(&mut office, 4, "ben", "chess tournament join cup ben PW");
    let sent = send(&mut office, 5, "ben", "chess tournaments");
    let body = first_body(&sent);
    let league = body
        .find("league, organised by ben: 0 players, a double round robin, unrated, open to join.");
    let cup = body.find("cup, organised by anna: 1 player, a knockout, rated, open to join.");
    assert!(league.is_some() && cup.is_some(), "{body}");
    assert!(league < cup, "newest first: {body}");
    assert!(body.contains("  Moves within a week."), "{body}");
    // The web view's page of the tournament shows the note too.
    let conn = office.runtime.host.store().connection();
    let id = store::find_tournament(conn, "chess", "cup")
        .unwrap()
        .unwrap()
        .id;
    let site = crate::web_view::site(&office);
    let page = crate::web_view::page(&site, &format!("/tournament/{id}"));
    assert!(
        page.contains("The organiser's note: Moves within a week."),
        "{page}"
    );
}

#[test]
fn the_web_view_shows_every_ladder_with_its_director_rules_and_ranks() {
    let mut office = club(&["anna", "ben", "cleo"]);
    office.set_clock(1);
    office.send_as(
        "anna",
        "chess ladder create Club anna PW -reach:2 -inactivity:remove -unrated",
        "Thursdays only.",
    );
    send(&mut office, 2, "ben", "chess ladder join Club ben PW");
    send(&mut office, 3, "cleo", "chess ladder join Club cleo PW");
    send(&mut office, 4, "ben", "chess ladder join ben PW");
    send(&mut office, 4, "cleo", "chess ladder join cleo PW");
    send(
        &mut office,
        5,
        "anna",
        "chess ladder suspend Club anna PW ben",
    );
    send(
        &mut office,
        6,
        "cleo",
        "chess challenge cleo ben -ladder -password:PW",
    );
    let site = crate::web_view::site(&office);
    let list = crate::web_view::page(&site, "/ladders");
    assert!(list.contains("href=\"/ladder/chess/Club\""), "{list}");
    assert!(list.contains("href=\"/ladder/chess\""), "{list}");
    let club_page = crate::web_view::page(&site, "/ladder/chess/Club");
    for text in [
        "The Chess ladder Club",
        "Thursdays only.",
        "up to 2 places above him",
        "leaves the ladder",
        "Every game is played with -unrated.",
        "(suspended)",
    ] {
        assert!(club_page.contains(text), "{text}: {club_page}");
    }
    // The open challenge is the default ladder's, not Club's.
    assert!(club_page.contains("None."), "{club_page}");
    let default_page = crate::web_view::page(&site, "/ladder/chess");
    assert!(default_page.contains("board 101"), "{default_page}");
    let feed = crate::web_view::ok(&site, "/ladder/chess/Club.atom").text();
    assert!(feed.contains("The Chess ladder Club"), "{feed}");
    let missing = crate::util::web_client::get(site.address, "/ladder/chess/Nowhere");
    assert_eq!(missing.status, 404);
}

#[test]
fn a_director_removes_a_cheater_whose_running_ladder_games_are_lost_by_him() {
    let mut office = club(&["anna", "ben", "cleo", "dan"]);
    send(
        &mut office,
        1,
        "anna",
        "chess ladder create Club anna PW -open:2",
    );
    for (at, player) in ["ben", "cleo", "dan"].iter().enumerate() {
        send(
            &mut office,
            2 + at as i64,
            player,
            &format!("chess ladder join Club {player} PW"),
        );
    }
    // Cleo (2nd) plays ben (1st) and has moved on it; dan challenges cleo
    // and nobody has moved there.
    send(
        &mut office,
        10,
        "cleo",
        "chess challenge cleo ben -ladder:Club -password:PW",
    );
    send(&mut office, 11, "cleo", "chess move 101 cleo PW e4");
    send(&mut office, 12, "ben", "chess move 101 ben PW e5");
    send(
        &mut office,
        13,
        "dan",
        "chess challenge dan cleo -ladder:Club -password:PW",
    );
    // Only the director removes.
    let sent = send(
        &mut office,
        20,
        "ben",
        "chess ladder remove Club ben PW cleo",
    );
    assert!(first_body(&sent)
        .contains("only anna, who directs the ladder Club, can take players off it"));
    let sent = send(
        &mut office,
        21,
        "anna",
        "chess ladder remove Club anna PW cleo",
    );
    let body = first_body(&sent);
    assert!(body.contains("anna took cleo off the ladder Club; he lost his running ladder games by forfeit (board 101, 102)"), "{body}");
    assert!(
        mails_to(&sent, "cleo")
            .iter()
            .any(|mail| mail.body.contains("took you off it")),
        "{sent:#?}"
    );
    let conn = office.runtime.host.store().connection();
    // Both moved on board 101: a game played, lost by cleo and rated.
    let score: Option<String> = conn
        .query_row("SELECT score FROM games WHERE id = 101", [], |row| {
            row.get(0)
        })
        .unwrap();
    assert_eq!(score.as_deref(), Some("0-1"));
    assert!(store::load_rating(conn, "chess", "cleo").unwrap().is_some());
    // Nobody moved on board 102: aborted, unrated, the ladder's loss for cleo.
    let aborted = store::load_game(conn, 102).unwrap().unwrap();
    assert_eq!(aborted.status, store::GameStatus::Aborted, "{aborted:?}");
    assert!(store::load_rating(conn, "chess", "dan").unwrap().is_none());
    assert_eq!(ranks(&office, "Club"), ["ben", "dan"]);
    // The game-over mails say who ruled.
    let over = mails_to(&sent, "ben")
        .into_iter()
        .find(|mail| mail.subject.contains("Board 101"))
        .expect("ben hears board 101 is over");
    assert!(
        over.body.contains("adjudicated by the director"),
        "{}",
        over.body
    );
}

#[test]
fn a_named_ladders_director_rules_on_its_games_and_its_log_keeps_it_all() {
    let mut office = club(&["anna", "ben", "cleo"]);
    send(
        &mut office,
        1,
        "anna",
        "chess ladder create Club anna PW -admission:approval",
    );
    send(&mut office, 2, "ben", "chess ladder join Club ben PW");
    send(
        &mut office,
        3,
        "anna",
        "chess ladder admit Club anna PW ben",
    );
    send(&mut office, 4, "cleo", "chess ladder join Club cleo PW");
    send(
        &mut office,
        5,
        "anna",
        "chess ladder admit Club anna PW cleo",
    );
    send(
        &mut office,
        6,
        "cleo",
        "chess challenge cleo ben -ladder:Club -password:PW",
    );
    send(&mut office, 7, "cleo", "chess move 101 cleo PW e4");
    send(&mut office, 8, "ben", "chess move 101 ben PW e5");
    // A player of the ladder may not rule; its director may.
    let sent = send(
        &mut office,
        9,
        "ben",
        "chess adjudicate 101 ben PW 0-1 he left",
    );
    assert!(sent[0].subject.contains("101"), "{sent:#?}");
    assert_eq!(office.game(101).status, store::GameStatus::Active);
    let sent = send(
        &mut office,
        10,
        "anna",
        "chess adjudicate 101 anna PW 1-0 cleo was winning",
    );
    assert!(
        mails_to(&sent, "ben")
            .iter()
            .any(|mail| mail.body.contains("cleo was winning")),
        "{sent:#?}"
    );
    assert_eq!(ranks(&office, "Club"), ["cleo", "ben"]);
    // Anyone reads the log, oldest first.
    let sent = send(&mut office, 11, "ben", "chess ladder Club log");
    assert_eq!(sent[0].subject, "PBeM Chess Ladder Club");
    let body = first_body(&sent);
    let order = [
        "anna  create",
        "ben  apply",
        "anna  admit: ben at rank 1",
        "cleo  apply",
        "anna  admit: cleo at rank 2",
        "anna  adjudicate: board 101: 1-0: cleo was winning",
    ];
    let mut from = 0;
    for line in order {
        let at = body[from..]
            .find(line)
            .unwrap_or_else(|| panic!("{line}: {body}"));
        from += at + line.len();
    }
    // The operator reads it too, and the default ladder has one of its own.
    let printed = cli(
        &office,
        &["event-log", "--game", "chess", "--ladder", "Club"],
    );
    assert!(printed.contains("cleo was winning"), "{printed}");
    let sent = send(&mut office, 12, "ben", "chess ladder log");
    assert!(
        first_body(&sent).contains("The log of the Chess ladder, oldest first"),
        "{sent:#?}"
    );
}

/// The operator's `pbem director ladder` on the office's data directory.
fn director(office: &PostOffice, args: &[&str]) -> std::process::Output {
    pbem()
        .args(["director", "ladder", "--data"])
        .arg(office.dir.path())
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_operator_directs_every_ladder_the_hosts_own_too() {
    let mut office = club(&["anna", "ben", "cleo"]);
    send(
        &mut office,
        1,
        "anna",
        "chess ladder create Club anna PW -admission:approval",
    );
    send(&mut office, 2, "ben", "chess ladder join Club ben PW");
    send(&mut office, 3, "cleo", "chess ladder join cleo PW");
    send(&mut office, 4, "ben", "chess ladder join ben PW");
    let admitted = director(&office, &["chess", "Club", "admit", "ben"]);
    assert!(admitted.status.success(), "{admitted:?}");
    assert!(String::from_utf8_lossy(&admitted.stdout).contains("admit ben at rank 1"));
    assert_eq!(ranks(&office, "Club"), ["ben"]);
    // The host's own ladder: only the operator suspends on it.
    let suspended = director(&office, &["chess", "", "suspend", "ben"]);
    assert!(suspended.status.success(), "{suspended:?}");
    let sent = send(
        &mut office,
        10,
        "cleo",
        "chess challenge cleo ben -ladder -password:PW",
    );
    let told = mails_to(&sent, "ben");
    assert!(
        told.iter().any(|mail| mail
            .body
            .contains("The host's operator, who directs the Chess ladder, suspended you")),
        "{sent:#?}"
    );
    let refused = mail_to(&sent, "cleo");
    assert!(
        refused
            .body
            .contains("ben is suspended from the Chess ladder"),
        "{}",
        refused.body
    );
    let rules = director(&office, &["chess", "Club", "rules", "-reach:2", "-open:2"]);
    assert!(rules.status.success(), "{rules:?}");
    let listed = send(&mut office, 11, "cleo", "chess ladder Club");
    assert!(
        mail_to(&listed, "cleo").body.contains("up to 2 places"),
        "{listed:#?}"
    );
    // A verb that does not fit is refused with what would.
    let wrong = director(&office, &["chess", "Club", "admit"]);
    assert!(!wrong.status.success());
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("admit takes one userid"));
    let missing = director(&office, &["chess", "Nowhere", "cancel"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr)
        .contains("there is no Chess ladder called Nowhere"));
    // Both logs name the operator.
    let log = cli(
        &office,
        &["event-log", "--game", "chess", "--ladder", "Club"],
    );
    assert!(log.contains("operator admit: ben at rank 1"), "{log}");
    assert!(log.contains("operator rules: -reach:2 -open:2"), "{log}");
    let log = cli(&office, &["event-log", "--game", "chess", "--ladder", ""]);
    assert!(log.contains("operator suspend: ben"), "{log}");
}
