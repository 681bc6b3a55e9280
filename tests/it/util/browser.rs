//! Headless Chromium (the Debian package, installed by tests/setup.sh)
//! taking screenshots of pages, and what a screenshot shows.

use std::path::Path;
use std::process::Command;

fn chromium() -> &'static str {
    for name in ["chromium", "chromium-browser"] {
        if Command::new(name).arg("--version").output().is_ok() {
            return name;
        }
    }
    panic!("no chromium: run tests/setup.sh, which installs it");
}

/// Screenshots `page` at `width` × `height` into `shot`.
pub fn screenshot(page: &Path, shot: &Path, width: u32, height: u32) {
    screenshot_url(&format!("file://{}", page.display()), shot, width, height);
}

/// Screenshots the page at `url` at `width` × `height` into `shot`.
pub fn screenshot_url(url: &str, shot: &Path, width: u32, height: u32) {
    let _ = std::fs::remove_file(shot);
    let profile = tempfile::tempdir().unwrap();
    let output = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            &format!("--user-data-dir={}", profile.path().display()),
            &format!("--window-size={width},{height}"),
            &format!("--screenshot={}", shot.display()),
        ])
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        shot.is_file(),
        "no screenshot of {url}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A screenshot's size, and how many of its pixels have the colour of
/// the board's light squares (a page whose board did not show has none).
pub fn png_size_and_light_squares(path: &Path) -> ((u32, u32), usize) {
    let file = std::fs::File::open(path).unwrap();
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let mut data = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut data).unwrap();
    let channels = info.color_type.samples();
    let light = data
        .chunks_exact(channels)
        .filter(|pixel| pixel[..3] == [0xf0, 0xd9, 0xb5])
        .count();
    ((info.width, info.height), light)
}
