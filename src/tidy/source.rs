//! The crate's source as the house rules read it: each file's code with
//! its comments and literals blanked out (so a path in a string or a
//! comment is no import), its `use` trees expanded into single paths
//! (`use crate::{a::b, c::{d, e}}` is three), and the other paths its code
//! names. Text only, no parser: the rules need paths, not types.

use std::path::{Path, PathBuf};

/// One `.rs` file under `src/`.
pub struct Source {
    /// As `src/host/handle/mod.rs`.
    pub path: String,
    /// The module path, as `["host", "handle"]`.
    pub module: Vec<String>,
    /// The whole file as written.
    pub text: String,
    /// Whether the file holds only tests (`tests.rs`, `*_tests.rs`, a
    /// `tests/` folder).
    pub is_test: bool,
    /// Every `use` of the code before the file's tests, one path each.
    pub uses: Vec<Use>,
    /// The other paths (two words or more) the code names, with their
    /// line numbers.
    pub paths: Vec<(usize, Vec<String>)>,
    /// The names of the items the file defines (functions, types,
    /// constants, modules, macros), at any depth.
    pub items: Vec<String>,
}

/// One path of a `use` tree.
#[derive(Debug, PartialEq)]
pub struct Use {
    /// As written, `["super", "piece", "Color"]`; a glob ends in `*`.
    pub path: Vec<String>,
    /// The name it binds (its last word, or its `as` name).
    pub name: String,
    /// A `pub` (or `pub(…)`) use: a re-export.
    pub public: bool,
    /// The line the `use` starts on, from 1.
    pub line: usize,
}

impl Source {
    fn read(root: &Path, file: &Path) -> Option<Source> {
        let path = file.strip_prefix(root).ok()?.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(file).ok()?;
        Some(Source::of_text(path, text))
    }

    /// The file at `path` (as `src/a/mod.rs`) holding `text`.
    pub fn of_text(path: String, text: String) -> Source {
        let code = blank(&code_before_tests(&text));
        let uses = uses_of(&code);
        let paths = paths_outside_uses(&code);
        Source {
            module: module_of(&path),
            is_test: is_test_file(&path),
            items: items_of(&code),
            path,
            text,
            uses,
            paths,
        }
    }
}

/// Every `.rs` file under `src/`, in a stable order.
pub fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect(&root.join("src"), &mut files);
    files
        .iter()
        .filter_map(|file| Source::read(root, file))
        .collect()
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

pub fn module_of(path: &str) -> Vec<String> {
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

/// The text of a file before its inline test module (`#[cfg(test)]`
/// then `mod tests {`); a `mod tests;` declaration is no such module.
pub fn code_before_tests(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&at| {
            lines[at].starts_with("#[cfg(test)]")
                && lines
                    .get(at + 1)
                    .is_some_and(|next| next.starts_with("mod ") && next.ends_with('{'))
        })
        .unwrap_or(lines.len());
    lines[..end].join("\n")
}

/// The code with comments, strings and character literals blanked to
/// spaces; line breaks stay, so line numbers do.
pub fn blank(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut at = 0;
    let keep_lines = |from: usize, to: usize, out: &mut String| {
        for &c in &chars[from..to.min(chars.len())] {
            out.push(if c == '\n' { '\n' } else { ' ' });
        }
    };
    while at < chars.len() {
        let end = literal_or_comment_end(&chars, at);
        if end > at {
            keep_lines(at, end, &mut out);
            at = end;
        } else {
            out.push(chars[at]);
            at += 1;
        }
    }
    out
}

