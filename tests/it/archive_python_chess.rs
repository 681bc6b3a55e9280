//! The PGN of event games as other chess software reads it: games of a
//! round robin, a knockout, the host's default ladder and a named ladder
//! are played by mail, exported with `pbem export --pgn` and served as
//! the web view's `/archive.pgn`, and both are read by python-chess (the
//! real library, installed by tests/setup.sh): its tags name the event,
//! its round, the day it began and the players' ratings, and standard
//! chess replays move for move. The variants are left out: python-chess
//! knows none of them. The host's clock is set; nothing sleeps.

use crate::util::host_harness::{PostOffice, Sent};
use crate::util::web_client::get;
use crate::util::{pbem, run_with_stdin, DAY};
use pbem::store::{self, TournamentBoard};
use std::collections::BTreeMap;
use std::process::Command;

/// Reads PGN from standard input with python-chess and prints, for each
/// game, `game`, then its tags (`tag NAME VALUE`), its parse errors
/// (`error TEXT`), the EventDate as python's own date (`eventdate
/// YYYY-MM-DD`), each Elo as a Python int (`elo NAME N`), and for
/// standard chess the moves replayed on python-chess's board as it
/// writes them (`moves SAN...`) and how that board's game ended
/// (`outcome RESULT TERMINATION`, or `outcome -`). Fields are separated
/// by tabs.
const READER: &str = r#"
import datetime, re, sys
import chess, chess.pgn

def out(*fields):
    print(*fields, sep="\t")

while True:
    game = chess.pgn.read_game(sys.stdin)
    if game is None:
        break
    out("game")
    for name, value in game.headers.items():
        out("tag", name, value)
    for error in game.errors:
        out("error", repr(error))
    day = game.headers.get("EventDate")
    if day is not None and re.fullmatch(r"\d{4}\.\d{2}\.\d{2}", day):
        out("eventdate", datetime.date(*map(int, day.split("."))).isoformat())
    for name in ("WhiteElo", "BlackElo"):
        value = game.headers.get(name)
        if value is not None and re.fullmatch(r"[0-9]+", value):
            out("elo", name, int(value))
    if "Variant" not in game.headers:
        board = game.board()
        moves = []
        for move in game.mainline_moves():
            moves.append(board.san(move))
            board.push(move)
        out("moves", *moves)
        outcome = board.outcome()
        if outcome is None:
            out("outcome", "-")
        else:
            out("outcome", outcome.result(), outcome.termination.name)
"#;

/// One game as python-chess read it.
#[derive(Debug, Default)]
struct PyGame {
    tags: BTreeMap<String, String>,
    errors: Vec<String>,
    event_date: Option<String>,
    elo: BTreeMap<String, i64>,
    moves: Option<Vec<String>>,
    outcome: Option<String>,
}

impl PyGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name).map(String::as_str)
    }
}

/// `pgn` as python-chess reads it. Fails, rather than skips, where
/// python-chess is not installed: CI installs it (tests/setup.sh).
fn python_chess_reads(pgn: &str) -> Vec<PyGame> {
    let mut command = Command::new("python3");
    command.args(["-c", READER]);
    let output = run_with_stdin(command, pgn.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("No module named 'chess'"),
        "python-chess is not installed: tests/setup.sh installs it\n{stderr}"
    );
    assert!(output.status.success(), "python3 failed:\n{stderr}");
    let mut games: Vec<PyGame> = Vec::new();
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields[0] == "game" {
            games.push(PyGame::default());
            continue;
        }
        let game = games.last_mut().expect("a game before its fields");
        let rest = fields[1..].iter().map(|field| field.to_string());
        match fields[0] {
            "tag" => {
                game.tags.insert(fields[1].into(), fields[2].into());
            }
            "error" => game.errors.push(fields[1].into()),
            "eventdate" => game.event_date = Some(fields[1].into()),
            "elo" => {
                game.elo
                    .insert(fields[1].into(), fields[2].parse().unwrap());
            }
            "moves" => game.moves = Some(rest.filter(|san| !san.is_empty()).collect()),
            "outcome" => game.outcome = Some(fields[1..].join(" ")),
            other => panic!("python printed {other:?}: {line}"),
        }
    }
    games
}

