//! Who plays in a tournament, and by what rules, before it starts: an
//! organiser who admits by approval or by invitation, rules changed
//! before the start and told to everyone concerned, the operator doing
//! the same from the command line, and every step in the tournament's
//! log. The host's clock is set; nothing sleeps.

use crate::util::host_harness::{mail_to, mails_to, PostOffice, Sent};
use crate::util::pbem;
use pbem::store;

fn hall(players: &[&str]) -> PostOffice {
    let mut office = PostOffice::new();
    office.set_clock(0);
    for player in players {
        office.signup(player);
    }
    office
}

fn send(office: &mut PostOffice, at: i64, userid: &str, subject: &str) -> Vec<Sent> {
    office.set_clock(at * 60);
    office.send_as(userid, subject, "")
}

/// The userids in the tournament `name`, in their seats.
fn players(office: &PostOffice, name: &str) -> Vec<String> {
    let conn = office.runtime.host.store().connection();
    let found = store::find_tournament(conn, "chess", name)
        .unwrap()
        .unwrap();
    store::tournament_players(conn, found.id).unwrap()
}

/// The operator's `pbem` subcommand `verbs` on the office's data
/// directory, with `args` after it.
fn cli(office: &PostOffice, verbs: &[&str], args: &[&str]) -> std::process::Output {
    pbem()
        .args(verbs)
        .arg("--data")
        .arg(office.dir.path())
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &std::process::Output) -> String {
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_tournament_by_approval_waits_for_its_organiser_to_admit() {
    let mut office = hall(&["anna", "ben", "cleo"]);
    let created = send(
        &mut office,
        1,
        "anna",
        "chess tournament create cup anna PW -admission:approval",
    );
    let body = &mail_to(&created, "anna").body;
    assert!(
        body.contains("Joining: the organiser admits those who ask."),
        "{body}"
    );
    let asked = send(&mut office, 2, "ben", "chess tournament join cup ben PW");
    assert!(
        mail_to(&asked, "ben")
            .body
            .contains("ben asked to join the tournament cup"),
        "{asked:#?}"
    );
    let told = mail_to(&asked, "anna");
    assert_eq!(told.subject, "PBeM Chess Tournament cup");
    assert!(
        told.body
            .contains("chess tournament admit cup anna PASSWORD ben"),
        "{}",
        told.body
    );
    assert!(players(&office, "cup").is_empty());
    // Asking again tells the organiser nothing new.
    let again = send(&mut office, 2, "ben", "chess tournament join cup ben PW");
    assert!(mails_to(&again, "anna").is_empty(), "{again:#?}");
    assert!(mail_to(&again, "ben")
        .body
        .contains("Waiting: ben (asked to join)"));
    let listed = send(&mut office, 3, "cleo", "chess tournament cup");
    assert!(
        mail_to(&listed, "cleo")
            .body
            .contains("Waiting: ben (asked to join)"),
        "{listed:#?}"
    );
    // Only the organiser admits, and only a player who asked.
    let refused = send(
        &mut office,
        4,
        "cleo",
        "chess tournament admit cup cleo PW ben",
    );
    assert!(
        mail_to(&refused, "cleo")
            .body
            .contains("only anna, who organises cup, can let a player into it"),
        "{refused:#?}"
    );
    let refused = send(
        &mut office,
        5,
        "anna",
        "chess tournament admit cup anna PW cleo",
    );
    assert!(
        mail_to(&refused, "anna")
            .body
            .contains("cleo has not asked to join the tournament cup, nor been invited to it"),
        "{refused:#?}"
    );
    let admitted = send(
        &mut office,
        6,
        "anna",
        "chess tournament admit cup anna PW ben",
    );
    assert!(mail_to(&admitted, "anna")
        .body
        .contains("anna let ben into the tournament cup; ben is told."));
    assert!(
        mail_to(&admitted, "ben")
            .body
            .contains("anna, who organises it, let you into the Chess tournament cup"),
        "{admitted:#?}"
    );
    assert_eq!(players(&office, "cup"), ["ben"]);
    // A player who asked and changes his mind takes the request back.
    send(&mut office, 7, "cleo", "chess tournament join cup cleo PW");
    let left = send(&mut office, 8, "cleo", "chess tournament leave cup cleo PW");
    assert!(mail_to(&left, "cleo")
        .body
        .contains("cleo left the tournament cup"));
    let listed = send(&mut office, 9, "cleo", "chess tournament cup");
    assert!(!mail_to(&listed, "cleo").body.contains("Waiting:"));
    let log = send(&mut office, 10, "cleo", "chess tournament cup log");
    let log = &mail_to(&log, "cleo").body;
    for line in [
        "ben  apply",
        "anna  admit: ben",
        "cleo  apply",
        "cleo  leave",
    ] {
        assert!(log.contains(line), "{line:?} in:\n{log}");
    }
}

#[test]
fn an_invitation_tournament_takes_only_the_invited() {
    let mut office = hall(&["anna", "ben", "cleo"]);
    send(
        &mut office,
        1,
        "anna",
        "chess tournament create masters anna PW -admission:invitation",
    );
    let refused = send(
        &mut office,
        2,
        "ben",
        "chess tournament join masters ben PW",
    );
    assert!(
        mail_to(&refused, "ben")
            .body
            .contains("the tournament masters takes only players its organiser invited"),
        "{refused:#?}"
    );
    let invited = send(
        &mut office,
        3,
        "anna",
        "chess tournament invite masters anna PW ben",
    );
    let letter = &mail_to(&invited, "ben").body;
    assert!(
        letter.contains("anna, who organises it, invites you to the Chess tournament masters."),
        "{letter}"
    );
    assert!(
        letter.contains("chess tournament join masters ben PASSWORD"),
        "{letter}"
    );
    let twice = send(
        &mut office,
        3,
        "anna",
        "chess tournament invite masters anna PW ben",
    );
    assert!(mails_to(&twice, "ben").is_empty(), "{twice:#?}");
    let joined = send(
        &mut office,
        4,
        "ben",
        "chess tournament join masters ben PW",
    );
    assert!(mail_to(&joined, "ben")
        .body
        .contains("ben joined the tournament masters"));
    let again = send(
        &mut office,
        5,
        "anna",
        "chess tournament invite masters anna PW ben",
    );
    assert!(mail_to(&again, "anna")
        .body
        .contains("ben plays in the tournament masters already"));
    let refused = send(
        &mut office,
        6,
        "cleo",
        "chess tournament join masters cleo PW",
    );
    assert!(mail_to(&refused, "cleo")
        .body
        .contains("takes only players its organiser invited"));
    assert_eq!(players(&office, "masters"), ["ben"]);
}

#[test]
fn the_organiser_changes_the_rules_before_the_start_and_everyone_is_told() {
    let mut office = hall(&["anna", "ben", "cleo", "dan"]);
    send(
        &mut office,
        1,
        "anna",
        "chess tournament create cup anna PW --forfeittime=14",
    );
    send(&mut office, 2, "ben", "chess tournament join cup ben PW");
    send(&mut office, 3, "cleo", "chess tournament join cup cleo PW");
    let bad = send(
        &mut office,
        4,
        "anna",
        "chess tournament rules cup anna PW -admission:friends",
    );
    assert!(
        mail_to(&bad, "anna")
            .body
            .contains("-admission takes open or approval or invitation, not \"friends\""),
        "{bad:#?}"
    );
    let two = send(
        &mut office,
        5,
        "anna",
        "chess tournament rules cup anna PW -double -knockout",
    );
    assert!(mail_to(&two, "anna")
        .body
        .contains("a tournament has one format"));
    let not_his = send(
        &mut office,
        6,
        "ben",
        "chess tournament rules cup ben PW -double",
    );
    assert!(mail_to(&not_his, "ben")
        .body
        .contains("only anna, who organises cup, can change its rules"));
    let changed = send(
        &mut office,
        7,
        "anna",
        "chess tournament rules cup anna PW -double --forfeittime=7 -aborted:void",
    );
    let answer = &mail_to(&changed, "anna").body;
    for line in [
        "anna changed the rules of the tournament cup: -double --forfeittime=7 -aborted:void.",
        "Every pairing plays twice, colours reversed.",
        "Time control: 7d a move",
        "Declining or not moving: the game counts for nobody.",
    ] {
        assert!(answer.contains(line), "{line:?} in:\n{answer}");
    }
    // Its players are told; nobody else is.
    for player in ["ben", "cleo"] {
        let news = &mail_to(&changed, player).body;
        assert!(
            news.contains("changed the rules of the Chess tournament\ncup, before its start: -double --forfeittime=7 -aborted:void"),
            "{news}"
        );
    }
    assert!(mails_to(&changed, "dan").is_empty());
    let conn = office.runtime.host.store().connection();
    let cup = store::find_tournament(conn, "chess", "cup")
        .unwrap()
        .unwrap();
    assert_eq!(
        cup.format,
        pbem::rules::tournament_rules::Format::DoubleRoundRobin
    );
    assert_eq!(cup.aborted, Some(pbem::rules::score::AbortRule::Void));
    // The boards begin under the changed rules.
    let started = send(&mut office, 8, "anna", "chess tournament start cup anna PW");
    let boards = mails_to(&started, "ben")
        .into_iter()
        .filter(|mail| mail.subject.starts_with("New Chess Board"))
        .count();
    assert_eq!(boards, 2, "a double round robin of two: {started:#?}");
    let board = mails_to(&started, "ben")
        .into_iter()
        .find(|mail| mail.subject.starts_with("New Chess Board"))
        .unwrap();
    assert!(board.body.contains("7d a move"), "{}", board.body);
    assert!(
        board.body.contains("counts it for nobody"),
        "{}",
        board.body
    );
    // Once begun, its rules stay.
    let late = send(
        &mut office,
        9,
        "anna",
        "chess tournament rules cup anna PW -knockout",
    );
    assert!(
        mail_to(&late, "anna").body.contains(
            "players join and leave, its rules change, and it starts, only before it begins"
        ),
        "{late:#?}"
    );
    let log = send(&mut office, 10, "dan", "chess tournament cup log");
    assert!(mail_to(&log, "dan")
        .body
        .contains("anna  rules: -double --forfeittime=7 -aborted:void"));
}

#[test]
fn a_tournament_is_not_named_after_one_of_its_verbs() {
    let mut office = hall(&["anna"]);
    for name in ["rules", "admit", "log"] {
        let refused = send(
            &mut office,
            1,
            "anna",
            &format!("chess tournament create {name} anna PW"),
        );
        assert!(
            mail_to(&refused, "anna")
                .body
                .contains(&format!("a tournament cannot be called {name}")),
            "{refused:#?}"
        );
    }
}

#[test]
fn the_operator_admits_invites_and_changes_the_rules_of_any_tournament() {
    let mut office = hall(&["anna", "ben", "cleo"]);
    send(
        &mut office,
        1,
        "anna",
        "chess tournament create cup anna PW -admission:approval",
    );
    send(&mut office, 2, "ben", "chess tournament join cup ben PW");
    let admitted = cli(
        &office,
        &["director", "tournament"],
        &["chess", "cup", "admit", "ben"],
    );
    assert!(
        stdout(&admitted).contains("ben plays in cup now"),
        "{admitted:?}"
    );
    let invited = cli(
        &office,
        &["director", "tournament"],
        &["chess", "cup", "invite", "cleo"],
    );
    assert!(
        stdout(&invited).contains("cleo is invited to cup"),
        "{invited:?}"
    );
    let rules = cli(
        &office,
        &["director", "tournament"],
        &["chess", "cup", "rules", "-knockout", "-unrated"],
    );
    assert!(
        stdout(&rules).contains("cup plays by -knockout -unrated now"),
        "{rules:?}"
    );
    let refused = cli(
        &office,
        &["director", "tournament"],
        &["chess", "cup", "rules", "-aborted:draw"],
    );
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("-aborted takes loss or void"),
        "{refused:?}"
    );
    let missing = cli(
        &office,
        &["director", "tournament"],
        &["chess", "nowhere", "admit", "ben"],
    );
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr)
        .contains("there is no Chess tournament called nowhere"));
    // The mails the operator's verbs queued go out with the next pass.
    let sent = office.run_pass();
    assert!(
        mails_to(&sent, "ben").iter().any(|mail| mail
            .body
            .contains("The host's operator let you into the Chess tournament cup")),
        "{sent:#?}"
    );
    assert!(mails_to(&sent, "cleo").iter().any(|mail| mail
        .body
        .contains("The host's operator invites you to the Chess tournament cup.")));
    assert!(mails_to(&sent, "anna").iter().any(|mail| mail
        .body
        .contains("The host's operator changed the rules of the Chess tournament\ncup")));
    let conn = office.runtime.host.store().connection();
    let cup = store::find_tournament(conn, "chess", "cup")
        .unwrap()
        .unwrap();
    assert_eq!(cup.format, pbem::rules::tournament_rules::Format::Knockout);
    assert!(!cup.rated);
    assert_eq!(players(&office, "cup"), ["ben"]);
    let log = stdout(&cli(
        &office,
        &["event-log"],
        &["--game", "chess", "--tournament", "cup"],
    ));
    for line in [
        "operator admit: ben",
        "operator invite: cleo",
        "operator rules: -knockout -unrated",
    ] {
        assert!(log.contains(line), "{line:?} in:\n{log}");
    }
}

