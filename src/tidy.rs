//! The house rules, checked as ordinary tests: which room may import
//! which (ARCHITECTURE.md draws the same map), and how long a file or a
//! function may grow. They read the source as text, so they need no
//! parser: a path is `crate::a::b` or `super::a` outside comments and
//! outside the tests at the end of a file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each room and the rooms it may import besides itself. A room is a
/// top-level module, or a second-level one under `host` and `mail`.
/// Imports point down this list only: the pure rules at the bottom, the
/// entry points at the top.
const ROOMS: &[(&str, &[&str])] = &[
    ("games", &[]),
    ("robot", &["games"]),
    ("rules", &["games"]),
    ("clock", &[]),
    ("identity", &[]),
    ("log", &[]),
    ("store", &["games", "rules", "clock"]),
    ("archive", &["store", "games", "rules", "clock", "identity"]),
    ("mail::threading", &[]),
    ("mail::address", &[]),
    ("mail::inbound", &["mail::threading", "mail::address"]),
    (
        "mail::outbound",
        &[
            "mail::threading",
            "mail::address",
            "store",
            "identity",
            "clock",
        ],
    ),
    (
        "host::model",
        &["games", "rules", "store", "clock", "identity"],
    ),
    (
        "host::accounts",
        &["host::model", "games", "store", "clock"],
    ),
    (
        "host::clocks",
        &["host::model", "games", "rules", "store", "clock"],
    ),
    (
        "host::competition",
        &[
            "host::model",
            "host::clocks",
            "games",
            "rules",
            "store",
            "clock",
        ],
    ),
    (
        "host::request",
        &[
            "host::model",
            "host::accounts",
            "host::clocks",
            "host::competition",
            "games",
            "rules",
            "store",
            "clock",
            "mail::address",
        ],
    ),
    (
        "host::events",
        &[
            "host::model",
            "host::accounts",
            "host::clocks",
            "host::competition",
            "host::request",
            "games",
            "rules",
            "store",
            "clock",
        ],
    ),
    (
        "host::inbound",
        &[
            "host::model",
            "host::accounts",
            "games",
            "store",
            "mail::inbound",
            "mail::threading",
        ],
    ),
    (
        "host::handle",
        &[
            "host::model",
            "host::accounts",
            "host::clocks",
            "host::competition",
            "host::request",
            "host::events",
            "host::inbound",
            "games",
            "rules",
            "store",
            "clock",
            "mail::address",
        ],
    ),
    (
        "host::outbound",
        &[
            "host::model",
            "host::clocks",
            "host::competition",
            "host::events",
            "host::inbound",
            "archive",
            "games",
            "rules",
            "store",
            "clock",
            "identity",
            "mail::inbound",
            "mail::outbound",
            "mail::threading",
        ],
    ),
];

/// The entry points of the host (its root, `precheck`, `receive`, `timers`,
/// `robots`, `operator`) may use every room of the host and all below.
const HOST_ENTRIES: &[&str] = &[
    "host",
    "host::precheck",
    "host::receive",
    "host::timers",
    "host::robots",
    "host::operator",
];

/// Above the host: the config reads into the host's settings; the web
/// view reads the store through the host's views; the daemon and the CLI
/// use everything. Nothing may import them but those above.
const ABOVE_HOST: &[(&str, &[&str])] = &[
    ("config", &["web", "daemon", "cli"]),
    // The web view reads the store through the host's views; the config
    // hands it its settings from above, never the other way.
    ("web", &["config", "daemon", "cli"]),
    ("daemon", &["cli"]),
    ("cli", &[]),
];

const MAX_FILE_LINES: usize = 500;
const MAX_FUNCTION_LINES: usize = 80;

struct Source {
    /// As `src/host/handle/mod.rs`.
    path: String,
    /// The module path, as `["host", "handle"]`.
    module: Vec<String>,
    /// The lines before the file's tests.
    code: Vec<String>,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect(&root.join("src"), &mut files);
    files
        .into_iter()
        .filter_map(|file| {
            let path = file.strip_prefix(root).ok()?.to_string_lossy().into_owned();
            if is_test_file(&path) {
                return None;
            }
            let text = std::fs::read_to_string(&file).ok()?;
            let code = code_before_tests(&text);
            Some(Source {
                module: module_of(&path),
                path,
                code,
            })
        })
        .collect()
}

/// The lines of a file before its inline test module (`#[cfg(test)]`
/// then `mod tests {`); a `mod tests;` declaration is no such module.
fn code_before_tests(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&at| {
            lines[at].starts_with("#[cfg(test)]")
                && lines
                    .get(at + 1)
                    .is_some_and(|next| next.starts_with("mod ") && next.ends_with('{'))
        })
        .unwrap_or(lines.len());
    lines[..end].iter().map(|line| line.to_string()).collect()
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
}

fn is_test_file(path: &str) -> bool {
    path.ends_with("/tests.rs") || path.contains("/tests/") || path.ends_with("_tests.rs")
}

fn module_of(path: &str) -> Vec<String> {
    let inner = path.trim_start_matches("src/").trim_end_matches(".rs");
    let mut parts: Vec<String> = inner.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    if parts == ["lib"] || parts == ["main"] {
        parts.clear();
    }
    parts
}

/// The room a module path lies in.
fn room_of(module: &[String]) -> String {
    match module {
        [] => "lib".into(),
        [first, second, ..] if first == "host" || first == "mail" => {
            let sub = format!("{first}::{second}");
            let known =
                ROOMS.iter().any(|(room, _)| *room == sub) || HOST_ENTRIES.contains(&sub.as_str());
            if known {
                sub
            } else {
                first.clone()
            }
        }
        [first, ..] => first.clone(),
    }
}

