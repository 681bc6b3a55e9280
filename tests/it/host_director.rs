//! A tournament's director by mail and the operator from the CLI: an
//! adjudication and a forfeit read the same in every view (the mails to
//! both players, `history`, `games`, `record` with its PGN, the crosstable,
//! the ratings, the operator's PGN export, the web page); a cheater removed
//! mid-tournament, his open boards settled by the stated rule; a
//! cancelled tournament; a replaced player; only the director (or the
//! operator) may; and the event log, by mail and by the CLI, in order and
//! append-only. The host's clock is set; nothing sleeps.

use crate::util::host_harness::{address, mail_to, PostOffice, Sent};
use crate::util::web_client::get;
use crate::util::{pbem, t0};
use pbem::archive::read_pgn;
use pbem::games::Side;
use pbem::store::{self, GameStatus, TournamentBoard};
use std::process::Output;

/// A tournament `cup` directed by dora, who does not play in it.
struct Cup {
    office: PostOffice,
    now: i64,
    boards: Vec<TournamentBoard>,
}

impl Cup {
    fn new(players: &[&str]) -> Cup {
        let mut office = PostOffice::new();
        office.set_clock(0);
        for userid in players.iter().chain(&["dora", "zoe"]) {
            office.signup(userid);
        }
        let mut cup = Cup {
            office,
            now: 0,
            boards: Vec::new(),
        };
        cup.send("dora", "chess tournament create cup dora PW");
        for userid in players {
            cup.send(userid, &format!("chess tournament join cup {userid} PW"));
        }
        cup.send("dora", "chess tournament start cup dora PW");
        let conn = cup.office.runtime.host.store().connection();
        let found = store::find_tournament(conn, "chess", "cup")
            .unwrap()
            .unwrap();
        cup.boards = store::tournament_boards(conn, found.id).unwrap();
        cup
    }

    /// `userid` mails `subject` (PW: his password) a minute after the last.
    fn send(&mut self, userid: &str, subject: &str) -> Vec<Sent> {
        self.now += 60;
        self.office.set_clock(self.now);
        self.office.send_as(userid, subject, "")
    }

    fn answer(&mut self, userid: &str, subject: &str) -> String {
        let sent = self.send(userid, subject);
        mail_to(&sent, userid).body.clone()
    }

    /// The first board between `white` and `black`, in either colours.
    fn board_of(&self, a: &str, b: &str) -> TournamentBoard {
        self.boards
            .iter()
            .find(|board| {
                (board.white == a && board.black == b) || (board.white == b && board.black == a)
            })
            .unwrap_or_else(|| panic!("{a}-{b}: {:?}", self.boards))
            .clone()
    }

    /// White and Black each make a move on `board`.
    fn begin(&mut self, board: &TournamentBoard) {
        let id = board.game_id;
        let (white, black) = (board.white.clone(), board.black.clone());
        self.send(&white, &format!("chess move {id} {white} PW e4"));
        self.send(&black, &format!("chess move {id} {black} PW e5"));
    }

    fn table(&mut self) -> String {
        self.answer("zoe", "chess tournament cup")
    }

    /// `pbem VERB... --data DIR --now T ARGS...`.
    fn tool(&mut self, verb: &[&str], args: &[&str]) -> Output {
        self.now += 60;
        self.office.set_clock(self.now);
        let now = (t0() + chrono::Duration::seconds(self.now)).to_rfc3339();
        let data = self.office.dir.path().to_str().unwrap().to_string();
        let mut command = pbem();
        command.args(verb).args(["--data", &data]);
        if !matches!(verb[0], "event-log" | "export") {
            command.args(["--now", &now]);
        }
        command.args(args).output().unwrap()
    }

    fn status(&self, board: i64) -> GameStatus {
        self.office.game(board).status
    }

    fn rated(&self, board: i64) -> bool {
        let conn = self.office.runtime.host.store().connection();
        !store::rating_changes(conn, board).unwrap().is_empty()
    }
}

