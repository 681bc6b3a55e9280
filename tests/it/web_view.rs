//! The read-only web view over a host where all four games, a ladder and
//! a tournament were played by mail: every page kind over real HTTP, a
//! crawler from the front page, hostile text, a sealed move, the PGN
//! read by the `chess` crate, and Chromium's screenshots of each page.

use crate::util::browser::{png_size_and_light_squares, screenshot_url};
use crate::util::host_harness::PostOffice;
use crate::util::web_client::{get, request, Answer};
use crate::util::{t0, DAY};
use pbem::clock::Clock;
use pbem::host::HostSettings;
use pbem::store;
use pbem::web::{self, Running, SiteConfig, CONTENT_SECURITY_POLICY};
use scraper::{Html, Selector};
use std::collections::{BTreeSet, VecDeque};
use std::path::Path;

/// A userid, a comment and an event name that try to inject markup.
const HOSTILE_USERID: &str = "<img src=x onerror=alert(1)>";
const HOSTILE_COMMENT: &str = "Nice <script>alert('comment')</script> move";
const HOSTILE_EVENT: &str = "<b onclick=alert(2)>cup</b>";
/// A comment its author keeps private, a note, and a queued answer: no
/// page may show them.
const PRIVATE_COMMENT: &str = "zebra-private-comment";
const NOTE: &str = "xyzzy-private-note";
const QUEUED_ANSWER: &str = "Nh6";

/// The boards the club plays.
const CHESS: i64 = 101;
const PROGRESSION: i64 = 102;
const RECURSION: i64 = 103;
const SPHERICAL: i64 = 104;
const LADDER: i64 = 105;
const FIRST_TOURNAMENT_BOARD: i64 = 106;

fn moves(office: &mut PostOffice, game: &str, board: i64, list: &[(&str, &str)]) {
    for (userid, text) in list {
        office.send_as(
            userid,
            &format!("{game} move {board} {userid} PW {text}"),
            "",
        );
    }
    assert_eq!(office.move_count(board), list.len(), "board {board}");
}

/// The club: alice, bob, carol and dan; boards 101 to 104 the four
/// games (chess, recursion and spherical to their ends), 105 a ladder
/// game bob resigned, 106 to 108 the tournament `spring`, one of them
/// resigned; a comment with markup on 101; and straight in the store, as
/// an older version may have left them, a player and a tournament whose
/// names hold markup.
pub(crate) fn club() -> PostOffice {
    let mut office = PostOffice::new();
    office.set_clock(0);
    for userid in ["alice", "bob", "carol", "dan"] {
        office.signup(userid);
    }
    office.send_as("alice", "set alice PW comments public", "");
    office.send_as("alice", "chess challenge alice bob", "");
    office.send_as("alice", "chess move 101 alice PW f3", HOSTILE_COMMENT);
    moves_after(
        &mut office,
        "chess",
        CHESS,
        1,
        &[("bob", "e5"), ("alice", "g2g4"), ("bob", "Qh4#")],
    );
    office.send_as("alice", "progression challenge alice bob -promote:15", "");
    let progression = [
        ("alice", "nbNBrRQK"),
        ("bob", "list:KQRrNnBb"),
        ("alice", "e2e4"),
        ("bob", "e7e5"),
    ];
    moves(&mut office, "progression", PROGRESSION, &progression);
    office.send_as("alice", "recursion challenge alice bob", "");
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
    moves(&mut office, "recursion", RECURSION, &recursion);
    office.send_as("alice", "spherical challenge alice bob -setup:1", "");
    let spherical: Vec<(&str, &str)> = [
        "h8-h7", "a2+ne", "a2+ne", "h7-h1", "h1xb1", "a2+ne", "a2+nw", "b1xb18", "b18xa18",
        "a2+nw", "a2+nw", "a18xa1", "a1xr1", "a2+se", "a2+se", "r1xr18", "r18xq18", "a2+se",
        "a2+sw", "q18xq1",
    ]
    .iter()
    .enumerate()
    .map(|(index, text)| (if (index + 1) % 4 < 2 { "alice" } else { "bob" }, *text))
    .collect();
    moves(&mut office, "spherical", SPHERICAL, &spherical);
    for userid in ["alice", "bob", "carol"] {
        office.send_as(userid, &format!("chess ladder join {userid} PW"), "");
    }
    office.send_as(
        "carol",
        "chess challenge carol bob -ladder -password:PW",
        "",
    );
    moves(&mut office, "chess", LADDER, &[("carol", "e4")]);
    // bob has not made his comments public.
    office.send_as("bob", "chess move 105 bob PW e5", PRIVATE_COMMENT);
    assert_eq!(office.move_count(LADDER), 2);
    office.send_as("bob", "chess resign 105 bob PW", "");
    office.send_as("alice", "chess tournament create spring alice PW", "");
    for userid in ["alice", "bob", "dan"] {
        office.send_as(
            userid,
            &format!("chess tournament join spring {userid} PW"),
            "",
        );
    }
    office.send_as("alice", "chess tournament start spring alice PW", "");
    let first = office.game(FIRST_TOURNAMENT_BOARD);
    let (white, black) = (first.white.clone(), first.black.clone());
    moves(
        &mut office,
        "chess",
        FIRST_TOURNAMENT_BOARD,
        &[(&white, "d4"), (&black, "d5")],
    );
    office.send_as(
        &black,
        &format!("chess resign {FIRST_TOURNAMENT_BOARD} {black} PW"),
        "",
    );
    private_rows(&mut office);
    hostile_rows(&office);
    office
}

