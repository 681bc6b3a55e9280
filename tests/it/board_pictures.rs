//! Board mails carry the board in HTML and as an image beside the text:
//! for every game the HTML part parses, has one cell per square and the
//! same pieces on the same squares as the text board, turned to the
//! reader's seat; the PNG decodes at its size with the right colours;
//! and the mails stay small.

use crate::util::board_mail::{figure_for, parts, play_sample, text_boards, text_piece, Parts};
use crate::util::host_harness::{mail_to, PostOffice};
use crate::util::pbem;
use pbem::games::GameKind;
use scraper::{Html, Selector};
use std::collections::BTreeMap;

/// One board table of an HTML part: square name → (the piece its title
/// names, the text shown), and the square names in drawing order.
type HtmlBoard = (BTreeMap<String, (String, String)>, Vec<String>);

fn html_boards(html: &str) -> Vec<HtmlBoard> {
    let document = Html::parse_document(html);
    let tables = Selector::parse("table").unwrap();
    let squares = Selector::parse("td[title]").unwrap();
    let nested = Selector::parse("table").unwrap();
    document
        .select(&tables)
        .filter(|table| table.select(&nested).next().is_none())
        .filter_map(|table| {
            let mut cells = BTreeMap::new();
            let mut order = Vec::new();
            for td in table.select(&squares) {
                let title = td.value().attr("title").unwrap().to_string();
                let (name, piece) = match title.split_once(": ") {
                    Some((name, piece)) => (name.to_string(), piece.to_string()),
                    None => (title.clone(), String::new()),
                };
                let shown: String = td.text().collect();
                assert!(
                    cells.insert(name.clone(), (piece, shown)).is_none(),
                    "{name} twice"
                );
                order.push(name);
            }
            (!cells.is_empty()).then_some((cells, order))
        })
        .collect()
}

/// The piece a title names, without what only the picture tells (a
/// mega-knight's state).
fn title_piece(title: &str) -> String {
    match title.rsplit_once(" (") {
        Some((piece, state)) if !state.contains("directions") => piece.to_string(),
        _ => title.to_string(),
    }
}

fn check_html_matches_text(kind: GameKind, mail: &Parts, squares: usize) {
    let html = mail.html.as_deref().expect("an HTML part");
    let text = text_boards(&mail.text);
    let drawn = html_boards(html);
    assert_eq!(text.len(), drawn.len(), "{kind:?}: boards in text and HTML");
    for (text_board, (cells, _)) in text.iter().zip(&drawn) {
        assert_eq!(cells.len(), squares, "{kind:?}: one cell per square");
        for (square, (title, shown)) in cells {
            let expected = text_board.get(square).map(|cell| text_piece(kind, cell));
            let named = (!title.is_empty()).then(|| title_piece(title));
            assert_eq!(named, expected, "{kind:?} {square}: HTML {title:?} vs text");
            if let Some(name) = named {
                let figure = figure_for(&name);
                assert!(
                    shown.contains(figure),
                    "{kind:?} {square}: {name} shown as {shown:?}"
                );
            } else {
                assert!(shown.trim().is_empty(), "{kind:?} {square}: {shown:?}");
            }
        }
    }
}

#[test]
fn every_games_html_part_has_the_text_boards_pieces_on_every_square() {
    for (kind, squares) in [
        (GameKind::Chess, 64),
        (GameKind::Progression, 64),
        (GameKind::Recursion, 64),
        (GameKind::Spherical, 324),
    ] {
        let mut office = PostOffice::new();
        let sent = play_sample(&mut office, kind, &[]);
        for player in ["alice", "bob"] {
            let mail = parts(&std::fs::read(&mail_to(&sent, player).path).unwrap());
            assert!(mail.png.is_none(), "html is the default, not images");
            check_html_matches_text(kind, &mail, squares);
            // The text part is the mail as it always was: the board in it.
            assert!(mail.text.contains("+---+"), "{}", mail.text);
        }
    }
}

