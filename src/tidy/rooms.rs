//! Which room may import which (ARCHITECTURE.md draws the same map).
//! Every path the code names that starts at `crate`, `super` or `self`
//! is checked, one `use` tree expanded into each path it holds, so
//! `use crate::{host::model, store}` is two imports.

use super::source::{blank, module_of, sources, uses_of, Source};
use std::collections::BTreeSet;

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
/// `robots`, `operator`, and `settings`, what they read of the host) may use
/// every room of the host and all below.
const HOST_ENTRIES: &[&str] = &[
    "host",
    "host::settings",
    "host::precheck",
    "host::receive",
    "host::unanswered",
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

/// The module a path starting at `crate`, `super` or `self` names, as
/// written (a re-export is not followed: importing through a room's
/// front is importing that room); `None` for any other path.
fn module_named(path: &[String], module: &[String]) -> Option<Vec<String>> {
    let mut resolved = match path.first()?.as_str() {
        "crate" => Vec::new(),
        "super" | "self" => module.to_vec(),
        _ => return None,
    };
    for word in path {
        match word.as_str() {
            "crate" | "self" | "*" => {}
            "super" => {
                resolved.pop();
            }
            other => resolved.push(other.to_string()),
        }
    }
    Some(resolved)
}

/// Every path a file names from the crate, with its line.
fn named(source: &Source) -> impl Iterator<Item = (usize, Vec<String>)> + '_ {
    let uses = source.uses.iter().map(|u| (u.line, u.path.clone()));
    uses.chain(source.paths.iter().cloned())
        .filter_map(|(line, path)| Some((line, module_named(&path, &source.module)?)))
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
    for source in sources().iter().filter(|s| !s.is_test) {
        let from = room_of_file(&source.module);
        if !is_listed(&from) {
            broken.insert(format!("{}: the room {from} is not in ROOMS", source.path));
            continue;
        }
        for (line, path) in named(source) {
            let to = room_of(&path);
            if !may_import(&from, &to) {
                broken.insert(format!("{}:{line}: {from} -> {to}", source.path));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "imports against the layering (see ROOMS in src/tidy/rooms.rs):\n{}",
        broken.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_layering_check_sees_an_import_that_points_up() {
    let store = module_of("src/store/games.rs");
    let rooms_named = |code: &str, module: &[String]| -> Vec<String> {
        uses_of(&blank(code))
            .iter()
            .filter_map(|u| module_named(&u.path, module))
            .map(|path| room_of(&path))
            .collect()
    };
    let grouped = "use crate::{games::Side, host::{model::notice::Notice, clocks}};";
    assert_eq!(
        rooms_named(grouped, &store),
        ["games", "host::model", "host::clocks"]
    );
    assert!(!may_import(&room_of(&store), "host::model"));
    let handle = module_of("src/host/handle/play.rs");
    let named = rooms_named("use super::super::outbound::post::Post;", &handle);
    assert_eq!(named, ["host::outbound"]);
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
}