/// What no page may show: alice's note on board 102, and a conditional
/// line of Black's on board 107 (a tournament board nobody moved on).
fn private_rows(office: &mut PostOffice) {
    office.send_as("alice", "progression note 102 alice PW", NOTE);
    let board = office.game(107);
    assert_eq!(office.move_count(107), 0);
    let black = board.black.clone();
    let line = format!("chess queue 107 {black} PW h4 {QUEUED_ANSWER}");
    office.send_as(&black, &line, "");
    let conn = office.runtime.host.store().connection();
    assert!(store::note(conn, 102, "alice").unwrap().is_some());
    assert!(!store::queued_lines(conn, 107, Some(&black))
        .unwrap()
        .is_empty());
}

/// Moves after the first `done` of a board.
fn moves_after(
    office: &mut PostOffice,
    game: &str,
    board: i64,
    done: usize,
    list: &[(&str, &str)],
) {
    for (userid, text) in list {
        office.send_as(
            userid,
            &format!("{game} move {board} {userid} PW {text}"),
            "",
        );
    }
    assert_eq!(office.move_count(board), done + list.len(), "board {board}");
}

fn hostile_rows(office: &PostOffice) {
    let conn = office.runtime.host.store().connection();
    let player = store::Player {
        userid: HOSTILE_USERID.into(),
        password_hash: "x".into(),
        addresses: vec!["hostile@example.org".into()],
        signed_off: false,
        language: None,
    };
    store::insert_player(conn, &player, 1).unwrap();
    let game = store::NewGame {
        kind: "chess",
        switches: &[],
        white: HOSTILE_USERID,
        black: "alice",
        rated: false,
        host_options: "",
    };
    store::insert_game(conn, &game, t0().timestamp() + 60).unwrap();
    let cup = store::NewTournament {
        kind: "chess",
        name: HOSTILE_EVENT,
        organiser: HOSTILE_USERID,
        format: pbem::rules::tournament_rules::Format::RoundRobin,
        rated: false,
        switches: "",
        comment: None,
        admission: pbem::rules::ladder_rules::Admission::Open,
        aborted: pbem::rules::score::AbortRule::default(),
        rounds: None,
        round_days: None,
        tiebreaks: None,
        league: None,
    };
    let id = store::insert_tournament(conn, &cup, t0().timestamp() + 60).unwrap();
    store::join_tournament(conn, id, HOSTILE_USERID).unwrap();
}

/// The web view over `office`'s database, a day after the club began.
pub(crate) fn site(office: &PostOffice) -> Running {
    site_with(office, HostSettings::default())
}

/// The same with these settings of the host.
pub(crate) fn site_with(office: &PostOffice, host: HostSettings) -> Running {
    let config = SiteConfig {
        database: office.dir.path().join("pbem.sqlite"),
        templates: None,
        host,
        clock: Clock::Fixed(t0() + chrono::Duration::seconds(DAY)),
    };
    web::start(config, "127.0.0.1:0").unwrap()
}