fn ok(out: Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// The PGN attached to a mail.
fn attached(mail: &Sent) -> String {
    let message = mail_parser::MessageParser::default()
        .parse(&mail.raw)
        .unwrap();
    let file = message.attachment(0).expect("the PGN attached");
    String::from_utf8_lossy(file.contents()).into_owned()
}

/// The game-over mail of `board` to `userid` among `sent`.
fn over_mail<'a>(sent: &'a [Sent], board: i64, userid: &str) -> &'a Sent {
    sent.iter()
        .find(|mail| {
            mail.to == address(userid) && mail.subject.starts_with(&format!("Chess Board {board} "))
        })
        .unwrap_or_else(|| panic!("no mail of board {board} to {userid}: {sent:#?}"))
}

/// Every view of `board` says `words` of its end, with the PGN's
/// `result`, `termination` and Ruling tag; rated or not.
fn every_view_says(cup: &mut Cup, over: &[Sent], board: &TournamentBoard, words: &str) {
    let id = board.game_id;
    let (white, black) = (board.white.clone(), board.black.clone());
    let status = cup.status(id);
    let (result, termination) = match status {
        GameStatus::Aborted => ("*", "aborted"),
        _ => ("1-0", "adjudication"),
    };
    for userid in [&white, &black] {
        let mail = over_mail(over, id, userid);
        let tail = if status == GameStatus::Aborted {
            "Aborted"
        } else {
            "Game Over"
        };
        assert_eq!(mail.subject, format!("Chess Board {id} {tail}"));
        assert!(mail.body.contains(words), "{}", mail.body);
        let pgn = attached(mail);
        assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
        assert!(pgn.contains(&format!("[Termination \"{termination}\"]")));
        assert!(pgn.contains("[Ruling \""), "{pgn}");
    }
    let history = cup.answer(&white, "chess history");
    let entry = history
        .split(&format!(
            "board {id}: {white} (White) against {black} (Black)"
        ))
        .nth(1)
        .unwrap_or_else(|| panic!("{history}"));
    let entry = entry.split("\n  board ").next().unwrap();
    assert!(entry.contains(&format!("result: {words}")), "{entry}");
    let games = cup.answer(&white, &format!("chess games {white}"));
    let line = format!("board {id}: White against {black}; {words}");
    assert!(games.contains(&line), "{line}\n{games}");
    let sent = cup.send(&white, &format!("chess record {id}"));
    let record = mail_to(&sent, &white);
    assert!(record.body.contains(words), "{}", record.body);
    assert!(attached(record).contains(&format!("[Termination \"{termination}\"]")));
    let exported = ok(cup.tool(&["export", "--pgn"], &[]));
    let games = read_pgn(&exported).unwrap();
    let read = games
        .iter()
        .find(|game| game.tag("White") == Some(&white) && game.tag("Black") == Some(&black))
        .unwrap();
    assert_eq!(read.tag("Result"), Some(result));
    assert_eq!(read.tag("Termination"), Some(termination));
    assert!(read.tag("Ruling").unwrap().contains("the director dora"));
    assert_eq!(cup.rated(id), status == GameStatus::Finished);
}

/// The web page of `board` says `words`, and its PGN the termination.
fn the_web_says(cup: &Cup, board: i64, words: &str, termination: &str) {
    let config = pbem::web::SiteConfig {
        database: cup.office.dir.path().join("pbem.sqlite"),
        templates: None,
        host: pbem::host::HostSettings::default(),
        clock: pbem::clock::Clock::Fixed(t0() + chrono::Duration::seconds(cup.now)),
    };
    let site = pbem::web::start(config, "127.0.0.1:0").unwrap();
    let page = get(site.address, &format!("/board/{board}")).text();
    assert!(page.contains(words), "{words}\n{page}");
    let pgn = get(site.address, &format!("/board/{board}.pgn")).text();
    assert!(
        pgn.contains(&format!("[Termination \"{termination}\"]")),
        "{pgn}"
    );
}

