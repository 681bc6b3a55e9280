//! Every format walked through every state by mail: players joined and
//! waiting, the start, a player taken out and one replaced (where the
//! format allows it), boards forfeited, aborted and adjudicated by the
//! director, the end; and a tournament of the same format cancelled.
//! At each state the listing by mail, the list of tournaments, the web
//! page and, at the end, the PGN say the same. The host's clock is set;
//! nothing sleeps.

use crate::util::club::Club;
use crate::util::host_harness::{mail_to, Sent};
use crate::util::pbem;
use crate::util::web_client::get;
use pbem::archive::read_pgn;
use pbem::store::{self, TournamentBoard, TournamentStatus};

const PLAYERS: [&str; 5] = ["ann", "bob", "cleo", "dan", "eve"];

/// A club and the tournament the walk follows.
struct Hall {
    club: Club,
    name: &'static str,
}

impl Hall {
    fn send(&mut self, userid: &str, subject: &str) -> Vec<Sent> {
        self.club.send(userid, subject)
    }

    fn answer(&mut self, userid: &str, subject: &str) -> String {
        self.club.answer(userid, subject)
    }

    fn found(&self) -> store::Tournament {
        self.club.tournament(self.name)
    }

    fn running(&self) -> Vec<TournamentBoard> {
        self.club.running(self.name)
    }

    /// `userid` moves on board `id`.
    fn moves(&mut self, id: i64, userid: &str, text: &str) {
        self.send(userid, &format!("chess move {id} {userid} PW {text}"));
    }

    /// The listing by mail, the list of tournaments and the web page,
    /// each holding `words` (the list, the state's word only).
    fn every_view_says(&mut self, words: &[&str], state: &str) {
        let listing = self.answer("zed", &format!("chess tournament {}", self.name));
        let list = self.answer("zed", "chess tournaments");
        let line = list
            .lines()
            .find(|line| line.starts_with(self.name))
            .unwrap_or_else(|| panic!("{list}"))
            .to_string();
        assert!(line.contains(state), "{state}: {line}");
        let id = self.found().id;
        let site = self.club.site();
        let page = without_tags(&get(site.address, &format!("/tournament/{id}")).text());
        assert!(page.contains(&format!("; {state}.")), "{state}: {page}");
        for word in words {
            assert!(listing.contains(word), "{word} by mail:\n{listing}");
            assert!(page.contains(word), "{word} on the web:\n{page}");
        }
    }
}

