//! Robots cannot be turned against other players or the daemon (issue
//! 27): a person's move against a robot is answered in the first look
//! behind any number of an attacker's robot-vs-robot boards, and another
//! player's robot board moves every look too; `serve` stops within 2 s
//! of SIGTERM with ten Spherical robot boards thinking, and `serve
//! --once` with them ends at its budget; two `pbem robots` at once never
//! think about the same move.

use crate::util::host_harness::{address, password, PostOffice};
use crate::util::{confirming_reply, pbem, raw_mail, t0};
use pbem::clock::Clock;
use pbem::config::Config;
use pbem::daemon::Runtime;
use pbem::mail::outbound::compose::player_mail;
use pbem::robot::Halt;
use pbem::store;
use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Robots that think a tenth of a second, a look of one second, and a
/// cap that never holds a follower's mails back.
const BUDGETED: &str =
    "[host]\nmax_mails_per_hour = 50000\n[limits]\nrobot_boards = 10000\nboards_per_day = 100000\nopen_challenges = 100000\nopen_challenges_per_opponent = 1000\n[robots]\nthink = \"100ms\"\nbudget = \"1s\"\n";

/// The attacker's robot-vs-robot boards.
const FLOOD: i64 = 50;

/// The moves on each of `boards`.
fn moves_on(office: &PostOffice, boards: std::ops::Range<i64>) -> Vec<usize> {
    boards.map(|board| office.move_count(board)).collect()
}

#[test]
fn a_persons_move_against_a_robot_is_answered_in_the_first_look_behind_fifty_robot_boards() {
    let mut office = PostOffice::with_config(BUDGETED);
    for userid in ["eve", "bob", "carol"] {
        office.signup(userid);
    }
    // eve starts fifty boards of robot3 (a full tenth of a second a
    // move) against robot2, all handled in one pass.
    let robots = format!(
        "chess challenge robot3 robot2 -password:{}",
        password("eve")
    );
    for _ in 0..FLOOD {
        let raw = player_mail(&address("eve"), "pbem@localhost", Some(&robots), "", None).unwrap();
        office.runtime.maildir.deliver(&raw).unwrap();
    }
    office.run_pass();
    let first = 101;
    let after_flood = first + FLOOD;
    assert_eq!(
        store::next_board_id(office.runtime.host.store().connection()).unwrap(),
        after_flood
    );
    // carol sets one pair of robots playing, bob challenges robot1.
    office.send_as("carol", "chess challenge robot3 robot2 -password:PW", "");
    let (carol, bob) = (after_flood, after_flood + 1);
    office.send_as("bob", "chess challenge bob robot1", "");
    let eve_before: usize = moves_on(&office, first..after_flood).iter().sum();
    let carol_before = office.move_count(carol);
    let started = Instant::now();
    office.send_as("bob", &format!("chess move {bob} bob PW e4"), "");
    let look = started.elapsed();
    assert_eq!(
        office.move_count(bob),
        2,
        "robot1 answered bob in this look"
    );
    assert!(
        office.move_count(carol) > carol_before,
        "carol's one robot board moved in this look too"
    );
    let eve_after: usize = moves_on(&office, first..after_flood).iter().sum();
    // The look ended at its budget: most of eve's boards wait.
    assert!(
        eve_after - eve_before < FLOOD as usize,
        "eve's boards got {} moves in one look",
        eve_after - eve_before
    );
    eprintln!(
        "fairness: bob answered and carol's board moved in a look of {look:?} \
         in which eve's {FLOOD} boards got {} moves",
        eve_after - eve_before
    );
    // The boards that waited are played in later looks, the longest
    // waiting first.
    for _ in 0..10 {
        if moves_on(&office, first..after_flood).iter().all(|n| *n > 0) {
            return;
        }
        office.run_pass();
    }
    panic!("{:?}", moves_on(&office, first..after_flood));
}

/// A data directory (with `toml` as its config file) where `boards`
/// boards of `game` between the robots `white` and `black`, set going
/// by alice, each owe the robots a move; no robot has moved yet.
/// Two robots alice sets playing, with her password.
const ALICES_ROBOTS: &str = "robot3 robot2 -password:pw-alice-quince";

fn robot_boards(data: &Path, toml: &str, game: &str, players: &str, boards: usize) {
    std::fs::write(data.join("pbem.toml"), toml).unwrap();
    let config = Config::from_toml(toml, Some(data)).unwrap();
    let mut runtime = Runtime::open(&config).unwrap();
    runtime.host.set_clock(Clock::Fixed(t0()));
    let receive = |runtime: &mut Runtime, n: usize, subject: &str| {
        let mail = raw_mail(
            "alice@example.org",
            &format!("hog-{n}@example.org"),
            subject,
        );
        runtime.host.receive(&mail).unwrap();
    };
    receive(&mut runtime, 0, "signup alice pw-alice-quince");
    let conn = runtime.host.store().connection();
    let confirming = confirming_reply(conn, "alice@example.org");
    runtime.host.receive(&confirming).unwrap();
    for n in 0..boards {
        receive(&mut runtime, n + 1, &format!("{game} challenge {players}"));
    }
}