pub(crate) fn ok(site: &Running, target: &str) -> Answer {
    let answer = get(site.address, target);
    assert_eq!(
        answer.status,
        200,
        "{target}: {}",
        String::from_utf8_lossy(&answer.body)
    );
    answer
}

pub(crate) fn page(site: &Running, target: &str) -> String {
    let answer = ok(site, target);
    assert_eq!(
        answer.header("content-type"),
        Some("text/html; charset=utf-8"),
        "{target}"
    );
    answer.text()
}

pub(crate) fn tournament_id(office: &PostOffice, name: &str) -> i64 {
    let conn = office.runtime.host.store().connection();
    store::find_tournament(conn, "chess", name)
        .unwrap()
        .unwrap()
        .id
}

#[test]
fn web_every_page_kind_answers_over_http_with_what_the_host_stored() {
    let office = club();
    let site = site(&office);
    let front = page(&site, "/");
    for board in [CHESS, PROGRESSION, RECURSION, SPHERICAL, LADDER] {
        assert!(
            front.contains(&format!("href=\"/board/{board}\"")),
            "board {board} on the front page"
        );
    }
    assert!(front.contains("href=\"/ladder/chess\""), "{front}");
    let chess = page(&site, "/board/101");
    assert!(chess.contains("<svg"), "the board is drawn inline");
    assert!(
        chess.contains("Qh4#") && chess.contains("bob wins by checkmate"),
        "{chess}"
    );
    assert!(
        chess.contains("href=\"/board/101?ply=2\""),
        "the move list links each ply"
    );
    let start = page(&site, "/board/101?ply=0");
    assert!(start.contains("The position after 0 of 4 moves"), "{start}");
    // An earlier position says how the whole game ended, by the rules
    // (known from its last position) or not.
    assert!(start.contains("bob wins by checkmate"), "{start}");
    let resigned = page(&site, "/board/105?ply=1");
    assert!(resigned.contains("carol wins: bob resigned"), "{resigned}");
    for board in [PROGRESSION, RECURSION, SPHERICAL] {
        assert!(
            page(&site, &format!("/board/{board}")).contains("<svg"),
            "board {board}"
        );
    }
    assert!(page(&site, "/board/104").contains("alice wins by capturing the last queen"));
    let progression = page(&site, "/board/102");
    assert!(
        progression.contains("Running") && progression.contains("21d a move"),
        "clocks: {progression}"
    );
    let black_won = page(&site, "/archive?game=chess&result=black");
    assert!(black_won.contains("href=\"/board/101\""));
    assert!(!black_won.contains("href=\"/board/102\""));
    let ladder_boards = page(&site, "/archive?event=ladder");
    assert!(
        ladder_boards.contains("href=\"/board/105\"")
            && !ladder_boards.contains("href=\"/board/101\"")
    );
    let spring = tournament_id(&office, "spring");
    let in_spring = page(&site, &format!("/archive?event={spring}&player=DAN"));
    assert!(in_spring.contains("href=\"/board/10"), "{in_spring}");
    assert!(
        !page(&site, "/archive?from=2027-03-03").contains("href=\"/board/"),
        "nothing began then"
    );
    let alice = page(&site, "/player/alice");
    assert!(
        alice.contains("href=\"/standings/chess\"") && alice.contains("spring"),
        "{alice}"
    );
    assert!(page(&site, "/standings/chess").contains("href=\"/player/carol\""));
    let ladder = page(&site, "/ladder/chess");
    let carol = ladder.find("/player/carol").unwrap();
    let bob = ladder.find("/player/bob").unwrap();
    assert!(
        carol < bob,
        "carol won her challenge and took bob's place: {ladder}"
    );
    let table = page(&site, &format!("/tournament/{spring}"));
    assert!(
        table.contains("Crosstable") && table.contains("Round 1"),
        "{table}"
    );
    assert!(page(&site, "/tournaments").contains(&format!("/tournament/{spring}")));
    assert!(page(&site, "/ladders").contains("/ladder/spherical"));
    for feed in [
        "/player/alice.atom",
        "/board/101.atom",
        "/ladder/chess.atom",
        &format!("/tournament/{spring}.atom"),
    ] {
        let answer = ok(&site, feed);
        assert_eq!(
            answer.header("content-type"),
            Some("application/atom+xml; charset=utf-8")
        );
        let text = answer.text();
        assert!(
            text.starts_with("<?xml") && text.contains("<entry>"),
            "{feed}: {text}"
        );
    }
    let status = ok(&site, "/player/alice/status.txt");
    assert_eq!(
        status.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let status = status.text();
    assert!(
        status.contains("progression 102 vs bob: YOUR MOVE"),
        "{status}"
    );
    // alice plays 102, the hostile board and spring's boards: a line each.
    let boards: Vec<&str> = status.lines().skip(1).collect();
    let games = ["chess ", "progression ", "recursion ", "spherical "];
    assert!(
        status.ends_with('\n')
            && boards.len() >= 3
            && boards
                .iter()
                .all(|line| games.iter().any(|g| line.starts_with(g))),
        "a line per board, each ended: {status:?}"
    );
    let pgn = ok(&site, "/archive.pgn?game=spherical").text();
    assert!(
        pgn.contains("[Variant \"Spherical Chess 324\"]") && !pgn.contains("[Variant \"Chess\"]"),
        "{pgn}"
    );
}

#[test]
fn web_safety_only_get_and_head_a_strict_policy_and_clear_refusals() {
    let office = club();
    let site = site(&office);
    let front = get(site.address, "/");
    assert_eq!(
        front.header("content-security-policy"),
        Some(CONTENT_SECURITY_POLICY)
    );
    assert!(CONTENT_SECURITY_POLICY.contains("default-src 'none'"));
    assert!(
        !CONTENT_SECURITY_POLICY.contains("script-src"),
        "no script is ever allowed"
    );
    assert_eq!(front.header("x-content-type-options"), Some("nosniff"));
    let head = request(site.address, "HEAD", "/board/101");
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty(), "HEAD has no body");
    for header in ["content-type", "content-security-policy"] {
        assert_eq!(head.header(header), front.header(header), "HEAD's {header}");
    }
    for method in ["POST", "PUT", "DELETE"] {
        let refused = request(site.address, method, "/");
        assert_eq!(refused.status, 405, "{method}");
        assert_eq!(refused.header("allow"), Some("GET, HEAD"));
    }
    for missing in [
        "/nope",
        "/board/99999",
        "/board/99999999999999999999999",
        "/board/-1",
        "/board/101/x",
        "/player/nobody",
        "/standings/go",
        "/tournament/0",
        "/board/101?ply=5",
        "/board/abc.pgn",
    ] {
        assert_eq!(get(site.address, missing).status, 404, "{missing}");
    }
    let long = format!("/archive?player={}", "a".repeat(100));
    let huge = format!("/{}", "x".repeat(5000));
    for bad in [
        "/board/101?ply=-1",
        "/board/101?ply=abc",
        "/board/101?ply=99999999999999999999",
        "/archive?game=go",
        "/archive?result=maybe",
        "/archive?from=yesterday",
        "/archive?before=0",
        "/archive?colour=white",
        "/archive?game=chess&game=chess",
        "/archive?player=%ff",
        &long,
        &huge,
    ] {
        let answer = get(site.address, bad);
        assert_eq!(answer.status, 400, "{bad}: {}", answer.status);
    }
}

