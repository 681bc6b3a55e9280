//! Correspondence clocks by mail: reminders, losses on time, Fischer
//! banks, vacations, agreed pauses and the timers run at injected
//! moments (the host's clock is set; nothing sleeps).

use crate::util::host_harness::{address, mail_to, one, PostOffice, Sent};
use crate::util::DAY;
use pbem::rules::score::{Abort, Ending};
use pbem::store::GameStatus;

struct Table {
    office: PostOffice,
}

impl Table {
    fn new(toml: &str) -> Table {
        let mut office = PostOffice::with_config(toml);
        office.set_clock(0);
        office.signup("alice");
        office.signup("bob");
        Table { office }
    }

    /// Sets the host's clock `seconds` after the start and runs a pass
    /// (the timers among it); the mails it sent.
    fn at(&mut self, seconds: i64) -> Vec<Sent> {
        self.set(seconds);
        self.office.run_pass()
    }

    fn set(&mut self, seconds: i64) {
        self.office.set_clock(seconds);
    }

    fn send(&mut self, at: i64, userid: &str, subject: &str) -> Vec<Sent> {
        self.set(at);
        self.office.send_as(userid, subject, "")
    }

    fn ending(&self, board: i64) -> Option<Ending> {
        self.office.game(board).ending
    }
}

fn nags(sent: &[Sent]) -> Vec<&Sent> {
    sent.iter()
        .filter(|mail| mail.subject.starts_with("Nag: "))
        .collect()
}

#[test]
fn a_silent_player_loses_on_time_and_both_players_are_told() {
    let mut table = Table::new("");
    let sent = table.send(0, "alice", "chess challenge alice bob");
    let board = mail_to(&sent, "alice");
    assert!(board.body.contains("21d a move"), "{}", board.body);
    assert!(
        board.body.contains("forfeit at 2027-03-22 09:00 UTC"),
        "{}",
        board.body
    );
    // Both have moved, so the game is under way: a loss on time now
    // counts (before, it would be aborted).
    table.send(60, "alice", "chess move 101 alice PW e4");
    table.send(120, "bob", "chess move 101 bob PW e5");
    let sent = table.at(120 + 21 * DAY - 60);
    assert_eq!(
        table.office.game(101).status,
        GameStatus::Active,
        "{sent:#?}"
    );
    let sent = table.at(120 + 21 * DAY);
    assert_eq!(
        table.ending(101),
        Some(Ending::TimeForfeit(pbem::games::Side::White))
    );
    for player in ["alice", "bob"] {
        let mail = mail_to(&sent, player);
        assert!(mail.subject.contains("Game Over"), "{}", mail.subject);
        assert!(mail.body.contains("bob wins on time"), "{}", mail.body);
    }
}

#[test]
fn nags_come_at_the_nag_time_then_daily_and_stop_with_the_move() {
    let mut table = Table::new("");
    table.send(0, "alice", "chess challenge alice bob");
    assert!(
        nags(&table.at(7 * DAY - 1)).is_empty(),
        "none before the nag time"
    );
    let sent = table.at(7 * DAY);
    let nag = nags(&sent);
    assert_eq!(nag.len(), 1, "{sent:#?}");
    assert_eq!(nag[0].subject, "Nag: Chess Board 101 alice");
    assert_eq!(nag[0].to, address("alice"));
    assert!(
        nag[0].body.contains("14 days 0 hours left"),
        "{}",
        nag[0].body
    );
    assert!(
        table.at(7 * DAY + 3600).is_empty(),
        "nothing until the next day"
    );
    assert_eq!(nags(&table.at(8 * DAY)).len(), 1);
    // A reply to the reminder plays the move; the reminders stop.
    let played = table.office.reply(&address("alice"), nag[0], "e4");
    assert_eq!(table.office.move_count(101), 1, "{played:#?}");
    let later = table.at(9 * DAY);
    assert!(nags(&later).iter().all(|mail| mail.to != address("alice")));
}

#[test]
fn running_the_timers_twice_at_one_moment_sends_nothing_twice() {
    let mut table = Table::new("");
    table.send(0, "alice", "chess challenge alice bob");
    table.set(7 * DAY);
    let first = table.office.runtime.host.tick().unwrap();
    let second = table.office.runtime.host.tick().unwrap();
    assert_eq!(first.nags, 1);
    assert_eq!(second, pbem::host::TickReport::default());
}

