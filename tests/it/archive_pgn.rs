//! `pbem export --pgn` as an operator runs it: games played by mail into
//! a data directory, exported through the binary, read back with the
//! archive's reader and replayed to the positions the store holds.

use crate::util::{confirming_reply, pbem, raw_mail};
use pbem::archive::{read_pgn, replay_read, ReadGame};
use pbem::clock::Clock;
use pbem::config::Config;
use pbem::daemon::Runtime;
use pbem::games::{replay, GameKind, RecordedMove, Side};
use pbem::store;
use std::path::Path;
use std::process::Output;

/// Sends each mail of a data directory's players at a fixed moment.
struct Host {
    runtime: Runtime,
    sent: usize,
}

impl Host {
    fn open(data: &Path) -> Host {
        let config = Config::from_toml("", Some(data)).unwrap();
        Host {
            runtime: Runtime::open(&config).unwrap(),
            sent: 0,
        }
    }

    fn at(&mut self, moment: &str) {
        self.runtime
            .host
            .set_clock(Clock::parse_fixed(moment).unwrap());
    }

    fn send(&mut self, userid: &str, subject: &str) {
        self.sent += 1;
        let raw = raw_mail(
            &format!("{userid}@example.org"),
            &format!("archive-{}@example.org", self.sent),
            subject,
        );
        self.runtime.host.receive(&raw).unwrap();
    }

    /// A signup, confirmed by a reply as a new player does.
    fn signup(&mut self, userid: &str) {
        self.send(userid, &format!("signup {userid} pw-{userid}-quince"));
        let conn = self.runtime.host.store().connection();
        let reply = confirming_reply(conn, &format!("{userid}@example.org"));
        self.runtime.host.receive(&reply).unwrap();
    }

    /// A challenge by `white`, then each move in its subject.
    fn game(&mut self, kind: &str, switches: &str, players: [&str; 2], moves: &[(&str, &str)]) {
        let [white, black] = players;
        self.send(
            white,
            &format!("{kind} challenge {white} {black} {switches}"),
        );
        let board = self.boards();
        for (userid, text) in moves {
            self.send(
                userid,
                &format!("{kind} move {board} {userid} pw-{userid}-quince {text}"),
            );
        }
        let conn = self.runtime.host.store().connection();
        let stored = store::load_moves(conn, board).unwrap();
        assert_eq!(stored.len(), moves.len(), "board {board}: {stored:?}");
    }

    /// The id of the newest board.
    fn boards(&self) -> i64 {
        let conn = self.runtime.host.store().connection();
        conn.query_row("SELECT MAX(id) FROM games", [], |row| row.get(0))
            .unwrap()
    }
}

/// Boards 101 to 107: the four games to their ends, a declined
/// challenge, a running game and a resignation, on four days.
fn played_host(data: &Path) {
    let mut host = Host::open(data);
    host.at("2027-03-01T09:00:00Z");
    for userid in ["alice", "bob", "carol"] {
        host.signup(userid);
    }
    let fools_mate = [
        ("alice", "f3"),
        ("bob", "e5"),
        ("alice", "g2g4"),
        ("bob", "Qh4#"),
    ];
    host.game("chess", "", ["alice", "bob"], &fools_mate);
    let progression = [
        ("alice", "nbNBrRQK"),
        ("bob", "list:KQRrNnBb"),
        ("alice", "e2e4"),
        ("bob", "e7e5"),
        ("alice", "e1e2"),
    ];
    host.game("progression", "-promote:15", ["alice", "bob"], &progression);
    let recursion = [
        ("alice", "W:d4"),
        ("bob", "B:c6"),
        ("bob", "W:b5"),
        ("alice", "B:d4"),
        ("alice", "W:e4"),
        ("bob", "B:b5"),
        ("bob", "W:c6"),
        ("alice", "B:a3"),
        ("alice", "W:Qa5#"),
        ("bob", "B:h6"),
        ("alice", "B:Qa5#"),
    ];
    host.game("recursion", "", ["alice", "bob"], &recursion);
    let spherical: Vec<(&str, &str)> = [
        "h8-h7", "a2+ne", "a2+ne", "h7-h1", "h1xb1", "a2+ne", "a2+nw", "b1xb18", "b18xa18",
        "a2+nw", "a2+nw", "a18xa1", "a1xr1", "a2+se", "a2+se", "r1xr18", "r18xq18", "a2+se",
        "a2+sw", "q18xq1",
    ]
    .iter()
    .enumerate()
    .map(|(index, text)| (if (index + 1) % 4 < 2 { "alice" } else { "bob" }, *text))
    .collect();
    host.game("spherical", "-setup:1", ["alice", "bob"], &spherical);
    host.at("2027-03-10T09:00:00Z");
    host.game("chess", "", ["carol", "bob"], &[]);
    host.send("bob", "chess decline 105 bob pw-bob-quince");
    host.at("2027-03-20T09:00:00Z");
    host.game("chess", "", ["alice", "carol"], &[("alice", "e4")]);
    host.at("2027-03-21T09:00:00Z");
    // Resigning before one's first move would decline the board instead.
    let resigned = [("bob", "d4"), ("alice", "d5"), ("bob", "c4")];
    host.game("chess", "", ["bob", "alice"], &resigned);
    host.send("alice", "chess resign 107 alice pw-alice-quince");
}

