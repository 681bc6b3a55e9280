//! Every module says what it is, and what its doc names is there: each
//! file under `src/` opens with a `//!` doc, and the paths that doc names
//! in backticks (`crate::store::games`, `store::games::load_game`, a
//! child module's item, `src/host/`, `schema/steps.rs`) lead to a module, an item or a
//! file of the repository. A doc that names what was moved or renamed
//! fails here rather than misleading its next reader.

use super::resolve::Index;
use super::source::{sources, Source};
use std::path::Path;

/// The file endings that make a backticked word a file's name.
const FILE_ENDINGS: &[&str] = &[
    ".rs", ".md", ".toml", ".txt", ".sql", ".html", ".sh", ".css", ".py", ".json",
];

/// The `//!` lines a file opens with, without their markers.
fn module_doc(text: &str) -> Vec<&str> {
    text.lines()
        .map_while(|line| line.strip_prefix("//!"))
        .collect()
}

/// The backticked spans of a doc (a span does not cross lines).
fn spans(doc: &[&str]) -> Vec<String> {
    doc.iter()
        .flat_map(|line| line.split('`').skip(1).step_by(2))
        .map(str::to_string)
        .collect()
}

/// Every file and folder of the repository, as paths from its root,
/// without the build's output and git's own.
fn repository_paths(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "target" || name.starts_with('.') {
                continue;
            }
            if let Ok(relative) = path.strip_prefix(root) {
                found.push(relative.to_string_lossy().into_owned());
            }
            if path.is_dir() {
                pending.push(path);
            }
        }
    }
    found
}

/// Whether a file name (`steps.rs`, `daemon/group.rs`, `src/host/`)
/// is the whole or the tail of a path in the repository.
fn names_a_file(span: &str, paths: &[String]) -> bool {
    let mut wanted = span.trim_end_matches('/');
    // A placeholder name (`steps/NN.sql`) names its folder.
    if let Some((folder, name)) = wanted.rsplit_once('/') {
        let stem = name.split('.').next().unwrap_or(name);
        if !stem.is_empty() && stem.chars().all(|c| c.is_ascii_uppercase()) {
            wanted = folder;
        }
    }
    paths
        .iter()
        .any(|path| path == wanted || path.ends_with(&format!("/{wanted}")))
}

fn looks_like_a_file(span: &str) -> bool {
    let plain = span
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'));
    // A web address (`/player/NAME`) is no file of the repository.
    plain
        && !span.starts_with('/')
        && (span.starts_with("src/") || FILE_ENDINGS.iter().any(|end| span.ends_with(end)))
}

/// A span that is a Rust path of two words or more, its trailing `()`
/// dropped: `store::games::load()` is `["store", "games", "load"]`.
fn rust_path(span: &str) -> Option<Vec<String>> {
    let span = span.trim_end_matches("()");
    let words: Vec<String> = span.split("::").map(str::to_string).collect();
    let plain = words
        .iter()
        .all(|w| !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '_'));
    (plain && words.len() >= 2).then_some(words)
}

/// What a file's doc names that is not there.
fn missing_in(index: &Index<'_>, at: usize, paths: &[String]) -> Vec<String> {
    let source: &Source = &index.sources[at];
    let top = |word: &str| index.module_file(&[word.to_string()]).is_some();
    let mut missing = Vec::new();
    for span in spans(&module_doc(&source.text)) {
        if looks_like_a_file(&span) {
            if !names_a_file(&span, paths) {
                missing.push(format!("{}: no file `{span}`", source.path));
            }
            continue;
        }
        let Some(path) = rust_path(&span) else {
            continue;
        };
        // A name the file itself can reach (a child, its own `use`s), or
        // one from the crate's root; any other (`Game::play`, `std::io`)
        // is not checked.
        let (reachable, found) = if index.resolve(at, &path[..1]).is_some() {
            (true, index.resolve(at, &path))
        } else if top(&path[0]) {
            let full = [&["crate".to_string()], &path[..]].concat();
            (
                true,
                index
                    .module_file(&[])
                    .and_then(|lib| index.resolve(lib, &full)),
            )
        } else {
            (false, None)
        };
        if reachable && !found.is_some_and(|found| found.whole) {
            missing.push(format!("{}: no item or module `{span}`", source.path));
        }
    }
    missing
}

#[test]
fn every_file_opens_with_its_module_doc() {
    let undocumented: Vec<String> = sources()
        .into_iter()
        .filter(|source| module_doc(&source.text).is_empty())
        .map(|source| source.path)
        .collect();
    assert!(
        undocumented.is_empty(),
        "these files open without a `//!` doc saying what they are:\n{}",
        undocumented.join("\n")
    );
}

#[test]
fn module_docs_name_only_what_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let paths = repository_paths(root);
    let sources = sources();
    let index = Index::new(&sources);
    let missing: Vec<String> = (0..sources.len())
        .flat_map(|at| missing_in(&index, at, &paths))
        .collect();
    assert!(
        missing.is_empty(),
        "module docs name what is not there:\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_doc_names_files_and_paths_in_backticks() {
    let doc = module_doc(
        "//! See `src/store/`, `steps.rs` and\n//! `store::games::load()`.\nfn x() {}\n//! no",
    );
    assert_eq!(
        spans(&doc),
        ["src/store/", "steps.rs", "store::games::load()"]
    );
    assert!(looks_like_a_file("src/store/") && looks_like_a_file("steps.rs"));
    assert!(!looks_like_a_file("store::games"));
    let words = rust_path("store::games::load()").unwrap_or_default();
    assert_eq!(words, ["store", "games", "load"]);
    assert_eq!(rust_path("a word"), None);
    let paths = vec![
        "src/store/schema".to_string(),
        "src/store/schema/steps.rs".to_string(),
    ];
    assert!(names_a_file("steps.rs", &paths) && names_a_file("schema/steps.rs", &paths));
    assert!(!names_a_file("eps.rs", &paths));
    assert!(names_a_file("schema/NN.sql", &paths) && !names_a_file("other/NN.sql", &paths));
}
