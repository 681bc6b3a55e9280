//! A league by mail over two seasons: players join, the director begins
//! the first season in divisions, every board begins at once, a player
//! joining during the season waits for the next, and when the last game
//! is over the best move up, the last move down, each player is told
//! where he finished and where he plays next, and the next season
//! begins by itself. The mails, the listing, the list of leagues, the
//! web page and the PGN say the same. The host's clock is set; nothing
//! sleeps.

use crate::util::club::Club;
use crate::util::host_harness::{mails_to, Sent};
use crate::util::pbem;
use crate::util::web_client::get;
use pbem::archive::read_pgn;
use pbem::store::{self, TournamentBoard};

const PLAYERS: [&str; 6] = ["ann", "bob", "cleo", "dan", "eve", "fay"];

/// The boards of the division tournament `name`.
fn boards(club: &Club, name: &str) -> Vec<TournamentBoard> {
    let found = store::find_tournament(club.conn(), "chess", name)
        .unwrap()
        .unwrap_or_else(|| panic!("no division {name}"));
    store::tournament_boards(club.conn(), found.id).unwrap()
}

/// Ends every running board of the division: the player later in the
/// alphabet resigns, so each division ranks alphabetically. Returns the
/// mails of the last resignation.
fn play_out(club: &mut Club, division: &str) -> Vec<Sent> {
    let mut last = Vec::new();
    for board in boards(club, division) {
        if board.score.is_some() {
            continue;
        }
        let loser = board.white.clone().max(board.black.clone());
        last = club.send(
            &loser,
            &format!("chess resign {} {loser} PW", board.game_id),
        );
    }
    last
}