fn export(data: &Path, filters: &[&str]) -> Output {
    let output = export_run(data, filters);
    assert!(output.status.success(), "{output:?}");
    output
}

fn export_run(data: &Path, filters: &[&str]) -> Output {
    pbem()
        .args(["export", "--data", data.to_str().unwrap(), "--pgn"])
        .args(filters)
        .output()
        .unwrap()
}

fn games_of(output: &Output) -> Vec<ReadGame> {
    read_pgn(&String::from_utf8(output.stdout.clone()).unwrap()).unwrap()
}

/// Each game as "Variant White-Black Result", standard chess as "Chess".
fn labels(games: &[ReadGame]) -> Vec<String> {
    games
        .iter()
        .map(|game| {
            let tag = |name| game.tag(name).unwrap_or("Chess");
            format!(
                "{} {}-{} {}",
                tag("Variant"),
                tag("White"),
                tag("Black"),
                tag("Result")
            )
        })
        .collect()
}

#[test]
fn every_exported_game_reads_back_and_replays_to_the_stored_position() {
    let data = tempfile::tempdir().unwrap();
    played_host(data.path());
    let games = games_of(&export(data.path(), &[]));
    assert_eq!(
        labels(&games),
        vec![
            "Chess alice-bob 0-1",
            "Progression Chess alice-bob 0-1",
            "Infinite Recursion Chess alice-bob 1-0",
            "Spherical Chess 324 alice-bob 1-0",
            "Chess carol-bob *",
            "Chess alice-carol *",
            "Chess bob-alice 1-0",
        ]
    );
    let config = Config::from_toml("", Some(data.path())).unwrap();
    let store = store::Store::open(&config.database).unwrap();
    for (read, id) in games.iter().zip(101..) {
        let record = store::load_game(store.connection(), id).unwrap().unwrap();
        let moves: Vec<RecordedMove> = store::load_moves(store.connection(), id)
            .unwrap()
            .into_iter()
            .map(|stored| RecordedMove {
                side: stored.side,
                notation: stored.notation,
            })
            .collect();
        let kind = GameKind::from_name(&record.kind).unwrap();
        let stored = replay(kind, &record.switches, &moves).unwrap();
        let again = replay_read(read).unwrap_or_else(|err| panic!("board {id}: {err}"));
        assert_eq!(
            again.board(Side::White),
            stored.board(Side::White),
            "board {id}"
        );
        assert_eq!(again.outcome(), stored.outcome(), "board {id}");
        assert_eq!(read.moves.len(), moves.len(), "board {id}");
    }
    let terminations: Vec<Option<&str>> =
        games.iter().map(|game| game.tag("Termination")).collect();
    assert_eq!(
        terminations,
        [
            "normal",
            "normal",
            "normal",
            "normal",
            "aborted",
            "unterminated",
            "normal"
        ]
        .map(Some)
    );
    assert_eq!(games[0].tag("Date"), Some("2027.03.01"));
    assert_eq!(games[0].tag("TimeControl"), Some("1/1814400"));
    assert_eq!(games[1].tag("Switches"), Some("-list:xxxxxxxx -promote:15"));
}

#[test]
fn exported_chess_is_read_by_other_chess_software() {
    let data = tempfile::tempdir().unwrap();
    played_host(data.path());
    let games = games_of(&export(data.path(), &["--game", "101"]));
    assert_eq!(games.len(), 1);
    // The `chess` crate's SAN reader, move by move from the start.
    let mut board = chess::Board::default();
    for read in &games[0].moves {
        let mv = chess::ChessMove::from_san(&board, &read.text)
            .unwrap_or_else(|err| panic!("{}: {err:?}", read.text));
        board = board.make_move_new(mv);
    }
    assert_eq!(board.status(), chess::BoardStatus::Checkmate);
    assert_eq!(board.side_to_move(), chess::Color::White);
}