#[test]
fn after_a_week_down_the_host_sends_one_nag_and_applies_forfeits_in_deadline_order() {
    let mut table = Table::new("");
    table.send(0, "alice", "chess challenge alice bob --nagtime=2");
    let sent = table.at(6 * DAY);
    assert_eq!(
        nags(&sent).len(),
        1,
        "one nag for four missed days: {sent:#?}"
    );
    // Two boards whose deadlines passed while the host was down: the one
    // that ran out first is ended first.
    table.send(
        6 * DAY,
        "alice",
        "chess challenge alice bob --forfeittime=5",
    );
    table.send(
        6 * DAY + 10,
        "bob",
        "chess challenge bob alice --forfeittime=3",
    );
    // Mails are written in the order they were queued.
    let sent = table.at(40 * DAY);
    let subjects: Vec<String> = sent.iter().map(|mail| mail.subject.clone()).collect();
    // Nobody moved on any of them: each is aborted, not lost on time.
    for board in 101..=103 {
        assert_eq!(table.office.game(board).status, GameStatus::Aborted);
    }
    let first_103 = subjects
        .iter()
        .position(|s| s.contains("Board 103 Aborted"));
    let first_102 = subjects
        .iter()
        .position(|s| s.contains("Board 102 Aborted"));
    assert!(
        first_103 < first_102,
        "board 103 ran out at day 9, board 102 at day 11: {subjects:#?}"
    );
}

#[test]
fn a_players_own_reminders_come_before_the_deadline() {
    let mut table = Table::new("");
    table.send(0, "alice", "chess challenge alice bob");
    let sent = table.send(0, "alice", "remind alice PW 3d 1d");
    assert!(
        sent[0].body.contains("3d 1d before each deadline"),
        "{}",
        sent[0].body
    );
    assert!(
        nags(&table.at(7 * DAY)).is_empty(),
        "the host's nag is replaced"
    );
    assert_eq!(nags(&table.at(18 * DAY)).len(), 1);
    assert!(nags(&table.at(19 * DAY)).is_empty());
    assert_eq!(nags(&table.at(20 * DAY)).len(), 1);
    table.send(20 * DAY, "alice", "remind alice PW off");
    assert!(nags(&table.at(20 * DAY + 12 * 3600)).is_empty());
}

#[test]
fn a_fischer_bank_gains_its_increment_up_to_the_cap() {
    let mut table = Table::new("");
    table.send(0, "alice", "chess challenge alice bob --time=3d+1d/4d");
    // Alice moves at once: 3 days + 1, exactly the cap.
    table.send(0, "alice", "chess move 101 alice PW e4");
    // Bob uses a day: 3 - 1 + 1 days.
    let sent = table.send(DAY, "bob", "chess move 101 bob PW e5");
    let board = mail_to(&sent, "alice");
    assert!(
        board.body.contains("alice's clock: 4 days 0 hours left"),
        "{}",
        board.body
    );
    assert!(
        board.body.contains("bob's bank: 3 days 0 hours"),
        "{}",
        board.body
    );
    // Alice uses a minute: 4 days - 1 minute + 1 day, capped at 4 days.
    let sent = table.send(DAY + 60, "alice", "chess move 101 alice PW Nf3");
    let board = mail_to(&sent, "bob");
    assert!(
        board.body.contains("alice's bank: 4 days 0 hours"),
        "capped: {}",
        board.body
    );
    table.at(DAY + 60 + 3 * DAY - 60);
    assert_eq!(table.office.game(101).status, GameStatus::Active);
    table.at(DAY + 60 + 3 * DAY);
    assert_eq!(
        table.ending(101),
        Some(Ending::TimeForfeit(pbem::games::Side::Black))
    );
}