#[test]
fn an_adjudication_and_a_forfeit_read_the_same_in_every_view() {
    let mut cup = Cup::new(&["ben", "cleo", "dan"]);
    // ben-cleo: both move, then dora gives it to White.
    let played = cup.board_of("ben", "cleo");
    cup.begin(&played);
    let (white, black) = (played.white.clone(), played.black.clone());
    let id = played.game_id;
    let over = cup.send(
        "dora",
        &format!("chess adjudicate {id} dora PW 1-0 {black} used an engine"),
    );
    let words =
        format!("{white} wins, adjudicated by the director (dora): {black} used an engine.");
    // dora, who does not play, gets the board as it now stands.
    assert!(mail_to(&over, "dora").body.contains(&words));
    every_view_says(&mut cup, &over, &played, &words);
    the_web_says(&cup, id, &words, "adjudication");
    // cleo-dan: forfeited by dan before anyone moved.
    let unplayed = cup.board_of("cleo", "dan");
    let uid = unplayed.game_id;
    let over = cup.send("dora", &format!("chess forfeit {uid} dora PW dan no show"));
    let aborted = "Aborted: adjudicated by the director (dora) against dan before both players had moved: no show. Nobody's rating changes; in the tournament cup it counts as a loss for dan";
    every_view_says(&mut cup, &over, &unplayed, aborted);
    the_web_says(
        &cup,
        uid,
        "adjudicated by the director (dora) against dan",
        "aborted",
    );
    // The crosstable: the adjudicated game as played, the forfeit as an
    // aborted game lost by dan.
    let table = cup.table();
    assert!(
        table.contains(&format!(
            "board {id}: {white} - {black}  1-0 (adjudicated by the director)"
        )),
        "{table}"
    );
    let mark = if unplayed.white == "dan" {
        "-/+"
    } else {
        "+/-"
    };
    let line = format!(
        "board {uid}: {} - {}  {mark} (aborted, unrated, adjudicated by the director: lost by dan)",
        unplayed.white, unplayed.black
    );
    assert!(table.contains(&line), "{line}\n{table}");
}

#[test]
fn a_director_removes_a_cheater_mid_tournament_and_his_open_boards_are_settled_by_the_rule() {
    let mut cup = Cup::new(&["ben", "cleo", "dan", "eve"]);
    // eve plays three boards: one she finishes (she resigns), one both
    // have begun, one nobody has begun.
    let done = cup.board_of("eve", "ben");
    cup.begin(&done);
    let over = cup.send("eve", &format!("chess resign {} eve PW", done.game_id));
    assert!(!over.is_empty());
    let begun = cup.board_of("eve", "cleo");
    cup.begin(&begun);
    let fresh = cup.board_of("eve", "dan");
    let sent = cup.send("dora", "chess tournament remove cup dora PW eve");
    let (b, f) = (begun.game_id, fresh.game_id);
    let (low, high) = (b.min(f), b.max(f));
    assert!(
        mail_to(&sent, "dora").body.contains(&format!(
            "dora took eve out of the tournament cup. His open boards, each lost by him: {low}, {high}."
        )),
        "{}",
        mail_to(&sent, "dora").body
    );
    let eve_news = sent
        .iter()
        .find(|mail| mail.to == address("eve") && mail.subject == "PBeM Chess Tournament cup")
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(
        eve_news.body.contains(&format!("{low}, {high}")),
        "{}",
        eve_news.body
    );
    // Begun: a game lost by eve, rated. Not begun: aborted, unrated, and
    // lost by eve in the cup (the default rule).
    assert_eq!(cup.status(b), GameStatus::Finished);
    assert!(cup.rated(b));
    assert_eq!(cup.status(f), GameStatus::Aborted);
    assert!(!cup.rated(f));
    let winner = if begun.white == "eve" {
        &begun.black
    } else {
        &begun.white
    };
    let words =
        format!("{winner} wins: eve forfeits the game, adjudicated by the director (dora).");
    for userid in ["eve", "cleo"] {
        let body = &over_mail(&sent, b, userid).body;
        assert!(body.contains(&words), "{body}");
    }
    let aborted =
        "Aborted: adjudicated by the director (dora) against eve before both players had moved.";
    for userid in ["eve", "dan"] {
        let body = &over_mail(&sent, f, userid).body;
        assert!(body.contains(aborted), "{body}");
        assert!(body.contains("it counts as a loss for eve"), "{body}");
    }
    // eve stays in the crosstable with the games she played; every one
    // of hers is over; the others' boards run on.
    let table = cup.table();
    assert!(
        table.contains(&format!(" {} - {}  ", begun.white, begun.black)),
        "{table}"
    );
    assert!(table.contains("eve"), "{table}");
    let conn = cup.office.runtime.host.store().connection();
    for board in &cup.boards {
        let status = store::load_game(conn, board.game_id)
            .unwrap()
            .unwrap()
            .status;
        let hers = board.white == "eve" || board.black == "eve";
        assert_eq!(
            status != GameStatus::Active,
            hers,
            "board {}",
            board.game_id
        );
    }
    let log = cup.answer("zoe", "chess tournament cup log");
    let line = format!("dora  remove: eve; open boards lost by him: board {low}, board {high}");
    assert!(log.contains(&line), "{line}\n{log}");
}