#[test]
fn export_filters_pick_games_by_board_player_kind_and_start() {
    let data = tempfile::tempdir().unwrap();
    played_host(data.path());
    let picked = |filters: &[&str]| labels(&games_of(&export(data.path(), filters)));
    assert_eq!(
        picked(&["--game", "103"]),
        ["Infinite Recursion Chess alice-bob 1-0"]
    );
    assert_eq!(
        picked(&["--player", "Carol"]),
        ["Chess carol-bob *", "Chess alice-carol *"]
    );
    assert_eq!(
        picked(&["--kind", "spherical324"]),
        ["Spherical Chess 324 alice-bob 1-0"]
    );
    assert_eq!(
        picked(&["--since", "2027-03-20"]),
        ["Chess alice-carol *", "Chess bob-alice 1-0"]
    );
    assert_eq!(
        picked(&[
            "--player",
            "bob",
            "--kind",
            "chess",
            "--since",
            "2027-03-02"
        ]),
        ["Chess carol-bob *", "Chess bob-alice 1-0"]
    );
    assert!(picked(&["--player", "nobody"]).is_empty());
}

#[test]
fn export_of_a_board_that_is_not_there_fails_and_names_it() {
    let data = tempfile::tempdir().unwrap();
    played_host(data.path());
    let output = export_run(data.path(), &["--game", "9999"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("there is no board 9999"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn export_to_stdout_ends_with_a_newline() {
    let data = tempfile::tempdir().unwrap();
    played_host(data.path());
    for filters in [&[][..], &["--game", "101"], &["--kind", "recursion"]] {
        let output = export(data.path(), filters);
        assert!(output.stdout.ends_with(b"\n"), "{filters:?}");
    }
}

#[test]
fn export_separates_games_by_a_blank_line_and_writes_to_out() {
    let data = tempfile::tempdir().unwrap();
    played_host(data.path());
    let file = data.path().join("games.pgn");
    let output = export(
        data.path(),
        &["--since", "2027-03-20", "--out", file.to_str().unwrap()],
    );
    assert!(output.stdout.is_empty());
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("[Event ").count(), 2);
    assert!(text.contains("1. e4 *\n\n[Event "), "{text}");
    assert!(text.ends_with("1. d4 d5 2. c4 1-0\n"), "{text}");
}

#[test]
fn a_board_that_does_not_replay_is_skipped_with_a_warning_naming_it() {
    let data = tempfile::tempdir().unwrap();
    played_host(data.path());
    let conn = rusqlite::Connection::open(data.path().join("pbem.sqlite")).unwrap();
    conn.execute(
        "UPDATE moves SET notation = 'Ke9' WHERE game_id = 101 AND number = 3",
        [],
    )
    .unwrap();
    drop(conn);
    let output = export(data.path(), &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("board 101 skipped"), "{stderr}");
    let games = games_of(&output);
    assert_eq!(games.len(), 6);
    assert!(!labels(&games).contains(&"Chess alice-bob 0-1".to_string()));
}

/// Morphy against the Duke of Brunswick and Count Isouard, Paris 1858 (the
/// Opera game), played by mail, exported, and read by other chess software
/// to the final mate.
#[test]
fn the_opera_game_played_by_mail_exports_to_pgn_chess_software_replays() {
    let data = tempfile::tempdir().unwrap();
    let mut host = Host::open(data.path());
    host.at("1858-11-02T20:00:00Z");
    for userid in ["morphy", "duke"] {
        host.signup(userid);
    }
    let sans = [
        "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
        "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
        "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
    ];
    let moves: Vec<(&str, &str)> = sans
        .iter()
        .enumerate()
        .map(|(index, san)| (if index % 2 == 0 { "morphy" } else { "duke" }, *san))
        .collect();
    host.game("chess", "", ["morphy", "duke"], &moves);
    drop(host);
    let output = export(data.path(), &["--game", "101"]);
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(text.contains("[White \"morphy\"]"), "{text}");
    assert!(
        text.contains("[Date \"1858.11.02\"]"),
        "played at the moment --now gave: {text}"
    );
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("17. Rd8# 1-0"), "{text}");
    assert!(text.lines().all(|line| line.len() <= 80), "{text}");
    let games = games_of(&output);
    let mut board = chess::Board::default();
    for read in &games[0].moves {
        let mv = chess::ChessMove::from_san(&board, &read.text)
            .unwrap_or_else(|err| panic!("{}: {err:?}", read.text));
        board = board.make_move_new(mv);
    }
    assert_eq!(board.status(), chess::BoardStatus::Checkmate);
    assert_eq!(board.side_to_move(), chess::Color::Black);
}