/// Where a comment or literal starting at `at` ends, or `at` if none
/// starts there.
fn literal_or_comment_end(chars: &[char], at: usize) -> usize {
    let next = |n: usize| chars.get(at + n).copied();
    let after_word = at > 0 && (chars[at - 1].is_alphanumeric() || chars[at - 1] == '_');
    match (chars[at], next(1)) {
        ('/', Some('/')) => (at..chars.len())
            .find(|&i| chars[i] == '\n')
            .unwrap_or(chars.len()),
        ('/', Some('*')) => {
            let mut depth = 0;
            let mut i = at;
            while i + 1 < chars.len() {
                match (chars[i], chars[i + 1]) {
                    ('/', '*') => {
                        depth += 1;
                        i += 2;
                    }
                    ('*', '/') => {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            return i;
                        }
                    }
                    _ => i += 1,
                }
            }
            chars.len()
        }
        ('r', Some('"' | '#')) if !after_word => raw_string_end(chars, at + 1).unwrap_or(at),
        ('b', Some('r')) if !after_word => raw_string_end(chars, at + 2).unwrap_or(at),
        ('"', _) => {
            let mut i = at + 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            (i + 1).min(chars.len())
        }
        ('\'', Some('\\')) => (at + 2..chars.len())
            .find(|&i| chars[i] == '\'')
            .map_or(chars.len(), |i| i + 1),
        ('\'', Some(_)) if next(2) == Some('\'') => at + 3,
        _ => at,
    }
}

/// The end of a raw string whose hashes start at `from` (`r#"…"#`).
fn raw_string_end(chars: &[char], from: usize) -> Option<usize> {
    let hashes = chars[from..].iter().take_while(|&&c| c == '#').count();
    if chars.get(from + hashes) != Some(&'"') {
        return None;
    }
    let close: String = std::iter::once('"')
        .chain(std::iter::repeat_n('#', hashes))
        .collect();
    let rest: String = chars[from + hashes + 1..].iter().collect();
    let found = rest.find(&close)?;
    Some(from + hashes + 1 + rest[..found].chars().count() + close.chars().count())
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The `use` declarations of blanked code, each tree expanded.
pub fn uses_of(code: &str) -> Vec<Use> {
    let mut found = Vec::new();
    for (start, _) in code.match_indices("use ") {
        if code[..start].chars().last().is_some_and(is_word) {
            continue;
        }
        let (public, before) = visibility(code[..start].trim_end());
        let starts_statement = before
            .chars()
            .last()
            .is_none_or(|c| matches!(c, ';' | '{' | '}' | ']'));
        if !starts_statement {
            continue;
        }
        let Some(length) = code[start..].find(';') else {
            continue;
        };
        let line = code[..start].matches('\n').count() + 1;
        for (path, name) in expand(&code[start + 4..start + length]) {
            found.push(Use {
                path,
                name,
                public,
                line,
            });
        }
    }
    found
}

/// Whether the text before a `use` ends in `pub` or `pub(…)`, and the
/// text before that.
fn visibility(before: &str) -> (bool, &str) {
    let head = match before.strip_suffix(')') {
        Some(inner) => inner
            .rfind('(')
            .map_or(before, |open| inner[..open].trim_end()),
        None => before,
    };
    match head.strip_suffix("pub") {
        Some(rest) if !rest.chars().last().is_some_and(is_word) => (true, rest.trim_end()),
        _ => (false, before),
    }
}

/// A use tree as single paths and the names they bind:
/// `a::{b, c::{self, d as e}}` is `a::b`, `a::c`, `a::c::d` as `e`.
pub fn expand(tree: &str) -> Vec<(Vec<String>, String)> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut found = Vec::new();
    expand_into(&tree, &[], &mut found);
    found
}

fn expand_into(tree: &str, prefix: &[String], found: &mut Vec<(Vec<String>, String)>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let mut head = prefix.to_vec();
        head.extend(words(tree[..open].trim_end_matches(':')));
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        for part in split_top(inner) {
            expand_into(part, &head, found);
        }
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((path, alias)) => (path, Some(alias.trim())),
        None => (tree, None),
    };
    let mut full = prefix.to_vec();
    for word in words(path) {
        if word != "self" || full.is_empty() {
            full.push(word);
        }
    }
    let name = alias
        .map(str::to_string)
        .or_else(|| full.last().cloned())
        .unwrap_or_default();
    found.push((full, name));
}

