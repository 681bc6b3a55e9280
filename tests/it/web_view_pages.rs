//! The web view's long lists a page at a time: the standings and a ladder
//! of more players than a page holds, every page reached by its links and
//! each player on exactly one of them; and the Atom feeds, whose links
//! are absolute once `[web] public_url` is set while their ids stay the
//! same.

use crate::util::host_harness::PostOffice;
use crate::util::web_client::get;
use crate::util::{t0, DAY};
use crate::web_view::{club, crawl_from, ok, page, site, site_with, tournament_id};
use pbem::host::HostSettings;
use pbem::store::{self, Rung, StoredRating};
use scraper::{Html, Selector};

/// Ranked players, provisional ones, and ones without a rated game for
/// over a year (left out of the standings, but on the ladder).
const RANKED: usize = 210;
const PROVISIONAL: usize = 30;
const INACTIVE: usize = 10;
const CROWD: usize = RANKED + PROVISIONAL + INACTIVE;

fn member(n: usize) -> String {
    format!("m{n:03}")
}

/// `CROWD` players straight in the store, each rated in chess (the
/// better the lower his number) and on the chess ladder in that order,
/// and one open challenge between the last two.
fn crowd() -> PostOffice {
    let office = PostOffice::new();
    let conn = office.runtime.host.store().connection();
    let now = t0().timestamp();
    let mut rungs = Vec::new();
    for n in 0..CROWD {
        let player = store::Player {
            userid: member(n),
            password_hash: "x".into(),
            addresses: vec![format!("{}@example.org", member(n))],
            signed_off: false,
            language: None,
        };
        store::insert_player(conn, &player, now).unwrap();
        let rating = StoredRating {
            userid: member(n),
            rating: 2400.0 - n as f64,
            deviation: if n < RANKED { 60.0 } else { 200.0 },
            volatility: 0.06,
            last_rated: if n < RANKED + PROVISIONAL {
                now
            } else {
                now - 400 * DAY
            },
            won: n as u32,
            lost: 1,
            drawn: 2,
        };
        store::save_rating(conn, "chess", &rating).unwrap();
        rungs.push(Rung {
            userid: member(n),
            rank: n + 1,
            active_since: now,
            drops: 0,
            next_drop: None,
            suspended: false,
        });
    }
    let ladder = store::default_ladder(conn, "chess", now).unwrap().id;
    store::save_ladder(conn, ladder, &rungs).unwrap();
    let (challenger, challenged) = (member(CROWD - 1), member(CROWD - 2));
    let game = store::NewGame {
        kind: "chess",
        switches: &[],
        white: &challenger,
        black: &challenged,
        rated: true,
        host_options: "",
    };
    let board = store::insert_game(conn, &game, now).unwrap();
    let challenge = store::LadderGame {
        game_id: board,
        ladder_id: ladder,
        aborted: None,
        challenger,
        challenged,
        settled: false,
    };
    store::insert_ladder_game(conn, "chess", &challenge).unwrap();
    office
}

/// Each row of a page's tables: its first cell and the player it links.
fn rows(html: &str) -> Vec<(String, String)> {
    let row = Selector::parse("tr").unwrap();
    let cell = Selector::parse("td").unwrap();
    let link = Selector::parse("a[href^=\"/player/\"]").unwrap();
    Html::parse_document(html)
        .select(&row)
        .filter_map(|tr| {
            let first = tr.select(&cell).next()?.text().collect::<String>();
            let player = tr.select(&link).next()?.text().collect::<String>();
            Some((first, player))
        })
        .collect()
}

