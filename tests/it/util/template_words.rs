//! The words of the built-in templates, for tests that check a mail is
//! written in its reader's language.

use std::collections::BTreeSet;
use std::path::Path;

/// The words of `text` of at least `min` letters, lower-cased.
pub fn words(text: &str, min: usize) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|word| !word.is_empty() && word.chars().count() >= min)
        .map(str::to_lowercase)
        .collect()
}

/// The words of a template's own text (no tags) of at least `min`
/// letters, lower-cased.
pub fn template_words(source: &str, min: usize) -> BTreeSet<String> {
    let mut text = String::new();
    let mut rest = source;
    while let Some(start) = rest.find('{') {
        text.push_str(&rest[..start]);
        let tail = &rest[start..];
        let close = match tail.as_bytes().get(1) {
            Some(b'{') => "}}",
            Some(b'%') => "%}",
            Some(b'#') => "#}",
            _ => {
                rest = &tail[1..];
                continue;
            }
        };
        rest = tail.find(close).map_or("", |end| &tail[end + 2..]);
    }
    text.push_str(rest);
    words(&text, min)
}

/// The words of at least `min` letters of every built-in template of
/// `language` whose path `keep` takes.
pub fn language_words(
    language: &str,
    min: usize,
    keep: impl Fn(&Path) -> bool,
) -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("templates")
        .join(language);
    let mut words = BTreeSet::new();
    let mut folders = vec![root];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if keep(&path) {
                let source = std::fs::read_to_string(&path).unwrap();
                words.extend(template_words(&source, min));
            }
        }
    }
    words
}