#[test]
fn a_cancelled_tournament_voids_its_running_boards_and_tells_everyone() {
    let mut cup = Cup::new(&["ben", "cleo", "dan"]);
    let done = cup.board_of("ben", "cleo");
    cup.begin(&done);
    cup.send(
        &done.black.clone(),
        &format!("chess resign {} {} PW", done.game_id, done.black),
    );
    let sent = cup.send("ben", "chess tournament cancel cup ben PW");
    assert!(
        mail_to(&sent, "ben")
            .body
            .contains("only dora, who organises cup, can cancel it"),
        "{}",
        mail_to(&sent, "ben").body
    );
    let sent = cup.send("dora", "chess tournament cancel cup dora PW");
    let running: Vec<i64> = cup
        .boards
        .iter()
        .map(|board| board.game_id)
        .filter(|id| *id != done.game_id)
        .collect();
    let listed = running
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    assert!(
        mail_to(&sent, "dora").body.contains(&format!(
            "dora cancelled the tournament cup. Its running boards are voided (counted for nobody): {listed}."
        )),
        "{}",
        mail_to(&sent, "dora").body
    );
    assert!(mail_to(&sent, "dora")
        .body
        .contains("organised by dora: cancelled."));
    for userid in ["ben", "cleo", "dan"] {
        let news = sent
            .iter()
            .find(|mail| mail.to == address(userid) && mail.subject == "PBeM Chess Tournament cup")
            .unwrap_or_else(|| panic!("{userid}: {sent:#?}"));
        assert!(
            news.body.contains("cancelled the Chess tournament cup"),
            "{}",
            news.body
        );
    }
    for id in &running {
        assert_eq!(cup.status(*id), GameStatus::Aborted);
        assert!(!cup.rated(*id));
        let board = cup
            .boards
            .iter()
            .find(|b| b.game_id == *id)
            .unwrap()
            .clone();
        let body = &over_mail(&sent, *id, &board.white).body;
        assert!(
            body.contains("Aborted: voided by the director (dora)."),
            "{body}"
        );
    }
    assert_eq!(cup.status(done.game_id), GameStatus::Finished);
    assert!(cup.rated(done.game_id));
    let table = cup.table();
    assert!(table.contains("organised by dora: cancelled."), "{table}");
    assert!(
        table.contains(
            "0-0 (aborted, unrated, voided by the director, when the tournament was cancelled)"
        ),
        "{table}"
    );
    let again = cup.answer("dora", "chess tournament cancel cup dora PW");
    assert!(
        again.contains("the tournament cup is cancelled already"),
        "{again}"
    );
}

