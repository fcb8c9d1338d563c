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
    // Short strings are the common case (keys, names): four word tests and
    // fixed-size moves beat setting up the vector scan and calling memcpy.
    if bytes.len() <= SHORT && !short_needs_escape(bytes) {
        let at = out.len();
        // `"` + room for the string + the closing `"`, all quotes: the copy
        // overwrites the middle and the cut leaves the quote after it.
        out.extend_from_slice(&[b'"'; SHORT + 2]);
        copy_short(&mut out[at + 1..at + 1 + SHORT], bytes);
        out.truncate(at + bytes.len() + 2);
        return;
    }
    write_escaped_long(out, bytes);
}

/// [`write_escaped`] then `:`, for an object key; with `COMMA`, a `,` before
/// it in the same store (a struct field after the first, as the serde bridge
/// writes it). `COMMA` is a constant, so each caller gets straight-line code.
#[inline]
pub(crate) fn write_escaped_key<const COMMA: bool>(out: &mut Vec<u8>, bytes: &[u8]) {
    let lead = usize::from(COMMA);
    if bytes.len() <= SHORT && !short_key_needs_escape(bytes) {
        let at = out.len();
        out.extend_from_slice(&[b'"'; SHORT + 4]);
        out[at] = if COMMA { b',' } else { b'"' };
        copy_short(&mut out[at + lead + 1..at + lead + 1 + SHORT], bytes);
        out[at + lead + bytes.len() + 2] = b':';
        out.truncate(at + lead + bytes.len() + 3);
        return;
    }
    if COMMA {
        out.push(b',');
    }
    write_escaped_long(out, bytes);
    out.push(b':');
}

/// Appends `bytes` (at most [`SHORT`]) with fixed-size moves: a number's
/// digits, whose length varies, would otherwise cost a call to memcpy.
#[inline(always)]
pub(crate) fn extend_short(out: &mut Vec<u8>, bytes: &[u8]) {
    debug_assert!(bytes.len() <= SHORT);
    let at = out.len();
    out.extend_from_slice(&[0; SHORT]);
    copy_short(&mut out[at..], bytes);
    out.truncate(at + bytes.len());
}

/// The longest run the short paths take: two 16-byte moves.
pub(crate) const SHORT: usize = 32;

/// Copies `src` (at most [`SHORT`] bytes) to the front of `dst` with at most
/// two overlapping moves of one fixed size.
#[inline(always)]
fn copy_short(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    debug_assert!(n <= SHORT && dst.len() >= n);
    if n >= 16 {
        dst[..16].copy_from_slice(&src[..16]);
        dst[n - 16..n].copy_from_slice(&src[n - 16..]);
    } else if n >= 8 {
        dst[..8].copy_from_slice(&src[..8]);
        dst[n - 8..n].copy_from_slice(&src[n - 8..]);
    } else if n >= 4 {
        dst[..4].copy_from_slice(&src[..4]);
        dst[n - 4..n].copy_from_slice(&src[n - 4..]);
    } else if n > 0 {
        // One to three bytes: first, middle and last cover them all.
        dst[0] = src[0];
        dst[n / 2] = src[n / 2];
        dst[n - 1] = src[n - 1];
    }
}