/// Every page reachable from the front page by its links, each parsed.
fn crawl(site: &Running) -> Vec<(String, Answer)> {
    crawl_from(site, "/", |_| true)
}

/// Every page reachable from `start` by the links `follow` takes, each
/// answered with the site's policy and, when HTML, parsed without error.
pub(crate) fn crawl_from(
    site: &Running,
    start: &str,
    follow: impl Fn(&str) -> bool,
) -> Vec<(String, Answer)> {
    let links = Selector::parse("a[href], link[href]").unwrap();
    let mut seen = BTreeSet::from([start.to_string()]);
    let mut queue = VecDeque::from([start.to_string()]);
    let mut pages = Vec::new();
    while let Some(target) = queue.pop_front() {
        let answer = get(site.address, &target);
        assert_eq!(answer.status, 200, "a broken link: {target}");
        assert_eq!(
            answer.header("content-security-policy"),
            Some(CONTENT_SECURITY_POLICY),
            "{target}"
        );
        if answer.header("content-type") == Some("text/html; charset=utf-8") {
            let html = Html::parse_document(&answer.text());
            assert!(html.errors.is_empty(), "{target}: {:?}", html.errors);
            for link in html.select(&links) {
                let href = link.value().attr("href").unwrap_or_default();
                assert!(
                    href.starts_with('/'),
                    "{target} links outside the site: {href}"
                );
                if follow(href) && seen.insert(href.to_string()) {
                    queue.push_back(href.to_string());
                }
            }
        }
        pages.push((target, answer));
        assert!(pages.len() < 2_000, "the crawl does not end");
    }
    pages
}