#[test]
fn a_vacation_stops_the_clocks_tells_the_opponent_and_ends_by_itself() {
    let mut table = Table::new("");
    for board in [101, 102] {
        table.send(0, "alice", "chess challenge alice bob");
        table.send(DAY, "alice", &format!("chess move {board} alice PW e4"));
    }
    let sent = table.send(2 * DAY, "bob", "vacation bob PW on until 2027-03-20");
    let answer = mail_to(&sent, "bob");
    assert!(
        answer.body.contains("until 2027-03-20 00:00 UTC"),
        "{}",
        answer.body
    );
    assert!(answer.body.contains("45 days"), "{}", answer.body);
    assert!(mail_to(&sent, "alice").body.contains("bob is on vacation"));
    // Stopped: no nag at day 8 or 9 of bob's turn, no loss at day 22.
    let sent = table.at(15 * DAY);
    assert!(nags(&sent).is_empty(), "{sent:#?}");
    let sent = table.at(19 * DAY);
    let told = mail_to(&sent, "alice");
    assert!(told.body.contains("bob is back"), "{sent:#?}");
    // Bob sent nothing, so he is told too: when it ended, what is left.
    let own = mail_to(&sent, "bob");
    assert_eq!(own.subject, "PBeM Vacation bob");
    assert!(
        own.body
            .contains("Your vacation ended on 2027-03-20 00:00 UTC, bob, as it was due to")
            && own
                .body
                .contains("28 days of this\nyear's vacation allowance are left"),
        "{}",
        own.body
    );
    // Titled with the name of who was away, the boards apart from "on".
    assert_eq!(told.subject, "PBeM Vacation bob");
    assert!(
        told.body
            .contains("the clock of bob on boards 101, 102\nruns again."),
        "{}",
        told.body
    );
    // Bob had used one day; 20 are left from 2027-03-20 00:00, when the
    // vacation ended (though the timers ran later).
    let back = 18 * DAY + 15 * 3600;
    table.at(back + 20 * DAY - 60);
    assert_eq!(table.office.game(101).status, GameStatus::Active);
    table.at(back + 20 * DAY + 60);
    // Bob never moved on it: aborted.
    assert_eq!(table.office.game(101).status, GameStatus::Aborted);
}

#[test]
fn a_vacation_ends_when_the_allowance_runs_out_and_cannot_start_again() {
    let mut table = Table::new("[clocks]\nvacation_days = 2\n");
    table.send(0, "alice", "chess challenge alice bob");
    let sent = table.send(0, "alice", "vacation alice PW on");
    assert!(mail_to(&sent, "alice")
        .body
        .contains("2027-03-03 09:00 UTC"));
    let sent = table.at(2 * DAY);
    assert!(
        mail_to(&sent, "bob").body.contains("alice is back"),
        "{sent:#?}"
    );
    let own = mail_to(&sent, "alice").body.clone();
    assert!(
        own.contains("Your vacation ended on 2027-03-03 09:00 UTC, alice")
            && own.contains("0 days of this\nyear's vacation allowance are left"),
        "{own}"
    );
    let sent = table.send(2 * DAY, "alice", "vacation alice PW on");
    assert!(
        sent[0].body.contains("allowance of 2 days is used up"),
        "{}",
        sent[0].body
    );
}

#[test]
fn an_agreed_pause_stops_both_clocks_until_either_resumes() {
    let mut table = Table::new("");
    table.send(0, "alice", "chess challenge alice bob");
    let sent = table.send(DAY, "alice", "chess move 101 alice PW pause");
    assert!(mail_to(&sent, "bob")
        .body
        .contains("alice proposes to pause"));
    let sent = table.send(DAY, "bob", "chess move 101 bob PW pause");
    assert!(
        mail_to(&sent, "alice").body.contains("clocks are paused"),
        "{sent:#?}"
    );
    table.at(40 * DAY);
    assert_eq!(table.office.game(101).status, GameStatus::Active);
    table.send(40 * DAY, "bob", "chess move 101 bob PW resume");
    table.at(40 * DAY + 20 * DAY - 60);
    assert_eq!(table.office.game(101).status, GameStatus::Active);
    table.at(40 * DAY + 20 * DAY + 60);
    // Nobody had moved: the time ran out on an aborted game.
    assert_eq!(table.office.game(101).status, GameStatus::Aborted);
}

#[test]
fn in_infinite_recursion_chess_only_the_player_who_has_not_moved_runs_out() {
    let mut table = Table::new("");
    table.send(0, "alice", "recursion challenge alice bob");
    let sent = table.send(DAY, "alice", "recursion move 101 alice PW e4");
    assert_eq!(table.office.move_count(101), 1, "{sent:#?}");
    table.at(21 * DAY + 60);
    assert_eq!(
        table.ending(101),
        Some(Ending::Aborted(Abort::NoMove(pbem::games::Side::Black))),
        "bob's clock ran from the start of the round; alice's stopped when she moved"
    );
}

