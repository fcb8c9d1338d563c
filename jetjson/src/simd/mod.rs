//! The one byte-scanning kernel that strings need, in every width this CPU
//! offers: find the next byte that ends a plain run of string text — `"`,
//! `\` or a control byte below 0x20 — and tell whether the run held any
//! non-ASCII byte (so UTF-8 validation can be skipped for pure ASCII).
//!
//! The reader uses it to find where a string ends or its next escape starts,
//! the writer to find the next byte that needs escaping. The backend is picked
//! once per process from the CPU's features; `JETJSON_SIMD=scalar|sse2|avx2`
//! forces one (the test suite runs every backend on the same cases).

mod scalar;
#[cfg(target_arch = "x86_64")]
mod x86;

use std::sync::atomic::{AtomicU8, Ordering};

/// The result of a scan: the index of the stopping byte (or the slice length)
/// and whether any byte from the start up to it was ≥ 0x80. The flag may be set
/// by a non-ASCII byte shortly after the stop; it only ever causes a needless
/// validation, never a missed one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scan {
    /// Index of the first `"`, `\` or byte < 0x20 at or after `start`; `len` if none.
    pub stop: usize,
    /// Whether a byte ≥ 0x80 was seen on the way.
    pub non_ascii: bool,
}

/// The scanning backends, fastest last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Backend {
    /// Eight bytes at a time in a `u64`; runs everywhere.
    Scalar = 1,
    /// Sixteen bytes at a time (every x86_64 CPU has SSE2).
    #[cfg(target_arch = "x86_64")]
    Sse2 = 2,
    /// Thirty-two bytes at a time, when the CPU reports AVX2. Only this crate
    /// can make this value (`#[non_exhaustive]`), and only after checking the
    /// CPU: [`Backend::scan`] relies on it.
    #[cfg(target_arch = "x86_64")]
    #[non_exhaustive]
    Avx2 = 3,
}

static BACKEND: AtomicU8 = AtomicU8::new(0);

impl Backend {
    /// The backend this process uses, detected on first call and cached.
    #[inline]
    pub fn current() -> Backend {
        match BACKEND.load(Ordering::Relaxed) {
            1 => Backend::Scalar,
            #[cfg(target_arch = "x86_64")]
            2 => Backend::Sse2,
            #[cfg(target_arch = "x86_64")]
            3 => Backend::Avx2,
            _ => Backend::detect(),
        }
    }

    /// The backend already chosen, without choosing one: `None` before the
    /// first [`current`](Self::current). For leaf functions, which must
    /// make no call.
    #[inline(always)]
    fn chosen() -> Option<Backend> {
        match BACKEND.load(Ordering::Relaxed) {
            1 => Some(Backend::Scalar),
            #[cfg(target_arch = "x86_64")]
            2 => Some(Backend::Sse2),
            #[cfg(target_arch = "x86_64")]
            3 => Some(Backend::Avx2),
            _ => None,
        }
    }

    #[cold]
    fn detect() -> Backend {
        let forced = std::env::var("JETJSON_SIMD").ok();
        let backend = match forced.as_deref() {
            Some("scalar") => Backend::Scalar,
            #[cfg(target_arch = "x86_64")]
            Some("sse2") => Backend::Sse2,
            _ => Backend::best(),
        };
        BACKEND.store(backend as u8, Ordering::Relaxed);
        backend
    }

    /// The fastest backend this CPU supports.
    pub fn best() -> Backend {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                return Backend::Avx2;
            }
            Backend::Sse2
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Backend::Scalar
        }
    }

    /// Every backend this CPU can run, for tests.
    pub fn available() -> Vec<Backend> {
        let mut all = vec![Backend::Scalar];
        #[cfg(target_arch = "x86_64")]
        {
            all.push(Backend::Sse2);
            if std::arch::is_x86_feature_detected!("avx2") {
                all.push(Backend::Avx2);
            }
        }
        all
    }

    /// Scans `bytes` from `start` with this backend.
    #[inline]
    pub fn scan(self, bytes: &[u8], start: usize) -> Scan {
        match self {
            Backend::Scalar => scalar::scan(bytes, start),
            #[cfg(target_arch = "x86_64")]
            Backend::Sse2 => x86::scan_sse2(bytes, start),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Avx2` is `#[non_exhaustive]`, so no other crate can make
            // it, and this crate makes it only after
            // `is_x86_feature_detected!("avx2")` returned true (in `best`,
            // `available`, and `current` via the cache `best` filled), so the
            // CPU runs AVX2 code.
            Backend::Avx2 => unsafe { x86::scan_avx2(bytes, start) },
        }
    }
}