#[test]
fn a_replacement_takes_over_the_boards_the_withdrawn_player_has_not_begun() {
    let mut cup = Cup::new(&["ben", "cleo", "dan"]);
    // ben has begun one board; the other waits for him.
    let begun = cup.board_of("ben", "cleo");
    cup.begin(&begun);
    let waiting = cup.board_of("ben", "dan");
    let refused = cup.answer("dora", "chess tournament replace cup dora PW ben cleo");
    assert!(
        refused.contains("cleo plays in the tournament cup already"),
        "{refused}"
    );
    let w = waiting.game_id;
    if waiting.black == "ben" {
        // ben's conditional answer to White's first move is his, not zoe's.
        cup.send("ben", &format!("chess queue {w} ben PW e4 e5"));
        let conn = cup.office.runtime.host.store().connection();
        assert_eq!(store::queued_lines(conn, w, Some("ben")).unwrap().len(), 1);
    }
    let sent = cup.send("dora", "chess tournament replace cup dora PW ben zoe");
    assert!(
        mail_to(&sent, "dora").body.contains(&format!(
            "zoe takes the place of ben in the tournament cup on boards {w}, on which ben had not moved yet."
        )),
        "{}",
        mail_to(&sent, "dora").body
    );
    // zoe and dan get the board as a new one; ben and zoe are told.
    for userid in ["zoe", "dan"] {
        assert!(
            sent.iter().any(|mail| mail.to == address(userid)
                && mail.subject.starts_with(&format!("New Chess Board {w}"))),
            "{userid}: {sent:#?}"
        );
    }
    for userid in ["ben", "zoe"] {
        assert!(sent.iter().any(|mail| mail.to == address(userid)
            && mail.subject == "PBeM Chess Tournament cup"
            && mail.body.contains("ben's place on boards")));
    }
    let conn = cup.office.runtime.host.store().connection();
    assert!(store::queued_lines(conn, w, None).unwrap().is_empty());
    let game = cup.office.game(w);
    let seat = if waiting.white == "ben" {
        Side::White
    } else {
        Side::Black
    };
    assert_eq!(game.player(seat), "zoe");
    // The board ben began stays his.
    assert!(cup.office.game(begun.game_id).side_of("ben").is_some());
    // zoe plays it and can win it; the table lists her as a player.
    let (white, black) = (game.white.clone(), game.black.clone());
    cup.send(&white, &format!("chess move {w} {white} PW e4"));
    cup.send(&black, &format!("chess move {w} {black} PW e5"));
    cup.send("dan", &format!("chess resign {w} dan PW"));
    assert_eq!(cup.status(w), GameStatus::Finished);
    let table = cup.table();
    assert!(
        table.contains(&format!("board {w}: {white} - {black}")),
        "{table}"
    );
    // ben has no board left that he has not begun.
    let again = cup.answer("dora", "chess tournament replace cup dora PW ben dora");
    assert!(
        again.contains("ben has no board in the tournament cup still to begin"),
        "{again}"
    );
}