#[test]
fn the_html_board_is_turned_to_the_readers_seat_and_marks_the_last_move() {
    let mut office = PostOffice::new();
    let sent = play_sample(&mut office, GameKind::Chess, &[]);
    let order = |player: &str| {
        let mail = parts(&std::fs::read(&mail_to(&sent, player).path).unwrap());
        let html = mail.html.unwrap();
        let (_, order) = html_boards(&html).remove(0);
        (order, html)
    };
    let (white, html) = order("alice");
    assert_eq!((white[0].as_str(), white[63].as_str()), ("a8", "h1"));
    let (black, _) = order("bob");
    assert_eq!((black[0].as_str(), black[63].as_str()), ("h1", "a8"));
    // The sample's last move is White's castling: e1 and g1 are marked.
    let document = Html::parse_document(&html);
    let marked: Vec<String> = document
        .select(&Selector::parse("td[title]").unwrap())
        .filter(|td| {
            matches!(
                td.value().attr("bgcolor"),
                Some("#cdd16a") | Some("#aaa23b")
            )
        })
        .map(|td| td.value().attr("title").unwrap().to_string())
        .collect();
    assert_eq!(marked, ["e1", "g1: White king"]);
}

/// A decoded PNG: its pixels' colours, row by row.
/// A brand-new board has no last move, so its HTML part does not say how
/// the last move is marked; after the first move it does.
#[test]
fn the_html_part_speaks_of_the_last_move_only_once_there_is_one() {
    let mut office = PostOffice::new();
    office.signup("alice");
    office.signup("bob");
    let sent = office.send_as("alice", "chess challenge alice bob", "");
    let html = |sent: &[crate::util::host_harness::Sent], player: &str| {
        parts(&std::fs::read(&mail_to(sent, player).path).unwrap())
            .html
            .unwrap()
    };
    assert!(!html(&sent, "bob").contains("The last move is marked"));
    let sent = office.send_as("alice", "chess move 101 alice PW e4", "");
    assert!(html(&sent, "bob").contains("The last move is marked in green."));
}

struct Pixels {
    width: u32,
    channels: usize,
    data: Vec<u8>,
}

fn decode(png: &[u8]) -> Pixels {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    let mut data = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut data).unwrap();
    Pixels {
        width: info.width,
        channels: info.color_type.samples(),
        data,
    }
}

fn pixel(image: &Pixels, x: u32, y: u32) -> [u8; 3] {
    let at = (y * image.width + x) as usize * image.channels;
    [image.data[at], image.data[at + 1], image.data[at + 2]]
}

fn png_size(png: &[u8]) -> (u32, u32) {
    let reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    (reader.info().width, reader.info().height)
}

