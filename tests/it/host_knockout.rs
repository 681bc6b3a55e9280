//! Knockout tournaments by mail: five players seeded by rating with
//! byes to the top three, a tied match decided by sudden death, the
//! rounds begun as the matches before them are decided, the final, the
//! final standings for every player and the director, the bracket
//! listing and the PGN Round tags; and a knockout moved on by the timers
//! when nobody moves.

use crate::util::host_harness::{address, PostOffice, Sent};
use crate::util::pbem;
use pbem::archive::read_pgn;
use pbem::store::{self, TournamentBoard, TournamentStatus};

const DAY: i64 = 24 * 3600;

struct Hall {
    office: PostOffice,
    seconds: i64,
}

/// How a game is played out: White wins, Black wins, or a draw.
#[derive(Clone, Copy)]
enum Outcome {
    White,
    Black,
    Draw,
}

impl Hall {
    fn new(players: &[&str]) -> Hall {
        // The whole knockout is played a minute a mail: more news in one
        // hour than the hourly cap leaves answers (which it may drop).
        let mut office = PostOffice::with_config("[host]\nmax_mails_per_hour = 1000\n");
        office.set_clock(0);
        for player in players {
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

    /// The timers (and any mail waiting) at `seconds`.
    fn tick(&mut self, seconds: i64) -> Vec<Sent> {
        self.seconds = seconds;
        self.office.set_clock(seconds);
        self.office.run_pass()
    }

    fn boards(&self, name: &str) -> Vec<TournamentBoard> {
        let conn = self.office.runtime.host.store().connection();
        let found = store::find_tournament(conn, "chess", name)
            .unwrap()
            .unwrap();
        store::tournament_boards(conn, found.id).unwrap()
    }

    fn status(&self, name: &str) -> TournamentStatus {
        let conn = self.office.runtime.host.store().connection();
        store::find_tournament(conn, "chess", name)
            .unwrap()
            .unwrap()
            .status
    }

    /// The boards still running, in board order.
    fn running(&self, name: &str) -> Vec<TournamentBoard> {
        let mut boards = self.boards(name);
        boards.retain(|board| board.score.is_none());
        boards
    }

    /// Plays `board` out to `result`: a move each, then a resignation or
    /// an agreed draw. The mails of the last command.
    fn play(&mut self, board: &TournamentBoard, result: Outcome) -> Vec<Sent> {
        let (white, black, id) = (board.white.as_str(), board.black.as_str(), board.game_id);
        self.send(white, &format!("chess move {id} {white} PW e4"));
        self.send(black, &format!("chess move {id} {black} PW e5"));
        match result {
            Outcome::White => self.send(black, &format!("chess resign {id} {black} PW")),
            Outcome::Black => self.send(white, &format!("chess resign {id} {white} PW")),
            Outcome::Draw => {
                self.send(white, &format!("chess move {id} {white} PW Nf3 propose"));
                self.send(black, &format!("chess move {id} {black} PW accept"))
            }
        }
    }

    /// Plays the one running board between `a` and `b` so that `winner`
    /// wins it (`None`: a draw).
    fn play_between(&mut self, a: &str, b: &str, winner: Option<&str>) -> Vec<Sent> {
        let board = self
            .running("cup")
            .into_iter()
            .find(|board| {
                [a, b].contains(&board.white.as_str()) && [a, b].contains(&board.black.as_str())
            })
            .unwrap_or_else(|| panic!("no running board of {a} and {b}"));
        let result = match winner {
            None => Outcome::Draw,
            Some(winner) if winner == board.white => Outcome::White,
            Some(_) => Outcome::Black,
        };
        self.play(&board, result)
    }
}

fn to<'a>(sent: &'a [Sent], userid: &str, subject: &str) -> Vec<&'a Sent> {
    sent.iter()
        .filter(|mail| mail.to == address(userid) && mail.subject.starts_with(subject))
        .collect()
}

/// The new-board mails in `sent`, each to both players of its board.
fn new_boards<'a>(sent: &'a [Sent], userid: &str) -> Vec<&'a Sent> {
    to(sent, userid, "New Chess Board")
}

const PLAYERS: [&str; 5] = ["anna", "ben", "cleo", "dan", "eve"];

