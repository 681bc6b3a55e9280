//! A real browser shows each game's HTML part: headless Chromium (the
//! Debian package, installed by tests/setup.sh) takes a screenshot of
//! each, as a table and with the image, kept under
//! target/screenshots/ for a person to look at. Sizes are compared,
//! never pixels.

use crate::util::board_mail::{parts, play_sample};
use crate::util::browser::{png_size_and_light_squares, screenshot};
use crate::util::host_harness::{mail_to, PostOffice};
use pbem::games::GameKind;
use std::path::{Path, PathBuf};

fn folder() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn chromium_shows_every_games_html_board_as_a_table_and_as_an_image() {
    let dir = folder();
    for kind in GameKind::ALL {
        for style in ["html", "image"] {
            let mut office = PostOffice::new();
            let setup = format!("set alice pw-alice-quince board {style}");
            let sent = play_sample(&mut office, kind, &[setup.as_str()]);
            let mail = parts(&std::fs::read(&mail_to(&sent, "alice").path).unwrap());
            let mut html = mail.html.expect("an HTML part");
            if let Some(png) = &mail.png {
                // A browser opening the page alone has no mail to take the
                // cid: image from; the file beside it stands in.
                let image = format!("{}-board.png", kind.name());
                std::fs::write(dir.join(&image), png).unwrap();
                html = html.replace("cid:board.png", &image);
            }
            let page = dir.join(format!("{}-{style}.html", kind.name()));
            std::fs::write(&page, &html).unwrap();
            let shot = dir.join(format!("{}-{style}.png", kind.name()));
            let (width, height) = (900, 1400);
            screenshot(&page, &shot, width, height);
            let (size, light) = png_size_and_light_squares(&shot);
            assert_eq!(size, (width, height), "{}", shot.display());
            // At least ten light squares' worth of the board's colour:
            // the table or the image really shows.
            assert!(light > 10 * 26 * 26, "{}: {light} pixels", shot.display());
            let bytes = std::fs::metadata(&shot).unwrap().len();
            println!("{}: {bytes} bytes", shot.display());
            // A page that drew nothing (a blank white screenshot) packs
            // into a few kilobytes; a board with its pieces does not.
            assert!(bytes > 20_000, "{}: only {bytes} bytes", shot.display());
        }
    }
}