#[test]
fn web_a_crawler_from_the_front_page_finds_no_broken_link_and_no_parse_error() {
    let office = club();
    let site = site(&office);
    let pages = crawl(&site);
    let targets: Vec<&str> = pages.iter().map(|(target, _)| target.as_str()).collect();
    for kind in [
        "/archive",
        "/board/103?ply=4",
        "/board/104.pgn",
        "/player/dan",
        "/player/dan/status.txt",
        "/player/dan.atom",
        "/standings/recursion",
        "/ladder/chess.atom",
        "/tournaments",
    ] {
        assert!(targets.contains(&kind), "{kind} is reachable: {targets:?}");
    }
    for (target, answer) in &pages {
        let text = String::from_utf8_lossy(&answer.body);
        let secrets = ["example.org", "quince", "argon2", "$argon"];
        for secret in secrets
            .into_iter()
            .chain([PRIVATE_COMMENT, NOTE, QUEUED_ANSWER])
        {
            assert!(!text.contains(secret), "{target} shows {secret}");
        }
    }
}

#[test]
fn web_hostile_userid_comment_and_event_name_are_rendered_as_text() {
    let office = club();
    let site = site(&office);
    let id = tournament_id(&office, HOSTILE_EVENT);
    let pages = [
        page(&site, "/"),
        page(&site, "/board/101"),
        page(&site, &format!("/board/{}", hostile_board(&office))),
        page(&site, &format!("/player/{}", pbem_encode(HOSTILE_USERID))),
        page(&site, "/tournaments"),
        page(&site, &format!("/tournament/{id}")),
        page(&site, "/archive"),
    ];
    let markup = Selector::parse("script, img, b, [onclick], [onerror]").unwrap();
    let text_of = |html: &Html| html.root_element().text().collect::<String>();
    let mut shown = String::new();
    for html in &pages {
        let parsed = Html::parse_document(html);
        assert_eq!(
            parsed.select(&markup).count(),
            0,
            "markup got through: {html}"
        );
        shown.push_str(&text_of(&parsed));
    }
    for hostile in [HOSTILE_USERID, HOSTILE_COMMENT, HOSTILE_EVENT] {
        assert!(shown.contains(hostile), "{hostile} is shown as text");
    }
    // The feeds name them too, as XML text, never as elements.
    for (feed, hostile) in [
        (
            format!("/player/{}.atom", pbem_encode(HOSTILE_USERID)),
            HOSTILE_USERID,
        ),
        (format!("/tournament/{id}.atom"), HOSTILE_EVENT),
    ] {
        let text = ok(&site, &feed).text();
        let xml = roxmltree::Document::parse(&text).unwrap_or_else(|err| panic!("{err}: {text}"));
        let names: BTreeSet<&str> = xml.descendants().map(|n| n.tag_name().name()).collect();
        assert!(
            !names.contains("img") && !names.contains("b"),
            "{feed}: {names:?}"
        );
        assert!(
            xml.descendants()
                .any(|n| n.text().is_some_and(|t| t.contains(hostile))),
            "{feed} names {hostile} as text: {text}"
        );
    }
}

fn hostile_board(office: &PostOffice) -> i64 {
    let conn = office.runtime.host.store().connection();
    conn.query_row(
        "SELECT id FROM games WHERE white = ?1",
        [HOSTILE_USERID],
        |row| row.get(0),
    )
    .unwrap()
}