#[test]
fn web_long_standings_and_ladders_page_by_rank_and_every_page_link_works() {
    let office = crowd();
    let site = site(&office);
    // Every page links the standings; the ladders' page links each ladder.
    let within = |href: &str| href.starts_with("/standings/chess") || href.starts_with("/ladder");
    let pages = crawl_from(&site, "/ladders", within);
    let visited: Vec<&str> = pages.iter().map(|(target, _)| target.as_str()).collect();
    for target in [
        "/standings/chess?page=2",
        "/standings/chess?page=3",
        "/standings/chess",
        "/ladder/chess",
        "/ladder/chess?page=2",
        "/ladder/chess?page=3",
    ] {
        assert!(visited.contains(&target), "{target}: {visited:?}");
    }
    assert!(!visited.contains(&"/standings/chess?page=1"), "one address");
    let standings: Vec<(String, String)> = (1..=3)
        .flat_map(|n| rows(&page(&site, &format!("/standings/chess?page={n}"))))
        .collect();
    let shown: Vec<&str> = standings.iter().map(|(_, who)| who.as_str()).collect();
    let expected: Vec<String> = (0..RANKED + PROVISIONAL).map(member).collect();
    assert_eq!(shown, expected, "each player once, best first");
    for (n, (rank, _)) in standings.iter().enumerate() {
        let rank_shown = if n < RANKED {
            (n + 1).to_string()
        } else {
            String::new()
        };
        assert_eq!(rank, &rank_shown, "line {n}");
    }
    let second = page(&site, "/standings/chess?page=2");
    assert!(second.contains("Players 101 to 200 of 240"), "{second}");
    let last = page(&site, "/standings/chess?page=3");
    assert!(
        last.contains("Provisional") && last.contains("10 players without a rated game"),
        "{last}"
    );
    let ladder: Vec<(String, String)> = (1..=3)
        .flat_map(|n| rows(&page(&site, &format!("/ladder/chess?page={n}"))))
        .collect();
    let expected: Vec<(String, String)> = (0..CROWD)
        .map(|n| ((n + 1).to_string(), member(n)))
        .collect();
    assert_eq!(ladder, expected, "every rank once, in order");
    for n in 1..=3 {
        let text = page(&site, &format!("/ladder/chess?page={n}"));
        let open = format!("{} challenged {}", member(CROWD - 1), member(CROWD - 2));
        assert!(
            Html::parse_document(&text)
                .root_element()
                .text()
                .collect::<String>()
                .contains(&open),
            "page {n} shows the open challenge"
        );
    }
    for past in ["/standings/chess?page=4", "/ladder/chess?page=4"] {
        assert_eq!(get(site.address, past).status, 404, "{past}");
    }
    for bad in ["/ladder/chess?page=0", "/standings/chess?page=x"] {
        assert_eq!(get(site.address, bad).status, 400, "{bad}");
    }
    let player = page(&site, &format!("/player/{}", member(150)));
    assert!(player.contains(">151</a>"), "his ladder rank: {player}");
}

/// Every `href` of a feed's links, and every `<id>`, as an XML parser
/// reads them (the feed must be well-formed).
fn hrefs_and_ids(feed: &str) -> (Vec<String>, Vec<String>) {
    let document = roxmltree::Document::parse(feed).unwrap_or_else(|err| panic!("{err}: {feed}"));
    let named = |name: &'static str| {
        document
            .descendants()
            .filter(move |node| node.tag_name().name() == name)
    };
    let links = named("link")
        .filter_map(|node| node.attribute("href").map(str::to_string))
        .collect();
    let ids = named("id")
        .map(|node| node.text().unwrap_or_default().to_string())
        .collect();
    (links, ids)
}