/// A club whose players mail at moments they choose.
struct Club {
    office: PostOffice,
    now: i64,
}

impl Club {
    fn new(players: &[&str]) -> Club {
        let mut office = PostOffice::new();
        office.set_clock(0);
        for player in players {
            office.signup(player);
        }
        Club { office, now: 0 }
    }

    /// `userid` mails `subject` (PW: his password) a minute after the last.
    fn send(&mut self, userid: &str, subject: &str) -> Vec<Sent> {
        self.now += 60;
        self.office.set_clock(self.now);
        self.office.send_as(userid, subject, "")
    }

    /// The next mails go out on day `day` (0: t0's, 2027-03-01).
    fn on_day(&mut self, day: i64) {
        assert!(day * DAY > self.now, "the clock only goes forward");
        self.now = day * DAY;
    }

    /// `moves` on board `id`, White's first, each by the side to move.
    fn moves(&mut self, id: i64, [white, black]: [&str; 2], moves: &[&str]) {
        for (index, san) in moves.iter().enumerate() {
            let userid = [white, black][index % 2];
            self.send(userid, &format!("chess move {id} {userid} PW {san}"));
        }
        assert_eq!(self.office.move_count(id), moves.len(), "board {id}");
    }

    /// The newest board.
    fn newest_board(&self) -> i64 {
        let conn = self.office.runtime.host.store().connection();
        conn.query_row("SELECT MAX(id) FROM games", [], |row| row.get(0))
            .unwrap()
    }

    fn tournament_boards(&self, name: &str) -> Vec<TournamentBoard> {
        let conn = self.office.runtime.host.store().connection();
        let found = store::find_tournament(conn, "chess", name)
            .unwrap()
            .unwrap();
        store::tournament_boards(conn, found.id).unwrap()
    }

    /// White's and Black's ratings before board `id`'s rating change.
    fn elo_before(&self, id: i64) -> [i64; 2] {
        let conn = self.office.runtime.host.store().connection();
        let game = self.office.game(id);
        let changes = store::rating_changes(conn, id).unwrap();
        [game.white, game.black].map(|userid| {
            let change = changes
                .iter()
                .find(|change| change.userid == userid)
                .unwrap_or_else(|| panic!("board {id} is not rated for {userid}"));
            change.before.round() as i64
        })
    }

    /// `userid`'s rating after board `id`'s rating change.
    fn elo_after(&self, id: i64, userid: &str) -> i64 {
        let conn = self.office.runtime.host.store().connection();
        let changes = store::rating_changes(conn, id).unwrap();
        let change = changes.iter().find(|c| c.userid == userid).unwrap();
        change.after.round() as i64
    }
}

/// What python-chess must read of one board.
struct Expected {
    board: i64,
    white: String,
    black: String,
    event: &'static str,
    round: String,
    /// `Date`: the day the board was made.
    date: &'static str,
    event_date: &'static str,
    elo: [i64; 2],
    result: &'static str,
    termination: &'static str,
    moves: Vec<&'static str>,
    /// The end python-chess's own board comes to (`-`: none).
    outcome: &'static str,
}

const SCHOLARS_MATE: [&str; 7] = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];
const FOOLS_MATE: [&str; 4] = ["f3", "e5", "g4", "Qh4#"];

