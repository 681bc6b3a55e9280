//! The id of a mail that carries no usable Message-ID: made from its
//! bytes, so that a redelivered copy is known as the same mail. SHA-256
//! is the same on every build; the form older versions made, a hash of
//! the Rust release's `DefaultHasher` (not promised stable across
//! releases), is still made here, in that hash's own steps, so that a
//! copy handled before is still known as handled.

use ring::digest::{digest, SHA256};
use std::fmt::Write;

/// The id of a mail without one: `no-message-id.HEX@pbem`, HEX the
/// SHA-256 of its raw bytes.
pub fn made_id(raw: &[u8]) -> String {
    let hash = digest(&SHA256, raw);
    let hex = hash.as_ref().iter().fold(String::new(), |mut hex, byte| {
        let _ = write!(hex, "{byte:02x}");
        hex
    });
    format!("no-message-id.{hex}@pbem")
}

/// The id versions before 2026-12 made for the same mail: SipHash-1-3
/// with both keys zero (`std`'s `DefaultHasher::new()` then) over the
/// slice as `Hash` fed it, its length as eight little-endian bytes
/// first, then its bytes.
pub fn former_made_id(raw: &[u8]) -> String {
    let mut fed = (raw.len() as u64).to_le_bytes().to_vec();
    fed.extend_from_slice(raw);
    format!("no-message-id.{:016x}@pbem", sip13(&fed))
}

/// SipHash-1-3 with the key zero.
fn sip13(data: &[u8]) -> u64 {
    let mut v = [
        0x736f_6d65_7073_6575_u64,
        0x646f_7261_6e64_6f6d,
        0x6c79_6765_6e65_7261,
        0x7465_6462_7974_6573,
    ];
    let round = |v: &mut [u64; 4]| {
        v[0] = v[0].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(13) ^ v[0];
        v[0] = v[0].rotate_left(32);
        v[2] = v[2].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(16) ^ v[2];
        v[0] = v[0].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(21) ^ v[0];
        v[2] = v[2].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(17) ^ v[2];
        v[2] = v[2].rotate_left(32);
    };
    let compress = |v: &mut [u64; 4], m: u64| {
        v[3] ^= m;
        round(v);
        v[0] ^= m;
    };
    let mut chunks = data.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        compress(&mut v, u64::from_le_bytes(word));
    }
    let mut last = [0; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    compress(
        &mut v,
        u64::from_le_bytes(last) | ((data.len() as u64) << 56),
    );
    v[2] ^= 0xff;
    for _ in 0..3 {
        round(&mut v);
    }
    v[0] ^ v[1] ^ v[2] ^ v[3]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_made_id_is_the_sha256_of_the_mail() {
        // SHA-256 of "abc", from FIPS 180-2's examples.
        assert_eq!(
            made_id(b"abc"),
            "no-message-id.ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad@pbem"
        );
        assert_ne!(made_id(b"abc"), made_id(b"abd"));
    }

    #[test]
    fn the_former_id_is_what_the_default_hasher_of_rust_1_95_made() {
        // Made by `DefaultHasher::new()` and `<[u8]>::hash` on Rust 1.95,
        // fixed here so that a later release's hasher cannot move them.
        let made = [
            (&b""[..], "bd60acb658c79e45"),
            (b"abc", "4aa3e4b34416e6c9"),
            (
                b"Subject: chess help\r\n\r\nhello, a mail of some length\r\n",
                "c870ddd714456665",
            ),
        ];
        for (raw, hex) in made {
            assert_eq!(former_made_id(raw), format!("no-message-id.{hex}@pbem"));
        }
    }
}