#[test]
fn web_feeds_link_absolutely_with_a_public_url_and_keep_their_ids() {
    let office = club();
    let relative = site(&office);
    let host = HostSettings {
        public_url: Some("https://pbem.example.net".into()),
        ..HostSettings::default()
    };
    let absolute = site_with(&office, host);
    let spring = format!("/tournament/{}.atom", tournament_id(&office, "spring"));
    for feed in [
        "/player/alice.atom",
        "/board/101.atom",
        "/ladder/chess.atom",
        &spring,
    ] {
        let plain = ok(&relative, feed).text();
        let public = ok(&absolute, feed).text();
        let (links, ids) = hrefs_and_ids(&plain);
        let (public_links, public_ids) = hrefs_and_ids(&public);
        assert!(links.len() > 2, "{feed}: {plain}");
        assert_eq!(ids, public_ids, "{feed}: the ids do not change");
        for id in &ids {
            assert!(
                id.starts_with("tag:localhost,2026:") && !id.contains(char::is_whitespace),
                "{feed}: {id}"
            );
        }
        assert!(
            public_links.contains(&format!("https://pbem.example.net{feed}")),
            "{feed} names itself: {public}"
        );
        for (link, public_link) in links.iter().zip(&public_links) {
            assert!(link.starts_with('/'), "{feed}: {link}");
            assert_eq!(public_link, &format!("https://pbem.example.net{link}"));
            assert_eq!(get(relative.address, link).status, 200, "{feed}: {link}");
        }
    }
}

#[test]
fn web_pages_behind_a_sub_path_link_within_it() {
    let office = club();
    let host = HostSettings {
        public_url: Some("https://example.net/club/pbem/".into()),
        ..HostSettings::default()
    };
    let proxied = site_with(&office, host);
    let spring = format!("/tournament/{}", tournament_id(&office, "spring"));
    let links = Selector::parse("a[href], link[href], img[src], form[action]").unwrap();
    for path in [
        "/",
        "/archive",
        "/board/101",
        "/player/alice",
        "/ladder/chess",
        &spring,
    ] {
        let html = ok(&proxied, path).text();
        let doc = Html::parse_document(&html);
        let mut seen = 0;
        for element in doc.select(&links) {
            let value = element.value();
            let link = value
                .attr("href")
                .or(value.attr("src"))
                .or(value.attr("action"))
                .unwrap();
            if link.starts_with("data:") || link.starts_with('#') || link.contains("://") {
                continue;
            }
            // The proxy strips its prefix: what is left must answer.
            let Some(inside) = link.strip_prefix("/club/pbem") else {
                panic!("{path}: {link} leaves the sub-path");
            };
            assert!(inside.starts_with('/'), "{path}: {link}");
            let inside = inside.replace("&amp;", "&");
            assert_eq!(get(proxied.address, &inside).status, 200, "{path}: {link}");
            seen += 1;
        }
        assert!(seen > 1, "{path}: {html}");
    }
}

/// The status lines of ended boards and of a player away: a declined
/// board said "Aborted, unrated: … Rated." and "White to move.", a
/// resigned one "Black to move.", and a clock held for a vacation read
/// as running.
#[test]
fn web_ended_boards_name_nobody_to_move_and_a_held_clock_says_so() {
    let mut office = PostOffice::new();
    office.set_clock(0);
    for userid in ["alice", "bob", "carol"] {
        office.signup(userid);
    }
    office.send_as("alice", "chess challenge alice bob", "");
    office.send_as("bob", "chess decline 101 bob PW", "");
    office.send_as("alice", "chess challenge alice carol", "");
    office.send_as("alice", "chess move 102 alice PW e4", "");
    office.send_as("carol", "chess move 102 carol PW e5", "");
    office.send_as("alice", "chess move 102 alice PW Nf3", "");
    office.send_as("carol", "chess resign 102 carol PW", "");
    office.send_as("alice", "chess challenge alice bob", "");
    office.send_as("alice", "chess move 103 alice PW d4", "");
    office.send_as("bob", "vacation bob PW on", "");
    let site = site(&office);
    let declined = page(&site, "/board/101");
    assert!(declined.contains("Aborted, unrated"), "{declined}");
    assert!(!declined.contains("Rated."), "{declined}");
    assert!(!declined.contains("to move"), "{declined}");
    let resigned = page(&site, "/board/102");
    assert!(resigned.contains("carol resigned"), "{resigned}");
    assert!(!resigned.contains("to move"), "{resigned}");
    let status = ok(&site, "/player/bob/status.txt").text();
    assert!(status.contains("chess 103 vs alice: YOUR MOVE"), "{status}");
    assert!(status.contains("(clock held)"), "{status}");
}