/// Scans `bytes` from `start` with the process's backend. See [`Scan`].
#[inline]
pub fn scan(bytes: &[u8], start: usize) -> Scan {
    Backend::current().scan(bytes, start)
}

/// [`scan`] for a stop within the next sixteen bytes, in a few inline
/// instructions (one SSE2 block on x86_64, two words on the portable
/// backend); `None` when the stop is further or fewer than sixteen bytes are
/// left, and the caller then calls [`scan`].
#[inline(always)]
pub(crate) fn scan_short(bytes: &[u8], start: usize) -> Option<Scan> {
    #[cfg(target_arch = "x86_64")]
    {
        if Backend::current() != Backend::Scalar {
            return x86::scan_short_sse2(bytes, start);
        }
    }
    scalar::scan_short(bytes, start)
}

/// Which of the 64 bytes at `bytes[start..]` are not JSON whitespace: bit
/// `k` is set when `bytes[start + k]` is none of space, `\n`, `\r`, `\t`.
/// The reader keeps the last block's mask, so the next run of whitespace in
/// the same 64 bytes (pretty-printed input: a line break and indentation
/// every line) is skipped with a shift and a bit count, no load. `None`
/// when fewer than 64 bytes are left.
#[inline]
pub(crate) fn non_whitespace_mask64(bytes: &[u8], start: usize) -> Option<u64> {
    let block: &[u8; 64] = bytes.get(start..start.checked_add(64)?)?.try_into().ok()?;
    Some(match Backend::current() {
        Backend::Scalar => scalar::non_whitespace_mask64(block),
        #[cfg(target_arch = "x86_64")]
        Backend::Sse2 => x86::non_whitespace_mask64_sse2(block),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `Backend::scan`, `Avx2` exists only after the CPU
        // reported AVX2.
        Backend::Avx2 => unsafe { x86::non_whitespace_mask64_avx2(block) },
    })
}

/// Which of the 32 bytes at `bytes[start..]` are ASCII digits: bit `k` is
/// set when `bytes[start + k]` is `0`..=`9`. One mask gives a number's
/// integer digits, its `.` and its fraction digits at once, so where the
/// number ends does not wait on one digit count after another. `None` when
/// fewer than 32 bytes are left (the caller reads word by word).
#[inline(always)]
pub(crate) fn digit_mask32(bytes: &[u8], start: usize) -> Option<u32> {
    let block: &[u8; 32] = bytes.get(start..start.checked_add(32)?)?.try_into().ok()?;
    #[cfg(target_arch = "x86_64")]
    {
        if Backend::current() != Backend::Scalar {
            return Some(x86::digit_mask32_sse2(block));
        }
    }
    Some(scalar::digit_mask32(block))
}

/// Two masks of the 32 bytes at `bytes[start..]`: the ASCII digits, and the
/// bytes a plain number is made of (`-`, `.`, `/` and the digits, the one
/// range `0x2D..=0x39`; `/` is never valid and is told apart afterwards).
/// Where a number starting at `start` ends is then one bit count of the
/// second mask, from one load at the number's first byte, and its sign, `.`
/// and digit counts are checked beside it instead of before it. `None` when
/// fewer than 32 bytes are left.
#[inline(always)]
pub(crate) fn number_masks32(bytes: &[u8], start: usize) -> Option<(u32, u32)> {
    let block: &[u8; 32] = bytes.get(start..start.checked_add(32)?)?.try_into().ok()?;
    #[cfg(target_arch = "x86_64")]
    {
        if Backend::current() != Backend::Scalar {
            return Some(x86::number_masks32_sse2(block));
        }
    }
    Some(scalar::number_masks32(block))
}