fn pbem_encode(text: &str) -> String {
    text.bytes().map(|byte| format!("%{byte:02X}")).collect()
}

#[test]
fn web_a_sealed_move_appears_on_no_page_before_its_round_completes() {
    let mut office = PostOffice::new();
    office.set_clock(0);
    for userid in ["alice", "bob"] {
        office.signup(userid);
    }
    office.send_as("alice", "recursion challenge alice bob", "");
    office.send_as("alice", "recursion move 101 alice PW W:Nh3", "");
    let site = site(&office);
    let pages = crawl(&site);
    assert!(pages.iter().any(|(target, _)| target == "/board/101"));
    for (target, answer) in &pages {
        let text = String::from_utf8_lossy(&answer.body);
        assert!(
            !text.contains("Nh3"),
            "{target} shows the sealed move: {text}"
        );
    }
    assert!(
        page(&site, "/board/101").contains("sealed"),
        "the move is there, sealed"
    );
    office.send_as("bob", "recursion move 101 bob PW B:e5", "");
    assert!(
        page(&site, "/board/101").contains("Nh3"),
        "the round is complete"
    );
    assert!(ok(&site, "/board/101.pgn").text().contains("Nh3"));
}

#[test]
fn web_the_pgn_download_is_read_by_the_chess_crate() {
    let office = club();
    let site = site(&office);
    let pgn = ok(&site, "/board/101.pgn").text();
    let movetext: Vec<&str> = pgn
        .lines()
        .filter(|line| !line.starts_with('[') && !line.is_empty())
        .flat_map(str::split_whitespace)
        .filter(|word| !word.ends_with('.') && !["0-1", "1-0", "*"].contains(word))
        .collect();
    let mut board = chess::Board::default();
    for san in &movetext {
        let mv =
            chess::ChessMove::from_san(&board, san).unwrap_or_else(|err| panic!("{san}: {err:?}"));
        board = board.make_move_new(mv);
    }
    assert_eq!(movetext.len(), 4, "{pgn}");
    assert_eq!(board.status(), chess::BoardStatus::Checkmate);
    let filtered = ok(&site, "/archive.pgn?game=chess&player=alice").text();
    assert!(
        filtered.contains("[White \"alice\"]") && filtered.contains("Qh4#"),
        "{filtered}"
    );
}

#[test]
fn web_chromium_draws_each_page_kind_and_a_board_where_there_is_one() {
    let office = club();
    let site = site(&office);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots/web");
    std::fs::create_dir_all(&dir).unwrap();
    let spring = tournament_id(&office, "spring");
    let tournament = format!("/tournament/{spring}");
    let kinds: [(&str, &str, bool); 12] = [
        ("front", "/", false),
        ("archive", "/archive?game=chess", false),
        ("board-chess", "/board/101", true),
        ("board-progression", "/board/102", true),
        ("board-recursion", "/board/103?ply=6", true),
        ("board-spherical", "/board/104", true),
        ("player", "/player/alice", false),
        ("standings", "/standings/chess", false),
        ("ladders", "/ladders", false),
        ("ladder", "/ladder/chess", false),
        ("tournaments", "/tournaments", false),
        ("tournament", &tournament, false),
    ];
    for (name, target, drawn) in kinds {
        let shot = dir.join(format!("{name}.png"));
        let url = format!("http://{}{target}", site.address);
        screenshot_url(&url, &shot, 1100, 900);
        let (size, light) = png_size_and_light_squares(&shot);
        assert_eq!(size, (1100, 900), "{}", shot.display());
        if drawn {
            assert!(
                light > 10 * 26 * 26,
                "{}: a board shows ({light} pixels)",
                shot.display()
            );
        } else {
            assert_eq!(light, 0, "{}: no board on this page", shot.display());
        }
    }
}

