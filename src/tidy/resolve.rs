//! Which file a path leads to: the module files of the crate, and for a
//! path that ends in an item, the file that defines it, through the
//! `use` re-exports on the way (`crate::games::Side` leads past
//! `games/mod.rs` to wherever `Side` is written).

use super::source::{Source, Use};
use std::collections::BTreeMap;

/// The library's module files and what each defines and imports.
pub struct Index<'a> {
    pub sources: &'a [Source],
    /// A module path to the index of its file in `sources`.
    modules: BTreeMap<Vec<String>, usize>,
}

/// How far a path led.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The file in `sources`.
    pub file: usize,
    /// Whether the path's item was found defined there (or the path
    /// names a module); `false` when only its module was.
    pub whole: bool,
}

/// Re-exports rarely chain more than two deep; a loop of `use`s must
/// not hang the test.
const MAX_HOPS: usize = 16;

impl<'a> Index<'a> {
    /// The library's files: not the binary's `main.rs`, not test files.
    pub fn new(sources: &'a [Source]) -> Index<'a> {
        let modules = sources
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.is_test && s.path != "src/main.rs")
            .map(|(at, s)| (s.module.clone(), at))
            .collect();
        Index { sources, modules }
    }

    pub fn module_file(&self, module: &[String]) -> Option<usize> {
        self.modules.get(module).copied()
    }

    /// Where `path`, written in the file `from`, leads; `None` for a path
    /// outside the crate (`std::…`, a dependency, a local name).
    pub fn resolve(&self, from: usize, path: &[String]) -> Option<Found> {
        self.resolve_hops(from, path, 0)
    }

    fn resolve_hops(&self, from: usize, path: &[String], hops: usize) -> Option<Found> {
        if hops > MAX_HOPS || path.is_empty() {
            return None;
        }
        let here = &self.sources[from].module;
        let (mut module, rest): (Vec<String>, &[String]) = match path[0].as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "super" => (here.clone(), path),
            "self" => (here.clone(), &path[1..]),
            first => {
                let mut child = here.clone();
                child.push(first.to_string());
                // A word with more path after it is a module's name
                // before a binding's: `pub use desk::{desk, Desk}` binds
                // a function `desk` beside the module, in another
                // namespace.
                let a_child = self.modules.contains_key(&child);
                if !(a_child && path.len() > 1) {
                    if let Some(bound) = self.binding(from, first) {
                        let mut longer = bound.path.clone();
                        longer.extend_from_slice(&path[1..]);
                        return self.resolve_hops(from, &longer, hops + 1);
                    }
                }
                if !a_child {
                    return None;
                }
                (here.clone(), path)
            }
        };
        let mut at = 0;
        while let Some(word) = rest.get(at) {
            match word.as_str() {
                "super" => {
                    module.pop();
                }
                "self" => {}
                _ => {
                    module.push(word.clone());
                    if !self.modules.contains_key(&module) {
                        module.pop();
                        break;
                    }
                }
            }
            at += 1;
        }
        let file = *self.modules.get(&module)?;
        let Some(name) = rest.get(at).filter(|name| *name != "*") else {
            return Some(Found { file, whole: true });
        };
        if self.sources[file].items.contains(name) {
            return Some(Found { file, whole: true });
        }
        if let Some(bound) = self.binding(file, name) {
            let mut longer = bound.path.clone();
            longer.extend_from_slice(&rest[at + 1..]);
            if let Some(found) = self.resolve_hops(file, &longer, hops + 1) {
                return Some(found);
            }
        }
        for glob in self.sources[file].uses.iter().filter(|u| is_glob(u)) {
            let mut through = glob.path[..glob.path.len() - 1].to_vec();
            through.extend_from_slice(&rest[at..]);
            match self.resolve_hops(file, &through, hops + 1) {
                Some(found) if found.whole => return Some(found),
                _ => {}
            }
        }
        Some(Found { file, whole: false })
    }

    /// The `use` in `file` that binds `name`, if one does.
    fn binding(&self, file: usize, name: &str) -> Option<&'a Use> {
        self.sources[file]
            .uses
            .iter()
            .find(|u| u.name == name && !is_glob(u))
    }
}

fn is_glob(used: &Use) -> bool {
    used.path.last().is_some_and(|w| w == "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(path: &str) -> Vec<String> {
        path.split("::").map(String::from).collect()
    }

    #[test]
    fn a_re_export_beside_a_function_of_its_module_name_leads_into_the_module() {
        let files = [
            ("src/lib.rs", "pub mod d;\npub mod user;\n"),
            ("src/d/mod.rs", "mod desk;\npub use desk::{desk, Desk};\n"),
            ("src/d/desk.rs", "pub struct Desk;\npub fn desk() {}\n"),
            ("src/user.rs", "use crate::d::{desk, Desk};\n"),
        ];
        let sources: Vec<Source> = files
            .iter()
            .map(|(path, text)| Source::of_text(path.to_string(), text.to_string()))
            .collect();
        let index = Index::new(&sources);
        let user = 3;
        for path in ["crate::d::Desk", "crate::d::desk"] {
            let found = index.resolve(user, &words(path));
            assert_eq!(
                found,
                Some(Found {
                    file: 2,
                    whole: true
                }),
                "{path}"
            );
        }
    }
}