#[test]
fn a_player_who_takes_images_gets_a_png_inline_with_the_pieces_in_their_colours() {
    let mut office = PostOffice::new();
    let setup = ["set alice pw-alice-quince board image"];
    let sent = play_sample(&mut office, GameKind::Chess, &setup);
    let mail = parts(&std::fs::read(&mail_to(&sent, "alice").path).unwrap());
    let png = mail.png.expect("an inline PNG");
    let html = mail.html.expect("an HTML part");
    assert!(html.contains("src=\"cid:board.png\""), "{html}");
    assert_eq!(mail.png_id.as_deref(), Some("board.png"));
    // 8 squares of 48 pixels and 20 for the coordinates on each side.
    assert_eq!(png_size(&png), (424, 424));
    let png = decode(&png);
    let square = |file: u32, rank: u32| (20 + file * 48, 20 + (7 - rank) * 48);
    let at = |(x, y): (u32, u32), dx: u32, dy: u32| pixel(&png, x + dx, y + dy);
    // How many pixels of a square have a piece's fill colour.
    let filled = |(x, y): (u32, u32), colour: [u8; 3]| {
        (0..48)
            .flat_map(|dy| (0..48).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| pixel(&png, x + dx, y + dy) == colour)
            .count()
    };
    let (white, black) = ([0xfb, 0xfb, 0xfb], [0x26, 0x26, 0x26]);
    for (name, sq, side) in [
        ("white king g1", square(6, 0), white),
        ("white pawn e4", square(4, 3), white),
        ("black king e8", square(4, 7), black),
        ("black pawn c6", square(2, 5), black),
    ] {
        let other = if side == white { black } else { white };
        assert!(filled(sq, side) > 150, "{name}: {}", filled(sq, side));
        assert_eq!(filled(sq, other), 0, "{name}");
    }
    // An empty dark square, an empty light one, and the last move's start.
    assert_eq!(at(square(4, 4), 4, 4), [0xb5, 0x88, 0x63], "e5");
    assert_eq!(at(square(4, 5), 4, 4), [0xf0, 0xd9, 0xb5], "e6");
    assert_eq!(
        at(square(4, 0), 4, 4),
        [0xaa, 0xa2, 0x3b],
        "e1, dark, left by castling"
    );
    // bob chose nothing: his mail has the table and no image.
    let bob = parts(&std::fs::read(&mail_to(&sent, "bob").path).unwrap());
    assert!(bob.png.is_none() && bob.html.is_some());
}

#[test]
fn a_player_who_takes_text_gets_the_mail_as_before() {
    let mut office = PostOffice::new();
    let sent = play_sample(
        &mut office,
        GameKind::Chess,
        &["set alice pw-alice-quince board text"],
    );
    let raw = std::fs::read(&mail_to(&sent, "alice").path).unwrap();
    let mail = parts(&raw);
    assert!(mail.html.is_none() && mail.png.is_none());
    assert!(String::from_utf8_lossy(&raw).contains("Content-Type: text/plain"));
}

#[test]
fn the_operator_can_turn_images_or_all_pictures_off() {
    let setup = ["set alice pw-alice-quince board image"];
    let mut office = PostOffice::with_config("[boards]\nimage = false\n");
    let sent = play_sample(&mut office, GameKind::Chess, &setup);
    let mail = parts(&std::fs::read(&mail_to(&sent, "alice").path).unwrap());
    assert!(
        mail.png.is_none() && mail.html.is_some(),
        "the table instead"
    );
    let mut office = PostOffice::with_config("[boards]\nhtml = false\n");
    let sent = play_sample(&mut office, GameKind::Chess, &setup);
    let mail = parts(&std::fs::read(&mail_to(&sent, "alice").path).unwrap());
    assert!(mail.png.is_none() && mail.html.is_none(), "text only");
}

#[test]
fn board_mails_stay_small_and_their_sizes_are_printed() {
    for kind in GameKind::ALL {
        for style in ["html", "image"] {
            let mut office = PostOffice::new();
            let setup = [format!("set alice pw-alice-quince board {style}")];
            let setup: Vec<&str> = setup.iter().map(String::as_str).collect();
            let sent = play_sample(&mut office, kind, &setup);
            let raw = std::fs::read(&mail_to(&sent, "alice").path).unwrap();
            let mail = parts(&raw);
            let png = mail.png.as_ref().map_or(0, Vec::len);
            println!(
                "{:<12} {style:<5}: mail {:>6} bytes (text {:>5}, html {:>6}, png {:>6})",
                kind.name(),
                raw.len(),
                mail.text.len(),
                mail.html.as_ref().map_or(0, String::len),
                png
            );
            assert_eq!(style == "image", png > 0, "{kind:?} {style}");
            assert!(raw.len() < 60_000, "{kind:?} {style}: {} bytes", raw.len());
        }
    }
}