/// A page's text as a reader sees it: its tags gone.
fn without_tags(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

fn hall(name: &'static str, switch: &str) -> Hall {
    let everyone: Vec<&str> = PLAYERS
        .iter()
        .chain(&["fay", "gus", "ivy", "hal", "zed"])
        .copied()
        .collect();
    let mut hall = Hall {
        club: Club::new("", &everyone),
        name,
    };
    hall.send(
        "hal",
        &format!("chess tournament create {name} hal PW {switch} -admission:approval"),
    );
    hall
}

/// One format through every state; `replaces`: whether it hands a
/// player's boards to another.
fn walk(name: &'static str, switch: &str, replaces: bool) {
    let mut hall = hall(name, switch);
    // Joined and waiting.
    for player in PLAYERS {
        hall.send(player, &format!("chess tournament join {name} {player} PW"));
        hall.send(
            "hal",
            &format!("chess tournament admit {name} hal PW {player}"),
        );
    }
    hall.send("fay", &format!("chess tournament join {name} fay PW"));
    hall.send("hal", &format!("chess tournament invite {name} hal PW gus"));
    hall.every_view_says(&["fay (asked to join)", "gus (invited)"], "open");
    // Running: fay and gus are told the door closed.
    let started = hall.send("hal", &format!("chess tournament start {name} hal PW"));
    assert!(mail_to(&started, "fay").body.contains("began without you"));
    hall.every_view_says(&[], "running");
    // Forfeited, adjudicated and aborted boards.
    let boards = hall.running();
    let first = boards[0].clone();
    hall.moves(first.game_id, &first.white, "e4");
    hall.moves(first.game_id, &first.black, "e5");
    let black = first.black.clone();
    hall.send(
        "hal",
        &format!(
            "chess forfeit {} hal PW {black} left the club",
            first.game_id
        ),
    );
    let listing_words = ["(a forfeit, ruled by the director)".to_string()];
    if let Some(second) = hall.running().into_iter().find(|b| {
        ![&first.white, &first.black].contains(&&b.white)
            && ![&first.white, &first.black].contains(&&b.black)
    }) {
        hall.moves(second.game_id, &second.white, "e4");
        hall.moves(second.game_id, &second.black, "e5");
        hall.send(
            "hal",
            &format!("chess adjudicate {} hal PW 1-0 a clear win", second.game_id),
        );
        let words = ["(adjudicated by the director)"];
        hall.every_view_says(&words, "running");
    }
    let third = hall.running()[0].clone();
    hall.send(
        &third.black.clone(),
        &format!("chess decline {} {} PW", third.game_id, third.black),
    );
    let refuser = format!("lost by {}, who would not play it", third.black);
    hall.every_view_says(&[listing_words[0].as_str(), refuser.as_str()], "running");
    // Removed, and replaced where the format allows it.
    let out = hall
        .running()
        .first()
        .map(|board| board.white.clone())
        .unwrap_or_else(|| "eve".into());
    hall.send(
        "hal",
        &format!("chess tournament remove {name} hal PW {out}"),
    );
    let taken = format!("Withdrawn after the start: {out}");
    hall.every_view_says(&[taken.as_str()], "running");
    let unbegun = hall.running().into_iter().find(|board| {
        let conn = hall.club.conn();
        store::load_moves(conn, board.game_id).unwrap().is_empty()
    });
    if let Some(board) = unbegun {
        let old = board.white.clone();
        let replaced = hall.answer(
            "hal",
            &format!("chess tournament replace {name} hal PW {old} ivy"),
        );
        match replaces {
            true => assert!(replaced.contains("ivy takes the place of"), "{replaced}"),
            false => assert!(
                replaced.contains("nobody can take another player's place"),
                "{replaced}"
            ),
        }
    }
    // Finished: every board played out by a resignation, in as many
    // rounds as the format begins.
    for _ in 0..20 {
        let running = hall.running();
        if running.is_empty() {
            break;
        }
        for board in running {
            hall.moves(board.game_id, &board.white, "e4");
            hall.moves(board.game_id, &board.black, "e5");
            let black = board.black.clone();
            hall.send(
                &black,
                &format!("chess resign {} {black} PW", board.game_id),
            );
        }
    }
    assert_eq!(hall.found().status, TournamentStatus::Finished);
    hall.every_view_says(&[taken.as_str()], "finished");
    // The PGN: every board of it, with its name as the event.
    let output = pbem()
        .args(["export", "--pgn", "--data"])
        .arg(hall.club.office.dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let games = read_pgn(&String::from_utf8(output.stdout).unwrap()).unwrap();
    let conn = hall.club.conn();
    let stored = store::tournament_boards(conn, hall.found().id).unwrap();
    let events = games
        .iter()
        .filter(|game| game.tag("Event") == Some(name))
        .count();
    assert_eq!(events, stored.len());
    // Cancelled: a second tournament of the format.
    let other = format!("{name}2");
    hall.send(
        "hal",
        &format!("chess tournament create {other} hal PW {switch}"),
    );
    for player in ["ann", "bob"] {
        hall.send(
            player,
            &format!("chess tournament join {other} {player} PW"),
        );
    }
    hall.send("hal", &format!("chess tournament start {other} hal PW"));
    let cancelled = hall.answer("hal", &format!("chess tournament cancel {other} hal PW"));
    assert!(cancelled.contains(": cancelled."), "{cancelled}");
    hall.name = Box::leak(other.into_boxed_str());
    hall.every_view_says(&["voided"], "cancelled");
}

#[test]
fn a_round_robin_walks_through_every_state_alike_in_every_view() {
    walk("rr", "-roundrobin", true);
}

#[test]
fn a_double_round_robin_walks_through_every_state_alike_in_every_view() {
    walk("drr", "-double", true);
}

#[test]
fn a_knockout_walks_through_every_state_alike_in_every_view() {
    walk("ko", "-knockout", false);
}
