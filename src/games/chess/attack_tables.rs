//! The contents of the 8×8 attack tables, computed by the build script
//! (`build.rs` includes this file) and written as Rust source into the
//! build's output folder, which `attacks.rs` includes: no process searches
//! or fills a table at start-up.
//!
//! Squares are numbered a1 = 0 … h8 = 63, as `Square` numbers them; this
//! file stands alone (it is compiled into the build script too), so it
//! uses plain integers.

use std::fmt::Write;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

// The magic multipliers, one a square: found once by a seeded search
// (sparse xorshift64* candidates), kept here so nothing searches again.
// `slider_table` refuses a multiplier that maps two occupancies with
// different attacks to one entry, so a wrong one fails the build.
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000a00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040a00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xc100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000a0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];
const BISHOP_MAGICS: [u64; 64] = [
    0xa010041108003100,
    0x006082020a002900,
    0x6810010619200000,
    0x08281a0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040a0210245280,
    0x000200210808a402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202c0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208b0542109008a2,
    0x0080084a08040204,
    0x0040e2a80811244c,
    0x2505022008008108,
    0x0430220100420040,
    0x010a040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000a62048043004,
    0x280120048a015004,
    0x006090002a020814,
    0x44042000240800d0,
    0x01102800040a4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500c05021,
    0x0088611002080200,
    0x0116080a00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002e00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221c0400,
    0x0422014022009020,
    0x0210046102100c00,
    0xc004008082029102,
    0x00aa461801101200,
    0x0404080080201108,
    0x020542108c205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400c0,
    0x0200100410a42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800c262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012a02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
];

/// The square `df` files and `dr` ranks from `square`, if on the board.
fn offset(square: u8, df: i8, dr: i8) -> Option<u8> {
    let file = (square & 7) as i8 + df;
    let rank = (square >> 3) as i8 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as u8)
}

fn steps(square: u8, deltas: &[(i8, i8)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(df, dr)| offset(square, df, dr))
        .fold(0, |acc, to| acc | 1 << to)
}

/// A slider's attacks: each ray up to and including the first occupied
/// square.
fn slide(square: u8, dirs: &[(i8, i8)], occupied: u64) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut current = square;
        while let Some(next) = offset(current, df, dr) {
            attacks |= 1 << next;
            if occupied & 1 << next != 0 {
                break;
            }
            current = next;
        }
    }
    attacks
}

/// The squares whose occupancy matters for a slider on `square`: its rays
/// less the last square of each.
fn relevant_mask(square: u8, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut current = square;
        while let Some(next) = offset(current, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= 1 << next;
            current = next;
        }
    }
    mask
}

/// One slider's magics (as `attacks::Magic` literals) and the entries
/// they index, appended to `slides`.
fn slider_table(
    name: &str,
    dirs: &[(i8, i8)],
    multipliers: &[u64; 64],
    slides: &mut Vec<u64>,
) -> Result<String, String> {
    let mut magics = String::new();
    for square in 0..64u8 {
        let mask = relevant_mask(square, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let multiplier = multipliers[square as usize];
        let offset = slides.len();
        slides.resize(offset + (1 << bits), 0);
        let mut filled = vec![false; 1 << bits];
        // Every subset of the mask (Carry-Rippler enumeration).
        let mut subset = 0u64;
        loop {
            let index = (subset.wrapping_mul(multiplier) >> shift) as usize;
            let attacks = slide(square, dirs, subset);
            if filled[index] && slides[offset + index] != attacks {
                return Err(format!("{name} multiplier of square {square} collides"));
            }
            filled[index] = true;
            slides[offset + index] = attacks;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let _ = writeln!(
            magics,
            "Magic {{ mask: {mask:#x}, multiplier: {multiplier:#x}, shift: {shift}, offset: {offset} }},"
        );
    }
    Ok(format!("static {name}: [Magic; 64] = [\n{magics}];\n"))
}

fn u64_array(name: &str, values: &[u64]) -> String {
    let mut text = format!("static {name}: [u64; {}] = [", values.len());
    for value in values {
        let _ = write!(text, "{value:#x},");
    }
    text + "];\n"
}

/// The Rust source of every table `attacks.rs` reads.
pub(crate) fn source() -> Result<String, String> {
    let squares = 0..64u8;
    let knight: Vec<u64> = squares.clone().map(|s| steps(s, &KNIGHT_STEPS)).collect();
    let king: Vec<u64> = squares.clone().map(|s| steps(s, &KING_STEPS)).collect();
    let white_pawn: Vec<u64> = squares
        .clone()
        .map(|s| steps(s, &[(-1, 1), (1, 1)]))
        .collect();
    let black_pawn: Vec<u64> = squares
        .clone()
        .map(|s| steps(s, &[(-1, -1), (1, -1)]))
        .collect();
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in squares {
        for &(df, dr) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
            let full = slide(a, &[(df, dr), (-df, -dr)], 0) | 1 << a;
            let mut path = 0;
            let mut current = a;
            while let Some(b) = offset(current, df, dr) {
                between[a as usize * 64 + b as usize] = path;
                line[a as usize * 64 + b as usize] = full;
                path |= 1 << b;
                current = b;
            }
        }
    }
    let mut slides = Vec::new();
    let rook = slider_table("ROOK", &ROOK_DIRS, &ROOK_MAGICS, &mut slides)?;
    let bishop = slider_table("BISHOP", &BISHOP_DIRS, &BISHOP_MAGICS, &mut slides)?;
    let mut text = String::from("// Written by build.rs from src/games/chess/attack_tables.rs.\n");
    text += &u64_array("KNIGHT", &knight);
    text += &u64_array("KING", &king);
    text += &u64_array("WHITE_PAWN", &white_pawn);
    text += &u64_array("BLACK_PAWN", &black_pawn);
    text += &u64_array("BETWEEN", &between);
    text += &u64_array("LINE", &line);
    text += &rook;
    text += &bishop;
    text += &u64_array("SLIDES", &slides);
    Ok(text)
}