#[test]
fn only_the_director_or_the_operator_rules_and_others_are_told_why() {
    let mut cup = Cup::new(&["ben", "cleo"]);
    let board = cup.boards[0].clone();
    let id = board.game_id;
    let body = cup.answer("ben", &format!("chess adjudicate {id} ben PW 1-0 I say so"));
    assert!(
        body.contains(&format!(
            "only dora, who directs the event board {id} is a game of, can rule on it"
        )),
        "{body}"
    );
    assert_eq!(cup.status(id), GameStatus::Active);
    // A plain game has no director by mail: only the operator rules.
    cup.send("ben", "chess challenge ben cleo");
    let conn = cup.office.runtime.host.store().connection();
    let plain = store::next_board_id(conn).unwrap() - 1;
    let body = cup.answer("ben", &format!("chess void {plain} ben PW"));
    assert!(
        body.contains(&format!(
            "board {plain} is not a game of an event with a director: only the host's operator can rule on it"
        )),
        "{body}"
    );
    // Bad input is refused with the right form, never a panic.
    let body = cup.answer("dora", &format!("chess adjudicate {id} dora PW 2-0 why"));
    assert!(
        body.contains("adjudicate needs different arguments"),
        "{body}"
    );
    assert!(body.contains("chess adjudicate board userid password 1-0|0-1|1/2 REASON..."));
    let body = cup.answer("dora", &format!("chess adjudicate {id} dora PW 1-0"));
    assert!(
        body.contains("adjudicate needs different arguments"),
        "{body}"
    );
    let body = cup.answer("dora", &format!("chess forfeit {id} dora PW zoe"));
    assert!(
        body.contains(&format!("zoe does not play on board {id}")),
        "{body}"
    );
    // The operator rules on the plain game from the CLI.
    let done = ok(cup.tool(&["director", "void"], &[&plain.to_string(), "a", "flood"]));
    assert!(
        done.contains(&format!("board {plain} (ben against cleo): voided")),
        "{done}"
    );
    assert_eq!(cup.status(plain), GameStatus::Aborted);
    let sent = cup.office.run_pass();
    let body = &over_mail(&sent, plain, "cleo").body;
    assert!(
        body.contains("Aborted: voided by the host's operator: a flood."),
        "{body}"
    );
    // The voided board is over: a second ruling is refused.
    let out = cup.tool(&["director", "void"], &[&plain.to_string()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is over"));
    let body = cup.answer("dora", &format!("chess void {plain} dora PW"));
    assert!(
        body.contains("not a game of an event with a director"),
        "{body}"
    );
}

#[test]
fn the_operator_directs_a_tournament_from_the_cli_and_players_are_told() {
    let mut cup = Cup::new(&["ben", "cleo", "dan", "eve"]);
    let first = cup.board_of("ben", "cleo");
    cup.begin(&first);
    let id = first.game_id.to_string();
    let done = ok(cup.tool(
        &["director", "adjudicate"],
        &[&id, "1/2", "a", "dead", "draw"],
    ));
    assert!(done.contains("adjudicated 1/2-1/2"), "{done}");
    assert!(done.contains("mails queued"), "{done}");
    let sent = cup.office.run_pass();
    let body = &over_mail(&sent, first.game_id, &first.white).body;
    assert!(
        body.contains("Drawn, adjudicated by the host's operator: a dead draw."),
        "{body}"
    );
    let second = cup.board_of("ben", "dan");
    let done = ok(cup.tool(
        &["director", "forfeit"],
        &[&second.game_id.to_string(), "dan", "left", "the", "club"],
    ));
    assert!(
        done.contains("forfeited by dan (before both had moved: aborted, unrated)"),
        "{done}"
    );
    let out = cup.tool(&["director", "adjudicate"], &[&id, "3-0", "why"]);
    assert!(!out.status.success());
    let done = ok(cup.tool(
        &["director", "tournament"],
        &["chess", "cup", "announce", "Round", "two."],
    ));
    assert!(done.contains("wrote to 5 reader(s) of cup"), "{done}");
    let sent = cup.office.run_pass();
    assert!(sent
        .iter()
        .any(|mail| mail.to == address("dan") && mail.body.contains("Round two.")));
    let done = ok(cup.tool(
        &["director", "tournament"],
        &["chess", "cup", "handover", "ben"],
    ));
    assert!(done.contains("ben organises cup now"), "{done}");
    let done = ok(cup.tool(
        &["director", "tournament"],
        &["chess", "cup", "replace", "dan", "zoe"],
    ));
    assert!(done.contains("zoe takes dan's place in cup"), "{done}");
    let done = ok(cup.tool(
        &["director", "tournament"],
        &["chess", "cup", "remove", "cleo"],
    ));
    assert!(done.contains("cleo is out of cup"), "{done}");
    let done = ok(cup.tool(&["director", "tournament"], &["chess", "cup", "cancel"]));
    assert!(done.contains("cup is cancelled"), "{done}");
    let out = cup.tool(&["director", "tournament"], &["chess", "cup", "cancel"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cup is cancelled already"));
    let log = ok(cup.tool(&["event-log"], &["--game", "chess", "--tournament", "cup"]));
    for line in [
        "operator adjudicate: board",
        "operator forfeit: board",
        "operator announce: Round two.",
        "operator handover: ben",
        "operator replace: zoe takes dan's place",
        "operator remove: cleo",
        "operator cancel: running boards voided",
    ] {
        assert!(log.contains(line), "{line}\n{log}");
    }
}

#[test]
fn the_log_by_mail_and_by_the_cli_lists_every_change_in_order_and_is_never_rewritten() {
    let mut cup = Cup::new(&["ben", "cleo"]);
    let board = cup.boards[0].clone();
    cup.begin(&board);
    let id = board.game_id;
    cup.send(
        "dora",
        &format!("chess adjudicate {id} dora PW 0-1 time trouble"),
    );
    let log = cup.answer("zoe", "chess tournament cup log");
    // Every change with its cause: the rules it was made with, the
    // pairing, the ruling, the result it gave and the end.
    let expected = [
        "dora  create: -roundrobin -admission:open -aborted:loss -rated".to_string(),
        "ben  join".to_string(),
        "cleo  join".to_string(),
        "dora  start: 2 players, 1 boards".to_string(),
        format!("dora  adjudicate: board {id}: 0-1: time trouble"),
        format!("host  result: board {id}: 0-1"),
        format!("host  finish: board {id} was the last"),
    ];
    let mut at = 0;
    for line in &expected {
        let found = log[at..]
            .find(line.as_str())
            .unwrap_or_else(|| panic!("{line} (in order)\n{log}"));
        at += found + line.len();
    }
    let cli = ok(cup.tool(&["event-log"], &["--game", "chess", "--tournament", "cup"]));
    let lines: Vec<&str> = cli.lines().collect();
    assert_eq!(lines.len(), expected.len() + 1, "{cli}");
    for (line, want) in lines.iter().zip(&expected) {
        assert!(line.contains(&want.replace("  ", " ")), "{line} / {want}");
    }
    assert_eq!(lines.last(), Some(&"7 entries"));
    let out = cup.tool(&["event-log"], &["--game", "chess", "--tournament", "nope"]);
    assert!(!out.status.success());
    // Append-only: the store refuses to change or delete a line.
    let conn = cup.office.runtime.host.store().connection();
    for sql in [
        "UPDATE event_log SET actor = 'someone'",
        "DELETE FROM event_log",
    ] {
        let err = conn.execute(sql, []).unwrap_err();
        assert!(err.to_string().contains("append-only"), "{sql}: {err}");
    }
    let unknown = cup.answer("zoe", "chess tournament nope log");
    assert!(
        unknown.contains("there is no Chess tournament called nope"),
        "{unknown}"
    );
}

#[test]
fn a_director_who_plays_does_not_rule_on_his_own_board() {
    let mut office = PostOffice::new();
    office.set_clock(0);
    for userid in ["anna", "ben"] {
        office.signup(userid);
    }
    office.send_as("anna", "chess tournament create cup anna PW", "");
    for userid in ["anna", "ben"] {
        let join = format!("chess tournament join cup {userid} PW");
        office.send_as(userid, &join, "");
    }
    office.send_as("anna", "chess tournament start cup anna PW", "");
    let sent = office.send_as("anna", "chess adjudicate 101 anna PW 1-0 ben is slow", "");
    let body = &mail_to(&sent, "anna").body;
    assert!(
        body.contains("you play on board 101: a director does not rule on his own game"),
        "{body}"
    );
    assert_eq!(office.game(101).status, GameStatus::Active);
}