#[test]
fn a_knockout_of_five_is_played_to_the_end_by_mail_with_byes_and_sudden_death() {
    let mut hall = Hall::new(&PLAYERS);
    hall.office.signup("zed");
    // A rated game first: eve's rating rises above the newcomers', anna's
    // falls below, so eve is seed 1 and anna seed 5; the others tie at
    // 1500 and are seeded by userid.
    hall.send("eve", "chess challenge eve anna -password:PW");
    let conn = hall.office.runtime.host.store().connection();
    let id = store::active_boards_of(conn, "eve").unwrap()[0];
    hall.send("eve", &format!("chess move {id} eve PW e4"));
    hall.send("anna", &format!("chess move {id} anna PW e5"));
    hall.send("anna", &format!("chess resign {id} anna PW"));

    let refused = hall.send(
        "zed",
        "chess tournament create bad zed PW -double -knockout",
    );
    assert!(
        refused[0]
            .body
            .contains("a tournament has one format, and the command names two"),
        "{}",
        refused[0].body
    );
    let created = hall.send("zed", "chess tournament create cup zed PW -knockout");
    assert!(
        created[0].body.contains("A knockout: seeded by rating"),
        "{}",
        created[0].body
    );
    for player in PLAYERS {
        hall.send(player, &format!("chess tournament join cup {player} PW"));
    }
    let started = hall.send("zed", "chess tournament start cup zed PW");
    assert!(
        started[0]
            .body
            .contains("the first games of its first round begin now on 1 board"),
        "{}",
        started[0].body
    );
    assert_eq!(hall.status("cup"), TournamentStatus::Running);
    for (player, seed) in [("eve", 1), ("ben", 2), ("cleo", 3), ("dan", 4), ("anna", 5)] {
        let begun = to(&started, player, "PBeM Chess Tournament cup");
        assert_eq!(begun.len(), 1, "{player}: {started:#?}");
        let body = &begun[0].body;
        assert!(
            body.contains(&format!("you are seed {seed} of 5")),
            "{body}"
        );
        assert!(
            body.contains("Seeds: 1. eve, 2. ben, 3. cleo, 4. dan, 5. anna"),
            "{body}"
        );
    }
    // Byes to the top three: only dan (4) and anna (5) play round 1.
    for (player, boards) in [("dan", 1), ("anna", 1), ("eve", 0), ("ben", 0), ("cleo", 0)] {
        assert_eq!(new_boards(&started, player).len(), boards, "{player}");
    }
    let first = &new_boards(&started, "dan")[0].body;
    assert!(first.contains("dan has White, anna has Black"), "{first}");
    assert!(first.contains("round 1, match 1.1, game 1."), "{first}");

    // Round 1: each wins with White; tied 1-1, so sudden death.
    let next = hall.play_between("dan", "anna", Some("dan"));
    let second = &new_boards(&next, "anna")[0].body;
    assert!(second.contains("anna has White, dan has Black"), "{second}");
    assert!(second.contains("match 1.1, game 2."), "{second}");
    let next = hall.play_between("dan", "anna", Some("anna"));
    let third = &new_boards(&next, "dan")[0].body;
    assert!(third.contains("game 3 (sudden death"), "{third}");
    let listing = hall.send("cleo", "chess tournament cup");
    assert!(
        listing[0]
            .body
            .contains("match 1.1: dan (seed 4) 1-1 anna (seed 5): tied, sudden death"),
        "{}",
        listing[0].body
    );
    // A drawn sudden-death game decides nothing; anna wins the next.
    let next = hall.play_between("dan", "anna", None);
    assert!(new_boards(&next, "dan")[0]
        .body
        .contains("game 4 (sudden death"));
    let next = hall.play_between("dan", "anna", Some("anna"));

    // Round 2 begins at once: eve (1) meets anna (5), ben (2) cleo (3).
    for player in PLAYERS.iter().filter(|p| **p != "dan") {
        assert_eq!(new_boards(&next, player).len(), 1, "{player}: {next:#?}");
    }
    assert!(new_boards(&next, "dan").is_empty());
    let eve = &new_boards(&next, "eve")[0].body;
    assert!(eve.contains("eve has White, anna has Black"), "{eve}");
    assert!(eve.contains("round 2, match 2.1, game 1."), "{eve}");
    let ben = &new_boards(&next, "ben")[0].body;
    assert!(ben.contains("ben has White, cleo has Black"), "{ben}");
    assert!(ben.contains("round 2, match 2.2, game 1."), "{ben}");
    hall.play_between("eve", "anna", Some("eve"));
    hall.play_between("eve", "anna", Some("eve"));
    hall.play_between("ben", "cleo", None);
    // The final waits until both matches are decided.
    let next = hall.play_between("ben", "cleo", Some("ben"));
    let final_board = &new_boards(&next, "eve")[0].body;
    assert!(
        final_board.contains("eve has White, ben has Black"),
        "{final_board}"
    );
    assert!(
        final_board.contains("round 3, match 3.1, game 1."),
        "{final_board}"
    );

    hall.play_between("eve", "ben", Some("ben"));
    let last = hall.play_between("eve", "ben", Some("ben"));
    assert_eq!(hall.status("cup"), TournamentStatus::Finished);
    assert!(hall.running("cup").is_empty());
    let places = "Final places:\n   1. ben (seed 2)\n   2. eve (seed 1)\n   3. cleo (seed 3)\n   3. anna (seed 5)\n   5. dan (seed 4)";
    for reader in PLAYERS.iter().chain(&["zed"]) {
        let over = to(&last, reader, "PBeM Chess Tournament cup");
        assert_eq!(over.len(), 1, "{reader}: {last:#?}");
        let body = &over[0].body;
        assert!(
            body.contains("knockout cup is over: ben won the final"),
            "{body}"
        );
        assert!(body.contains(places), "{body}");
    }
    assert!(to(&last, "zed", "PBeM")[0]
        .body
        .contains("Thank you for organising it, zed."));
    the_bracket_is_listed(&mut hall);
    exported_boards_carry_round_and_match(&hall);
    the_web_page_shows_the_bracket(&hall);
}

