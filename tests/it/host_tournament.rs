//! A round-robin tournament by mail from its creation to its end: five
//! players (one sits out each round), every board begun at once with
//! Berger colours, results by resignation and agreed draws, and the final
//! crosstable with its tie-breaks, by mail and for the operator.

use crate::util::host_harness::{address, mail_to, one, PostOffice, Sent};
use crate::util::pbem;
use pbem::archive::read_pgn;
use pbem::store::{self, TournamentStatus};
use std::collections::BTreeSet;

const PLAYERS: [&str; 5] = ["anna", "ben", "cleo", "dan", "eve"];

struct Hall {
    office: PostOffice,
    seconds: i64,
}

impl Hall {
    fn new() -> Hall {
        let mut office = PostOffice::new();
        office.set_clock(0);
        for player in PLAYERS {
            office.signup(player);
        }
        Hall { office, seconds: 0 }
    }

    /// `userid` mails `subject` (PW stands for his password) a minute
    /// after the last mail.
    fn send(&mut self, userid: &str, subject: &str) -> Vec<Sent> {
        self.seconds += 60;
        self.office.set_clock(self.seconds);
        self.office.send_as(userid, subject, "")
    }
}

fn to<'a>(sent: &'a [Sent], userid: &str, subject: &str) -> Vec<&'a Sent> {
    sent.iter()
        .filter(|mail| mail.to == address(userid) && mail.subject.starts_with(subject))
        .collect()
}

/// The result each pairing is played to: the winner, or none for a draw.
fn planned_winner(a: &str, b: &str) -> Option<&'static str> {
    let pair: BTreeSet<&str> = [a, b].into_iter().collect();
    let is = |x: &str, y: &str| pair == [x, y].into_iter().collect();
    if is("anna", "ben") || is("anna", "cleo") {
        Some("anna")
    } else if is("anna", "dan") {
        Some("dan")
    } else if is("ben", "cleo") || is("ben", "dan") {
        Some("ben")
    } else if is("ben", "eve") {
        Some("eve")
    } else if is("cleo", "dan") || is("cleo", "eve") {
        Some("cleo")
    } else {
        // anna-eve and dan-eve are drawn.
        None
    }
}