#[test]
fn boards_running_before_clocks_existed_get_clocks_at_the_first_timer_run() {
    let mut table = Table::new("");
    table.send(0, "alice", "chess challenge alice bob");
    // The file as version 11 left it: a running board without clocks.
    let path = table.office.dir.path().join("pbem.sqlite");
    {
        let old = rusqlite::Connection::open(&path).unwrap();
        old.execute_batch(
            "DELETE FROM clocks; DROP TABLE clocks_to_start; PRAGMA user_version = 11;",
        )
        .unwrap();
    }
    let config = pbem::config::Config::from_toml("", Some(table.office.dir.path())).unwrap();
    table.office.runtime = pbem::daemon::Runtime::open(&config).unwrap();
    table.set(30 * DAY);
    let report = table.office.runtime.host.tick().unwrap();
    assert_eq!(report.clocks_started, 1);
    assert_eq!(
        report.forfeits, 0,
        "the clock starts now, not when the board began"
    );
    table.at(30 * DAY + 21 * DAY);
    assert_eq!(table.office.game(101).status, GameStatus::Aborted);
}

#[test]
fn in_spherical_chess_324_the_clock_runs_for_the_whole_turn_not_each_action() {
    let mut table = Table::new("");
    table.send(0, "alice", "spherical challenge alice bob -setup:1");
    table.send(0, "alice", "spherical move 101 alice PW h8-h7");
    // Bob plays the first action of his turn ten days in: his clock goes
    // on running for the second.
    let sent = table.send(10 * DAY, "bob", "spherical move 101 bob PW a2+ne");
    assert_eq!(table.office.move_count(101), 2, "{sent:#?}");
    table.at(21 * DAY - 60);
    assert_eq!(table.office.game(101).status, GameStatus::Active);
    table.at(21 * DAY);
    assert_eq!(
        table.ending(101),
        Some(Ending::TimeForfeit(pbem::games::Side::Black))
    );
}

#[test]
fn a_daily_digest_replaces_the_mail_per_move_until_turned_off() {
    let mut table = Table::new("");
    table.send(0, "alice", "chess challenge alice bob");
    table.send(0, "alice", "chess challenge alice bob");
    let sent = table.send(0, "bob", "set bob PW digest on");
    assert!(sent[0].body.contains("one mail a day"), "{}", sent[0].body);
    let sent = table.send(3600, "alice", "chess move 101 alice PW e4");
    assert!(
        sent.iter().all(|mail| mail.to != address("bob")),
        "{sent:#?}"
    );
    table.send(3600, "alice", "chess move 102 alice PW d4");
    let sent = table.at(DAY);
    let digest = mail_to(&sent, "bob");
    assert_eq!(digest.subject, "PBeM Digest bob");
    assert!(digest.body.contains("board 101 (Chess)"), "{}", digest.body);
    assert!(digest.body.contains("board 102 (Chess)"), "{}", digest.body);
    assert!(table.at(DAY + 3600).is_empty(), "one a day");
    // A week down: one digest, not seven (the reminders of the clocks
    // still come as they fall due).
    let sent = table.at(8 * DAY + 60);
    let digests = sent.iter().filter(|mail| mail.subject == "PBeM Digest bob");
    assert_eq!(digests.count(), 1, "{sent:#?}");
    table.send(8 * DAY + 60, "bob", "set bob PW digest off");
    let sent = table.send(8 * DAY + 120, "bob", "chess move 101 bob PW e5");
    assert!(
        sent.iter().any(|mail| mail.to == address("bob")),
        "{sent:#?}"
    );
}