#[cold]
#[inline(never)]
fn write_escaped_long(out: &mut Vec<u8>, bytes: &[u8]) {
    out.reserve(bytes.len() + 2);
    out.push(b'"');
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

/// The eight bytes at `at` as a word.
#[inline(always)]
fn word_at(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(w)
}

/// Whether a string of at most [`SHORT`] bytes holds a byte that needs an
/// escape: its words (the last ones overlapping the first when the length is
/// not a multiple of eight), or for fewer than eight bytes each byte.
#[inline(always)]
fn short_needs_escape(bytes: &[u8]) -> bool {
    let n = bytes.len();
    debug_assert!(n <= SHORT);
    if n >= 16 {
        word_needs_escape(word_at(bytes, 0))
            || word_needs_escape(word_at(bytes, 8))
            || word_needs_escape(word_at(bytes, n - 16))
            || word_needs_escape(word_at(bytes, n - 8))
    } else if n >= 8 {
        word_needs_escape(word_at(bytes, 0)) || word_needs_escape(word_at(bytes, n - 8))
    } else {
        // Too short for a word: the table, byte by byte.
        bytes.iter().any(|&b| ESCAPE[b as usize] != 0)
    }
}

/// [`short_needs_escape`] for object keys, without its byte loop for four to
/// seven bytes: there one word of the string's own bytes (two overlapping
/// halves) gives the loop's answer without an exit that mispredicts as key
/// lengths vary. Only keys take it: in a value's write it made the typed
/// writer slower (signal_timing jj_enc 1.66 -> 1.78 s), through the inlining
/// around it rather than the test itself; below four bytes the loop measured
/// faster than building a word.
#[inline(always)]
fn short_key_needs_escape(bytes: &[u8]) -> bool {
    let n = bytes.len();
    if !(4..8).contains(&n) {
        return short_needs_escape(bytes);
    }
    let half = |at: usize| {
        let mut w = [0u8; 4];
        w.copy_from_slice(&bytes[at..at + 4]);
        u64::from(u32::from_le_bytes(w))
    };
    word_needs_escape(half(0) | half(n - 4) << 32)
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
        // Every length up to SHORT, each byte value at each position, the rest
        // plain (and non-ASCII, which never needs an escape).
        for len in 0..=SHORT {
            for fill in [b'a', 0xe4] {
                for at in 0..len {
                    for b in 0..=255u8 {
                        let mut v = vec![fill; len];
                        v[at] = b;
                        let want = v.iter().any(|&b| ESCAPE[b as usize] != 0);
                        assert_eq!(short_needs_escape(&v), want, "{v:?}");
                        assert_eq!(short_key_needs_escape(&v), want, "{v:?}");
                    }
                }
                assert!(!short_needs_escape(&vec![fill; len]));
                assert!(!short_key_needs_escape(&vec![fill; len]));
            }
        }
    }

    #[test]
    fn every_short_length_is_copied_whole() {
        // Each length around the move sizes (0..=3, 4, 8, 16, 32 and past
        // SHORT), distinct bytes so that a misplaced move shows, after a
        // prefix of every length so that the copy starts anywhere.
        let text: String = ('a'..='z').chain('A'..='Z').collect();
        for len in 0..=SHORT + 8 {
            let s = &text[..len];
            for prefix in 0..3 {
                let mut out = vec![b'#'; prefix];
                write_escaped(&mut out, s.as_bytes());
                assert_eq!(out[prefix..], *format!("\"{s}\"").as_bytes(), "len {len}");
                out.truncate(prefix);
                write_escaped_key::<false>(&mut out, s.as_bytes());
                assert_eq!(out[prefix..], *format!("\"{s}\":").as_bytes(), "len {len}");
                out.truncate(prefix);
                write_escaped_key::<true>(&mut out, s.as_bytes());
                assert_eq!(out[prefix..], *format!(",\"{s}\":").as_bytes(), "len {len}");
            }
        }
    }

    #[test]
    fn keys_escape_like_strings() {
        for case in [
            "",
            "id",
            "a\"b",
            "tab\there",
            "ключ",
            "0123456789abcdef0123456789abcdef\n",
        ] {
            let mut key = Vec::new();
            write_escaped_key::<false>(&mut key, case.as_bytes());
            let want = format!("{}:", serde_json::to_string(case).unwrap());
            assert_eq!(key, want.as_bytes(), "{case:?}");
            key.clear();
            write_escaped_key::<true>(&mut key, case.as_bytes());
            assert_eq!(key, format!(",{want}").as_bytes(), "{case:?}");
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
