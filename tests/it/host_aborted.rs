//! One scoring truth: every way a game can end, played by mail as a plain
//! game, a ladder game and a tournament game, and every view of it read
//! back (the game-over mails, `history`, `games`, `record` with its PGN,
//! the operator's PGN export, the ratings, the ladder and its news, the
//! crosstable, the web view) to check they all say the same; among the
//! ways, the operator's rulings from the CLI (`pbem director adjudicate`
//! after both moved, `forfeit` before). A game that
//! ends before each player has moved is aborted: unrated, never lost on
//! time, and in an event lost by the player who would not play it; one
//! nobody moved in is lost by both (never decided by colour). Also:
//! inactivity drops that never lift a player who is away, and a refused
//! ladder challenge that suggests only players free to play. The host's
//! clock is set; nothing sleeps.

use crate::util::host_harness::{address, PostOffice, Sent};
use crate::util::web_client::get;
use crate::util::{pbem, t0, DAY};
use pbem::archive::read_pgn;
use pbem::games::Side::{self, Black, White};
use pbem::store;

/// Every way a board can end, White and Black as the board seats them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// White mates (the scholar's mate).
    Mate,
    /// Agreed after two moves.
    Draw,
    /// Black resigns after both have moved.
    Resign,
    /// Black resigns before his first move.
    ResignUnmoved,
    /// Black declines.
    Decline,
    /// White (the challenger) never makes his first move: nobody moves.
    ChallengerIdle,
    /// White moves; Black never answers.
    OpponentIdle,
    /// Both move; then White lets his time run out.
    TimeLoss,
    /// Both move; then the operator adjudicates it 1-0 (`pbem director`).
    Adjudicated,
    /// White moves; then the operator forfeits it against Black.
    RuledUnmoved,
}

const WAYS: [Way; 10] = [
    Way::Mate,
    Way::Draw,
    Way::Resign,
    Way::ResignUnmoved,
    Way::Decline,
    Way::ChallengerIdle,
    Way::OpponentIdle,
    Way::TimeLoss,
    Way::Adjudicated,
    Way::RuledUnmoved,
];

impl Way {
    /// The side that would not play, for a game aborted before each
    /// player moved.
    fn refuser(self) -> Option<Side> {
        match self {
            Way::ResignUnmoved | Way::Decline | Way::OpponentIdle | Way::RuledUnmoved => {
                Some(Black)
            }
            _ => None,
        }
    }

    /// Nobody moved before the time ran out: neither is to blame.
    fn unplayed(self) -> bool {
        self == Way::ChallengerIdle
    }

    fn aborted(self) -> bool {
        self.refuser().is_some() || self.unplayed()
    }

    /// Who wins the game in an event (by the default rule, the aborted
    /// game is lost by the one who would not play it); `None`: a draw.
    fn event_winner(self) -> Option<Side> {
        match self {
            Way::Draw | Way::ChallengerIdle => None,
            Way::TimeLoss => Some(Black),
            _ => self
                .refuser()
                .map_or(Some(White), |side| Some(side.opponent())),
        }
    }

    /// Whether the time ends it (the timers, not a mail).
    fn timed(self) -> bool {
        matches!(
            self,
            Way::ChallengerIdle | Way::OpponentIdle | Way::TimeLoss
        )
    }

    /// The PGN's Result and Termination.
    fn pgn(self) -> (&'static str, &'static str) {
        match self {
            _ if self.aborted() => ("*", "aborted"),
            Way::Mate | Way::Resign => ("1-0", "normal"),
            Way::Adjudicated => ("1-0", "adjudication"),
            Way::Draw => ("1/2-1/2", "normal"),
            _ => ("0-1", "time forfeit"),
        }
    }

    /// The sentence every view of the board says of its end.
    fn words(self, white: &str, black: &str) -> String {
        match self {
            Way::Mate => format!("{white} wins by checkmate."),
            Way::Draw => "Draw by agreement.".into(),
            Way::Resign => format!("{white} wins: {black} resigned."),
            Way::ResignUnmoved => {
                format!("Aborted: {black} resigned before both players had moved.")
            }
            Way::Decline => format!("Aborted: {black} declined the game."),
            Way::ChallengerIdle => {
                "Aborted: nobody made a move before the time ran out, so no game was played.".into()
            }
            Way::OpponentIdle => format!("Aborted: {black} did not make a first move in time"),
            Way::TimeLoss => format!("{black} wins on time: {white} did not move in time."),
            Way::Adjudicated => {
                format!("{white} wins, adjudicated by the host's operator: a clear win.")
            }
            Way::RuledUnmoved => format!(
                "Aborted: adjudicated by the host's operator against {black} before both players had moved: no answer."
            ),
        }
    }
}