/// Plays the events' games by mail, from 2027-03-01 to 03-07; what
/// python-chess must read of each board, in board order.
fn play_the_events(club: &mut Club) -> Vec<Expected> {
    let mut expected = Vec::new();
    // The host's default ladder, from 03-01: cleo wins against ben by
    // resignation.
    for player in ["ben", "cleo"] {
        club.send(player, &format!("chess ladder join {player} PW"));
    }
    club.send("cleo", "chess challenge cleo ben -ladder -password:PW");
    let id = club.newest_board();
    club.moves(id, ["cleo", "ben"], &["d4", "d5"]);
    club.send("ben", &format!("chess resign {id} ben PW"));
    expected.push(Expected {
        board: id,
        white: "cleo".into(),
        black: "ben".into(),
        event: "Chess ladder",
        round: "-".into(),
        date: "2027.03.01",
        event_date: "2027.03.01",
        elo: club.elo_before(id),
        result: "1-0",
        termination: "normal",
        moves: vec!["d4", "d5"],
        outcome: "-",
    });

    // A named ladder, created on 03-02 by anna, who directs it: eve
    // challenges dan and is mated.
    club.on_day(1);
    club.send("anna", "chess ladder create Club anna PW");
    for player in ["dan", "eve"] {
        club.send(player, &format!("chess ladder join Club {player} PW"));
    }
    club.send("eve", "chess challenge eve dan -ladder:Club -password:PW");
    let id = club.newest_board();
    club.moves(id, ["eve", "dan"], &FOOLS_MATE);
    expected.push(Expected {
        board: id,
        white: "eve".into(),
        black: "dan".into(),
        event: "Club",
        round: "-".into(),
        date: "2027.03.02",
        event_date: "2027.03.02",
        elo: club.elo_before(id),
        result: "0-1",
        termination: "normal",
        moves: FOOLS_MATE.to_vec(),
        outcome: "0-1 CHECKMATE",
    });

    // A round robin of ben, cleo and dan directed by dora, created on
    // 03-03 and started on 03-04: one game mated on 03-05, one
    // adjudicated.
    club.on_day(2);
    club.send("dora", "chess tournament create spring dora PW");
    for player in ["ben", "cleo", "dan"] {
        club.send(player, &format!("chess tournament join spring {player} PW"));
    }
    club.on_day(3);
    club.send("dora", "chess tournament start spring dora PW");
    let boards = club.tournament_boards("spring");
    assert!(boards.len() >= 2, "{boards:?}");
    club.on_day(4);
    let (mated, judged) = (&boards[0], &boards[1]);
    let players = |board: &TournamentBoard| [board.white.clone(), board.black.clone()];
    let [white, black] = players(mated);
    club.moves(mated.game_id, [&white, &black], &SCHOLARS_MATE);
    expected.push(Expected {
        board: mated.game_id,
        white,
        black,
        event: "spring",
        round: mated.round.to_string(),
        date: "2027.03.04",
        event_date: "2027.03.04",
        elo: club.elo_before(mated.game_id),
        result: "1-0",
        termination: "normal",
        moves: SCHOLARS_MATE.to_vec(),
        outcome: "1-0 CHECKMATE",
    });
    let [white, black] = players(judged);
    let id = judged.game_id;
    club.moves(id, [&white, &black], &["Nf3", "Nf6", "c4"]);
    let sent = club.send(
        "dora",
        &format!("chess adjudicate {id} dora PW 0-1 {white} left the game"),
    );
    assert!(
        sent.iter()
            .any(|mail| mail.body.contains("adjudicated by the director (dora)")),
        "{sent:#?}"
    );
    expected.push(Expected {
        board: id,
        white,
        black,
        event: "spring",
        round: judged.round.to_string(),
        date: "2027.03.04",
        event_date: "2027.03.04",
        elo: club.elo_before(id),
        result: "0-1",
        termination: "adjudication",
        moves: vec!["Nf3", "Nf6", "c4"],
        outcome: "-",
    });

    // A knockout of anna and eve directed by dora, started on 03-06:
    // game 1 of match 1.1 is resigned on 03-07, which begins game 2 that
    // day; it runs, one move in.
    club.send("dora", "chess tournament create cup dora PW -knockout");
    for player in ["anna", "eve"] {
        club.send(player, &format!("chess tournament join cup {player} PW"));
    }
    club.on_day(5);
    club.send("dora", "chess tournament start cup dora PW");
    let first = club.tournament_boards("cup").remove(0);
    let [white, black] = players(&first);
    club.on_day(6);
    club.moves(first.game_id, [&white, &black], &["c4", "e5"]);
    club.send(
        &white,
        &format!("chess resign {} {white} PW", first.game_id),
    );
    expected.push(Expected {
        board: first.game_id,
        white: white.clone(),
        black: black.clone(),
        event: "cup",
        round: "1.1".into(),
        date: "2027.03.06",
        event_date: "2027.03.06",
        elo: club.elo_before(first.game_id),
        result: "0-1",
        termination: "normal",
        moves: vec!["c4", "e5"],
        outcome: "-",
    });
    let second = club.tournament_boards("cup").remove(1);
    assert_eq!([&second.white, &second.black], [&black, &white]);
    club.moves(second.game_id, [&black, &white], &["e4"]);
    expected.push(Expected {
        board: second.game_id,
        white: black.clone(),
        black: white.clone(),
        event: "cup",
        round: "1.1".into(),
        date: "2027.03.07",
        event_date: "2027.03.06",
        elo: [
            club.elo_after(first.game_id, &black),
            club.elo_after(first.game_id, &white),
        ],
        result: "*",
        termination: "unterminated",
        moves: vec!["e4"],
        outcome: "-",
    });
    expected
}

