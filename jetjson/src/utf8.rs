//! UTF-8 validation for string runs that hold a byte ≥ 0x80.
//!
//! Long runs go to `simdutf8`. Below 64 bytes it would hand them to
//! `core::str::from_utf8`, whose set-up dominates a few characters of CJK
//! text (a hundred instructions for `"北京"`); those take a small DFA
//! instead, one table lookup and a shift per byte after the ASCII that
//! starts them, which is skipped a word at a time.

/// Whether `bytes` is UTF-8.
#[inline]
pub(crate) fn is_valid(bytes: &[u8]) -> bool {
    if bytes.len() < 64 {
        is_valid_short(bytes)
    } else {
        simdutf8::basic::from_utf8(bytes).is_ok()
    }
}

// The DFA's states are bit offsets into a transition word: the entry of byte
// `b` holds, at bit `s`, the state that follows state `s` on `b`. The error
// state is 0, so the zero bits of every entry keep it there.
const ERROR: u64 = 0;
const ACCEPT: u64 = 6;
/// One, two, three continuation bytes (`80..=BF`) to go.
const NEED1: u64 = 12;
const NEED2: u64 = 18;
const NEED3: u64 = 24;
/// After `E0`: `A0..=BF` (no overlong three-byte form), then one more.
const AFTER_E0: u64 = 30;
/// After `ED`: `80..=9F` (no surrogates), then one more.
const AFTER_ED: u64 = 36;
/// After `F0`: `90..=BF` (no overlong four-byte form), then two more.
const AFTER_F0: u64 = 42;
/// After `F4`: `80..=8F` (nothing above U+10FFFF), then two more.
const AFTER_F4: u64 = 48;

/// The state after `state` on `byte`, spelled out from RFC 3629's table.
const fn step(state: u64, byte: u8) -> u64 {
    let continuation = matches!(byte, 0x80..=0xBF);
    match state {
        ACCEPT => match byte {
            0x00..=0x7F => ACCEPT,
            0xC2..=0xDF => NEED1,
            0xE0 => AFTER_E0,
            0xE1..=0xEC | 0xEE..=0xEF => NEED2,
            0xED => AFTER_ED,
            0xF0 => AFTER_F0,
            0xF1..=0xF3 => NEED3,
            0xF4 => AFTER_F4,
            _ => ERROR,
        },
        NEED1 if continuation => ACCEPT,
        NEED2 if continuation => NEED1,
        NEED3 if continuation => NEED2,
        AFTER_E0 if matches!(byte, 0xA0..=0xBF) => NEED1,
        AFTER_ED if matches!(byte, 0x80..=0x9F) => NEED1,
        AFTER_F0 if matches!(byte, 0x90..=0xBF) => NEED2,
        AFTER_F4 if matches!(byte, 0x80..=0x8F) => NEED2,
        _ => ERROR,
    }
}

const TABLE: [u64; 256] = {
    let states = [
        ACCEPT, NEED1, NEED2, NEED3, AFTER_E0, AFTER_ED, AFTER_F0, AFTER_F4,
    ];
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut entry = 0u64;
        let mut k = 0;
        while k < states.len() {
            entry |= step(states[k], byte as u8) << states[k];
            k += 1;
        }
        table[byte] = entry;
        byte += 1;
    }
    table
};

/// The DFA over `bytes`, after the ASCII that starts them (a word at a time).
fn is_valid_short(bytes: &[u8]) -> bool {
    let mut i = 0;
    while let Some(word) = bytes.get(i..i + 8) {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0x80; 8]));
        if word & 0x8080_8080_8080_8080 != 0 {
            break;
        }
        i += 8;
    }
    // The state is the low six bits; the bits above are what the shift left
    // of the entry, ignored by the next shift (it counts modulo 64).
    let mut state = ACCEPT;
    for &byte in &bytes[i..] {
        state = TABLE[usize::from(byte)].wrapping_shr(state as u32);
    }
    state & 63 == ACCEPT
}

#[cfg(test)]
mod tests {
    use super::{is_valid, is_valid_short};

    fn agrees(bytes: &[u8]) {
        let expected = std::str::from_utf8(bytes).is_ok();
        assert_eq!(is_valid_short(bytes), expected, "{bytes:02x?}");
        assert_eq!(is_valid(bytes), expected, "{bytes:02x?}");
    }

    #[test]
    fn every_one_and_two_byte_sequence() {
        for a in 0..=255u8 {
            agrees(&[a]);
            for b in 0..=255u8 {
                agrees(&[a, b]);
            }
        }
    }

    #[test]
    fn every_three_and_four_byte_sequence_from_the_boundary_bytes() {
        // Every byte that sits on a boundary of RFC 3629's table, and one
        // inside each range: all combinations of three and four of them.
        let edges: Vec<u8> = vec![
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xD0, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ];
        for &a in &edges {
            for &b in &edges {
                for &c in &edges {
                    agrees(&[a, b, c]);
                    for &d in &edges {
                        agrees(&[a, b, c, d]);
                    }
                }
            }
        }
    }

    #[test]
    fn text_around_the_ascii_skip_and_the_64_byte_switch() {
        let chars = [
            "a",
            "é",
            "北",
            "😀",
            "\u{7ff}",
            "\u{800}",
            "\u{ffff}",
            "\u{10ffff}",
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for len in 0..80 {
            for _ in 0..10 {
                let mut text = String::new();
                while text.len() < len {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    text.push_str(chars[(seed % chars.len() as u64) as usize]);
                }
                let bytes = text.into_bytes();
                agrees(&bytes);
                // Every single-byte corruption and truncation of it.
                for i in 0..bytes.len() {
                    agrees(&bytes[..i]);
                    for bad in [0x80, 0xBF, 0xC0, 0xED, 0xF8, 0xFF] {
                        let mut broken = bytes.clone();
                        broken[i] = bad;
                        agrees(&broken);
                    }
                }
            }
        }
    }
}