/// Where a board is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    Plain,
    Ladder,
    Tournament,
}

impl Event {
    /// What an aborted game's sentence says it counts in the event.
    fn counts(self, loser: &str) -> String {
        match self {
            Event::Plain => "Nobody's rating changes.".into(),
            Event::Ladder => format!(
                "Nobody's rating changes; in the ladder it counts as a loss for {loser}, who would not play it."
            ),
            Event::Tournament => format!(
                "Nobody's rating changes; in the tournament cup it counts as a loss for {loser}, who would not play it."
            ),
        }
    }

    /// What a game nobody moved in counts in the event.
    fn counts_for_both(self) -> &'static str {
        match self {
            Event::Plain => "Nobody's rating changes.",
            Event::Ladder => {
                "Nobody's rating changes; in the ladder it counts as lost by both, since neither played it."
            }
            Event::Tournament => {
                "Nobody's rating changes; in the tournament cup it counts as lost by both, since neither played it."
            }
        }
    }
}

/// One board and how it ended.
struct Played {
    board: i64,
    white: String,
    black: String,
    way: Way,
    /// The mails that ended it.
    over: Vec<Sent>,
}

struct Club {
    office: PostOffice,
    now: i64,
}

impl Club {
    fn new(toml: &str, players: &[&str]) -> Club {
        let mut office = PostOffice::with_config(toml);
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

    /// The timers run at `at`.
    fn tick(&mut self, at: i64) -> Vec<Sent> {
        self.now = self.now.max(at);
        self.office.set_clock(self.now);
        self.office.run_pass()
    }

    fn newest_board(&self) -> i64 {
        store::next_board_id(self.office.runtime.host.store().connection()).unwrap() - 1
    }

    /// The moves of `way` before its end, on `board`.
    fn open(&mut self, board: i64, white: &str, black: &str, way: Way) -> Vec<Sent> {
        let moves: &[(&str, &str)] = match way {
            Way::Mate => &[
                (white, "e4"),
                (black, "e5"),
                (white, "Bc4"),
                (black, "Nc6"),
                (white, "Qh5"),
                (black, "Nf6"),
                (white, "Qxf7"),
            ],
            Way::Draw => &[(white, "e4"), (black, "e5"), (white, "Nf3 propose")],
            Way::Resign | Way::TimeLoss | Way::Adjudicated => &[(white, "e4"), (black, "e5")],
            Way::ResignUnmoved | Way::OpponentIdle | Way::RuledUnmoved => &[(white, "e4")],
            Way::Decline | Way::ChallengerIdle => &[],
        };
        let mut last = Vec::new();
        for (userid, text) in moves {
            last = self.send(userid, &format!("chess move {board} {userid} PW {text}"));
        }
        last
    }

    /// The word that ends a board by mail (none for the timed ones).
    fn close(&mut self, board: i64, black: &str, way: Way, last: Vec<Sent>) -> Vec<Sent> {
        let command = match way {
            Way::Draw => "move {board} {black} PW accept",
            Way::Resign | Way::ResignUnmoved => "resign {board} {black} PW",
            Way::Decline => "decline {board} {black} PW",
            Way::Adjudicated => {
                return self.operator(&[
                    "adjudicate",
                    &board.to_string(),
                    "1-0",
                    "a",
                    "clear",
                    "win",
                ])
            }
            Way::RuledUnmoved => {
                return self.operator(&["forfeit", &board.to_string(), black, "no", "answer"])
            }
            _ => return last,
        };
        let command = command
            .replace("{board}", &board.to_string())
            .replace("{black}", black);
        self.send(black, &format!("chess {command}"))
    }

    /// Plays `way` to its end on a new board of `white` and `black`.
    fn play(&mut self, challenge: &str, white: &str, black: &str, way: Way) -> Played {
        self.send(white, challenge);
        let board = self.newest_board();
        let last = self.open(board, white, black, way);
        let mut over = self.close(board, black, way, last);
        if way.timed() {
            over = self.tick(self.now + 21 * DAY + 60);
        }
        Played {
            board,
            white: white.into(),
            black: black.into(),
            way,
            over,
        }
    }

    /// `pbem director ARGS...` a minute after the last mail; the mails it
    /// sent.
    fn operator(&mut self, args: &[&str]) -> Vec<Sent> {
        self.now += 60;
        self.office.set_clock(self.now);
        let now = (t0() + chrono::Duration::seconds(self.now)).to_rfc3339();
        let output = pbem()
            .args(["director", args[0], "--data"])
            .arg(self.office.dir.path())
            .args(["--now", &now])
            .args(&args[1..])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        self.office.run_pass()
    }

    fn answer(&mut self, userid: &str, subject: &str) -> String {
        let sent = self.send(userid, subject);
        assert_eq!(sent.len(), 1, "{sent:#?}");
        sent[0].body.clone()
    }

    fn pgn_export(&self) -> Vec<pbem::archive::ReadGame> {
        let output = pbem()
            .args(["export", "--pgn", "--data"])
            .arg(self.office.dir.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        read_pgn(&String::from_utf8(output.stdout).unwrap()).unwrap()
    }
}

/// The PGN attached to a mail.
fn attached(mail: &Sent) -> String {
    use mail_parser::MimeHeaders;
    let message = mail_parser::MessageParser::default()
        .parse(&mail.raw)
        .unwrap();
    let file = message.attachment(0).expect("the PGN attached");
    assert!(file.attachment_name().unwrap().ends_with(".pgn"));
    String::from_utf8_lossy(file.contents()).into_owned()
}

/// Every view of every board in `played` says the same of its end.
fn every_view_agrees(club: &mut Club, event: Event, played: &[Played]) {
    let history = club.answer(&played[0].white, "chess history");
    let exported = club.pgn_export();
    for (game, read) in played.iter().zip(&exported) {
        let (white, black, board) = (&game.white, &game.black, game.board);
        let words = game.way.words(white, black);
        let refuser = game.way.refuser().map(|side| match side {
            White => white,
            Black => black,
        });
        let what = format!("{event:?} board {board}, {:?}", game.way);
        // The game-over mails, one to each player.
        for userid in [white, black] {
            let mails: Vec<&Sent> = game
                .over
                .iter()
                .filter(|mail| {
                    mail.to == address(userid)
                        && mail.subject.starts_with(&format!("Chess Board {board} "))
                })
                .collect();
            assert_eq!(mails.len(), 1, "{what}: {:#?}", game.over);
            let tail = if game.way.aborted() {
                "Aborted"
            } else {
                "Game Over"
            };
            assert_eq!(
                mails[0].subject,
                format!("Chess Board {board} {tail}"),
                "{what}"
            );
            let body = &mails[0].body;
            assert!(body.contains(&words), "{what}: {body}");
            assert_eq!(
                body.contains("Ratings:\n"),
                !game.way.aborted(),
                "{what}: {body}"
            );
            if let Some(loser) = refuser {
                assert!(body.contains(&event.counts(loser)), "{what}: {body}");
                assert!(!body.contains("wins on time"), "{what}: {body}");
            }
            if game.way.unplayed() {
                assert!(body.contains(event.counts_for_both()), "{what}: {body}");
                assert!(!body.contains("wins"), "{what}: {body}");
            }
            let pgn = attached(mails[0]);
            let (result, termination) = game.way.pgn();
            assert!(
                pgn.contains(&format!("[Result \"{result}\"]")),
                "{what}: {pgn}"
            );
            assert!(
                pgn.contains(&format!("[Termination \"{termination}\"]")),
                "{what}"
            );
        }
        // history, games and record.
        let line = format!("board {board}: {white} (White) against {black} (Black)");
        let entry = history
            .split(&line)
            .nth(1)
            .unwrap_or_else(|| panic!("{what}: {history}"));
        let entry = entry.split("\n  board ").next().unwrap();
        assert!(
            entry.contains(&format!("result: {words}")),
            "{what}: {entry}"
        );
        let games = club.answer(white, &format!("chess games {white}"));
        let line = format!("board {board}: White against {black}; {words}");
        assert!(games.contains(&line), "{what}: {games}");
        let sent = club.send(white, &format!("chess record {board}"));
        assert!(sent[0].body.contains(&words), "{what}: {}", sent[0].body);
        let (result, termination) = game.way.pgn();
        let record_pgn = attached(&sent[0]);
        assert!(
            record_pgn.contains(&format!("[Result \"{result}\"]")),
            "{what}"
        );
        // The operator's export.
        assert_eq!(read.tag("White"), Some(white.as_str()), "{what}");
        assert_eq!(read.tag("Result"), Some(result), "{what}");
        assert_eq!(read.tag("Termination"), Some(termination), "{what}");
        // Ratings: changed by a game played, never by an aborted one.
        let conn = club.office.runtime.host.store().connection();
        let changes = store::rating_changes(conn, board).unwrap();
        assert_eq!(
            changes.is_empty(),
            game.way.aborted(),
            "{what}: {changes:?}"
        );
        let status = club.office.game(board).status;
        let expected = match game.way.aborted() {
            true => store::GameStatus::Aborted,
            false => store::GameStatus::Finished,
        };
        assert_eq!(status, expected, "{what}");
    }
    // The standings count only the games played.
    let conn = club.office.runtime.host.store().connection();
    let rated: usize = store::ratings_of_kind(conn, "chess")
        .unwrap()
        .iter()
        .map(|line| (line.won + line.lost + line.drawn) as usize)
        .sum();
    let played_out = played.iter().filter(|game| !game.way.aborted()).count();
    assert_eq!(rated, 2 * played_out, "{event:?}");
}

/// The web view shows each aborted board as aborted, and the archive's
/// filter finds exactly them.
fn the_web_agrees(club: &Club, played: &[Played]) {
    let config = pbem::web::SiteConfig {
        database: club.office.dir.path().join("pbem.sqlite"),
        templates: None,
        host: pbem::host::HostSettings::default(),
        clock: pbem::clock::Clock::Fixed(t0() + chrono::Duration::seconds(club.now)),
    };
    let site = pbem::web::start(config, "127.0.0.1:0").unwrap();
    let archive = get(site.address, "/archive?result=aborted").text();
    for game in played {
        let listed = archive.contains(&format!("/board/{}\"", game.board));
        assert_eq!(listed, game.way.aborted(), "{:?}: {archive}", game.way);
        let page = get(site.address, &format!("/board/{}", game.board)).text();
        assert_eq!(
            page.contains("Aborted, unrated"),
            game.way.aborted(),
            "{page}"
        );
        let pgn = get(site.address, &format!("/board/{}.pgn", game.board)).text();
        let (result, termination) = game.way.pgn();
        assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
        assert!(
            pgn.contains(&format!("[Termination \"{termination}\"]")),
            "{pgn}"
        );
    }
}

#[test]
fn every_ending_of_a_plain_game_reads_the_same_in_every_view() {
    let mut club = Club::new("", &["alice", "ben"]);
    let mut played = Vec::new();
    for way in WAYS {
        played.push(club.play("chess challenge alice ben", "alice", "ben", way));
    }
    every_view_agrees(&mut club, Event::Plain, &played);
    the_web_agrees(&club, &played);
}

#[test]
fn every_ending_of_a_ladder_game_reads_the_same_in_every_view_and_moves_the_ladder_alike() {
    let toml = "[ladders]\ninactive_days = 0\n";
    let mut club = Club::new(toml, &["hugo", "lena"]);
    club.send("hugo", "chess ladder join hugo PW");
    club.send("lena", "chess ladder join lena PW");
    let mut ranks = vec!["hugo".to_string(), "lena".to_string()];
    let mut played = Vec::new();
    for way in WAYS {
        // The lower player challenges, and has White.
        let (white, black) = (ranks[1].clone(), ranks[0].clone());
        let challenge = format!("chess challenge {white} {black} -ladder -password:PW");
        let game = club.play(&challenge, &white, &black, way);
        let news: Vec<&Sent> = game
            .over
            .iter()
            .filter(|mail| mail.subject == "PBeM Chess Ladder")
            .collect();
        let board = game.board;
        if way.event_winner() == Some(White) {
            ranks.swap(0, 1);
            assert_eq!(news.len(), 2, "{way:?}: {:#?}", game.over);
            let said = match way.aborted() {
                true => format!("{black} would not play board {board}"),
                false => format!("{white} beat {black} on board {board}"),
            };
            for mail in news {
                assert!(mail.body.contains(&said), "{way:?}: {}", mail.body);
                assert!(mail.body.contains("climbed the Chess ladder"));
            }
        } else {
            assert!(news.is_empty(), "{way:?}: nobody moves: {news:#?}");
        }
        let conn = club.office.runtime.host.store().connection();
        let now: Vec<String> =
            store::ladder(conn, store::default_ladder(conn, "chess", 0).unwrap().id)
                .unwrap()
                .into_iter()
                .map(|rung| rung.userid)
                .collect();
        assert_eq!(now, ranks, "{way:?}");
        played.push(game);
    }
    every_view_agrees(&mut club, Event::Ladder, &played);
}

#[test]
fn every_ending_of_a_tournament_game_reads_the_same_in_every_view_and_in_the_crosstable() {
    let players = ["anna", "ben", "cleo", "dan", "eve"];
    let mut club = Club::new("", &players);
    club.send("anna", "chess tournament create cup anna PW");
    for player in players {
        club.send(player, &format!("chess tournament join cup {player} PW"));
    }
    club.send("anna", "chess tournament start cup anna PW");
    let conn = club.office.runtime.host.store().connection();
    let cup = store::find_tournament(conn, "chess", "cup")
        .unwrap()
        .unwrap();
    let boards = store::tournament_boards(conn, cup.id).unwrap();
    assert_eq!(boards.len(), 10);
    // The ten ways, one a board; the timed ones all run out together at
    // the end.
    let ways: Vec<Way> = WAYS.to_vec();
    let mut played = Vec::new();
    for (board, way) in boards.iter().zip(&ways) {
        let (white, black) = (board.white.clone(), board.black.clone());
        let last = club.open(board.game_id, &white, &black, *way);
        let over = club.close(board.game_id, &black, *way, last);
        played.push(Played {
            board: board.game_id,
            white,
            black,
            way: *way,
            over: if way.timed() { Vec::new() } else { over },
        });
    }
    let timed = club.tick(club.now + 21 * DAY + 3600);
    for game in played.iter_mut().filter(|game| game.way.timed()) {
        game.over = timed.clone();
    }
    let table = club.answer("eve", "chess tournament cup");
    assert!(table.contains("finished"), "{table}");
    let mut points = [0u32; 5];
    for game in &played {
        let (white, black) = (&game.white, &game.black);
        let result = match (game.way.event_winner(), game.way.aborted()) {
            _ if game.way.unplayed() => "-/-".to_string(),
            (None, _) => "½-½".to_string(),
            (Some(White), false) => "1-0".into(),
            (Some(Black), false) => "0-1".into(),
            (Some(White), true) => "+/-".into(),
            (Some(Black), true) => "-/+".into(),
        };
        let mut line = format!("board {}: {white} - {black}  {result}", game.board);
        match (game.way, game.way.refuser()) {
            (Way::RuledUnmoved, _) => line.push_str(&format!(
                " (aborted, unrated, adjudicated by the host's operator: lost by {black})"
            )),
            (_, Some(side)) => {
                let loser = if side == White { white } else { black };
                line.push_str(&format!(
                    " (aborted, unrated: lost by {loser}, who would not play it)"
                ));
            }
            (Way::Adjudicated, None) => line.push_str(" (adjudicated by the host's operator)"),
            (Way::ChallengerIdle, None) => {
                line.push_str(" (aborted, unrated: nobody moved, lost by both)")
            }
            _ => {}
        }
        assert!(table.contains(&line), "{line}\n{table}");
        let seat = |userid: &str| players.iter().position(|p| *p == userid).unwrap();
        let (w, b) = (seat(white), seat(black));
        match game.way.event_winner() {
            _ if game.way.unplayed() => {
                // Lost by both: - in each row, no point to either.
                assert_eq!(cell(&table, white, b), "-", "{table}");
                assert_eq!(cell(&table, black, w), "-", "{table}");
            }
            Some(White) => points[w] += 2,
            Some(Black) => points[b] += 2,
            None => (points[w] += 1, points[b] += 1).1,
        }
        // The crosstable marks an aborted game + for the winner and - for
        // the one who would not play it.
        if let Some(side) = game.way.refuser() {
            let (loser, winner) = if side == White { (w, b) } else { (b, w) };
            assert_eq!(cell(&table, players[loser], winner), "-", "{table}");
            assert_eq!(cell(&table, players[winner], loser), "+", "{table}");
        }
    }
    for (seat, player) in players.iter().enumerate() {
        let row = crosstable_row(&table, player);
        let half = points[seat];
        let text = format!("{}{}", half / 2, if half % 2 == 1 { "½" } else { "" });
        let text = text.replace("0½", "½");
        assert_eq!(row[points_column(&table)], text, "{player}: {table}");
    }
    every_view_agrees(&mut club, Event::Tournament, &played);
}

/// Where the points stand in a crosstable's rows (the tie-breaks follow).
fn points_column(table: &str) -> usize {
    table
        .lines()
        .find(|line| line.starts_with("Rank"))
        .and_then(|header| header.split_whitespace().position(|word| word == "Points"))
        .unwrap_or_else(|| panic!("no Points column: {table}"))
}

/// A player's row of the crosstable, split into its columns.
fn crosstable_row(table: &str, userid: &str) -> Vec<String> {
    table
        .lines()
        .skip_while(|line| !line.starts_with("Rank"))
        .find(|line| line.split_whitespace().nth(2) == Some(userid))
        .unwrap_or_else(|| panic!("{userid}: {table}"))
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The mark in `userid`'s row against the player of seat `other`.
fn cell(table: &str, userid: &str, other: usize) -> String {
    crosstable_row(table, userid)[3 + other].clone()
}

#[test]
fn inactivity_drops_never_lift_a_player_who_is_away() {
    let toml = "[ladders]\ninactive_days = 10\n";
    let ladder = ["anna", "ben", "dan", "eve", "fay", "cleo"];
    let mut club = Club::new(toml, &ladder);
    for player in ladder {
        club.send(player, &format!("chess ladder join {player} PW"));
    }
    // cleo loses her only game, to fay, and never plays again.
    club.send("cleo", "chess challenge cleo fay -ladder -password:PW");
    club.send("cleo", "chess move 101 cleo PW e4");
    club.send("fay", "chess move 101 fay PW e5");
    club.send("cleo", "chess resign 101 cleo PW");
    // eve loses to ben on day 5: they two are the only ones not away on
    // day 10.
    club.now = 5 * DAY;
    club.send("eve", "chess challenge eve ben -ladder -password:PW");
    club.send("eve", "chess move 102 eve PW e4");
    club.send("ben", "chess move 102 ben PW e5");
    club.send("eve", "chess resign 102 eve PW");
    let ranks = |club: &Club| -> Vec<String> {
        let conn = club.office.runtime.host.store().connection();
        store::ladder(conn, store::default_ladder(conn, "chess", 0).unwrap().id)
            .unwrap()
            .into_iter()
            .map(|rung| rung.userid)
            .collect()
    };
    assert_eq!(ranks(&club), ladder);
    // Day 10: anna, dan, fay and cleo are away. anna changes places with
    // ben, dan with eve; fay and cleo have nobody below who is not away.
    let sent = club.tick(10 * DAY + 3600);
    assert_eq!(ranks(&club), ["ben", "anna", "eve", "dan", "fay", "cleo"]);
    let news: Vec<&Sent> = sent.iter().filter(|m| m.to == address("ben")).collect();
    assert!(
        news[0].body.contains("dropped on the Chess ladder"),
        "{}",
        news[0].body
    );
    assert!(
        sent.iter().all(|mail| mail.to != address("cleo")),
        "cleo did not move"
    );
    // From day 15 everyone is away: nobody moves again, however long.
    let mut before = ranks(&club);
    for day in [15, 20, 30, 45, 60, 90] {
        club.tick(day * DAY + 3600);
        let after = ranks(&club);
        for (rank, userid) in after.iter().enumerate() {
            let was = before.iter().position(|other| other == userid).unwrap();
            assert!(
                rank >= was,
                "day {day}: {userid} rose: {before:?} → {after:?}"
            );
        }
        before = after;
    }
    assert_eq!(before[5], "cleo", "cleo stays where her loss left her");
}

#[test]
fn a_refused_ladder_challenge_suggests_only_players_free_to_play_now() {
    let ladder = ["anna", "ben", "cleo", "dan", "eve", "fay"];
    let mut club = Club::new("", &ladder);
    for player in ladder {
        club.send(player, &format!("chess ladder join {player} PW"));
    }
    club.send("cleo", "chess challenge cleo ben -ladder -password:PW");
    // eve (5th) reaches ranks 2 to 4; ben and cleo play each other.
    let body = club.answer("eve", "chess challenge eve anna -ladder -password:PW");
    assert!(
        body.contains("you may challenge ranks 2 to 4; free to play now: dan"),
        "{body}"
    );
    // With her own ladder game open, she can challenge nobody now.
    club.send("eve", "chess challenge eve dan -ladder -password:PW");
    let body = club.answer("eve", "chess challenge eve anna -ladder -password:PW");
    assert!(
        body.contains("eve has a ladder challenge open already on the Chess ladder, on board 102"),
        "{body}"
    );
    assert!(!body.contains("free to play now"), "{body}");
    // fay (6th) reaches cleo, dan and eve, who all play.
    let body = club.answer("fay", "chess challenge fay anna -ladder -password:PW");
    assert!(
        body.contains("you may challenge ranks 3 to 5, but nobody there can be challenged now"),
        "{body}"
    );
    let conn = club.office.runtime.host.store().connection();
    assert_eq!(
        store::next_board_id(conn).unwrap(),
        103,
        "no board was made"
    );
}

#[test]
fn a_draw_agreed_before_both_have_moved_is_aborted_and_unrated_everywhere() {
    let toml = "[ladders]\ninactive_days = 0\n";
    let mut club = Club::new(toml, &["hugo", "lena"]);
    club.send("hugo", "chess ladder join hugo PW");
    club.send("lena", "chess ladder join lena PW");
    let words = "Aborted: the players agreed a draw before both had moved, so no game was played.";
    for challenge in [
        "chess challenge lena hugo",
        "chess challenge lena hugo -ladder -password:PW",
    ] {
        club.send("lena", challenge);
        let board = club.newest_board();
        club.send("lena", &format!("chess move {board} lena PW e4 propose"));
        let over = club.send("hugo", &format!("chess move {board} hugo PW accept"));
        let what = format!("{challenge}: board {board}");
        for userid in ["hugo", "lena"] {
            let mail = over
                .iter()
                .find(|mail| mail.to == address(userid))
                .unwrap_or_else(|| panic!("{what}: {over:#?}"));
            assert_eq!(
                mail.subject,
                format!("Chess Board {board} Aborted"),
                "{what}"
            );
            assert!(mail.body.contains(words), "{what}: {}", mail.body);
            assert!(!mail.body.contains("Ratings:\n"), "{what}: {}", mail.body);
            let pgn = attached(mail);
            assert!(pgn.contains("[Result \"*\"]"), "{what}: {pgn}");
            assert!(pgn.contains("[Termination \"aborted\"]"), "{what}: {pgn}");
        }
        assert!(
            !over.iter().any(|mail| mail.subject == "PBeM Chess Ladder"),
            "{what}: the ladder does not move: {over:#?}"
        );
        let games = club.answer("lena", "chess games lena");
        assert!(
            games.contains(&format!("board {board}: White against hugo; {words}")),
            "{what}: {games}"
        );
        let conn = club.office.runtime.host.store().connection();
        assert!(
            store::rating_changes(conn, board).unwrap().is_empty(),
            "{what}"
        );
        assert_eq!(club.office.game(board).status, store::GameStatus::Aborted);
    }
    let conn = club.office.runtime.host.store().connection();
    let ranks: Vec<String> =
        store::ladder(conn, store::default_ladder(conn, "chess", 0).unwrap().id)
            .unwrap()
            .into_iter()
            .map(|rung| rung.userid)
            .collect();
    assert_eq!(ranks, ["hugo", "lena"]);
    assert!(store::ratings_of_kind(conn, "chess").unwrap().is_empty());
    // Once both have moved, an agreed draw is a game played.
    club.send("lena", "chess challenge lena hugo");
    let board = club.newest_board();
    club.send("lena", &format!("chess move {board} lena PW e4"));
    club.send("hugo", &format!("chess move {board} hugo PW e5 propose"));
    let over = club.send("lena", &format!("chess move {board} lena PW accept"));
    assert!(over
        .iter()
        .all(|mail| mail.body.contains("Draw by agreement.")));
    assert_eq!(club.office.game(board).status, store::GameStatus::Finished);
}