/// How many of the 32 bytes at `bytes[start..]` are spaces before the first
/// other byte (32 when all are): the indentation after a line break, in one
/// compare per 16 bytes on x86_64 (SSE2 is its baseline) or a word at a time
/// elsewhere. `None` when fewer than 32 bytes are left.
#[inline(always)]
pub(crate) fn leading_spaces32(bytes: &[u8], start: usize) -> Option<u32> {
    let block: &[u8; 32] = bytes.get(start..start.checked_add(32)?)?.try_into().ok()?;
    #[cfg(target_arch = "x86_64")]
    {
        if Backend::current() != Backend::Scalar {
            return Some(x86::leading_spaces32_sse2(block));
        }
    }
    Some(scalar::leading_spaces32(block))
}

/// [`leading_spaces32`] for a leaf function: `None` also when no backend
/// was chosen yet (the caller's slow path then chooses one), so it makes no
/// call.
#[inline(always)]
pub(crate) fn leading_spaces32_leaf(bytes: &[u8], start: usize) -> Option<u32> {
    let block: &[u8; 32] = bytes.get(start..start.checked_add(32)?)?.try_into().ok()?;
    match Backend::chosen()? {
        Backend::Scalar => Some(scalar::leading_spaces32(block)),
        #[cfg(target_arch = "x86_64")]
        _ => Some(x86::leading_spaces32_sse2(block)),
    }
}

/// The index of the first byte at or after `start` that needs escaping
/// (`"`, `\\` or below 0x20), or `bytes.len()`: [`scan`] without the
/// non-ASCII flag, for the writer, whose slices are whole strings (so the
/// last block can overlap the one before).
#[inline]
pub(crate) fn find_special(bytes: &[u8], start: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if Backend::current() != Backend::Scalar {
            return x86::find_special_sse2(bytes, start);
        }
    }
    scalar::find_special(bytes, start)
}

/// The index of the first byte at or after `start` that is not JSON
/// whitespace (space, `\n`, `\r`, `\t`), or `bytes.len()`. Runs of
/// indentation are common in pretty-printed input, so this looks at 32 (AVX2),
/// 16 (SSE2) or 8 (portable) bytes per step.
#[inline]
pub fn skip_whitespace(bytes: &[u8], start: usize) -> usize {
    match Backend::current() {
        Backend::Scalar => scalar::skip_whitespace(bytes, start),
        #[cfg(target_arch = "x86_64")]
        Backend::Sse2 => x86::skip_whitespace_sse2(bytes, start),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `Backend::scan`, `Avx2` exists only after the CPU
        // reported AVX2.
        Backend::Avx2 => unsafe { x86::skip_whitespace_avx2(bytes, start) },
    }
}

