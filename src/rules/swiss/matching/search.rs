//! The blossom search itself. Edges are numbered; an edge `k` has two
//! endpoints, `2k` (its first vertex) and `2k + 1` (its second), so that
//! `p ^ 1` is the other end. A vertex's `mate` is the endpoint at its
//! partner; labels record the endpoint through which a blossom was
//! reached. Blossom ids are `n..2n`.

use crate::rules::swiss::wide::Wide;

/// No vertex, blossom or edge.
pub(super) const NONE: usize = usize::MAX;

/// A blossom's label in the current stage's alternating forest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Label {
    Free,
    /// Even distance from a root.
    Outer,
    /// Odd distance from a root.
    Inner,
}

pub(super) struct Search<const L: usize> {
    n: usize,
    edges: Vec<(usize, usize, Wide<L>)>,
    /// Each vertex's edges, as the endpoint at the other end.
    neighbours: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<Label>,
    label_end: Vec<usize>,
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    base: Vec<usize>,
    /// The endpoints linking each child of a blossom to the next.
    links: Vec<Vec<usize>>,
    best_edge: Vec<usize>,
    best_edges: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    dual: Vec<Wide<L>>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
    marked: Vec<bool>,
}

/// What limits a dual change.
enum Delta {
    /// A vertex dual reaches zero: the matching is optimal.
    Done,
    /// An edge becomes tight.
    Edge(usize),
    /// An inner blossom's dual reaches zero.
    Blossom(usize),
}

impl<const L: usize> Search<L> {
    pub(crate) fn new(n: usize, edges: Vec<(usize, usize, Wide<L>)>) -> Self {
        let mut neighbours = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            neighbours[i].push(2 * k + 1);
            neighbours[j].push(2 * k);
        }
        let top = edges.iter().map(|e| e.2).max().unwrap_or(Wide::ZERO);
        // Slacks compare the duals with twice the weights: kept doubled.
        let edges: Vec<(usize, usize, Wide<L>)> = edges
            .into_iter()
            .map(|(i, j, w)| (i, j, w.shl(1)))
            .collect();
        let mut dual = vec![top; 2 * n];
        dual[n..].fill(Wide::ZERO);
        Search {
            n,
            allowed: vec![false; edges.len()],
            edges,
            neighbours,
            mate: vec![NONE; n],
            label: vec![Label::Free; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            links: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            best_edges: vec![None; 2 * n],
            unused: (n..2 * n).collect(),
            dual,
            queue: Vec::new(),
            marked: vec![false; 2 * n],
        }
    }

    pub(crate) fn partners(&self) -> Vec<usize> {
        self.mate
            .iter()
            .map(|&p| if p == NONE { NONE } else { self.end(p) })
            .collect()
    }

    fn end(&self, p: usize) -> usize {
        let (i, j, _) = self.edges[p / 2];
        if p.is_multiple_of(2) {
            i
        } else {
            j
        }
    }

    fn slack(&self, k: usize) -> Wide<L> {
        let (i, j, doubled) = self.edges[k];
        self.dual[i]
            .wrapping_add(&self.dual[j])
            .wrapping_sub(&doubled)
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut found = Vec::new();
        let mut pending = vec![b];
        while let Some(next) = pending.pop() {
            if next < self.n {
                found.push(next);
            } else {
                pending.extend(self.children[next].iter().copied());
            }
        }
        found
    }

    fn assign_label(&mut self, w: usize, label: Label, p: usize) {
        let b = self.in_blossom[w];
        self.label[w] = label;
        self.label[b] = label;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = NONE;
        self.best_edge[b] = NONE;
        if label == Label::Outer && b < self.n {
            self.queue.push(b);
        } else if label == Label::Outer {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base = self.base[b];
            let mate = self.mate[base];
            self.assign_label(self.end(mate), Label::Outer, mate ^ 1);
        }
    }