/// The web view's page of the knockout: its format, bracket and places.
fn the_web_page_shows_the_bracket(hall: &Hall) {
    let site = crate::web_view::site(&hall.office);
    let id = crate::web_view::tournament_id(&hall.office, "cup");
    let page = crate::web_view::page(&site, &format!("/tournament/{id}"));
    assert!(page.contains("a knockout (seeded by rating"), "{page}");
    assert!(page.contains("<h2>Bracket</h2>"), "{page}");
    assert!(page.contains("Match 1.1:"), "{page}");
    assert!(page.contains("wins the tournament"), "{page}");
    assert!(page.contains("Final places: 1. "), "{page}");
}

/// `GAME tournament NAME` of the finished knockout: every round, bye,
/// match and game.
fn the_bracket_is_listed(hall: &mut Hall) {
    let listing = hall.send("dan", "chess tournament cup");
    let body = &listing[0].body;
    for line in [
        "Round 1 of 3:\n  eve (seed 1) has a bye and goes through.\n  match 1.1: dan (seed 4) 1½-2½ anna (seed 5): anna goes through",
        "  ben (seed 2) has a bye and goes through.\n  cleo (seed 3) has a bye and goes through.",
        "Round 2 of 3:\n  match 2.1: eve (seed 1) 2-0 anna (seed 5): eve goes through",
        "  match 2.2: ben (seed 2) 1½-½ cleo (seed 3): ben goes through",
        "Final:\n  match 3.1: eve (seed 1) 0-2 ben (seed 2): ben wins the tournament",
    ] {
        assert!(body.contains(line), "{line:?} in:\n{body}");
    }
    let games_of_1_1: Vec<&str> = body
        .lines()
        .skip_while(|line| !line.starts_with("  match 1.1"))
        .skip(1)
        .take_while(|line| line.starts_with("    game"))
        .collect();
    assert_eq!(games_of_1_1.len(), 4, "{body}");
    assert!(games_of_1_1[2].ends_with("½-½"), "{games_of_1_1:?}");
}