#[test]
fn web_a_port_in_use_is_an_error_the_daemon_logs_and_mail_links_the_board() {
    let office = PostOffice::new();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let config = SiteConfig {
        database: office.dir.path().join("pbem.sqlite"),
        templates: None,
        host: HostSettings::default(),
        clock: Clock::Fixed(t0()),
    };
    let err = web::start(config, &taken.local_addr().unwrap().to_string())
        .err()
        .unwrap();
    assert!(err.to_string().contains("cannot listen"), "{err}");
    let mut linked = PostOffice::with_config("[web]\npublic_url = \"https://pbem.example.net/\"\n");
    linked.signup("alice");
    linked.signup("bob");
    let sent = linked.send_as("alice", "chess challenge alice bob", "");
    linked.send_as("alice", "chess move 101 alice PW e4", "");
    let over = linked.send_as("bob", "chess resign 101 bob PW", "");
    assert!(
        over.iter().any(|mail| mail.body.contains("resigned")),
        "the game-over mails: {over:?}"
    );
    for mail in sent.iter().chain(&over) {
        assert!(
            mail.body.contains("https://pbem.example.net/board/101"),
            "{}",
            mail.body
        );
        // The HTML part links to it too.
        let message = mail_parser::MessageParser::default()
            .parse(&mail.raw)
            .unwrap();
        let html = message.body_html(0).expect("an HTML part");
        let doc = scraper::Html::parse_document(&html);
        let anchors = scraper::Selector::parse("a[href]").unwrap();
        assert!(
            doc.select(&anchors)
                .any(|a| a.value().attr("href") == Some("https://pbem.example.net/board/101")),
            "{html}"
        );
    }
    let mut plain = PostOffice::new();
    plain.signup("alice");
    plain.signup("bob");
    for mail in plain.send_as("alice", "chess challenge alice bob", "") {
        assert!(
            !mail.body.contains("/board/101"),
            "no link without public_url: {}",
            mail.body
        );
    }
}

/// `pbem` with these arguments, its log kept.
fn spawn(args: &[&str]) -> std::process::Child {
    crate::util::pbem()
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

fn terminate(child: std::process::Child) -> String {
    let status = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn answers(address: &str) -> bool {
    let Ok(address) = address.parse() else {
        return false;
    };
    std::net::TcpStream::connect(address).is_ok() && get(address, "/").status == 200
}

/// `serve` with `[web] listen`, then one whose port is taken: the first
/// serves the view beside the mail, the second logs it and answers mail.
#[test]
fn web_serve_runs_the_view_beside_mail_and_only_logs_a_port_in_use() {
    use crate::util::{free_port, wait_until};
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let listen = format!("127.0.0.1:{}", free_port());
    let config = dir.path().join("pbem.toml");
    std::fs::write(&config, format!("[web]\nlisten = \"{listen}\"\n")).unwrap();
    let config = config.to_str().unwrap();
    let outbox_folder = dir.path().join("outbox");
    let sent = |count: usize| {
        let folder = outbox_folder.clone();
        move || std::fs::read_dir(&folder).map(|d| d.count()).unwrap_or(0) >= count
    };
    let serve = spawn(&["serve", "--config", config, "--data", data]);
    wait_until("the web view", Duration::from_secs(30), || answers(&listen));
    let mail = |from: &str| {
        let out = crate::util::pbem()
            .args(["mail", "--data", data, "--from", from, "help"])
            .output()
            .unwrap();
        assert!(out.status.success());
    };
    mail("carol@example.org");
    wait_until("the answer to a mail", Duration::from_secs(30), sent(1));
    assert!(answers(&listen), "the view still answers");
    terminate(serve);

    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let busy = taken.local_addr().unwrap().to_string();
    let config_busy = dir.path().join("busy.toml");
    std::fs::write(&config_busy, format!("[web]\nlisten = \"{busy}\"\n")).unwrap();
    let serve = spawn(&[
        "serve",
        "--config",
        config_busy.to_str().unwrap(),
        "--data",
        data,
    ]);
    mail("dave@example.org");
    wait_until(
        "the answer with the port taken",
        Duration::from_secs(30),
        sent(2),
    );
    let log = terminate(serve);
    assert!(
        log.contains("cannot listen") && log.contains("mail is handled without it"),
        "{log}"
    );

    let alone = format!("127.0.0.1:{}", free_port());
    let web = spawn(&["web", "--data", data, "--listen", &alone]);
    wait_until("pbem web", Duration::from_secs(30), || answers(&alone));
    terminate(web);
}