/// A round of Infinite Recursion Chess lists White's move first on the
/// page, as the mails and the PGN do, whoever sealed first; each still
/// links to the position after it as it was stored.
#[test]
fn web_a_round_lists_whites_move_first_whoever_sealed_first() {
    let mut office = PostOffice::new();
    office.set_clock(0);
    for userid in ["alice", "bob"] {
        office.signup(userid);
    }
    office.send_as("alice", "recursion challenge alice bob", "");
    office.send_as("bob", "recursion move 101 bob PW e5", "");
    office.send_as("alice", "recursion move 101 alice PW e4", "");
    let site = site(&office);
    let board = page(&site, "/board/101");
    let html = Html::parse_document(&board);
    let moves: Vec<(String, String)> = html
        .select(&Selector::parse("a[href*='?ply=']").unwrap())
        .map(|a| {
            let href = a.value().attr("href").unwrap();
            let ply = href.rsplit('=').next().unwrap().to_string();
            (a.text().collect::<String>(), ply)
        })
        .filter(|(text, _)| text != "start")
        .collect();
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert!(moves[0].0.contains("e4"), "{moves:?}");
    assert_eq!(moves[0].1, "2", "{moves:?}");
    assert!(moves[1].0.contains("e5"), "{moves:?}");
    assert_eq!(moves[1].1, "1", "{moves:?}");
}

/// Spherical Chess 324 has no draw rule: a board of 1,200 moves lists
/// only its last turns, says how many moves it left out and links the
/// PGN, which has them all; the page stays small.
#[test]
fn web_a_long_games_page_lists_its_last_turns_and_links_the_pgn_for_the_rest() {
    use pbem::host::model::replays::{self, Replays};
    use pbem::store::{MoveRecord, NewGame};
    let office = crate::util::host_harness::PostOffice::new();
    let conn = office.runtime.host.store().connection();
    let new = NewGame {
        kind: "spherical",
        switches: &[],
        white: "alice",
        black: "bob",
        rated: false,
        host_options: "",
    };
    let id = pbem::store::insert_game(conn, &new, crate::util::t0().timestamp()).unwrap();
    let replays = Replays::default();
    for ply in 0..1200 {
        let mut live = replays::load(conn, &replays, id, None).unwrap();
        let side = live.game.canonical_mover().unwrap();
        let quiet: Vec<String> = live
            .game
            .legal_moves(side)
            .into_iter()
            .filter(|text| !text.contains('x'))
            .collect();
        let played = live.game.play(side, &quiet[ply * 7 % quiet.len()]).unwrap();
        let record = MoveRecord {
            number: live.next_number(),
            side,
            notation: played.notation,
            public_notation: played.public_notation,
        };
        pbem::store::insert_move(conn, id, &record, crate::util::t0().timestamp()).unwrap();
    }
    let site = crate::web_view::site(&office);
    let page = crate::web_view::page(&site, &format!("/board/{id}"));
    assert!(page.contains("moves are not listed here"), "{page}");
    assert!(page.contains(&format!("/board/{id}.pgn")));
    assert!(page.contains("?ply=1200\""), "the last move is linked");
    assert!(!page.contains("?ply=1\""), "the first is not");
    // Bounded by the turns listed, however long the game.
    assert!(page.len() < 100_000, "{} bytes", page.len());
    let pgn = crate::web_view::ok(&site, &format!("/board/{id}.pgn")).text();
    let last = replays::load(conn, &replays, id, None).unwrap();
    assert!(
        pgn.contains(&last.moves[0].notation),
        "the PGN has the first move"
    );
}