/// The operator's PGN export: each knockout game's Round is `r.m`.
fn exported_boards_carry_round_and_match(hall: &Hall) {
    let output = pbem()
        .args(["export", "--pgn", "--data"])
        .arg(hall.office.dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let games = read_pgn(&String::from_utf8(output.stdout).unwrap()).unwrap();
    let boards = hall.boards("cup");
    // The rated game before the tournament, then its ten boards.
    assert_eq!(games.len(), 1 + boards.len());
    assert_eq!(boards.len(), 10);
    for (game, board) in games.iter().skip(1).zip(&boards) {
        let round = format!("{}.{}", board.round, board.match_no.unwrap());
        assert_eq!(game.tag("Event"), Some("cup"));
        assert_eq!(
            game.tag("Round"),
            Some(round.as_str()),
            "board {}",
            board.game_id
        );
    }
    let rounds: Vec<&str> = games
        .iter()
        .skip(1)
        .filter_map(|g| g.tag("Round"))
        .collect();
    assert_eq!(
        rounds,
        ["1.1", "1.1", "1.1", "1.1", "2.1", "2.2", "2.1", "2.2", "3.1", "3.1"]
    );
}

#[test]
fn a_knockout_game_nobody_moves_in_is_lost_by_both_and_the_bracket_moves_on() {
    let mut hall = Hall::new(&["anna", "ben", "cleo"]);
    hall.send("anna", "chess tournament create cup anna PW -knockout");
    for player in ["anna", "ben", "cleo"] {
        hall.send(player, &format!("chess tournament join cup {player} PW"));
    }
    // All at 1500: anna is seed 1 with a bye; ben (2) meets cleo (3).
    hall.send("anna", "chess tournament start cup anna PW");
    let first = hall.running("cup");
    assert_eq!(first.len(), 1);
    assert_eq!(
        (first[0].white.as_str(), first[0].black.as_str()),
        ("ben", "cleo")
    );
    // Nobody moves: past the 21 days a move the game is aborted, unrated,
    // and lost by both (the colours do not decide it); the timer begins
    // game 2 of the match.
    let start = hall.seconds;
    let timed = hall.tick(start + 21 * DAY + 3600);
    let conn = hall.office.runtime.host.store().connection();
    assert_eq!(
        store::load_game(conn, first[0].game_id)
            .unwrap()
            .unwrap()
            .status,
        store::GameStatus::Aborted
    );
    assert_eq!(hall.boards("cup")[0].score.as_deref(), Some("--"));
    let second = &new_boards(&timed, "cleo");
    assert_eq!(second.len(), 1, "{timed:#?}");
    assert!(
        second[0].body.contains("cleo has White, ben has Black"),
        "{}",
        second[0].body
    );
    assert!(second[0].body.contains("match 1.1, game 2."));
    // Game 2: cleo moves, ben never answers: lost by ben again, and the
    // final (anna against cleo) begins from the timer.
    let board = hall.running("cup").remove(0);
    hall.send("cleo", &format!("chess move {} cleo PW e4", board.game_id));
    let timed = hall.tick(hall.seconds + 21 * DAY + 3600);
    assert_eq!(hall.boards("cup")[1].score.as_deref(), Some("+-"));
    let finals = new_boards(&timed, "anna");
    assert_eq!(finals.len(), 1, "{timed:#?}");
    assert!(
        finals[0].body.contains("anna has White, cleo has Black"),
        "{}",
        finals[0].body
    );
    assert!(finals[0].body.contains("round 2, match 2.1, game 1."));
    assert!(new_boards(&timed, "ben").is_empty());
    let listing = hall.send("ben", "chess tournament cup");
    assert!(
        listing[0]
            .body
            .contains("match 1.1: ben (seed 2) 0-1 cleo (seed 3): cleo goes through"),
        "{}",
        listing[0].body
    );
}

#[test]
fn a_knockout_game_declined_is_lost_even_under_the_void_rule_and_a_voided_one_is_played_again() {
    let mut office = PostOffice::with_config("[tournaments]\naborted = \"void\"\n");
    office.set_clock(0);
    for player in ["anna", "ben", "zed"] {
        office.signup(player);
    }
    let mut hall = Hall { office, seconds: 0 };
    // Asked for outright, void is refused: it would let a player stall.
    let refused = hall.send(
        "zed",
        "chess tournament create duel zed PW -knockout -aborted:void",
    );
    assert!(
        refused[0]
            .body
            .contains("a knockout takes no -aborted:void"),
        "{}",
        refused[0].body
    );
    let created = hall.send("zed", "chess tournament create duel zed PW -knockout");
    assert!(
        created[0].body.contains(
            "Declining or not moving: the player who would not play loses the tournament game (unrated); a game nobody moved in is lost by both."
        ),
        "{}",
        created[0].body
    );
    for player in ["anna", "ben"] {
        hall.send(player, &format!("chess tournament join duel {player} PW"));
    }
    let started = hall.send("zed", "chess tournament start duel zed PW");
    let first = &new_boards(&started, "anna")[0].body;
    assert!(first.contains("anna has White, ben has Black"), "{first}");
    assert!(
        first.contains("counts it as lost by the player who would not play it"),
        "{first}"
    );
    let board = hall.running("duel").remove(0);
    // anna declines her first game: aborted, and lost by her.
    let declined = hall.send("anna", &format!("chess decline {} anna PW", board.game_id));
    assert_eq!(hall.boards("duel")[0].score.as_deref(), Some("-+"));
    let second = new_boards(&declined, "anna");
    assert_eq!(second.len(), 1, "{declined:#?}");
    assert!(
        second[0].body.contains("ben has White, anna has Black"),
        "{}",
        second[0].body
    );
    // The director voids the second: it counts for nobody and is played
    // again, with the same colours.
    let board = hall.running("duel").remove(0);
    let voided = hall.send(
        "zed",
        &format!("chess void {} zed PW a mix-up", board.game_id),
    );
    assert_eq!(hall.boards("duel")[1].score.as_deref(), Some("0-0"));
    let again = new_boards(&voided, "anna");
    assert_eq!(again.len(), 1, "{voided:#?}");
    assert!(
        again[0].body.contains("ben has White, anna has Black"),
        "{}",
        again[0].body
    );
    assert!(
        again[0].body.contains("round 1, match 1.1, game 3."),
        "{}",
        again[0].body
    );
    // Only one game counts so far: the replay is no sudden death.
    assert!(!again[0].body.contains("sudden death"), "{}", again[0].body);
    let listing = hall.send("ben", "chess tournament duel");
    let body = &listing[0].body;
    assert!(
        body.contains("match 1.1: anna (seed 1) 0-1 ben (seed 2)"),
        "{body}"
    );
    assert!(
        body.contains("(aborted, unrated, voided by the director, played again)"),
        "{body}"
    );
}