#[test]
fn an_operators_board_templates_restyle_the_html_and_the_image() {
    let html = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/en/board.html"
    ))
    .unwrap()
    .replace("<body", "<!-- OPERATOR-COPY --><body");
    let svg = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/en/board.svg"
    ))
    .unwrap()
    .replace("\"#b58863\"", "\"#0000ff\"");
    let setup = ["set alice pw-alice-quince board image"];
    let mut office =
        PostOffice::with_templates("", &[("en/board.html", &html), ("en/board.svg", &svg)]);
    let sent = play_sample(&mut office, GameKind::Chess, &setup);
    let mail = parts(&std::fs::read(&mail_to(&sent, "alice").path).unwrap());
    assert!(mail.html.unwrap().contains("OPERATOR-COPY"));
    // e5 is a dark square, now blue.
    let png = decode(&mail.png.unwrap());
    assert_eq!(pixel(&png, 20 + 4 * 48 + 4, 20 + 3 * 48 + 4), [0, 0, 255]);
}

#[test]
fn the_readmes_pictures_are_what_the_renderer_makes_now() {
    let fresh = tempfile::tempdir().unwrap();
    let status = pbem()
        .args(["pictures", "--out"])
        .arg(fresh.path())
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let kept = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/boards");
    for kind in GameKind::ALL {
        for ext in ["png", "html"] {
            let name = format!("{}.{ext}", kind.name());
            let made = std::fs::read(fresh.path().join(&name)).unwrap();
            let committed = std::fs::read(kept.join(&name)).unwrap();
            assert!(
                made == committed,
                "docs/boards/{name} is not what the renderer makes now: \
                 run `cargo run -- pictures` and commit the files"
            );
        }
    }
}

#[test]
fn a_file_from_before_board_pictures_upgrades_and_its_waiting_mail_goes_as_text() {
    use pbem::store::{self, MailPurpose, QueuedMail, Store};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pbem.sqlite");
    let store = Store::open(&path).unwrap();
    let mail = QueuedMail {
        recipient: "bob@example.org".into(),
        subject: "Chess Board 101 bob".into(),
        body: "the board in letters".into(),
        message_id: "pbem.101.old@localhost".into(),
        in_reply_to: None,
        references: Vec::new(),
        purpose: MailPurpose::Game,
        attachment: None,
        html: None,
        cause: None,
    };
    store::queue_mail(
        store.connection(),
        &mail,
        store::now(),
        &store::MailboxRule::default(),
    )
    .unwrap();
    drop(store);
    // Back to the layout of version 16, which had none of the columns.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(
            "ALTER TABLE outbox DROP COLUMN html_body;
             ALTER TABLE outbox DROP COLUMN html_image;
             ALTER TABLE players DROP COLUMN board_style;
             PRAGMA user_version = 16;",
        )
        .unwrap();
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), store::SCHEMA_VERSION);
    let rows = store::unsent(store.connection(), 10).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].mail, mail, "the row reads as it was, without HTML");
    let from = pbem::mail::outbound::host_mailbox("PBeM host", "pbem@localhost").unwrap();
    let message = pbem::mail::outbound::build_message(rows[0].id, &rows[0].mail, &from)
        .unwrap()
        .formatted();
    let text = String::from_utf8_lossy(&message);
    assert!(text.contains("Content-Type: text/plain") && !text.contains("multipart"));
    assert_eq!(
        store::board_style(store.connection(), "alice").unwrap(),
        None
    );
}

#[test]
fn set_board_answers_with_the_choice_and_refuses_what_it_does_not_know() {
    let mut office = PostOffice::new();
    office.signup("alice");
    let sent = office.send(
        &crate::util::host_harness::address("alice"),
        "set alice pw-alice-quince board IMAGE",
        "",
    );
    assert!(sent[0].body.contains("as a picture"), "{}", sent[0].body);
    let sent = office.send(
        &crate::util::host_harness::address("alice"),
        "set alice pw-alice-quince board pdf",
        "",
    );
    assert!(
        sent[0]
            .body
            .contains("set userid password board text|html|image"),
        "{}",
        sent[0].body
    );
}