fn pbem_on(data: &Path, verb: &str) -> Command {
    let mut command = pbem();
    command
        .arg(verb)
        .arg("--data")
        .arg(data)
        .arg("--config")
        .arg(data.join("pbem.toml"));
    command
}

/// Whether a process holds `data`'s robots lock now.
fn robots_lock_held(data: &Path) -> bool {
    let Ok(file) = File::open(data.join("robots.lock")) else {
        return false;
    };
    matches!(
        file.try_lock_shared(),
        Err(std::fs::TryLockError::WouldBlock)
    )
}

#[test]
fn serve_stops_within_two_seconds_of_sigterm_with_ten_spherical_robot_boards() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    // A minute a move: a robot that waited for its move would hold the
    // daemon past systemd's 30 s.
    let toml = "[limits]\nrobot_boards = 10000\nboards_per_day = 100000\nopen_challenges = 100000\nopen_challenges_per_opponent = 1000\n[robots]\nthink = \"60s\"\nbudget = \"10m\"\n";
    robot_boards(data, toml, "spherical", ALICES_ROBOTS, 10);
    let mut server = pbem_on(data, "serve")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !robots_lock_held(data) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the robots never looked"
        );
        assert!(server.try_wait().unwrap().is_none(), "serve ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Well into robot3's first search.
    std::thread::sleep(Duration::from_millis(500));
    let kill = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let signalled = Instant::now();
    let status = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break status;
        }
        if signalled.elapsed() > Duration::from_secs(10) {
            let _ = server.kill();
            panic!("serve was still running 10 s after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = signalled.elapsed();
    eprintln!("serve stopped {took:?} after SIGTERM with 10 Spherical robot boards");
    assert!(status.success(), "{status}");
    assert!(took < Duration::from_secs(2), "{took:?}");
    // A search cut short is never played: robot3's first moves wait.
    let store = store::Store::open(&data.join("pbem.sqlite")).unwrap();
    for board in 101..111 {
        assert!(store::load_moves(store.connection(), board)
            .unwrap()
            .is_empty());
    }
}

#[test]
fn two_pbem_robots_at_once_never_think_about_the_same_move() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    // Ten boards where robot3 (White, a fifth of a second a move) owes
    // alice its first move: about two seconds of thinking in all.
    let boards = 10;
    let toml = "[limits]\nrobot_boards = 10000\nboards_per_day = 100000\nopen_challenges = 100000\nopen_challenges_per_opponent = 1000\n[robots]\nthink = \"200ms\"\n";
    robot_boards(data, toml, "chess", "robot3 alice", boards);
    let runs: Vec<_> = (0..3)
        .map(|_| {
            pbem_on(data, "robots")
                .args(["--now", "2027-03-01T09:00:00Z"])
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut played = 0;
    let mut waited = 0;
    for run in runs {
        let out = run.wait_with_output().unwrap();
        assert!(out.status.success(), "{out:?}");
        let printed = String::from_utf8(out.stdout).unwrap();
        if printed.starts_with("another pbem plays the robots now") {
            waited += 1;
            continue;
        }
        assert!(printed.contains("not taken 0,"), "{printed}");
        let moves: usize = printed
            .strip_prefix("robot moves ")
            .and_then(|rest| rest.split(',').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{printed}"));
        played += moves;
    }
    assert_eq!(played, boards, "each owed move played once");
    assert!(waited >= 1, "the runs overlapped");
    let store = store::Store::open(&data.join("pbem.sqlite")).unwrap();
    for board in 101..101 + boards as i64 {
        assert_eq!(
            store::load_moves(store.connection(), board).unwrap().len(),
            1
        );
    }
}

#[test]
fn a_look_plays_nothing_once_halted_and_past_its_budget_only_its_first_move() {
    use std::sync::atomic::AtomicBool;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    // A budget shorter than one move's thinking.
    let toml = "[limits]\nrobot_boards = 10000\nboards_per_day = 100000\nopen_challenges = 100000\nopen_challenges_per_opponent = 1000\n[robots]\nthink = \"200ms\"\nbudget = \"10ms\"\n";
    robot_boards(data, toml, "chess", "robot3 alice", 5);
    let config = Config::from_toml(toml, Some(data)).unwrap();
    let mut runtime = Runtime::open(&config).unwrap();
    runtime.host.set_clock(Clock::Fixed(t0()));
    let stopped = AtomicBool::new(true);
    let report = runtime
        .host
        .robot_moves(200, Halt::on(&stopped), Halt::never())
        .unwrap();
    assert_eq!(report, Default::default(), "a halted look does nothing");
    // The first move of a look has its full time; the budget is then
    // spent and the other four wait for the next look.
    let report = runtime
        .host
        .robot_moves(200, Halt::never(), Halt::never())
        .unwrap();
    assert_eq!((report.moves, report.waiting), (1, 4), "{report:?}");
    let report = runtime.play_robots(Halt::never()).unwrap().unwrap();
    assert_eq!((report.moves, report.waiting), (1, 3), "{report:?}");
}

#[test]
fn news_of_mail_ends_a_look_after_the_move_in_hand() {
    use std::sync::atomic::AtomicBool;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let toml = "[limits]\nrobot_boards = 10000\nboards_per_day = 100000\nopen_challenges = 100000\nopen_challenges_per_opponent = 1000\n[robots]\nthink = \"50ms\"\nbudget = \"10m\"\n";
    robot_boards(data, toml, "chess", "robot3 alice", 3);
    let config = Config::from_toml(toml, Some(data)).unwrap();
    let mut runtime = Runtime::open(&config).unwrap();
    let mail_came = AtomicBool::new(true);
    let report = runtime
        .host
        .robot_moves(200, Halt::never(), Halt::on(&mail_came))
        .unwrap();
    assert_eq!((report.moves, report.waiting), (1, 2), "{report:?}");
}

#[test]
fn serve_answers_a_persons_move_against_a_robot_within_a_move_behind_fifty_robot_boards() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    // eve's fifty boards of robot3, a second a move: the look in hand
    // when bob's move comes would take the whole budget of five minutes.
    let toml = "[host]\nmax_mails_per_hour = 50000\n[limits]\nrobot_boards = 10000\nboards_per_day = 100000\nopen_challenges = 100000\nopen_challenges_per_opponent = 1000\n[robots]\nthink = \"1s\"\nbudget = \"5m\"\n";
    robot_boards(data, toml, "chess", ALICES_ROBOTS, FLOOD as usize);
    let bob = 101 + FLOOD;
    {
        let config = Config::from_toml(toml, Some(data)).unwrap();
        let mut runtime = Runtime::open(&config).unwrap();
        let bob = |n: usize, subject: &str| {
            raw_mail("bob@example.org", &format!("bob-{n}@example.org"), subject)
        };
        runtime
            .host
            .receive(&bob(0, "signup bob pw-bob-quince"))
            .unwrap();
        let conn = runtime.host.store().connection();
        let confirming = confirming_reply(conn, "bob@example.org");
        runtime.host.receive(&confirming).unwrap();
        runtime
            .host
            .receive(&bob(1, "chess challenge bob robot1"))
            .unwrap();
    }
    let mut server = pbem_on(data, "serve")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !robots_lock_held(data) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the robots never looked"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let store = store::Store::open(&data.join("pbem.sqlite")).unwrap();
    let moves = |board: i64| store::load_moves(store.connection(), board).unwrap().len();
    // Into eve's boards' look.
    while (101..bob).map(moves).sum::<usize>() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "eve's robots never moved"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = pbem()
        .args([
            "mail",
            "--data",
            data.to_str().unwrap(),
            "--from",
            "bob@example.org",
        ])
        .arg(format!("chess move {bob} bob pw-bob-quince e4"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let sent = Instant::now();
    while moves(bob) < 2 {
        assert!(
            sent.elapsed() < Duration::from_secs(15),
            "robot1 had not answered bob after 15 s (moves on bob's board: {})",
            moves(bob)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let waited = sent.elapsed();
    let eve: usize = (101..bob).map(moves).sum();
    eprintln!("serve: robot1 answered bob {waited:?} after his move, behind {FLOOD} robot boards ({eve} of their moves played so far)");
    Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(server.wait().unwrap().success());
    // At most the move in hand (two seconds of thinking: robot3 and a
    // little) before bob's answer, not the look's five minutes.
    assert!(waited < Duration::from_secs(5), "{waited:?}");
}

#[test]
fn serve_once_with_ten_spherical_robot_boards_ends_at_its_budget() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    // Two actions of a fifth of a second a turn; a look of one second.
    let toml = "[limits]\nrobot_boards = 10000\nboards_per_day = 100000\nopen_challenges = 100000\nopen_challenges_per_opponent = 1000\n[robots]\nthink = \"200ms\"\nbudget = \"1s\"\n";
    robot_boards(data, toml, "spherical", ALICES_ROBOTS, 10);
    let started = Instant::now();
    let out = pbem_on(data, "serve")
        .args(["--once", "--now", "2027-03-01T09:00:00Z"])
        .output()
        .unwrap();
    let took = started.elapsed();
    assert!(out.status.success(), "{out:?}");
    let store = store::Store::open(&data.join("pbem.sqlite")).unwrap();
    let turns: usize = (101..111)
        .map(|board| store::load_moves(store.connection(), board).unwrap().len())
        .sum();
    eprintln!("serve --once with 10 Spherical robot boards: {took:?}, {turns} actions played");
    // The budget, the move in hand (two actions), and the process's own
    // start and stop; without a budget, 200 moves of 0.4 s each.
    assert!(took < Duration::from_secs(6), "{took:?}");
    assert!(turns > 0);
}
