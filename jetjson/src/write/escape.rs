//! String escaping: runs of plain bytes are copied whole (found with the SIMD
//! scanner), the rest goes through one table.

use crate::simd;

const BB: u8 = b'b'; // \x08
const TT: u8 = b't'; // \x09
const NN: u8 = b'n'; // \x0A
const FF: u8 = b'f'; // \x0C
const RR: u8 = b'r'; // \x0D
const QU: u8 = b'"'; // \x22
const BS: u8 = b'\\'; // \x5C
const UU: u8 = b'u'; // \x00...\x1F except the ones above
const __: u8 = 0;

/// How each byte is escaped: 0 means "as is", `u` means `\u00XX`, anything
/// else is the letter after the backslash. Rows are the high nibble.
#[rustfmt::skip]
static ESCAPE: [u8; 256] = [
    //   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F
    UU, UU, UU, UU, UU, UU, UU, UU, BB, TT, NN, UU, FF, RR, UU, UU, // 0
    UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, // 1
    __, __, QU, __, __, __, __, __, __, __, __, __, __, __, __, __, // 2
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 3
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 4
    __, __, __, __, __, __, __, __, __, __, __, __, BS, __, __, __, // 5
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 6
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 7
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 8
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 9
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // A
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // B
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // C
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // D
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // E
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // F
];

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `bytes` (UTF-8) to `out` as a quoted JSON string.
#[inline]
pub(crate) fn write_escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    // Short strings are the common case (keys, names): two word tests beat
    // setting up the vector scan.
    if bytes.len() <= 16 && !short_needs_escape(bytes) {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    write_escaped_slow(out, bytes);
    out.push(b'"');
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Whether any byte of the word needs an escape: `"`, `\` or below 0x20.
/// Each term is the classic "has a byte below n" test, exact for n ≤ 128.
#[inline(always)]
fn word_needs_escape(x: u64) -> bool {
    let below = |x: u64, n: u8| x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH;
    (below(x ^ (ONES * u64::from(b'"')), 1)
        | below(x ^ (ONES * u64::from(b'\\')), 1)
        | below(x, 0x20))
        != 0
}

/// Whether a string of at most 16 bytes holds a byte that needs an escape:
/// its first and last eight bytes (overlapping when shorter than 16), or
/// for fewer than eight each byte.
#[inline(always)]
fn short_needs_escape(bytes: &[u8]) -> bool {
    let n = bytes.len();
    debug_assert!(n <= 16);
    if n >= 8 {
        let mut a = [0u8; 8];
        let mut b = [0u8; 8];
        a.copy_from_slice(&bytes[..8]);
        b.copy_from_slice(&bytes[n - 8..]);
        word_needs_escape(u64::from_le_bytes(a)) || word_needs_escape(u64::from_le_bytes(b))
    } else {
        // Too short for a word: the table, byte by byte.
        bytes.iter().any(|&b| ESCAPE[b as usize] != 0)
    }
}

fn write_escaped_slow(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut start = 0;
    while start < bytes.len() {
        let stop = simd::find_special(bytes, start);
        out.extend_from_slice(&bytes[start..stop]);
        if stop == bytes.len() {
            break;
        }
        let b = bytes[stop];
        match ESCAPE[b as usize] {
            UU => out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[(b >> 4) as usize],
                HEX[(b & 0xf) as usize],
            ]),
            letter => out.extend_from_slice(&[b'\\', letter]),
        }
        start = stop + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &str) -> String {
        let mut out = Vec::new();
        write_escaped(&mut out, s.as_bytes());
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn table_agrees_with_the_scanner() {
        for b in 0..=255u8 {
            assert_eq!(ESCAPE[b as usize] != 0, simd::is_special(b), "byte {b:#x}");
        }
    }

    #[test]
    fn the_short_test_agrees_with_the_table() {
        // Every length up to 16, each byte value at each position, the rest
        // plain (and non-ASCII, which never needs an escape).
        for len in 0..=16usize {
            for fill in [b'a', 0xe4] {
                for at in 0..len {
                    for b in 0..=255u8 {
                        let mut v = vec![fill; len];
                        v[at] = b;
                        let want = v.iter().any(|&b| ESCAPE[b as usize] != 0);
                        assert_eq!(short_needs_escape(&v), want, "{v:?}");
                    }
                }
                assert!(!short_needs_escape(&vec![fill; len]));
            }
        }
    }

    #[test]
    fn escapes_like_serde_json() {
        let cases = [
            "",
            "plain",
            "quote \" and backslash \\",
            "\u{0}\u{1}\u{8}\t\n\u{b}\u{c}\r\u{1f} ",
            "ünïcödé stays raw: 搜索工程师 🎉",
            "\u{7f} is not escaped",
            "a long string with a \"quote\" far past the first sixteen bytes \\ and more \n",
        ];
        for case in cases {
            assert_eq!(esc(case), serde_json::to_string(case).unwrap(), "{case:?}");
        }
    }
}