/// Whether a byte is JSON whitespace.
#[inline(always)]
pub(crate) fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// Whether a byte stops a scan.
#[inline(always)]
pub(crate) fn is_special(b: u8) -> bool {
    b == b'"' || b == b'\\' || b < 0x20
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every whitespace-mask kernel against a byte loop: every byte value
    /// at every place, among spaces and among other bytes.
    #[test]
    fn non_whitespace_mask64_marks_exactly_the_other_bytes() {
        let check = |block: &[u8; 64]| {
            let want = (0..64).fold(0u64, |m, k| m | u64::from(!is_whitespace(block[k])) << k);
            assert_eq!(scalar::non_whitespace_mask64(block), want, "{block:?}");
            #[cfg(target_arch = "x86_64")]
            {
                assert_eq!(x86::non_whitespace_mask64_sse2(block), want, "{block:?}");
                if std::is_x86_feature_detected!("avx2") {
                    // SAFETY: AVX2 was just detected.
                    assert_eq!(unsafe { x86::non_whitespace_mask64_avx2(block) }, want);
                }
            }
            assert_eq!(non_whitespace_mask64(block, 0), Some(want));
        };
        for fill in [b' ', b'\n', b'a', 0x80, 0xFF] {
            for at in (0..64).step_by(7).chain([63]) {
                for b in 0..=255u8 {
                    let mut block = [fill; 64];
                    block[at] = b;
                    check(&block);
                }
            }
        }
        assert_eq!(non_whitespace_mask64(&[b' '; 63], 0), None);
    }

    /// Both kernels against a byte loop: every other byte at every place.
    #[test]
    fn leading_spaces32_counts_the_spaces_before_the_first_other_byte() {
        let check = |block: &[u8; 32]| {
            let want = block.iter().take_while(|&&b| b == b' ').count() as u32;
            assert_eq!(scalar::leading_spaces32(block), want, "{block:?}");
            #[cfg(target_arch = "x86_64")]
            assert_eq!(x86::leading_spaces32_sse2(block), want, "{block:?}");
            assert_eq!(leading_spaces32(block, 0), Some(want));
        };
        check(&[b' '; 32]);
        for at in 0..32 {
            for b in (0..=255u8).filter(|&b| b != b' ') {
                let mut block = [b' '; 32];
                block[at] = b;
                check(&block);
                // Bytes after the first other one do not count.
                block[31] = b'\n';
                check(&block);
            }
        }
        assert_eq!(leading_spaces32(&[b' '; 31], 0), None);
        assert_eq!(leading_spaces32(&[b' '; 40], 9), None);
        assert_eq!(leading_spaces32(&[b' '; 40], 8), Some(32));
    }

    /// Both digit-mask kernels against a byte loop: every byte value at
    /// every place, among digits and among non-digits.
    #[test]
    fn digit_mask32_marks_exactly_the_digits() {
        let check = |block: &[u8; 32]| {
            let want = (0..32).fold(0u32, |m, k| m | u32::from(block[k].is_ascii_digit()) << k);
            assert_eq!(scalar::digit_mask32(block), want, "{block:?}");
            #[cfg(target_arch = "x86_64")]
            assert_eq!(x86::digit_mask32_sse2(block), want, "{block:?}");
            assert_eq!(digit_mask32(block, 0), Some(want));
        };
        for fill in [b'5', b'.', 0xCF, b'/', b':', 0xFF] {
            for at in 0..32 {
                for b in 0..=255u8 {
                    let mut block = [fill; 32];
                    block[at] = b;
                    check(&block);
                }
            }
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            let mut block = [0u8; 32];
            for b in &mut block {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly digits, some of every other byte.
                *b = if x % 3 == 0 {
                    (x >> 8) as u8
                } else {
                    b'0' + (x >> 8) as u8 % 10
                };
            }
            check(&block);
        }
        assert_eq!(digit_mask32(&[b'1'; 31], 0), None);
        assert_eq!(digit_mask32(&[b'1'; 40], 9), None);
    }

    /// Both number-mask kernels against a byte loop: every byte value at
    /// every place, among digits and among other bytes.
    #[test]
    fn number_masks32_mark_the_digits_and_the_number_bytes() {
        let check = |block: &[u8; 32]| {
            let mask =
                |f: fn(u8) -> bool| (0..32).fold(0u32, |m, k| m | u32::from(f(block[k])) << k);
            let want = (
                mask(|b| b.is_ascii_digit()),
                mask(|b| matches!(b, b'-' | b'.' | b'/' | b'0'..=b'9')),
            );
            assert_eq!(scalar::number_masks32(block), want, "{block:?}");
            #[cfg(target_arch = "x86_64")]
            assert_eq!(x86::number_masks32_sse2(block), want, "{block:?}");
            assert_eq!(number_masks32(block, 0), Some(want));
        };
        for fill in [b'5', b'.', b'-', 0xAD, 0xB9, b',', b':', 0xFF, 0] {
            for at in crate::testing::places_to_try(32) {
                for b in crate::testing::bytes_to_try() {
                    let mut block = [fill; 32];
                    block[at] = b;
                    check(&block);
                }
            }
        }
        assert_eq!(number_masks32(&[b'1'; 31], 0), None);
        assert_eq!(number_masks32(&[b'1'; 40], 9), None);
    }

    fn reference(bytes: &[u8], start: usize) -> usize {
        bytes[start..]
            .iter()
            .position(|&b| is_special(b))
            .map_or(bytes.len(), |p| p + start)
    }

    fn cases() -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        // Every length up to 100 with the special byte at every position and
        // every kind of special byte, with and without non-ASCII before it.
        for len in 0..100usize {
            out.push(vec![b'a'; len]);
            for at in 0..len {
                for special in [b'"', b'\\', 0x00, 0x1f, b'\n'] {
                    let mut v = vec![b'x'; len];
                    v[at] = special;
                    out.push(v.clone());
                    if at > 0 {
                        v[at - 1] = 0xc3;
                        out.push(v);
                    }
                }
            }
        }
        // Bytes around the thresholds that must not stop the scan.
        out.push([0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f, 0x80, 0xff, 0xe2, 0x9c].repeat(9));
        out
    }

    #[test]
    fn whitespace_skipping_matches_the_reference_on_every_backend() {
        let reference = |bytes: &[u8], start: usize| {
            bytes[start..]
                .iter()
                .position(|&b| !is_whitespace(b))
                .map_or(bytes.len(), |p| p + start)
        };
        let mut cases: Vec<Vec<u8>> = Vec::new();
        for len in 0..70usize {
            for stop in [
                b'"', b'{', b'!', 0x00, 0x0b, 0x0c, 0x1f, 0x21, 0x80, 0xff, b'a',
                // Bytes that share a whitespace byte's low nibble, for the
                // AVX2 table lookup, and whitespace amid a run of spaces.
                0x10, 0x19, 0x1a, 0x1d, 0x29, 0x2a, 0x2d, 0x30, 0x89, 0x8a, 0x8d, 0xa0, b'\t',
                b'\n', b'\r',
            ] {
                for at in 0..=len {
                    // Mixed whitespace, and indentation: spaces only.
                    for mixed in [true, false] {
                        let mut v: Vec<u8> = (0..len)
                            .map(|i| {
                                if mixed {
                                    [b' ', b'\n', b'\r', b'\t'][i % 4]
                                } else {
                                    b' '
                                }
                            })
                            .collect();
                        if at < len {
                            v[at] = stop;
                        }
                        cases.push(v);
                    }
                }
            }
        }
        for case in &cases {
            for start in [0, 1, 5].into_iter().filter(|&s| s <= case.len()) {
                let want = reference(case, start);
                assert_eq!(
                    scalar::skip_whitespace(case, start),
                    want,
                    "scalar {case:?}"
                );
                #[cfg(target_arch = "x86_64")]
                assert_eq!(
                    x86::skip_whitespace_sse2(case, start),
                    want,
                    "sse2 {case:?}"
                );
                #[cfg(target_arch = "x86_64")]
                if Backend::available().contains(&Backend::Avx2) {
                    // SAFETY: the CPU reported AVX2.
                    let got = unsafe { x86::skip_whitespace_avx2(case, start) };
                    assert_eq!(got, want, "avx2 {case:?}");
                }
            }
        }
    }

    #[test]
    fn the_writers_scan_matches_the_reference() {
        for case in cases() {
            for start in [0, 1, 3, 8, 15, 16, 17, 31, 33]
                .into_iter()
                .filter(|&s| s <= case.len())
            {
                let want = reference(&case, start);
                assert_eq!(
                    scalar::find_special(&case, start),
                    want,
                    "scalar {case:?} {start}"
                );
                #[cfg(target_arch = "x86_64")]
                assert_eq!(
                    x86::find_special_sse2(&case, start),
                    want,
                    "sse2 {case:?} {start}"
                );
            }
        }
    }

    #[test]
    fn the_short_scan_finds_a_stop_in_sixteen_bytes_or_declines() {
        for case in cases() {
            for start in [0, 1, 3, 8, 15, 17]
                .into_iter()
                .filter(|&s| s <= case.len())
            {
                let want = reference(&case, start);
                let mut got = vec![scalar::scan_short(&case, start)];
                #[cfg(target_arch = "x86_64")]
                got.push(x86::scan_short_sse2(&case, start));
                for got in got {
                    match got {
                        Some(got) => {
                            assert_eq!(got.stop, want, "{case:?} from {start}");
                            let high = case[start..want].iter().any(|&b| b >= 0x80);
                            // Exact here: only the bytes before the stop count.
                            assert_eq!(got.non_ascii, high, "{case:?} from {start}");
                        }
                        None => assert!(
                            case.len() - start < 16 || want >= start + 16,
                            "declined {case:?} from {start}"
                        ),
                    }
                }
            }
        }
    }

    #[test]
    fn every_backend_matches_the_reference() {
        for backend in Backend::available() {
            for case in cases() {
                for start in [0, 1, 3, 17].into_iter().filter(|&s| s <= case.len()) {
                    let got = backend.scan(&case, start);
                    let want = reference(&case, start);
                    assert_eq!(got.stop, want, "{backend:?} on {case:?} from {start}");
                    let has_high = case[start..want].iter().any(|&b| b >= 0x80);
                    if has_high {
                        assert!(got.non_ascii, "{backend:?} missed non-ASCII in {case:?}");
                    }
                }
            }
        }
    }
}