/// The room a source file belongs to: as [`room_of`], but a file in a
/// folder of `host` or `mail` is always in that folder's room, listed or
/// not, so a new room cannot slip past the map.
fn room_of_file(module: &[String]) -> String {
    match module {
        [first, second, ..] if first == "host" || first == "mail" => format!("{first}::{second}"),
        _ => room_of(module),
    }
}

fn is_listed(room: &str) -> bool {
    ["lib", "mail", "tidy"].contains(&room)
        || ROOMS.iter().any(|(listed, _)| *listed == room)
        || HOST_ENTRIES.contains(&room)
        || ABOVE_HOST.iter().any(|(listed, _)| *listed == room)
}

/// The module paths a line names, resolved from `module`.
fn paths_named(line: &str, module: &[String]) -> Vec<Vec<String>> {
    let code = line.split("//").next().unwrap_or("");
    let mut found = Vec::new();
    for (start, head) in [("crate::", true), ("super::", false)]
        .iter()
        .flat_map(|(word, absolute)| code.match_indices(word).map(move |(at, _)| (at, *absolute)))
    {
        let before = code[..start].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &code[start..];
        let words: Vec<&str> = rest
            .split("::")
            .map(|w| w.trim_end_matches(|c: char| !(c.is_alphanumeric() || c == '_')))
            .take_while(|w| !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .collect();
        let mut resolved: Vec<String> = if head { Vec::new() } else { module.to_vec() };
        for word in &words {
            match *word {
                "crate" => resolved.clear(),
                "super" => {
                    resolved.pop();
                }
                other => resolved.push(other.to_string()),
            }
        }
        found.push(resolved);
    }
    found
}

fn may_import(from: &str, to: &str) -> bool {
    if from == to || to == "lib" {
        return true;
    }
    let host_room = |room: &str| room == "host" || room.starts_with("host::");
    if let Some((_, allowed)) = ROOMS.iter().find(|(room, _)| *room == from) {
        return allowed.contains(&to);
    }
    if HOST_ENTRIES.contains(&from) {
        return host_room(to) || ROOMS.iter().any(|(room, _)| *room == to);
    }
    if let Some((_, above)) = ABOVE_HOST.iter().find(|(room, _)| *room == from) {
        return !above.contains(&to);
    }
    true
}

#[test]
fn imports_point_down_the_layers() {
    let mut broken = BTreeSet::new();
    for source in sources() {
        let from = room_of_file(&source.module);
        if !is_listed(&from) {
            broken.insert(format!("{}: the room {from} is not in ROOMS", source.path));
            continue;
        }
        for (number, line) in source.code.iter().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for path in paths_named(line, &source.module) {
                let to = room_of(&path);
                if !may_import(&from, &to) {
                    broken.insert(format!("{}:{}: {from} -> {to}", source.path, number + 1));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "imports against the layering (see ROOMS in src/tidy.rs):\n{}",
        broken.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_layering_check_sees_an_import_that_points_up() {
    let store = module_of("src/store/games.rs");
    let named = paths_named("use crate::host::model::notice::Notice; // why", &store);
    assert_eq!(room_of(&named[0]), "host::model");
    assert!(!may_import(&room_of(&store), "host::model"));
    let handle = module_of("src/host/handle/play.rs");
    let named = paths_named("use super::super::outbound::post::Post;", &handle);
    assert_eq!(room_of(&named[0]), "host::outbound");
    assert!(!may_import("host::handle", "host::outbound"));
    assert!(may_import("host::outbound", "host::model"));
    assert!(!may_import("config", "daemon"));
    assert!(!is_listed(&room_of_file(&module_of(
        "src/host/newroom/mod.rs"
    ))));
    assert!(!is_listed(&room_of_file(&module_of("src/newroom.rs"))));
    assert!(!may_import("web", "config"));
    assert!(!may_import("store", "web"));
    assert!(!may_import("host::outbound", "web"));
    let declared = "a\n#[cfg(test)]\nmod tests;\nb\n";
    assert_eq!(
        code_before_tests(declared).len(),
        4,
        "a declaration is code"
    );
    let inline = "a\n#[cfg(test)]\nmod tests {\n}\n";
    assert_eq!(code_before_tests(inline), ["a"]);
}

#[test]
fn no_file_grows_past_its_limit() {
    let mut long = Vec::new();
    for source in sources() {
        let limit = MAX_FILE_LINES;
        if source.code.len() > limit {
            long.push(format!(
                "{}: {} lines (limit {limit})",
                source.path,
                source.code.len()
            ));
        }
    }
    assert!(long.is_empty(), "split these files:\n{}", long.join("\n"));
}

/// Each function of a file and its length in lines, from its `fn` line
/// to the closing brace at the same indentation.
fn functions(code: &[String]) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for (start, line) in code.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let signature = [
            "pub fn ",
            "fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "const fn ",
            "pub const fn ",
        ]
        .iter()
        .find_map(|prefix| trimmed.strip_prefix(prefix));
        let Some(signature) = signature else {
            continue;
        };
        let name: String = signature
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{}}}", " ".repeat(indent));
        if let Some(end) = code[start..]
            .iter()
            .position(|l| l.starts_with(&close) && l.trim() == "}")
        {
            found.push((name, end + 1));
        }
    }
    found
}

#[test]
fn no_function_grows_past_its_limit() {
    let mut long = Vec::new();
    for source in sources() {
        for (name, lines) in functions(&source.code) {
            let limit = MAX_FUNCTION_LINES;
            if lines > limit {
                long.push(format!(
                    "{}: fn {name}: {lines} lines (limit {limit})",
                    source.path
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "split these functions:\n{}",
        long.join("\n")
    );
}