    /// The base of the blossom closed by an edge between outer `v` and
    /// `w`, or NONE when their trees differ (an augmenting path).
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut found = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let b = self.in_blossom[v];
            if self.marked[b] {
                found = self.base[b];
                break;
            }
            path.push(b);
            self.marked[b] = true;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                let t = self.end(self.label_end[b]);
                let bt = self.in_blossom[t];
                v = self.end(self.label_end[bt]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.marked[b] = false;
        }
        found
    }

    pub(crate) fn run(&mut self) {
        for _ in 0..self.n {
            self.label.fill(Label::Free);
            self.best_edge.fill(NONE);
            for b in self.n..2 * self.n {
                self.best_edges[b] = None;
            }
            self.allowed.fill(false);
            self.queue.clear();
            for v in 0..self.n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == Label::Free {
                    self.assign_label(v, Label::Outer, NONE);
                }
            }
            if !self.stage() {
                break;
            }
            for b in self.n..2 * self.n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == Label::Outer
                    && self.dual[b].is_zero()
                {
                    self.expand(b, true);
                }
            }
        }
    }

    /// Grows the forest until the matching augments (true) or the duals
    /// show it optimal (false).
    fn stage(&mut self) -> bool {
        loop {
            if self.scan_queue() {
                return true;
            }
            let (delta, kind) = self.next_delta();
            self.move_duals(&delta);
            match kind {
                Delta::Done => return false,
                Delta::Edge(k) => {
                    self.allowed[k] = true;
                    let (mut i, j, _) = self.edges[k];
                    if self.label[self.in_blossom[i]] == Label::Free {
                        i = j;
                    }
                    self.queue.push(i);
                }
                Delta::Blossom(b) => self.expand(b, false),
            }
        }
    }

    fn scan_queue(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            for at in 0..self.neighbours[v].len() {
                let p = self.neighbours[v][at];
                let k = p / 2;
                let w = self.end(p);
                if self.in_blossom[v] == self.in_blossom[w] {
                    continue;
                }
                let mut slack = Wide::ZERO;
                if !self.allowed[k] {
                    slack = self.slack(k);
                    if slack.is_zero() {
                        self.allowed[k] = true;
                    }
                }
                let bw = self.in_blossom[w];
                if self.allowed[k] {
                    match self.label[bw] {
                        Label::Free => self.assign_label(w, Label::Inner, p ^ 1),
                        Label::Outer => {
                            let base = self.scan_blossom(v, w);
                            if base != NONE {
                                self.add_blossom(base, k);
                            } else {
                                self.augment(k);
                                return true;
                            }
                        }
                        Label::Inner => {
                            if self.label[w] == Label::Free {
                                self.label[w] = Label::Inner;
                                self.label_end[w] = p ^ 1;
                            }
                        }
                    }
                } else if self.label[bw] == Label::Outer {
                    let b = self.in_blossom[v];
                    if self.best_edge[b] == NONE || slack < self.slack(self.best_edge[b]) {
                        self.best_edge[b] = k;
                    }
                } else if self.label[w] == Label::Free
                    && (self.best_edge[w] == NONE || slack < self.slack(self.best_edge[w]))
                {
                    self.best_edge[w] = k;
                }
            }
        }
        false
    }

    fn next_delta(&self) -> (Wide<L>, Delta) {
        let mut delta = (0..self.n)
            .map(|v| self.dual[v])
            .min()
            .unwrap_or(Wide::ZERO);
        let mut kind = Delta::Done;
        for v in 0..self.n {
            if self.label[self.in_blossom[v]] == Label::Free && self.best_edge[v] != NONE {
                let d = self.slack(self.best_edge[v]);
                if d < delta {
                    delta = d;
                    kind = Delta::Edge(self.best_edge[v]);
                }
            }
        }
        for b in 0..2 * self.n {
            if self.parent[b] == NONE
                && self.label[b] == Label::Outer
                && self.best_edge[b] != NONE
                && (b < self.n || self.base[b] != NONE)
            {
                let d = self.slack(self.best_edge[b]).half();
                if d < delta {
                    delta = d;
                    kind = Delta::Edge(self.best_edge[b]);
                }
            }
        }
        for b in self.n..2 * self.n {
            if self.base[b] != NONE
                && self.parent[b] == NONE
                && self.label[b] == Label::Inner
                && self.dual[b] < delta
            {
                delta = self.dual[b];
                kind = Delta::Blossom(b);
            }
        }
        (delta, kind)
    }

    fn move_duals(&mut self, delta: &Wide<L>) {
        for v in 0..self.n {
            match self.label[self.in_blossom[v]] {
                Label::Outer => self.dual[v] = self.dual[v].wrapping_sub(delta),
                Label::Inner => self.dual[v] = self.dual[v].wrapping_add(delta),
                Label::Free => {}
            }
        }
        for b in self.n..2 * self.n {
            if self.base[b] != NONE && self.parent[b] == NONE {
                match self.label[b] {
                    Label::Outer => self.dual[b] = self.dual[b].wrapping_add(delta),
                    Label::Inner => self.dual[b] = self.dual[b].wrapping_sub(delta),
                    Label::Free => {}
                }
            }
        }
    }
}

mod blossoms;