#[test]
fn a_player_runs_only_so_many_events_at_once() {
    let mut office = PostOffice::with_config(
        "[tournaments]\nmax_per_organiser = 2\n[ladders]\nmax_per_director = 1\n",
    );
    office.set_clock(0);
    office.signup("anna");
    for name in ["one", "two"] {
        let created = send(
            &mut office,
            1,
            "anna",
            &format!("chess tournament create {name} anna PW"),
        );
        assert!(mail_to(&created, "anna")
            .body
            .contains("created the Chess tournament"));
    }
    let refused = send(
        &mut office,
        2,
        "anna",
        "chess tournament create three anna PW",
    );
    assert!(
        mail_to(&refused, "anna")
            .body
            .contains("you organise 2 tournaments not over yet, as many as one player may here"),
        "{refused:#?}"
    );
    // A cancelled one no longer counts.
    send(
        &mut office,
        3,
        "anna",
        "chess tournament cancel one anna PW",
    );
    let created = send(
        &mut office,
        4,
        "anna",
        "chess tournament create three anna PW",
    );
    assert!(mail_to(&created, "anna")
        .body
        .contains("created the Chess tournament three"));
    send(&mut office, 5, "anna", "chess ladder create Club anna PW");
    let refused = send(&mut office, 6, "anna", "chess ladder create Other anna PW");
    assert!(
        mail_to(&refused, "anna")
            .body
            .contains("you direct 1 ladder, as many as one player may here"),
        "{refused:#?}"
    );
}