#[test]
fn a_digest_player_moves_by_replying_to_the_digest_one_line_per_board() {
    let mut table = Table::new("");
    table.send(0, "alice", "chess challenge alice bob");
    table.send(0, "alice", "chess challenge alice bob");
    table.send(0, "bob", "set bob PW digest on");
    table.send(3600, "alice", "chess move 101 alice PW e4");
    table.send(3600, "alice", "chess move 102 alice PW d4");
    let sent = table.at(DAY);
    let digest = mail_to(&sent, "bob").clone();
    // What a reply needs: the last moves, and a line to copy.
    assert!(
        digest.body.contains("    last moves:\n      1. e4\n"),
        "{}",
        digest.body
    );
    assert!(digest
        .body
        .contains("reply to this mail with one line per board"));
    // One line per board; the first line that is not a board's ends it.
    let sent = table
        .office
        .reply(&address("bob"), &digest, "101 e5\n102 d5\n\n-- \nbob");
    assert_eq!(table.office.move_count(101), 2, "{sent:#?}");
    assert_eq!(table.office.move_count(102), 2, "{sent:#?}");
    assert!(
        sent.iter().all(|mail| !mail.subject.contains("Error")),
        "{sent:#?}"
    );
    // The same reply again finds both boards moved on: each line refused.
    table.send(2 * DAY, "alice", "chess move 101 alice PW Nf3");
    let sent = table
        .office
        .reply(&address("bob"), &digest, "101 Nc6\n103 e5");
    assert_eq!(table.office.move_count(101), 3);
    let errors: Vec<&str> = sent.iter().map(|mail| mail.body.as_str()).collect();
    assert!(
        errors
            .iter()
            .any(|body| body.contains("the next move on board 101 is #4")),
        "{errors:#?}"
    );
    assert!(
        errors
            .iter()
            .any(|body| body.contains("\"103 e5\" names a board this digest did not list")),
        "{errors:#?}"
    );
    // A reply with no board line at all says how to write one.
    let sent = table.office.reply(&address("bob"), &digest, "thanks!");
    assert!(
        one(&sent)
            .body
            .contains("no line of this reply begins with a board's number"),
        "{}",
        sent[0].body
    );
    // Someone else replying with the digest in hand proves nothing.
    let sent = table.office.reply(&address("alice"), &digest, "101 Nc6");
    assert_eq!(table.office.move_count(101), 3, "{sent:#?}");
}

#[test]
fn a_digest_player_moves_by_replying_to_the_latest_mail_of_a_board() {
    let mut table = Table::new("");
    let sent = table.send(0, "alice", "chess challenge alice bob");
    let latest = mail_to(&sent, "bob").clone();
    table.send(0, "bob", "set bob PW digest on");
    // Bob, on the digest, gets no mail of the moves: the new board's mail
    // stays the latest of the board he has, and his replies to it move.
    let sent = table.send(3600, "alice", "chess move 101 alice PW e4");
    assert!(sent.iter().all(|mail| mail.to != address("bob")));
    table.set(7200);
    let sent = table.office.reply(&address("bob"), &latest, "e5");
    assert_eq!(table.office.move_count(101), 2, "{sent:#?}");
    table.send(3 * 3600, "alice", "chess move 101 alice PW Nf3");
    table.set(4 * 3600);
    let sent = table.office.reply(&address("bob"), &latest, "Nc6");
    assert_eq!(table.office.move_count(101), 4, "{sent:#?}");
    // Once a later mail of the board went to him, the older one keeps
    // its guard.
    table.send(5 * 3600, "alice", "chess move 101 alice PW Bb5");
    table.send(5 * 3600, "bob", "chess show 101");
    let sent = table.office.reply(&address("bob"), &latest, "a6");
    assert_eq!(table.office.move_count(101), 5, "{sent:#?}");
    assert!(
        one(&sent).body.contains("the next move on board 101 is #6"),
        "{}",
        sent[0].body
    );
}

#[test]
fn clock_options_whose_reminder_could_never_come_are_refused() {
    let mut table = Table::new("");
    let sent = table.send(
        0,
        "alice",
        "chess challenge alice bob --nagtime=30 --forfeittime=5",
    );
    assert!(
        sent[0]
            .body
            .contains("--nagtime must be shorter than --forfeittime"),
        "{}",
        sent[0].body
    );
    assert_eq!(table.office.move_count(101), 0);
    // A limit shorter than the default reminder alone: the reminder
    // comes halfway, so it still comes.
    table.send(0, "alice", "chess challenge alice bob --forfeittime=3");
    let sent = table.at(2 * DAY);
    assert_eq!(nags(&sent).len(), 1, "{sent:#?}");
    assert_eq!(table.office.game(101).status, GameStatus::Active);
}