#[test]
fn a_five_player_round_robin_is_played_to_the_end_with_crosstable_and_tie_breaks() {
    let mut hall = Hall::new();
    let sent = hall.send(
        "anna",
        "chess tournament create spring anna PW --forfeittime=14",
    );
    assert_eq!(sent[0].subject, "PBeM Chess Tournament spring");
    assert!(sent[0].body.contains("created the Chess tournament spring"));
    for player in PLAYERS {
        let sent = hall.send(player, &format!("chess tournament join spring {player} PW"));
        assert!(
            sent[0].body.contains(&format!("{player} joined")),
            "{}",
            sent[0].body
        );
    }
    let refused = hall.send("ben", "chess tournament start spring ben PW");
    assert!(refused[0]
        .body
        .contains("only anna, who organises spring, can start it"));

    let sent = hall.send("anna", "chess tournament start spring anna PW");
    assert!(
        sent[0].body.contains("10 boards begin now"),
        "{}",
        sent[0].body
    );
    let conn = hall.office.runtime.host.store().connection();
    let tournament = store::find_tournament(conn, "chess", "spring")
        .unwrap()
        .unwrap();
    assert_eq!(tournament.status, TournamentStatus::Running);
    let boards = store::tournament_boards(conn, tournament.id).unwrap();
    assert_eq!(boards.len(), 10);
    for player in PLAYERS {
        // A mail for each of his four boards, and his pairings.
        assert_eq!(to(&sent, player, "New Chess Board").len(), 4, "{player}");
        let pairings: Vec<_> = to(&sent, player, "PBeM Chess Tournament spring")
            .into_iter()
            .filter(|mail| mail.body.contains("your boards"))
            .collect();
        assert_eq!(pairings.len(), 1);
        let body = &pairings[0].body;
        assert_eq!(body.matches("\n  round ").count(), 4, "{body}");
        let rounds: BTreeSet<u32> = boards
            .iter()
            .filter(|b| b.white == player || b.black == player)
            .map(|b| b.round)
            .collect();
        assert_eq!(rounds.len(), 4, "{player} sits out one of the 5 rounds");
        let whites = boards.iter().filter(|b| b.white == player).count();
        assert_eq!(whites, 2, "{player}'s colours are balanced");
    }
    let late = hall.send("ben", "chess tournament leave spring ben PW");
    assert!(
        late[0].body.contains("spring is running"),
        "{}",
        late[0].body
    );

    let mut last = Vec::new();
    for board in &boards {
        let (white, black, id) = (board.white.as_str(), board.black.as_str(), board.game_id);
        hall.send(white, &format!("chess move {id} {white} PW e4"));
        hall.send(black, &format!("chess move {id} {black} PW e5"));
        last = match planned_winner(white, black) {
            Some(winner) if winner == white => {
                hall.send(black, &format!("chess resign {id} {black} PW"))
            }
            Some(_) => hall.send(white, &format!("chess resign {id} {white} PW")),
            None => {
                hall.send(white, &format!("chess move {id} {white} PW Nf3 propose"));
                hall.send(black, &format!("chess move {id} {black} PW accept"))
            }
        };
    }
    let conn = hall.office.runtime.host.store().connection();
    let tournament = store::find_tournament(conn, "chess", "spring")
        .unwrap()
        .unwrap();
    assert_eq!(tournament.status, TournamentStatus::Finished);
    // Points: anna 2½; eve, ben and cleo 2 each; dan 1½. Sonneborn-Berger
    // puts eve (4) before ben and cleo (3½ each), and ben beat cleo.
    // The direct encounter (DE) counts only among players still level:
    // ben's win over cleo.
    let expected = [
        "   1  1  anna            X  1  1  0  ½    2½      5     0",
        "   2  5  eve             ½  1  0  ½  X    2       4     0",
        "   3  2  ben             0  X  1  1  0    2       3½    1",
        "   4  3  cleo            0  0  X  1  1    2       3½    0",
        "   5  4  dan             1  0  0  X  ½    1½      3½    0",
    ];
    for player in PLAYERS {
        let over = to(&last, player, "PBeM Chess Tournament spring");
        assert_eq!(over.len(), 1, "{player}: {last:#?}");
        let body = &over[0].body;
        assert!(body.contains("spring is over"), "{body}");
        let rows: Vec<&str> = body
            .lines()
            .skip_while(|line| !line.starts_with("Rank"))
            .skip(1)
            .take(5)
            .collect();
        assert_eq!(rows, expected, "{body}");
    }
    // Rated boards: every player has a rating now.
    for player in PLAYERS {
        assert!(store::load_rating(conn, "chess", player).unwrap().is_some());
    }
    // The operator prints the same table.
    let output = pbem()
        .args(["tournament", "chess", "spring", "--data"])
        .arg(hall.office.dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let printed = String::from_utf8(output.stdout).unwrap();
    for row in expected {
        assert!(printed.contains(row), "{printed}");
    }
    exported_boards_name_the_tournament(&hall, &boards);
}

/// The operator's PGN export of every board names the tournament, the
/// board's round, the tournament's start and the players' ratings when
/// the board began (each one's first rated game: the starting 1500, or
/// the rating its change started from).
fn exported_boards_name_the_tournament(hall: &Hall, boards: &[store::TournamentBoard]) {
    let output = pbem()
        .args(["export", "--pgn", "--data"])
        .arg(hall.office.dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let games = read_pgn(&String::from_utf8(output.stdout).unwrap()).unwrap();
    assert_eq!(games.len(), boards.len());
    let conn = hall.office.runtime.host.store().connection();
    for (game, board) in games.iter().zip(boards) {
        assert_eq!(game.tag("Event"), Some("spring"));
        assert_eq!(game.tag("Round"), Some(board.round.to_string().as_str()));
        // Every board began with the tournament, on its first day.
        assert_eq!(game.tag("EventDate"), game.tag("Date"));
        assert!(game.tag("EventDate").is_some());
        let changes = store::rating_changes(conn, board.game_id).unwrap();
        for (tag, userid) in [("WhiteElo", &board.white), ("BlackElo", &board.black)] {
            let change = changes.iter().find(|c| &c.userid == userid).unwrap();
            let before = change.before.round().to_string();
            assert_eq!(game.tag(tag), Some(before.as_str()), "{tag} of {userid}");
        }
    }
    // Other chess software reads the moves (the `chess` crate's SAN).
    for game in &games {
        let mut board = chess::Board::default();
        for read in &game.moves {
            let mv = chess::ChessMove::from_san(&board, &read.text).unwrap();
            board = board.make_move_new(mv);
        }
    }
    let first = games.iter().find(|g| g.tag("Round") == Some("1")).unwrap();
    assert_eq!(first.tag("WhiteElo"), Some("1500"));
}

#[test]
fn tournament_commands_are_refused_when_they_cannot_be_carried_out() {
    let mut hall = Hall::new();
    let sent = hall.send("ben", "chess tournament join nosuch ben PW");
    assert!(sent[0].body.contains("no Chess tournament called nosuch"));
    hall.send("anna", "chess tournament create cup anna PW");
    let sent = hall.send("ben", "chess tournament create cup ben PW");
    assert!(sent[0].body.contains("called cup exists already"));
    let sent = hall.send("anna", "chess tournament start cup anna PW");
    assert!(sent[0].body.contains("has 0 players; it needs at least 2"));
    let sent = hall.send("anna", "chess tournament create bad anna PW -list:zz");
    assert!(sent[0].subject.contains("Error"), "{}", sent[0].body);
    let sent = hall.send("ben", "chess tournament join cup ben WRONG");
    assert!(sent[0].subject.contains("Error"));
    let conn = hall.office.runtime.host.store().connection();
    let cup = store::find_tournament(conn, "chess", "cup")
        .unwrap()
        .unwrap();
    assert!(store::tournament_players(conn, cup.id).unwrap().is_empty());
    let sent = hall.send("ben", "chess tournament join cup ben PW");
    assert!(sent[0].body.contains("ben joined the tournament cup"));
    let sent = hall.send("ben", "chess tournament leave cup ben PW");
    assert!(sent[0].body.contains("ben left the tournament cup"));
}

#[test]
fn the_organiser_gets_the_final_standings_once_whether_he_plays_or_not() {
    let mut hall = Hall::new();
    hall.office.signup("zoe");
    hall.send("zoe", "chess tournament create duel zoe PW");
    hall.send("anna", "chess tournament join duel anna PW");
    hall.send("ben", "chess tournament join duel ben PW");
    hall.send("zoe", "chess tournament start duel zoe PW");
    let conn = hall.office.runtime.host.store().connection();
    let duel = store::find_tournament(conn, "chess", "duel")
        .unwrap()
        .unwrap();
    let board = store::tournament_boards(conn, duel.id).unwrap().remove(0);
    let (white, black, id) = (board.white, board.black, board.game_id);
    hall.send(&white, &format!("chess move {id} {white} PW e4"));
    hall.send(&black, &format!("chess move {id} {black} PW e5"));
    let last = hall.send(&black, &format!("chess resign {id} {black} PW"));
    for (userid, thanks) in [
        ("anna", "Thank you for playing, anna."),
        ("ben", "Thank you for playing, ben."),
        ("zoe", "Thank you for organising it, zoe."),
    ] {
        let over = to(&last, userid, "PBeM Chess Tournament duel");
        assert_eq!(over.len(), 1, "{userid}: {last:#?}");
        assert!(over[0].body.contains("duel is over"), "{}", over[0].body);
        assert!(over[0].body.contains(thanks), "{}", over[0].body);
    }
}

#[test]
fn the_organisers_note_and_time_control_are_shown_with_the_tournament_and_in_its_board_mails() {
    let mut hall = Hall::new();
    hall.seconds += 60;
    hall.office.set_clock(hall.seconds);
    let created = hall.office.send_as(
        "anna",
        "chess tournament create autumn anna PW --forfeittime=14",
        "Moves within a week, please.\nPrizes for all.",
    );
    let body = &created[0].body;
    let note = "anna writes:\nMoves within a week, please.\nPrizes for all.";
    assert!(body.contains(note), "{body}");
    assert!(body.contains("Time control: 14d a move"), "{body}");
    hall.send("anna", "chess tournament join autumn anna PW");
    hall.send("ben", "chess tournament join autumn ben PW");
    let listing = hall.send("cleo", "chess tournament autumn");
    assert!(listing[0].body.contains(note), "{}", listing[0].body);
    assert!(listing[0].body.contains("Time control: 14d a move"));
    let started = hall.send("anna", "chess tournament start autumn anna PW");
    for player in ["anna", "ben"] {
        let boards = to(&started, player, "New Chess Board");
        assert_eq!(boards.len(), 1, "{started:#?}");
        let body = &boards[0].body;
        for line in [
            "A game of the tournament autumn, round 1.",
            "Declining it, resigning before your first move or not making a first\nmove in time aborts it: nobody's rating changes, and the tournament autumn\ncounts it as lost by the player who would not play it.",
            "The organiser's note on the tournament:\nMoves within a week, please.\nPrizes for all.",
        ] {
            assert!(body.contains(line), "{body}");
        }
    }
}

#[test]
fn the_organiser_writes_to_every_player_and_nobody_else_can() {
    let mut office = PostOffice::with_config("[messages]\nper_hour = 2\n");
    for userid in ["anna", "ben", "cleo", "dan"] {
        office.signup(userid);
    }
    office.send_as("anna", "chess tournament create cup anna PW", "");
    for userid in ["anna", "ben", "cleo"] {
        office.send_as(
            userid,
            &format!("chess tournament join cup {userid} PW"),
            "",
        );
    }
    let note = "Round two starts on Monday.\nGood luck to all!";
    let sent = office.send_as("anna", "chess tournament announce cup anna PW", note);
    let answer = mail_to(&sent, "anna");
    assert!(
        answer
            .body
            .contains("anna wrote to the 2 other players of the tournament cup."),
        "{}",
        answer.body
    );
    for userid in ["ben", "cleo"] {
        let mail = mail_to(&sent, userid);
        assert_eq!(mail.subject, "PBeM Chess Tournament cup", "{mail:#?}");
        assert!(mail.body.contains(note), "{}", mail.body);
        assert!(
            mail.body
                .contains("anna, who organises the Chess tournament cup, writes to"),
            "{}",
            mail.body
        );
        assert!(
            !mail.body.contains("@example.org"),
            "no address: {}",
            mail.body
        );
    }
    assert!(
        sent.iter().all(|mail| mail.to != address("dan")),
        "dan is no player"
    );
    assert_eq!(sent.len(), 3);
    // A player is not the organiser.
    let sent = office.send_as("ben", "chess tournament announce cup ben PW", "Hi all");
    assert!(
        one(&sent)
            .body
            .contains("only anna, who organises cup, can write to all its players"),
        "{}",
        one(&sent).body
    );
    // An empty announcement, and one past the hourly limit on messages.
    let sent = office.send_as("anna", "chess tournament announce cup anna PW", "");
    assert_eq!(one(&sent).to, address("anna"));
    office.send_as("anna", "chess tournament announce cup anna PW", "Second.");
    let sent = office.send_as("anna", "chess tournament announce cup anna PW", "Third.");
    assert_eq!(one(&sent).to, address("anna"), "{sent:#?}");
    assert!(
        one(&sent)
            .body
            .contains("you sent 2 messages in the last hour"),
        "{}",
        one(&sent).body
    );
}

#[test]
fn the_organiser_takes_a_player_out_and_hands_the_tournament_on() {
    let mut office = PostOffice::new();
    for userid in ["anna", "ben", "cleo"] {
        office.signup(userid);
    }
    office.send_as("anna", "chess tournament create cup anna PW", "");
    for userid in ["ben", "cleo"] {
        office.send_as(
            userid,
            &format!("chess tournament join cup {userid} PW"),
            "",
        );
    }
    // Only the organiser may take a player out.
    let sent = office.send_as("cleo", "chess tournament remove cup cleo PW ben", "");
    assert!(
        one(&sent)
            .body
            .contains("only anna, who organises cup, can take a player out of it"),
        "{}",
        one(&sent).body
    );
    let sent = office.send_as("anna", "chess tournament remove cup anna PW ben", "");
    assert!(mail_to(&sent, "anna")
        .body
        .contains("anna took ben out of the tournament cup."));
    assert!(mail_to(&sent, "ben")
        .body
        .contains("took you out of the Chess tournament cup before it began."));
    let conn = office.runtime.host.store().connection();
    let cup = store::find_tournament(conn, "chess", "cup")
        .unwrap()
        .unwrap();
    assert_eq!(store::tournament_players(conn, cup.id).unwrap(), ["cleo"]);

    // anna hands it to cleo, who starts it once ben is back.
    let sent = office.send_as("anna", "chess tournament handover cup anna PW cleo", "");
    assert!(mail_to(&sent, "anna")
        .body
        .contains("anna handed the tournament cup to cleo, who organises it now."));
    assert!(mail_to(&sent, "cleo").body.contains("you\norganise it now"));
    let sent = office.send_as("anna", "chess tournament start cup anna PW", "");
    assert!(one(&sent).body.contains("only cleo, who organises cup"));
    office.send_as("ben", "chess tournament join cup ben PW", "");
    let sent = office.send_as("cleo", "chess tournament start cup cleo PW", "");
    assert!(sent
        .iter()
        .any(|mail| mail.subject.starts_with("New Chess Board")));
    // Once it runs, a player taken out loses his open boards (here, the
    // one board, not begun: aborted and lost by him in the cup).
    let sent = office.send_as("cleo", "chess tournament remove cup cleo PW ben", "");
    assert!(
        sent.iter().any(|mail| mail.to == address("cleo")
            && mail.body.contains(
                "cleo took ben out of the tournament cup. His open boards, each lost by him: 101."
            )),
        "{sent:#?}"
    );
    assert_eq!(office.game(101).status, store::GameStatus::Aborted);
    // Handing over to nobody known is refused.
    let sent = office.send_as("cleo", "chess tournament handover cup cleo PW nobody", "");
    assert_eq!(one(&sent).to, address("cleo"));
}