fn words(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The parts of a group split at its top-level commas.
fn split_top(inner: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (at, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
}

/// The paths of two words or more that blanked code names outside its
/// `use` declarations (`a::b::c(…)`, `Kind::Variant`), by line.
pub fn paths_outside_uses(code: &str) -> Vec<(usize, Vec<String>)> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut line = 1;
    let mut at = 0;
    let mut in_use = false;
    while at < chars.len() {
        let c = chars[at];
        if c == '\n' {
            line += 1;
        }
        if c == ';' {
            in_use = false;
        }
        let starts_word = is_word(c) && (at == 0 || !is_word(chars[at - 1]));
        let after_colons = at >= 2 && chars[at - 1] == ':' && chars[at - 2] == ':';
        if !starts_word || after_colons {
            at += 1;
            continue;
        }
        let mut path = Vec::new();
        let mut end = at;
        loop {
            let word_end = (end..chars.len())
                .find(|&i| !is_word(chars[i]))
                .unwrap_or(chars.len());
            path.push(chars[end..word_end].iter().collect::<String>());
            let colons = chars.get(word_end) == Some(&':') && chars.get(word_end + 1) == Some(&':');
            let next = word_end + 2;
            if colons && chars.get(next).copied().is_some_and(is_word) {
                end = next;
            } else {
                end = word_end;
                break;
            }
        }
        if path.len() == 1 && path[0] == "use" {
            in_use = true;
        } else if path.len() >= 2 && !in_use {
            found.push((line, path));
        }
        at = end;
    }
    found
}

/// The names the code defines: what follows `fn`, `struct`, `enum`,
/// `trait`, `type`, `const`, `static`, `mod`, `union` or `macro_rules!`.
fn items_of(code: &str) -> Vec<String> {
    let tokens: Vec<&str> = code
        .split(|c: char| !(is_word(c) || c == '!'))
        .filter(|t| !t.is_empty())
        .collect();
    let keywords = [
        "fn",
        "struct",
        "enum",
        "trait",
        "type",
        "const",
        "static",
        "mod",
        "union",
        "macro_rules!",
    ];
    tokens
        .windows(2)
        .filter(|pair| keywords.contains(&pair[0]) && pair[1] != "fn")
        .map(|pair| pair[1].to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(uses: &[Use]) -> Vec<String> {
        uses.iter().map(|u| u.path.join("::")).collect()
    }

    #[test]
    fn a_grouped_use_is_read_as_every_path_it_holds() {
        let code = blank("use crate::{a::b, c::{self, d as e}};\npub(crate) use super::f::*;\n");
        let uses = uses_of(&code);
        assert_eq!(
            paths(&uses),
            ["crate::a::b", "crate::c", "crate::c::d", "super::f::*"]
        );
        assert_eq!(uses[2].name, "e");
        assert!(!uses[0].public && uses[3].public);
        assert_eq!(uses[3].line, 2);
    }

    #[test]
    fn comments_and_literals_name_no_path() {
        let code = blank(
            "let a = \"crate::x::y\"; // use crate::z;\n/* crate::w::v */ let c = '\"'; let r = r#\"super::q\"#;\nlet d = crate::real::path;",
        );
        assert!(uses_of(&code).is_empty());
        let named = paths_outside_uses(&code);
        assert_eq!(
            named,
            [(3, vec!["crate".into(), "real".into(), "path".into()])]
        );
        assert_eq!(code.lines().count(), 3, "line numbers stay");
    }

    #[test]
    fn a_lifetime_is_not_a_character() {
        let code = blank("fn f<'a>(x: &'a str) -> super::T<'a> { crate::g::h(x) }");
        let named: Vec<String> = paths_outside_uses(&code)
            .into_iter()
            .map(|(_, p)| p.join("::"))
            .collect();
        assert_eq!(named, ["super::T", "crate::g::h"]);
    }

    #[test]
    fn the_tests_at_the_end_of_a_file_are_not_its_code() {
        let declared = "a\n#[cfg(test)]\nmod tests;\nb";
        assert_eq!(
            code_before_tests(declared),
            declared,
            "a declaration is code"
        );
        assert_eq!(code_before_tests("a\n#[cfg(test)]\nmod tests {\n}\n"), "a");
    }
}