/// Every mail in `sent` to `userid`, one text.
fn told(sent: &[Sent], userid: &str) -> String {
    mails_to(sent, userid)
        .iter()
        .map(|mail| mail.body.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn players_of(club: &Club, division: &str) -> Vec<String> {
    let found = store::find_tournament(club.conn(), "chess", division)
        .unwrap()
        .unwrap();
    let mut players = store::tournament_players(club.conn(), found.id).unwrap();
    players.sort();
    players
}

#[test]
fn a_league_plays_two_seasons_with_promotion_and_relegation_in_every_view() {
    let everyone: Vec<&str> = PLAYERS
        .iter()
        .chain(&["gus", "hal", "zed"])
        .copied()
        .collect();
    let mut club = Club::new("", &everyone);
    let made = club.answer("hal", "chess league create club hal PW -size:3 -updown:1");
    assert!(made.contains("created the Chess league club"), "{made}");
    for player in PLAYERS {
        club.send(player, &format!("chess league join club {player} PW"));
    }
    let begun = club.send("hal", "chess league start club hal PW");
    for player in PLAYERS {
        let told = begun
            .iter()
            .filter(|mail| mail.to.contains(&format!("{player}@")))
            .map(|mail| mail.body.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            told.contains("Season 1 of the Chess league club has begun"),
            "{player}: {told}"
        );
    }
    // Two divisions of three, every board begun at once.
    let (first, second) = ("club/1/1", "club/1/2");
    assert_eq!(boards(&club, first).len(), 3);
    assert_eq!(boards(&club, second).len(), 3);
    let top = players_of(&club, first);
    let bottom = players_of(&club, second);
    // gus joins during the season: he waits for the next.
    let joined = club.answer("gus", "chess league join club gus PW");
    assert!(joined.contains("enters the last division"), "{joined}");
    let listing = club.answer("zed", "chess league club");
    assert!(listing.contains("season 1 running"), "{listing}");
    assert!(listing.contains("Waiting for the next season (they enter the last division): gus"));
    // A division game's mail and its PGN name the league's season.
    let id = boards(&club, first)[0].game_id;
    play_out(&mut club, first);
    let ended = play_out(&mut club, second);
    // The season is over: the last of division 1 goes down, the first of
    // division 2 up; everyone is told; season 2 begins at once.
    let (down, up) = (top[2].clone(), bottom[0].clone());
    let told_down = told(&ended, &down);
    assert!(
        told_down.contains("Season 1 of the Chess league club is over"),
        "{told_down}"
    );
    assert!(told_down.contains("move down to division 2"), "{told_down}");
    let told_up = told(&ended, &up);
    assert!(told_up.contains("move up to division 1"), "{told_up}");
    let mut next_top = players_of(&club, "club/2/1");
    next_top.sort();
    let mut expected = vec![top[0].clone(), top[1].clone(), up.clone()];
    expected.sort();
    assert_eq!(next_top, expected);
    let next_bottom = players_of(&club, "club/2/2");
    assert!(next_bottom.contains(&down) && next_bottom.contains(&"gus".to_string()));
    assert_eq!(next_bottom.len(), 4);
    // The listing, the list and the web page say the same.
    let listing = club.answer("zed", "chess league club");
    assert!(listing.contains("season 2 running"), "{listing}");
    assert!(listing.contains(&format!("up {up} (2 to 1)")), "{listing}");
    assert!(
        listing.contains(&format!("down {down} (1 to 2)")),
        "{listing}"
    );
    let list = club.answer("zed", "chess leagues");
    assert!(list.contains("club"), "{list}");
    let site = club.site();
    let page = get(site.address, "/league/chess/club").text();
    for words in [
        "Division 1",
        "Division 2",
        up.as_str(),
        down.as_str(),
        "gus",
    ] {
        assert!(page.contains(words), "{words}: {page}");
    }
    // The PGN of a division game names the league, season and division.
    let output = pbem()
        .args(["export", "--pgn", "--data"])
        .arg(club.office.dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let games = read_pgn(&String::from_utf8(output.stdout).unwrap()).unwrap();
    let tagged = games
        .iter()
        .filter(|game| game.tag("Event") == Some("club league, season 1, division 1"))
        .count();
    assert_eq!(tagged, 3, "board {id}");
}

#[test]
fn a_player_leaving_mid_season_loses_his_running_boards_and_is_gone_at_its_end() {
    let everyone: Vec<&str> = PLAYERS.iter().chain(&["hal"]).copied().collect();
    let mut club = Club::new("", &everyone);
    club.send("hal", "chess league create club hal PW -size:3");
    for player in ["ann", "bob", "cleo"] {
        club.send(player, &format!("chess league join club {player} PW"));
    }
    club.send("hal", "chess league start club hal PW");
    let left = told(
        &club.send("cleo", "chess league leave club cleo PW"),
        "cleo",
    );
    assert!(left.contains("lost by him"), "{left}");
    assert!(boards(&club, "club/1/1")
        .iter()
        .filter(|b| b.white == "cleo" || b.black == "cleo")
        .all(|b| b.score.is_some()));
    let ended = play_out(&mut club, "club/1/1");
    assert!(told(&ended, "ann").contains("Season 1"), "{ended:?}");
    // Two left: too few for a second season; cleo is gone.
    let listing = club.answer("hal", "chess league club");
    assert!(
        !listing.contains("cleo") || listing.contains("gone cleo"),
        "{listing}"
    );
}

#[test]
fn league_commands_are_refused_with_their_reason() {
    let mut club = Club::new("", &["ann", "bob", "hal"]);
    let big = club.answer("hal", "chess league create club hal PW -size:40");
    assert!(big.contains("-size"), "{big}");
    let knockout = club.answer("hal", "chess league create club hal PW -knockout");
    assert!(knockout.contains("round robin"), "{knockout}");
    club.send("hal", "chess league create club hal PW");
    let not_director = club.answer("ann", "chess league start club ann PW");
    assert!(not_director.contains("only hal"), "{not_director}");
    club.send("ann", "chess league join club ann PW");
    let twice = club.answer("ann", "chess league join club ann PW");
    assert!(twice.contains("already"), "{twice}");
    let few = club.answer("hal", "chess league start club hal PW");
    assert!(few.contains("at least 2"), "{few}");
}