/// `pgn` (`from`: where the text came from) as python-chess reads it:
/// `boards` games, none with a parse error, and each of `expected` with
/// its event, round, dates, ratings, result, termination and moves.
fn python_chess_reads_each(from: &str, pgn: &str, expected: &[Expected], boards: i64) {
    let games = python_chess_reads(pgn);
    assert_eq!(games.len() as i64, boards, "{from}:\n{pgn}");
    for game in &games {
        assert!(game.errors.is_empty(), "{from}: {game:?}");
    }
    for want in expected {
        let board = want.board;
        let read = games
            .iter()
            .find(|game| {
                game.tag("White") == Some(&want.white)
                    && game.tag("Black") == Some(&want.black)
                    && game.tag("Event") == Some(want.event)
            })
            .unwrap_or_else(|| panic!("{from}: board {board} not read:\n{pgn}"));
        let what = format!("{from}, board {board}: {read:?}");
        assert!(read.errors.is_empty(), "{what}");
        assert_eq!(read.tag("Round"), Some(want.round.as_str()), "{what}");
        assert_eq!(read.tag("Date"), Some(want.date), "{what}");
        assert_eq!(read.tag("EventDate"), Some(want.event_date), "{what}");
        let day = want.event_date.replace('.', "-");
        assert_eq!(read.event_date.as_deref(), Some(day.as_str()), "{what}");
        assert_eq!(read.elo.get("WhiteElo"), Some(&want.elo[0]), "{what}");
        assert_eq!(read.elo.get("BlackElo"), Some(&want.elo[1]), "{what}");
        assert_eq!(read.tag("Result"), Some(want.result), "{what}");
        assert_eq!(read.tag("Termination"), Some(want.termination), "{what}");
        let moves: Option<Vec<&str>> = read
            .moves
            .as_ref()
            .map(|moves| moves.iter().map(String::as_str).collect());
        assert_eq!(moves.as_ref(), Some(&want.moves), "{what}");
        assert_eq!(read.outcome.as_deref(), Some(want.outcome), "{what}");
        if want.termination == "adjudication" {
            let ruling = read.tag("Ruling").unwrap_or_default();
            assert!(
                ruling.starts_with("adjudicated by the director dora"),
                "{what}"
            );
        }
    }
}

#[test]
fn event_games_exported_as_pgn_are_read_by_python_chess_with_event_round_date_elo_and_result() {
    let mut club = Club::new(&["anna", "ben", "cleo", "dan", "eve", "dora"]);
    let expected = play_the_events(&mut club);
    // Every board is written: the round robin's board not played too.
    let conn = club.office.runtime.host.store().connection();
    let boards: i64 = conn
        .query_row("SELECT COUNT(*) FROM games", [], |row| row.get(0))
        .unwrap();
    assert_eq!(boards, expected.len() as i64 + 1);
    let output = pbem()
        .args(["export", "--pgn", "--data"])
        .arg(club.office.dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let exported = String::from_utf8(output.stdout).unwrap();
    python_chess_reads_each("pbem export --pgn", &exported, &expected, boards);
    let site = crate::web_view::site(&club.office);
    let served = get(site.address, "/archive.pgn").text();
    python_chess_reads_each("/archive.pgn", &served, &expected, boards);
}
