//! Blossoms: made when an edge closes an odd cycle of outer blossoms,
//! opened when their dual runs out, turned when a path through them
//! flips.

use super::{Label, Search, NONE};
use crate::rules::swiss::wide::Wide;

impl<const L: usize> Search<L> {
    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let Some(b) = self.unused.pop() else {
            return;
        };
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut links = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            links.push(self.label_end[bv]);
            v = self.end(self.label_end[bv]);
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        links.reverse();
        links.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            links.push(self.label_end[bw] ^ 1);
            w = self.end(self.label_end[bw]);
            bw = self.in_blossom[w];
        }
        self.label[b] = Label::Outer;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = Wide::ZERO;
        self.children[b] = path.clone();
        self.links[b] = links;
        for leaf in self.leaves(b) {
            if self.label[self.in_blossom[leaf]] == Label::Inner {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        self.merge_best_edges(b, &path);
    }

    fn merge_best_edges(&mut self, b: usize, path: &[usize]) {
        let mut best_to = vec![NONE; 2 * self.n];
        for &child in path {
            let lists: Vec<usize> = match self.best_edges[child].take() {
                Some(list) => list,
                None => self
                    .leaves(child)
                    .into_iter()
                    .flat_map(|v| self.neighbours[v].iter().map(|p| p / 2))
                    .collect(),
            };
            for k in lists {
                let (mut i, mut j, _) = self.edges[k];
                if self.in_blossom[j] == b {
                    std::mem::swap(&mut i, &mut j);
                }
                let _ = i;
                let bj = self.in_blossom[j];
                if bj != b
                    && self.label[bj] == Label::Outer
                    && (best_to[bj] == NONE || self.slack(k) < self.slack(best_to[bj]))
                {
                    best_to[bj] = k;
                }
            }
            self.best_edge[child] = NONE;
        }
        let list: Vec<usize> = best_to.into_iter().filter(|&k| k != NONE).collect();
        self.best_edge[b] = NONE;
        for &k in &list {
            if self.best_edge[b] == NONE || self.slack(k) < self.slack(self.best_edge[b]) {
                self.best_edge[b] = k;
            }
        }
        self.best_edges[b] = Some(list);
    }

    pub(super) fn expand(&mut self, b: usize, end_of_stage: bool) {
        let children = self.children[b].clone();
        for &s in &children {
            self.parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_of_stage && self.dual[s].is_zero() {
                self.expand(s, end_of_stage);
            } else {
                for v in self.leaves(s) {
                    self.in_blossom[v] = s;
                }
            }
        }
        if !end_of_stage && self.label[b] == Label::Inner {
            self.relabel_expanded(b, &children);
        }
        self.label[b] = Label::Free;
        self.label_end[b] = NONE;
        self.children[b].clear();
        self.links[b].clear();
        self.base[b] = NONE;
        self.best_edges[b] = None;
        self.best_edge[b] = NONE;
        self.unused.push(b);
    }

    /// Relabels the children of an inner blossom opened mid-stage, so the
    /// forest stays alternating.
    fn relabel_expanded(&mut self, b: usize, children: &[usize]) {
        let links = self.links[b].clone();
        let len = children.len() as isize;
        let at = |j: isize| ((j % len + len) % len) as usize;
        let entry = self.in_blossom[self.end(self.label_end[b] ^ 1)];
        let mut j = children.iter().position(|&c| c == entry).unwrap_or(0) as isize;
        let (step, trick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let mut p = self.label_end[b];
        while j != 0 {
            let far = self.end(p ^ 1);
            self.label[far] = Label::Free;
            let link = links[at(j - trick as isize)];
            let q = self.end(link ^ trick ^ 1);
            self.label[q] = Label::Free;
            self.assign_label(far, Label::Inner, p);
            self.allowed[link / 2] = true;
            j += step;
            p = links[at(j - trick as isize)] ^ trick;
            self.allowed[p / 2] = true;
            j += step;
        }
        let bv = children[at(j)];
        let far = self.end(p ^ 1);
        self.label[far] = Label::Inner;
        self.label[bv] = Label::Inner;
        self.label_end[far] = p;
        self.label_end[bv] = p;
        self.best_edge[bv] = NONE;
        j += step;
        while children[at(j)] != entry {
            let bv = children[at(j)];
            if self.label[bv] == Label::Outer {
                j += step;
                continue;
            }
            let reached = self
                .leaves(bv)
                .into_iter()
                .find(|&v| self.label[v] != Label::Free);
            if let Some(v) = reached {
                self.label[v] = Label::Free;
                let partner = self.end(self.mate[self.base[bv]]);
                self.label[partner] = Label::Free;
                let end = self.label_end[v];
                self.assign_label(v, Label::Inner, end);
            }
            j += step;
        }
    }

    /// Turns blossom `b` so that vertex `v` becomes its base, swapping
    /// matched and unmatched edges on the way.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[b].len() as isize;
        let at = |j: isize| ((j % len + len) % len) as usize;
        let i = self.children[b].iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (step, trick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += step;
            let t = self.children[b][at(j)];
            let p = self.links[b][at(j - trick as isize)] ^ trick;
            if t >= self.n {
                let end = self.end(p);
                self.augment_blossom(t, end);
            }
            j += step;
            let t = self.children[b][at(j)];
            if t >= self.n {
                let end = self.end(p ^ 1);
                self.augment_blossom(t, end);
            }
            let (near, far) = (self.end(p), self.end(p ^ 1));
            self.mate[near] = p ^ 1;
            self.mate[far] = p;
        }
        self.children[b].rotate_left(i);
        self.links[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
    }

    pub(super) fn augment(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (start, first) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (start, first);
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.end(self.label_end[bs]);
                let bt = self.in_blossom[t];
                s = self.end(self.label_end[bt]);
                let j = self.end(self.label_end[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }
}
