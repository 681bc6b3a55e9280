//! Squares of the 18×18 torus, the eight directions, and the ray tables.
//!
//! Squares are always held in canonical (set-up 1) coordinates; a set-up
//! only changes how they are labelled (see `setup.rs`).

/// Files and ranks per side of the board.
pub(crate) const SIDE: usize = 18;
/// Squares on the board.
pub(crate) const SQUARES: usize = SIDE * SIDE;
/// The longest ray: 17 steps, since the 18th would come back home.
pub(crate) const RAY_LEN: usize = SIDE - 1;

/// A square: `rank * 18 + file`, both counted from 0 (file a, rank 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u16);

impl Square {
    pub(crate) fn new(file: usize, rank: usize) -> Square {
        Square(((rank % SIDE) * SIDE + file % SIDE) as u16)
    }

    pub(crate) fn file(self) -> usize {
        self.0 as usize % SIDE
    }

    pub(crate) fn rank(self) -> usize {
        self.0 as usize / SIDE
    }

    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }

    /// The same point of the torus moved by whole files and ranks.
    pub(crate) fn shifted(self, files: usize, ranks: usize) -> Square {
        Square::new(self.file() + files, self.rank() + ranks)
    }
}

/// The eight directions. Opposite directions are 4 apart in [`Dir::ALL`]
/// order, which the move generator relies on to pair the two ways round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    N,
    E,
    NE,
    NW,
    S,
    W,
    SW,
    SE,
}

impl Dir {
    pub(crate) const ALL: [Dir; 8] = [
        Dir::N,
        Dir::E,
        Dir::NE,
        Dir::NW,
        Dir::S,
        Dir::W,
        Dir::SW,
        Dir::SE,
    ];

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// (files, ranks) moved by one step.
    pub(crate) const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::NE => (1, 1),
            Dir::NW => (-1, 1),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
            Dir::SW => (-1, -1),
            Dir::SE => (1, -1),
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::E => "E",
            Dir::NE => "NE",
            Dir::NW => "NW",
            Dir::S => "S",
            Dir::W => "W",
            Dir::SW => "SW",
            Dir::SE => "SE",
        }
    }
}

/// `RAYS[square][dir][k]` is the square `k + 1` steps away, wrapping round
/// the torus; built at compile time so move generation only reads memory.
pub(crate) static RAYS: [[[u16; RAY_LEN]; 8]; SQUARES] = build_rays();

const fn build_rays() -> [[[u16; RAY_LEN]; 8]; SQUARES] {
    let mut rays = [[[0u16; RAY_LEN]; 8]; SQUARES];
    let all = Dir::ALL;
    let side = SIDE as i32;
    let mut sq = 0;
    while sq < SQUARES {
        let file = (sq % SIDE) as i32;
        let rank = (sq / SIDE) as i32;
        let mut d = 0;
        while d < 8 {
            let (df, dr) = all[d].delta();
            let mut k = 0;
            while k < RAY_LEN {
                let steps = k as i32 + 1;
                let f = (file + df * steps).rem_euclid(side);
                let r = (rank + dr * steps).rem_euclid(side);
                rays[sq][d][k] = (r * side + f) as u16;
                k += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The square `steps` steps from `from` in `dir` (1 ≤ steps ≤ 17).
pub(crate) fn step(from: Square, dir: Dir, steps: usize) -> Square {
    Square(RAYS[from.index()][dir.index()][steps - 1])
}

/// How many steps along `dir` lead from `from` to `to`, if `to` is on that
/// ray at all.
pub(crate) fn steps_to(from: Square, dir: Dir, to: Square) -> Option<usize> {
    RAYS[from.index()][dir.index()]
        .iter()
        .position(|&s| s == to.0)
        .map(|k| k + 1)
}
