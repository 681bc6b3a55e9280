//! No file-level import circle: if one file uses an item written in a
//! second, nothing the second uses may lead back to the first. A circle means neither
//! file can be read, tested or moved without the other; the cure is to
//! move what both need down into a file of its own.
//!
//! An edge is an item a file's code names (through `use`, grouped or
//! not, or a path in the code) that another file defines; a re-export
//! (`pub use`) is followed to the file that defines the item and is no
//! edge itself, so a `mod.rs` that only gathers its children's names
//! sits in no circle.

use super::resolve::Index;
use super::source::sources;
use std::collections::{BTreeMap, BTreeSet};

/// For each library file, the files it uses and, for each, the first
/// line and path that does.
type Graph = Vec<BTreeMap<usize, (usize, String)>>;

fn graph(index: &Index<'_>) -> Graph {
    index
        .sources
        .iter()
        .enumerate()
        .map(|(from, source)| {
            let mut edges = BTreeMap::new();
            if index.module_file(&source.module) != Some(from) {
                return edges;
            }
            let named = source
                .uses
                .iter()
                .filter(|u| !u.public)
                .map(|u| (u.line, &u.path))
                .chain(source.paths.iter().map(|(line, path)| (*line, path)));
            for (line, path) in named {
                if let Some(found) = index.resolve(from, path) {
                    if found.file != from {
                        edges
                            .entry(found.file)
                            .or_insert_with(|| (line, path.join("::")));
                    }
                }
            }
            edges
        })
        .collect()
}

/// The strongly connected groups of more than one file (Tarjan's
/// algorithm, without recursion: the graph has hundreds of files).
fn circles(graph: &Graph) -> Vec<Vec<usize>> {
    let count = graph.len();
    let mut order = vec![usize::MAX; count];
    let mut low = vec![0; count];
    let mut on_stack = vec![false; count];
    let mut stack = Vec::new();
    let mut found = Vec::new();
    let mut next = 0;
    for root in 0..count {
        if order[root] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, Vec<usize>)> =
            vec![(root, graph[root].keys().copied().collect())];
        order[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((node, pending)) = work.last_mut() {
            let node = *node;
            if let Some(to) = pending.pop() {
                if order[to] == usize::MAX {
                    order[to] = next;
                    low[to] = next;
                    next += 1;
                    stack.push(to);
                    on_stack[to] = true;
                    work.push((to, graph[to].keys().copied().collect()));
                } else if on_stack[to] {
                    low[node] = low[node].min(order[to]);
                }
                continue;
            }
            work.pop();
            if let Some((parent, _)) = work.last() {
                low[*parent] = low[*parent].min(low[node]);
            }
            if low[node] == order[node] {
                let mut group = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    group.push(member);
                    if member == node {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort_unstable();
                    found.push(group);
                }
            }
        }
    }
    found
}

/// A circle as its files and the edges that close it.
fn describe(index: &Index<'_>, graph: &Graph, group: &[usize]) -> String {
    let members: BTreeSet<usize> = group.iter().copied().collect();
    let mut text = String::new();
    for &from in group {
        for (to, (line, path)) in &graph[from] {
            if members.contains(to) {
                text.push_str(&format!(
                    "  {}:{line} -> {} ({path})\n",
                    index.sources[from].path, index.sources[*to].path
                ));
            }
        }
    }
    text
}

#[test]
fn no_file_level_import_circle() {
    let sources = sources();
    let index = Index::new(&sources);
    let graph = graph(&index);
    let found: Vec<String> = circles(&graph)
        .iter()
        .map(|group| describe(&index, &graph, group))
        .collect();
    assert!(
        found.is_empty(),
        "{} file-level import circles; move what the files share down into a file \
         both use:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_circle_check_finds_a_circle_and_only_that() {
    let graph: Graph = vec![
        BTreeMap::from([(1, (1, "b".into()))]),
        BTreeMap::from([(2, (1, "c".into()))]),
        BTreeMap::from([(0, (1, "a".into())), (3, (1, "d".into()))]),
        BTreeMap::new(),
    ];
    assert_eq!(circles(&graph), [vec![0, 1, 2]]);
}
