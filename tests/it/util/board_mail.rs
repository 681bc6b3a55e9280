//! Board mails of every game played by mail, and what their parts say:
//! the text board read square by square, the HTML part's cells, the PNG.

use super::host_harness::{address, password, PostOffice, Sent};
use mail_parser::{MessageParser, MimeHeaders, PartType};
use pbem::games::{GameKind, Side};
use pbem::host::outbound::pictures::sample_game;
use std::collections::BTreeMap;

/// Plays the sample game of `kind` by mail between alice (White) and bob
/// (Black), after `setup` commands (`set alice ...`, each from the player
/// it names), and returns the last mails.
pub fn play_sample(office: &mut PostOffice, kind: GameKind, setup: &[&str]) -> Vec<Sent> {
    office.signup("alice");
    office.signup("bob");
    for line in setup {
        // `set USERID ...` comes from that player.
        let userid = line.split_whitespace().nth(1).unwrap_or("alice");
        office.send(&address(userid), line, "");
    }
    let mut last = office.send(
        &address("alice"),
        &format!("{} challenge alice bob", kind.name()),
        "",
    );
    let (_, _, moves) = sample_game(kind);
    for (side, text) in moves {
        let player = match side {
            Side::White => "alice",
            Side::Black => "bob",
        };
        let subject = format!(
            "{} move 101 {player} {} {text}",
            kind.name(),
            password(player)
        );
        last = office.send(&address(player), &subject, "");
    }
    last
}

/// The parts of one mail: the text, the HTML, and the inline PNG.
pub struct Parts {
    pub text: String,
    pub html: Option<String>,
    pub png: Option<Vec<u8>>,
    pub png_id: Option<String>,
}

pub fn parts(raw: &[u8]) -> Parts {
    let message = MessageParser::default().parse(raw).expect("a message");
    let mut found = Parts {
        text: String::new(),
        html: None,
        png: None,
        png_id: None,
    };
    for part in &message.parts {
        match &part.body {
            PartType::Text(text) if found.text.is_empty() => found.text = text.to_string(),
            PartType::Html(html) => found.html = Some(html.to_string()),
            PartType::Binary(bytes) | PartType::InlineBinary(bytes)
                if part.content_type().and_then(|t| t.subtype()) == Some("png") =>
            {
                found.png = Some(bytes.to_vec());
                found.png_id = part.content_id().map(String::from);
            }
            _ => {}
        }
    }
    found.text = found.text.replace("\r\n", "\n");
    found
}

/// Every board of a text mail, square name → what the text board writes
/// there (squares left empty are absent).
pub fn text_boards(text: &str) -> Vec<BTreeMap<String, String>> {
    let mut rows: Vec<(usize, String, Vec<String>)> = Vec::new();
    let mut files: Option<Vec<String>> = None;
    for line in text.lines() {
        let grids = grid_rows(line);
        if !grids.is_empty() {
            for (index, (rank, cells)) in grids.into_iter().enumerate() {
                rows.push((index, rank, cells));
            }
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let labels = !words.is_empty()
            && words
                .iter()
                .all(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_lowercase()));
        if labels && !rows.is_empty() && files.is_none() {
            files = Some(words.iter().map(|w| w.to_string()).collect());
        }
    }
    let files = files.expect("the text board names its files");
    let boards = rows.iter().map(|(index, ..)| index + 1).max().unwrap_or(0);
    let per_board = files.len() / boards.max(1);
    let mut out = vec![BTreeMap::new(); boards];
    for (index, rank, cells) in rows {
        for (column, cell) in cells.iter().enumerate() {
            if !cell.trim().is_empty() {
                let file = &files[index * per_board + column];
                out[index].insert(format!("{file}{rank}"), cell.trim().to_string());
            }
        }
    }
    out
}

/// The grids on one line of a text board: each a rank label and its
/// cells (`8 | r | n |...|`), two where boards stand side by side.
fn grid_rows(line: &str) -> Vec<(String, Vec<String>)> {
    let chars: Vec<char> = line.chars().collect();
    let mut grids = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let boundary = start == 0 || chars[start - 1] == ' ';
        if i > start && boundary && chars.get(i) == Some(&' ') && chars.get(i + 1) == Some(&'|') {
            let rank: String = chars[start..i].iter().collect();
            let mut at = i + 1;
            let mut cells = Vec::new();
            while at + 4 < chars.len() + 1 && chars.get(at + 4) == Some(&'|') {
                cells.push(chars[at + 1..at + 4].iter().collect());
                at += 4;
            }
            if cells.len() >= 8 {
                grids.push((rank, cells));
            }
            i = at + 1;
        } else {
            i = start + 1;
        }
    }
    grids
}

/// What a text board's cell means, in the words of the HTML's titles:
/// `White knight`, `Black little bishop`, `White mega-knight`,
/// `White promoted piece (6 directions)`, `neutral piece`.
pub fn text_piece(kind: GameKind, cell: &str) -> String {
    let side = |upper: bool| if upper { "White" } else { "Black" };
    let figure = |letter: char| match letter.to_ascii_uppercase() {
        'K' => "king",
        'Q' => "queen",
        'R' => "rook",
        'B' => "bishop",
        'N' => "knight",
        'P' => "pawn",
        other => panic!("no piece {other}"),
    };
    match kind {
        GameKind::Chess | GameKind::Recursion => {
            let letter = cell.chars().next().unwrap();
            let mega = if cell.ends_with('*') { "mega-" } else { "" };
            format!(
                "{} {mega}{}",
                side(letter.is_ascii_uppercase()),
                figure(letter)
            )
        }
        GameKind::Progression => {
            let mut chars = cell.chars();
            let colour = chars.next().unwrap();
            let letter = chars.next().unwrap();
            let little = if letter.is_ascii_lowercase() {
                "little "
            } else {
                ""
            };
            format!("{} {little}{}", side(colour == 'w'), figure(letter))
        }
        GameKind::Spherical => {
            if cell == "#" {
                return "neutral piece".into();
            }
            let letter = cell.chars().find(|c| c.is_ascii_alphabetic()).unwrap();
            let upper = letter.is_ascii_uppercase();
            if letter.eq_ignore_ascii_case(&'P') {
                let marks: usize = cell
                    .chars()
                    .map(|c| match c {
                        ':' => 2,
                        '\'' | '.' => 1,
                        _ => 0,
                    })
                    .sum();
                format!("{} promoted piece ({} directions)", side(upper), 4 + marks)
            } else {
                format!("{} {}", side(upper), figure(letter))
            }
        }
    }
}

/// The figure the HTML should show for a piece so named.
pub fn figure_for(name: &str) -> &'static str {
    let white = name.starts_with("White");
    let pick = |w: &'static str, b: &'static str| if white { w } else { b };
    if name.contains("neutral") {
        "◆"
    } else if name.contains("king") {
        pick("♔", "♚")
    } else if name.contains("queen") {
        pick("♕", "♛")
    } else if name.contains("rook") || name.contains("promoted") {
        pick("♖", "♜")
    } else if name.contains("bishop") {
        pick("♗", "♝")
    } else if name.contains("knight") {
        pick("♘", "♞")
    } else {
        pick("♙", "♟")
    }
}
